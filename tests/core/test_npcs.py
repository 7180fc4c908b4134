"""Quick NPCs: one roll per system, every die recorded, replayed from its seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core import npcs, sheets
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay
from meneur.core.spherier.notation import parse_skill
from meneur.core.systems import BUILT_IN


@pytest.mark.parametrize("system", BUILT_IN)
@given(seed=st.integers(0, 2**63 - 1))
def test_a_quick_npc_follows_from_its_dice_and_replays(system: str, seed: int) -> None:
    record = roll_seeded(npcs.roll, npcs.NpcInputs(system, "Garde"), seed)
    assert replay(record) == record
    kept = [die for die in record.dice if die.role != "reroll"]
    sheet = record.sheet
    if system == "cosmos":
        stats = [die.face for die in kept if die.role in sheet["stats"]]
        assert list(sheet["stats"].values()) == stats
        assert all(20 <= face <= 80 for face in stats)
        assert sheet["pv"] == sum(d.face for d in kept if d.role == "pv") == sheet["pv_max"]
        assert all(not 20 <= d.face <= 80 for d in record.dice if d.role == "reroll")
    elif system == "systemj":
        assert list(sheet["attributes"].values()) == [30 + d.face for d in kept]
    elif system == "spherier":
        for entry, (mastery, limit) in zip(
            sheet["attributes"], zip(kept[::2], kept[1::2], strict=True), strict=True
        ):
            skill = parse_skill(entry)
            assert (skill.mastery, skill.limit) == (mastery.face, limit.face)
    else:
        key = "elements" if system == "resolution" else "traits"
        assert sheet[key] == {die.role: die.face for die in kept}
    # Whatever it rolled, the sheet is one the sheet screen reads without complaint.
    assert sheets.derived(system, {}, dict(sheet)) is not None


def test_a_quick_npc_needs_a_name_and_a_known_system() -> None:
    with pytest.raises(RulesError, match="needs a name"):
        npcs.NpcInputs("traits", "  ")
    with pytest.raises(RulesError, match="one of"):
        npcs.NpcInputs("gurps", "Garde")


def test_the_same_seed_makes_the_same_npc_and_another_seed_another() -> None:
    inputs = npcs.NpcInputs("cosmos", "Garde")
    first = npcs.roll(inputs, random.Random(5))
    assert npcs.roll(inputs, random.Random(5)) == first
    assert any(npcs.roll(inputs, random.Random(s)) != first for s in range(6, 9))
