"""Great Cosmos combat (docs/rules/cosmos.md#combat, Mode de combat, Light & Dark Points): postures
and defences, the special postures' turns, backlash, cooldown, Final Skill, Revive,
Apocalypse, the automatic defence and the posture dice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import combat
from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.combat import Stance
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay

OUTCOMES = cosmos.OUTCOMES


def test_offensive_allows_no_defence_defensive_a_dodge_or_a_parry() -> None:
    # "En offensif … ne peut ni esquiver ni parer … en défensif … esquive … parade"
    assert combat.defences("offensive") == ()
    assert combat.defences("defensive") == ("dodge", "parry")
    assert combat.defences("defensive", unparriable=True) == ("dodge",)
    assert combat.defences("defensive", unparriable=True, undodgeable=True) == ()


@pytest.mark.parametrize("defence", OUTCOMES)
def test_a_critical_attack_needs_a_critical_defence(defence: str) -> None:
    # "Si l'action est critique, le jet de parade/esquive devra lui aussi être critique,
    # idem pour les super-critiques."
    assert combat.defence_holds("success", defence) == (defence in combat.SUCCESSES)
    critical = defence in ("critical_success", "super_critical_success")
    assert combat.defence_holds("critical_success", defence) == critical
    assert combat.defence_holds("super_critical_success", defence) == (
        defence == "super_critical_success"
    )
    assert combat.defence_holds("failure", defence)  # a missed attack needs no defence


def test_a_critical_parry_offers_a_riposte_a_critical_dodge_a_counter_attack() -> None:
    assert combat.follow_up("parry", "critical_success", "success") == "riposte"
    assert combat.follow_up("dodge", "critical_success", "success") == "counter_attack"
    assert combat.follow_up("dodge", "success", "success") is None
    # A critical dodge against a super-critical attack does not hold: nothing follows.
    assert combat.follow_up("dodge", "critical_success", "super_critical_success") is None


def test_defence_odds_are_the_defence_tests_outcomes_that_hold() -> None:
    odds = cosmos.odds(cosmos.CosmosTest(threshold=60))
    assert combat.defence_odds("success", odds) == odds.probability_of(combat.SUCCESSES)
    assert combat.defence_odds("critical_success", odds) == odds.probability_of(
        ("critical_success", "super_critical_success")
    )


def test_a_light_point_enters_illumination_and_locks_karma_at_plus_10() -> None:
    stance = combat.enter(Stance(), "illumination", points=1)
    assert stance.current == "illumination"
    assert stance.locked_karma == 10
    assert stance.acts_first
    assert combat.enter(Stance(), "sepulcrale", points=2).locked_karma == -10


def test_a_posture_lasts_three_turns_then_its_backlash_and_two_turns_without_points() -> None:
    stance = combat.enter(Stance(), "illumination", points=1)
    for turn in (1, 2):
        ended = combat.end_turn(stance)
        assert not ended.ended
        stance = ended.stance
        assert stance.turns == turn
    ended = combat.end_turn(stance)
    assert ended.ended
    assert ended.backlash == "illumination"  # "utilisées plus de 2 tours"
    stance = ended.stance
    assert not stance.can_act  # no action for 2 turns, dodges and parries included
    assert stance.cooldown == 2
    with pytest.raises(RulesError, match="no new Light or Dark point for 2"):
        combat.enter(stance, "sepulcrale", points=1)
    stance = combat.end_turn(combat.end_turn(stance).stance).stance
    assert stance.can_act
    assert stance.cooldown == 0
    assert combat.enter(stance, "sepulcrale", points=1).special == "sepulcrale"


def test_the_final_skill_ends_the_posture_early_without_backlash() -> None:
    stance = combat.end_turn(combat.enter(Stance(), "illumination", points=1)).stance
    with pytest.raises(RulesError, match="level 5"):
        combat.final_skill(stance, level=4)
    ended = combat.final_skill(stance, level=5)
    assert ended.ended
    assert ended.backlash == ""
    assert ended.stance.cooldown == 2


def test_the_final_skill_in_the_third_turn_brings_the_backlash() -> None:
    # Seed 002: "Si la posture a durée plus de 2 tours, le contre-coup s'applique". Ended
    # during its third turn, the posture lasted more than 2 turns (the audit: it did not).
    stance = combat.enter(Stance(), "sepulcrale", points=1)
    stance = combat.end_turn(combat.end_turn(stance).stance).stance  # two turns done
    ended = combat.final_skill(stance, level=5)
    assert ended.backlash == "sepulcrale"
    assert ended.stance.backlash_turns == 2


def test_sepulcrale_revive_once_else_apocalypse_at_its_end() -> None:
    stance = combat.enter(Stance(), "sepulcrale", points=1)
    revived, pv = combat.revive(stance, pv_max=301)
    assert pv == 150  # 50 % of max PV
    with pytest.raises(RulesError, match="once"):
        combat.revive(revived, 301)
    assert not combat.final_skill(revived, level=5).apocalypse
    assert combat.final_skill(stance, level=5).apocalypse


def test_sepulcrales_backlash_rolls_its_disadvantage_a_6_doubling_it() -> None:
    stance = combat.enter(Stance(), "sepulcrale", points=1)
    for _ in range(3):
        ended = combat.end_turn(stance)
        stance = ended.stance
    assert ended.backlash == "sepulcrale"
    assert stance.acts_last
    assert combat.with_disadvantage(stance, 6).backlash_turns == 4
    assert combat.with_disadvantage(stance, 3).backlash_turns == 2


def test_what_the_rules_forbid_is_refused() -> None:
    with pytest.raises(RulesError, match="no Light point"):
        combat.enter(Stance(), "illumination", points=0)
    with pytest.raises(RulesError, match="already"):
        combat.enter(combat.enter(Stance(), "illumination", 1), "sepulcrale", 1)
    with pytest.raises(RulesError, match="exhausted"):
        combat.enter(Stance(), "sepulcrale", 1, exhausted=True)
    with pytest.raises(RulesError, match="super-critical"):
        combat.AutoDefence(attack="super_critical_success")
    with pytest.raises(RulesError, match=r"combat\.posture"):
        Stance.from_sheet({"combat": {"posture": "rageuse"}})
    with pytest.raises(RulesError, match=r"combat\.turns"):
        Stance.from_sheet({"combat": {"turns": 7}})


@pytest.mark.parametrize(
    ("unparriable", "undodgeable"), [(True, False), (False, True), (True, True)]
)
def test_no_automatic_defence_against_an_unparriable_or_undodgeable_attack(
    unparriable: bool, undodgeable: bool
) -> None:
    # Seed 002: "hors réussite super-critique adverse et attaques spéciales imparables
    # et/ou inesquivables" — either mark refuses it (the audit: only both did).
    with pytest.raises(RulesError, match="unparriable or undodgeable") as refused:
        combat.AutoDefence(unparriable=unparriable, undodgeable=undodgeable)
    assert refused.value.message_key == "cosmos.combat.no_auto_special"
    assert combat.AutoDefence(attack="critical_success").attack == "critical_success"


def test_the_automatic_defence_is_seven_in_ten() -> None:
    test = combat.AutoDefence()
    odds = combat.auto_odds(test)
    counts = {"avoided": 0, "not_avoided": 0}
    for face in range(1, 11):
        counts[combat.resolve_auto(test, (face,)).outcome or ""] += 1
    assert odds.outcomes == {k: Fraction(n, 10) for k, n in counts.items()}
    assert odds.outcomes["avoided"] == Fraction(7, 10)


@given(st.sampled_from(["advantage", "disadvantage"]), st.integers(0, 2**32))
def test_posture_dice_replay_and_read_their_table(table: str, seed: int) -> None:
    record = roll_seeded(combat.roll_die, combat.PostureDie(table), seed)
    assert replay(record) == record
    assert record.outcome == f"{table}_{record.result}"


@given(
    st.builds(
        Stance,
        posture=st.sampled_from(combat.DEFAULT_POSTURES),
        cooldown=st.integers(0, 2),
        backlash_turns=st.integers(0, 4),
        backlash=st.sampled_from(["", "illumination", "sepulcrale"]),
    )
)
def test_a_stance_round_trips_through_the_sheet(stance: Stance) -> None:
    assert Stance.from_sheet({"combat": stance.to_sheet()}) == stance


def test_illuminations_advantage_6_gives_two_actions_a_turn_not_added_to_a_like_effect() -> None:
    # "6 : 2 actions / tour (non cumulable avec un autre effet similaire)"
    two = Stance(special="illumination", advantage=6)
    assert (two.extra_actions(0), two.extra_actions(1), two.extra_actions(2)) == (1, 1, 2)
    assert Stance(special="illumination", advantage=5).extra_actions(0) == 0
    assert Stance(advantage=6).extra_actions(0) == 0  # only while Illumination lasts


def test_sepulcrale_may_counter_attack_when_hit() -> None:
    # Seed 002: "Le personnage peut lorsqu'il subit des dégâts, de n'importe quel type,
    # contre-attaquer derrière".
    assert combat.after_hit(combat.enter(Stance(), "sepulcrale", points=1)) == "counter_attack"
    assert combat.after_hit(combat.enter(Stance(), "illumination", points=1)) is None
    assert combat.after_hit(Stance()) is None


def test_provocation_abusive_marks_the_target_until_its_turn_ends() -> None:
    # "cette cible est dans l'obligation de la diriger contre le personnage en question"
    from meneur.core.cosmos.combat import Stance, end_turn, provoke

    target = provoke(Stance(), "kael", Stance(special="sepulcrale"))
    assert target.provoked_by == "kael"
    assert Stance.from_sheet({"combat": target.to_sheet()}) == target
    assert end_turn(target).stance.provoked_by == ""
    with pytest.raises(RulesError):
        provoke(Stance(), "kael", Stance(special="illumination"))


def test_the_backlashs_die_3_falls_on_the_next_action_and_illuminations_3_on_the_final_skill() -> (
    None
):
    from meneur.core.cosmos.combat import Stance, acted, final_skill_bonus, with_disadvantage

    stance = with_disadvantage(Stance(backlash="sepulcrale", backlash_turns=2), 3)
    assert stance.negative_due
    after, fell = acted(stance)
    assert (fell, after.negative_due) == (True, False)
    assert acted(after) == (after, False)
    assert not with_disadvantage(Stance(backlash="sepulcrale", backlash_turns=2), 4).negative_due
    lit = Stance(special="illumination", advantage=3)
    assert final_skill_bonus(lit, True)
    assert not final_skill_bonus(lit, False)
    assert not final_skill_bonus(Stance(special="illumination", advantage=4), True)
