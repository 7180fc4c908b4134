"""Who may write what at the table: a seat's entry checked against the table's rules
(:mod:`meneur.core.table_rules`) on the state and the journal as they are under the
lock. The GM may write anything; a player acts for their own characters, undoes their
own changes, and writes nothing that touches what is the GM's."""

from __future__ import annotations

import dataclasses

from meneur.core.changes import Change
from meneur.core.table_rules import Refused, Seat, check_entry, check_undo, is_blind_roll
from meneur.play.secrecy import kept_kinds
from meneur.saves.entry_parts import DRAWN, PUBLIC
from meneur.saves.errors import Refusal
from meneur.saves.journal import Entry
from meneur.saves.work import Draft, Work


def bookkeeping(change: Change) -> bool:
    """Whether ``change`` is meneur's own bookkeeping of a roll rather than something a
    seat asked for: the count of the session's draws, a roll request's answer. (Told
    apart by its key once the seat's own asking was checked: a seat that asks for such a
    change itself is refused by :func:`check_seat`, which sees only what it asked.)"""
    path = tuple(change.path)
    return path == DRAWN or (len(path) == 4 and path[0] == "requests" and path[2] == "answered")


def check_seat(work: Work, seat: Seat, draft: Draft, asked: tuple[Change, ...]) -> None:
    """Refuse what ``seat`` may not write: ``draft``, asking for the changes ``asked``
    (meneur's own bookkeeping, such as the count of draws, is not the seat's asking).

    Raises:
        Refusal: saying who may, in words a player reads in their language.
    """
    if seat.role == "gm":
        return
    rolled = str(draft.roll.get("system")) if draft.roll is not None else None
    try:
        if draft.target is not None:  # an undo, a redo, a note edited or struck: whose?
            try:
                author = work.journal.entry(draft.target).by
            except KeyError:
                author = None
            check_undo(seat, author, note=draft.kind not in ("undo", "redo"))
        else:
            check_entry(
                seat,
                kind=draft.kind,
                character=draft.character,
                visibility=draft.secrecy.visibility,
                player=draft.secrecy.player,
                changed=[change.path for change in asked],
                touched=draft.touches,
                rolled=rolled,
                blind=blind_kinds(work),
            )
    except Refused as error:
        raise Refusal(
            work.directory, f"refused: {error}", error.message_key, **error.values
        ) from error


def check_secret(work: Work, seat: Seat, draft: Draft, entry: Entry) -> None:
    """Refuse a player's entry the player could not see: made secret (``entry``) by what
    it touches, not by being the player's own blind roll.

    Raises:
        Refusal: "that is the GM's".
    """
    if entry.visibility != "gm" or seat.role == "gm" or _blind(work, seat, draft):
        return
    raise Refusal(work.directory, "that is the GM's", "refused.gm_secret")


def _blind(work: Work, seat: Seat, draft: Draft) -> bool:
    """Whether ``draft`` is this player's blind roll (the table's rule:
    :func:`meneur.core.table_rules.is_blind_roll`), secret for that alone: it rolls on
    nothing of the GM's and acts on no secret entry."""
    if draft.roll is None or draft.secrecy.visibility != "gm":
        return False
    if not is_blind_roll(
        seat,
        rolled=str(draft.roll.get("system")),
        blind=blind_kinds(work),
        player=draft.secrecy.player,
        changed=[change.path for change in draft.changes if not bookkeeping(change)],
        touched=list(draft.touches),
    ):
        return False
    plain = dataclasses.replace(draft, secrecy=PUBLIC, touches=())
    return work.entry(plain).visibility == "public"


def blind_kinds(work: Work) -> frozenset[str]:
    """The kinds of roll the GM keeps to themself (``[secrecy]``): a player's are blind
    rolls."""
    return kept_kinds(work.state)
