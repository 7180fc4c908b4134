"""Great Cosmos endurance (docs/rules/cosmos.md#endurance, Règle d'endurance): FP and FM from −3 to
10, the starting modifiers, gains with overflow, recoveries, the states."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import endurance
from meneur.core.cosmos.endurance import Fatigue
from meneur.core.errors import RulesError


@pytest.mark.parametrize(
    ("value", "modifier"), [(59, 0), (60, -1), (74, -1), (75, -2), (80, -2), (81, -3)]
)
def test_force_and_esprit_start_the_gauges_lower(value: int, modifier: int) -> None:
    # "≥ 60 et < 75 : −1 ; ≥ 75 et ≤ 80 : −2 ; > 80 : −3"
    assert endurance.stat_modifier(value) == modifier
    assert Fatigue.starting(value, 50) == Fatigue(modifier, 0)
    assert Fatigue.starting(50, value) == Fatigue(0, modifier)


@pytest.mark.parametrize(
    ("mental_health", "modifier"),
    [(76, -2), (75, 0), (51, 0), (50, 2), (26, 2), (25, 3), (11, 3), (10, 4), (0, 4)],
)
def test_mental_health_moves_the_starting_fm(mental_health: int, modifier: int) -> None:
    assert endurance.mental_health_modifier(mental_health) == modifier
    assert Fatigue.starting(50, 50, mental_health).fm == modifier


def test_starting_gauges_stay_within_minus_3() -> None:
    assert Fatigue.starting(85, 85, 90) == Fatigue(-3, -3)


@pytest.mark.parametrize(
    ("value", "name"),
    [(-3, "rested"), (3, "rested"), (4, "light"), (5, "light"), (6, "moderate"),
     (8, "extreme"), (9, "extreme"), (10, "exhaustion")],
)  # fmt: skip
def test_the_seeds_states(value: int, name: str) -> None:
    assert endurance.state(value) == name


def test_moderate_and_extreme_physical_fatigue_cost_movement() -> None:
    assert [endurance.movement_malus(v) for v in (5, 6, 8, 10)] == [0, 1, 2, 0]


def test_a_gain_past_10_goes_to_the_other_gauge() -> None:
    # "Tout gain de FP au-delà de ce maximum sont transformés en gain de FM"
    assert Fatigue(9, 2).gain(fp=3) == Fatigue(10, 4)
    assert Fatigue(1, 9).gain(fm=4) == Fatigue(4, 10)
    assert Fatigue(9, 9).gain(10, 10) == Fatigue(10, 10)  # total exhaustion
    assert Fatigue(2, 0).gain(*endurance.EVENTS["illumination_backlash"]) == Fatigue(10, 10)


def test_deprivation_grows_with_the_days() -> None:
    assert endurance.days_without("food", 2) == (4, 4)  # +2X
    assert endurance.days_without("sleep", 2) == (5, 5)  # +(2X+1)


def test_recoveries() -> None:
    assert endurance.short_rest(5) == (2, 2)  # 1 per 2 full hours
    assert endurance.full_rest() == (7, 7)
    assert endurance.full_rest(fasted=True) == (3, 3)  # halved, rounded down
    assert endurance.full_rest(optimal=3) == (10, 10)
    with pytest.raises(RulesError):
        endurance.short_rest(8)


def test_a_pause_never_takes_a_gauge_below_3() -> None:
    assert Fatigue(4, 3).recover(1, 1, floor=endurance.PAUSE_FLOOR) == Fatigue(3, 3)
    assert Fatigue(2, 7).recover(1, 1, floor=endurance.PAUSE_FLOOR) == Fatigue(2, 6)


def test_only_twelve_hours_of_rest_lift_exhaustion() -> None:
    tired = Fatigue(10, 6)
    assert tired.recover(7, 7) == Fatigue(10, -1)
    assert tired.recover(7, 7, full_rest_12h=True) == Fatigue(3, -1)
    rested = endurance.after_full_rest(tired, force=60, esprit=50)
    assert rested == Fatigue(10, -1)  # Force 60 takes one more FP off, but FP is at 10
    assert endurance.after_full_rest(tired, force=60, esprit=50, twelve_hours=True) == Fatigue(
        2, -1
    )


@given(st.integers(-3, 10), st.integers(-3, 10), st.integers(0, 30), st.integers(0, 30))
def test_gains_stay_in_bounds_and_never_lose_points_while_room_is_left(
    fp: int, fm: int, gain_fp: int, gain_fm: int
) -> None:
    after = Fatigue(fp, fm).gain(gain_fp, gain_fm)
    assert -3 <= after.fp <= 10
    assert -3 <= after.fm <= 10
    total_room = (10 - fp) + (10 - fm)
    assert (after.fp - fp) + (after.fm - fm) == min(total_room, gain_fp + gain_fm)
