"""Character sheets of the five systems: what each holds, how an edit is read and checked,
and the values computed from it (never typed).

A sheet is plain data (the ``sheet`` table of a character in campaign.toml). This module
describes it as sections of :class:`Field` so that one screen can show and edit any
system's sheet, and every edit is read here, with the rules' limits, before it is saved:

- ``number``: a whole number at a key (``karma``, ``stats.force``), between bounds, which
  may be another field's value (current PV ≤ maximum PV);
- ``text``: free text (race, class, affiliation);
- ``named``: a table of name → number (elements and their scores, traits in dice,
  SYSTEMJ skills), with fixed names always shown and, when ``open``, names added;
- ``described``: a table of name → one line of text (what an element is typical for);
- ``bonuses``: Les Traits' equipment, name → Parade and Endurance bonuses;
- ``entries``: a list of lines in a notation (Sphérier skills and abilities, talents);
- ``cards``: a SYSTEMJ hand (:mod:`meneur.core.systemj_cards`).

Labels are term keys (``content/terms.toml``): the interface shows the French term with
its English gloss.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import BoundsError, RulesError

# Each system's rules module is imported by the functions of that system only: the table
# draws one system's compact sheet at start-up and should not load the other four.

MAX_NAME = 60
"""Longest name of an element, a trait or a skill."""
MAX_TEXT = 200
"""Longest free text on a sheet line."""


class Kind(StrEnum):
    """How a field is shown and edited (see the module's docstring)."""

    NUMBER = "number"
    TEXT = "text"
    NAMED = "named"
    DESCRIBED = "described"
    BONUSES = "bonuses"
    ENTRIES = "entries"
    CARDS = "cards"


@dataclass(frozen=True)
class Field:
    """One thing a sheet holds.

    Attributes:
        key: where it is in the sheet, dotted (``stats.force``).
        kind: see :class:`Kind`.
        term: its label's term key.
        minimum: the least a number may be (a number, or another field's key).
        maximum: the most a number may be (likewise).
        default: its value when the sheet does not say.
        names: ``named``: the names always shown (the ten generic skills).
        open: ``named``: whether other names may be added.
        parser: ``entries``: how a line is read (``spherier.skill``, ``talent``…).
        compact: shown on the table's compact panel.
    """

    key: str
    kind: Kind
    term: str
    minimum: int | str | None = None
    maximum: int | str | None = None
    default: Any = None
    names: tuple[str, ...] = ()
    open: bool = True
    parser: str = ""
    compact: bool = False

    @property
    def path(self) -> tuple[str, ...]:
        """The key as a path inside the sheet."""
        return tuple(self.key.split("."))

    def read(self, sheet: Mapping[str, Any]) -> Any:
        """The field's value on ``sheet`` (its default when missing)."""
        value: Any = sheet
        for part in self.path:
            if not isinstance(value, Mapping) or part not in value:
                return self.default
            value = value[part]
        return value

    def bounds(self, sheet: Mapping[str, Any]) -> tuple[int | None, int | None]:
        """The number's bounds on ``sheet`` (a bound naming a field reads it)."""
        return _bound(self.minimum, sheet), _bound(self.maximum, sheet)


def _bound(bound: int | str | None, sheet: Mapping[str, Any]) -> int | None:
    if isinstance(bound, str):
        value = value_of(sheet, bound)
        return value if isinstance(value, int) else None
    return bound


def value_of(sheet: Mapping[str, Any], key: str) -> Any:
    """The value at dotted ``key`` on ``sheet``, or None."""
    value: Any = sheet
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return None
        value = value[part]
    return value


@dataclass(frozen=True)
class Section:
    """A group of fields under a heading (a term key)."""

    term: str
    fields: tuple[Field, ...]


# --- Reading an edit -------------------------------------------------------------------


def check_number(field: Field, value: int, sheet: Mapping[str, Any]) -> int:
    """``value`` if the field may hold it on ``sheet``.

    Raises:
        BoundsError: naming the field and its bounds.
    """
    low, high = field.bounds(sheet)
    if (low is not None and value < low) or (high is not None and value > high):
        raise BoundsError(field.key, low, high, value)
    return value


def parse_int(text: str, what: str) -> int:
    """A whole number typed as ``12``, ``+3`` or ``-2``.

    Raises:
        RulesError: naming ``what`` for anything else.
    """
    stripped = text.strip()
    digits = stripped.lstrip("+-")
    if (
        not digits
        or not digits.isdecimal()
        or not digits.isascii()
        or len(digits) > 9
        or len(stripped) - len(digits) > 1
    ):
        raise not_a_number(what, stripped)
    return int(stripped)


def field_error(what: str, reason: str, key: str, **values: object) -> RulesError:
    """The error for a value refused on a sheet: ``what`` is its sheet key (the message
    names it; an interface shows its label), ``key`` the message's key under ``sheet.``."""
    return RulesError(f"{what}: {reason}", message_key=f"sheet.{key}", field=what, **values)


def not_a_number(what: str, value: object) -> RulesError:
    """The error for a value that should be a whole number (``what`` is a sheet key)."""
    if isinstance(value, str) and not value.strip():
        return field_error(what, "a whole number is needed", "number_needed")
    shown = value.strip() if isinstance(value, str) else value
    return field_error(what, f"expected a whole number, not {shown!r}", "not_a_number", value=shown)


def parse_number(field: Field, text: str, sheet: Mapping[str, Any]) -> int:
    """A number typed for ``field``, checked against its bounds on ``sheet``.

    Raises:
        RulesError: naming the field.
    """
    return check_number(field, parse_int(text, field.key), sheet)


def parse_text(field: Field, text: str) -> str:
    """Free text for ``field`` (one line, at most :data:`MAX_TEXT` characters).

    Raises:
        RulesError: for an overlong or multi-line text.
    """
    if len(text) > MAX_TEXT or "\n" in text:
        raise field_error(
            field.key, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
        )
    return text.strip()


_NAMED = re.compile(r"^(?P<name>.*?)\s*[:=]?\s*(?P<value>[+-]?\d+)\s*$", re.DOTALL)


def check_name(text: str, what: str) -> str:
    """A name for a table row: one line, not empty, at most :data:`MAX_NAME` characters.

    Raises:
        RulesError: naming ``what``.
    """
    name = text.strip()
    if not name or len(name) > MAX_NAME or "\n" in name or "." in name:
        raise field_error(
            what, f"a name of 1 to {MAX_NAME} characters, without a dot", "name_rule", most=MAX_NAME
        )
    return name


def parse_named(field: Field, text: str) -> tuple[str, int]:
    """A row typed as ``Arts martiaux 3`` (or ``Arts martiaux: 3``) for ``field``.

    Raises:
        RulesError: when the name or the number is missing or out of bounds.
    """
    found = _NAMED.match(text.strip())
    if found is None:
        raise field_error(
            field.key, "expected a name and a number (Arts martiaux 3)", "expected_named"
        )
    name = check_name(found["name"], field.key)
    value = parse_int(found["value"], f"{field.key}.{name}")
    return name, check_number(field, value, {})


def parse_described(field: Field, text: str) -> tuple[str, str]:
    """A row typed as ``Arts martiaux: combat à mains nues`` for ``field``.

    Raises:
        RulesError: when the name, the colon or the text is missing, or either is too long.
    """
    name, colon, rest = text.partition(":")
    if not colon or not rest.strip():
        raise field_error(
            field.key,
            "expected a name, ':' and a text (Arts martiaux: combat)",
            "expected_described",
        )
    described = rest.strip()
    if len(described) > MAX_TEXT or "\n" in described:
        raise field_error(
            field.key, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
        )
    return check_name(name, field.key), described


BONUS_KEYS = ("parade", "endurance")
"""What Les Traits' equipment adds to."""
MAX_BONUS = 20
"""The largest bonus (or malus) one piece of equipment gives."""


def parse_bonuses(field: Field, text: str) -> tuple[str, dict[str, int]]:
    """Equipment typed as ``Bouclier: parade +1`` or ``Armure: endurance 2, parade 1``.

    Raises:
        RulesError: for a missing name, an unknown bonus or a number out of ±20.
    """
    name, colon, rest = text.partition(":")
    if not colon:
        raise field_error(
            field.key, "expected a name, ':' and bonuses (Bouclier: parade +1)", "expected_bonuses"
        )
    name = check_name(name, field.key)
    bonuses: dict[str, int] = {}
    for part in rest.split(","):
        words = part.split()
        if len(words) != 2 or words[0].casefold() not in BONUS_KEYS:
            raise field_error(
                f"{field.key}.{name}", "expected parade n or endurance n", "bonus_kind"
            )
        value = parse_int(words[1], f"{field.key}.{name}.{words[0]}")
        if abs(value) > MAX_BONUS:
            raise BoundsError(f"{field.key}.{name}.{words[0]}", -MAX_BONUS, MAX_BONUS, value)
        bonuses[words[0].casefold()] = value
    return name, bonuses


def _parser(name: str) -> Callable[[str], Any]:
    """How an ``entries`` line is read (``spherier.skill``, ``spherier.ability``,
    ``talent``); each parser raises RulesError for what it refuses."""
    if name == "talent":
        return lambda text: check_name(text, "talents")
    from . import spherier_notation

    return {
        "spherier.skill": spherier_notation.parse_skill,
        "spherier.ability": spherier_notation.parse_ability,
    }[name]


def parse_entries(field: Field, text: str) -> list[str]:
    """Lines typed or pasted for ``field``, separated by new lines or ``;``, each read by
    the field's parser and given back as written on the sheet.

    Raises:
        RulesError: for the first line that does not read (its message says where).
    """
    lines = [line.strip() for line in re.split(r"[;\n]", text) if line.strip()]
    if not lines:
        raise field_error(field.key, "nothing to add", "nothing_to_add")
    parse = _parser(field.parser)
    shown: list[str] = []
    for line in lines:
        if len(line) > MAX_TEXT:
            raise field_error(
                field.key, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
            )
        read = parse(line)
        shown.append(read.notation if hasattr(read, "notation") else str(read))
    return shown


def parse_cards(text: str) -> list[dict[str, Any]]:
    """Cards typed or pasted (one per line or separated by ``;``), as sheet data.

    Raises:
        RulesError: for the first card that does not read.
    """
    lines = [line.strip() for line in re.split(r"[;\n]", text) if line.strip()]
    if not lines:
        raise RulesError("cards: nothing to add")
    from .systemj_cards import parse_card

    return [parse_card(line).to_data() for line in lines]


# --- Each system's sheet ---------------------------------------------------------------

CHARACTER_POINTS = Field("points", Kind.NUMBER, "sheet.points", 0, 99, 0, compact=True)
"""Résoudre une action's character points (the ``character_points`` option)."""


def resolution_layout(options: Mapping[str, Any]) -> tuple[Section, ...]:
    """Résoudre une action: elements, what they are typical for, and character points
    when the campaign uses them."""
    sections = [
        Section(
            "sheet.section.elements",
            (
                Field("elements", Kind.NAMED, "sheet.elements", 0, 10, {}, compact=True),
                Field("typical", Kind.DESCRIBED, "sheet.typical", default={}),
            ),
        )
    ]
    if options.get("character_points"):
        sections.append(Section("sheet.section.points", (CHARACTER_POINTS,)))
    return tuple(sections)


def _cosmos_stats(cap: int) -> tuple[Field, ...]:
    from .cosmos_creation import STATS

    return tuple(
        Field(f"stats.{stat}", Kind.NUMBER, f"cosmos.stat.{stat}", 20, cap, 50, compact=True)
        for stat in STATS
    )


MONEY = Field("money", Kind.NUMBER, "sheet.money", 0, 10**7, 0)
"""Great Cosmos money, in PO (the creation wizard checks it too)."""
AFFILIATION_LEVEL_MAX = 5
"""The highest affiliation level any affiliation may allow (RULES.md §3.6)."""


def cosmos_layout(
    options: Mapping[str, Any], level: int, affiliation_max: int = AFFILIATION_LEVEL_MAX
) -> tuple[Section, ...]:
    """The Great Cosmos sheet with the campaign's optional rules; ``affiliation_max`` is
    the character's affiliation's own highest level (from the catalogue)."""
    from .cosmos_levels import stat_cap

    gauges = [
        Field("pv", Kind.NUMBER, "sheet.pv", -999, "pv_max", 0, compact=True),
        Field("pv_max", Kind.NUMBER, "sheet.pv_max", 0, 9999, 0),
        Field("pm", Kind.NUMBER, "sheet.pm", 0, "pm_max", 0, compact=True),
        Field("pm_max", Kind.NUMBER, "sheet.pm_max", 0, 9999, 0),
        Field("karma", Kind.NUMBER, "sheet.karma", -10, 10, 0, compact=True),
        Field("intuition", Kind.NUMBER, "sheet.intuition", 1, 6, 3),
        Field("light", Kind.NUMBER, "sheet.light", 0, 99, 1),
        Field("dark", Kind.NUMBER, "sheet.dark", 0, 99, 1),
    ]
    identity = [
        Field("level", Kind.NUMBER, "sheet.level", 1, 99, 1, compact=True),
        Field("race", Kind.TEXT, "sheet.race", default=""),
        Field("class", Kind.TEXT, "sheet.class", default=""),
        MONEY,
        # Creation may choose an affiliation; its level is the extension rule's.
        Field("affiliation", Kind.TEXT, "sheet.affiliation", default=""),
    ]
    if options.get("affiliation"):
        identity.append(
            Field(
                "affiliation_level",
                Kind.NUMBER,
                "sheet.affiliation_level",
                0,
                min(affiliation_max, AFFILIATION_LEVEL_MAX),
                0,
            )
        )
    trackers = []
    if options.get("dna"):
        trackers.append(Field("pmu", Kind.NUMBER, "sheet.pmu", 0, 99, 0, compact=True))
    if options.get("endurance"):
        trackers += [
            Field("fp", Kind.NUMBER, "sheet.fp", -3, 10, 0),
            Field("fm", Kind.NUMBER, "sheet.fm", -3, 10, 0),
        ]
    if options.get("mental_health"):
        trackers.append(
            Field("mental_health", Kind.NUMBER, "sheet.mental_health", 0, "mental_health_max", 0)
        )
        trackers.append(
            Field("mental_health_max", Kind.NUMBER, "sheet.mental_health_max", 50, 150, 100)
        )
    if options.get("aura"):
        trackers += [
            Field("aura", Kind.NUMBER, "sheet.aura", 0, 4, 0),
            Field("anti_aura", Kind.NUMBER, "sheet.anti_aura", 0, 99, 0),
        ]
    if options.get("piloting"):
        trackers.append(Field("piloting", Kind.NAMED, "sheet.piloting", 0, 999, {}))
    if options.get("inventory"):
        trackers.append(Field("inventory", Kind.NAMED, "sheet.inventory", 1, 6, {}))
    sections = [
        Section("sheet.section.identity", tuple(identity)),
        Section("sheet.section.stats", _cosmos_stats(stat_cap(level))),
        Section("sheet.section.gauges", tuple(gauges)),
        Section(
            "sheet.section.talents",
            (Field("talents", Kind.ENTRIES, "sheet.talents", default=[], parser="talent"),),
        ),
    ]
    if trackers:
        sections.append(Section("sheet.section.trackers", tuple(trackers)))
    return tuple(sections)


def traits_layout() -> tuple[Section, ...]:
    """Les Traits: the five attributes and the skills share one table (all are dice)."""
    from .traits_derived import DEFAULT_DEPLACEMENT

    return (
        Section(
            "sheet.section.attributes",
            (
                Field(
                    "traits",
                    Kind.NAMED,
                    "sheet.traits",
                    0,
                    20,
                    {},
                    names=("Agilité", "Savoir", "Mental", "Force", "Vigueur"),
                    compact=True,
                ),
            ),
        ),
        Section(
            "sheet.section.equipment",
            (
                Field("equipment", Kind.BONUSES, "sheet.equipment", default={}),
                Field(
                    "deplacement",
                    Kind.NUMBER,
                    "sheet.deplacement",
                    0,
                    20,
                    DEFAULT_DEPLACEMENT,
                ),
            ),
        ),
    )


def spherier_layout() -> tuple[Section, ...]:
    """Le Sphérier: the three attributes, skills and abilities in the seed's notation."""
    return (
        Section(
            "sheet.section.skills",
            (
                Field(
                    "attributes",
                    Kind.ENTRIES,
                    "sheet.spherier_attributes",
                    default=[],
                    parser="spherier.skill",
                ),
                Field(
                    "skills",
                    Kind.ENTRIES,
                    "sheet.skills",
                    default=[],
                    parser="spherier.skill",
                    compact=True,
                ),
            ),
        ),
        Section(
            "sheet.section.abilities",
            (
                Field(
                    "abilities",
                    Kind.ENTRIES,
                    "sheet.abilities",
                    default=[],
                    parser="spherier.ability",
                ),
            ),
        ),
    )


SYSTEMJ_SKILLS = (
    "Lire/écrire",
    "Parler",
    "Acrobatie",
    "Danse",
    "Nage",
    "Cuisine",
    "Premiers soins",
    "Dissimulation",
    "Détection",
    "Sang-froid",
)
"""SYSTEMJ's ten generic skills."""


def systemj_layout() -> tuple[Section, ...]:
    """SYSTEMJ: seven attributes on 100, generic and special skills, PV, armour, cards."""
    from .systemj_combat import ATTRIBUTES

    attributes = tuple(
        Field(
            f"attributes.{name}",
            Kind.NUMBER,
            f"systemj.attribute.{name}",
            0,
            100,
            50,
            compact=True,
        )
        for name in ATTRIBUTES
    )
    return (
        Section("sheet.section.attributes", attributes),
        Section(
            "sheet.section.skills",
            (
                Field("skills", Kind.NAMED, "sheet.skills", 0, 100, {}, names=SYSTEMJ_SKILLS),
                Field("special", Kind.NAMED, "sheet.special_skills", 0, 100, {}),
            ),
        ),
        Section(
            "sheet.section.gauges",
            (
                Field("pv", Kind.NUMBER, "sheet.wounds", 0, 999, 0, compact=True),
                Field("armour", Kind.NUMBER, "sheet.armour", 0, 999, 0),
            ),
        ),
        Section("sheet.section.cards", (Field("cards", Kind.CARDS, "sheet.cards", default=[]),)),
    )


def layout(
    system: str,
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    affiliation_levels: Mapping[str, int] | None = None,
) -> tuple[Section, ...]:
    """The sections of a ``system`` sheet under the campaign's ``options``.

    Args:
        affiliation_levels: Great Cosmos: each affiliation's highest level, from the
            campaign's catalogue (an affiliation it does not list keeps the rule's 5).

    Raises:
        RulesError: for an unknown system.
    """
    if system == "resolution":
        return resolution_layout(options)
    if system == "cosmos":
        level = sheet.get("level", 1)
        affiliation = sheet.get("affiliation")
        highest = (
            (affiliation_levels or {}).get(affiliation, AFFILIATION_LEVEL_MAX)
            if isinstance(affiliation, str)
            else AFFILIATION_LEVEL_MAX
        )
        return cosmos_layout(options, level if isinstance(level, int) else 1, highest)
    if system == "traits":
        return traits_layout()
    if system == "spherier":
        return spherier_layout()
    if system == "systemj":
        return systemj_layout()
    raise RulesError(f"unknown system {system!r}")


# --- Checking a whole sheet ------------------------------------------------------------


def check_sheet(
    system: str,
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    affiliation_levels: Mapping[str, int] | None = None,
) -> None:
    """Check every value a ``system`` sheet holds against the rules' limits, whoever wrote
    it (the sheet screen, ``meneur set``, a hand edit): the same checks as an edit.

    Values the sheet leaves out take their defaults and are not checked; keys the layout
    does not know (a genome, mutations) are other code's business.

    Raises:
        RulesError: naming the sheet key (``stats.force``) and what is wrong; a number
            out of bounds is a :class:`BoundsError`.
    """
    for section in layout(system, options, sheet, affiliation_levels):
        for field in section.fields:
            value = value_of(sheet, field.key)
            if value is not None:
                _check_value(field, value, sheet)


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise not_a_number(what, value)
    return value


def _check_value(field: Field, value: object, sheet: Mapping[str, Any]) -> None:
    key = field.key
    if field.kind is Kind.NUMBER:
        check_number(field, _whole(value, key), sheet)
    elif field.kind is Kind.TEXT:
        if not isinstance(value, str):
            raise field_error(key, "expected text", "expected_text")
        parse_text(field, value)
    elif field.kind is Kind.CARDS:
        if not isinstance(value, list):
            raise field_error(key, "expected a list of cards", "expected_cards")
        from .systemj_cards import Card

        for i, card in enumerate(value):
            if not isinstance(card, Mapping):
                raise field_error(f"{key}[{i}]", "expected a card (a table)", "expected_cards")
            try:
                Card.from_data(card)
            except RulesError as error:
                raise field_error(
                    f"{key}[{i}]", str(error), "bad_card", detail=str(error)
                ) from error
    elif field.kind is Kind.ENTRIES:
        if not isinstance(value, list) or not all(isinstance(line, str) for line in value):
            raise field_error(key, "expected a list of lines of text", "expected_lines")
        parse = _parser(field.parser)
        for line in value:
            parse(line)
    else:
        _check_table(field, value)


def _check_table(field: Field, value: object) -> None:
    """A ``named``, ``described`` or ``bonuses`` table: its names and values."""
    key = field.key
    if not isinstance(value, Mapping):
        raise field_error(key, "expected a table of names", "expected_table")
    for name, item in value.items():
        check_name(str(name), key)
        what = f"{key}.{name}"
        if field.kind is Kind.NAMED:
            low, high = field.bounds({})
            number = _whole(item, what)
            if (low is not None and number < low) or (high is not None and number > high):
                raise BoundsError(what, low, high, number)
        elif field.kind is Kind.DESCRIBED:
            if not isinstance(item, str) or len(item) > MAX_TEXT or "\n" in item:
                raise field_error(
                    what, f"one line of at most {MAX_TEXT} characters", "one_line", most=MAX_TEXT
                )
        elif not isinstance(item, Mapping) or not set(item) <= set(BONUS_KEYS):
            raise field_error(what, "expected parade and endurance bonuses", "bonus_kind")
        else:
            for bonus, number in item.items():
                if abs(_whole(number, f"{what}.{bonus}")) > MAX_BONUS:
                    raise BoundsError(f"{what}.{bonus}", -MAX_BONUS, MAX_BONUS, number)


# --- Computed values -------------------------------------------------------------------


@dataclass(frozen=True)
class Derived:
    """A value computed from the sheet: its label's term key and the value."""

    term: str
    value: int | str


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _folded(names: Mapping[str, Any], wanted: str) -> Any:
    """The value under ``wanted``, whatever the case and accents of the sheet's key."""
    from .systemj_cards import key_of

    for name, value in names.items():
        if key_of(name) == wanted:
            return value
    return None


def allele_state(points: int) -> str:
    """A gene's alleles: ``O-O`` (0 points), ``X-O`` (1), ``X-X`` (2), ``X-X +n`` beyond."""
    if points <= 0:
        return "O-O"
    if points == 1:
        return "X-O"
    return "X-X" if points == 2 else f"X-X +{points - 2}"


def inventory_slots(force: int) -> int:
    """Great Cosmos inventory: 40 × (Force rounded down to the ten) / 100 slots."""
    return 40 * (force // 10 * 10) // 100


def movement_squares(agilite: int, overloaded: bool = False) -> int:
    """Great Cosmos movement: ceil(Agilité / 20) squares a turn, halved (rounded down)
    when the inventory is overloaded."""
    squares = math.ceil(max(agilite, 0) / 20)
    return squares // 2 if overloaded else squares


OVERLOAD_AGILITE = 5
"""Agilité points each inventory slot over the limit costs (RULES.md §3.6)."""


def overload(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> int:
    """Great Cosmos: inventory slots used beyond the limit Force allows (0 without the
    inventory rule)."""
    if not options.get("inventory"):
        return 0
    stats = sheet.get("stats", {})
    force = _int(stats.get("force"), 50) if isinstance(stats, Mapping) else 50
    items = sheet.get("inventory", {})
    used = sum(_int(v) for v in items.values()) if isinstance(items, Mapping) else 0
    return max(0, used - inventory_slots(force))


def current_stats(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> dict[str, int]:
    """Great Cosmos: the six stats as they count now, wherever a stat is used (tests,
    movement, turn order): the sheet's values, Agilité less 5 points a slot of inventory
    over the limit. Stats the sheet lacks are left out."""
    stats = sheet.get("stats", {})
    found = {
        name: value
        for name, value in (stats.items() if isinstance(stats, Mapping) else ())
        if isinstance(value, int) and not isinstance(value, bool)
    }
    if "agilite" in found:
        found["agilite"] = max(0, found["agilite"] - OVERLOAD_AGILITE * overload(options, sheet))
    return found


def derived(system: str, options: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Derived]:
    """The values of ``system`` computed from ``sheet`` (none for a system without any).

    A sheet missing a value reads its default; a value of the wrong type reads as that
    default too, so a hand-edited sheet still shows.
    """
    if system == "traits":
        return _traits_derived(sheet)
    if system == "cosmos":
        return _cosmos_derived(options, sheet)
    if system == "systemj":
        return _systemj_derived(sheet)
    return []


def _traits_derived(sheet: Mapping[str, Any]) -> list[Derived]:
    from .traits_derived import derived_values

    traits = sheet.get("traits", {})
    traits = traits if isinstance(traits, Mapping) else {}
    melee = _folded(traits, "melee")
    vigueur = _int(_folded(traits, "vigueur"))
    equipment = sheet.get("equipment", {})
    parade_bonus = endurance_bonus = 0
    if isinstance(equipment, Mapping):
        for bonuses in equipment.values():
            if isinstance(bonuses, Mapping):
                parade_bonus += _int(bonuses.get("parade"))
                endurance_bonus += _int(bonuses.get("endurance"))
    try:
        values = derived_values(
            melee=_int(melee) if melee is not None else None,
            vigueur=max(vigueur, 0),
            parade_bonus=parade_bonus,
            endurance_bonus=endurance_bonus,
            deplacement=max(_int(sheet.get("deplacement"), 1), 0),
        )
    except RulesError:
        return []
    return [
        Derived("sheet.parade", values.parade),
        Derived("sheet.parade_instinctive", values.parade_instinctive),
        Derived("sheet.endurance", values.endurance),
        Derived("sheet.endurance_naturelle", values.endurance_naturelle),
        Derived("sheet.deplacement", values.deplacement),
    ]


def _cosmos_derived(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Derived]:
    from .cosmos_levels import stat_cap

    stats = sheet.get("stats", {})
    stats = stats if isinstance(stats, Mapping) else {}
    found = [Derived("sheet.stat_cap", stat_cap(max(_int(sheet.get("level"), 1), 1)))]
    dna = sheet.get("dna", {})
    if options.get("dna") and isinstance(dna, Mapping):
        # The genes and mutations themselves are the sheet's data, shown by their names
        # in the campaign's gene tree: the interface lists them.
        found.append(Derived("sheet.dna_left", _int(dna.get("left"))))
    over = overload(options, sheet)
    if options.get("movement"):
        agilite = current_stats(options, sheet).get("agilite", 50)
        found.append(Derived("sheet.movement", movement_squares(agilite, over > 0)))
    if options.get("inventory"):
        limit = inventory_slots(_int(stats.get("force"), 50))
        found.append(Derived("sheet.slots", f"{limit + over if over else _used(sheet)}/{limit}"))
        if over:
            found.append(Derived("sheet.overload", -OVERLOAD_AGILITE * over))
    return found


def _used(sheet: Mapping[str, Any]) -> int:
    items = sheet.get("inventory", {})
    return sum(_int(v) for v in items.values()) if isinstance(items, Mapping) else 0


def _systemj_derived(sheet: Mapping[str, Any]) -> list[Derived]:
    from . import systemj_combat as combat

    try:
        scores = combat.scores_of(sheet)
    except RulesError:
        return []
    found = [
        Derived("sheet.melee_force", scores.attack(combat.Attack.MELEE_FORCE)),
        Derived("sheet.melee_furtive", scores.attack(combat.Attack.MELEE_FURTIVE)),
        Derived("sheet.dodge", scores.dodge),
    ]
    if scores.parry is not None:
        found.append(Derived("sheet.parry", scores.parry))
    if scores.block is not None:
        found.append(Derived("sheet.block", scores.block))
    return found


def compact_fields(sections: Sequence[Section]) -> list[Field]:
    """The fields the table's compact panel shows."""
    return [f for section in sections for f in section.fields if f.compact]
