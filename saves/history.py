"""Undo and redo as entries: what taking back (or bringing back) a journal entry changes,
and when it cannot be done because a later change touched the same keys. Which entry a
seat may take back is :mod:`meneur.play.act.history`'s."""

from __future__ import annotations

from meneur.core.changes import MISSING, Change

from .entry_parts import DRAWN, STATE_FILE
from .errors import UndoConflict
from .journal import Entry
from .state_files import _shared_key
from .work import Draft, Work


def undo_draft(work: Work, target: Entry) -> Draft:
    """The entry that undoes ``target`` (a change still in the undo history): its changes
    reversed; a note is struck.

    Raises:
        UndoConflict: when a later change (by anyone) touched what it would restore, or
            a value it would restore was changed since.
    """
    stack = work.state["history"]["undo"]
    for other_id in reversed(stack[stack.index(target.id) + 1 :]):
        other = work.entry_at(other_id, "history")
        shared = _shared_key(target, other)
        if shared:
            by = f" by {other.by}" if other.by else ""
            raise UndoConflict(
                work.directory / STATE_FILE,
                f"cannot undo entry {target.id} ({target.text}): entry {other.id}"
                f"{by} changed {shared} since; undo that first",
            )
    if target.kind == "note":
        inverse: tuple[Change, ...] = (Change(("struck", str(target.id)), MISSING, True),)
    else:
        inverse = tuple(change.inverse() for change in reversed(_taken_back(target)))
    return _reverse(work, "undo", target, inverse, f"Annulé : {target.text}")


def redo_draft(work: Work, target: Entry) -> Draft:
    """The entry that redoes ``target`` (an undone change): its changes again; a note
    struck by its undo comes back.

    Raises:
        UndoConflict: when a value it would set was changed since.
    """
    changes = (
        (Change(("struck", str(target.id)), True, MISSING),)
        if target.kind == "note"
        else _taken_back(target)
    )
    return _reverse(work, "redo", target, changes, f"Rétabli : {target.text}")


def _taken_back(target: Entry) -> tuple[Change, ...]:
    """What undoing or redoing ``target`` reverses or repeats: its changes but the count
    of the session's draws, which only grows (put back, the next roll would take an
    undone roll's draw again, with its dice: a secret roll's shown to the table)."""
    return tuple(change for change in target.changes if tuple(change.path) != DRAWN)


def _reverse(work: Work, kind: str, target: Entry, changes: tuple[Change, ...], text: str) -> Draft:
    error = work.misfit(changes)
    if error is not None:
        raise UndoConflict(
            work.directory / STATE_FILE,
            f"cannot {kind} entry {target.id} ({target.text}): {error}, changed since",
        ) from error
    return Draft(kind, text, changes, target=target.id)
