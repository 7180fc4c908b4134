"""One way to play, from an SSH seat too: what a player types at their seat and the
same request from ``meneur roll`` on the same seed make the same record and words."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.saves.campaign import Campaign
from tests.waiting import until_async

from .seated import Served, make_table

pytestmark = pytest.mark.e2e

ENTER = "\r"


@pytest.mark.parametrize(
    ("typed", "arguments"),
    [
        ("2d6+1", ["dice", "2d6+1"]),
        ("?4 La porte cède ?", ["yesno", "--likelihood", "4", "--question", "La porte cède ?"]),
    ],
)
async def test_a_request_from_an_ssh_seat_and_from_the_cli_make_the_same_entry(
    typed: str, arguments: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = make_table(tmp_path)
    before = Campaign.open(table.directory, write=False).journal.last_id
    async with Served(table) as served:
        alice = await served.join("alice")
        await alice.wait_for("Personnage ▾ Kael")
        await alice.send(":")
        app = served.app_of("alice")
        # As a person types: the focus has moved before the next keys.
        await until_async(lambda: app.focused is not None and app.focused.id == "command")
        await alice.send(typed + ENTER)
        await until_async(
            lambda: Campaign.open(table.directory, write=False).journal.last_id > before,
            f"alice's {typed!r}",
        )
        await alice.leave()
    campaign = Campaign.open(table.directory, write=False)
    seat = campaign.journal.entry(campaign.journal.last_id)
    assert seat.by == "alice"
    assert seat.roll is not None
    seed = str(seat.roll["seed"])
    assert main(["roll", *arguments, "--campaign", str(table.directory), "--seed", seed]) == 0
    capsys.readouterr()
    campaign = Campaign.open(table.directory, write=False)
    cli = campaign.journal.entry(campaign.journal.last_id)
    assert (cli.kind, cli.text, cli.visibility) == (seat.kind, seat.text, seat.visibility)
    assert cli.roll == seat.roll
