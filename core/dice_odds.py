"""Exact odds of a free dice expression, by counting equally likely cases.

Each term becomes a table of how many of its equally likely rolls give each value:

- a plain sum of n identical dice: a sliding-window sum, one die at a time, done by
  ``itertools.accumulate`` and ``map`` so the loops run in C;
- successes counted on every die: binomial counts C(n, j) · p^j · q^(n − j);
- keep/drop: a walk over the faces in keeping order, tracking how many dice are placed
  and what the kept ones are worth, closing a state in one step once its kept dice are
  all placed.

Terms are then convolved, and counts divided by the number of cases give fractions.

Why not icepool: it sums one die at a time in Python with a recursion per die — 100d100
took 18 s here, 1000d6 hit the recursion limit — and importing it costs about 80 ms on
the CLI's path. This module is short, exact (integers throughout) and is checked in the
tests against brute-force enumeration and against icepool itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import accumulate
from math import comb
from operator import sub
from types import MappingProxyType

from .errors import RulesError
from .expressions import SYSTEM, DiceInputs
from .notation import ConstantTerm, DiceTerm, Expression, parse
from .odds import Odds

MAX_OUTCOMES = 100_000
"""Most distinct totals an expression's odds may have."""
MAX_WORK = 5_000_000
"""Budget of elementary steps for the odds of one expression: about half a second."""


class Table:
    """How many equally likely cases give each value: ``counts[i]`` cases give
    ``low + i``, out of ``cases`` in all."""

    __slots__ = ("cases", "counts", "low")

    def __init__(self, low: int, counts: list[int], cases: int) -> None:
        self.low = low
        self.counts = counts
        self.cases = cases

    def negated(self) -> Table:
        """The table of minus the value."""
        return Table(-(self.low + len(self.counts) - 1), self.counts[::-1], self.cases)

    def shifted(self, by: int) -> Table:
        """The table of the value plus a constant."""
        return Table(self.low + by, self.counts, self.cases)

    def plus(self, other: Table) -> Table:
        """The table of the sum of two independent values (a convolution)."""
        small, large = sorted((self, other), key=lambda table: len(table.counts))
        result = [0] * (len(small.counts) + len(large.counts) - 1)
        for offset, weight in enumerate(small.counts):
            if weight:
                segment = result[offset : offset + len(large.counts)]
                result[offset : offset + len(large.counts)] = [
                    total + weight * count
                    for total, count in zip(segment, large.counts, strict=True)
                ]
        return Table(small.low + large.low, result, small.cases * large.cases)

    def as_mapping(self) -> dict[int, int]:
        """Value → number of cases, for the values that can happen."""
        return {self.low + i: count for i, count in enumerate(self.counts) if count}


def uniform_sum(count: int, low: int, width: int) -> Table:
    """The table of the sum of ``count`` dice with faces ``low`` … ``low + width − 1``."""
    counts = [1]
    padding = [0] * (width - 1)
    for _ in range(count):
        # new[i] = counts[i - width + 1] + … + counts[i], read off a prefix sum.
        prefix = list(accumulate(padding + counts + padding, initial=0))
        counts = list(map(sub, prefix[width:], prefix[: len(prefix) - width]))
    return Table(low * count, counts, width**count)


def success_count(count: int, passing: int, width: int) -> Table:
    """The table of how many of ``count`` dice pass, ``passing`` faces of ``width`` passing."""
    failing = width - passing
    return Table(
        0,
        [comb(count, j) * passing**j * failing ** (count - j) for j in range(count + 1)],
        width**count,
    )


def kept_table(
    count: int,
    faces: tuple[int, ...],
    keep: int,
    highest: bool,
    worth: Callable[[int], int],
) -> Table:
    """The table of what the ``keep`` highest (or lowest) of ``count`` dice are worth.

    Faces are visited in keeping order (highest first when keeping the highest). A state
    is (dice placed so far, worth of the kept ones so far) with its number of ways. At a
    face, j more dice show it; once ``keep`` dice are placed the kept worth is final and
    the other dice may show any face still to come, so the state closes at once.
    """
    order = faces[::-1] if highest else faces
    finished: defaultdict[int, int] = defaultdict(int)
    open_states: dict[tuple[int, int], int] = {(0, 0): 1}
    for index, face in enumerate(order):
        later = len(order) - index - 1
        value = worth(face)
        following: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (placed, total), ways in open_states.items():
            free = count - placed
            missing = keep - placed
            # Fewer than `missing` dice here: the state stays open (`missing` ≤ `free`
            # always, since placed + free = count ≥ keep).
            for j in range(missing):
                following[(placed + j, total + value * j)] += ways * comb(free, j)
            # `missing` dice or more here: the kept dice are complete; the others show
            # this face or a later one: sum over j ≥ missing of C(free, j) · later^(free − j).
            tail = (later + 1) ** free - sum(
                comb(free, j) * later ** (free - j) for j in range(missing)
            )
            if tail:
                finished[total + value * missing] += ways * tail
        # After the last face an open state would have dice left with no face to show.
        open_states = following if later else {}
    low = min(finished)
    counts = [0] * (max(finished) - low + 1)
    for value, ways in finished.items():
        counts[value - low] += ways
    return Table(low, counts, len(faces) ** count)


def term_table(term: DiceTerm) -> Table:
    """The table of one dice term's value, before its sign."""
    faces = term.faces
    width = len(faces)
    if term.keep is None or term.keep.kept(term.count)[0] == term.count:
        if term.condition is None:
            return uniform_sum(term.count, faces[0], width)
        passing = sum(1 for face in faces if term.condition.passes(face))
        return success_count(term.count, passing, width)
    keep, highest = term.keep.kept(term.count)
    condition = term.condition
    worth: Callable[[int], int] = (
        (lambda face: int(condition.passes(face))) if condition is not None else (lambda face: face)
    )
    return kept_table(term.count, faces, keep, highest, worth)


def estimated_work(expression: Expression) -> tuple[int, int]:
    """Rough elementary steps (about 0.1 µs each here) and span of totals for the odds.

    The weights were measured on this implementation: a keep/drop term visits each face
    with up to ``keep × span`` open states and ``keep`` branches; a plain sum slides a
    window once per die; each convolution multiplies the two spans.
    """
    work = 0
    span = 1
    for term in expression.terms:
        if isinstance(term, ConstantTerm):
            continue
        width = len(term.faces)
        worth = 1 if term.condition else term.faces[-1] - term.faces[0]
        if term.keep is not None and term.keep.kept(term.count)[0] < term.count:
            keep = term.keep.kept(term.count)[0]
            term_span = keep * worth + 1
            work += width * keep * keep * term_span
        else:
            term_span = term.count * worth + 1
            work += 0 if term.condition else term.count * (term_span + width)
        work += span * term_span
        span += term_span - 1
    return work, span


def odds(inputs: DiceInputs) -> Odds[DiceInputs]:
    """Exact probability of each total of the expression.

    ``outcomes`` is empty: a free expression has a total, not outcome keys.

    Raises:
        DiceNotationError: when the expression cannot be read.
        RulesError: when exact odds would take too long (the roll itself still works).
    """
    expression = parse(inputs.expression)
    work, span = estimated_work(expression)
    if span > MAX_OUTCOMES or work > MAX_WORK:
        raise RulesError(
            f"exact odds of {inputs.expression} would take too long to compute "
            "(too many dice, sides or kept dice); rolling it still works",
            message_key="odds.too_long_dice",
            expression=inputs.expression,
        )
    total = Table(0, [1], 1)
    for term in expression.terms:
        if isinstance(term, ConstantTerm):
            total = total.shifted(term.sign * term.value)
            continue
        table = term_table(term)
        total = total.plus(table if term.sign > 0 else table.negated())
    distribution: Mapping[int, Fraction] = MappingProxyType(
        {value: Fraction(count, total.cases) for value, count in total.as_mapping().items()}
    )
    return Odds(
        system=SYSTEM, inputs=inputs, outcomes=MappingProxyType({}), distribution=distribution
    )
