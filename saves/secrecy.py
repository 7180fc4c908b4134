"""Which entries are secret: decided once, when an entry is written, from what it
touches (a GM-only tracker or table, a secret entry it takes back or edits) and kept.

The unit of work (:meth:`meneur.saves.work.Work.entry`) applies it under the lock;
what each viewer then receives of an entry or the state is :mod:`meneur.play.views`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from meneur.core.changes import Change
from meneur.core.frozen import frozen
from meneur.core.visibility import stricter

from .journal import Entry, Journal

SECRET_KEYS = ("trackers", "tables")
"""The parts of the state where an item may be marked ``gm = true``."""
GM_SETTINGS = ("secrecy",)
"""The parts of the state that are the GM's settings of who sees what: a change to
them is the GM's alone."""


@frozen
class EntrySecrecy:
    """Who may see an entry once what it acts on is taken into account."""

    visibility: str
    player: str | None
    announced: bool


def gm_keys(state: Mapping[str, Any]) -> set[tuple[str, str]]:
    """The GM-only items of ``state``: ``("trackers", id)``, ``("tables", id)``."""
    return {
        (part, ident)
        for part in SECRET_KEYS
        for ident, item in state.get(part, {}).items()
        if isinstance(item, Mapping) and item.get("gm") is True
    }


def touches_secret(change: Change, secret: set[tuple[str, str]]) -> bool:
    """Whether ``change`` changes a GM-only item, or makes or unmakes one (its value
    before or after is marked ``gm = true``)."""
    path = tuple(change.path)
    if path[:2] in secret:
        return True
    if len(path) > 2 or path[0] not in SECRET_KEYS:
        return False
    for value in (change.before, change.after):
        if not isinstance(value, Mapping):
            continue
        items = [value] if len(path) == 2 else list(value.values())
        if any(isinstance(item, Mapping) and item.get("gm") is True for item in items):
            return True
    return False


def secrecy_of(
    entry: Entry, journal: Journal, secret: set[tuple[str, str]], depth: int = 0
) -> EntrySecrecy:
    """An entry's secrecy, made stricter by what it acts on: an undo, a redo or a note
    edit is as secret as its target (and announced only if it says so itself); a
    change to a GM-only item, or a roll on a GM-only table (or one it reaches), is a
    GM entry."""
    visibility, player, announced = entry.visibility, entry.player, entry.announced
    if entry.target is not None and depth < 4:
        try:
            target = secrecy_of(journal.entry(entry.target), journal, secret, depth + 1)
        except KeyError:
            target = EntrySecrecy("gm", None, False)  # unknown: kept from everyone
        if target.visibility != "public":
            # As secret as its target, but never announced for it: that a secret was
            # taken back or struck is more than the table was told (that it happened).
            visibility = stricter(visibility, target.visibility)
            player = player or target.player
    if any(touches_secret(change, secret) for change in entry.changes):
        visibility = "gm"
    if any(change.path[0] in GM_SETTINGS for change in entry.changes):
        visibility = "gm"  # the GM's settings of who sees what are theirs alone
    roll = entry.roll
    if roll is not None and roll.get("system") == "tables":
        inputs = roll.get("inputs")
        reached = inputs.get("tables", ()) if isinstance(inputs, Mapping) else ()
        keys = {table.get("key") for table in reached if isinstance(table, Mapping)}
        if any(("tables", key) in secret for key in keys if isinstance(key, str)):
            visibility = "gm"
    if roll is not None and roll.get("system") == "progress":
        inputs = roll.get("inputs")
        tracker = inputs.get("tracker") if isinstance(inputs, Mapping) else None
        if isinstance(tracker, str) and ("trackers", tracker) in secret:
            visibility = "gm"  # a progress roll on the GM's own track
    return EntrySecrecy(visibility, player, announced)


def settled(
    entry: Entry, journal: Journal, state: Mapping[str, Any], touches: tuple[tuple[str, str], ...]
) -> Entry:
    """``entry`` as secret as what it touches or acts on, with the journal and the state
    as they are when it is written (decided then and kept: an undo must not make the
    past public)."""
    secret = gm_keys(state)
    found = secrecy_of(entry, journal, secret)
    if any(touched in secret for touched in touches):
        found = dataclasses.replace(found, visibility="gm")
    return dataclasses.replace(
        entry,
        visibility=found.visibility,
        player=entry.player or found.player,
        announced=entry.announced or found.announced,
    )


def sealed_commitment(state: Mapping[str, Any]) -> str | None:
    """The commitment of the session under way, whose seeds no one but the GM sees
    until the next session reveals its key (meneur.core.fair_dice)."""
    dice = state.get("dice", {})
    return str(dice["commitment"]) if "key" in dice and "commitment" in dice else None
