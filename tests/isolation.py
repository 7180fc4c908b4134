"""What the suite compares to prove it left the player's own meneur alone.

The suite runs in a home of its own (``tests/conftest.py``); these helpers find the real
one's places and fingerprint them before and after the run.
"""

from __future__ import annotations

import os
import pwd
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

HOME_VARIABLES = ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME")
"""The variables that say where a program keeps its files (platformdirs reads them)."""

_XDG_DEFAULTS = {
    "XDG_DATA_HOME": (".local", "share"),
    "XDG_CONFIG_HOME": (".config",),
    "XDG_CACHE_HOME": (".cache",),
    "XDG_STATE_HOME": (".local", "state"),
}

Place = tuple[Path, bool]
"""A folder, and whether everything under it counts (``True``) or only which entries it
holds (``False``: a home's own files change as the person uses the machine)."""


def real_places(environ: Mapping[str, str]) -> list[Place]:
    """The places a test run outside its own home would change: the home (``$HOME`` and
    the account's, which OpenSSH uses whatever ``$HOME`` says) and each XDG folder by the
    entries they hold, and everything under their ``meneur`` folders and ``~/.ssh``."""
    homes = {Path(environ.get("HOME") or pwd.getpwuid(os.getuid()).pw_dir)}
    homes.add(Path(pwd.getpwuid(os.getuid()).pw_dir))
    places: list[Place] = []
    for home in sorted(homes):
        places += [(home, False), (home / ".ssh", True)]
        for variable, default in _XDG_DEFAULTS.items():
            base = Path(environ.get(variable) or home.joinpath(*default))
            places += [(base, False), (base / "meneur", True)]
    return places


def fingerprint(places: Iterable[Place]) -> dict[str, tuple[int, int, int]]:
    """Each path under ``places`` with its kind, size and time of change (only its kind
    for an entry of a folder that counts by its entries). Symbolic links are not
    followed; a folder that is missing holds nothing."""
    seen: dict[str, tuple[int, int, int]] = {}
    for folder, deep in places:
        pending = [folder]
        while pending:
            current = pending.pop()
            try:
                entries = list(os.scandir(current))
            except OSError:
                continue
            for entry in entries:
                try:
                    status = entry.stat(follow_symlinks=False)
                except OSError:
                    continue
                kind = stat.S_IFMT(status.st_mode)
                if not deep:
                    seen.setdefault(entry.path, (kind, 0, 0))
                    continue
                seen[entry.path] = (kind, status.st_size, status.st_mtime_ns)
                if stat.S_ISDIR(status.st_mode):
                    pending.append(Path(entry.path))
    return seen
