"""Text a terminal types instead of pasting (no bracketed paste: tmux paste-buffer without
-p), more than anybody types at once, reaches the app as one paste: the note editor takes
it whole and fast, and a one-line field shows lines before anything is written. A real
process in a pseudo-terminal. (Typed lines, however fast: test_typed_lines.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meneur.saves.campaign import Campaign
from meneur.tui.typed_bursts import PASTE
from tests.waiting import until

from .pty_app import AppTerminal

pytestmark = pytest.mark.e2e

F9, CTRL_S, ESCAPE = b"\x1b[20~", b"\x13", b"\x1b"


def story(characters: int) -> str:
    """Lines of French words, about ``characters`` long, its last line ``FIN``."""
    rng = random.Random(characters)
    words = [
        "le",
        "vent",
        "tourne",
        "sur",
        "le",
        "col",
        "et",
        "la",
        "neige",
        "tombe",
        "fort",
        "ce",
        "soir",
    ]
    lines: list[str] = []
    while sum(len(line) + 1 for line in lines) < characters:
        lines.append(" ".join(rng.choice(words) for _ in range(12)))
    return "\n".join([*lines, "FIN"])


def last_entry_text(folder: Path) -> str:
    with Campaign.open(folder, write=False) as campaign:
        return campaign.journal.entry(campaign.journal.last_id).text


def test_a_typed_paste_into_the_note_editor_is_the_note_whole(tmp_path: Path) -> None:
    data = tmp_path / "data"
    terminal = AppTerminal(data)
    try:
        terminal.wait_for("Roll")
        terminal.type(F9)
        terminal.wait_for("New note")
        text = story(19_000)  # a note holds at most 20,000 characters
        terminal.type(text.replace("\n", "\r").encode())  # a terminal's Enter is CR
        terminal.wait_for("FIN")
        terminal.type(CTRL_S)
        folder = data / "campaigns" / "default"
        until(lambda: last_entry_text(folder) == text, "the note, whole and in order")
    finally:
        terminal.close()


def test_a_paste_typed_into_the_command_line_is_shown_and_nothing_is_written(
    tmp_path: Path,
) -> None:
    """More lines at once than anybody types (meneur.tui.typed_bursts.PASTE): a paste,
    shown in a dialog, nothing sent until the player says."""
    data = tmp_path / "data"
    terminal = AppTerminal(data)
    try:
        terminal.wait_for("Roll")
        folder = data / "campaigns" / "default"
        with Campaign.open(folder, write=False) as campaign:
            before = campaign.journal.last_id
        terminal.wait_for("r Roll")  # the footer drawn, offering a roll
        terminal.type(b":")
        # The command line has the focus (the footer no longer offers a roll) before the
        # paste: typed in the same read, ":" would be part of it.
        terminal.wait_until(lambda screen: "r Roll" not in screen, "the command line focused")
        lines = ["2d6", *(f"note {i} de la liste collée" for i in range(60))]
        text = "\r".join(lines) + "\r"
        assert len(text) > PASTE
        terminal.type(text.encode())
        terminal.wait_until(
            lambda screen: (
                f"Pasted: {len(lines)} lines ({len(text)} characters)" in screen
                and "note 0 de la liste" in screen
            ),
            "the pasted lines shown",
        )
        terminal.type(ESCAPE)
        terminal.wait_for("Dice (2d6+1)")  # the dialog closed, the field empty again
        with Campaign.open(folder, write=False) as campaign:
            assert campaign.journal.last_id == before  # no roll, no note
    finally:
        terminal.close()
