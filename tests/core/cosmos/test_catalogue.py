"""Race and class limits at creation: the bounds, the fewest points to move (checked
against a brute-force search) and whether any assignment of the dice can meet them."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content.cosmos import example_catalogue
from meneur.core.cosmos.catalogue import (
    Bounds,
    Origin,
    assignment_meeting,
    check_talents,
    limit_breaches,
    moves_needed,
    stat_bounds,
)
from meneur.core.cosmos.creation import STATS
from meneur.core.errors import RulesError

CATALOGUE = example_catalogue()


def test_race_and_class_bounds_hold_together() -> None:
    bounds = stat_bounds(CATALOGUE.races["titan"], CATALOGUE.classes["eclaireur"])
    assert bounds["force"] == Bounds(40, 80)
    assert bounds["agilite"] == Bounds(35, 60)
    assert bounds["precision"] == Bounds(35, 80)
    assert stat_bounds(Origin("a", "A"), Origin("b", "B"), cap=85)["chance"] == Bounds(20, 85)


def test_breaches_say_by_how_much() -> None:
    bounds = stat_bounds(CATALOGUE.races["titan"], CATALOGUE.classes["mage"])
    stats = dict(zip(STATS, (35, 45, 30, 70, 40, 50), strict=True))
    assert limit_breaches(stats, bounds) == {"force": -5, "agilite": 10}
    assert moves_needed(stats, bounds) == 10


def test_contradicting_bounds_cannot_be_met() -> None:
    low = Origin("a", "A", maximum={"force": 30})
    high = Origin("b", "B", minimum={"force": 40})
    assert moves_needed(dict.fromkeys(STATS, 50), stat_bounds(low, high)) is None


def test_an_assignment_is_found_or_the_player_must_change() -> None:
    bounds = stat_bounds(CATALOGUE.races["titan"], CATALOGUE.classes["mage"])
    found = assignment_meeting((30, 30, 30, 30, 70, 70), bounds)
    assert found is not None
    assert moves_needed(found, bounds) == 0
    # Force and Esprit both need 40 but only one die is above 20: 20 points short.
    assert assignment_meeting((20, 20, 20, 20, 20, 70), bounds) is None
    near = assignment_meeting((30, 30, 30, 30, 35, 70), bounds)
    assert near is not None
    assert moves_needed(near, bounds) == 5


def brute_force(stats: dict[str, int], bounds: dict[str, Bounds], top: int) -> int | None:
    keys = list(stats)
    best = None
    for after in itertools.product(range(20, top + 1), repeat=len(keys)):
        if sum(after) != sum(stats.values()):
            continue
        if any(not bounds[k].low <= v <= bounds[k].high for k, v in zip(keys, after, strict=True)):
            continue
        moved = sum(max(0, v - stats[k]) for k, v in zip(keys, after, strict=True))
        best = moved if best is None else min(best, moved)
    return best


@given(
    values=st.lists(st.integers(20, 32), min_size=3, max_size=3),
    lows=st.lists(st.integers(20, 32), min_size=3, max_size=3),
    spans=st.lists(st.integers(-2, 12), min_size=3, max_size=3),
)
def test_moves_needed_matches_a_brute_force_search(values, lows, spans) -> None:
    keys = ("x", "y", "z")
    stats = dict(zip(keys, values, strict=True))
    bounds = {
        k: Bounds(lo, min(32, lo + span)) for k, lo, span in zip(keys, lows, spans, strict=True)
    }
    assert moves_needed(stats, bounds) == brute_force(stats, bounds, 32)


def test_four_talents_open_to_the_race_and_class() -> None:
    check_talents(
        CATALOGUE, "sylvain", "eclaireur", ["pistage", "tir_precis", "endurance", "vigilance"]
    )
    with pytest.raises(RulesError, match="choose 4 talents, not 3"):
        check_talents(CATALOGUE, "sylvain", "eclaireur", ["pistage", "tir_precis", "endurance"])
    with pytest.raises(RulesError, match="'trait_de_feu' is not open"):
        check_talents(
            CATALOGUE, "sylvain", "eclaireur", ["trait_de_feu", "pistage", "endurance", "vigilance"]
        )
    with pytest.raises(RulesError, match="'vision_nocturne' is not open"):
        check_talents(
            CATALOGUE,
            "sylvain",
            "eclaireur",
            ["vision_nocturne", "pistage", "endurance", "vigilance"],
        )
    with pytest.raises(RulesError, match="once"):
        check_talents(
            CATALOGUE, "sylvain", "eclaireur", ["pistage", "pistage", "endurance", "vigilance"]
        )
