"""The Great Cosmos character sheet: identity, the six stats capped by level, gauges,
talents, the trackers of the campaign's optional rules, and the values derived from them
(see :mod:`meneur.core.sheets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.sheets import Derived, Field, Kind, Section, whole_or

from .creation import STATS
from .levels import stat_cap
from .movement import movement_squares
from .piloting import PILOTING_NAMES


def _stats(cap: int) -> tuple[Field, ...]:
    return tuple(
        Field(f"stats.{stat}", Kind.NUMBER, f"cosmos.stat.{stat}", 20, cap, 50, compact=True)
        for stat in STATS
    )


MONEY = Field("money", Kind.NUMBER, "sheet.money", 0, 10**7, 0)
"""Great Cosmos money, in PO (the creation wizard checks it too)."""
AFFILIATION_LEVEL_MAX = 5
"""The highest affiliation level any affiliation may allow (docs/rules/cosmos.md#extensions)."""


def layout(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """The Great Cosmos sheet with the campaign's optional rules, at the sheet's level.

    Args:
        context: each affiliation's highest level, from the campaign's catalogue (an
            affiliation it does not list keeps the rule's 5).
    """
    level = sheet.get("level", 1)
    if not isinstance(level, int):
        level = 1
    affiliation = sheet.get("affiliation")
    affiliation_max = (
        (context or {}).get(affiliation, AFFILIATION_LEVEL_MAX)
        if isinstance(affiliation, str)
        else AFFILIATION_LEVEL_MAX
    )
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
        # Two scores (docs/rules/cosmos.md#cosmos): planetary and astral piloting.
        trackers.append(
            Field("piloting", Kind.NAMED, "sheet.piloting", 0, 999, {}, names=PILOTING_NAMES)
        )
    if options.get("inventory"):
        trackers.append(Field("inventory", Kind.NAMED, "sheet.inventory", 1, 6, {}))
    sections = [
        Section("sheet.section.identity", tuple(identity)),
        Section("sheet.section.stats", _stats(stat_cap(level))),
        Section("sheet.section.gauges", tuple(gauges)),
        Section(
            "sheet.section.talents",
            (Field("talents", Kind.ENTRIES, "sheet.talents", default=[], parser="talent"),),
        ),
    ]
    skill_sheet = options.get("skill_sheet", "none")
    if skill_sheet == "standard":
        sections.append(
            Section(
                "sheet.section.skill_sheet",
                (
                    Field(
                        "skills_active",
                        Kind.ENTRIES,
                        "sheet.skills_active",
                        default=[],
                        parser="talent",
                    ),
                    Field(
                        "skills_passive",
                        Kind.ENTRIES,
                        "sheet.skills_passive",
                        default=[],
                        parser="talent",
                    ),
                ),
            )
        )
    elif skill_sheet == "progressive":
        sections.append(
            Section(
                "sheet.section.skill_sheet",
                (
                    Field("skill_points", Kind.NUMBER, "sheet.skill_points", 0, 999, 0),
                    Field(
                        "skills_owned",
                        Kind.ENTRIES,
                        "sheet.skills_owned",
                        default=[],
                        parser="talent",
                    ),
                ),
            )
        )
    elif skill_sheet == "fixed":
        sections.append(
            Section(
                "sheet.section.skill_sheet",
                (
                    Field("skill_group", Kind.TEXT, "sheet.skill_group", default=""),
                    Field("final_skill", Kind.TEXT, "sheet.final_skill", default=""),
                ),
            )
        )
    if trackers:
        sections.append(Section("sheet.section.trackers", tuple(trackers)))
    return tuple(sections)


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


MONEY_PER_SLOT = 5000


def money_slots(money: int) -> int:
    """Slots the money takes: 5,000 PO a slot, a started slot counting (5,001 PO: 2)."""
    return -(-max(0, money) // MONEY_PER_SLOT)


OVERLOAD_AGILITE = 5
"""Agilité points each inventory slot over the limit costs (docs/rules/cosmos.md#extensions)."""


def overload(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> int:
    """Great Cosmos: inventory slots used beyond the limit Force allows (0 without the
    inventory rule)."""
    if not options.get("inventory"):
        return 0
    stats = sheet.get("stats", {})
    force = whole_or(stats.get("force"), 50) if isinstance(stats, Mapping) else 50
    return max(0, _used(sheet) - inventory_slots(force))


def gene_gains(
    options: Mapping[str, Any], sheet: Mapping[str, Any], tree: object
) -> dict[str, list[tuple[str, int]]]:
    """Great Cosmos with the genetic-manipulation rule: what the character's active genes
    add to each stat, gene by gene (its name, the amount), from the campaign's ``tree``
    (a :class:`~meneur.core.cosmos.genes.GeneTree`; anything else, none); nothing without
    the rule, a tree, or genes that give numbers."""
    from .genes import GeneTree

    if not options.get("dna") or not isinstance(tree, GeneTree):
        return {}
    dna = sheet.get("dna", {})
    points = dna.get("points", {}) if isinstance(dna, Mapping) else {}
    found: dict[str, list[tuple[str, int]]] = {}
    for key, gene in tree.genes.items():
        had = points.get(key, 0) if isinstance(points, Mapping) else 0
        if isinstance(had, bool) or not isinstance(had, int):
            continue
        for stat, amount in gene.gains(had).items():
            found.setdefault(stat, []).append((gene.name, amount))
    return found


def current_stats(
    options: Mapping[str, Any], sheet: Mapping[str, Any], tree: object = None
) -> dict[str, int]:
    """Great Cosmos: the six stats as they count now, wherever a stat is used (tests,
    movement, turn order): the sheet's values, what the active genes of the campaign's
    ``tree`` add to them (play-tested: Musculature dense X-X left Force at 56), Agilité
    less 5 points a slot of inventory over the limit. Stats the sheet lacks are left
    out."""
    stats = sheet.get("stats", {})
    found = {
        name: value
        for name, value in (stats.items() if isinstance(stats, Mapping) else ())
        if isinstance(value, int) and not isinstance(value, bool)
    }
    for stat, gains in gene_gains(options, sheet, tree).items():
        if stat in found:
            found[stat] = max(0, found[stat] + sum(amount for _, amount in gains))
    if "agilite" in found:
        found["agilite"] = max(0, found["agilite"] - OVERLOAD_AGILITE * overload(options, sheet))
    return found


def sources(written: int, gains: list[tuple[str, int]]) -> str:
    """Where a stat's value comes from: ``56 + 5 Musculature dense − 5`` (a source
    without a name said by its amount alone)."""
    said = str(written)
    for name, amount in gains:
        said += f" + {amount}" if amount >= 0 else f" − {-amount}"
        said += f" {name}" if name else ""
    return said


def counted_from(
    options: Mapping[str, Any], sheet: Mapping[str, Any], tree: object = None
) -> dict[str, tuple[int, int, list[tuple[str, int]]]]:
    """Each stat that counts otherwise than the sheet writes it: its value as it counts
    (:func:`current_stats`), as written, and where the difference comes from (a gene's
    name and amount, ``""`` for an overloaded inventory's malus)."""
    stats = sheet.get("stats", {})
    written = stats if isinstance(stats, Mapping) else {}
    counted = current_stats(options, sheet, tree)
    gains = gene_gains(options, sheet, tree)
    over = overload(options, sheet)
    found = {}
    for stat, value in counted.items():
        if value == written.get(stat):
            continue
        sources = list(gains.get(stat, []))
        if stat == "agilite" and over:
            sources.append(("", -OVERLOAD_AGILITE * over))
        found[stat] = (value, int(written[stat]), sources)
    return found


def squares_of(options: Mapping[str, Any], sheet: Mapping[str, Any], tree: object = None) -> int:
    """The squares a character moves a turn, as the sheet shows them: Agilité as it
    counts now (its genes, an overloaded inventory), physical fatigue with the endurance
    rule."""
    agilite = current_stats(options, sheet, tree).get("agilite", 50)
    fp = whole_or(sheet.get("fp")) if options.get("endurance") else 0
    return movement_squares(agilite, overload(options, sheet) > 0, fp)


def derived(
    options: Mapping[str, Any], sheet: Mapping[str, Any], content: object = None
) -> list[Derived]:
    """The stat cap of the level, and with the campaign's rules the DNA left, each stat
    the genes of its tree (``content``) raise — as it counts, and from what — movement,
    inventory slots and overload."""
    tree = content
    stats = sheet.get("stats", {})
    stats = stats if isinstance(stats, Mapping) else {}
    cap = stat_cap(max(whole_or(sheet.get("level"), 1), 1))
    found = [Derived("sheet.stat_cap", cap)]
    dna = sheet.get("dna", {})
    if options.get("dna") and isinstance(dna, Mapping):
        # The genes and mutations themselves are the sheet's data, shown by their names
        # in the campaign's gene tree: the interface lists them.
        found.append(Derived("sheet.dna_left", whole_or(dna.get("left"))))
        for stat, gains in gene_gains(options, sheet, tree).items():
            written = whole_or(stats.get(stat), 0)
            counted = written + sum(amount for _, amount in gains)
            # The cap bounds a stat as the sheet writes it; what the genes add comes on
            # top, as the seed's bonuses do ("des bonus éventuels peuvent être accordés"):
            # past the cap, the sheet says which value counts.
            past_cap = (("cap", cap), ("written", written)) if counted > cap else ()
            found.append(
                Derived(
                    f"cosmos.stat.{stat}",
                    f"{counted} ({sources(written, gains)})",
                    note="sheet.over_cap" if past_cap else "",
                    note_values=past_cap,
                )
            )
    over = overload(options, sheet)
    if options.get("movement"):
        found.append(Derived("sheet.movement", squares_of(options, sheet, tree)))
    if options.get("endurance"):
        found += fatigue_states(sheet)
    if options.get("skill_sheet") == "standard":
        found += _skill_counts(sheet)
    if options.get("inventory"):
        limit = inventory_slots(whole_or(stats.get("force"), 50))
        found.append(Derived("sheet.slots", f"{limit + over if over else _used(sheet)}/{limit}"))
        if over:
            found.append(Derived("sheet.overload", -OVERLOAD_AGILITE * over))
    return found


def _used(sheet: Mapping[str, Any]) -> int:
    """Inventory slots used: the items', and the money's."""
    items = sheet.get("inventory", {})
    carried = sum(whole_or(v) for v in items.values()) if isinstance(items, Mapping) else 0
    return carried + money_slots(whole_or(sheet.get("money")))


def fatigue_states(sheet: Mapping[str, Any]) -> list[Derived]:
    """The endurance rule's states (docs/rules/cosmos.md#extensions) of the sheet's FP and FM: one
    line per tired gauge (none when rested), and total exhaustion when both are at 10."""
    from .endurance import FATIGUE_MAX, state

    fp, fm = whole_or(sheet.get("fp")), whole_or(sheet.get("fm"))
    if fp >= FATIGUE_MAX and fm >= FATIGUE_MAX:
        return [Derived("sheet.fatigue", "total", "endurance.total")]
    found = []
    for gauge, value in (("fp", fp), ("fm", fm)):
        name = state(value)
        if name != "rested":
            found.append(Derived(f"sheet.fatigue_{gauge}", name, f"endurance.{gauge}.{name}"))
    return found


def _skill_counts(sheet: Mapping[str, Any]) -> list[Derived]:
    """A standard skill sheet's counts against what the level allows
    (docs/rules/cosmos.md#extensions)."""
    from .skills import active_allowed, passive_allowed

    level = max(1, whole_or(sheet.get("level"), 1))
    found = []
    for key, allowed in (("active", active_allowed), ("passive", passive_allowed)):
        had = sheet.get(f"skills_{key}", [])
        count = len(had) if isinstance(had, list) else 0
        most = allowed(level)
        found.append(
            Derived(f"sheet.skills_{key}_count", f"{count}/{'—' if most is None else most}")
        )
    return found


def check(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> None:
    """What the sheet's fields alone do not check: a standard skill sheet's counts for
    the level, the combat state (postures, Light & Dark), and one two-handed weapon at
    most in the inventory.

    Raises:
        RulesError: naming the sheet key (``skills_active``, ``combat.posture``…).
    """
    from meneur.core.errors import RulesError
    from meneur.core.sheets import field_error

    from .combat import Stance
    from .fatigue import Suspended, Today
    from .grid import Place
    from .skills import check_standard, check_upgrades

    try:
        if options.get("skill_sheet") == "standard":
            level = max(1, whole_or(sheet.get("level"), 1))
            counts = [
                len(v) if isinstance(v := sheet.get(key, []), list) else 0
                for key in ("skills_active", "skills_passive")
            ]
            check_standard(level, *counts)
        if "combat" in sheet:
            Stance.from_sheet(sheet)
        if options.get("skill_sheet") == "progressive":
            check_upgrades(sheet)
        if options.get("movement"):
            Place.from_sheet(sheet)
        if options.get("endurance"):
            Today.from_sheet(sheet)
            Suspended.from_sheet(sheet)
    except RulesError as error:
        where, _, reason = str(error).partition(": ")
        raise field_error(where, reason, "bad_sheet", detail=reason) from error
    if options.get("inventory"):
        _one_two_handed(sheet)
    if options.get("piloting"):
        _astral_needs_a_talent(sheet)


def _astral_needs_a_talent(sheet: Mapping[str, Any]) -> None:
    """ "Le pilotage planétaire est accessible à tous … mais le pilotage astral nécessite
    des prérequis disponible sous forme de talents que le PJ doit posséder pour avoir un
    score positif en pilotage astral" (docs/rules/cosmos.md#cosmos). The talents are the campaign's
    own words: one naming astral piloting ("astral" in it) opens a positive score.

    Raises:
        RulesError: naming ``piloting.Astral``.
    """
    from meneur.core.sheets import field_error
    from meneur.core.words import folded

    scores = sheet.get("piloting", {})
    astral = scores.get("Astral", 0) if isinstance(scores, Mapping) else 0
    if not isinstance(astral, int) or astral <= 0:
        return
    talents = sheet.get("talents", [])
    if any("astral" in folded(str(t)) for t in (talents if isinstance(talents, list) else ())):
        return
    raise field_error(
        "piloting.Astral",
        "a positive astral piloting score needs a talent for it (one naming astral piloting)",
        "astral_talent",
    )


TWO_HANDED = 4
"""Slots from which an item is a two-handed weapon: "Les armes à 2 mains, sont deux fois
plus lourdes, et ont un poids compris entre 4 et 6 slots" (docs/rules/cosmos.md#cosmos); any other
object weighs 1 to 3."""


def _one_two_handed(sheet: Mapping[str, Any]) -> None:
    """ "Il est impossible de surcharger un emplacement, impossible donc de transporter 2
    armes à 2 mains simultanément" (docs/rules/cosmos.md#cosmos).

    Raises:
        RulesError: naming the inventory and the two weapons.
    """
    from meneur.core.sheets import field_error

    items = sheet.get("inventory", {})
    heavy = sorted(
        str(name)
        for name, slots in (items.items() if isinstance(items, Mapping) else ())
        if isinstance(slots, int) and slots >= TWO_HANDED
    )
    if len(heavy) > 1:
        raise field_error(
            "inventory",
            f"two two-handed weapons cannot be carried at once ({', '.join(heavy)})",
            "two_handed",
            names=", ".join(heavy),
        )


def npc(dice: Any) -> dict[str, Any]:
    """A quick NPC's sheet (a ruling, docs/rulings.md): the six stats each 1d100 rerolled
    on its own until within 20–80 (as at creation, without the 200–400 total rule), PV
    and PM each 5d100, karma 0, level 1."""
    from .creation import STAT_MAX, STAT_MIN, STATS

    stats = {
        stat: dice.until(100, stat, lambda face: STAT_MIN <= face <= STAT_MAX) for stat in STATS
    }
    pv = sum(dice.roll(100, "pv") for _ in range(5))
    pm = sum(dice.roll(100, "pm") for _ in range(5))
    return {
        "level": 1,
        "stats": stats,
        "pv": pv,
        "pv_max": pv,
        "pm": pm,
        "pm_max": pm,
        "karma": 0,
        "intuition": 3,
    }
