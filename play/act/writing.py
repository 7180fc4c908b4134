"""The one path every entry a seat writes passes: checked for the seat, made (its number,
time and secrecy) under the lock, refused if it touches what the seat may not, then
written durably."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from meneur.core.changes import MISSING, Change
from meneur.core.table_rules import Seat
from meneur.saves.errors import Refusal
from meneur.saves.journal import Entry
from meneur.saves.secrecy import gm_keys, touches_secret
from meneur.saves.work import Draft, Work

from .permissions import bookkeeping, check_seat, check_secret


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
    entry = held_back(work, work.entry(draft))
    if not own_rules:
        check_secret(work, seat, draft, entry)
    return work.write(entry)


def held_back(work: Work, entry: Entry) -> Entry:
    """``entry`` with only the consequences everyone it is kept from could not read, when
    it is a roll not everyone may see (the GM's secret roll, a player's private or blind
    one): karma on a sheet, a public clock moved by a secret answer, a track filled would
    each tell the others its outcome. They stay in its record, for the GM to apply; what
    the GM alone can read (a GM clock, a GM table) is applied, and so is meneur's
    bookkeeping: the count of the session's draws when it took one, and the answer to
    a request for that roll (whoever asked for it learns it was made, not how).

    Raises:
        Refusal: for a secret roll that would add a character (a quick NPC) or make
            one (a creation roll): the characters are everyone's to read, so it would be
            no secret.
    """
    if entry.roll is None or entry.visibility == "public" or not entry.changes:
        return entry
    secret = gm_keys(work.state)
    kept: list[Change] = []
    for change in entry.changes:
        path = tuple(change.path)
        # Kept: what the GM alone reads, and meneur's bookkeeping of the roll: the
        # draws' count (dropped, the next public roll would take this one's draw again,
        # and show its dice), a request's answer (that the roll was made, not how).
        if touches_secret(change, secret) or bookkeeping(change):
            kept.append(change)
        elif entry.kind == "creation" or (
            path[0] == "characters" and len(path) == 2 and change.before is MISSING
        ):
            raise Refusal(
                work.directory,
                "refused: a secret roll makes no character (the whole table reads them)",
                "refused.secret_character",
            )
    if len(kept) == len(entry.changes):
        return entry
    return dataclasses.replace(entry, changes=tuple(kept))


def held(asked: Iterable[Change], entry: Entry) -> bool:
    """Whether ``entry`` was written without some of the changes ``asked`` of it (a roll
    kept from someone: :func:`held_back`), which the one who rolled is then told."""
    written = {tuple(change.path) for change in entry.changes}
    return any(tuple(change.path) not in written for change in asked)


def writer(work: Work, seat: Seat) -> str | None:
    """Who ``seat`` writes as, decided by the seat alone: a seat named at the table (a
    player, a served GM given a name) by its name, whatever process writes; the GM's own
    seat as this process's author (``user@host`` on their own machine; None for nobody
    named)."""
    return seat.name if seat.name is not None else work.author
