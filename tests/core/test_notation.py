"""The free dice notation: what it reads, what it refuses and where."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core import expressions
from meneur.core.errors import DiceNotationError, RulesError
from meneur.core.expressions import DiceInputs
from meneur.core.notation import MAX_DICE, ConstantTerm, DiceTerm, Expression, Keep, parse


def dice_term(text: str) -> DiceTerm:
    (term,) = parse(text).terms
    assert isinstance(term, DiceTerm)
    return term


@pytest.mark.parametrize(
    ("text", "count", "sides"),
    [
        ("2d6", 2, 6),
        ("d20", 1, 20),
        ("d%", 1, 100),
        ("3D8", 3, 8),
        ("4dF", 4, "F"),
        ("4df", 4, "F"),
    ],
)
def test_reads_dice(text: str, count: int, sides: int | str) -> None:
    term = dice_term(text)
    assert (term.count, term.sides, term.keep, term.condition) == (count, sides, None, None)


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        ("4d6kh3", Keep("kh", 3)),
        ("4d6k3", Keep("kh", 3)),
        ("2d20kl1", Keep("kl", 1)),
        ("4d6dl1", Keep("dl", 1)),
        ("4d6d1", Keep("dl", 1)),
        ("5d10dh2", Keep("dh", 2)),
        ("4D6KH3", Keep("kh", 3)),
    ],
)
def test_reads_keep_and_drop(text: str, keep: Keep) -> None:
    assert dice_term(text).keep == keep


def test_reads_success_counting() -> None:
    term = dice_term("8d6>=5")
    assert term.condition is not None
    assert (term.condition.comparison, term.condition.target) == (">=", 5)
    assert dice_term("8d6 >= 5").condition == term.condition
    assert dice_term("4dF>-1").condition is not None


def test_reads_sums_and_constants() -> None:
    expression = parse(" 1d8 + 1d6 - 2 ")
    assert [type(t) for t in expression.terms] == [DiceTerm, DiceTerm, ConstantTerm]
    assert [t.sign for t in expression.terms] == [1, 1, -1]
    assert parse("-1d4+3").terms[0].sign == -1


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("", 0, "empty expression"),
        ("   ", 3, "empty expression"),
        ("2d", 2, "number of sides"),
        ("2dx", 2, "number of sides"),
        ("abc", 0, "expected dice"),
        ("2d6 3", 4, "expected + or -"),
        ("2d6 d4", 4, "expected + or -"),
        ("2d6+", 4, "expected dice"),
        ("4d6kh", 5, "a number of dice"),
        ("4d6kh5", 3, "cannot keep 5 of 4"),
        ("4d6kh0", 3, "cannot keep 0 of 4"),
        ("4d6dl4", 3, "cannot drop 4 of 4"),
        ("8d6>=", 5, "a target number"),
        ("0d6", 0, "at least one die"),
        ("2d0", 2, "at least 1 side"),
        ("2d100000", 2, "at most 10000 sides"),
        ("99999999d6", 0, "too large"),
        ("1001d6", 0, f"at most {MAX_DICE} dice"),
        ("600d6+600d6", 0, f"at most {MAX_DICE} dice"),
        ("2d6²", 3, "expected + or -"),
        ("٣d6", 0, "expected dice"),  # Arabic-Indic digit: not a number here
    ],
)
def test_refuses_with_position_and_reason(text: str, position: int, reason: str) -> None:
    with pytest.raises(DiceNotationError) as caught:
        parse(text)
    assert caught.value.position == position
    assert reason in caught.value.reason
    assert f"character {position + 1}" in str(caught.value)


def test_long_expressions_are_refused() -> None:
    with pytest.raises(DiceNotationError, match="at most 500 characters"):
        parse("1+" * 300 + "1")
    with pytest.raises(DiceNotationError, match="at most 50 terms"):
        parse("+".join(["1"] * 60))


@given(st.text())
def test_any_text_parses_or_raises_the_notation_error(text: str) -> None:
    outcome: object
    try:
        outcome = parse(text)
    except DiceNotationError as error:
        outcome = error
    if isinstance(outcome, DiceNotationError):
        assert 0 <= outcome.position <= len(text)
        assert outcome.reason
    else:
        assert isinstance(outcome, Expression)
        assert outcome.terms
        assert outcome.dice_count <= MAX_DICE


notation_alphabet = st.text(alphabet="0123456789dDkKhHlLfF%+-<>= ", max_size=30)


@given(notation_alphabet, st.integers(0, 2**32))
def test_near_miss_text_parses_or_raises_and_then_rolls(text: str, seed: int) -> None:
    try:
        parse(text)
    except DiceNotationError:
        return
    rolled = expressions.roll(DiceInputs(text), random.Random(seed))
    faces = tuple(die.face for die in rolled.dice)
    assert expressions.resolve(DiceInputs(text), faces) == rolled


def test_a_roll_keeps_the_highest_and_records_every_die() -> None:
    rolled = expressions.resolve(DiceInputs("4d6kh3+2"), (2, 6, 2, 5))
    assert rolled.result == 6 + 5 + 2 + 2
    # Of the two 2s, the first one is kept.
    assert [die.kept for die in rolled.dice] == [True, True, False, True]


def test_success_counting_counts_kept_dice_meeting_the_condition() -> None:
    assert expressions.resolve(DiceInputs("8d6>=5"), (5, 6, 1, 2, 3, 4, 5, 6)).result == 4
    assert expressions.resolve(DiceInputs("4d6kh2>=5"), (5, 6, 6, 1)).result == 2


def test_fate_dice_show_minus_one_to_one() -> None:
    rolled = expressions.roll(DiceInputs("20dF"), random.Random(3))
    assert {die.face for die in rolled.dice} <= {-1, 0, 1}
    assert all(die.sides == "F" for die in rolled.dice)
    assert rolled.result == sum(die.face for die in rolled.dice)


def test_given_faces_must_fit_the_dice() -> None:
    with pytest.raises(RulesError, match="rolls 2 dice"):
        expressions.resolve(DiceInputs("2d6"), (3,))
    with pytest.raises(RulesError, match="rolls 2 dice"):
        expressions.resolve(DiceInputs("2d6"), (3, 4, 5))
    with pytest.raises(RulesError, match="cannot show 7"):
        expressions.resolve(DiceInputs("2d6"), (3, 7))
