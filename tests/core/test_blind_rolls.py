"""A blind roll: the one entry a player writes for the GM alone — a roll of their own, of
a kind the GM keeps to themself, changing and naming nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.table_rules import Refused, Seat, check_entry

ALICE = Seat("player", "alice", frozenset({"kael"}))


@given(
    rolled=st.sampled_from([None, "yesno", "dice", "resolution"]),
    blind=st.sets(st.sampled_from(["yesno", "dice", "resolution"])),
    player=st.sampled_from([None, "alice", "bob"]),
    changed=st.sampled_from([[], [("characters", "kael", "sheet", "karma")]]),
)
def test_a_player_writes_for_the_gm_alone_only_a_blind_roll(
    rolled: str | None, blind: set[str], player: str | None, changed: list[tuple[str, ...]]
) -> None:
    allowed = rolled in blind and player == "alice" and not changed
    write = {"character": "kael", "visibility": "gm", "player": player, "changed": changed}
    if allowed:
        check_entry(ALICE, kind="roll", rolled=rolled, blind=blind, **write)  # type: ignore[arg-type]
        return
    with pytest.raises(Refused):
        check_entry(ALICE, kind="roll", rolled=rolled, blind=blind, **write)  # type: ignore[arg-type]
