"""Reading a campaign's own files: never through a symbolic link, never blocking on a
FIFO, only regular files.

A campaign folder may come from someone else (a shared folder, an archive, a player's
copy): ``campaign.toml`` linked to a file of yours, or a FIFO named like a chunk, must be
refused, not followed or waited on.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class NotOwnFile(OSError):
    """A path in a campaign that is a symbolic link, or not a regular file.

    Attributes:
        kind: what it is, as :func:`file_kind` names it (``link``, ``fifo``…).
    """

    @property
    def kind(self) -> str:
        return "link" if self.errno == errno.ELOOP else _KINDS.get(str(self.strerror), "other")


LINKED = "is a symbolic link (meneur reads and writes a campaign's own files only)"


def file_kind(mode: int) -> str:
    """What a file of ``mode`` is, as a key: ``directory``, ``fifo``, ``device``,
    ``socket``, ``link``, ``regular`` or ``other`` (an interface says it in words)."""
    if stat.S_ISREG(mode):
        return "regular"
    return next((key for key, test in _TESTS if test(mode)), "other")


_TESTS = (
    ("directory", stat.S_ISDIR),
    ("fifo", stat.S_ISFIFO),
    ("device", lambda mode: stat.S_ISCHR(mode) or stat.S_ISBLK(mode)),
    ("socket", stat.S_ISSOCK),
    ("link", stat.S_ISLNK),
)


def kind_of_file(mode: int) -> str:
    """What a file of ``mode`` is, in words: ``a directory``, ``a FIFO``, ``a socket``…"""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


# The English reason a NotOwnFile carries, back to its kind's key.
_KINDS = {
    f"is {words}, not a regular file": key
    for key, words in (
        ("directory", "a directory"),
        ("fifo", "a FIFO"),
        ("device", "a device"),
        ("socket", "a socket"),
        ("link", "a symbolic link"),
    )
}


def open_own(path: Path) -> int:
    """A descriptor open for reading on ``path``, not through a link and not blocking on
    a FIFO (the caller checks that it is a regular file, and closes it).

    Raises:
        FileNotFoundError: when there is no such file.
        NotOwnFile: when it is a symbolic link, or a socket (which cannot be opened).
        OSError: when it cannot be opened.
    """
    try:
        return os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError as error:
        raise refusal(path, error) from None


def refusal(path: Path, error: OSError) -> OSError:
    """The error to raise for ``path`` that could not be opened: what it is when it is not
    a regular file (a socket fails with "no such device or address", which says nothing
    to whoever reads it), else ``error`` itself."""
    if error.errno == errno.ELOOP:
        return NotOwnFile(errno.ELOOP, LINKED, str(path))
    if isinstance(error, FileNotFoundError):
        return error
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return error
    if not stat.S_ISREG(mode):
        return NotOwnFile(errno.EINVAL, f"is {kind_of_file(mode)}, not a regular file", str(path))
    return error


def read_own(path: Path) -> bytes:
    """The bytes of the regular file ``path``.

    Raises:
        FileNotFoundError: when there is no such file.
        NotOwnFile: when it is a symbolic link, a directory, a FIFO, a device or a socket
            (opened without blocking: a FIFO does not hang the reader).
        OSError: when it cannot be read.
    """
    fd = open_own(path)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotOwnFile(
                errno.EINVAL, f"is {kind_of_file(mode)}, not a regular file", str(path)
            )
        with os.fdopen(os.dup(fd), "rb") as stream:
            return stream.read()
    finally:
        os.close(fd)


def check_own(path: Path) -> os.stat_result | None:
    """What ``path`` is, when it is a campaign's own regular file; None when absent.

    Raises:
        NotOwnFile: when it is a symbolic link, or not a regular file.
    """
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(found.st_mode):
        raise NotOwnFile(errno.ELOOP, LINKED, str(path))
    if not stat.S_ISREG(found.st_mode):
        raise NotOwnFile(
            errno.EINVAL, f"is {kind_of_file(found.st_mode)}, not a regular file", str(path)
        )
    return found
