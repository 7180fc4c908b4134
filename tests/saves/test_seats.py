"""A seat at the table may write only what the table's rule allows, whatever screen the
write comes from: the campaign refuses it, says why, and writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import Seat
from meneur.saves.campaign import Campaign, Secrecy
from meneur.saves.errors import CampaignError

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
            campaign.set(("characters", ident), {"name": name, "sheet": sheet})
        campaign.set(("trackers", "peur"), {"name": "Peur", "value": 1})
    return directory


def seated(directory: Path, seat: Seat) -> Campaign:
    campaign = Campaign.open(directory, author=seat.name or "gm")
    campaign.seat = seat
    return campaign


RECORD = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 1)


def test_a_player_plays_their_own_characters_in_public_or_in_private(table: Path) -> None:
    with seated(table, ALICE) as alice:
        assert alice.record_roll(RECORD, "Kael grimpe", character="kael").by == "alice"
        private = alice.note("Kael cache la clé", secrecy=Secrecy("private", "alice"))
        assert private.visibility == "private"
        edited = alice.set(("characters", "kael", "sheet", "elements", "Pilotage"), 2)
        assert edited.by == "alice"
        assert alice.undo().target == edited.id  # their own change
        alice.edit_note(private.id, "Kael cache la clé sous la pierre")


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
        ("edit the GM's note", "alice takes back their own changes only"),
    ],
)
def test_a_player_is_refused_the_rest_and_nothing_is_written(
    table: Path, what: str, reason: str
) -> None:
    with Campaign.open(table, author="gm") as gm:
        note = gm.note("Le GM note")
    before = files_of(table)
    alice = seated(table, ALICE)
    actions = {
        "roll for lyra": lambda: alice.record_roll(RECORD, "x", character="lyra"),
        "blind roll": lambda: alice.record_roll(RECORD, "x", secrecy=Secrecy("gm")),
        "private as bob": lambda: alice.note("x", secrecy=Secrecy("private", "bob")),
        "tracker": lambda: alice.set(("trackers", "peur", "value"), 5),
        "lyra's sheet": lambda: alice.set(("characters", "lyra", "sheet", "elements"), {}),
        "new character": lambda: alice.set(("characters", "zora"), {"name": "Zora"}),
        "undo the GM's": lambda: alice._reverse("undo", note, (), "x"),
        "edit the GM's note": lambda: alice.edit_note(note.id, "autre"),
    }
    with pytest.raises(CampaignError, match="refused: " + reason):
        actions[what]()
    assert files_of(table) == before


def test_a_viewer_writes_nothing(table: Path) -> None:
    viewer = seated(table, VIEWER)
    before = files_of(table)
    for action in (
        lambda: viewer.note("x"),
        lambda: viewer.record_roll(RECORD, "x"),
        lambda: viewer.set(("trackers", "peur", "value"), 2),
    ):
        with pytest.raises(CampaignError, match="a viewer watches the table"):
            action()
    assert files_of(table) == before


def test_the_gm_may_do_everything(table: Path) -> None:
    with Campaign.open(table, author="gm") as gm:
        gm.record_roll(RECORD, "x", character="lyra", secrecy=Secrecy("gm"))
        gm.set(("trackers", "peur", "value"), 4)
        gm.set(("characters", "zora"), {"name": "Zora"})
