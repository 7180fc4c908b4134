"""The writer lock: one process writes a campaign; any number may read it.

The lock is an advisory ``flock`` on ``.lock`` in the campaign directory, so it goes away
with its process however it ends (``kill -9`` included) and never goes stale. The file
holds who took it, for the message a second writer gets.
"""

from __future__ import annotations

import os
import socket
import sys
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from .errors import CampaignLocked

LOCK_NAME = ".lock"

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

else:  # pragma: no cover - meneur is tested on POSIX; Windows locks the first byte
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


class WriterLock:
    """Exclusive right to write one campaign, held until :meth:`release`.

    Use as a context manager, or call :meth:`acquire` and :meth:`release`.
    """

    def __init__(self, directory: Path, purpose: str = "meneur") -> None:
        self.path = directory / LOCK_NAME
        self.purpose = purpose
        self._fd: int | None = None

    def acquire(self) -> WriterLock:
        """Take the lock.

        Raises:
            CampaignLocked: naming the process that holds it.
        """
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        if not _try_lock(fd):
            holder = _describe_holder(fd)
            os.close(fd)
            raise CampaignLocked(
                self.path.parent, f"open for writing by {holder}; close it there first"
            )
        info = {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": datetime.now(UTC).isoformat(timespec="seconds"),
            "by": self.purpose,
        }
        os.ftruncate(fd, 0)
        os.pwrite(fd, _lines(info).encode(), 0)
        self._fd = fd
        return self

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


def _describe_holder(fd: int) -> str:
    try:
        info = _read_lines(os.pread(fd, 4096, 0).decode())
    except (OSError, ValueError):
        info = {}
    if not isinstance(info, dict) or "pid" not in info:
        return "another meneur process"
    since = f" since {info['since']}" if "since" in info else ""
    by = info.get("by", "meneur")
    return f"{by} (pid {info['pid']} on {info.get('host', '?')}{since})"
