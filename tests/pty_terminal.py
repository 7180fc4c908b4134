"""A program as a person runs it in a terminal: in a pseudo-terminal, its screen drawn by
pyte (no VT parser of our own to get wrong), keys written as a terminal writes them. The
app's tests run ``meneur`` in it (``tests/tui/pty_app.py``), the shared table's run
OpenSSH's ``ssh`` (``tests/serve/test_openssh.py``)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import pty
import select
import signal
import struct
import termios
import time
from collections.abc import Callable, Mapping

import pyte

from tests.waiting import PATIENCE


class PtyTerminal:
    """``argv`` in a pseudo-terminal of ``size`` (columns, rows), with ``environ`` added to
    its environment."""

    def __init__(
        self, argv: list[str], environ: Mapping[str, str], size: tuple[int, int] = (120, 36)
    ) -> None:
        columns, rows = size
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.pid, self.fd = pty.fork()
        size_of = struct.pack("HHHH", rows, columns, 0, 0)
        if self.pid == 0:  # the child: the program in the terminal
            # The size is the terminal's before the program starts: set by the parent
            # alone, after the fork, a loaded machine let the program ask first and read
            # the size of a terminal that has none yet (shutil's 80 × 24).
            fcntl.ioctl(0, termios.TIOCSWINSZ, size_of)
            os.environ.update(environ)
            os.execvp(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, size_of)
        self.said = b""
        self.ended: int | None = None

    def _take(self, data: bytes) -> None:
        self.said += data
        self.stream.feed(data)

    def read(self, seconds: float) -> bool:
        """Draw what the program writes for up to ``seconds``; False once it has closed."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.fd, 65536)
                except OSError:
                    return False
                if not data:
                    return False
                self._take(data)
        return True

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, text: str, timeout: float = PATIENCE) -> None:
        """Read until ``text`` is on the screen."""
        self.wait_until(lambda screen: text in screen, f"{text!r} shown", timeout)

    def wait_until(
        self, shows: Callable[[str], bool], what: str, timeout: float = PATIENCE
    ) -> None:
        """Read until the screen ``shows`` what is waited for (``what``, said if never)."""
        end = time.monotonic() + timeout
        while not shows(self.text()):
            assert time.monotonic() < end, f"never {what}:\n{self.text()}\n{self.said[-500:]!r}"
            if not self.read(0.1):
                assert shows(self.text()), f"it ended first:\n{self.text()}"

    def type(self, data: bytes, chunk: int = 4096) -> None:
        """Write ``data`` as a terminal writes typed text, ``chunk`` bytes at a time,
        drawing what the program writes meanwhile (it may not read while it cannot write)."""
        end = time.monotonic() + PATIENCE
        while data:
            assert time.monotonic() < end, "the program stopped reading what is typed"
            readable, writable, _ = select.select([self.fd], [self.fd], [], 0.05)
            if readable:
                try:
                    self._take(os.read(self.fd, 65536))
                except OSError:
                    return
            if writable:
                written = os.write(self.fd, data[:chunk])
                data = data[written:]

    def signal(self, number: signal.Signals) -> None:
        os.kill(self.pid, number)

    def wait(self, timeout: float = PATIENCE) -> int:
        """The program's exit status once it has ended (drawing its last output)."""
        end = time.monotonic() + timeout
        while True:
            self.read(0.05)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.ended = os.waitstatus_to_exitcode(status)
                return self.ended
            assert time.monotonic() < end, f"it did not end:\n{self.text()}"

    def close(self) -> None:
        if self.ended is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
        with contextlib.suppress(OSError):
            os.close(self.fd)
