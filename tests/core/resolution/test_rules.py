"""Résoudre une action: the seed's worked examples, the alteration table, brute force."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content import term
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.resolution.rules import (
    Alteration,
    Declared,
    Element,
    Interest,
    Intrinsic,
    ResolutionTest,
)


def scales(intrinsic: Intrinsic, interest: Interest, *elements: Element, **kw) -> ResolutionTest:
    return ResolutionTest(intrinsic=intrinsic, interest=interest, elements=elements, **kw)


# --- The seed's worked examples ------------------------------------------------------


def test_downlink_complexe_and_interesting_success_give_difficulty_2() -> None:
    test = scales(Intrinsic.COMPLEXE, Interest.INTERESTING_SUCCESS)
    assert test.difficulty == 2


def razors_hold(alteration: Alteration = Alteration.STABLE) -> ResolutionTest:
    """The seed's example: Démentielle, Neutre, Arts martiaux (3, typical) + Muscles (2)."""
    return scales(
        Intrinsic.DEMENTIELLE,
        Interest.NEUTRAL,
        Element(3, typical=True, name="Arts martiaux"),
        Element(2, name="Muscles améliorés"),
        alteration=alteration,
    )


def test_razors_hold_scores_3_and_keeps_one_die_a_failure() -> None:
    test = razors_hold()
    assert test.difficulty == -2
    assert test.score_to_beat == 3
    rolled = resolution.resolve(test, (4, 6, 2))
    assert rolled.result == 1
    assert [die.kept for die in rolled.dice] == [False, False, True]
    assert rolled.outcome == "failure"
    assert rolled.success is False


def test_razors_hold_with_adoucie_is_a_failure_with_a_positive_counterpart() -> None:
    rolled = resolution.resolve(razors_hold(Alteration.ADOUCIE), (4, 6, 2))
    assert rolled.outcome == "failure_bonus"
    assert term(f"resolution.outcome.{rolled.outcome}").fr == "Échec avec contrepartie positive"


def test_thalos_against_lyra_opposed_difficulty_is_minus_2() -> None:
    assert resolution.opposed_difficulty((3, 2)) == -2
    assert ResolutionTest(opposing=(3, 2)).difficulty == -2


# --- The alteration table, read cell by cell from the seed ---------------------------

SEED_TABLE = {
    # kept: (Stable, Adoucie, Amplifiée, Instable), as printed in the seed.
    3: (
        "Réussite sans effet secondaire",
        "Réussite sans effet secondaire",
        "Réussite avec effet secondaire positif",
        "Réussite avec effet secondaire positif",
    ),
    2: (
        "Réussite sans effet secondaire",
        "Réussite avec contrepartie négative",
        "Réussite sans effet secondaire",
        "Réussite avec contrepartie négative",
    ),
    1: (
        "Échec sans effet secondaire",
        "Échec avec contrepartie positive",
        "Échec sans effet secondaire",
        "Échec avec contrepartie positive",
    ),
    0: (
        "Échec sans effet secondaire",
        "Échec sans effet secondaire",
        "Échec avec effet secondaire négatif",
        "Échec avec effet secondaire négatif",
    ),
}
COLUMNS = (Alteration.STABLE, Alteration.ADOUCIE, Alteration.AMPLIFIEE, Alteration.INSTABLE)


@pytest.mark.parametrize(("kept", "column"), itertools.product(range(4), range(4)))
def test_alteration_table_matches_the_seed(kept: int, column: int) -> None:
    outcome = resolution.outcome_for(kept, COLUMNS[column])
    assert term(f"resolution.outcome.{outcome}").fr == SEED_TABLE[kept][column]


@pytest.mark.parametrize(
    ("kept", "faces"), [(3, (1, 2, 3)), (2, (3, 3, 6)), (1, (6, 5, 1)), (0, (4, 5, 6))]
)
def test_dice_at_most_the_score_are_kept(kept: int, faces: tuple[int, ...]) -> None:
    rolled = resolution.resolve(ResolutionTest(score=3), faces)
    assert rolled.result == kept
    assert rolled.success is (kept >= 2)


# --- Automatic results ---------------------------------------------------------------


@pytest.mark.parametrize("score", [0, -1, -12])
def test_score_0_or_less_fails_without_dice_and_reads_as_0_kept(score: int) -> None:
    rolled = resolution.roll(
        ResolutionTest(score=score, alteration=Alteration.AMPLIFIEE), random.Random(1)
    )
    assert rolled.dice == ()
    assert rolled.automatic
    assert rolled.result == 0
    assert rolled.outcome == "failure_cost"


@pytest.mark.parametrize("score", [6, 7, 20])
def test_score_6_or_more_succeeds_without_dice_and_reads_as_3_kept(score: int) -> None:
    rolled = resolution.roll(
        ResolutionTest(score=score, alteration=Alteration.INSTABLE), random.Random(1)
    )
    assert rolled.dice == ()
    assert rolled.result == 3
    assert rolled.outcome == "success_bonus"


def test_scores_1_to_5_roll_three_dice() -> None:
    for score in range(1, 6):
        assert len(resolution.roll(ResolutionTest(score=score), random.Random(score)).dice) == 3


# --- Elements ------------------------------------------------------------------------


def test_a_second_element_needs_the_first_to_be_typical() -> None:
    with pytest.raises(RulesError, match="typical"):
        scales(Intrinsic.COMPLEXE, Interest.NEUTRAL, Element(2), Element(1, typical=True))


def test_the_second_element_need_not_be_typical() -> None:
    test = scales(Intrinsic.COMPLEXE, Interest.NEUTRAL, Element(2, typical=True), Element(1))
    assert test.score_to_beat == 3


def test_never_more_than_two_elements() -> None:
    with pytest.raises(RulesError, match="at most two"):
        scales(
            Intrinsic.COMPLEXE,
            Interest.NEUTRAL,
            Element(1, typical=True),
            Element(1, typical=True),
            Element(1),
        )


def test_the_same_element_never_counts_twice() -> None:
    # Play-tested: "Arts martiaux 3 + Arts martiaux 3" scored 4 (74.1 %) instead of 3.
    with pytest.raises(RulesError, match="Arts martiaux cannot count twice"):
        scales(
            Intrinsic.DEMENTIELLE,
            Interest.NEUTRAL,
            Element(3, typical=True, name="Arts martiaux"),
            Element(3, name="arts martiaux"),
        )


def test_a_situational_element_may_be_taken_twice() -> None:
    # Each situational element is a different thing borrowed from the scene.
    test = scales(
        Intrinsic.COMPLEXE,
        Interest.NEUTRAL,
        Element(typical=True, name="Situationnel", situational=True),
        Element(name="Situationnel", situational=True),
    )
    assert test.score_to_beat == 2


@pytest.mark.parametrize(
    ("declared", "outcome"), [(Declared.TRIVIAL, "success"), (Declared.IMPOSSIBLE, "failure")]
)
@pytest.mark.parametrize("alteration", list(Alteration))
def test_a_gm_declared_action_has_no_roll_and_no_side_effect(
    declared: Declared, outcome: str, alteration: Alteration
) -> None:
    # docs/rules/resolution.md#roll, a ruling: trivial or impossible, "automatically, without side
    # effect".
    test = ResolutionTest(declared=declared, alteration=alteration)
    rolled = resolution.roll(test, random.Random(1))
    assert (rolled.dice, rolled.outcome, rolled.automatic) == ((), outcome, True)
    assert resolution.odds(test).outcomes[outcome] == 1
    assert set(resolution.possible_outcomes(test)) == {"success", "failure"}
    with pytest.raises(RulesError, match="no elements"):
        ResolutionTest(declared=declared, elements=(Element(2),))


def test_a_situational_element_scores_1() -> None:
    assert Element(situational=True).score == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"intrinsic": Intrinsic.SIMPLE},
        {"score": 3, "opposing": (1,)},
        {"score": 3, "intrinsic": Intrinsic.SIMPLE, "interest": Interest.NEUTRAL},
        {"score": 3, "elements": (Element(1),)},
    ],
)
def test_the_difficulty_is_set_exactly_one_way(kwargs: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        ResolutionTest(**kwargs)  # type: ignore[arg-type]


# --- Exact odds ----------------------------------------------------------------------


def brute_force(test: ResolutionTest) -> dict[str, Fraction]:
    """Outcome probabilities by reading every one of the 216 rolls through the rule."""
    if resolution.automatic_kept(test.score_to_beat) is not None:
        return {resolution.resolve(test, ()).outcome: Fraction(1)}
    counts = Counter(
        resolution.resolve(test, faces).outcome
        for faces in itertools.product(range(1, 7), repeat=3)
    )
    return {key: Fraction(count, 216) for key, count in counts.items()}


@pytest.mark.parametrize("alteration", list(Alteration))
@pytest.mark.parametrize("score", range(-1, 8))
def test_odds_equal_brute_force_enumeration(score: int, alteration: Alteration) -> None:
    odds = resolution.odds(ResolutionTest(score=score, alteration=alteration))
    nonzero = {key: p for key, p in odds.outcomes.items() if p}
    assert nonzero == brute_force(ResolutionTest(score=score, alteration=alteration))
    assert list(odds.outcomes) == list(resolution.OUTCOMES)


def test_odds_of_the_razors_example() -> None:
    odds = resolution.odds(razors_hold(Alteration.ADOUCIE))
    # Each die is kept with probability 1/2: 1, 3, 3, 1 chances in 8 for 0…3 kept.
    assert dict(odds.distribution) == {
        0: Fraction(1, 8),
        1: Fraction(3, 8),
        2: Fraction(3, 8),
        3: Fraction(1, 8),
    }
    assert odds.outcomes["failure_bonus"] == Fraction(3, 8)


tests_strategy = st.builds(
    lambda intrinsic, interest, first, second, typical, alteration: ResolutionTest(
        intrinsic=intrinsic,
        interest=interest,
        elements=(
            (Element(first, typical=typical), Element(second)) if typical else (Element(first),)
        ),
        alteration=alteration,
    ),
    st.sampled_from(Intrinsic),
    st.sampled_from(Interest),
    st.integers(0, 5),
    st.integers(0, 5),
    st.booleans(),
    st.sampled_from(Alteration),
)


@given(tests_strategy, st.integers(0, 2**63))
def test_a_roll_follows_from_its_dice_and_is_possible(test: ResolutionTest, seed: int) -> None:
    rolled = roll_seeded(resolution.roll, test, seed)
    again = resolution.resolve(test, tuple(die.face for die in rolled.dice))
    assert again.outcome == rolled.outcome
    assert rolled == roll_seeded(resolution.roll, test, seed)
    odds = resolution.odds(test)
    assert odds.outcomes[rolled.outcome] > 0
    assert odds.distribution[rolled.result] > 0


@given(tests_strategy)
def test_odds_sum_to_one(test: ResolutionTest) -> None:
    odds = resolution.odds(test)
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.distribution.values()) == 1


def test_a_helper_lends_an_element_and_a_group_needs_two_characters() -> None:
    # Seed 003, Action collaborative: "l'action est résolue normalement par l'initiateur,
    # mais ceux qui l'aident peuvent lui prêter un élément. Les règles restent les mêmes".
    from meneur.core.resolution.rules import Element, Interest, Intrinsic, ResolutionTest

    own = Element(2, typical=True, name="Escalade")
    lent = Element(2, name="Escalade", lender="Mira")  # Mira's Escalade: another element
    scales = {"intrinsic": Intrinsic.COMPLEXE, "interest": Interest.NEUTRAL}
    test = ResolutionTest(**scales, elements=(own, lent))
    assert test.score_to_beat == 4
    with pytest.raises(RulesError, match="typical"):  # the rules stay the same
        ResolutionTest(**scales, elements=(Element(2, name="Escalade"), lent))
    # Action de groupe à échec individuel: "les deux éléments éventuels ne doivent pas
    # provenir du même personnage".
    assert ResolutionTest(**scales, elements=(own, lent), group=True).group
    with pytest.raises(RulesError) as refused:
        ResolutionTest(**scales, elements=(own, Element(1, name="Corde")), group=True)
    assert refused.value.message_key == "resolution.group_lenders"
