"""Exact odds: the probability of each outcome and of each numeric result, as fractions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Generic, TypeVar

from meneur.core.frozen import frozen

InputsT = TypeVar("InputsT")


@frozen
class Odds(Generic[InputsT]):
    """The exact odds of a test, computed, never sampled.

    Attributes:
        system: the system's short name (``"resolution"``…).
        inputs: the test the odds are for.
        outcomes: every outcome key of the system in display order (best first), with
            its probability; mutually exclusive, summing to 1. Impossible outcomes are
            present with probability 0.
        distribution: probability of each numeric result (dice kept, total, modified
            score), in increasing order of the result; only possible results appear.
    """

    system: str
    inputs: InputsT
    outcomes: Mapping[str, Fraction]
    distribution: Mapping[int, Fraction]

    def probability_of(self, keys: Iterable[str]) -> Fraction:
        """The probability that the outcome is one of ``keys`` (e.g. every success)."""
        return sum((self.outcomes.get(key, Fraction(0)) for key in keys), Fraction(0))


def distribution_from_counts(counts: Mapping[int, int]) -> Mapping[int, Fraction]:
    """Turn counts of equally likely cases into probabilities, sorted by result.

    Results with a zero count are dropped; the counts must not all be zero.
    """
    total = sum(counts.values())
    return MappingProxyType(
        {result: Fraction(count, total) for result, count in sorted(counts.items()) if count}
    )


def outcome_odds(
    distribution: Mapping[int, Fraction],
    outcome_of: Callable[[int], str],
    keys: Iterable[str],
) -> Mapping[str, Fraction]:
    """Probability of each outcome key, when the outcome follows from the numeric result.

    Args:
        distribution: probability of each numeric result.
        outcome_of: the outcome key for one result.
        keys: every outcome key, in display order; keys that cannot happen get 0.
    """
    totals = dict.fromkeys(keys, Fraction(0))
    for result, probability in distribution.items():
        totals[outcome_of(result)] += probability
    return MappingProxyType(totals)
