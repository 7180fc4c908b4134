"""Notes typed into the command line at a player's paces, and read back from the journal:
what the local and the SSH tests of typed lines share (meneur.tui.typed_bursts; a typed
line is the player's line, however fast it comes)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from meneur.saves.campaign import Campaign
from tests.pty_terminal import PtyTerminal
from tests.waiting import until

NOTES = [f"n{i}z" if i % 2 == 0 else f"Kael ouvre la porte {i} sans bruit" for i in range(8)]
"""Short notes (typed key by key) and long ones (past a burst: a line's paste)."""


def at_once(terminal: PtyTerminal, notes: list[str]) -> None:
    """Every note and its Enter in one write: the program reads them in one burst."""
    data = "".join(f"{note}\r" for note in notes).encode()
    assert len(data) < 4096  # one write, one read
    assert os.write(terminal.fd, data) == len(data)


def apart_without_pause(terminal: PtyTerminal, notes: list[str]) -> None:
    """Each note's text, then its Enter, each a write of its own, with no pause (as
    ``tmux send-keys -l NOTE`` then ``tmux send-keys Enter``)."""
    for note in notes:
        os.write(terminal.fd, note.encode())
        os.write(terminal.fd, b"\r")


def thirty_ms_apart(terminal: PtyTerminal, notes: list[str]) -> None:
    """A note and its Enter every 30 ms (the pace of the typing, not a wait: the screen
    is read meanwhile)."""
    for note in notes:
        os.write(terminal.fd, f"{note}\r".encode())
        terminal.read(0.03)


PACES: dict[str, Callable[[PtyTerminal, list[str]], None]] = {
    "in one write": at_once,
    "text and Enter apart, no pause": apart_without_pause,
    "30 ms apart": thirty_ms_apart,
}


def last_entry(folder: Path) -> int:
    """The number of the campaign's last journal entry."""
    with Campaign.open(folder, write=False) as campaign:
        return campaign.journal.last_id


def texts_after(folder: Path, entry: int) -> list[str]:
    """The texts of the journal's entries after ``entry``, in order."""
    with Campaign.open(folder, write=False) as campaign:
        journal = campaign.journal
        count = journal.last_id - entry
        return [written.text for written in journal.latest(count)] if count > 0 else []


def type_notes(terminal: PtyTerminal, folder: Path, pace: str, notes: list[str]) -> list[str]:
    """Type ``notes`` into the command line (which has the focus) of the campaign in
    ``folder`` at ``pace`` (one of :data:`PACES`): the texts the journal holds after what
    it held, once the last note is in (then every note before it is too)."""
    before = last_entry(folder)
    PACES[pace](terminal, notes)
    until(
        lambda: any(text.endswith(notes[-1]) for text in texts_after(folder, before)),
        f"the last note typed {pace} written",
    )
    return texts_after(folder, before)
