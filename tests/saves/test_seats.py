"""A seat at the table may write only what the table's rule allows, whatever screen the
write comes from: the campaign refuses it, says why, and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.saves.errors import CampaignError, Refusal, UndoConflict

ALICE = Seat("player", "alice", frozenset({"kael"}))
VIEWER = Seat("viewer")


def files_of(directory: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


@pytest.fixture
def table(tmp_path: Path) -> Path:
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution") as campaign:
        for ident, name in (("kael", "Kael"), ("lyra", "Lyra")):
            sheet = {"elements": {"Pilotage": 1}}
            act.set_value(campaign, GM_SEAT, ("characters", ident), {"name": name, "sheet": sheet})
        act.set_value(campaign, GM_SEAT, ("trackers", "peur"), {"name": "Peur", "value": 1})
    return directory


def seated(directory: Path, seat: Seat) -> Campaign:
    campaign = Campaign.open(directory, author=seat.name or "gm")
    return campaign


RECORD = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 1)


def test_a_player_plays_their_own_characters_in_public_or_in_private(table: Path) -> None:
    with seated(table, ALICE) as alice:
        assert act.roll(alice, ALICE, RECORD, "Kael grimpe", character="kael").by == "alice"
        private = act.note(alice, ALICE, "Kael cache la clé", secrecy=Secrecy("private", "alice"))
        assert private.visibility == "private"
        edited = act.set_value(
            alice, ALICE, ("characters", "kael", "sheet", "elements", "Pilotage"), 2
        )
        assert edited.by == "alice"
        assert act.undo(alice, ALICE).target == edited.id  # their own change
        act.edit_note(alice, ALICE, private.id, "Kael cache la clé sous la pierre")


@pytest.mark.parametrize(
    ("what", "reason"),
    [
        ("roll for lyra", "lyra is not one of alice's characters"),
        ("blind roll", "only the GM keeps entries to themself"),
        ("private as bob", "alice writes as themself, not as bob"),
        ("tracker", "only the GM changes trackers.peur.value"),
        ("lyra's sheet", "only the GM changes characters.lyra.sheet"),
        ("new character", "only the GM changes characters.zora"),
        ("undo the GM's", "alice takes back their own changes only"),
        ("edit the GM's note", "there is no journal entry"),
    ],
)
def test_a_player_is_refused_the_rest_and_nothing_is_written(
    table: Path, what: str, reason: str
) -> None:
    with Campaign.open(table, author="gm") as gm:
        note = act.note(gm, GM_SEAT, "Le GM note")
    before = files_of(table)
    alice = seated(table, ALICE)
    actions = {
        "roll for lyra": lambda: act.roll(alice, ALICE, RECORD, "x", character="lyra"),
        "blind roll": lambda: act.roll(alice, ALICE, RECORD, "x", secrecy=Secrecy("gm")),
        "private as bob": lambda: act.note(alice, ALICE, "x", secrecy=Secrecy("private", "bob")),
        "tracker": lambda: act.set_value(alice, ALICE, ("trackers", "peur", "value"), 5),
        "lyra's sheet": lambda: act.set_value(
            alice, ALICE, ("characters", "lyra", "sheet", "elements"), {}
        ),
        "new character": lambda: act.set_value(
            alice, ALICE, ("characters", "zora"), {"name": "Zora"}
        ),
        "undo the GM's": lambda: act.undo(alice, ALICE, note.id),
        "edit the GM's note": lambda: act.edit_note(alice, ALICE, note.id, "autre"),
    }
    # A note not hers is refused as one the journal does not have (see below).
    refused = reason if what == "edit the GM's note" else "refused: " + reason
    with pytest.raises(CampaignError, match=refused):
        actions[what]()
    assert files_of(table) == before


def test_a_player_striking_what_she_may_not_is_told_as_of_an_entry_that_is_not(
    table: Path,
) -> None:
    """A secret note struck already, a public note not hers, a secret entry that is no
    note and a number past the last: each refused in the same words as an entry the
    journal does not have, nothing written. Told apart ("struck already", "not a note"),
    trying every number counted the GM's secrets and told their kinds."""
    with Campaign.open(table, author="gm") as gm:
        struck = act.note(gm, GM_SEAT, "Le traître est Varn", secrecy=Secrecy("gm"))
        act.strike_note(gm, GM_SEAT, struck.id)
        public = act.note(gm, GM_SEAT, "Le GM note")
        complot = {"name": "Complot", "dice": "1d2", "entries": ["Varn", "Ilse"], "gm": True}
        secret_change = act.set_value(gm, GM_SEAT, ("tables", "complot"), complot)
        assert secret_change.visibility == "gm"
        past = gm.journal.last_id + 1
    before = files_of(table)
    alice = seated(table, ALICE)
    for number in (struck.id, public.id, secret_change.id, past):
        with pytest.raises(CampaignError) as refused:
            act.strike_note(alice, ALICE, number)
        error = refused.value
        assert (error.message_key, dict(error.values)) == ("campaign.no_entry", {"id": number})
    assert files_of(table) == before


def test_a_players_undo_in_conflict_names_no_entry_nor_who_wrote_it(table: Path) -> None:
    """Her undo with the GM's later change in its way is refused in the table's
    sentence, at every door: the entries' numbers would count the GM's secrets, and the
    GM's name is an OS account (``user@host``). The GM's conflict says them."""
    path = ("characters", "kael", "sheet", "elements", "Pilotage")
    with seated(table, ALICE) as alice:
        hers = act.set_value(alice, ALICE, path, 2)
    with Campaign.open(table, author="gm@host") as gm:
        gms = act.set_value(gm, GM_SEAT, path, 3)
    before = files_of(table)
    with seated(table, ALICE) as alice, pytest.raises(Refusal) as refused:
        act.undo(alice, ALICE)
    said = str(refused.value)
    assert refused.value.message_key == "history.conflict"
    assert refused.value.__cause__ is None
    for named in (f"entry {hers.id}", f"entry {gms.id}", "gm@host", "Pilotage"):
        assert named not in said
    assert files_of(table) == before
    with seated(table, ALICE) as alice:
        act.set_value(alice, ALICE, path, 4)
    with Campaign.open(table, author="gm@host") as gm, pytest.raises(UndoConflict) as told:
        act.undo(gm, GM_SEAT)
    assert f"cannot undo entry {gms.id} " in str(told.value)


def test_a_viewer_writes_nothing(table: Path) -> None:
    viewer = seated(table, VIEWER)
    before = files_of(table)
    for action in (
        lambda: act.note(viewer, VIEWER, "x"),
        lambda: act.roll(viewer, VIEWER, RECORD, "x"),
        lambda: act.set_value(viewer, VIEWER, ("trackers", "peur", "value"), 2),
    ):
        with pytest.raises(CampaignError, match="a viewer watches the table"):
            action()
    assert files_of(table) == before


def test_the_gm_may_do_everything(table: Path) -> None:
    with Campaign.open(table, author="gm") as gm:
        act.roll(gm, GM_SEAT, RECORD, "x", character="lyra", secrecy=Secrecy("gm"))
        act.set_value(gm, GM_SEAT, ("trackers", "peur", "value"), 4)
        act.set_value(gm, GM_SEAT, ("characters", "zora"), {"name": "Zora"})
