"""Great Cosmos level-ups (docs/rules/cosmos.md#levels): each level's dice and choices, the Chance
test's 2d20, the stat cap of 85 from level 3, DNA points at 3, 6 and 9."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import levels
from meneur.core.cosmos.levels import (
    Level2,
    LevelUpChoices,
    LevelUpInputs,
    Pool,
    Progress,
    apply_level_up,
    lowest_stats,
    roll,
    stat_cap,
)
from meneur.core.errors import RulesError
from meneur.core.records import as_data, from_data, roll_seeded
from meneur.core.replay import replay

STATS = {"force": 60, "esprit": 40, "charisme": 30, "agilite": 55, "precision": 78, "chance": 50}


def at(level: int, **changes: object) -> Progress:
    values: dict[str, object] = {"level": level, "stats": STATS, "pv": (200, 250), "pm": (180, 180)}
    values.update(changes)
    return Progress(**values)  # type: ignore[arg-type]


def seeded(inputs: LevelUpInputs, want_success: bool | None = None):
    """The first seeded roll of ``inputs`` whose Chance test succeeds (or fails) as asked."""
    for seed in range(500):
        record = roll(inputs, random.Random(seed))
        if want_success is None or record.success is want_success:
            return record
    raise AssertionError("no seed found")


def test_the_cap_moves_to_85_from_level_3() -> None:
    assert [stat_cap(level) for level in (1, 2, 3, 9)] == [80, 80, 85, 85]


def test_level_2_gives_two_d10_or_one_d20() -> None:
    two = seeded(LevelUpInputs(level=2, chance=50))
    assert len(two.stat_dice) == 2
    assert all(1 <= face <= 10 for face in two.stat_dice)
    after = apply_level_up(at(1), two, LevelUpChoices(stats=("esprit", "precision")))
    assert after.stats["esprit"] == 40 + two.stat_dice[0]
    assert after.stats["precision"] == min(80, 78 + two.stat_dice[1])  # capped at 80
    one = seeded(LevelUpInputs(level=2, chance=50, level2=Level2.ONE_STAT))
    assert [d.sides for d in one.dice if d.role == "stat"] == [20]
    assert apply_level_up(at(1), one, LevelUpChoices(stats=("force",))).stats["force"] == min(
        80, 60 + one.stat_dice[0]
    )
    with pytest.raises(RulesError, match="two different stats"):
        apply_level_up(at(1), two, LevelUpChoices(stats=("force", "force")))


def test_level_3_raises_the_lowest_stat_up_to_85() -> None:
    record = seeded(LevelUpInputs(level=3, chance=50))
    after = apply_level_up(at(2), record, LevelUpChoices())
    assert after.stats["charisme"] == 30 + record.stat_dice[0]
    with pytest.raises(RulesError, match="lowest stat: charisme"):
        apply_level_up(at(2), record, LevelUpChoices(stats=("force",)))
    tied = dict(STATS, esprit=30)
    assert lowest_stats(tied) == ("esprit", "charisme")
    assert (
        apply_level_up(at(2, stats=tied), record, LevelUpChoices(stats=("charisme",))).stats[
            "charisme"
        ]
        == 30 + record.stat_dice[0]
    )
    high = dict.fromkeys(STATS, 84)
    assert apply_level_up(at(2, stats=high), record, LevelUpChoices()).stats["force"] == 85


def test_level_4_adds_a_d100_to_pv_or_pm() -> None:
    record = seeded(LevelUpInputs(level=4, chance=50), want_success=False)
    assert record.pool_die is not None
    after = apply_level_up(at(3), record, LevelUpChoices(level4_pool=Pool.PM))
    assert after.pm == (180 + record.pool_die, 180 + record.pool_die)
    assert after.pv == (200, 250)


def test_a_successful_chance_test_gives_2d20_to_one_pool() -> None:
    won = seeded(LevelUpInputs(level=6, chance=50), want_success=True)
    assert len(won.chance_bonus) == 2
    assert [d.role for d in won.dice].count("chance_bonus") == 2
    after = apply_level_up(at(5), won, LevelUpChoices(chance_pool=Pool.PV))
    assert after.pv == (200 + won.chance_points, 250 + won.chance_points)
    lost = seeded(LevelUpInputs(level=6, chance=50), want_success=False)
    assert lost.chance_bonus == ()
    assert apply_level_up(at(5), lost, LevelUpChoices()) == at(6)


def test_level_5_moves_points_and_splits_three_light_dark_points() -> None:
    record = seeded(LevelUpInputs(level=5, chance=50), want_success=False)
    moved = dict(STATS, force=70, charisme=20)
    after = apply_level_up(at(4), record, LevelUpChoices(moved=moved, light=2))
    assert after.stats == moved
    assert (after.light, after.dark) == (3, 2)
    with pytest.raises(RulesError, match="at most 10"):
        apply_level_up(at(4), record, LevelUpChoices(moved=dict(STATS, force=71, charisme=19)))
    with pytest.raises(RulesError, match="0 to 3"):
        apply_level_up(at(4), record, LevelUpChoices(light=4))


@pytest.mark.parametrize(("level", "sides"), [(3, 4), (6, 6), (9, 8)])
def test_dna_points_at_levels_3_6_and_9(level: int, sides: int) -> None:
    record = seeded(LevelUpInputs(level=level, chance=50, dna=True))
    (die,) = [d for d in record.dice if d.role == "dna"]
    assert die.sides == sides
    assert apply_level_up(at(level - 1, dna=2), record, LevelUpChoices()).dna == 2 + die.face
    assert seeded(LevelUpInputs(level=level, chance=50)).dna_die is None


def test_a_level_up_is_for_the_next_level_only() -> None:
    with pytest.raises(RulesError, match="reaches level 4, not 3"):
        apply_level_up(at(2), seeded(LevelUpInputs(level=4, chance=50)), LevelUpChoices())
    with pytest.raises(RulesError, match="level 2 or more"):
        LevelUpInputs(level=1, chance=50)


@given(level=st.integers(2, 12), chance=st.integers(20, 85), seed=st.integers(0, 2**32))
def test_a_level_up_replays_and_only_raises(level: int, chance: int, seed: int) -> None:
    inputs = LevelUpInputs(level=level, chance=chance, dna=True)
    assert from_data(LevelUpInputs, as_data(inputs)) == inputs
    record = roll_seeded(roll, inputs, seed)
    assert replay(record) == record
    assert (record.chance_bonus != ()) == record.success
    before = at(level - 1)
    after = apply_level_up(
        before,
        record,
        LevelUpChoices(stats=("esprit", "force")[: len(record.stat_dice)] if level == 2 else ()),
    )
    assert all(after.stats[s] >= before.stats[s] for s in STATS)
    assert all(
        after.stats[s] <= stat_cap(level) or after.stats[s] == before.stats[s] for s in STATS
    )
    assert after.pv[1] + after.pm[1] >= before.pv[1] + before.pm[1]


def test_a_progressive_sheet_gains_1d4_minus_1_skill_points_a_level() -> None:
    before = levels.Progress(
        level=6, stats=dict.fromkeys(levels.STATS, 50), pv=(100, 100), pm=(100, 100)
    )
    for seed in range(40):
        inputs = levels.LevelUpInputs(7, chance=50, skill_points=True)
        record = roll_seeded(levels.roll, inputs, seed)
        assert replay(record) == record
        assert record.dice[-1].role == "skill_points"
        after = levels.apply_level_up(before, record, levels.LevelUpChoices())
        assert after.skill_points == record.skill_points_die - 1
        assert after.skill_points_zero == (record.skill_points_die == 1)
    again = levels.LevelUpInputs(7, chance=50, skill_points=True, after_zero=True)
    record = levels.roll(again, random.Random(1))
    assert record.skill_points == record.skill_points_die + 1  # 2 more after a 0
    plain = levels.roll(levels.LevelUpInputs(7, chance=50), random.Random(1))
    assert plain.skill_points is None  # no progressive sheet: no d4 drawn
