"""Where campaigns live by default: the user data directory (platformdirs, app ``meneur``).

``MENEUR_DATA_DIR`` overrides it (tests, portable installs). The campaign used last is
remembered in ``current-campaign`` there, so commands without a directory and the app
reopen it.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from meneur.content.own_files import open_own

from .atomic import LEFTOVER_AGE, atomic_write, remove_leftovers

DATA_DIR_ENV = "MENEUR_DATA_DIR"
CURRENT_FILE = "current-campaign"


def data_dir() -> Path:
    """meneur's data directory (created on first use)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs  # only commands that need the default location pay for it

    return Path(platformdirs.user_data_dir("meneur", appauthor=False))


def default_campaign() -> Path:
    """Where the default campaign lives."""
    return data_dir() / "campaigns" / "default"


def remembered_campaign() -> Path | None:
    """The campaign remembered as the one used last, if one is."""
    try:
        remembered = (data_dir() / CURRENT_FILE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return Path(remembered) if remembered else None


def current_campaign() -> Path:
    """The campaign used last, or the default one."""
    return remembered_campaign() or default_campaign()


def gone_campaign() -> Path | None:
    """The campaign used last, when it is remembered but is no longer there: its folder
    moved, deleted or on a disk that is not plugged in (a folder that is there but holds
    no ``campaign.toml`` is gone too). ``None`` when it is there, or none is remembered.
    Whether what is there can be read is for opening it to say."""
    remembered = remembered_campaign()
    if remembered is None:
        return None
    try:
        os.lstat(remembered / "campaign.toml")
    except (FileNotFoundError, NotADirectoryError):
        return remembered
    except OSError:
        return None  # there but unreadable: opening it says why
    return None


def remember(campaign: Path) -> None:
    """Make ``campaign`` the one commands and the app open by default, if the data
    directory can be written: a full or read-only data directory never stops the
    campaign itself from being written (it is elsewhere)."""
    directory = data_dir()
    content = f"{Path(campaign).resolve()}\n".encode()
    try:
        if (directory / CURRENT_FILE).read_bytes() == content:
            return  # already the one: every start would otherwise write and sync it again
    except OSError:
        pass
    keep(CURRENT_FILE, content)


def keep(name: str, content: bytes) -> bool:
    """Write ``content`` as ``name`` (a path under the data directory), atomically, if
    the data directory can be written; whether it was. What meneur keeps there (the
    campaign used last, settings, a note's draft) is never worth failing for: a full or
    read-only data directory never stops a campaign from being written elsewhere."""
    path = data_dir() / name
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(path.parent, older_than=LEFTOVER_AGE)
        atomic_write(path, content)
    except OSError:
        return False
    return True


def cache_dir() -> Path:
    """meneur's cache directory: what it keeps there only saves time, and may go."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("meneur", appauthor=False))


def _users_alone(found: os.stat_result) -> bool:
    """Whether ``found`` is a regular file of the user's own that no one else may write
    (never where the system cannot say whose a file is: no ``os.getuid``)."""
    user = getattr(os, "getuid", None)
    return (
        user is not None
        and stat.S_ISREG(found.st_mode)
        and found.st_uid == user()
        and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def cached(name: str) -> bytes | None:
    """What :func:`cache` kept as ``name``, when it is a regular file of the user's own
    that no one else may write (a cache may hold what runs when read, as Python's own
    bytecode does); None when there is none, or it is not so, or the system cannot say
    whose a file is (the cache is then never read)."""
    try:
        fd = open_own(cache_dir() / name)
    except OSError:
        return None
    try:
        if not _users_alone(os.fstat(fd)):
            return None
        with os.fdopen(os.dup(fd), "rb") as stream:
            return stream.read()
    except OSError:
        return None
    finally:
        os.close(fd)


def cache(name: str, content: bytes) -> bool:
    """Keep ``content`` as ``name`` in the cache directory (made private to the user),
    atomically; whether it was. A cache that cannot be written is only time lost."""
    path = cache_dir() / name
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        remove_leftovers(path.parent, older_than=LEFTOVER_AGE)
        with contextlib.suppress(FileNotFoundError):
            found = os.lstat(path)
            if stat.S_ISREG(found.st_mode) and not _users_alone(found):
                # A replaced file keeps its permissions: one others may write would
                # never be read again. Made anew instead.
                path.unlink()
        atomic_write(path, content, follow_links=False)
    except OSError:
        return False
    return True
