"""What the shared table's tests share: a campaign with a table file and real OpenSSH
keys, a server in the test's event loop, and clients whose screens are read the way
their terminal draws them (pyte, a VT emulator, fed the bytes the server sent)."""

from __future__ import annotations

import asyncio
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.table_file import edit_table
from meneur.serve.host_key import load_or_make_host_key
from meneur.serve.ssh import Address, TableServer
from tests.waiting import PATIENCE, STEP

PEOPLE = ("gm", "alice", "bob", "stranger", "dana")


@dataclass
class Table:
    """A campaign set for a shared table: Kael is Alice's, Mira is Bob's."""

    directory: Path
    keys: dict[str, Path]
    data_dir: Path


def make_table(root: Path, *, viewers: str = "none", system: str = "resolution") -> Table:
    """A campaign, OpenSSH keys for everyone in :data:`PEOPLE`, and a table.toml that
    seats all but the stranger and Dana (who may come with an invite)."""
    keys = {}
    for person in PEOPLE:
        path = root / "keys" / person
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", person, "-f", str(path)],
            check=True,
        )
        keys[person] = path
    directory = root / "camp"
    campaign = Campaign.create(directory, system=system, name="Soirée")
    sheet: dict[str, Any] = {"elements": {"Épée": 2}} if system == "resolution" else {}
    act.set_value(
        campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "kind": "pc", "sheet": sheet}
    )
    act.set_value(
        campaign, GM_SEAT, ("characters", "mira"), {"name": "Mira", "kind": "pc", "sheet": sheet}
    )
    campaign.close()

    def seat(document: dict[str, Any]) -> None:
        document["viewers"] = viewers
        document["gm"] = {"name": "Camille", "keys": [_line(keys["gm"])]}
        document["players"] = {
            "alice": {"name": "Alice", "keys": [_line(keys["alice"])], "characters": ["kael"]},
            "bob": {"name": "Bob", "keys": [_line(keys["bob"])], "characters": ["mira"]},
        }

    edit_table(directory, Campaign.open(directory, write=False).state, seat)
    return Table(directory, keys, root / "data")


def _line(key: Path) -> str:
    return key.with_suffix(".pub").read_text().strip()


class Served:
    """A table server listening on 127.0.0.1 in this event loop."""

    def __init__(self, table: Table, *, lang: str = "fr") -> None:
        self.table = table
        self.server = TableServer(table.directory, lang=lang, seed=1)
        self.port = 0
        self.acceptor: asyncssh.SSHAcceptor | None = None

    async def __aenter__(self) -> Served:
        key = load_or_make_host_key(self.table.data_dir)
        # Port 0: a free port the system chooses, so that tests running side by side
        # never race for one.
        self.acceptor = await self.server.listen(Address("127.0.0.1", 0), key)
        self.port = self.acceptor.get_port()
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.acceptor is not None
        self.acceptor.close()
        await self.server.stop()
        self.server.close()

    def app_of(self, person: str) -> Any:
        """The app playing ``person``'s seat in this server (the one connection they
        have), to wait on what it does rather than on time."""
        (app,) = [
            a for a in self.server.apps if hasattr(a, "session") and a.session.seat.name == person
        ]
        return app

    def viewer_app(self) -> Any:
        """The app of the one viewer connected (the read-only view)."""
        from meneur.tui.watch import WatchApp

        (app,) = [a for a in self.server.apps if isinstance(a, WatchApp)]
        return app

    async def join(
        self,
        person: str,
        *,
        size: tuple[int, int] = (120, 36),
        lang: str = "fr",
        username: str | None = None,
    ) -> Player:
        """Connect with ``person``'s key with asyncssh's client and open a terminal."""
        return await join(self.table, self.port, person, size=size, lang=lang, username=username)


async def join(
    table: Table,
    port: int,
    person: str,
    *,
    size: tuple[int, int] = (120, 36),
    lang: str = "fr",
    username: str | None = None,
) -> Player:
    """Connect to the table at ``port`` with ``person``'s key (as the user name
    ``username``, by default theirs) with asyncssh's client and open a terminal."""
    connection = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=username or person,
        client_keys=[str(table.keys[person])],
        known_hosts=None,
        agent_path=None,
        password=None,
        kbdint_auth=False,
    )
    player = Player(connection, size)
    await player.open(lang)
    return player


class Player:
    """One client terminal: what it sends, and its screen as drawn."""

    def __init__(self, connection: asyncssh.SSHClientConnection, size: tuple[int, int]) -> None:
        self.connection = connection
        self.size = size
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.received = 0
        self.process: asyncssh.SSHClientProcess[bytes] | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self, lang: str) -> None:
        self.process = await self.connection.create_process(
            term_type="xterm-256color",
            term_size=self.size,
            encoding=None,
            env={"LANG": f"{lang}_FR.UTF-8" if lang == "fr" else "en_GB.UTF-8"},
        )
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.process is not None
        while True:
            data = await self.process.stdout.read(65536)
            if not data:
                return
            self.received += len(data)
            self.stream.feed(data)

    def text(self) -> str:
        """The screen as the player reads it."""
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, text: str) -> None:
        """Wait until ``text`` is on the screen.

        Raises:
            AssertionError: with the screen, when it never came.
        """
        start = time.monotonic()
        while text not in self.text():
            if time.monotonic() - start > PATIENCE:
                raise AssertionError(f"{text!r} never shown; the screen:\n{self.text()}")
            await asyncio.sleep(STEP)

    async def wait_gone(self, text: str) -> None:
        """Wait until ``text`` is no longer on the screen.

        Raises:
            AssertionError: with the screen, when it stayed.
        """
        start = time.monotonic()
        while text in self.text():
            if time.monotonic() - start > PATIENCE:
                raise AssertionError(f"{text!r} still shown; the screen:\n{self.text()}")
            await asyncio.sleep(STEP)

    async def send(self, data: str | bytes) -> None:
        assert self.process is not None
        self.process.stdin.write(data.encode() if isinstance(data, str) else data)
        await asyncio.sleep(0)

    def resize(self, width: int, height: int) -> None:
        assert self.process is not None
        self.screen.resize(height, width)
        self.process.change_terminal_size(width, height)

    async def leave(self) -> None:
        self.connection.close()
        await self.connection.wait_closed()
        if self._reader is not None:
            self._reader.cancel()
