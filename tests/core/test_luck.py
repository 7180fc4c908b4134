"""The Poisson-binomial luck against enumeration: every way the tests could have gone,
weighed exactly with fractions."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from meneur.core.luck import luck, successes

chances = st.lists(
    st.fractions(min_value=0, max_value=1, max_denominator=60), min_size=0, max_size=9
)


def enumerated(ps: list[Fraction]) -> list[Fraction]:
    """The exact probability of each count of successes, from every way the tests go."""
    exact = [Fraction(0)] * (len(ps) + 1)
    for outcome in itertools.product((False, True), repeat=len(ps)):
        weight = Fraction(1)
        for won, p in zip(outcome, ps, strict=True):
            weight *= p if won else 1 - p
        exact[sum(outcome)] += weight
    return exact


def close(found: float, exact: Fraction) -> bool:
    return abs(Fraction(found) - exact) <= exact * Fraction(1, 10**12) + Fraction(1, 10**30)


@given(chances, st.data())
def test_luck_is_the_exact_chance_of_doing_no_better(
    ps: list[Fraction], data: st.DataObject
) -> None:
    exact = enumerated(ps)
    observed = data.draw(st.integers(0, len(ps)))
    assert close(luck(ps, observed), sum(exact[: observed + 1], Fraction(0)))


@given(chances)
def test_each_count_has_its_exact_chance(ps: list[Fraction]) -> None:
    exact = enumerated(ps)
    found = successes(ps)
    for count, probability in enumerate(exact):
        assert close(found.probability(count), probability), count


def test_tests_given_by_their_count_weigh_as_given_one_by_one() -> None:
    ps = [Fraction(1, 3)] * 40 + [Fraction(7, 10)] * 25 + [Fraction(1)] * 3
    counted = {Fraction(1, 3): 40, Fraction(7, 10): 25, Fraction(1): 3}
    assert successes(ps) == successes(counted)


def test_a_long_campaign_sums_to_one_and_its_mean_is_where_it_should_be() -> None:
    # 30,000 tests of 60 chances: far too many to enumerate, but the whole distribution
    # must still sum to 1 and centre on the sum of the chances.
    ps = {Fraction(k, 61): 500 for k in range(1, 61)}
    found = successes(ps)
    total = sum(found.probability(found.start + i) for i in range(len(found.weights)))
    mean = sum(
        (found.start + i) * found.probability(found.start + i) for i in range(len(found.weights))
    )
    assert abs(total - 1) < 1e-12
    assert abs(mean - float(sum(p * n for p, n in ps.items()))) < 1e-6
    # Half the mass lies at or below the mean (a symmetric sum of chances: k and 61 - k).
    assert abs(found.at_most(15_000) - 0.5) < 0.01
    assert found.at_most(14_000) < 1e-12


def test_certain_tests_move_the_count_without_spreading_it() -> None:
    assert luck([Fraction(1)] * 5, 4) == 0.0
    assert luck([Fraction(1)] * 5, 5) == 1.0
    assert luck([Fraction(0)] * 5, 0) == 1.0
    assert luck([], 0) == 1.0
