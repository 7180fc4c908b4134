"""The write lock: one process writes a campaign at a time, for as long as one write takes.

A write (append an entry, save the state) holds the lock for milliseconds; any number of
processes share a campaign by taking it in turn. The lock is an advisory ``flock`` on the
campaign *directory* itself, so the kernel releases it when its process ends (``kill -9``
included), and deleting or replacing a file cannot defeat it (``rm .lock`` used to let two
writers in). ``.lock`` only says who holds it, for the message a writer gets after
waiting in vain.
"""

from __future__ import annotations

import os
import socket
import stat
import sys
import time
from pathlib import Path
from types import TracebackType

from meneur.content.own_files import read_own
from meneur.core.text import cut

from .errors import CampaignLocked

LOCK_NAME = ".lock"
WAIT_SECONDS = 5.0
"""How long a writer waits for another's write before giving up with a message."""

if sys.platform != "win32":
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

    def _open_target(directory: Path) -> int:
        return os.open(directory, os.O_RDONLY | os.O_DIRECTORY)

else:  # pragma: no cover - meneur is tested on POSIX; Windows locks a file's first byte
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

    def _open_target(directory: Path) -> int:
        return os.open(directory / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)


class WriterLock:
    """Exclusive right to write one campaign, held until :meth:`release`.

    Use as a context manager, or call :meth:`acquire` and :meth:`release`. Hold it for
    one write, not for the life of a process.
    """

    def __init__(self, directory: Path, purpose: str = "meneur") -> None:
        self.directory = directory
        self.path = directory / LOCK_NAME
        self.purpose = purpose
        self._fd: int | None = None

    def acquire(self, wait: float = WAIT_SECONDS) -> WriterLock:
        """Take the lock, waiting up to ``wait`` seconds for another writer to finish.

        Raises:
            CampaignLocked: naming the process that kept it that long.
        """
        fd = _open_target(self.directory)
        deadline = time.monotonic() + wait
        pause = 0.001
        while not _try_lock(fd):
            if time.monotonic() >= deadline:
                os.close(fd)
                holder = _holder(self.path)
                raise CampaignLocked(
                    self.directory,
                    f"busy: {_describe_holder(holder)} kept it for more than {wait:g} s;"
                    " nothing was written, try again",
                    message_key="campaign.busy_by" if holder else "campaign.busy",
                    values={"path": self.directory, **holder},
                )
            time.sleep(pause)
            pause = min(pause * 2, 0.02)  # a write takes milliseconds: look again soon
        self._fd = fd
        self._describe_self()
        return self

    def _describe_self(self) -> None:
        """Say who holds the lock in ``.lock`` (best effort: it is only for messages)."""
        info = {"pid": os.getpid(), "host": socket.gethostname(), "by": self.purpose}
        try:
            # Never through a link (a campaign folder may come from anyone: .lock linked
            # to a file of yours) and never blocking on a FIFO; truncated only once it
            # is known to be a regular file.
            flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK
            fd = os.open(self.path, flags, 0o644)
        except OSError:
            return
        try:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                os.ftruncate(fd, 0)
                os.write(fd, _lines(info).encode())
        except OSError:
            pass
        finally:
            os.close(fd)

    def release(self) -> None:
        """Give the lock up (also done when the process ends)."""
        if self._fd is not None:
            _unlock(self._fd)
            os.close(self._fd)
            self._fd = None

    @property
    def held(self) -> bool:
        """Whether this object holds the lock."""
        return self._fd is not None

    def __enter__(self) -> WriterLock:
        return self.acquire()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


def _lines(info: dict[str, object]) -> str:
    """The holder's description, a ``key=value`` line each (read by _read_lines).

    Not JSON: the json module would be imported by every start of the app for this alone.
    """
    return "".join(f"{key}={str(value).replace(chr(10), ' ')}\n" for key, value in info.items())


def _read_lines(text: str) -> dict[str, str]:
    """What _lines wrote (or, from an older meneur, a JSON object)."""
    if text.lstrip().startswith("{"):
        import json

        found = json.loads(text)
        return (
            {str(key): str(value) for key, value in found.items()}
            if isinstance(found, dict)
            else {}
        )
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def _holder(path: Path) -> dict[str, str]:
    """Who holds the lock, as its file says (``by``, ``pid``, ``host``; none when it
    says nothing readable): what a file said, cut, shown, never acted on."""
    try:
        text = read_own(path)[:4096].decode("utf-8", errors="replace")
        info = _read_lines(text)
    except (OSError, ValueError):
        info = {}
    if "pid" not in info:
        return {}
    return {
        "by": cut(info.get("by", "meneur"), 60),
        "pid": cut(info["pid"], 12),
        "host": cut(info.get("host", "?"), 60),
    }


def _describe_holder(holder: dict[str, str]) -> str:
    if not holder:
        return "another meneur process"
    return f"{holder['by']} (pid {holder['pid']} on {holder['host']})"
