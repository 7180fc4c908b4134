"""Undo and redo as a seat asks for them: which change is the seat's to take back (its
own; the GM's, anyone's), and the entry that takes it back (:mod:`meneur.saves.history`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from meneur.core.table_rules import Seat
from meneur.saves.campaign import Campaign
from meneur.saves.errors import Refusal, UndoConflict
from meneur.saves.history import redo_draft, undo_draft
from meneur.saves.journal import Entry
from meneur.saves.work import Draft, Work

from .writing import write, writer


def undo(campaign: Campaign, seat: Seat, entry_id: int | None = None) -> Entry:
    """Undo this writer's latest change still in the history (anyone's when the campaign
    has no author), or entry ``entry_id`` (the GM's seat: anyone's; a player's: their
    own); undoing a note strikes it.

    Raises:
        Refusal: when there is nothing to undo, or not that entry; a player's seat's
            conflict (see :func:`_conflict_told`).
        UndoConflict: the GM's seat's, when a later change (by anyone) touched what it
            would restore, or a value it would restore was changed since.
    """
    with campaign.work() as work:
        stack = work.state["history"]["undo"]
        if entry_id is None:
            target = _latest(work, seat, stack, "undo")
        elif entry_id in stack:
            target = work.entry_at(entry_id, "history")
        else:
            raise Refusal(
                campaign.directory,
                f"entry {entry_id} is not a change that can be undone now",
                "history.not_undoable",
            )
        with _conflict_told(work, seat):
            draft = undo_draft(work, target)
        return write(work, seat, _checked(work, draft))


def redo(campaign: Campaign, seat: Seat) -> Entry:
    """Redo this writer's latest undone change (anyone's without an author).

    Raises:
        Refusal: when there is nothing to redo; a player's seat's conflict (see
            :func:`_conflict_told`).
        UndoConflict: the GM's seat's, when a value it would set was changed since.
    """
    with campaign.work() as work:
        target = _latest(work, seat, work.state["history"]["redo"], "redo")
        with _conflict_told(work, seat):
            draft = redo_draft(work, target)
        return write(work, seat, _checked(work, draft))


@contextmanager
def _conflict_told(work: Work, seat: Seat) -> Iterator[None]:
    """An undo's or redo's conflict as ``seat`` is told it, at every door: the GM's whole
    (:class:`UndoConflict` names the entry in the way, its number and who wrote it, an
    OS account), anyone else's in one sentence naming none of it — the numbers would
    count the GM's secrets.

    Raises:
        UndoConflict: the GM's seat's.
        Refusal: anyone else's (``history.conflict``).
    """
    try:
        yield
    except UndoConflict:
        if seat.role == "gm":
            raise
        # Not chained: the detail would travel with it (a log, a traceback).
        said = "a later change touches the same thing"
        raise Refusal(work.directory, said, UndoConflict.message_key) from None


def _checked(work: Work, draft: Draft) -> Draft:
    """``draft`` once the state it leads to passes every check campaign.toml must pass:
    taking back a value may leave what ``check`` refuses (a character without the name
    it was given), and then nothing is written.

    Raises:
        CampaignError: naming the key.
    """
    return dataclasses.replace(draft, changes=work.checked(draft.changes))


def _latest(work: Work, seat: Seat, stack: list[int], what: str) -> Entry:
    """The latest entry of ``stack`` this writer may take back (or bring back)."""
    author = writer(work, seat)
    for entry_id in reversed(stack):
        entry = work.entry_at(entry_id, "history")
        # An entry by nobody at the table (a hand edit) is the GM's to take back.
        nobodys = entry.by is None and seat.role == "gm"
        if author is None or entry.by == author or nobodys:
            return entry
    mine = "" if author is None else f" by {author}"
    key = f"history.nothing_{what}" + ("_at_all" if seat.role == "gm" else "")
    raise Refusal(work.directory, f"nothing to {what}{mine}", key)
