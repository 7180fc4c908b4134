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

HOME_VARIABLES = (
    "HOME",
    "XDG_DATA_HOME",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "XDG_STATE_HOME",
    "XDG_RUNTIME_DIR",
)
"""The variables that say where a program keeps its files (platformdirs reads them, GLib's
dconf the runtime folder)."""

_XDG_DEFAULTS = {
    "XDG_DATA_HOME": (".local", "share"),
    "XDG_CONFIG_HOME": (".config",),
    "XDG_CACHE_HOME": (".cache",),
    "XDG_STATE_HOME": (".local", "state"),
}

_TOOLS_FOLDERS: dict[str, tuple[tuple[tuple[str, ...], bool], ...]] = {
    "HOME": (((".ssh",), True), ((".pki",), True)),
    "XDG_CONFIG_HOME": (
        (("meneur",), True),
        (("chromium",), False),
        (("chromium", "Crash Reports"), True),
        (("dconf",), False),
    ),
    "XDG_CACHE_HOME": (
        (("meneur",), True),
        (("chromium",), False),
        (("dconf",), True),
        (("fontconfig",), False),
    ),
    "XDG_DATA_HOME": ((("meneur",), True),),
    "XDG_STATE_HOME": ((("meneur",), True),),
}
"""The folders the suite's own programs write in when they run in a home, under the home
(``HOME``) or an XDG folder: meneur's own; OpenSSH's and asyncssh's ``~/.ssh``; headless
Chromium's — its crash reports, its profile and cache folders, the NSS database in
``~/.pki``, GLib's dconf and fontconfig's caches. A folder whose files the person's own
programs change as they are used counts by its entries (``False``) only."""

Place = tuple[Path, bool]
"""A folder, and whether everything under it counts (``True``) or only which entries it
holds (``False``: a home's own files change as the person uses the machine)."""


def real_places(environ: Mapping[str, str]) -> list[Place]:
    """The places a test run outside its own home would change: the home (``$HOME`` and
    the account's, which OpenSSH uses whatever ``$HOME`` says) and each XDG folder by the
    entries they hold, and inside them the folders the suite's programs write in
    (:data:`_TOOLS_FOLDERS`), the runtime folder's ``dconf`` by its entries."""
    homes = {Path(environ.get("HOME") or pwd.getpwuid(os.getuid()).pw_dir)}
    homes.add(Path(pwd.getpwuid(os.getuid()).pw_dir))
    places: list[Place] = []
    for home in sorted(homes):
        bases = {"HOME": home}
        for variable, default in _XDG_DEFAULTS.items():
            bases[variable] = Path(environ.get(variable) or home.joinpath(*default))
        for variable, base in bases.items():
            places.append((base, False))
            places += [(base.joinpath(*inside), deep) for inside, deep in _TOOLS_FOLDERS[variable]]
    if environ.get("XDG_RUNTIME_DIR"):  # no default: a folder only a session gives
        places.append((Path(environ["XDG_RUNTIME_DIR"]) / "dconf", False))
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
