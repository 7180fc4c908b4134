"""campaign.toml as a file: reading and checking it against the journal, writing it,
its backups, and what an entry does to the state (the functions behind
:class:`meneur.saves.campaign.Campaign`)."""

from __future__ import annotations

import contextlib
import copy
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meneur.content.own_files import read_own
from meneur.core import changes as state_changes
from meneur.core.changes import MISSING, Change

from .atomic import atomic_write, remove_leftovers
from .entry_parts import STATE_FILE
from .errors import CampaignError
from .journal import JOURNAL_DIR, Entry, Journal
from .lock import LOCK_NAME
from .schema import HISTORY_LIMIT
from .state_reading import read_state_file

TABLE_FILE = "table.toml"
"""Who may join the shared table (see :mod:`.table_file`)."""
BACKUP_DIR = "backups"
BACKUPS_KEPT = 10
"""How many earlier versions of campaign.toml are kept in backups/."""
BOOKKEEPING = frozenset({"journal_applied", "written_by", "history"})
"""campaign.toml keys meneur keeps for itself: not the players' state, never journaled as
an outside edit."""


def _absorb_into(state: dict[str, Any], entry: Entry, journal: Journal) -> None:
    """Apply ``entry``'s changes and its effect on the undo history to ``state``.

    Raises:
        ChangeError: when a change does not fit (``state`` is then unchanged).
    """
    state_changes.apply(state, entry.changes)
    history = state["history"]
    if entry.kind == "undo" and entry.target is not None:
        if entry.target in history["undo"]:
            history["undo"].remove(entry.target)
        history["redo"].append(entry.target)
    elif entry.kind == "redo" and entry.target is not None:
        if entry.target in history["redo"]:
            history["redo"].remove(entry.target)
        history["undo"].append(entry.target)
    elif entry.changes or entry.kind == "note":
        # A note is taken back by striking it: it is undone like a change.
        history["undo"].append(entry.id)
        # A new change ends what its author could redo (others keep theirs).
        history["redo"][:] = [
            kept for kept in history["redo"] if not _same_author(journal, kept, entry.by)
        ]
        _forget_beyond_limit(history["undo"], journal, entry.by)
    state["journal_applied"] = entry.id


def _forget_beyond_limit(stack: list[int], journal: Journal, by: str | None) -> None:
    """Keep the latest :data:`HISTORY_LIMIT` undoable changes of ``by`` (of everyone
    without an author), forgetting their older ones.

    Counted per writer: counted for the whole table, a player's changes went from the
    history once others had written that many since, the GM's secrets among them, and
    her undo refused told her how much the GM had written. Nothing is looked up while
    the whole history holds no more than the limit."""
    if len(stack) <= HISTORY_LIMIT:
        return
    theirs = [i for i, kept in enumerate(stack) if _same_author(journal, kept, by)]
    for i in reversed(theirs[:-HISTORY_LIMIT]):
        del stack[i]


def _same_author(journal: Journal, entry_id: int, by: str | None) -> bool:
    if by is None:
        return True
    try:
        other = journal.entry(entry_id).by
    except (KeyError, CampaignError):
        return True
    return other in (None, by)


def _shared_key(earlier: Entry, later: Entry) -> str | None:
    """A key both entries change (one's path within the other's), or None."""
    for mine in _paths(earlier):
        for theirs in _paths(later):
            if mine[: len(theirs)] == theirs or theirs[: len(mine)] == mine:
                return ".".join(mine if len(mine) >= len(theirs) else theirs)
    return None


def _paths(entry: Entry) -> list[tuple[str, ...]]:
    if entry.kind == "note":
        return [("struck", str(entry.id))]
    return [change.path for change in entry.changes]


def differences(
    before: Mapping[str, Any], after: Mapping[str, Any], path: tuple[str, ...] = ()
) -> tuple[Change, ...]:
    """The changes that turn ``before`` into ``after``, table by table (a list or a
    value changes whole); meneur's bookkeeping keys are left out."""
    found: list[Change] = []
    keys = [*before, *(key for key in after if key not in before)]
    for key in keys:
        if not path and key in BOOKKEEPING:
            continue
        old, new = before.get(key, MISSING), after.get(key, MISSING)
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            found += differences(old, new, (*path, key))
        elif old != new:
            found.append(Change((*path, key), copy.deepcopy(old), copy.deepcopy(new)))
    return tuple(found)


def _state_text(state: Mapping[str, Any]) -> bytes:
    header = (
        "# meneur campaign: see docs/save-format.md. Safe to edit, even while meneur is open.\n"
    )
    import tomli_w  # only to write: opening a campaign does not pay for it

    return (header + tomli_w.dumps(dict(state))).encode("utf-8")


def file_stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells a file changed: its inode, time and size (None: not there)."""
    try:
        found = path.stat()
    except FileNotFoundError:
        return None
    return found.st_ino, found.st_mtime_ns, found.st_size


def _unmake(directory: Path, *, whole: bool) -> None:
    """Take back what a failed creation made: the folder when it made it, else what it
    put in the empty folder it was given."""
    for name in (STATE_FILE, LOCK_NAME):
        with contextlib.suppress(OSError):
            (directory / name).unlink()
    for folder in (
        directory / JOURNAL_DIR,
        directory / BACKUP_DIR,
        *([directory] if whole else []),
    ):
        with contextlib.suppress(OSError):
            remove_leftovers(folder)
            folder.rmdir()


def backups(directory: Path) -> list[Path]:
    """The backups of campaign.toml, oldest first."""
    return sorted((directory / BACKUP_DIR).glob("campaign.*.toml"))


def keep_copy(directory: Path, data: bytes) -> None:
    """Keep what was just written as the newest of the last ten backups: it is also
    what campaign.toml is compared with at the next open, to find a hand edit made
    while no meneur was looking. A copy, not a link: an editor that writes in place
    would change both. Best effort: the state itself is already safe."""
    folder = directory / BACKUP_DIR
    with contextlib.suppress(OSError):
        folder.mkdir(exist_ok=True)
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return  # a link or a file in its place: never written through
        numbers = [
            int(number)
            for number in (p.name.split(".")[1] for p in backups(directory))
            if number.isascii() and number.isdigit()
        ]
        target = folder / f"campaign.{(max(numbers) + 1 if numbers else 1):06d}.toml"
        atomic_write(target, data, follow_links=False)
        for old in backups(directory)[:-BACKUPS_KEPT]:
            old.unlink()


def hand_edit(
    directory: Path, text: str, state: dict[str, Any]
) -> tuple[tuple[Change, ...], dict[str, Any]] | None:
    """A hand edit made while no meneur had the campaign open: campaign.toml as read
    (``text``, ``state``) against the copy meneur kept of what it last wrote. Returns the
    edit's changes and the state as meneur wrote it, or None when there is none to
    journal (or no copy to compare with)."""
    kept = backups(directory)
    if not kept:
        return None
    try:
        written = read_own(kept[-1]).decode("utf-8")
        if written == text:
            return None
        base, _ = read_state_file(kept[-1])
    except (OSError, UnicodeDecodeError, CampaignError):
        return None
    if base["journal_applied"] != state["journal_applied"]:
        return None  # an older meneur kept the version before the last write instead
    found = differences(base, state)
    return (found, base) if found else None
