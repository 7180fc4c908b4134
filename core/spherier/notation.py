"""Le Sphérier's notations, read exactly as the seed writes them.

Tests::

    [Dressage](2)                    simple: skill, DD
    [Bluff][Psychologie]             opposed: skill, the opponent's skill
    [Mecanique](2, 10, 1h)           extended: step DD, total to reach, interval
    [Rituel satanique](10, 2)        team: leader's DD, assistants' DD
    [Rituel satanique](10, 2, 3, 1)  team, with at most 3 and at least 1 assistants

A three-item list is an extended test when its third item has a unit (``1h``, ``30min``,
``2 tours``), a team test with a maximum of assistants when it is a plain number.

Sheet entries::

    Bluff<+10, 6>                         skill: Compétence<Maîtrise, Limite>
    Coup d'estoc<Armes(Epées), Combat>    ability: Capacité<Compétence, Phase>

Anything else raises :class:`SpherierNotationError` with the position and what was
expected.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.errors import NotationError, RulesError
from meneur.core.frozen import frozen
from meneur.core.words import folded

from .rules import Ability, Skill

MAX_DIGITS = 6
MAX_LENGTH = 300
MAX_ITEMS = 4


class SpherierNotationError(NotationError):
    """A Sphérier test, skill or ability notation that cannot be read."""

    kind = "Sphérier notation"
    kind_key = "spherier_notation"


@frozen
class Interval:
    """Time between two attempts of an extended test (``1h``)."""

    amount: int
    unit: str

    @property
    def text(self) -> str:
        """As written: ``1h``, ``30min``."""
        return f"{self.amount}{self.unit}"

    def times(self, attempts: int) -> Interval:
        """The time ``attempts`` intervals take, in the same unit."""
        return Interval(self.amount * attempts, self.unit)


@frozen
class SimpleNotation:
    """``[Dressage](2)``."""

    skill: str
    dd: int


@frozen
class OpposedNotation:
    """``[Bluff][Psychologie]``."""

    skill: str
    opponent: str


@frozen
class ExtendedNotation:
    """``[Mecanique](2, 10, 1h)``: step DD, total to reach, interval."""

    skill: str
    step_dd: int
    total: int
    interval: Interval


@frozen
class TeamNotation:
    """``[Rituel satanique](10, 2)``, optionally with a maximum and a minimum of assistants."""

    skill: str
    leader_dd: int
    assistant_dd: int
    max_assistants: int | None = None
    min_assistants: int | None = None


TestNotation = SimpleNotation | OpposedNotation | ExtendedNotation | TeamNotation


class _Reader:
    """A cursor over the text that knows how to say what it expected where."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        if len(text) > MAX_LENGTH:
            raise self.fail(
                f"a notation is at most {MAX_LENGTH} characters",
                "too_long",
                MAX_LENGTH,
                most=MAX_LENGTH,
            )

    def fail(
        self, reason: str, code: str, position: int | None = None, **values: object
    ) -> SpherierNotationError:
        where = self.pos if position is None else position
        return SpherierNotationError(self.text, where, reason, code, **values)

    def found(self) -> str:
        return f'"{self.text[self.pos]}"' if self.pos < len(self.text) else "the end"

    def found_character(self) -> str:
        """What stands at the position, for the interfaces' strings ("" at the end)."""
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def expected(self, what: str, code: str) -> SpherierNotationError:
        """The error for something else than ``what`` (a code of it: ``skill``…) here."""
        return self.fail(
            f"expected {what}, found {self.found()}",
            "expected",
            what=code,
            found=self.found_character(),
        )

    def spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def expect(self, char: str, what: str, code: str) -> None:
        self.spaces()
        if self.text[self.pos : self.pos + 1] != char:
            raise self.expected(what, code)
        self.pos += 1

    def end(self) -> None:
        self.spaces()
        if self.pos != len(self.text):
            raise self.expected("the end", "end")

    def integer(self, what: str, code: str, *, signed: bool = False) -> int:
        self.spaces()
        start = self.pos
        sign = 1
        if signed and self.text[self.pos : self.pos + 1] in ("+", "-"):
            sign = -1 if self.text[self.pos] == "-" else 1
            self.pos += 1
        digits_from = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if self.pos == digits_from:
            self.pos = start
            raise self.expected(what, code)
        if self.pos - digits_from > MAX_DIGITS:
            raise self.fail(f"{what} is too large", "too_large", start, what=code)
        return sign * int(self.text[digits_from : self.pos])

    def bracketed_name(self) -> str:
        self.expect("[", 'a skill in brackets, like "[Dressage]"', "skill")
        start = self.pos
        end = self.text.find("]", start)
        if end < 0:
            raise self.fail('expected "]" to close the skill name', "unclosed", len(self.text))
        name = self.text[start:end].strip()
        if not name:
            raise self.fail("expected a skill name inside the brackets", "no_name", start)
        if "[" in name:
            raise self.fail(
                'a skill name cannot hold "["', "bracket_in_name", self.text.index("[", start)
            )
        self.pos = end + 1
        return name


def parse_test(text: str) -> TestNotation:
    """Read a test notation: simple, opposed, extended or team.

    Raises:
        SpherierNotationError: with the position and what was expected.
    """
    reader = _Reader(text)
    skill = reader.bracketed_name()
    reader.spaces()
    if reader.text[reader.pos : reader.pos + 1] == "[":
        opponent = reader.bracketed_name()
        reader.end()
        return OpposedNotation(skill, opponent)
    reader.expect("(", 'a DD in parentheses, like "(2)", or an opposing "[Skill]"', "dd")
    items: list[int | Interval] = []
    while True:
        reader.spaces()
        if len(items) == MAX_ITEMS:
            raise reader.fail(
                f"a test takes at most {MAX_ITEMS} numbers", "too_many_numbers", most=MAX_ITEMS
            )
        items.append(_item(reader, first=not items))
        reader.spaces()
        if reader.text[reader.pos : reader.pos + 1] == ",":
            reader.pos += 1
            continue
        reader.expect(")", '"," or ")"', "comma_or_close")
        break
    reader.end()
    return _test_from_items(reader, skill, items)


def _item(reader: _Reader, *, first: bool) -> int | Interval:
    value = (
        reader.integer("a number", "number")
        if first
        else reader.integer("a number or an interval like 1h", "number_or_interval")
    )
    reader.spaces()
    start = reader.pos
    while reader.pos < len(reader.text) and reader.text[reader.pos].isalpha():
        reader.pos += 1
    if reader.pos == start:
        return value
    return Interval(value, reader.text[start : reader.pos])


def _test_from_items(reader: _Reader, skill: str, items: list[int | Interval]) -> TestNotation:
    intervals = [i for i, item in enumerate(items) if isinstance(item, Interval)]
    if len(items) == 3 and intervals == [2]:
        step, total, interval = items
        # The unit test above leaves only this shape; the asserts tell mypy.
        assert isinstance(step, int)
        assert isinstance(total, int)
        assert isinstance(interval, Interval)
        if total < 1:
            raise reader.fail("an extended test needs a total of 1 or more", "no_total")
        return ExtendedNotation(skill, step, total, interval)
    if intervals:
        raise reader.fail(
            "only the third number of an extended test has a unit, like (2, 10, 1h)",
            "misplaced_unit",
        )
    numbers = [item for item in items if isinstance(item, int)]
    if len(numbers) == 1:
        return SimpleNotation(skill, numbers[0])
    maximum = numbers[2] if len(numbers) > 2 else None
    minimum = numbers[3] if len(numbers) > 3 else None
    if maximum is not None and minimum is not None and minimum > maximum:
        raise reader.fail(
            f"at least {minimum} assistants but at most {maximum}?",
            "assistants",
            minimum=minimum,
            maximum=maximum,
        )
    return TeamNotation(skill, numbers[0], numbers[1], maximum, minimum)


def _angle_parts(reader: _Reader) -> tuple[str, list[tuple[int, int]]]:
    """Split ``Name<a, b>`` into the name and the spans (start, end) of its two parts."""
    text = reader.text
    opening = text.find("<")
    if opening < 0:
        raise reader.fail('expected "<" after the name, like Bluff<+10, 6>', "no_angle", len(text))
    name = text[:opening].strip()
    if not name:
        raise reader.fail('expected a name before "<"', "no_name", opening)
    closing = len(text.rstrip()) - 1
    if closing <= opening or text[closing] != ">":
        raise reader.fail('expected ">" at the end', "unclosed_angle", closing + 1)
    spans: list[tuple[int, int]] = []
    depth = 0
    start = opening + 1
    for i in range(opening + 1, closing):
        depth += text[i] == "("
        depth -= text[i] == ")"
        if text[i] in "<>":
            raise reader.fail(
                f'expected "," or ">", found "{text[i]}"', "stray_angle", i, found=text[i]
            )
        if text[i] == "," and depth == 0:
            spans.append((start, i))
            start = i + 1
    spans.append((start, closing))
    if len(spans) != 2:
        raise reader.fail(
            f"expected two parts inside <…> separated by a comma, found {len(spans)}",
            "two_parts",
            opening + 1,
            count=len(spans),
        )
    for start, end in spans:
        if not text[start:end].strip():
            raise reader.fail("expected a value, found nothing", "empty_part", start)
    return name, spans


def parse_skill(text: str) -> Skill:
    """Read a skill, ``Compétence<Maîtrise, Limite>`` (``Bluff<+10, 6>``).

    Raises:
        SpherierNotationError: with the position and what was expected.
    """
    reader = _Reader(text)
    name, spans = _angle_parts(reader)
    values = []
    parts = (("the Maîtrise", "mastery"), ("the Limite", "limit"))
    for (start, end), (what, code) in zip(spans, parts, strict=True):
        reader.pos = start
        values.append(reader.integer(what, code, signed=True))
        reader.spaces()
        if reader.pos != end:
            raise reader.fail(
                f"expected a whole number for {what}, found {reader.found()}",
                "expected_number",
                what=code,
                found=reader.found_character(),
            )
    if values[1] < 0:
        raise reader.fail("a Limite is 0 or more", "negative_limit", spans[1][0])
    return Skill(values[0], values[1], name)


def parse_ability(text: str) -> Ability:
    """Read an ability, ``Capacité<Compétence, Phase>``.

    Raises:
        SpherierNotationError: with the position and what was expected.
    """
    reader = _Reader(text)
    name, spans = _angle_parts(reader)
    skill, phase = (text[start:end].strip() for start, end in spans)
    return Ability(name, skill, phase)


def parse_sheet_entry(text: str) -> Skill | Ability:
    """Read a skill when the first part inside ``<…>`` is a number, else an ability.

    Raises:
        SpherierNotationError: with the position and what was expected.
    """
    reader = _Reader(text)
    _, spans = _angle_parts(reader)
    first = text[spans[0][0] : spans[0][1]].strip().lstrip("+-")
    if first[:1] in tuple("0123456789"):
        return parse_skill(text)
    return parse_ability(text)


def sheet_skills(sheet: Mapping[str, Any]) -> dict[str, Skill]:
    """The skills a Sphérier sheet holds, by name: its three attributes (skills every
    character has) then its skills; lines that do not read as a skill are left out."""
    found: dict[str, Skill] = {}
    for key in ("attributes", "skills"):
        entries = sheet.get(key, [])
        for entry in entries if isinstance(entries, list) else []:
            try:
                parsed = parse_sheet_entry(str(entry))
            except RulesError:
                continue
            if isinstance(parsed, Skill):
                found[parsed.name] = parsed
    return found


def typed_opponent(text: str, name: str) -> Skill:
    """The opponent's skill typed as ``Psychologie<+8, 4>`` for a notation naming ``name``.

    Raises:
        RulesError: for a skill that does not read, or one that is not the one named.
    """
    skill = parse_skill(text)
    if folded(skill.name) != folded(name):
        raise RulesError(
            f"the test names the opponent's {name}, not {skill.name}",
            message_key="spherier.other_opponent",
            skill=name,
            typed=skill.name,
        )
    return skill
