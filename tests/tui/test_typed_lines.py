"""A typed line is the player's line, however fast it comes: eight notes typed into the
command line, each its text and Enter — in one write, text and Enter written apart with
no pause (as ``tmux send-keys -l`` and ``send-keys Enter`` do), or 30 ms apart — are eight
notes, one each, with their texts. A real process in a pseudo-terminal; the notes are
read from the campaign's journal, not the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.typed_notes import NOTES, PACES, type_notes

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
