"""The one path every entry a seat writes passes: checked for the seat, made (its number,
time and secrecy) under the lock, refused if it touches what the seat may not, then
written durably."""

from __future__ import annotations

import dataclasses

from meneur.core.changes import Change
from meneur.core.table_rules import Seat
from meneur.saves.journal import Entry
from meneur.saves.work import Draft, Work

from .permissions import check_seat, check_secret


def write(
    work: Work,
    seat: Seat,
    draft: Draft,
    *,
    asked: tuple[Change, ...] | None = None,
    own_rules: bool = False,
) -> Entry:
    """Write ``draft`` as ``seat``, once the table's rules allow it: checked on what it
    ``asked`` for (by default all its changes), unless the action follows rules of its
    own (``own_rules``: a turn's choice, checked by the turns' rules). The entry is on
    disk when this returns.

    Raises:
        Refusal: when the seat may not (nothing is written then).
        CampaignError: when it could not be written.
    """
    if not own_rules:
        check_seat(work, seat, draft, draft.changes if asked is None else asked)
    if draft.by == "writer":
        draft = dataclasses.replace(draft, by=writer(work, seat))
    entry = work.entry(draft)
    if not own_rules:
        check_secret(work, seat, draft, entry)
    return work.write(entry)


def writer(work: Work, seat: Seat) -> str | None:
    """Who ``seat`` writes as, decided by the seat alone: a seat named at the table (a
    player, a served GM given a name) by its name, whatever process writes; the GM's own
    seat as this process's author (``user@host`` on their own machine; None for nobody
    named)."""
    return seat.name if seat.name is not None else work.author
