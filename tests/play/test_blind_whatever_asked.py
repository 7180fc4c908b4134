"""A player's roll of a kind the GM keeps (``[secrecy]`` ``gm`` or ``gm_announced``) is
blind whatever the player asked: public, private, announced. Their choice stands for
every other kind, and they never write an entry for the GM alone but a blind roll. The
GM's own choice always wins (:func:`meneur.play.secrecy.roll_secrecy`, for every door)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act, secrecy
from meneur.play.rolling import TestAsked as Asked
from meneur.play.rolling import roll_test
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.saves.errors import Refusal

DEFAULTS = (None, "public", "private", "gm", "gm_announced")
"""The table's default for the kind rolled (None: it names none)."""
ASKED = (None, "public", "private", "gm")
"""What a door lets its roller ask (None: nothing, the table's default)."""
KEPT = ("gm", "gm_announced")
ALICE = Seat("player", "alice", frozenset({"kael"}))


def _state(default: str | None) -> dict[str, Any]:
    return {"secrecy": {} if default is None else {"resolution": default}}


@given(
    default=st.sampled_from(DEFAULTS),
    visibility=st.sampled_from(ASKED),
    announce=st.booleans(),
)
def test_a_players_choice_stands_but_for_a_kind_the_gm_keeps(
    default: str | None, visibility: str | None, announce: bool
) -> None:
    chosen = secrecy.roll_secrecy(_state(default), "resolution", ALICE, visibility, announce)
    if default in KEPT:
        assert chosen == Secrecy("gm", "alice", announced=True)  # blind
    elif visibility is not None:
        assert chosen == Secrecy(visibility, "alice", announce)
    elif default == "private":
        assert chosen == Secrecy("private", "alice", announce)
    else:
        assert chosen == Secrecy("public", "alice")


@given(
    default=st.sampled_from(DEFAULTS),
    visibility=st.sampled_from(ASKED),
    announce=st.booleans(),
)
def test_the_gms_own_choice_always_wins(
    default: str | None, visibility: str | None, announce: bool
) -> None:
    state = _state(default)
    if visibility == "private":  # a private entry is a player's: the GM says whose
        with pytest.raises(RulesError):
            secrecy.roll_secrecy(state, "resolution", GM_SEAT, visibility, announce)
        return
    chosen = secrecy.roll_secrecy(state, "resolution", GM_SEAT, visibility, announce)
    if visibility is not None:
        assert chosen == Secrecy(visibility, None, announce)
    elif default in (None, "public"):
        assert chosen == Secrecy("public")
    else:  # as the table says; --announce alone announces it
        told = default == "gm_announced" or announce
        assert chosen == Secrecy("gm", None, told)


def _asked(visibility: str | None, announce: bool) -> Asked:
    return Asked(
        lambda state: resolution.ResolutionTest(score=3),
        lambda inputs, seed: roll_seeded(resolution.roll, inputs, seed),
        character="kael",
        visibility=visibility,
        announce=announce,
    )


@pytest.mark.parametrize("default", DEFAULTS)
def test_what_a_player_asks_is_written_blind_for_a_kind_the_gm_keeps(
    default: str | None, tmp_path: Path
) -> None:
    """Every secrecy a player may ask, rolled and written as every door rolls a test:
    the GM-only entry they write is their blind roll, and nothing else."""
    gm = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    act.set_value(gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    if default is not None:
        act.set_value(gm, GM_SEAT, ("secrecy",), {"resolution": default})
    gm.close()
    with Campaign.open(tmp_path / "c") as alice:
        for visibility in ASKED:
            for announce in (False, True):
                asked = _asked(visibility, announce)
                before = alice.journal.last_id
                if default not in KEPT and visibility == "gm":
                    with pytest.raises(Refusal):  # the GM's alone: never hers to write
                        roll_test(alice, ALICE, asked)
                    assert alice.journal.last_id == before
                    continue
                entry = roll_test(alice, ALICE, asked).entry
                written = (entry.visibility, entry.player, entry.announced)
                if default in KEPT:
                    assert written == ("gm", "alice", True), (visibility, announce)
                elif visibility is not None:
                    assert written == (visibility, "alice", announce)
                elif default == "private":
                    assert written == ("private", "alice", announce)
                else:
                    assert written == ("public", "alice", False)


@pytest.mark.parametrize("asked", [Secrecy("public"), Secrecy("private", "alice", True)])
def test_a_roll_written_as_public_or_private_by_any_door_is_blind_when_kept(
    asked: Secrecy, tmp_path: Path
) -> None:
    """The doors that write a roll themselves (a scene's test, a clock asked about, a
    turn's die) pass :func:`meneur.play.act.roll` a secrecy of their own: a player's roll
    of a kind the GM keeps is written blind all the same, moving nothing."""
    from meneur.core.changes import MISSING, Change

    gm = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    act.set_value(gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    act.set_value(gm, GM_SEAT, ("secrecy",), {"resolution": "gm_announced"})
    gm.close()
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 7)
    karma = Change(("characters", "kael", "sheet", "karma"), MISSING, 1)
    with Campaign.open(tmp_path / "c") as alice:
        entry = act.roll(alice, ALICE, record, "", changes=[karma], secrecy=asked)
        assert "karma" not in alice.state["characters"]["kael"]["sheet"]
    assert (entry.visibility, entry.player, entry.announced, entry.changes) == (
        "gm",
        "alice",
        True,
        (),
    )
