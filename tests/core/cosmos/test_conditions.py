"""What a character's state does to their tests: fatigue's states (docs/rules/cosmos.md#endurance,
Règle d'endurance), Illumination's advantage and the Sépulcrale backlash's disadvantage, and
the states in which the character cannot act (docs/rules/cosmos.md#combat, Light & Dark)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.combat import Stance
from meneur.core.cosmos.conditions import CannotAct, Condition, conditions, total
from meneur.core.cosmos.endurance import Fatigue
from meneur.core.errors import RulesError

PHYSICAL = ("force",)
MENTAL = ("esprit",)


@pytest.mark.parametrize(
    ("fp", "malus", "widen"),
    [(3, 0, 0), (4, -5, 0), (5, -5, 0), (6, -10, 0), (7, -10, 0), (8, -30, 5), (9, -30, 5)],
)
def test_fatigue_states_take_5_10_or_30_percent_off_the_gauges_stats(fp, malus, widen) -> None:
    # "Fatigue légère 4 ≤ FP/FM < 6 : -5% … modérée : -10% … extrême : -30% et +5%
    # d'échecs critiques sur tous les jets … de force, précision et agilité pour la FP"
    for stat in ("force", "precision", "agilite"):
        assert total(conditions((stat,), fatigue=Fatigue(fp=fp))) == (malus, widen)
    assert conditions(MENTAL, fatigue=Fatigue(fp=fp)) == ()
    assert conditions(("charisme",), fatigue=Fatigue(fp=fp)) == ()
    assert total(conditions(MENTAL, fatigue=Fatigue(fm=fp))) == (malus, widen)


def test_a_physical_exhaustion_forbids_every_test_a_mental_one_esprit_alone() -> None:
    # "Épuisement physique FP = 10 : Devient incapable de bouger, agir ou de se tenir
    # debout" — every test, Charisme and Chance included (the audit: they still rolled).
    for stats in (("agilite",), ("charisme",), ("chance",), MENTAL, ()):
        with pytest.raises(CannotAct) as caught:
            conditions(stats, fatigue=Fatigue(fp=10))
        assert caught.value.reason == "fp_exhaustion"
    # "Épuisement mental FM = 10 : Devient incapable de réfléchir…": no Esprit test.
    with pytest.raises(CannotAct, match="mental exhaustion"):
        conditions(("force", "esprit"), fatigue=Fatigue(fm=10))
    assert conditions(("charisme",), fatigue=Fatigue(fm=10)) == ()
    # "Épuisement total FM = 10 et FP = 10 : Tombe inconscient d'épuisement immédiatement"
    with pytest.raises(CannotAct) as caught:
        conditions(("charisme",), fatigue=Fatigue(fp=10, fm=10))
    assert caught.value.reason == "total_exhaustion"
    assert caught.value.message_key == "cosmos.cannot_act.total_exhaustion"


def test_a_mean_of_stats_takes_the_heaviest_fatigue_not_both() -> None:
    found = conditions(("force", "esprit"), fatigue=Fatigue(fp=4, fm=8))
    assert found == (Condition("fm_extreme", -30, 5),)


def test_concentrating_cancels_a_light_state_and_halves_the_others() -> None:
    # "nullifier pour le tour suivant uniquement les effets de fatigue légère ou de diviser
    # par deux ceux de fatigue modérée ou extrême … Les effets d'épuisement ne peuvent en
    # aucun cas être affecté"
    assert conditions(PHYSICAL, fatigue=Fatigue(fp=5), concentrated=True) == ()
    assert total(conditions(PHYSICAL, fatigue=Fatigue(fp=6), concentrated=True)) == (-5, 0)
    extreme = Fatigue(fp=9)
    assert total(
        conditions(PHYSICAL, fatigue=extreme, concentrated=True, concentration_test=True)
    ) == (-15, 2)
    with pytest.raises(CannotAct):
        conditions(PHYSICAL, fatigue=Fatigue(fp=10), concentrated=True)


def test_concentrating_at_an_extreme_fatigue_needs_a_passive_esprit_test() -> None:
    # "pour pouvoir se concentrer en état de fatigue extrême, le personnage doit réussir un
    # jet d'esprit passif pour y parvenir et ne pas être en état d'épuisement mental"
    extreme = Fatigue(fp=9)
    with pytest.raises(RulesError) as asked:
        conditions(PHYSICAL, fatigue=extreme, concentrated=True)
    assert asked.value.message_key == "cosmos.concentration.test_needed"
    # Failed: the concentration does nothing; passed: the malus is halved.
    failed = conditions(PHYSICAL, fatigue=extreme, concentrated=True, concentration_test=False)
    assert total(failed) == (-30, 5)
    # A moderate fatigue needs no test; a mental exhaustion forbids concentrating at all.
    assert total(conditions(PHYSICAL, fatigue=Fatigue(fp=6), concentrated=True)) == (-5, 0)
    with pytest.raises(RulesError) as refused:
        conditions(PHYSICAL, fatigue=Fatigue(fp=6, fm=10), concentrated=True)
    assert refused.value.message_key == "cosmos.concentration.exhausted"


@pytest.mark.parametrize(("face", "bonus"), [(1, 0), (2, 0), (3, 0), (4, 10), (5, 20), (6, 0)])
def test_illuminations_advantage_4_and_5_change_every_test(face, bonus) -> None:
    # "4 : +10% bonus sur tous les jets ; 5 : +20% bonus sur tous les jets"
    stance = Stance(special="illumination", advantage=face)
    assert total(conditions(("charisme",), stance)) == (bonus, 0)
    assert total(conditions((), stance)) == (bonus, 0)  # a threshold the GM typed too
    assert total(conditions((), Stance(advantage=face))) == (0, 0)  # only while it lasts


@pytest.mark.parametrize(("face", "malus"), [(1, 0), (3, 0), (4, -10), (5, -20), (6, 0)])
def test_the_sepulcrale_backlashs_disadvantage_4_and_5_change_every_test(face, malus) -> None:
    # "4 : -10% malus sur tous les jets ; 5 : -20% malus sur tous les jets"
    stance = Stance(backlash="sepulcrale", backlash_turns=2, disadvantage=face)
    assert total(conditions(("chance",), stance)) == (malus, 0)


def test_illuminations_backlash_forbids_every_action_dodges_and_parries_included() -> None:
    # "Le personnage ne peut plus agir pendant 2 tours (incluant esquives et parades)."
    stance = Stance(backlash="illumination", backlash_turns=2)
    for stats in ((), ("agilite",), ("force",), ("esprit",)):
        with pytest.raises(CannotAct, match="backlash"):
            conditions(stats, stance)


def test_fatigue_and_advantage_add_up() -> None:
    stance = Stance(special="illumination", advantage=5)
    found = conditions(PHYSICAL, stance, Fatigue(fp=6))
    assert [c.key for c in found] == ["fp_moderate", "advantage"]
    assert total(found) == (10, 0)


def test_an_extreme_fatigue_reads_86_to_100_as_critical_failures() -> None:
    test = cosmos.CosmosTest(stats=(95,), state_bonus=-30, critical_failures=5)
    assert test.effective_threshold == 65
    assert cosmos.resolve(test, (86,)).outcome == "critical_failure"
    assert cosmos.resolve(test, (85,)).outcome == "failure"
    plain = cosmos.CosmosTest(stats=(95,), state_bonus=-30)
    assert cosmos.resolve(plain, (86,)).outcome == "failure"
    # karma +10 reads the whole band as plain failures, widened or not
    assert (
        cosmos.resolve(
            cosmos.CosmosTest(stats=(95,), karma=10, critical_failures=5), (88, 1)
        ).outcome
        == "failure"
    )


@given(
    stat=st.integers(20, 85),
    bonus=st.integers(-40, 40),
    karma=st.integers(-10, 10),
    widen=st.sampled_from([0, 2, 5]),
)
def test_the_odds_with_a_state_match_enumeration(stat, bonus, karma, widen) -> None:
    test = cosmos.CosmosTest(stats=(stat,), karma=karma, state_bonus=bonus, critical_failures=widen)
    sides = 10 if abs(karma) >= 5 else 1
    counts: dict[str, int] = {}
    for natural in range(1, 101):
        for die in range(1, sides + 1):
            faces = (natural, die) if sides == 10 else (natural,)
            outcome = cosmos.resolve(test, faces).outcome
            counts[outcome] = counts.get(outcome, 0) + 1
    odds = cosmos.odds(test)
    for outcome, count in counts.items():
        assert odds.outcomes[outcome] == Fraction(count, 100 * sides)


@pytest.mark.parametrize(("row", "malus"), [(2, 0), (3, -10), (4, -20)])
def test_an_aura_takes_the_bonuses_off_the_action_and_adds_its_malus(row, malus) -> None:
    # Seed 002, Règle d'aura: "2 : Retire tous les bonus et renforcements sur l'action en
    # cours uniquement ; 3 : … et inflige -10% ; 4 : … et inflige -20%".
    lit = Stance(special="illumination", advantage=5)  # +20 %: a reinforcement
    found = conditions(("force",), lit, Fatigue(fp=6), aura=row)
    assert [c.key for c in found] == ["fp_moderate", f"aura_{row}"]  # the malus stays
    assert total(found) == (-10 + malus, 0)
    assert conditions(("force",), lit, aura=1) == conditions(("force",), lit)  # no effect
