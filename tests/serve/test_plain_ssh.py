"""The plain seat over SSH: a player who connects without a terminal (``ssh -T``, what
``meneur invite --plain`` prints) gets the table as lines — OpenSSH's own client, the
server a process of its own, on 127.0.0.1. A scene played from it; the GM's secret never
read out; the GM removing the player ends the seat at once, saying so."""

from __future__ import annotations

import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.campaigns import Secrecy
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import default_author
from meneur.saves.table_file import GM as TABLE_GM
from tests.waiting import PATIENCE, until

from .seated import Table, make_table
from .test_openssh import start_server

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is missing"),
]


class PlainClient:
    """``ssh -T`` with its input a pipe and its output read as it comes."""

    def __init__(self, table: Table, person: str, port: int) -> None:
        self.process = subprocess.Popen(
            [
                "ssh", "-F", "/dev/null", "-T",
                "-o", "UserKnownHostsFile=/dev/null",
                "-o", "StrictHostKeyChecking=no",
                "-o", "IdentitiesOnly=yes",
                "-o", "BatchMode=yes",
                "-o", "LogLevel=ERROR",
                "-i", str(table.keys[person]),
                "-p", str(port),
                f"{person}@127.0.0.1",
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.said = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        while data := self.process.stdout.read1(4096):
            self.said += data

    def text(self) -> str:
        return self.said.decode(errors="replace")

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(f"{line}\n".encode())
        self.process.stdin.flush()

    def heard(self, text: str) -> None:
        until(lambda: text in self.text(), f"{text!r} in {self.text()!r}")

    def status(self) -> int:
        status = self.process.wait(PATIENCE)
        self._reader.join(PATIENCE)
        return status


def test_a_player_plays_a_scene_in_plain_lines_over_ssh_and_is_removed(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    server, port = start_server(table)
    try:
        bob = PlainClient(table, "bob", port)
        bob.heard("meneur — Soirée, Résoudre une action.")
        bob.type("Mira se glisse dans la cour")
        bob.type("test --score 3")
        bob.heard("r le lance.")
        bob.type("r")
        bob.heard("Mira — score 3, Stable → ")
        bob.type("qui")
        bob.heard("Mira, joué par Bob")  # as the table file seats them
        bob.heard("Connectés\u00a0: Bob")  # who is connected, as the server tells
        alice = PlainClient(table, "alice", port)
        alice.heard("meneur — Soirée")
        bob.type("qui")
        bob.heard("Connectés\u00a0: Bob, Alice")
        alice.type("quit")
        assert alice.status() == 0
        # Alice's seat leaves once its process has ended: asked again until it has.
        until(lambda: _told(bob, "qui").endswith("Connectés\u00a0: Bob"), "Alice gone")
        with Campaign.open(table.directory) as gm:
            act.note(gm, GM_SEAT, "Le garde est soudoyé", secrecy=Secrecy("gm"))
            act.note(gm, GM_SEAT, "Un chien aboie")
        bob.heard("Un chien aboie")
        removed = subprocess.run(
            [
                *("meneur", "table", "remove", "bob", str(table.directory)),
            ],
            capture_output=True,
            env={"MENEUR_DATA_DIR": str(table.data_dir), "PATH": _path()},
            timeout=PATIENCE,
        )
        assert removed.returncode == 0, removed.stderr
        bob.heard("Le MJ vous a retiré de la table.")
        assert bob.status() != 0
    finally:
        server.kill()
        server.wait(PATIENCE)
    said = bob.said
    assert b"\x1b" not in said  # no cursor movement, no colour
    assert b"\r" not in said  # lines, as a screen reader reads them
    assert "soudoyé" not in said.decode()
    with Campaign.open(table.directory, write=False) as campaign:
        mine = [entry for entry in campaign.journal if entry.by == "bob"]
    assert [entry.kind for entry in mine] == ["note", "roll"]
    assert mine[1].character == "mira"


def test_the_gms_plain_seat_writes_as_the_gms_seat_not_as_this_machines_account(
    tmp_path: Path,
) -> None:
    # The GM's served app writes by its seat's name ("gm"); so does its plain seat, and
    # the account that serves the table reaches nobody.
    table = make_table(tmp_path)
    server, port = start_server(table)
    try:
        gm = PlainClient(table, "gm", port)
        gm.heard("meneur — Soirée")
        gm.type("Le pont grince")
        gm.heard("Le pont grince")
        gm.type("quit")
        assert gm.status() == 0
    finally:
        server.kill()
        server.wait(PATIENCE)
    with Campaign.open(table.directory) as campaign:
        (note,) = campaign.journal.latest(1)
        assert (note.text, note.by) == ("Le pont grince", "gm")
        # …so the served app's undo takes it back as its own.
        undone = act.undo(campaign, TABLE_GM)
    assert undone.target == note.id
    assert default_author() not in gm.text()


def test_a_served_plain_seat_sits_as_its_player_by_id_never_by_a_name(tmp_path: Path) -> None:
    # A sheet names a player "dana" the table does not seat; the table calls Alice
    # "Dana". Served, each seat is passed on by its id: Alice's sits as alice, and no
    # id but the table's own opens a served seat.
    from types import SimpleNamespace

    from meneur.core.table_rules import Seat
    from meneur.play.seating import read_table
    from meneur.saves.table_file import edit_table
    from meneur.serve.plain_seat import plain_command

    table = make_table(tmp_path)
    with Campaign.open(table.directory) as campaign:
        zed = {"name": "Zed", "kind": "pc", "sheet": {"elements": {}}, "player": "dana"}
        act.set_value(campaign, GM_SEAT, ("characters", "zed"), zed)
        edit_table(
            table.directory, campaign.state, lambda d: d["players"]["alice"].update(name="Dana")
        )
        alice = read_table(table.directory, campaign.state).players["alice"]

    def sit(seat: Seat, typed: str) -> subprocess.CompletedProcess[bytes]:
        server = SimpleNamespace(directory=table.directory, seeded=False)
        command = plain_command(SimpleNamespace(server=server, lang="en", seat=seat))
        return subprocess.run(
            command, input=f"{typed}\nquit\n".encode(), capture_output=True, timeout=PATIENCE
        )

    assert sit(alice, "Kael tends the fire").returncode == 0
    with Campaign.open(table.directory, write=False) as campaign:
        (note,) = campaign.journal.latest(1)
    assert (note.text, note.by) == ("Kael tends the fire", "alice")
    refused = sit(Seat("player", "dana", frozenset({"zed"})), "Zed waves")
    assert refused.returncode != 0
    assert b"--as dana: no such player at this table (its players: alice, bob)" in refused.stderr
    with Campaign.open(table.directory, write=False) as campaign:
        assert campaign.journal.latest(1) == [note]


def _told(client: PlainClient, line: str) -> str:
    """What ``client`` is told for ``line``: the words before its next prompt."""
    before = len(client.said)
    client.type(line)
    until(lambda: client.said.endswith(b"> ") and len(client.said) > before + 2, "a prompt")
    return client.said[before:].decode(errors="replace").removesuffix("> ").strip()


def _path() -> str:
    import os
    import sys

    return f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
