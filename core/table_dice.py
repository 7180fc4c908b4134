"""How a random table is read as books print it: the die that picks a row, and each
row's range of results.

A table's die is any dice expression, read over its totals (``2d6`` gives 2 … 12,
``d100`` 1 … 100), or ``d66``/``d666``: dice read digit by digit, tens then units (a
``d66`` gives 11 … 16, 21 … 26, … 66: thirty-six results, each as likely). A row covers
a range of those results, written as books write it: ``01–05``, ``1-2``, ``7``,
``96–00`` (on a die whose highest result is 100, ``00`` is 100; on a d10, ``0`` is 10),
``10+`` (10 and up). Rows must cover every result exactly once: a gap, an overlap or a
range past the die is refused in one sentence naming the row.

A ranged table becomes an ordinary :class:`~meneur.core.tables.RandomTable` whose rows,
sorted by range, each weigh the number of results they cover; the result rolled picks
the row by its place among the die's results, so the odds, the record and physical
dice typed in all follow the one rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from .errors import RulesError
from .notation import ConstantTerm, Expression, parse

__all__ = [
    "MAX_RESULTS",
    "digits_of",
    "parse_range",
    "place_of",
    "range_text",
    "results_of",
    "spans_to_weights",
]

MAX_RESULTS = 100_000
"""Most results a table's die may have (a row per result must stay thinkable)."""
_DIGITS = re.compile(r"\s*[dD](6{2,3})\s*")
_RANGE = re.compile(r"^\s*(\d+)\s*(?:(?:[-–—‒]|to|à|a)\s*(\d+)|(\+))?\s*$", re.IGNORECASE)


def digits_of(dice: str) -> int:
    """How many d6 a ``d66`` (2) or ``d666`` (3) reads digit by digit; 0 for a dice
    expression read over its totals."""
    found = _DIGITS.fullmatch(dice)
    return len(found.group(1)) if found else 0


@cache
def results_of(dice: str) -> tuple[int, ...]:
    """Every result ``dice`` can give, lowest first: a d66's thirty-six, an
    expression's totals from its lowest to its highest.

    Raises:
        DiceNotationError: for an expression that cannot be read.
        RulesError: for a die with more than :data:`MAX_RESULTS` results.
    """
    digits = digits_of(dice)
    if digits:
        results = [0]
        for _ in range(digits):
            results = [10 * before + face for before in results for face in range(1, 7)]
        return tuple(results)
    low, high = bounds(parse(dice))
    if high - low + 1 > MAX_RESULTS:
        raise RulesError(
            f"a table's die gives at most {MAX_RESULTS} results, not {dice}'s {high - low + 1}",
            message_key="tables.too_many_results",
            dice=dice,
            most=MAX_RESULTS,
        )
    return tuple(range(low, high + 1))


def place_of(dice: str, result: int) -> int:
    """Where ``result`` falls among the results of ``dice`` (1 for its lowest): the
    face of the one die a table's weights would be rolled on."""
    results = results_of(dice)
    if digits_of(dice):
        digits = [int(c) for c in str(result)]
        place = 0
        for digit in digits:
            place = place * 6 + digit - 1
        return place + 1
    return result - results[0] + 1


def bounds(expression: Expression) -> tuple[int, int]:
    """The lowest and highest totals of a dice expression."""
    low = high = 0
    for term in expression.terms:
        if isinstance(term, ConstantTerm):
            low += term.sign * term.value
            high += term.sign * term.value
            continue
        kept = term.keep.kept(term.count)[0] if term.keep else term.count
        if term.condition is not None:
            least, most = 0, kept
        else:
            least, most = kept * term.faces[0], kept * term.faces[-1]
        if term.sign > 0:
            low, high = low + least, high + most
        else:
            low, high = low - most, high - least
    return low, high


def parse_range(text: str, dice: str, row: int, *, by_line: bool = False) -> tuple[int, int]:
    """The results ``text`` covers on ``dice``, lowest and highest.

    ``01–05``, ``1-2``, ``7``, ``96–00``, ``10+``; a bound written as zeros alone is the
    die's highest result when that is 10, 100 or 1000 (``00`` on a d100).

    Args:
        row: the row's number in a refusal (``row 3``; with ``by_line``, ``line 3`` of
            the file it was read from).

    Raises:
        RulesError: naming the row, for a range that cannot be read.
    """
    found = _RANGE.match(text)
    if found is None:
        raise RulesError(
            f"{_row(row, by_line)}: {text.strip()!r} is not a range (1-2, 01–05, 96–00, 7, 10+)",
            message_key="tables.line_unreadable" if by_line else "tables.row_unreadable",
            row=row,
            range=text.strip(),
        )
    results = results_of(dice)
    highest = results[-1]
    low = _bound(found.group(1), highest)
    if found.group(3):
        return low, max(low, highest)
    high = _bound(found.group(2), highest) if found.group(2) else low
    return low, high


def _bound(digits: str, highest: int) -> int:
    """A range's bound: ``00`` is 100 on a die whose highest result is 100."""
    if set(digits) == {"0"} and highest == 10 ** len(digits):
        return highest
    return int(digits)


def _row(row: int, by_line: bool) -> str:
    return f"line {row}" if by_line else f"row {row}"


def range_text(span: tuple[int, ...], dice: str) -> str:
    """A row's range as books print it: ``01–05`` on a d100 (``00`` for 100), ``7``,
    ``2–3``."""
    low, high = span
    highest = results_of(dice)[-1]
    width = len(str(highest)) - 1 if highest in (100, 1000) else 0

    def shown(value: int) -> str:
        if width and value == highest:
            return "0" * width
        return str(value).zfill(width) if width and value >= 0 else str(value)

    return shown(low) if low == high else f"{shown(low)}–{shown(high)}"


def spans_to_weights(
    dice: str, spans: Sequence[tuple[int, int]], rows: Sequence[int], *, by_line: bool = False
) -> tuple[list[int], list[int]]:
    """Check that ``spans`` cover each result of ``dice`` once, and weigh them.

    Args:
        dice: the table's die.
        spans: each row's lowest and highest result, in the rows' order.
        rows: each row's number in a refusal (``row 3``; with ``by_line``, ``line 3``).

    Returns:
        The rows' order sorted by range (indices into ``spans``), and each row's weight
        (the results it covers), in that order.

    Raises:
        RulesError: naming the row, for a range that is reversed, past the die, covers
            no result, overlaps another, or leaves a gap.
    """
    results = results_of(dice)
    valid = set(results)
    low_end, high_end = results[0], results[-1]
    for (low, high), row in zip(spans, rows, strict=True):
        if low > high:
            raise RulesError(
                f"{_row(row, by_line)}: its range runs backwards ({low} to {high})",
                message_key="tables.line_backwards" if by_line else "tables.row_backwards",
                row=row,
                low=low,
                high=high,
            )
        if low < low_end or high > high_end:
            raise RulesError(
                f"{_row(row, by_line)}: {dice} gives {low_end} to {high_end}, not {low}–{high}",
                message_key="tables.line_past_die" if by_line else "tables.row_past_die",
                row=row,
                dice=dice,
                lowest=low_end,
                highest=high_end,
                low=low,
                high=high,
            )
    order = sorted(range(len(spans)), key=lambda i: spans[i])
    weights: list[int] = []
    previous: int | None = None
    covered_to = low_end - 1
    for index in order:
        low, high = spans[index]
        if previous is not None and low <= covered_to:
            result = max(low, spans[previous][0])
            raise RulesError(
                f"{_row(rows[index], by_line)} overlaps {_row(rows[previous], by_line)}"
                f" on {result}",
                message_key="tables.line_overlap" if by_line else "tables.row_overlap",
                row=rows[index],
                other=rows[previous],
                result=result,
            )
        missing = [r for r in results if covered_to < r < low]
        if missing:
            raise RulesError(
                f"no row covers {_said(missing)} (before {_row(rows[index], by_line)})",
                message_key="tables.line_gap" if by_line else "tables.row_gap",
                row=rows[index],
                results=_said(missing),
            )
        weight = sum(1 for r in range(low, high + 1) if r in valid)
        if weight == 0:
            raise RulesError(
                f"{_row(rows[index], by_line)}: {dice} never gives {_said([low, high])}",
                message_key="tables.line_never" if by_line else "tables.row_never",
                row=rows[index],
                dice=dice,
                results=_said([low, high]),
            )
        weights.append(weight)
        previous, covered_to = index, high
    if covered_to < high_end:
        missing = [r for r in results if r > covered_to]
        raise RulesError(
            f"no row covers {_said(missing)} (after {_row(rows[order[-1]], by_line)})",
            message_key="tables.line_gap_end" if by_line else "tables.row_gap_end",
            row=rows[order[-1]],
            results=_said(missing),
        )
    return order, weights


def _said(results: list[int]) -> str:
    return str(results[0]) if results[0] == results[-1] else f"{results[0]}–{results[-1]}"
