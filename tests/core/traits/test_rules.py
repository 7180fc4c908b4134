"""Les Traits: trait rolls, bless/curse, Coup de poker, derived values, exact odds."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay
from meneur.core.traits import rules as traits
from meneur.core.traits.derived import derived_values
from meneur.core.traits.rules import Blessing, BonusDie, PokerPolicy, TraitTest

# --- The seed's worked examples ------------------------------------------------------


def test_gregor_lifts_the_portcullis_with_one_success() -> None:
    rolled = traits.resolve(TraitTest(dice=3, difficulty=5), (1, 3, 6))
    assert rolled.successes == 1
    assert rolled.outcome == "success"


def test_gregor_against_a_goblin_scores_two_because_ones_always_fail() -> None:
    rolled = traits.resolve(TraitTest(dice=4, difficulty=1), (1, 1, 2, 6))
    assert rolled.successes == 2


@pytest.mark.parametrize(
    ("melee", "shield", "parade"),
    [(2, 0, 1), (3, 0, 2), (5, 1, 4), (None, 0, 0), (0, 0, 0)],
)
def test_parade_is_half_melee_rounded_up_plus_shield(
    melee: int | None, shield: int, parade: int
) -> None:
    values = derived_values(melee=melee, vigueur=3, parade_bonus=shield)
    assert values.parade == parade
    assert values.parade_instinctive == parade - shield


def test_endurance_is_half_vigueur_rounded_up_plus_armour() -> None:
    values = derived_values(melee=None, vigueur=5, endurance_bonus=2)
    assert (values.endurance, values.endurance_naturelle) == (5, 3)
    assert values.deplacement == 1


# --- Dice and Difficulty -------------------------------------------------------------


@pytest.mark.parametrize("difficulty", [0, 1, 2, 7, 12])
def test_a_one_always_fails_and_a_six_always_succeeds(difficulty: int) -> None:
    test = TraitTest(dice=2, difficulty=difficulty)
    assert not test.succeeds(1)
    assert test.succeeds(6)


def test_difficulty_0_is_legal_every_die_but_a_one_succeeds() -> None:
    # Seed 001: a Parade is 0 without Mêlée, and a Difficulty may be that Parade.
    test = TraitTest(dice=3, difficulty=0)
    assert [test.succeeds(face) for face in range(1, 7)] == [False] + [True] * 5
    assert traits.odds(test).outcomes["success"] == Fraction(215, 216)
    blessed = TraitTest(dice=3, difficulty=0, blessing=Blessing.BLESS)
    assert blessed.effective_difficulty == 0  # no Difficulty below 0; the same dice succeed
    with pytest.raises(RulesError, match="0 or more"):
        TraitTest(dice=3, difficulty=-1)


def test_bless_lowers_and_curse_raises_the_difficulty() -> None:
    assert TraitTest(3, 4, blessing=Blessing.BLESS).effective_difficulty == 3
    assert TraitTest(3, 4, blessing=Blessing.CURSE).effective_difficulty == 5
    faces = (3, 4, 5)
    assert traits.resolve(TraitTest(3, 4), faces).successes == 2
    assert traits.resolve(TraitTest(3, 4, blessing=Blessing.BLESS), faces).successes == 3
    assert traits.resolve(TraitTest(3, 4, blessing=Blessing.CURSE), faces).successes == 1


def test_a_blessing_after_the_roll_rereads_the_same_faces() -> None:
    rolled = traits.first_roll(TraitTest(4, 5, need=2), random.Random(3))
    blessed = traits.declare_blessing(rolled, Blessing.BLESS)
    assert [d.face for d in blessed.dice] == [d.face for d in rolled.dice]
    assert blessed.inputs.blessing_after
    assert blessed.successes == sum(
        1 for d in rolled.dice if d.face == 6 or (d.face != 1 and d.face >= 4)
    )


def test_the_bonus_die_is_rolled_first_and_added_to_the_pool(scripted) -> None:
    rng = scripted((6, 2), *[(6, 3)] * 4)
    rolled = traits.roll(TraitTest(dice=2, difficulty=4, bonus_die=BonusDie(6)), rng)
    assert rolled.dice[0] == dataclasses.replace(rolled.dice[0], sides=6, face=2, role="bonus")
    assert rolled.pool == 4
    assert [d.role for d in rolled.dice[1:]] == [None] * 4


def test_a_malus_die_and_malus_never_take_the_pool_below_zero(scripted) -> None:
    rolled = traits.roll(
        TraitTest(dice=2, difficulty=4, bonus=-1, bonus_die=BonusDie(4, -1)), scripted((4, 3))
    )
    assert rolled.pool == 0
    assert rolled.successes == 0
    assert rolled.outcome == "failure"


@pytest.mark.parametrize(
    ("text", "die"),
    [
        ("d6", BonusDie(6)),
        ("+d6", BonusDie(6)),
        ("-d4", BonusDie(4, -1)),
        (" - D8 ", BonusDie(8, -1)),
    ],
)
def test_bonus_dice_parse(text: str, die: BonusDie) -> None:
    assert BonusDie.parse(text) == die


@pytest.mark.parametrize("text", ["6", "d", "+-d6", "2d6", "d1"])
def test_bad_bonus_dice_are_refused(text: str) -> None:
    with pytest.raises(RulesError):
        BonusDie.parse(text)


def test_the_action_may_need_several_successes() -> None:
    assert traits.resolve(TraitTest(3, 4, need=2), (4, 5, 1)).outcome == "success"
    assert traits.resolve(TraitTest(3, 4, need=3), (4, 5, 1)).outcome == "failure"


# --- Coup de poker -------------------------------------------------------------------


def test_poker_rerolls_failed_dice_and_new_successes_add() -> None:
    # 6 and 5 succeed at D5, 2 and 3 fail; k = 2 rerolls them: a 5 and a 4.
    rolled = traits.resolve(TraitTest(4, 5, need=3, poker=2), (6, 2, 5, 3, 5, 4))
    assert rolled.first_successes == 2
    assert rolled.poker == 2
    assert rolled.successes == 3
    assert [d.kept for d in rolled.dice[:4]] == [None, False, None, False]
    assert [d.role for d in rolled.dice[4:]] == ["reroll", "reroll"]
    assert rolled.outcome == "success"


def test_a_one_on_a_rerolled_die_is_a_fiasco() -> None:
    rolled = traits.resolve(TraitTest(4, 5, poker=2), (6, 2, 5, 3, 6, 1))
    assert rolled.fiasco
    assert rolled.successes == 0
    assert rolled.outcome == "failure"


def test_poker_needs_a_six_showing() -> None:
    with pytest.raises(RulesError, match="needs a 6 showing"):
        traits.resolve(TraitTest(3, 4, poker=1), (5, 2, 3, 4))


def test_poker_rerolls_at_most_the_first_successes() -> None:
    with pytest.raises(RulesError, match="1 to 1 dice, not 2"):
        traits.resolve(TraitTest(4, 5, poker=2), (6, 2, 2, 3, 4, 4))


def test_poker_rerolls_at_most_the_failed_dice() -> None:
    rolled = traits.first_roll(TraitTest(3, 2), random.Random(0))
    assert rolled.poker_limit <= rolled.pool - rolled.first_successes
    with pytest.raises(RulesError):
        traits.resolve(TraitTest(3, 2, poker=1), (6, 5, 4, 3))  # no failed die


@pytest.mark.parametrize(
    ("policy", "need", "k"),
    [
        (PokerPolicy.NEVER, 1, 0),
        (PokerPolicy.MAX, 1, 2),
        (PokerPolicy.WHEN_SHORT, 2, 0),  # two successes: not short
        (PokerPolicy.WHEN_SHORT, 3, 2),
    ],
)
def test_policies_choose_k(policy: PokerPolicy, need: int, k: int) -> None:
    # Faces 6, 5, 2, 3 at D5: two successes, two failed dice, a 6 showing.
    assert traits.choose_poker(TraitTest(4, 5, need=need, poker=policy), 2, 2, 1) == k


def test_a_forced_poker_is_made_even_by_a_cautious_policy() -> None:
    assert traits.choose_poker(TraitTest(4, 5, forced_poker=True), 2, 2, 1) == 1
    owed = traits.resolve(TraitTest(4, 5, forced_poker=True, poker=0), (6, 5, 2, 3))
    assert owed.poker_owed


def test_a_forced_poker_still_owed_is_not_a_final_result() -> None:
    # Play-tested: an owed forced poker read as "success" though a fiasco could follow.
    owed = traits.resolve(TraitTest(4, 5, forced_poker=True, poker=0), (6, 5, 2, 3))
    assert owed.outcome == traits.PENDING
    assert owed.success is None
    assert owed.successes == 2  # so far
    made = traits.with_poker_faces(owed, (1,))
    assert (made.outcome, made.success, made.fiasco) == ("failure", False, True)
    made = traits.with_poker_faces(owed, (5,))
    assert (made.outcome, made.successes) == ("success", 3)
    with pytest.raises(RulesError, match="1 to 2 dice"):
        traits.with_poker_faces(owed, (5, 5, 5))


def test_the_player_pokers_after_seeing_the_dice_and_the_record_replays() -> None:
    test = TraitTest(5, 4, need=4)
    seed = next(s for s in range(200) if roll_seeded(traits.first_roll, test, s).poker_limit)
    rng = random.Random(seed)
    first = dataclasses.replace(traits.first_roll(test, rng), seed=seed)
    assert first.poker == 0
    pokered = traits.with_poker(first, first.poker_limit, rng)
    assert pokered.inputs.poker == first.poker_limit
    assert [d.face for d in pokered.dice[: len(first.dice)]] == [d.face for d in first.dice]
    assert replay(pokered) == pokered
    with pytest.raises(RulesError, match="already"):
        traits.with_poker(pokered, 1, rng)


def test_a_blessing_comes_before_the_poker() -> None:
    rolled = traits.resolve(TraitTest(4, 5, poker=1), (6, 2, 5, 3, 4))
    with pytest.raises(RulesError, match="before its Coup de poker"):
        traits.declare_blessing(rolled, Blessing.BLESS)


# --- Exact odds against every sequence of dice ---------------------------------------

ODDS_CASES = [
    TraitTest(3, 4),
    TraitTest(3, 5, need=2),
    TraitTest(2, 1),
    TraitTest(2, 7),
    TraitTest(3, 3, blessing=Blessing.CURSE, need=2),
    TraitTest(1, 4, bonus_die=BonusDie(2)),
    TraitTest(3, 4, bonus_die=BonusDie(4, -1), bonus=-1),
    TraitTest(0, 4),
    TraitTest(3, 5, forced_poker=True),
]


def brute_odds(brute_force, test: TraitTest) -> tuple[dict[int, Fraction], Fraction, Fraction]:
    distribution: dict[int, Fraction] = defaultdict(Fraction)
    success = fiasco = Fraction(0)
    for probability, rolled in brute_force(lambda rng: traits.roll(test, rng)):
        distribution[rolled.successes] += probability
        success += probability if rolled.success else 0
        fiasco += probability if rolled.fiasco else 0
    return dict(distribution), success, fiasco


@pytest.mark.parametrize("policy", list(PokerPolicy))
@pytest.mark.parametrize("test", ODDS_CASES, ids=repr)
def test_odds_equal_every_sequence_of_dice(
    test: TraitTest, policy: PokerPolicy, brute_force
) -> None:
    odds = traits.odds(test, policy)
    distribution, success, fiasco = brute_odds(brute_force, dataclasses.replace(test, poker=policy))
    assert dict(odds.distribution) == {k: p for k, p in distribution.items() if p}
    assert odds.outcomes["success"] == success
    assert odds.fiasco == fiasco


def test_poker_changes_the_odds_as_expected() -> None:
    test = TraitTest(4, 5, need=3)
    never = traits.odds(test, PokerPolicy.NEVER).outcomes["success"]
    short = traits.odds(test, PokerPolicy.WHEN_SHORT).outcomes["success"]
    assert short > never  # poking only when short can only help reach the need
    assert traits.odds(test, PokerPolicy.NEVER).fiasco == 0


trait_tests = st.builds(
    TraitTest,
    dice=st.integers(0, 6),
    difficulty=st.integers(0, 8),
    need=st.integers(1, 4),
    bonus=st.integers(-2, 2),
    bonus_die=st.one_of(
        st.none(), st.builds(BonusDie, st.sampled_from([4, 6]), st.sampled_from([1, -1]))
    ),
    blessing=st.one_of(st.none(), st.sampled_from(Blessing)),
    forced_poker=st.booleans(),
    poker=st.one_of(st.none(), st.sampled_from(PokerPolicy)),
)


@given(trait_tests, st.integers(0, 2**63))
def test_a_roll_follows_from_its_dice_and_replays(test: TraitTest, seed: int) -> None:
    rolled = roll_seeded(traits.roll, test, seed)
    assert replay(rolled) == rolled
    reread = traits.resolve(test, tuple(d.face for d in rolled.dice))
    assert dataclasses.replace(reread, seed=seed) == rolled
    policy = test.poker if isinstance(test.poker, PokerPolicy) else PokerPolicy.NEVER
    odds = traits.odds(test, policy)
    assert odds.distribution[rolled.successes] > 0
    assert sum(odds.outcomes.values()) == 1
    assert sum(odds.distribution.values()) == 1
    assert rolled.successes == 0 or not rolled.fiasco


def test_odds_that_would_hang_are_refused_and_the_roll_still_works() -> None:
    huge = TraitTest(100, 4, bonus_die=BonusDie(999))
    with pytest.raises(RulesError, match="too long"):
        traits.odds(huge, PokerPolicy.MAX)
    assert traits.roll(huge, random.Random(1)).pool >= 100
    assert sum(traits.odds(TraitTest(100, 4), PokerPolicy.MAX).outcomes.values()) == 1
