"""``meneur serve`` as players use it: the server a process of its own, OpenSSH's ``ssh``
in a pseudo-terminal, on 127.0.0.1. A player joins, rolls, quits; the server killed
with SIGKILL loses no acknowledged entry, leaves no worker behind, and comes back with
the same host key (the client's known_hosts, strictly checked, accepts it); its workers
killed, it plays the next connections itself."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from tests.pty_terminal import PtyTerminal
from tests.waiting import PATIENCE, STEP

from .seated import Table, make_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is missing"),
]


def start_server(table: Table, *options: str, port: int = 0) -> tuple[subprocess.Popen[bytes], int]:
    """``meneur serve --headless``, waited for until it prints its fingerprint; the
    process and the port it listens on (by default one the system chose: tests side by
    side never race for a port)."""
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "meneur.cli.main", "serve", str(table.directory)),
            *("--headless", "--ssh", f"127.0.0.1:{port}", "--lang", "fr", *options),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "MENEUR_DATA_DIR": str(table.data_dir)},
    )
    assert server.stdout is not None
    said = b""
    while b"SHA256:" not in said:  # a line at a time: it ends when the server does
        line = server.stdout.readline()
        assert line, said
        said += line
    announced = re.search(rb"ssh -p (\d+) ", said)
    assert announced is not None, said
    return server, int(announced[1])


class Terminal(PtyTerminal):
    """``ssh`` in a pseudo-terminal of 120×36, in French."""

    def __init__(self, args: list[str]) -> None:
        super().__init__(["ssh", *args], {"TERM": "xterm-256color", "LANG": "fr_FR.UTF-8"})

    def send(self, data: str) -> None:
        os.write(self.fd, data.encode())

    def status(self, timeout: float = PATIENCE) -> int:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.read(0.1)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                # What ssh wrote just before it ended is still in the terminal: read it
                # to its end (the last line, "removed…", comes last), then close.
                drained = time.monotonic() + timeout
                while self.read(STEP) and time.monotonic() < drained:
                    pass
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError("ssh did not end")


def ssh_args(table: Table, person: str, port: int, known_hosts: Path, checking: str) -> list[str]:
    return [
        "-F", "/dev/null",
        "-o", f"UserKnownHostsFile={known_hosts}",
        "-o", f"StrictHostKeyChecking={checking}",
        "-o", "IdentitiesOnly=yes",
        "-o", "BatchMode=yes",
        "-o", "LogLevel=ERROR",
        "-i", str(table.keys[person]),
        "-p", str(port),
        "-t",
        f"{person}@127.0.0.1",
    ]  # fmt: skip


def workers(server: subprocess.Popen[bytes]) -> list[int]:
    """The server's worker processes (its children)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children")
    return [int(pid) for pid in children.read_text().split()] if children.exists() else []


def gone(pid: int, timeout: float = PATIENCE) -> bool:
    """Whether process ``pid`` ends (or is a zombie) within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(STEP)
    return False


def test_a_player_joins_with_openssh_rolls_and_the_server_survives_kill_9(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    known = tmp_path / "known_hosts"
    server, port = start_server(table, "--workers", "2")
    try:
        forked = workers(server)
        assert len(forked) == 2
        alice = Terminal(ssh_args(table, "alice", port, known, "accept-new"))
        alice.wait_for("Personnage ▾ Kael")
        alice.wait_for("● Alice (Kael)")
        alice.send("r")
        alice.wait_for("graine")
        # Acknowledged on her screen: on disk, whatever happens to the server now. The
        # main process killed, its workers end their sessions as on a stop, and exit.
        server.send_signal(signal.SIGKILL)
        server.wait(PATIENCE)
        assert alice.status() == 0
        assert "la table est fermée" in alice.said.decode(errors="replace")
        assert all(gone(pid) for pid in forked)  # no worker left behind
    finally:
        if server.poll() is None:
            server.kill()
    rolled = Campaign.open(table.directory, write=False).journal.latest(1)[0]
    assert rolled.kind == "roll"
    assert rolled.by == "alice"

    server, _ = start_server(table, "--workers", "2", port=port)
    try:
        # The same host key: a strict client that saw the first one accepts it.
        bob = Terminal(ssh_args(table, "bob", port, known, "yes"))
        bob.wait_for("● Bob (Mira)")
        bob.wait_for("Kael — score 2")  # Alice's roll, from before the kill
        # Its workers killed, the server plays the next connections itself.
        for pid in workers(server):
            os.kill(pid, signal.SIGKILL)
        assert bob.status() != 0  # his connection dropped with its worker
        bob = Terminal(ssh_args(table, "bob", port, known, "yes"))
        bob.wait_for("● Bob (Mira)")
        bob.send("\x11")  # ctrl+q: quit
        assert bob.status() == 0
        stranger = Terminal(ssh_args(table, "stranger", port, known, "yes"))
        assert stranger.status() == 255  # refused at authentication
        assert b"Permission denied" in stranger.said
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(PATIENCE)
    assert server.returncode == 0
    assert server.stdout is not None
    log = server.stdout.read().decode()
    assert "un processus de la table s'est arrêté" in log  # the table's language alone
    assert "worker" not in log


HOSTILE = "avant\x1b[2J\x1b]2;pwned\x07\x1b[31mROUGE\x1b[0m\u009b2Japrès"


def test_a_note_s_escape_sequences_never_reach_a_player_s_terminal(tmp_path: Path) -> None:
    """A note holding a clear-screen, a window title and a colour, seen over OpenSSH: the
    player's screen shows the sequences as pictures, and none reaches their terminal
    (pyte, like xterm, would act on them)."""
    table = make_table(tmp_path)
    with Campaign.open(table.directory) as campaign:
        act.note(campaign, GM_SEAT, HOSTILE)
    server, port = start_server(table)
    try:
        alice = Terminal(ssh_args(table, "alice", port, tmp_path / "known", "accept-new"))
        alice.wait_for("avant␛[2J␛]2;pwned␇␛[31mROUGE")
        assert b"\x1b]2;pwned" not in alice.said
        assert b"\x1b[31mROUGE" not in alice.said
        assert "\u009b".encode() not in alice.said
        assert alice.screen.title != "pwned"
        alice.send("\x11")  # ctrl+q: quit
        assert alice.status() == 0
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(PATIENCE)
