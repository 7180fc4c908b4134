"""An opponent's aura on rows 5 and 6 (docs/rules/cosmos.md#aura, Règle d'aura): a plain success
rolled again without bonuses, and a passive Esprit test before acting — the odds checked
against every face."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.core.cosmos import conditions
from meneur.core.cosmos.combat import Stance
from meneur.core.cosmos.endurance import Fatigue
from meneur.core.cosmos.rules import CosmosTest, odds, resolve, rolled_again
from meneur.core.errors import RulesError


def test_a_plain_success_is_rolled_again_without_the_bonuses() -> None:
    # "Oblige l'adversaire a relancer une fois, sans bonus ni renforcement son jet en cas
    # de réussite (hors critiques et super-critiques)"
    test = CosmosTest(threshold=50, bonus=20, reroll_bonus=0)
    record = resolve(test, (60, 55))
    assert (record.first, record.result, record.threshold, record.outcome) == (
        60,
        55,
        50,
        "failure",
    )
    assert [die.role for die in record.dice] == [None, "aura_reroll"]
    # a critical success stands, and so does a failure
    assert resolve(test, (3,)).outcome == "critical_success"
    assert resolve(test, (80,)).first is None
    with pytest.raises(RulesError):
        resolve(test, (60,))  # the second d100 is missing
    with pytest.raises(RulesError):
        resolve(test, (80, 10))  # a failure is not rolled again


def test_the_reroll_keeps_the_maluses_and_drops_the_bonuses() -> None:
    found = conditions.conditions(
        ("force",), Stance(special="illumination", advantage=5), Fatigue(6, 0), aura=5
    )
    assert sorted(c.bonus for c in found) == [-10, 20]  # the first roll has both
    assert conditions.reroll_bonus(found, 15) == -10
    assert conditions.reroll_bonus(found, -5) == -15
    with pytest.raises(RulesError):
        CosmosTest(threshold=50, bonus=5, reroll_bonus=10)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(20, 99),
    st.integers(-30, 30),
    st.integers(-30, 0),
    st.sampled_from([-10, -6, -5, 0, 4, 5, 10]),
)
def test_row_5_odds_are_every_face_counted(
    threshold: int, bonus: int, malus: int, karma: int
) -> None:
    reroll = min(bonus + malus, malus)
    test = CosmosTest(threshold=threshold, bonus=bonus, state_bonus=malus, karma=karma,
                      reroll_bonus=reroll)  # fmt: skip
    karma_faces = range(1, 11) if abs(karma) >= 5 else (None,)
    singles = [
        (natural,) if face is None else (natural, face)
        for natural, face in product(range(1, 101), karma_faces)
    ]
    counted: Counter[str] = Counter()
    second: Counter[str] | None = None
    for first in singles:
        try:
            counted[resolve(test, first).outcome] += len(singles)
        except RulesError:  # a plain success: it reads a second roll
            if second is None:  # the second roll's outcomes, the same after any success
                second = Counter(resolve(test, first + more).outcome for more in singles)
            counted.update(second)
    total = len(singles) ** 2
    expected = {key: Fraction(n, total) for key, n in counted.items()}
    assert {k: v for k, v in odds(test).outcomes.items() if v} == expected


def test_row_6_asks_the_passive_esprit_test_before_acting() -> None:
    # "L'adversaire doit réussir un jet d'esprit passif sans bonus ni renforcement
    # quelconque pour pouvoir agir"
    with pytest.raises(RulesError) as asked:
        conditions.conditions(("force",), aura=6)
    assert asked.value.message_key == "cosmos.aura.test_needed"
    with pytest.raises(conditions.CannotAct) as refused:
        conditions.conditions(("force",), aura=6, aura_test=False)
    assert refused.value.reason == "aura"
    assert conditions.conditions(("force",), aura=6, aura_test=True) == ()
    # the passive test itself: no bonus, the maluses kept
    illuminated = Stance(special="illumination", advantage=4)
    assert conditions.conditions(("esprit",), illuminated, Fatigue(0, 4), no_bonuses=True) == (
        conditions.Condition("fm_light", -5),
    )


def test_rolled_again_is_only_a_plain_success_under_row_5() -> None:
    test = CosmosTest(threshold=50, reroll_bonus=0)
    assert [rolled_again(test, o) for o in ("success", "critical_success", "failure")] == [
        True,
        False,
        False,
    ]
    assert not rolled_again(CosmosTest(threshold=50), "success")
