"""Text a terminal types instead of pasting (no bracketed paste: tmux paste-buffer without
-p) reaches the app as one paste: the note editor takes it whole and fast, and a one-line
field shows lines before anything is written. A real process in a pseudo-terminal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meneur.saves.campaign import Campaign
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


def test_lines_typed_into_the_command_line_are_shown_and_nothing_is_written(
    tmp_path: Path,
) -> None:
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
        # burst: typed in the same read, ":" would be part of the paste.
        terminal.wait_until(lambda screen: "r Roll" not in screen, "the command line focused")
        terminal.type(b"2d6\rnote one\rnote two\r")
        terminal.wait_for("Pasted: 3 lines (22 characters)")
        assert "note one" in terminal.text()
        terminal.type(ESCAPE)
        terminal.wait_for("Dice (2d6+1)")  # the dialog closed, the field empty again
        with Campaign.open(folder, write=False) as campaign:
            assert campaign.journal.last_id == before  # no roll, no note
    finally:
        terminal.close()
