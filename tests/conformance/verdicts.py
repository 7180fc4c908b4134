"""What a door shown to a role may hold, as sentences saying what went wrong (none when
the door is right): the secrets' tell-tales, the markers a role may or may not read, the
numbers of entries, and the difference between two evenings alike but for their secrets.
"""

from __future__ import annotations

import difflib
import re

from .doors import Door
from .evening import NUMBERS, STANDING_SECRETS, Played, may_read


def verdicts(door: Door, role: str, shown: str, played: Played) -> list[str]:
    """What is wrong with ``shown``, ``door`` read as ``role`` after ``played``."""
    wrong = []
    for marker, readers in played.readers.items():
        kind = played.kinds[marker]
        if not may_read(role, readers) and marker in shown:
            wrong.append(f"shows {marker}, a {kind} that {readers} alone may read")
        if may_read(role, readers) and door.complete and marker not in shown:
            wrong.append(f"lacks {marker}, a {kind} it may read")
    if role == "gm":
        wrong += [
            f"lacks {tell!r}, which the GM reads here"
            for tell in door.the_gm_sees
            if tell not in shown
        ]
        return wrong
    for secret, tells in STANDING_SECRETS.items():
        for tell in tells:
            if tell in shown:
                wrong.append(f"names {tell!r} ({secret})")
    for pattern in NUMBERS:
        found = re.search(pattern, shown)
        if found:
            wrong.append(f"carries an entry's number or id: {found.group(0)!r}")
    return wrong


def placed(shown: str, played: Played) -> str:
    """``shown`` with the evening's folder said as ``EVENING`` (the two evenings are
    played in two folders: a door may name the folder a reader gave it)."""
    return shown.replace(str(played.directory.parent), "EVENING")


def difference(first: str, second: str) -> str:
    """The lines that differ between two pictures (empty when they are the same)."""
    if first == second:
        return ""
    lines = difflib.unified_diff(first.splitlines(), second.splitlines(), lineterm="", n=0)
    return "\n".join(list(lines)[2:12])
