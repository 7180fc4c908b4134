"""SYSTEMJ: the seed's test of 74, scales, degrees; combat scores and the exchange."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay
from meneur.core.systemj import combat
from meneur.core.systemj import rules as systemj
from meneur.core.systemj.combat import Attack, Attributes, Defence, InitiativeEntry, Next
from meneur.core.systemj.rules import SystemjTest


@pytest.mark.parametrize(
    ("roll", "outcome"),
    [
        (0, "critical_failure"),
        (86, "failure"),
        (8, "narrow"),
        (42, "average"),
        (69, "notable"),
        (74, "critical_success"),
    ],
)
def test_the_seed_test_of_74(roll: int, outcome: str) -> None:
    assert systemj.resolve(SystemjTest(74), (roll,)).outcome == outcome


def test_with_tres_difficile_success_only_up_to_44_but_74_stays_critical() -> None:
    test = SystemjTest.with_modifiers(74, ["tres-difficile"])
    assert test.effective == 44
    assert systemj.resolve(test, (44,)).success
    assert systemj.resolve(test, (45,)).outcome == "failure"
    assert systemj.resolve(test, (74,)).outcome == "critical_success"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("facilite", 10),
        ("aise", 20),
        ("tres-facile", 30),
        ("petite-difficulte", -10),
        ("ardu", -20),
        ("tres-difficile", -30),
        ("quasiment-impossible", -50),
        ("-15", -15),
        ("+5", 5),
    ],
)
def test_modifier_scales_by_name_and_number(name: str, value: int) -> None:
    assert systemj.read_modifier(name) == value


def test_extremement_simple_is_an_automatic_success_without_a_die() -> None:
    test = SystemjTest.with_modifiers(30, ["extremement-simple"])
    rolled = systemj.roll(test, None)  # type: ignore[arg-type]  # no die may be drawn
    assert rolled.dice == ()
    assert rolled.success
    assert rolled.automatic
    assert systemj.odds(test).outcomes["notable"] == 1


def test_unknown_modifier_is_refused() -> None:
    with pytest.raises(RulesError, match="ardu"):
        systemj.read_modifier("hard")


def test_degrees_are_thirds_of_the_effective_score() -> None:
    test = SystemjTest(60)  # thirds at 20 and 40
    assert [systemj.classify(r, test) for r in (20, 21, 40, 41, 59)] == [
        "narrow",
        "average",
        "average",
        "notable",
        "notable",
    ]


def test_the_d100_reads_100_as_00(scripted) -> None:
    rolled = systemj.roll(SystemjTest(50), scripted((100, 100)))
    assert rolled.dice[0].face == 0
    assert rolled.dice[0].sides == 100
    assert rolled.outcome == "critical_failure"


@pytest.mark.parametrize(
    "test",
    [SystemjTest(74), SystemjTest(74, -30), SystemjTest(5, 50), SystemjTest(0), SystemjTest(120)],
)
def test_odds_equal_every_roll(test: SystemjTest, brute_force) -> None:
    outcomes: Counter[str] = Counter()
    for p, rolled in brute_force(lambda rng: systemj.roll(test, rng)):
        outcomes[rolled.outcome] += p
    odds = systemj.odds(test)
    assert {k: p for k, p in odds.outcomes.items() if p} == dict(outcomes)


@given(st.integers(0, 200), st.integers(-60, 40), st.integers(0, 2**63))
def test_a_roll_follows_from_its_die_and_replays(value: int, modifier: int, seed: int) -> None:
    test = SystemjTest(value, modifier)
    rolled = roll_seeded(systemj.roll, test, seed)
    assert replay(rolled) == rolled
    assert dataclasses.replace(systemj.resolve(test, (rolled.result,)), seed=seed) == rolled
    assert sum(systemj.odds(test).outcomes.values()) == 1


# --- Combat --------------------------------------------------------------------------

BRUTOR = Attributes(force=70, resistance=61, agilite=45, rapidite=38, chance=52)


@pytest.mark.parametrize(
    ("kind", "att", "score"),
    [
        (Attack.MELEE_FORCE, 0, (140 + 61 + 38) // 5),
        (Attack.MELEE_FURTIVE, 0, (70 + 90 + 38) // 5),
        (Attack.THROWN_OBJECT, 0, (140 + 90) // 5),
        (Attack.THROWN_WEAPON, 5, (140 + 90) // 5 + 5),
        (Attack.BOW, 10, (70 + 90 + 38) // 5 + 10),
        (Attack.HANDGUN, 8, (135 + 38) // 5 + 8),
        (Attack.LONG_GUN, 12, (90 + 70 + 38) // 5 + 12),
    ],
)
def test_attack_scores_are_floors_of_the_formulas(kind: Attack, att: int, score: int) -> None:
    assert combat.attack_score(kind, BRUTOR, att) == score


def test_melee_attacks_take_no_weapon_att() -> None:
    with pytest.raises(RulesError, match="no weapon ATT"):
        combat.attack_score(Attack.MELEE_FORCE, BRUTOR, 5)


def test_defence_scores() -> None:
    assert combat.defence_score(Defence.DODGE, BRUTOR) == (38 + 90 + 52) // 5
    assert combat.defence_score(Defence.PARRY, BRUTOR, 3) == (140 + 61 + 45) // 5 + 3
    assert combat.defence_score(Defence.BLOCK, BRUTOR, 6) == (140 + 122) // 5 + 6
    with pytest.raises(RulesError, match="weapon"):
        combat.defence_score(Defence.PARRY, BRUTOR)
    with pytest.raises(RulesError, match="shield"):
        combat.defence_score(Defence.BLOCK, BRUTOR)


def test_one_function_gives_a_characters_combat_scores_from_sheet_and_hand() -> None:
    attributes = {"force": 70, "resistance": 61, "agilite": 45, "rapidite": 38}
    sword = {"name": "Épée", "family": "equipement", "category": "armes", "def": 5}
    bow = {"name": "Arc", "family": "equipement", "category": "armes", "att": 12}
    shield = {"name": "Écu", "family": "equipement", "category": "armures", "def": 8}
    scores = combat.scores_of({"attributes": attributes, "cards": [sword, bow, shield]})
    # The parry takes the first weapon's DEF; the block (Encaissement) the shield's.
    assert scores.parry == (70 * 2 + 61 + 45) // 5 + 5
    assert scores.block == (70 * 2 + 61 * 2) // 5 + 8
    assert scores.attack(Attack.BOW) == (70 + 45 * 2 + 38) // 5 + 12
    assert scores.attack(Attack.MELEE_FORCE) == (70 * 2 + 61 + 38) // 5  # no ATT in melee
    bare = combat.scores_of({"attributes": attributes})
    assert bare.parry is None
    assert bare.block is None
    assert set(bare.defences()) == {Defence.DODGE}


def test_melee_in_force_starts_with_initiative_and_a_miss_gives_a_counter_attack() -> None:
    assert combat.begin(Attack.MELEE_FORCE).next is Next.INITIATIVE
    miss = combat.after_attack(Attack.MELEE_FORCE, succeeded=False)
    assert (miss.next, miss.actor) == (Next.COUNTER_ATTACK, "target")
    assert combat.after_counter_attack(True) == combat.Step(Next.HIT, "attacker")


def test_a_successful_melee_attack_lets_the_target_defend_with_what_it_holds() -> None:
    step = combat.after_attack(Attack.MELEE_FORCE, True, target_has_weapon=True)
    assert step.next is Next.DEFENCE
    assert step.defences == (Defence.DODGE, Defence.PARRY)
    assert combat.after_defence(True).next is Next.MISS
    assert combat.after_defence(False) == combat.Step(Next.HIT, "target")


@pytest.mark.parametrize(
    ("dissimulation", "detection", "next_step"),
    [
        (False, False, Next.COUNTER_ATTACK),
        (False, True, Next.COUNTER_ATTACK),
        (True, True, Next.MELEE_FORCE),
        (True, False, Next.FURTIVE_ATTACK),
    ],
)
def test_the_furtive_approach(dissimulation: bool, detection: bool, next_step: Next) -> None:
    assert combat.begin(Attack.MELEE_FURTIVE).next is Next.APPROACH
    assert combat.furtive_approach(dissimulation, detection).next is next_step


def test_a_successful_furtive_attack_allows_no_defence() -> None:
    assert combat.after_attack(Attack.MELEE_FURTIVE, True) == combat.Step(Next.HIT, "target")


@pytest.mark.parametrize(
    "kind",
    [Attack.THROWN_OBJECT, Attack.BOW, Attack.HANDGUN, Attack.LONG_GUN, Attack.THROWN_WEAPON],
)
def test_ranged_attacks_need_no_initiative_and_never_give_a_counter_attack(kind: Attack) -> None:
    assert combat.begin(kind) == combat.Step(Next.ATTACK, "attacker")
    assert combat.after_attack(kind, False).next is Next.MISS
    assert combat.after_attack(kind, True).next is Next.DEFENCE
    assert combat.after_attack(kind, True, target_aware=False) == combat.Step(Next.HIT, "target")


def test_initiative_orders_by_outcome_then_rapidite_and_groups_ties() -> None:
    order = combat.initiative_order(
        [
            InitiativeEntry("Brandon", 40, "average"),
            InitiativeEntry("Gobelin", 70, "narrow"),
            InitiativeEntry("Lyra", 55, "notable"),
            InitiativeEntry("Thalos", 40, "average"),
            InitiativeEntry("Orc", 90, "critical_failure"),
            InitiativeEntry("Razors", 20, "critical_success"),
        ]
    )
    assert order == (("Razors",), ("Lyra",), ("Brandon", "Thalos"), ("Gobelin",), ("Orc",))


def test_attributes_are_on_100() -> None:
    with pytest.raises(RulesError, match="force"):
        Attributes(force=120, resistance=50, agilite=50, rapidite=50)


def test_brutor_throws_logs_on_force_alone_with_a_malus_of_30() -> None:
    # The seed: Force 70, no fitting skill, a -30 malus for the attribute test.
    test = SystemjTest(70, -30, label="Force")
    assert test.effective == 40
    assert systemj.resolve(test, (40,)).outcome == "notable"
    assert systemj.resolve(test, (41,)).outcome == "failure"
    assert systemj.resolve(test, (70,)).outcome == "critical_success"
