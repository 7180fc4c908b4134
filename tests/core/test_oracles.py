"""The environment oracle (seed example) and the yes/no oracle on 3d6 keep-under."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core import oracles
from meneur.core.errors import RulesError
from meneur.core.oracles import Lean, OracleQuestion, YesNoQuestion
from meneur.core.records import roll_seeded

ALL_ROLLS = list(itertools.product(range(1, 7), repeat=3))


def test_battle_example_score_3_dice_4_3_1_keeps_two_favourable() -> None:
    answer = oracles.resolve_oracle(OracleQuestion(Lean.NEUTRAL, "La bataille ?"), (4, 3, 1))
    assert answer.result == 2
    assert answer.outcome == "favourable"
    assert answer.success is True
    assert answer.inputs.question == "La bataille ?"


@pytest.mark.parametrize(("lean", "score"), [(Lean.AGAINST, 2), (Lean.NEUTRAL, 3), (Lean.FOR, 4)])
def test_lean_sets_the_score(lean: Lean, score: int) -> None:
    assert lean.score == score
    # A die showing the score is kept, one above it is not.
    assert (
        oracles.resolve_oracle(OracleQuestion(lean), (score, score, score + 1)).outcome
        == "favourable"
    )
    assert (
        oracles.resolve_oracle(OracleQuestion(lean), (score, score + 1, 6)).outcome
        == "unfavourable"
    )


@pytest.mark.parametrize("lean", list(Lean))
def test_oracle_odds_equal_brute_force(lean: Lean) -> None:
    question = OracleQuestion(lean)
    counts = Counter(oracles.resolve_oracle(question, faces).outcome for faces in ALL_ROLLS)
    expected = {key: Fraction(n, 216) for key, n in counts.items()}
    assert dict(oracles.oracle_odds(question).outcomes) == expected


def test_neutral_oracle_is_an_even_chance() -> None:
    assert oracles.oracle_odds(OracleQuestion(Lean.NEUTRAL)).outcomes["favourable"] == Fraction(
        1, 2
    )


@pytest.mark.parametrize(
    ("kept_faces", "answer"),
    [((1, 1, 1), "yes_and"), ((1, 1, 6), "yes_but"), ((1, 6, 6), "no_but"), ((6, 6, 6), "no_and")],
)
def test_yesno_reads_the_instable_column(kept_faces: tuple[int, ...], answer: str) -> None:
    rolled = oracles.resolve_yesno(YesNoQuestion(3, "Is the door locked?"), kept_faces)
    assert rolled.outcome == answer
    assert rolled.success is answer.startswith("yes")


@pytest.mark.parametrize("likelihood", range(1, 6))
def test_yesno_odds_equal_brute_force(likelihood: int) -> None:
    question = YesNoQuestion(likelihood)
    counts = Counter(oracles.resolve_yesno(question, faces).outcome for faces in ALL_ROLLS)
    expected = {key: Fraction(counts[key], 216) for key in oracles.YESNO_OUTCOMES}
    assert dict(oracles.yesno_odds(question).outcomes) == expected


def test_likelihoods_mirror_around_even_odds() -> None:
    unlikely = oracles.yesno_odds(YesNoQuestion(1)).outcomes
    likely = oracles.yesno_odds(YesNoQuestion(5)).outcomes
    assert unlikely["yes_and"] == likely["no_and"]
    assert unlikely["yes_but"] == likely["no_but"]
    even = oracles.yesno_odds(YesNoQuestion(3)).outcomes
    assert even["yes_and"] + even["yes_but"] == Fraction(1, 2)


def test_more_likely_means_more_yes() -> None:
    yes = [
        oracles.yesno_odds(YesNoQuestion(n)).probability_of(("yes_and", "yes_but"))
        for n in range(1, 6)
    ]
    assert yes == sorted(yes)
    assert len(set(yes)) == 5


@pytest.mark.parametrize("likelihood", [0, 6, 9, -1])
def test_likelihood_outside_1_to_5_is_refused(likelihood: int) -> None:
    with pytest.raises(RulesError, match="likelihood"):
        YesNoQuestion(likelihood)


@given(st.integers(1, 5), st.sampled_from(Lean), st.integers(0, 2**63))
def test_answers_follow_from_their_dice(likelihood: int, lean: Lean, seed: int) -> None:
    yesno = roll_seeded(oracles.roll_yesno, YesNoQuestion(likelihood), seed)
    reread = oracles.resolve_yesno(yesno.inputs, tuple(d.face for d in yesno.dice))
    assert dataclasses.replace(reread, seed=seed) == yesno
    oracle = roll_seeded(oracles.roll_oracle, OracleQuestion(lean), seed)
    assert (
        oracles.resolve_oracle(oracle.inputs, tuple(d.face for d in oracle.dice)).outcome
        == oracle.outcome
    )
    assert oracles.oracle_odds(oracle.inputs).outcomes[oracle.outcome] > 0
