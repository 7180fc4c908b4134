"""The app and its terminal: no terminal, no app; a terminal that goes away ends it
cleanly, its campaign released. Driven as a player's shell would: a real process in a
pseudo-terminal."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from tests.waiting import PATIENCE

pytestmark = pytest.mark.e2e

MENEUR = [sys.executable, "-m", "meneur.cli.main"]


def environment(data: Path) -> dict[str, str]:
    return {**os.environ, "MENEUR_DATA_DIR": str(data), "TERM": "xterm-256color", "LANG": "C"}


def test_without_a_terminal_the_app_refuses_to_start(tmp_path: Path) -> None:
    # Play-tested: `ssh host meneur` (no -t) drew at 80×24, read keys after Enter only,
    # and outlived the client holding the campaign's lock.
    result = subprocess.run(
        MENEUR,
        stdin=subprocess.PIPE,
        capture_output=True,
        text=True,
        env=environment(tmp_path / "data"),
        timeout=PATIENCE,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert "ssh -t" in line
    assert not (tmp_path / "data").exists()  # nothing opened, nothing written


def read_until(master: int, wanted: bytes, seconds: float) -> bytes:
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    return seen


@pytest.mark.parametrize("controlling", [True, False], ids=["hangup", "no-signal"])
def test_a_terminal_that_goes_away_ends_the_app_and_frees_the_campaign(
    tmp_path: Path, controlling: bool
) -> None:
    data = tmp_path / "data"
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 110, 0, 0))

    def take_terminal() -> None:
        # As a login shell's child: the terminal is its controlling one, so closing it
        # sends SIGHUP. Without it, no signal comes and the app must notice by itself.
        if controlling:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

    process = subprocess.Popen(
        MENEUR,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=environment(data),
        start_new_session=True,
        preexec_fn=take_terminal,
    )
    os.close(slave)
    try:
        assert b"Roll" in read_until(master, b"Roll", PATIENCE)  # the table is drawn
        os.close(master)  # the window closes, the SSH client drops
        assert process.wait(timeout=PATIENCE) == 0
    finally:
        if process.poll() is None:
            process.kill()
    # Nothing holds the campaign any more: it opens for writing at once.
    (folder,) = (data / "campaigns").iterdir()
    Campaign.open(folder).close()


def test_a_campaign_check_refuses_is_refused_by_the_app_in_one_line_with_status_2(
    tmp_path: Path,
) -> None:
    # Stress-tested: the app opened (or crashed on) campaigns `meneur check` refused.
    directory = tmp_path / "camp"
    with Campaign.create(directory, system="resolution") as campaign:
        act.note(campaign, GM_SEAT, "la nuit tombe")
    state = directory / "campaign.toml"
    state.write_text(state.read_text().replace("undo = [", "undo = [99, "))
    before = {p: p.read_bytes() for p in directory.rglob("*") if p.is_file()}
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 110, 0, 0))
    process = subprocess.Popen(
        [*MENEUR, "--campaign", str(directory)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=environment(tmp_path / "data"),
        start_new_session=True,
    )
    os.close(slave)
    try:
        shown = read_until(master, b"journal does not have", PATIENCE)
        assert process.wait(timeout=PATIENCE) == 2
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)
    text = shown.decode(errors="replace")
    assert "campaign.toml: history.undo[0]: names entry 99" in text
    assert "Traceback" not in text
    assert {p: p.read_bytes() for p in directory.rglob("*") if p.is_file()} == before
