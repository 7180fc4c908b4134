"""What moves a Great Cosmos character's fatigue, step by step (docs/rules/cosmos.md#endurance,
Règle d'endurance): the day's three meals and three pauses, the items, the 12-hour rest as the
only cure of exhaustion, and what a revigoration or a drink suspends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import conditions
from meneur.core.cosmos.endurance import FATIGUE_MAX, FATIGUE_MIN, Fatigue
from meneur.core.cosmos.fatigue import (
    DAILY,
    STEPS,
    Step,
    Suspended,
    Today,
    apply,
    turn_over,
)
from meneur.core.errors import RulesError

gauges = st.builds(
    Fatigue,
    st.integers(FATIGUE_MIN, FATIGUE_MAX),
    st.integers(FATIGUE_MIN, FATIGUE_MAX),
)


def test_three_meals_a_day_and_the_fourth_is_refused() -> None:
    # "Manger un repas, jusqu'à 3 fois par jour. Dans ce cas, il perd 1 FP et 1 FM"
    fatigue, today = Fatigue(7, 7), Today()
    for eaten in range(1, DAILY + 1):
        after = apply(fatigue, Step("meal"), today=today)
        assert after.fatigue == Fatigue(fatigue.fp - 1, fatigue.fm - 1)
        assert after.today.meals == eaten
        fatigue, today = after.fatigue, after.today
    with pytest.raises(RulesError) as refused:
        apply(fatigue, Step("meal"), today=today)
    assert refused.value.message_key == "cosmos.fatigue.daily_meal"
    # the pauses are counted apart from the meals
    assert apply(fatigue, Step("pause"), today=today).today == Today(0, 3, 1)


def test_a_new_day_counts_the_meals_again() -> None:
    full = Today(0, DAILY, DAILY)
    # without the Chronoste, "a day passes" starts a new count (and adds its +1/+1)
    after = apply(Fatigue(4, 4), Step("day"), today=full)
    assert (after.today, after.fatigue) == (Today(1), Fatigue(5, 5))
    assert apply(Fatigue(4, 4), Step("meal"), today=after.today).today == Today(1, 1, 0)
    # with it, the Chronoste's day decides
    assert apply(Fatigue(4, 4), Step("meal"), today=full, day=3).today == Today(3, 1, 0)
    with pytest.raises(RulesError):
        apply(Fatigue(4, 4), Step("pause"), today=Today(3, 0, DAILY), day=3)


def test_a_pause_never_brings_a_gauge_below_3() -> None:
    # "il ne peut descendre en dessous de 3 FP ou 3 FM en utilisant cette méthode"
    assert apply(Fatigue(3, 6), Step("pause")).fatigue == Fatigue(3, 5)
    assert apply(Fatigue(1, 4), Step("pause")).fatigue == Fatigue(1, 3)


@pytest.mark.parametrize(
    ("key", "grade", "after"),
    [
        ("healing", "standard", Fatigue(5, 6)),
        ("healing", "plus", Fatigue(4, 6)),
        ("healing", "max", Fatigue(3, 6)),
        ("healing_concentrated", "standard", Fatigue(4, 6)),
        ("healing_concentrated", "max", Fatigue(2, 6)),
        ("mana", "plus", Fatigue(6, 5)),
        ("mana", "max", Fatigue(6, 4)),
        ("mana_concentrated", "standard", Fatigue(6, 4)),
        ("mana_concentrated", "max", Fatigue(6, 2)),
        ("phoenix_elixir", "standard", Fatigue(1, 3)),
        ("energising", "standard", Fatigue(1, 9)),
    ],
)
def test_the_items_of_the_seeds_table(key: str, grade: str, after: Fatigue) -> None:
    assert apply(Fatigue(6, 6), Step(key, grade=grade)).fatigue == after


def test_the_mana_potion_has_no_standard_grade_in_the_table() -> None:
    with pytest.raises(RulesError) as refused:
        apply(Fatigue(6, 6), Step("mana"))
    assert refused.value.message_key == "cosmos.fatigue.grade"


@given(gauges, st.sampled_from([s for s in STEPS if s not in ("full_rest_12h", "wears_off")]))
def test_only_a_12_hour_rest_lifts_an_exhaustion(fatigue: Fatigue, key: str) -> None:
    # "seul un repos total de 12h minimum permet de récupérer de l'état d'épuisement.
    # Toute autre tentative ne réduira plus les points de FP et/ou FM."
    try:
        after = apply(fatigue, Step(key, grade="max")).fatigue
    except RulesError:
        return
    if fatigue.fp == FATIGUE_MAX:
        assert after.fp == FATIGUE_MAX
    if fatigue.fm == FATIGUE_MAX:
        assert after.fm == FATIGUE_MAX


def test_the_12_hour_rest_lifts_it() -> None:
    assert apply(Fatigue(10, 10), Step("full_rest_12h")).fatigue == Fatigue(3, 3)
    assert apply(Fatigue(10, 10), Step("full_rest")).fatigue == Fatigue(10, 10)


def test_a_revigoration_suspends_the_states_for_5_turns_not_an_exhaustion() -> None:
    # "Supprime tous les effets de la fatigue temporairement pour 5 tours ou 15 minutes"
    after = apply(Fatigue(8, 6), Step("revigoration"))
    assert after.suspended == Suspended("revigoration", 5)
    assert after.fatigue == Fatigue(8, 6)
    assert conditions.conditions(("force",), None, after.fatigue) != ()
    assert conditions.conditions(("force",), None, after.fatigue, suspended=True) == ()
    with pytest.raises(conditions.CannotAct):
        conditions.conditions(("force",), None, Fatigue(10, 0), suspended=True)
    left: Suspended | None = after.suspended
    for turns in (4, 3, 2, 1):
        left = turn_over(left)
        assert left == Suspended("revigoration", turns)
    assert turn_over(left) is None


def test_a_drink_suspends_until_it_wears_off_then_gives_3_to_10_fm() -> None:
    # "mais octroie entre +3 et +10 FM après coup"
    drunk = apply(Fatigue(2, 2), Step("drink"))
    assert drunk.suspended == Suspended("drink") == turn_over(drunk.suspended)
    after = apply(drunk.fatigue, Step("wears_off", count=7), suspended=drunk.suspended)
    assert (after.fatigue, after.suspended) == (Fatigue(2, 9), None)
    for count in (2, 11):
        with pytest.raises(RulesError):
            apply(drunk.fatigue, Step("wears_off", count=count), suspended=drunk.suspended)
    with pytest.raises(RulesError):
        apply(drunk.fatigue, Step("wears_off", count=5))


def test_a_full_rest_fasted_and_in_optimal_conditions() -> None:
    # 7 halved and rounded down (3), then up to 3 more
    assert apply(Fatigue(8, 8), Step("full_rest", fasted=True, optimal=3)).fatigue == Fatigue(2, 2)
    with pytest.raises(RulesError):
        apply(Fatigue(8, 8), Step("full_rest", optimal=4))


def test_an_unknown_step_is_refused() -> None:
    with pytest.raises(RulesError):
        apply(Fatigue(), Step("nap"))


def test_todays_count_reads_from_the_sheet_and_refuses_odd_keys() -> None:
    assert Today.from_sheet({"today": {"day": 2, "meals": 1, "pauses": 0}}) == Today(2, 1, 0)
    for bad in ({"meals": 4}, {"lunch": 1}, {"day": "monday"}, [1]):
        with pytest.raises(RulesError):
            Today.from_sheet({"today": bad})
    for bad in ({"by": "tea"}, {"by": "revigoration", "turns": 6}, {"by": "drink", "x": 1}):
        with pytest.raises(RulesError):
            Suspended.from_sheet({"suspended": bad})
