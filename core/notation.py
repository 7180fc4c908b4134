"""The free dice notation for everyday rolls, parsed into an immutable tree.

Grammar (case-insensitive; spaces allowed between terms, signs and comparisons)::

    expression := [sign] term (sign term)*          sign := "+" | "-"
    term       := dice | number
    dice       := [number] "d" sides [keep] [count]
    sides      := number | "%" | "F"                 d% is d100, dF is a Fate die (-1/0/+1)
    keep       := ("kh" | "kl" | "dh" | "dl" | "k" | "d") number
                                                     k = kh (keep highest), d = dl (drop lowest)
    count      := (">=" | "<=" | ">" | "<" | "=") number
                                                     count the kept dice meeting it

Examples: ``2d6+3``, ``d%``, ``4dF``, ``4d6kh3``, ``2d20kl1``, ``1d8+1d6-1``, ``8d6>=5``.

A term with a count is worth its number of successes; terms add up. Anything that cannot
be read raises :class:`DiceNotationError` with the position and what was expected. A
budget on the expression's size keeps every roll quick.
"""

from __future__ import annotations

import re
from typing import Literal

from meneur.core.frozen import frozen

from .dice import FATE, Sides, faces_of
from .errors import DiceNotationError

MAX_LENGTH = 500
"""Longest expression accepted, in characters."""
MAX_TERMS = 50
MAX_DICE = 1000
"""Most dice one expression may roll, all terms together."""
MAX_SIDES = 10_000
MAX_NUMBER_DIGITS = 6

KeepMode = Literal["kh", "kl", "dh", "dl"]
Comparison = Literal[">=", "<=", ">", "<", "="]
COMPARISONS: tuple[Comparison, ...] = (">=", "<=", ">", "<", "=")


@frozen
class Keep:
    """Which dice of a term count.

    Attributes:
        mode: keep highest, keep lowest, drop highest or drop lowest.
        number: how many dice that keeps or drops.
    """

    mode: KeepMode
    number: int

    def kept(self, count: int) -> tuple[int, bool]:
        """How many of ``count`` dice are kept and whether they are the highest ones."""
        if self.mode == "kh":
            return self.number, True
        if self.mode == "kl":
            return self.number, False
        if self.mode == "dh":
            return count - self.number, False
        return count - self.number, True


@frozen
class Condition:
    """The test a die passes to count as a success (``>=5``)."""

    comparison: Comparison
    target: int

    def passes(self, face: int) -> bool:
        """Whether ``face`` meets the condition."""
        match self.comparison:
            case ">=":
                return face >= self.target
            case "<=":
                return face <= self.target
            case ">":
                return face > self.target
            case "<":
                return face < self.target
            case "=":
                return face == self.target


@frozen
class DiceTerm:
    """A group of identical dice, optionally keeping some and counting successes.

    Attributes:
        sign: +1 or -1.
        count: how many dice.
        sides: faces per die, or ``"F"`` for Fate dice.
        keep: which dice count, or ``None`` for all.
        condition: when set, the term is worth the number of kept dice meeting it.
        text: the term as typed, for display.
    """

    sign: int
    count: int
    sides: Sides
    keep: Keep | None
    condition: Condition | None
    text: str

    @property
    def faces(self) -> tuple[int, ...]:
        """Every face one of these dice can show, lowest first."""
        return tuple(faces_of(self.sides))


@frozen
class ConstantTerm:
    """A fixed number added or subtracted (``+3``)."""

    sign: int
    value: int
    text: str


Term = DiceTerm | ConstantTerm


@frozen
class Expression:
    """A parsed dice expression: its text and its terms in order."""

    text: str
    terms: tuple[Term, ...]

    @property
    def dice_count(self) -> int:
        """How many dice one roll of the expression draws."""
        return sum(term.count for term in self.terms if isinstance(term, DiceTerm))


def parse(text: str) -> Expression:
    """Parse a dice expression.

    Raises:
        DiceNotationError: with the position and reason when ``text`` cannot be read or
            is beyond the budget.
    """
    return _Parser(text).expression()


_DICE_START = re.compile(r"\s*[+-]?\s*\d*\s*d\s*(\d|%|f(?![a-z]))", re.IGNORECASE)


def looks_like_dice(text: str) -> bool:
    """Whether ``text`` starts as a dice expression does (``2d6``, ``d%``, ``4dF``,
    ``3d0``, ``1001d6``…): a command line then reads it as dice and says what is wrong,
    instead of taking a mistyped roll for a note. ``du pain`` or ``4 chevaliers`` do not."""
    return _DICE_START.match(text) is not None


class _Parser:
    """A hand-written recursive-descent reader: the grammar is small, and only a
    hand-written reader can say exactly what was expected at each position."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(
        self, reason: str, code: str, position: int | None = None, **values: object
    ) -> DiceNotationError:
        where = self.pos if position is None else position
        return DiceNotationError(self.text, where, reason, code, **values)

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def peek(self, length: int = 1) -> str:
        return self.text[self.pos : self.pos + length].lower()

    def found(self) -> str:
        return f'"{self.text[self.pos]}"' if self.pos < len(self.text) else "the end"

    def found_character(self) -> str:
        """What stands at the position, for the interfaces' strings ("" at the end)."""
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def number(self, what: str, code: str) -> int | None:
        """Read a run of ASCII digits, or return None if there is none here."""
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if self.pos == start:
            return None
        if self.pos - start > MAX_NUMBER_DIGITS:
            raise self.fail(f"{what} is too large", "too_large", start, what=code)
        return int(self.text[start : self.pos])

    def required_number(self, what: str, code: str, after: str) -> int:
        self.skip_spaces()
        value = self.number(what, code)
        if value is None:
            raise self.fail(
                f"expected {what} after {after}, found {self.found()}",
                "expected_after",
                what=code,
                after=after,
                found=self.found_character(),
            )
        return value

    def expression(self) -> Expression:
        if len(self.text) > MAX_LENGTH:
            raise self.fail(
                f"an expression is at most {MAX_LENGTH} characters",
                "too_long",
                MAX_LENGTH,
                most=MAX_LENGTH,
            )
        terms: list[Term] = []
        self.skip_spaces()
        if self.pos == len(self.text):
            raise self.fail("empty expression: expected dice like 2d6 or a number", "empty")
        sign = self.sign(optional=True)
        while True:
            terms.append(self.term(sign))
            if len(terms) > MAX_TERMS:
                raise self.fail(
                    f"an expression has at most {MAX_TERMS} terms", "too_many_terms", most=MAX_TERMS
                )
            self.skip_spaces()
            if self.pos == len(self.text):
                break
            sign = self.sign(optional=False)
        expression = Expression(self.text, tuple(terms))
        if expression.dice_count > MAX_DICE:
            raise self.fail(
                f"an expression rolls at most {MAX_DICE} dice", "too_many_dice", 0, most=MAX_DICE
            )
        return expression

    def sign(self, *, optional: bool) -> int:
        self.skip_spaces()
        char = self.peek()
        if char in ("+", "-"):
            self.pos += 1
            return 1 if char == "+" else -1
        if optional:
            return 1
        raise self.fail(
            f"expected + or - between terms, found {self.found()}",
            "expected_sign",
            found=self.found_character(),
        )

    def term(self, sign: int) -> Term:
        self.skip_spaces()
        start = self.pos
        count = self.number("the number of dice", "dice_count")
        if self.peek() != "d":
            if count is None:
                raise self.fail(
                    f"expected dice like 2d6 or a number, found {self.found()}",
                    "expected_term",
                    found=self.found_character(),
                )
            return ConstantTerm(sign, count, self.text[start : self.pos])
        if count == 0:
            raise self.fail("roll at least one die", "no_die", start)
        self.pos += 1
        sides = self.sides()
        dice_count = 1 if count is None else count
        keep = self.keep(dice_count)
        condition = self.condition()
        return DiceTerm(
            sign, dice_count, sides, keep, condition, self.text[start : self.pos].strip()
        )

    def sides(self) -> Sides:
        char = self.peek()
        if char == "%":
            self.pos += 1
            return 100
        if char == "f":
            self.pos += 1
            return FATE
        start = self.pos
        sides = self.number("the number of sides", "sides")
        if sides is None:
            raise self.fail(
                f'expected the number of sides (or % or F) after "d", found {self.found()}',
                "expected_sides",
                found=self.found_character(),
            )
        if sides < 1:
            raise self.fail("a die has at least 1 side", "no_sides", start)
        if sides > MAX_SIDES:
            raise self.fail(
                f"a die has at most {MAX_SIDES} sides", "too_many_sides", start, most=MAX_SIDES
            )
        return sides

    def keep(self, count: int) -> Keep | None:
        # No spaces before a keep: "2d6 d4" is a missing "+", not "drop 4".
        start = self.pos
        two = self.peek(2)
        if two in ("kh", "kl", "dh", "dl"):
            mode: KeepMode = two  # type: ignore[assignment]  # narrowed by the test above
            self.pos += 2
        elif self.peek() in ("k", "d"):
            mode = "kh" if self.peek() == "k" else "dl"
            self.pos += 1
        else:
            return None
        written = self.text[start : self.pos]
        number = self.required_number("a number of dice", "keep_count", f'"{written}"')
        if mode in ("kh", "kl") and not 1 <= number <= count:
            raise self.fail(
                f"cannot keep {number} of {count} dice",
                "cannot_keep",
                start,
                number=number,
                count=count,
            )
        if mode in ("dh", "dl") and not 0 <= number < count:
            raise self.fail(
                f"cannot drop {number} of {count} dice: at least one must stay",
                "cannot_drop",
                start,
                number=number,
                count=count,
            )
        return Keep(mode, number)

    def condition(self) -> Condition | None:
        self.skip_spaces()
        for comparison in COMPARISONS:
            if self.text.startswith(comparison, self.pos):
                self.pos += len(comparison)
                self.skip_spaces()
                negative = self.peek() == "-"
                if negative:
                    self.pos += 1
                target = self.required_number("a target number", "target", f'"{comparison}"')
                return Condition(comparison, -target if negative else target)
        return None
