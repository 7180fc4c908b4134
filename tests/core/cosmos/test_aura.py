"""Great Cosmos aura (docs/rules/cosmos.md#aura, Règle d'aura): points up to 4, the aura roll on its
table, anti-aura gained by the target and spent to cancel."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import aura
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay


def test_aura_points_gather_up_to_four() -> None:
    # "les points d'aura s'accumulent jusqu'à un maximum de 4 points"
    assert aura.gain(3) == 4
    assert aura.gain(4) == 4
    assert aura.gain(0, 3) == 3


def test_a_target_without_aura_gains_anti_aura_even_when_it_has_no_effect() -> None:
    # "ils gagnent un point d'anti-aura tout de même"
    used = aura.use(2, 0, target_has_aura=False)
    assert (used.holder_aura, used.target_anti_aura, used.rolled) == (1, 1, True)
    record = aura.resolve(aura.AuraTest(), (1,))
    assert record.outcome == "effect_1"  # "Aucun effet"
    assert not record.success


def test_a_target_with_aura_gains_no_anti_aura() -> None:
    used = aura.use(1, 0, target_has_aura=True)
    assert (used.holder_aura, used.target_anti_aura) == (0, 0)


def test_cancelling_spends_an_anti_aura_point_and_rolls_nothing() -> None:
    # "on ne lance aucun jet d'aura et le défenseur ne gagne aucun nouveau point"
    used = aura.use(3, 2, target_has_aura=False, cancel=True)
    assert (used.holder_aura, used.target_anti_aura, used.rolled) == (2, 1, False)


@pytest.mark.parametrize(
    ("holder", "anti", "has_aura", "cancel", "message"),
    [
        (0, 0, False, False, "no aura point"),
        (1, 0, False, True, "no anti-aura point"),
        (1, 3, True, True, "only a race without aura"),
        (5, 0, False, False, "up to 4"),
    ],
)
def test_what_the_rule_does_not_allow_is_refused(
    holder: int, anti: int, has_aura: bool, cancel: bool, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        aura.use(holder, anti, target_has_aura=has_aura, cancel=cancel)


def test_odds_match_enumeration_each_row_a_sixth() -> None:
    odds = aura.odds(aura.AuraTest())
    counts = dict.fromkeys(aura.EFFECTS, 0)
    for face in range(1, 7):
        counts[aura.resolve(aura.AuraTest(), (face,)).outcome or ""] += 1
    assert odds.outcomes == {key: Fraction(n, 6) for key, n in counts.items()}


@given(st.integers(0, 2**32))
def test_a_seeded_aura_roll_replays(seed: int) -> None:
    record = roll_seeded(aura.roll, aura.AuraTest(), seed)
    assert replay(record) == record
    assert record.outcome == f"effect_{record.result}"


@given(st.integers(1, 4), st.integers(0, 99), st.booleans())
def test_spending_always_costs_the_holder_one_point(holder: int, anti: int, has: bool) -> None:
    used = aura.use(holder, anti, target_has_aura=has)
    assert used.holder_aura == holder - 1
    assert used.target_anti_aura == (anti if has else min(99, anti + 1))
