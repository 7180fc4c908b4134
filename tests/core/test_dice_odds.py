"""Exact odds of dice expressions, against brute force and against icepool."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.core import dice_odds, expressions
from meneur.core.errors import RulesError
from meneur.core.expressions import DiceInputs
from meneur.core.notation import DiceTerm, parse


def brute_force(text: str) -> dict[int, Fraction]:
    """The distribution of totals from every combination of faces, through the evaluator."""
    expression = parse(text)
    faces = [t.faces for t in expression.terms if isinstance(t, DiceTerm) for _ in range(t.count)]
    counts = Counter(
        expressions.resolve(DiceInputs(text), combination).result
        for combination in itertools.product(*faces)
    )
    cases = sum(counts.values())
    return {total: Fraction(n, cases) for total, n in sorted(counts.items())}


def odds(text: str) -> dict[int, Fraction]:
    return dict(dice_odds.odds(DiceInputs(text)).distribution)


@pytest.mark.parametrize(
    "text",
    [
        "3d6",
        "d%",
        "4dF",
        "4d6kh3",
        "4d6k3",
        "2d20kl1",
        "5d4dh2",
        "4d6d1",
        "3d8dl0",
        "6d6>=5",
        "5d6<3",
        "4d6=3",
        "5d6kh3>=4",
        "5d6kl2<=2",
        "4dFkh2",
        "1d4-1d6+2",
        "-2d4",
        "7",
        "2d6-3+1d3",
        "3d10>5+2d4",
    ],
)
def test_odds_equal_brute_force(text: str) -> None:
    assert odds(text) == brute_force(text)


small_terms = st.builds(
    lambda count, sides, keep, condition, sign: (
        f"{sign}{count}d{sides}"
        + (f"{keep[0]}{min(keep[1], count - (keep[0][0] == 'd'))}" if keep else "")
        + (f"{condition[0]}{condition[1]}" if condition else "")
    ),
    st.integers(1, 4),
    st.sampled_from([2, 3, 4, 6, "F"]),
    st.one_of(st.none(), st.tuples(st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(1, 4))),
    st.one_of(
        st.none(), st.tuples(st.sampled_from([">=", "<=", ">", "<", "="]), st.integers(-1, 6))
    ),
    st.sampled_from(["+", "-"]),
)


# 50 examples a run (each enumerates every roll, ~0.3 s): every CI run draws new ones, so
# coverage grows across runs while the suite stays under its 10 minutes.
@settings(max_examples=50)
@given(st.lists(small_terms, min_size=1, max_size=2), st.integers(-3, 3))
def test_generated_small_expressions_equal_brute_force(terms: list[str], constant: int) -> None:
    text = "".join(terms) + f"{constant:+d}"
    try:
        parse(text)
    except RulesError:
        return  # e.g. a drop of every die: refused by the parser, not a case for odds
    if parse(text).dice_count > 6:
        return
    assert odds(text) == brute_force(text)


@pytest.mark.parametrize(
    ("text", "reference"),
    [
        ("20d6", lambda: 20 @ icepool.d(6)),
        ("10d10kh3", lambda: icepool.d(10).highest(10, 3)),
        ("8d12kl3", lambda: icepool.d(12).lowest(8, 3)),
        ("12d6>=5", lambda: 12 @ icepool.d(6).map(lambda f: int(f >= 5))),
        (
            "9d8kh4>=6",
            lambda: icepool.d(8).pool(9).highest(4).keep_outcomes(lambda f: f >= 6).size(),
        ),
        ("6d20dl2+1d4-3", lambda: icepool.d(20).highest(6, 4) + icepool.d(4) - 3),
        ("10dF", lambda: 10 @ icepool.Die([-1, 0, 1])),
    ],
)
def test_odds_equal_icepool_on_larger_pools(text: str, reference) -> None:
    die = reference()
    expected = {
        outcome: Fraction(die.quantity(outcome), die.denominator()) for outcome in die.outcomes()
    }
    assert odds(text) == {k: v for k, v in expected.items() if v}


@given(st.lists(small_terms, min_size=1, max_size=3), st.integers(0, 2**32))
def test_every_rolled_total_is_possible(terms: list[str], seed: int) -> None:
    text = "".join(terms)
    try:
        parse(text)
    except RulesError:
        return
    rolled = expressions.roll(DiceInputs(text), random.Random(seed))
    distribution = odds(text)
    assert distribution[rolled.result] > 0
    assert sum(distribution.values()) == 1


def test_odds_of_12d6_success_count() -> None:
    distribution = odds("12d6>=5")
    assert distribution[0] == Fraction(2**12, 3**12)
    assert distribution[12] == Fraction(1, 3**12)


def test_costly_odds_are_refused_quickly_but_the_roll_works() -> None:
    with pytest.raises(RulesError, match="too long"):
        dice_odds.odds(DiceInputs("20d100kh10"))
    with pytest.raises(RulesError, match="too long"):
        dice_odds.odds(DiceInputs("1000d100"))
    assert expressions.roll(DiceInputs("20d100kh10"), random.Random(1)).result > 0


def test_free_expressions_have_no_outcome_keys() -> None:
    result = dice_odds.odds(DiceInputs("2d6"))
    assert dict(result.outcomes) == {}
    assert result.distribution[7] == Fraction(1, 6)


def test_typed_faces_read_numbers_and_name_the_first_word_that_is_not_one() -> None:
    from meneur.core.dice import typed_faces
    from meneur.core.errors import RulesError

    assert typed_faces(" 4 6,2 ") == (4, 6, 2)
    assert typed_faces("") == ()
    for typed, word in (("7 1 1x", "1x"), ("3 -2", "-2"), ("٣ 4", "٣"), ("4.5", "4.5")):
        with pytest.raises(RulesError) as refused:
            typed_faces(typed)
        assert (refused.value.message_key, refused.value.values) == (
            "dice.not_a_face",
            {"found": word},
        )
