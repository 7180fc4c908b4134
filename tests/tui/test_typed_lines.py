"""A typed line is the player's line, however fast it comes: eight notes typed into the
command line, each its text and Enter — in one write, text and Enter written apart with
no pause (as ``tmux send-keys -l`` and ``send-keys Enter`` do), or 30 ms apart — are eight
notes, one each, with their texts. A real process in a pseudo-terminal; the notes are
read from the campaign's journal, not the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.typed_notes import NOTES, PACES, last_entry, texts_after, type_notes
from tests.waiting import until

from .pty_app import AppTerminal

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("pace", PACES)
def test_eight_notes_typed_are_eight_notes_one_each(tmp_path: Path, pace: str) -> None:
    data = tmp_path / "data"
    terminal = AppTerminal(data)
    try:
        terminal.wait_for("r Roll")  # the footer drawn, offering a roll
        terminal.type(b":")
        terminal.wait_until(lambda screen: "r Roll" not in screen, "the command line focused")
        folder = data / "campaigns" / "default"
        assert type_notes(terminal, folder, pace, NOTES) == NOTES
        # The command line is empty again: nothing held back in it, no dialog on show.
        terminal.wait_for("Dice (2d6+1)")
        assert "Pasted" not in terminal.text()
    finally:
        terminal.close()


def test_colon_and_a_note_typed_in_one_read_are_that_note(tmp_path: Path) -> None:
    """``:`` and a note with its Enter in one read (a fast typist, a link that brings a
    burst, ``tmux send-keys``): the keys after ``:`` go to the command line it opened —
    they once went to the action panel as shortcuts while the focus waited its turn,
    and the command line stayed empty (seen in a browser's seat under load)."""
    data = tmp_path / "data"
    terminal = AppTerminal(data)
    try:
        terminal.wait_for("r Roll")  # the footer drawn, offering a roll
        folder = data / "campaigns" / "default"
        before = last_entry(folder)
        terminal.type(b":Outage.\r")
        until(lambda: texts_after(folder, before), "the note written")
        assert texts_after(folder, before) == ["Outage."]
        # Longer than a typed burst is taken key by key (meneur.tui.typed_bursts), the
        # line comes as a paste of one line: it lands in the command line too.
        terminal.wait_until(lambda screen: "r Roll" not in screen, "the command line kept")
        terminal.type(b"\x1b")  # the keys back on the table
        terminal.wait_for("r Roll")
        before = last_entry(folder)
        terminal.type(b":Before the outage, the lights flickered twice.\r")
        until(lambda: texts_after(folder, before), "the long note written")
        assert texts_after(folder, before) == ["Before the outage, the lights flickered twice."]
    finally:
        terminal.close()
