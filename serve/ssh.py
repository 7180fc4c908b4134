"""``meneur serve``: the shared table over SSH.

(Over 600 lines: the table server and the SSH connection and session it hands each
login to share the login's state — the table file read, the invite spent, the seat —
and read best together.)

One server serves one campaign. Each player connects with the ``ssh`` client they
already have and gets the app — nothing else: no shell, no command, no file transfer, no
forwarding of ports or agents. Who may join, as whom, is the campaign's ``table.toml``
(read again at each login, so the GM's edits count at once); keys only, no passwords.

Each connection plays its own app (:class:`meneur.tui.app.MeneurApp`, or the read-only
view for a viewer) in the event loop of the process that holds it (a worker, see
:mod:`meneur.serve.workers`), drawn through
:class:`~meneur.serve.channel_driver.ChannelDriver`, on its own :class:`Campaign` object
that writes as that connection's seat: the table's rules apply where changes are made
(:mod:`meneur.core.table_rules`), and every screen follows the others' writes as any
meneur does (the live campaign), told at once by :meth:`TableServer.watch`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
import socket
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import asyncssh

from meneur.content.strings import strings
from meneur.core.frozen import frozen
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.core.text import visible
from meneur.play.campaigns import Campaign, Clock, local_now
from meneur.play.door import Door
from meneur.play.errors import CampaignError
from meneur.play.invites import Invite, bind_code, doorkeeper, mark_admitted
from meneur.play.presence import Presence
from meneur.play.seating import TableFile, read_table, table_stamp

from .channel_driver import clamp_size
from .collector import CollectorHold
from .seat import Seated, keep_running

if TYPE_CHECKING:
    from textual.app import App

    from .web_seats import WebSeats

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 2222
KEEPALIVE_SECONDS = 15
"""A client that stops answering (a dropped network) is hung up on after three missed
keepalives: its app ends and its seat is free again."""
LOGIN_SECONDS = 30
REFUSED_DELAY = (0.25, 8.0)
"""A refused login's wait, doubled with each refusal from the same address in a row (the
first, the longest): guessing an invite's code (12 letters) is pointless."""
REFUSALS_FORGOTTEN = 600.0
"""Seconds after which an address's refusals are forgotten."""
REPEAT_SECONDS = 60.0
"""A refusal logged already is not logged again for this long (:meth:`TableServer.said_once`)."""
WATCH_SECONDS = 0.02
"""How often the server looks for a change to the campaign while apps play: when anyone
wrote, every app takes it in at once rather than at its own next look."""
QUIET_SECONDS = 1.5
"""How long the table must be quiet (no entry, no key) before an ended session's memory
is collected: the collection stops every seat of the process a while (0.4–0.9 s with ten
seats), better between two actions than in the middle of one."""
COLLECT_AT_LATEST = 60.0
"""An ended session's memory is collected this long after at the latest, quiet or not."""

Log = Callable[[str], None]


class DoorLike(Protocol):
    """What a seat asks of the door (:class:`meneur.play.door.Door` in the GM's
    process, a relay to it in a worker's)."""

    async def knock(self, name: str, seat: Seat, via: str, where: str) -> bool: ...

    async def enter(self, link: str) -> bool: ...

    def leave(self, link: str) -> None: ...


@frozen
class Address:
    """Where the server listens."""

    host: str
    port: int

    def __str__(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def parse_address(text: str) -> Address:
    """``[HOST:]PORT`` (an IPv6 host in brackets) as an address; the host defaults to
    127.0.0.1. Port 0 asks the system for a free port (the one taken is announced).

    Raises:
        ValueError: saying what is wrong.
    """
    host, _, port = text.rpartition(":")
    host = host.strip("[]") or DEFAULT_HOST
    if not port.isascii() or not port.isdigit() or not 0 <= int(port) < 65536:
        raise ValueError(f"expected [HOST:]PORT with a port from 0 to 65535, found {text!r}")
    return Address(host, int(port))


class TableServer:
    """The table one campaign is served at: who is connected, and their apps."""

    def __init__(
        self,
        directory: Path,
        *,
        lang: str,
        seed: int | None = None,
        clock: Clock = local_now,
        log: Log = lambda line: None,
        presence: Presence | None = None,
        door: DoorLike | None = None,
    ) -> None:
        self.directory = directory
        self.lang = lang
        self.clock = clock
        self.log = log
        self.presence = Presence() if presence is None else presence
        if self.presence.ender is None:
            self.presence.ender = self.end_session
        self.door: DoorLike = Door() if door is None else door
        self.closed: Callable[[], object] = lambda: None
        """Called when a connection ends (a worker tells its main process)."""
        self.apps: set[App[Any]] = set()
        self.seated: set[Seated] = set()
        """Everyone seated here (or waiting at the door): ended when the table file stops
        seating them (:meth:`_follow_table`)."""
        self._table_stamp: tuple[int, int, int] | None = None
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.stopping = False
        self._seed = seed
        self._sessions = itertools.count(1)
        self._watching: asyncio.Task[None] | None = None
        # A reader of the campaign, for the characters table.toml names at each login.
        self._reader = Campaign.open(directory, write=False)
        # What a login writes (a code spent on a key, a link let in) is the server's
        # record, by the authority of the GM who serves the table (meneur serve).
        self._keeper = doorkeeper(directory, GM_SEAT)
        self._acting: Campaign | None = None
        """The campaign the feed's actions are played in (:meth:`acting_campaign`)."""
        self._hold = CollectorHold()
        self.title = visible(self._reader.name)
        """The campaign's name, as a browser page's title."""
        self.origins: tuple[str, ...] = ()
        """Page addresses besides the table's own that browser seats may come from."""
        self._web: WebSeats | None = None
        self._refusals: dict[str, tuple[int, float]] = {}
        self._repeats: dict[tuple[object, ...], float] = {}
        """When each refusal :meth:`said_once` logged was last said."""
        """Each address's refused logins in a row, and when the last was."""
        self._active = time.monotonic()
        """When something last happened at this table here (an entry, a key)."""
        self._collecting: asyncio.Task[None] | None = None

    def said(self, key: str, **values: object) -> None:
        """Log ``key`` of serve.log's strings, in the table's language (a GM given no
        name is called by their role)."""
        if values.get("name") == "":
            values["name"] = strings(self.lang).t("serve.gm")
        self.log(strings(self.lang).t(f"serve_log.{key}", **values))

    def said_once(self, key: str, **values: object) -> None:
        """:meth:`said`, unless the same was said in the last :data:`REPEAT_SECONDS`: a
        refused request that comes back (a bot with a revoked link, a page of another
        site reloading) is one line, not a line a request."""
        said: tuple[object, ...] = (key, *sorted((n, str(v)) for n, v in values.items()))
        now = time.monotonic()
        if now - self._repeats.get(said, now - REPEAT_SECONDS) < REPEAT_SECONDS:
            return
        if len(self._repeats) > 1000:  # many addresses: the lines said long ago go
            self._repeats = {k: t for k, t in self._repeats.items() if now - t < REPEAT_SECONDS}
        self._repeats[said] = now
        self.said(key, **values)

    def activity(self) -> None:
        """Something happened at the table (an entry written, a key typed)."""
        self._active = time.monotonic()

    def collect_later(self) -> None:
        """A session ended: give its memory back once the table is quiet (see
        :func:`meneur.serve.seat.collect_ended`), not while others play."""
        if self._collecting is None or self._collecting.done():
            self._collecting = keep_running(asyncio.get_running_loop().create_task(self._collect()))

    async def _collect(self) -> None:
        from .seat import collect_ended

        due = time.monotonic()
        while True:
            await asyncio.sleep(QUIET_SECONDS / 4)
            now = time.monotonic()
            if now - self._active >= QUIET_SECONDS or now - due >= COLLECT_AT_LATEST:
                collect_ended()
                return

    async def accept_web(self, sock: socket.socket) -> None:
        """Serve the browser door (:mod:`meneur.serve.web_seats`) on ``sock``, a
        connection accepted elsewhere."""
        if self._web is None:
            from .web_seats import WebSeats

            self._web = WebSeats(self, origins=self.origins)
        try:
            await self._web.accept(sock)
        except OSError as error:
            self.said("connection_refused", error=error)
            sock.close()

    def table(self) -> TableFile | None:
        """The table file as it is now (None: the campaign has none).

        Raises:
            CampaignError: for a table file (or campaign) that does not pass its check.
        """
        self._reader.sync()
        return read_table(self.directory, self._reader.state)

    def login(self, code: str, blob: bytes) -> tuple[Seat, str, Invite | None] | None:
        """The seat an SSH login with the key ``blob`` and the user name ``code`` opens
        (:func:`meneur.play.invites.seat_at_login`), how the table calls its holder, and
        the invite whose code opened it; None when refused. A table file that does not
        pass its check refuses everyone, and says why in the log."""
        from meneur.play.invites import seat_at_login

        try:
            table = self.table()
        except CampaignError as error:
            self.said("refused", error=error)
            return None
        found = None if table is None else seat_at_login(table, blob, code, self.clock())
        if table is None or found is None:
            return None
        seat, invite = found
        # A GM given no name has none (each screen says their role).
        fallback = "" if seat.role == "gm" else seat.name or ""
        if seat.role == "viewer":
            fallback = strings(self.lang).t("serve_log.role_viewer")
        return seat, table.names.get(seat.name or "", fallback), invite

    def invite_for_token(self, token: str) -> tuple[Invite, Seat, str] | None:
        """The live invite whose browser token is ``token``, the seat it opens and how
        the table calls its holder; None when there is none."""
        return self._invite(lambda table: table.invite_by_token(token, self.clock()))

    def _invite(
        self, find: Callable[[TableFile], Invite | None]
    ) -> tuple[Invite, Seat, str] | None:
        try:
            table = self.table()
        except CampaignError as error:
            self.said("refused", error=error)
            return None
        invite = None if table is None else find(table)
        if table is None or invite is None:
            return None
        seat = table.seat_of(invite)
        name = table.names.get(seat.name or "", "") or strings(self.lang).t("serve_log.role_viewer")
        return invite, seat, name

    def bind(self, invite: Invite, key: str) -> bool:
        """Spend ``invite``'s SSH code on ``key``: False when it was spent meanwhile.

        Raises:
            CampaignError: for a table file that does not pass its check.
        """
        self._reader.sync()
        return bind_code(self._keeper, self._reader.state, invite, key, self.clock())

    def admitted(self, invite: Invite) -> None:
        """The GM let ``invite``'s browser link in: its reconnections do not ask again.

        Raises:
            CampaignError: for a table file that does not pass its check.
        """
        self._reader.sync()
        mark_admitted(self._keeper, self._reader.state, invite.ident, self.clock())

    async def refused(self, where: str) -> bool:
        """A login refused from ``where``: wait longer each time (see
        :data:`REFUSED_DELAY`), then say no."""
        loop = asyncio.get_running_loop()
        count, when = self._refusals.get(where, (0, 0.0))
        if loop.time() - when > REFUSALS_FORGOTTEN:
            count = 0
        self._refusals[where] = (count + 1, loop.time())
        first, most = REFUSED_DELAY
        await asyncio.sleep(min(first * 2**count, most))
        return False

    def admitted_from(self, where: str) -> None:
        """A login from ``where`` succeeded: its refusals are forgotten."""
        self._refusals.pop(where, None)

    def serial(self) -> int:
        """The next connection's number (1, 2…), which its dice follow under ``--seed``."""
        return next(self._sessions)

    @property
    def seeded(self) -> bool:
        """Whether the table's dice are reproducible (``--seed``)."""
        return self._seed is not None

    def rng(self, serial: int) -> random.Random:
        """The dice of connection number ``serial``: from ``--seed`` (each connection
        its own sequence, reproducible), or from the system's entropy."""
        if self._seed is None:
            return random.SystemRandom()
        return random.Random(f"{self._seed}:{serial}")

    async def listen(self, address: Address, host_key: asyncssh.SSHKey) -> asyncssh.SSHAcceptor:
        """Start accepting connections at ``address`` in this process.

        Raises:
            OSError: when the address cannot be listened on.
        """
        return await asyncssh.create_server(
            lambda: Connection(self, self.serial()),
            address.host,
            address.port,
            **self._options(host_key),
        )

    async def accept(self, sock: socket.socket, host_key: asyncssh.SSHKey, serial: int) -> None:
        """Play the SSH protocol on ``sock``, a connection accepted elsewhere (the
        process that listens hands it to a worker, see :mod:`meneur.serve.workers`).
        A client that fails the handshake is logged and let go."""
        made: list[Connection] = []

        def connection() -> Connection:
            made.append(Connection(self, serial))
            return made[-1]

        try:
            await asyncssh.run_server(sock, server_factory=connection, **self._options(host_key))
        except (OSError, asyncssh.Error) as error:
            self.said("connection_refused", error=error)
            sock.close()
            if not made or not made[-1].made:
                self.closed()  # connection_lost will not say it

    def _options(self, host_key: asyncssh.SSHKey) -> dict[str, Any]:
        """How every connection is served: keys only, the app and nothing else."""
        return {
            "server_host_keys": [host_key],
            # Keys only: table.toml says which.
            "password_auth": False,
            "kbdint_auth": False,
            "host_based_auth": False,
            "gss_auth": False,
            "gss_kex": False,
            # The app and nothing else.
            "agent_forwarding": False,
            "x11_forwarding": False,
            "allow_scp": False,
            "sftp_factory": None,
            "line_editor": False,
            "encoding": None,
            "keepalive_interval": KEEPALIVE_SECONDS,
            "keepalive_count_max": 3,
            "login_timeout": LOGIN_SECONDS,
            "server_version": "meneur",
        }

    async def stop(self, wait: float = 3.0) -> None:
        """End every session (the server is stopping): each app ends first, giving its
        player's terminal back as it was and saying why; connections still open after
        ``wait`` seconds are closed."""
        self.stopping = True
        for app in list(self.apps):
            app.exit()
        for _ in range(int(wait / 0.05)):
            if not self.apps:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.1)  # the last bytes and exit statuses on their way
        for connection in list(self.connections):
            connection.close()
        await self.close_web()

    def watch(self) -> None:
        """Follow the campaign for the apps playing here (until none is left)."""
        if self._watching is None or self._watching.done():
            self._watching = asyncio.get_running_loop().create_task(self._follow())

    async def _follow(self) -> None:
        # One look (two stats) for every app here; each app then reads what is new
        # itself, through its own campaign and its own seat's filter.
        self._table_stamp = table_stamp(self.directory)
        # Plain seats follow the campaign themselves: watched here for the table file.
        while self.apps or any(seated.process is not None for seated in self.seated):
            await asyncio.sleep(WATCH_SECONDS)
            self._follow_table()
            with self._hold.looking():
                try:
                    update = self._reader.sync()
                except CampaignError:
                    continue  # each app says what is wrong on its own screen
                if not update:
                    continue
                if self.apps:
                    self._hold.hold()  # no collection while every screen draws the change
            self.activity()
            for app in list(self.apps):
                follow = getattr(app, "follow_now", None)
                if follow is not None and app.is_running:
                    app.call_later(follow)

    def _follow_table(self) -> None:
        """When the table file changed (``meneur table remove|revoke|ban``, the GM's
        app, a hand edit), end at once every seat here it no longer keeps: removed,
        banned, its link revoked. A file that does not pass its check ends nobody."""
        stamp = table_stamp(self.directory)
        if stamp == self._table_stamp:
            return
        self._table_stamp = stamp
        try:
            table = self.table()
        except CampaignError:
            return  # said at the next login; the seats stay as they were
        for seated in list(self.seated):
            if table is None or not table.keeps(seated.seat, blob=seated.blob, invite=seated.link):
                self.said("removed", name=seated.name)
                seated.dismiss()
            elif seated.seat.role == "player":
                # The GM gave a character to this player, or took one back: they play
                # as the table file says from now on, without coming back.
                now = table.players.get(str(seated.seat.name))
                if now is not None and now.characters != seated.seat.characters:
                    seated.reseat(now)

    def end_session(self, session: str) -> None:
        """End the connection ``session`` names, if it is played here (the GM ended it:
        told so, and its page does not come back by itself)."""
        for seated in list(self.seated):
            if seated.session == session:
                self.said("ended", name=seated.name)
                seated.dismiss(ended=True)

    def close(self) -> None:
        """Release what the server holds (its apps close their own campaigns)."""
        self._reader.close()
        if self._acting is not None:
            self._acting.close()

    def acting_campaign(self) -> Campaign:
        """The campaign the feed's actions (``POST /act``) are played in, in this
        process: opened for writing at the first, then kept and caught up with every
        other writer (each action's unit of work catches up under the lock again).

        Raises:
            CampaignError: when it cannot be opened (busy, a file that does not read).
        """
        if self._acting is None:
            self._acting = Campaign.open(self.directory, clock=self.clock)
        else:
            self._acting.sync()
        return self._acting

    async def close_web(self) -> None:
        """Stop serving the browser door (its pages' apps end with the others)."""
        if self._web is not None:
            await self._web.close()


class Connection(asyncssh.SSHServer):
    """One client's connection: authenticated by key against table.toml."""

    def __init__(self, server: TableServer, serial: int) -> None:
        self.server = server
        self.serial = serial
        self.seat: Seat | None = None
        self.name = ""
        self.where = "?"
        self.made = False
        self.invite: Invite | None = None
        self.key: str | None = None
        self.blob: bytes | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.made = True
        self._conn = conn
        self.server.connections.add(conn)
        peer = conn.get_extra_info("peername")
        self.where = str(peer[0]) if peer else "?"

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self._conn)
        self.server.closed()

    def begin_auth(self, username: str) -> bool:
        return True  # a key is always asked for

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self.blob = key.public_data
        # The user name may be an invite's code (never logged: it is a secret until spent).
        found = self.server.login(username, key.public_data)
        if found is None:
            self.server.said("refused_key", where=self.where, fingerprint=key.get_fingerprint())
            return await self.server.refused(self.where)
        self.seat, self.name, invite = found
        if invite is not None:  # its code is spent on this key when the seat opens
            self.invite = invite
            self.key = key.export_public_key("openssh").decode("ascii").strip()
        self.server.admitted_from(self.where)
        return True

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return False  # no remote port forwarding

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        return False  # no local port forwarding

    def unix_connection_requested(self, dest_path: str) -> bool:
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        return False

    def session_requested(self) -> SeatSession | bool:
        if self.seat is None:
            return False
        return SeatSession(
            self.server,
            self.seat,
            self.name,
            self.where,
            self.serial,
            invite=self.invite,
            key=self.key,
            blob=self.blob,
        )


class SeatSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One terminal at the table: a shell request plays the app for the seat, anything
    else (a command, a subsystem such as SFTP) is refused."""

    def __init__(
        self,
        server: TableServer,
        seat: Seat,
        name: str,
        where: str,
        serial: int = 0,
        *,
        invite: Invite | None = None,
        key: str | None = None,
        blob: bytes | None = None,
    ) -> None:
        self.seated = SSHSeat(server, seat, name, where, serial, invite=invite, key=key, blob=blob)
        self._terminal: str | None = None

    # --- asyncssh's callbacks --------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:  # type: ignore[type-arg]
        self.seated.channel = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self._terminal = term_type or "xterm"
        self.seated.size = clamp_size(term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        seated = self.seated
        channel = seated.channel
        assert channel is not None
        environment = channel.get_environment()
        # No terminal asked for (ssh -T): the plain seat, lines for a screen reader.
        seated.plain = self._terminal is None
        seated.terminal = self._terminal or "dumb"
        if "COLORTERM" in environment:
            seated.environment["COLORTERM"] = str(environment["COLORTERM"])
        locale = environment.get("LANG") or environment.get("LC_ALL")
        seated.lang = _language(locale, seated.server.lang)
        keep_running(asyncio.get_running_loop().create_task(seated.play()))

    def data_received(self, data: bytes, datatype: int | None) -> None:
        self.seated.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.seated.resize(width, height)

    def eof_received(self) -> bool:
        if self._terminal is None:  # a plain seat's input ended: it says goodbye and ends
            self.seated.input_ended()
            return True
        self.seated.end()
        return False

    def break_received(self, msec: int) -> bool:
        return True  # nothing to interrupt

    def signal_received(self, signal: str) -> None:
        pass  # the app is not a process to signal

    def connection_lost(self, exc: Exception | None) -> None:
        self.seated.end()


class SSHSeat(Seated):
    """A seat carried by an SSH channel."""

    via = "ssh"
    channel: asyncssh.SSHServerChannel | None = None  # type: ignore[type-arg]

    def send(self, data: bytes) -> None:
        assert self.channel is not None
        try:
            self.channel.write(data)
        except asyncssh.Error:
            self.end()

    def backlog(self) -> int:
        channel = self.channel
        return 0 if channel is None else channel.get_write_buffer_size()

    def closing(self) -> bool:
        return self.channel is None or self.channel.is_closing()

    def finish(self, status: int = 0) -> None:
        """End the session: its exit status when the channel still takes one, else
        close it — a client whose input ended first (``ssh -tt … < /dev/null``) is not
        left waiting on a channel nobody closes."""
        channel = self.channel
        if channel is None:
            return
        with contextlib.suppress(asyncssh.Error, OSError):  # closed meanwhile
            channel.exit(status)
        channel.close()


def _language(locale: str | None, default: str) -> str:
    """The interface's language from a client's LANG (``fr_FR.UTF-8`` → fr)."""
    if locale:
        code = locale[:2].lower()
        if code in ("fr", "en"):
            return code
    return default
