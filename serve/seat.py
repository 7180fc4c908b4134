"""One person's place at the served table, whatever carries it: an SSH channel
(:mod:`meneur.serve.ssh`) or a browser's WebSocket (:mod:`meneur.serve.web_seats`).

A :class:`Seated` waits at the door when it came through an invite, binds the key an
SSH code was spent on, then plays its app (the table, or the read-only view for a
viewer) until the person quits or their connection goes, and says so to everyone
(presence) and to the log. Both doors share this, so a browser seat is the same seat as
an SSH one: the same app, the same rules, the same presence.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from meneur.content.strings import strings
from meneur.core.table_rules import Present, Seat
from meneur.play.errors import CampaignError
from meneur.play.invites import VIEWER, Invite

from .channel_driver import ChannelDriver, clamp_size, driver_for
from .input_limits import InputGate

if TYPE_CHECKING:
    from textual.app import App

    from .ssh import TableServer

FREEZE_AFTER = 3.0
"""Seconds after a session starts when what it built is frozen out of the garbage
collector's sight (its table, journal and hidden tabs are built by then)."""
MAX_INPUT = 64 * 1024
"""Bytes kept from before the app listens (a paste typed while it starts)."""
CTRL_C = b"\x03"
DISMISSED = 10
"""The exit status of a seat the GM removed (a browser's page is closed with 4010)."""
ENDED = 11
"""The exit status of a session the GM ended (4011 for a page)."""
FLOODED = 12
"""The exit status of a seat closed for flooding (4012 for a page)."""


_RUNNING: set[asyncio.Task[Any]] = set()


def keep_running(task: asyncio.Task[Any]) -> asyncio.Task[Any]:
    """Hold ``task`` until it is done: the event loop keeps only a weak reference to a
    task, and one nobody holds may be collected before it is done (asyncio's docs on
    ``create_task``)."""
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)
    return task


class Seated:
    """A seat's life at the table; subclasses carry its bytes (see the module)."""

    via = "ssh"

    def __init__(
        self,
        server: TableServer,
        seat: Seat,
        name: str,
        where: str,
        serial: int,
        *,
        invite: Invite | None = None,
        key: str | None = None,
        blob: bytes | None = None,
    ) -> None:
        self.server = server
        self.seat = seat
        self.name = name
        self.where = where
        self.serial = serial
        self.invite = invite
        self.key = key
        """The key line an SSH code is spent on."""
        self.blob = blob
        """The public key that seated them over SSH (None in a browser)."""
        self._dismissed: str | None = None
        self._gate = InputGate()
        self._told_dropped = False
        self.size = (80, 24)
        self.terminal = "xterm"
        self.environment: dict[str, str] = {}
        self.lang = server.lang
        self._driver: ChannelDriver | None = None
        self._pending: list[bytes] = []
        self._pending_size = 0
        self._app: App[Any] | None = None
        self._present: Present | None = None
        """How the table's presence list shows this seat while its app plays."""
        self._knocking: asyncio.Task[bool] | None = None
        self.closed = False
        self._ready = False
        """Its app has started (mounted, drawn): it may be told to exit."""
        self.plain = False
        """Lines and a prompt instead of the app (meneur.serve.plain_seat)."""
        self.process: asyncio.subprocess.Process | None = None
        """The plain seat's process, while it plays."""
        self._input_ended = False

    # --- What carries it (subclasses) --------------------------------------------------

    def send(self, data: bytes) -> None:
        """Send bytes to the person's terminal."""
        raise NotImplementedError

    def backlog(self) -> int:
        """Bytes written but not sent yet."""
        raise NotImplementedError

    def finish(self, status: int = 0) -> None:
        """End the connection with ``status``."""
        raise NotImplementedError

    def closing(self) -> bool:
        """Whether the connection is going."""
        raise NotImplementedError

    # --- What the channel driver needs (see channel_driver.Channel) ------------------

    def write(self, data: bytes) -> None:
        if self.closed or self.closing():
            return
        try:
            self.send(data)
        except (BrokenPipeError, OSError):
            self.end()

    def hang_up(self, reason: str) -> None:
        if self.closed:  # hung up already: the app's last frames find it so, once each
            return
        self.server.said("hung_up", name=self.name, reason=reason)
        self.end()
        self.finish(1)

    def attach(self, driver: ChannelDriver) -> None:
        """The app's driver is ready: pass it what was typed meanwhile."""
        self._driver = driver
        pending, self._pending = self._pending, []
        for data in pending:
            driver.feed(data)

    # --- What the person does ----------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """What the person typed: to the app, or kept until it listens. Ctrl+C while
        waiting at the door leaves. Nothing is taken from a seat being sent away or
        closed (a flood that goes on is not counted, logged or passed on packet after
        packet)."""
        if self._dismissed or self.closed:
            return
        self.server.activity()
        let = self._gate.let(data)
        if let.dropped or let.refused_paste:
            self._over_budget(let.refused_paste)
        data = let.data
        if not data or self._dismissed:
            return
        process = self.process
        if process is not None and process.stdin is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):  # it is ending
                process.stdin.write(data)
            return
        driver = self._driver
        if driver is not None and driver.listening:
            driver.feed(data)
            return
        if self._knocking is not None and CTRL_C in data:
            self._knocking.cancel()
            return
        if self._pending_size < MAX_INPUT:
            self._pending.append(data)
            self._pending_size += len(data)

    def _over_budget(self, paste: bool) -> None:
        """More was sent than a seat may (meneur.serve.input_limits): a paste too long
        refused with the reason, typed keys dropped with the person told once; a flood
        that goes on closes the seat."""
        from meneur.content.strings import strings

        if self._gate.flooding:
            self.server.said("flood", name=self.name)  # once: it is sent away now
            self._send_away("flood")
            return
        app = self._app
        if app is None or not self._ready:
            return
        if paste:
            app.notify(strings(self.lang).t("serve.paste_refused"), severity="warning")
        elif not self._told_dropped:
            self._told_dropped = True
            app.notify(strings(self.lang).t("serve.dropped"), severity="warning", timeout=10)

    def resize(self, width: int, height: int) -> None:
        """The person's window changed size."""
        self.size = clamp_size(width or 80, height or 24)
        if self._driver is not None:
            self._driver.resize(*self.size)

    def input_ended(self) -> None:
        """The person's input ended (a plain seat's): its process reads the end, as at
        a local plain seat, and ends itself (an app's seat ends at once instead)."""
        self._input_ended = True
        process = self.process
        if process is not None and process.stdin is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                process.stdin.write_eof()

    @property
    def input_was_ended(self) -> bool:
        """Whether the person's input ended already (before the plain seat began)."""
        return self._input_ended

    def take_pending(self) -> list[bytes]:
        """What was typed before the seat was played (at the door), taken once."""
        pending, self._pending, self._pending_size = self._pending, [], 0
        return pending

    @property
    def dismissed(self) -> bool:
        """Whether the GM ended this seat (it is told why as it closes)."""
        return self._dismissed is not None

    def told_gone(self) -> None:
        """Say why the seat ended, once its process has given the terminal back."""
        self._told_gone()

    def _stop_process(self) -> None:
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.terminate()

    def end(self) -> None:
        """The person is gone (or quit): their app ends; the others carry on."""
        self._stop_process()
        if self.closed:
            return
        self.closed = True
        if self._knocking is not None:
            self._knocking.cancel()
        if self._driver is not None:
            self._driver.disable_input()
        app = self._app
        if app is not None and self._ready:
            app.exit()  # not before it is ready: then it ends as it becomes so

    @property
    def link(self) -> str | None:
        """The invite whose link keeps them seated: a browser's, or a viewer's over SSH
        (a player's SSH code, once spent, left a key that seats them instead)."""
        if self.invite is None or (self.via == "ssh" and self.seat.role != "viewer"):
            return None
        return self.invite.ident

    @property
    def session(self) -> str:
        """This connection's key at the table (the process and its number): what the
        GM's app names to end it."""
        return f"{os.getpid()}:{self.serial}"

    def dismiss(self, *, ended: bool = False) -> None:
        """The GM removed them (or banned them, or revoked their link), or ``ended``
        this one session: their app ends, they are told so in one sentence in their
        language, and the connection closes for good (a browser's page does not come
        back by itself: see meneur.serve.page)."""
        self._send_away("ended" if ended else "removed")

    def reseat(self, seat: Seat) -> None:
        """The table file gives this person other characters: their app plays as
        ``seat`` from now on."""
        self.seat = seat
        if self._present is not None:  # the presence list says what they play now
            was, self._present = self._present, replace(self._present, seat=seat)
            self.server.presence.replace(was, self._present)
        app = self._app
        reseat = getattr(app, "reseat", None)  # a viewer's app has no characters
        if app is not None and self._ready and reseat is not None:
            app.call_later(reseat, seat)

    def _send_away(self, why: str) -> None:
        """End this seat for ``why`` (a key of the ``serve`` strings), saying so once its
        app has given the person's terminal back as it was."""
        if self.closed or self._dismissed:
            return
        self._dismissed = why
        if self.process is not None:  # a plain seat: told as its process ends
            self._stop_process()
            return
        if self._app is None:  # at the door: no app to end first
            self._told_gone()
            self.end()
            return
        # Not end(): the app's last bytes (leaving its screen) must still go out.
        if self._driver is not None:
            self._driver.disable_input()
        if self._ready:
            self._app.exit()  # else it exits as it becomes ready

    def _told_gone(self) -> None:
        from meneur.content.strings import strings

        why = self._dismissed or "removed"
        self.closed = False  # the last line still goes out
        self.say(strings(self.lang).t(f"serve.{why}"))
        self.closed = True
        self.finish({"removed": DISMISSED, "ended": ENDED}.get(why, FLOODED))

    def say(self, line: str) -> None:
        """A line on the person's terminal, outside the app."""
        # A plain seat has no terminal at the server's end: its lines end as lines do.
        self.write(f"{line}\n".encode() if self.plain else f"{line}\r\n".encode())

    # --- The seat ----------------------------------------------------------------------

    async def play(self) -> None:
        """Let the person in (through the door, when they came with an invite), then
        run their app until they quit or their connection goes."""
        self.server.seated.add(self)
        try:
            await self._seated()
        finally:
            self.server.seated.discard(self)

    async def _seated(self) -> None:
        if not await self._enter():
            return
        if self.closed:  # gone before its app was made: nothing to start, no one to seat
            self.finish(0)
            return
        if self.plain:
            from .plain_seat import run_plain

            await run_plain(self)
            return
        try:
            app = self._make_app()
        except CampaignError as error:
            self.say(f"meneur: {error}")
            self.finish(2)
            return
        await self._run(app)

    async def _enter(self) -> bool:
        """Whether the person may sit: an invite that asks the GM waits for the answer;
        an SSH code is spent on the person's key. Says why not, and ends, when not."""
        invite = self.invite
        if invite is None:
            return True
        server = self.server
        knocked = False
        if not invite.admit and not (self.via == "web" and invite.admitted):
            self.say(strings(self.lang).t("serve.waiting"))
            self._knocking = asyncio.ensure_future(
                server.door.knock(self.name, self.seat, self.via, self.where)
            )
            try:
                admitted = await self._knocking
            except asyncio.CancelledError:
                admitted = False
            self._knocking = None
            if self.closed:
                self.finish(0)
                return False
            if not admitted:
                server.said("not_let_in", name=self.name)
                self.say(strings(self.lang).t("serve.not_let_in"))
                self.finish(1)
                return False
            server.said("let_in", name=self.name)
            knocked = True
        try:
            if self.via == "ssh" and invite.seat != VIEWER:
                assert self.key is not None
                if not server.bind(invite, self.key):
                    self.say(strings(self.lang).t("serve.code_used"))
                    self.finish(1)
                    return False
                server.said("key_added", name=self.name)
            elif self.via == "web" and knocked:
                server.admitted(invite)
        except CampaignError as error:
            self.say(f"meneur: {error}")
            self.finish(2)
            return False
        return True

    def _make_app(self) -> App[Any]:
        """The app for this seat: the table for the GM and players, the read-only view
        for a viewer.

        Raises:
            CampaignError: when the campaign cannot be opened now.
        """
        from meneur.content.strings import strings
        from meneur.play.campaigns import Campaign

        server = self.server
        driver = driver_for(self)
        words = strings(self.lang)
        environ = {"TERM": self.terminal, **self.environment}
        if self.seat.role == "viewer":
            from meneur.core.visibility import AUDIENCE
            from meneur.tui.remote import remote_console
            from meneur.tui.screens.table import SERVED_FOLLOW_SECONDS
            from meneur.tui.watch import WatchApp

            campaign = Campaign.open(server.directory, write=False, clock=server.clock)
            # A viewer's browser link is for showing (the stream); a terminal, the table.
            layout = "stream" if self.via == "web" else "table"
            view = WatchApp(campaign, words, AUDIENCE, layout=layout, driver_class=driver)
            view.follow_seconds = SERVED_FOLLOW_SECONDS
            remote_console(view, environ)
            return view
        from meneur.play.session import Session
        from meneur.tui.app import MeneurApp

        campaign = Campaign.open(server.directory, clock=server.clock)
        session = Session(
            campaign,
            words,
            server.rng(self.serial),
            seat=self.seat,
            presence=server.presence,
            remote=True,
        )
        return MeneurApp(session, driver_class=driver, environ=environ)

    async def _run(self, app: App[Any]) -> None:
        server = self.server
        self._app = app
        since = server.clock().strftime("%H:%M")
        self._present = Present(self.seat, self.name, since, self.where, self.session)
        server.presence.join(self._present)
        server.apps.add(app)
        server.watch()
        role = strings(server.lang).t(f"serve_log.role_{self.seat.role}")
        server.said("joined", name=self.name, role=role, via=self.via, where=self.where)
        # What an app builds to start lives as long as it: once drawn, it is frozen out
        # of the collector's sight, so full collections stay short with many sessions.
        asyncio.get_running_loop().call_later(FREEZE_AFTER, _freeze)

        async def started(_pilot: object) -> None:
            # The client may have gone while the app was starting: it ends now that it
            # can (an app told to exit while it mounts its screen breaks half-built).
            self._ready = True
            if self.closed or self._dismissed:
                app.exit()

        try:
            await app.run_async(size=self.size, auto_pilot=started)
        finally:
            server.apps.discard(app)
            if self._present is not None:
                server.presence.leave(self._present)
                self._present = None
            # Its app was frozen with the rest: what it held is collected once the
            # table is quiet (collect_ended).
            server.collect_later()
            server.said("left", name=self.name)
            errors = (
                app.error_console.file.getvalue()
                if hasattr(app.error_console.file, "getvalue")
                else ""
            )
            if errors:
                server.said("app_errors", name=self.name, errors=errors.strip())
            if self._dismissed:
                self._told_gone()
            else:
                if not self.closed and not self.closing() and server.stopping:
                    self.say(strings(self.lang).t("serve.table_closed"))
                self.closed = True
                self.finish(0)
            # The seat may outlive its app a while (its connection closing): it holds
            # the app no longer, so the thaw above collects all of it.
            self._app = None
            self._driver = None


def _freeze() -> None:
    """Collect what is garbage now, then freeze what lives (never scanned again)."""
    gc.collect()
    gc.freeze()


def collect_ended() -> None:
    """Sessions ended: unfreeze everything, collect what they held, freeze the rest."""
    from textual._styles_cache import StylesCache

    # Textual memoizes StylesCache.get_inner_outer with functools.lru_cache on the
    # method, so its 1,024 entries hold their StylesCache (``self``) and, through it,
    # every line the widget had drawn: an ended session's widgets stayed reachable, about
    # a megabyte a session, until a thousand of them had been drawn. Emptied here (it is
    # only a memo), they go with the session.
    StylesCache.get_inner_outer.cache_clear()
    gc.unfreeze()
    _freeze()
    _give_back()


def _give_back() -> None:
    """Return the heap's free pages to the system (glibc's ``malloc_trim``): freed
    objects otherwise leave the process as large as it was at its peak (a flood's
    megabyte, an ended session's screens), though Python no longer uses that memory."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if name is None:
        return
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(name).malloc_trim(0)
