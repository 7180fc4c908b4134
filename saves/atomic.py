"""Atomic file writes: a file is either its old content or its new content, never half.

The new content goes to a temporary file in the same directory, is flushed and fsynced,
then renamed over the target; the directory is fsynced so the rename itself survives a
crash. A reader or a crash at any instant sees one whole version.

Only regular files are replaced so: a symbolic link is followed (the file it points to
is replaced, the link stays), and a FIFO, a device or a directory is never replaced by a
regular file. Files meneur creates get the permissions the umask gives (``mkstemp``
alone would make them private); a file replaced keeps its own.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NoReturn

from meneur.content.own_files import NotOwnFile, check_own, kind_of_file

LEFTOVER_AGE = 60.0
"""Seconds after which a temporary file in a shared directory (the data directory) is
taken for a killed process's leftover; a live writer renames its own within a second."""


def fsync_directory(directory: Path) -> None:
    """Make a rename or a new file in ``directory`` durable (where the OS allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # some systems cannot open a directory; nothing more to do there
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    """The process's umask, read without changing it where Linux says it (changing it to
    read it would race with other threads creating files)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class SpecialFileError(OSError):
    """A write aimed at a FIFO, a device or a directory, which meneur never replaces."""


def atomic_write(path: Path, data: bytes | Iterable[bytes], *, follow_links: bool = True) -> None:
    """Replace the regular file ``path`` (or the file a link there points to) with
    ``data`` (bytes, or pieces written as they come) atomically and durably; create it
    when it does not exist. A campaign's own files are written with ``follow_links``
    off: a symbolic link there is refused, never followed out of the campaign.

    Raises:
        SpecialFileError: when ``path`` is a FIFO, a device, a directory… (or, without
            ``follow_links``, a symbolic link): it is left as it is.
        OSError: when the directory cannot be written; ``path`` is then unchanged.
    """
    temporary, target = _write_aside(path, data, follow_links)
    _put_in_place(temporary, target, path)
    fsync_directory(target.parent)


def atomic_write_many(files: Sequence[tuple[Path, bytes]]) -> None:
    """Replace several of a campaign's own files in one folder, in order, each
    atomically and durably (as :func:`atomic_write` without ``follow_links``), for the
    cost of one file's fsync each: every new content is written aside and fsynced
    first, and only then renamed into place, one after the other, the folder fsynced
    after each rename (so that, whatever the file system, a crash keeps a beginning of
    them in order and never a later one without an earlier).

    Raises:
        SpecialFileError: when a path is not a regular file (nothing replaced then).
        OSError: when one cannot be written aside (nothing replaced then: a full disk
            changes no byte), or a rename fails (those before it are in place).
    """
    aside: list[tuple[Path, Path, Path]] = []
    try:
        for path, data in files:
            temporary, target = _write_aside(path, data, follow_links=False)
            aside.append((temporary, target, path))
    except BaseException:
        for temporary, _, _ in aside:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise
    for at, (temporary, target, path) in enumerate(aside):
        try:
            _put_in_place(temporary, target, path)
        except BaseException:
            for left, _, _ in aside[at + 1 :]:
                with contextlib.suppress(OSError):
                    os.unlink(left)
            raise
        fsync_directory(target.parent)


def _write_aside(
    path: Path, data: bytes | Iterable[bytes], follow_links: bool
) -> tuple[Path, Path]:
    """Write ``data`` to a temporary file beside ``path``'s target, fsynced, with the
    permissions the target has (or the umask gives); that file and the target.

    Raises:
        SpecialFileError: when the target is not a regular file.
        OSError: when it cannot be written (the temporary file is removed then).
    """
    if not follow_links:
        try:
            check_own(path)
        except NotOwnFile as error:
            raise SpecialFileError(error.errno, error.strerror, str(path)) from None
    target = Path(os.path.realpath(path)) if follow_links else Path(path)
    try:
        existing: os.stat_result | None = target.stat()
    except FileNotFoundError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        raise SpecialFileError(
            errno.EINVAL,
            f"is {kind_of_file(existing.st_mode)}, which meneur does not replace",
            str(path),
        )
    mode = stat.S_IMODE(existing.st_mode) if existing is not None else 0o666 & ~_umask()
    directory = target.parent
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as error:  # a missing or read-only folder: said of the file asked for
        raise OSError(error.errno, error.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "wb") as stream:
            os.fchmod(stream.fileno(), mode)
            for piece in [data] if isinstance(data, bytes) else data:
                stream.write(piece)
            stream.flush()
            os.fsync(stream.fileno())
    except BaseException as error:
        _failed(temporary, error, path)
    return Path(temporary), target


def _put_in_place(temporary: Path, target: Path, path: Path) -> None:
    """Rename ``temporary`` over ``target`` (the file asked for is ``path``).

    Raises:
        OSError: when it cannot be (the temporary file is removed then).
    """
    try:
        os.replace(temporary, target)
    except BaseException as error:
        _failed(str(temporary), error, path)


def _failed(temporary: str | Path, error: BaseException, path: Path) -> NoReturn:
    """Remove ``temporary`` and raise ``error``, an OSError said of ``path`` (the file
    asked for, not the temporary one: a full disk)."""
    with contextlib.suppress(OSError):
        os.unlink(temporary)
    if isinstance(error, OSError) and not isinstance(error, SpecialFileError):
        raise OSError(error.errno, error.strerror, str(path)) from None
    raise error


def writes_atomically(path: Path) -> bool:
    """Whether :func:`write_out` writes ``path`` atomically (a new or regular file: a
    write that fails half way leaves nothing of itself), not through it."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False


def write_out(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write an export to ``path``: through it when it is a FIFO or a device (``-o
    /dev/stdout``, a pipe), atomically like :func:`atomic_write` otherwise.

    Raises:
        OSError: when it cannot be written (a FIFO nobody reads, a directory…).
    """
    try:
        existing = os.stat(path)
    except FileNotFoundError:
        existing = None
    if existing is None or stat.S_ISREG(existing.st_mode):
        atomic_write(path, data)
        return
    if stat.S_ISDIR(existing.st_mode):
        raise SpecialFileError(errno.EISDIR, "is a directory", str(path))
    try:
        # Non-blocking open: a FIFO with no reader refuses at once (ENXIO) instead of
        # hanging; the writes themselves then block as usual.
        fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise OSError(error.errno, "is a FIFO nobody is reading", str(path)) from None
        raise
    try:
        os.set_blocking(fd, True)
        for piece in [data] if isinstance(data, bytes) else data:
            view = memoryview(piece)
            while view:
                view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def remove_leftovers(directory: Path, older_than: float = 0.0) -> None:
    """Delete the temporary files killed writers left in ``directory`` (the files they
    would have replaced are intact). With ``older_than``, only those untouched that many
    seconds: a directory no lock guards may hold a live writer's."""
    now = time.time()
    with contextlib.suppress(OSError):
        for leftover in directory.glob(".*.tmp"):
            with contextlib.suppress(OSError):
                if older_than and now - leftover.stat().st_mtime < older_than:
                    continue
                leftover.unlink()
