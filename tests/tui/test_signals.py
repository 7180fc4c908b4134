"""The app told to end (SIGTERM) or its terminal gone (SIGHUP): the terminal given back as
it was, nothing acknowledged lost, and a note being typed offered back at the next start.
A real process in a pseudo-terminal."""

from __future__ import annotations

import signal
import termios
from pathlib import Path

import pytest

from meneur.saves.campaign import Campaign
from tests.waiting import until

from .pty_app import AppTerminal

pytestmark = pytest.mark.e2e

F9, CTRL_S = b"\x1b[20~", b"\x13"


def cooked(fd: int) -> bool:
    """Whether the terminal is back as a shell has it: lines edited and echoed."""
    local_flags = termios.tcgetattr(fd)[3]
    return bool(local_flags & termios.ICANON and local_flags & termios.ECHO)


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP], ids=["term", "hup"])
def test_a_signal_gives_the_terminal_back_and_keeps_the_note_being_typed(
    tmp_path: Path, number: signal.Signals
) -> None:
    data = tmp_path / "data"
    folder = data / "campaigns" / "default"
    terminal = AppTerminal(data)
    try:
        terminal.wait_for("Roll")
        with Campaign.open(folder, write=False) as campaign:
            rolled = campaign.journal.last_id + 1
        terminal.type(b"r")  # a roll: written before it is shown
        until(lambda: last_id(folder) == rolled, "the roll")
        terminal.type(F9)
        terminal.wait_for("New note")
        terminal.type("Le col est fermé".encode())
        terminal.wait_for("Le col est fermé")
        assert not cooked(terminal.fd)  # the app has the terminal raw
        terminal.signal(number)
        assert terminal.wait() == 0
        if number == signal.SIGTERM:  # (a hung-up terminal has nobody to give it to)
            assert cooked(terminal.fd)
            # The alternate screen left after it was last entered: the shell's is back.
            assert terminal.said.rfind(b"\x1b[?1049l") > terminal.said.rfind(b"\x1b[?1049h")
    finally:
        terminal.close()
    with Campaign.open(folder) as campaign:  # released: it opens for writing at once
        assert campaign.journal.last_id == rolled  # the roll kept, the note not written
    again = AppTerminal(data)
    try:
        # The note's text and its dialog's title are drawn apart: what is read is what is
        # waited for, both of them on the screen at once.
        again.wait_until(
            lambda screen: "Le col est fermé" in screen and "New note" in screen,
            "the kept note offered back in its dialog",
        )
        again.type(CTRL_S)

        def written() -> bool:
            with Campaign.open(folder, write=False) as campaign:
                last = campaign.journal.entry(campaign.journal.last_id)
            # Written, and so no longer kept.
            return last.text == "Le col est fermé" and not list((data / "drafts").iterdir())

        until(written, "the kept note, written and no longer kept")
    finally:
        again.close()


def last_id(folder: Path) -> int:
    with Campaign.open(folder, write=False) as campaign:
        return campaign.journal.last_id
