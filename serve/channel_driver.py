"""A Textual driver that plays an app in a remote terminal: an SSH channel's.

Textual's own terminal driver reads the process's standard input in a thread, installs
process-wide signal handlers (SIGWINCH, SIGTSTP, SIGCONT) and changes the attributes of
the server's own terminal: none of which may happen for a connection, since one server
process runs many apps side by side. This driver does none of it. The connection feeds it
what the client types (:meth:`ChannelDriver.feed`, in the event loop, no thread), tells
it the window's size (:meth:`ChannelDriver.resize`), and it writes what the app draws to
the channel (:class:`Channel`).

It relies on Textual's xterm parser (``textual._xterm_parser``, not public API: Textual
is pinned exactly, and tests/serve/test_channel_driver.py checks the keys, the lone
Escape, mouse, paste and garbage through it).
"""

from __future__ import annotations

import asyncio
from codecs import getincrementaldecoder
from typing import TYPE_CHECKING, Any, Protocol

from textual import events
from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size

from meneur.tui.typed_bursts import Bursts

if TYPE_CHECKING:
    from textual.app import App

MAX_COLUMNS = 1000
MAX_ROWS = 500
"""The largest window drawn: a client may claim any size, and the app's screen buffers
grow with it (a 500×200 window is drawn whole)."""

ESCAPE_WAIT = 0.12
"""Seconds after an Escape with nothing behind it before it counts as the Escape key
(the parser's own wait is 0.1 s; a little more so the tick finds it due)."""


class Channel(Protocol):
    """Where the app's output goes: the connection's end of the channel."""

    def write(self, data: bytes) -> None:
        """Send bytes to the client's terminal (buffered; never blocks)."""

    def hang_up(self, reason: str) -> None:
        """End the connection (the client is gone, or hopelessly behind)."""

    def attach(self, driver: ChannelDriver) -> None:
        """The driver listens: what the client typed so far may be fed to it."""

    def backlog(self) -> int:
        """Bytes written but not yet sent to the client."""


MAX_BACKLOG = 8 * 1024 * 1024
"""A client this many bytes behind (a frozen terminal, a dead link the keepalive has not
caught yet) is hung up on, so a stuck player never costs the server its memory."""


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A window size the app can draw: at least 1×1, at most MAX_COLUMNS × MAX_ROWS."""
    return max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS))


def driver_for(channel: Channel) -> type[ChannelDriver]:
    """A driver class bound to ``channel`` (Textual builds its driver from a class)."""
    return type("BoundChannelDriver", (ChannelDriver,), {"channel": channel})


class ChannelDriver(Driver):
    """Textual's display and input for one remote terminal."""

    channel: Channel
    """Set by :func:`driver_for`."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self._parser = XTermParser(debug)
        self._bursts = Bursts()
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._listening = False
        self._tick: asyncio.TimerHandle | None = None

    # --- Output ----------------------------------------------------------------------

    def write(self, data: str) -> None:
        """Send what the app draws; hang up on a client hopelessly behind."""
        channel = self.channel
        if channel.backlog() > MAX_BACKLOG:
            self._listening = False
            channel.hang_up("the terminal stopped reading")
            return
        channel.write(data.encode("utf-8"))

    def start_application_mode(self) -> None:
        """Take over the client's screen: the alternate screen, mouse and paste
        reporting, no cursor, no line wrap; then tell the app its size."""
        self.write(
            "\x1b[?1049h"  # the alternate screen: the client's own comes back at the end
            "\x1b[?25l"  # no cursor
            "\x1b[?7l"  # no line wrap
            "\x1b[?1004h"  # focus in and out
            "\x1b[?2004h"  # bracketed paste
        )
        if self._mouse:
            # Clicks and motion, as SGR (no limit on columns), as Textual's own driver.
            self.write("\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h")
        self._listening = True
        width, height = clamp_size(*(self._size or (80, 24)))
        self._size = (width, height)
        self.process_message(events.Resize(Size(width, height), Size(width, height)))
        self.channel.attach(self)

    @property
    def listening(self) -> bool:
        """Whether what the client types goes to the app now."""
        return self._listening

    def disable_input(self) -> None:
        """Stop passing keys to the app (it is closing)."""
        self._listening = False
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None

    def stop_application_mode(self) -> None:
        """Give the client its terminal back as it was."""
        self.disable_input()
        if self._mouse:
            self.write("\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l")
        self.write("\x1b[?2004l\x1b[?1004l\x1b[?7h\x1b[?1049l\x1b[?25h")

    # --- Input -----------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        """Pass what the client typed to the app (called in the event loop).

        Bytes that are not UTF-8 become U+FFFD; a sequence the parser cannot read is
        dropped with whatever it was in the middle of, and reading starts afresh.
        """
        if not self._listening:
            return
        text = self._decode(data)
        if not text:
            return
        try:
            # Typed lines a line at a time, a paste as one (meneur.tui.typed_bursts).
            for message in self._bursts.coalesce(self._parser.feed(text)):
                self.process_message(message)
        except ParseError:
            self._parser = XTermParser(self._debug)
        self._tick_later()

    def _tick_later(self) -> None:
        """A lone Escape is only known as such when nothing follows it: ask the parser
        again once its wait is over."""
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(ESCAPE_WAIT, self._ticked)

    def _ticked(self) -> None:
        self._tick = None
        if not self._listening:
            return
        try:
            for message in self._parser.tick():
                self.process_message(message)
        except ParseError:
            self._parser = XTermParser(self._debug)

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size."""
        width, height = clamp_size(width, height)
        self._size = (width, height)
        if self._listening:
            self.process_message(events.Resize(Size(width, height), Size(width, height)))

    def send_message(self, message: Any) -> None:
        # The base class posts from its input thread; here input arrives in the event
        # loop itself, so the message is queued directly, in order.
        self._loop.create_task(self._app._post_message(message))
