"""A typed line is the player's line over SSH too: eight notes a player types into the
command line — in one write (what a stalled link delivers: OpenSSH sends what it read
at once), text and Enter written apart with no pause, or 30 ms apart — are eight notes,
one each, with their texts, by that player. ``meneur serve`` a process of its own,
OpenSSH's ``ssh`` in a pseudo-terminal, on 127.0.0.1; the notes read from the journal."""

from __future__ import annotations

import shutil
import signal
from pathlib import Path

import pytest

from meneur.saves.campaign import Campaign
from tests.typed_notes import NOTES, PACES, type_notes
from tests.waiting import PATIENCE

from .seated import make_table
from .test_openssh import Terminal, ssh_args, start_server

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is missing"),
]


def test_eight_notes_typed_over_ssh_are_eight_notes_one_each(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    server, port = start_server(table)
    try:
        alice = Terminal(ssh_args(table, "alice", port, tmp_path / "known", "accept-new"))
        alice.wait_for("● Alice (Kael)")
        alice.wait_for("r Lancer")  # the footer drawn, offering a roll
        alice.send(":")
        alice.wait_until(lambda screen: "r Lancer" not in screen, "the command line focused")
        for pace in PACES:
            notes = [f"{note} ({pace})" for note in NOTES]
            assert type_notes(alice, table.directory, pace, notes) == notes, pace
        with Campaign.open(table.directory, write=False) as campaign:
            written = campaign.journal.latest(len(NOTES) * len(PACES))
            assert {entry.by for entry in written} == {"alice"}
        alice.wait_for("Dés (2d6+1)")  # the command line empty again, no dialog on show
        alice.send("\x11")  # ctrl+q: quit
        assert alice.status() == 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(PATIENCE)
