"""Great Cosmos movement, sprint and turn order (docs/rules/cosmos.md#movement, Règle de
déplacement, Règle de répartition de tour)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos.movement import (
    Combatant,
    TurnOrderInputs,
    movement_squares,
    resolve_order,
    roll_order,
    sprint_squares,
)
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay


def test_movement_is_agilite_over_20_rounded_up() -> None:
    # "agilité/20 (la valeur sera toujours arrondie par excès)"
    assert movement_squares(62) == 4
    assert movement_squares(60) == 3
    assert movement_squares(61, overloaded=True) == 2  # halved, rounded down
    assert movement_squares(62, fp=6) == 3  # moderate fatigue: −1
    assert movement_squares(62, fp=8) == 2  # extreme: −2
    assert movement_squares(62, fp=10) == 0  # exhaustion: cannot move


def test_a_sprint_multiplies_by_its_agilite_tests_outcome() -> None:
    # "doublée … 2,5 … 3 … en cas d'échec, la limite reste inchangée"
    assert sprint_squares(3, "success") == 6
    assert sprint_squares(3, "critical_success") == 7  # 7.5, rounded down
    assert sprint_squares(3, "super_critical_success") == 9
    assert sprint_squares(3, "failure") == 3
    assert sprint_squares(3, "critical_failure") == 3


def test_highest_agilite_acts_first() -> None:
    inputs = TurnOrderInputs((Combatant("lyra", 55), Combatant("kael", 62)))
    record = roll_order(inputs, random.Random(1))
    assert [s.ident for s in record.slots] == ["kael", "lyra"]
    assert record.dice == ()  # no tie, no extra action: nothing to roll


def test_a_tie_is_broken_by_the_lowest_d20_then_simultaneous() -> None:
    inputs = TurnOrderInputs((Combatant("lyra", 55), Combatant("orc", 55)))
    record = resolve_order(inputs, (18, 5))
    assert [s.ident for s in record.slots] == ["orc", "lyra"]
    assert [d.role for d in record.dice] == ["tie:lyra", "tie:orc"]
    again = resolve_order(inputs, (7, 7))
    assert again.slots[1].together  # "une résolution parallèle des deux actions"


def test_extra_actions_step_down_by_4_plus_one_d6_times_n() -> None:
    # "position = agilité − (4 + 1d6) n … on ne lance qu'une seule fois le dé à 6 faces"
    inputs = TurnOrderInputs((Combatant("boss", 70, extra_actions=2),))
    record = resolve_order(inputs, (3,))
    assert [(s.action, s.position) for s in record.slots] == [(0, 70), (1, 63), (2, 56)]
    assert len(record.dice) == 1


def test_faces_are_checked() -> None:
    inputs = TurnOrderInputs((Combatant("a", 50), Combatant("b", 50)))
    with pytest.raises(RulesError, match="missing"):
        resolve_order(inputs, (3,))
    with pytest.raises(RulesError, match="more faces"):
        resolve_order(inputs, (3, 4, 5))
    with pytest.raises(RulesError, match="a d20 cannot show"):
        resolve_order(inputs, (21, 4))
    with pytest.raises(RulesError, match="once in a round"):
        TurnOrderInputs((Combatant("a", 50), Combatant("a", 40)))


combatants = st.lists(
    st.builds(
        Combatant,
        ident=st.sampled_from(["a", "b", "c", "d", "e"]),
        agilite=st.integers(20, 30),
        extra_actions=st.integers(0, 2),
    ),
    min_size=1,
    max_size=5,
    unique_by=lambda c: c.ident,
)


@given(combatants, st.integers(0, 2**32))
def test_every_action_has_one_slot_in_falling_positions_and_replays(
    people: list[Combatant], seed: int
) -> None:
    inputs = TurnOrderInputs(tuple(people))
    record = roll_seeded(roll_order, inputs, seed)
    assert replay(record) == record
    assert len(record.slots) == sum(1 + c.extra_actions for c in people)
    positions = [s.position for s in record.slots]
    assert positions == sorted(positions, reverse=True)
    for person in people:
        mine = [s.action for s in record.slots if s.ident == person.ident]
        assert mine == list(range(person.extra_actions + 1))  # in their own order


def test_illumination_acts_first_and_sepulcrales_backlash_last() -> None:
    # "Frappe éclair : le personnage agit en premier peu importe l'ordre du tour"
    # "Le personnage agit en dernier, peu importe l'ordre du tour, pendant 2 tours."
    inputs = TurnOrderInputs(
        (
            Combatant("fast", 80),
            Combatant("lit", 30, first=True),
            Combatant("dark", 90, last=True),
            Combatant("slow", 25),
        )
    )
    record = resolve_order(inputs, ())
    assert [s.ident for s in record.slots] == ["lit", "fast", "slow", "dark"]
