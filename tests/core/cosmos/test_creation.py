"""Great Cosmos creation rolls: rerolls exactly as the seed describes them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import creation
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay


def d100(*faces: int) -> list[tuple[int, int]]:
    return [(100, face) for face in faces]


def test_ten_dice_outside_250_750_are_all_rerolled(scripted) -> None:
    low = [10] * 10  # total 100: rerolled
    high = [80] * 10  # total 800: rerolled
    good = [50] * 10
    rng = scripted(*d100(*low), *d100(*high), *d100(*good))
    rolled = creation.roll_pv_pm(rng)
    assert rolled.attempts == (tuple(low), tuple(high), tuple(good))
    assert rolled.dice == tuple(good)


@pytest.mark.parametrize("total", [250, 750])
def test_ten_dice_totalling_exactly_250_or_750_are_kept(total: int, scripted) -> None:
    faces = [total // 10] * 10
    assert creation.roll_pv_pm(scripted(*d100(*faces))).attempts == (tuple(faces),)


def test_a_stat_die_outside_20_80_is_rerolled_alone(scripted) -> None:
    rng = scripted(*d100(50, 95, 19, 60, 50, 50, 50, 50))
    rolled = creation.roll_stat_dice(rng)
    assert rolled.attempts[0].slots == ((50,), (95, 19, 60), (50,), (50,), (50,), (50,))
    assert rolled.dice == (50, 60, 50, 50, 50, 50)


def test_six_stat_dice_outside_200_400_are_all_rerolled(scripted) -> None:
    high = [80, 80, 80, 80, 80, 1, 79]  # the 1 is rerolled to 79: total 479
    good = [50] * 6
    rolled = creation.roll_stat_dice(scripted(*d100(*high), *d100(*good)))
    assert len(rolled.attempts) == 2
    assert rolled.attempts[0].total == 479
    assert rolled.dice == tuple(good)


def test_creation_draws_pv_pm_stats_dna_money_then_skill_points(scripted) -> None:
    rng = scripted(
        *d100(*[50] * 10),
        *d100(*[50] * 6),
        (20, 14),
        (100, 63),
        (6, 2),  # base skill d6
        (6, 5),  # one more per full 100 PM: PM is 250
        (6, 6),
        (6, 4),  # bonus die
    )
    rolled = creation.roll_creation(creation.CreationOptions(pm_positions=(0, 1, 2, 3, 4)), rng)
    assert rolled.dna_points == 19
    assert rolled.money == 63
    assert (rolled.pv, rolled.pm) == (250, 250)
    assert rolled.skill_points is not None
    assert rolled.skill_points.dice == (2, 5, 6)
    assert rolled.skill_points.best_replacement == 0
    assert rolled.skill_points.best_points == 15
    assert rng.script == []
    roles = [die.role for die in rolled.dice]
    assert roles == ["pv_pm"] * 10 + ["stat"] * 6 + ["dna", "money"] + ["skill_points"] * 3 + [
        "skill_points_bonus"
    ]


def test_rejected_dice_are_recorded_but_not_kept(scripted) -> None:
    rng = scripted(*d100(*[10] * 10), *d100(*[50] * 10), *d100(95, *[50] * 6), (20, 1), (100, 1))
    rolled = creation.roll_creation(creation.CreationOptions(), rng)
    dice = rolled.dice
    assert [d.kept for d in dice[:20]] == [False] * 10 + [True] * 10
    assert (dice[20].face, dice[20].kept) == (95, False)
    assert all(d.kept for d in dice[21:27])


@pytest.mark.parametrize(("pm", "dice"), [(0, 1), (99, 1), (100, 2), (250, 3), (500, 6)])
def test_one_more_skill_die_per_full_100_pm(pm: int, dice: int) -> None:
    import random

    assert len(creation.roll_skill_points(pm, random.Random(pm)).dice) == dice


def test_the_bonus_die_replaces_only_when_it_helps() -> None:
    points = creation.SkillPointsRoll(pm=150, dice=(5, 6), bonus_die=3)
    assert points.best_replacement is None
    assert points.best_points == 11
    assert points.points(0) == 9
    with pytest.raises(RulesError):
        points.points(2)


def test_pv_pm_split_needs_five_distinct_dice() -> None:
    dice = tuple(range(10, 110, 10))
    assert creation.split_pv_pm(dice, (0, 1, 2, 3, 4)) == (400, 150)
    for wrong in [(0, 1, 2, 3), (0, 0, 1, 2, 3), (0, 1, 2, 3, 10)]:
        with pytest.raises(RulesError):
            creation.split_pv_pm(dice, wrong)


def test_point_moves_up_to_10_keeping_20_80() -> None:
    before = dict(zip(creation.STATS, (50, 50, 50, 50, 50, 50), strict=True))
    creation.check_point_moves(before, {**before, "force": 55, "esprit": 45})
    creation.check_point_moves(before, {**before, "force": 60, "chance": 40})
    with pytest.raises(RulesError, match="at most 10"):
        creation.check_point_moves(before, {**before, "force": 61, "chance": 39})
    with pytest.raises(RulesError, match="not created"):
        creation.check_point_moves(before, {**before, "force": 55})
    low = {**before, "force": 22}
    with pytest.raises(RulesError, match="20-80"):
        creation.check_point_moves(low, {**low, "force": 18, "chance": 54})
    creation.check_point_moves(before, {**before, "force": 70, "chance": 30}, budget=20)


@given(st.integers(0, 2**63))
def test_every_creation_respects_the_rules(seed: int) -> None:
    rolled = roll_seeded(creation.roll_creation, creation.CreationOptions((1, 3, 5, 7, 9)), seed)
    assert len(rolled.pv_pm.dice) == 10
    assert 250 <= sum(rolled.pv_pm.dice) <= 750
    assert all(sum(a) < 250 or sum(a) > 750 for a in rolled.pv_pm.attempts[:-1])
    assert len(rolled.stats.dice) == 6
    assert 200 <= sum(rolled.stats.dice) <= 400
    assert all(20 <= face <= 80 for face in rolled.stats.dice)
    for attempt in rolled.stats.attempts:
        for slot in attempt.slots:
            assert all(not 20 <= face <= 80 for face in slot[:-1])
    assert 6 <= rolled.dna_points <= 25
    assert 1 <= rolled.money <= 100
    assert rolled.pv is not None
    assert rolled.pm is not None
    assert rolled.pv + rolled.pm == sum(rolled.pv_pm.dice)
    assert replay(rolled) == rolled


@given(st.integers(0, 2**63))
def test_every_conversion_respects_the_rules(seed: int) -> None:
    rolled = roll_seeded(creation.roll_conversion, creation.ConversionOptions(), seed)
    assert len(rolled.dice_roll.dice) == 2
    assert 60 <= sum(rolled.dice_roll.dice) <= 140
    assert all(20 <= face <= 80 for face in rolled.dice_roll.dice)
    assert replay(rolled) == rolled


# --- Conversion from rules before v4 keeps the character ------------------------------

OLD = {
    "level": 4,
    "race": "humain",
    "stats": {"force": 84, "esprit": 45, "charisme": 40, "agilite": 60},
    "pv": 250,
    "pv_max": 310,
    "karma": -3,
    "talents": ["vigilance"],
    "light": 2,
}


def test_a_conversion_rolls_only_precision_and_chance_and_keeps_the_rest() -> None:
    # docs/rules/cosmos.md#creation: "le reste des informations valides le demeure".
    rolled = roll_seeded(creation.roll_conversion, creation.ConversionOptions(), 3)
    first, second = rolled.dice_roll.dice
    assigned = creation.converted_stats(OLD["stats"], rolled, precision_die=1)
    assert (assigned["precision"], assigned["chance"]) == (second, first)
    moved = {**assigned, "force": 85, "esprit": 44}  # level 4: the cap is 85
    after = creation.convert_sheet(OLD, rolled, 1, moved)
    assert after["stats"] == moved
    assert {k: v for k, v in after.items() if k != "stats"} == {
        k: v for k, v in OLD.items() if k != "stats"
    }
    assert not creation.needs_conversion(after)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"force": 86, "esprit": 43}, "within 20-85"),
        ({"esprit": 24, "charisme": 61}, "at most 20 points"),
        ({"esprit": 46}, "moved, not created"),
    ],
)
def test_a_conversion_moves_at_most_20_points_within_the_cap(
    changes: dict[str, int], reason: str
) -> None:
    rolled = roll_seeded(creation.roll_conversion, creation.ConversionOptions(), 3)
    assigned = creation.converted_stats(OLD["stats"], rolled, precision_die=0)
    with pytest.raises(RulesError, match=reason):
        creation.convert_sheet(OLD, rolled, 0, {**assigned, **changes})


def test_only_a_character_from_before_v4_converts() -> None:
    rolled = roll_seeded(creation.roll_conversion, creation.ConversionOptions(), 3)
    done = {**OLD, "stats": {**OLD["stats"], "precision": 50, "chance": 50}}
    with pytest.raises(RulesError, match="before v4"):
        creation.convert_sheet(done, rolled, 0, done["stats"])
