"""What one viewer receives of a campaign: its entries and its state, filtered by
:mod:`meneur.core.visibility` before anything is rendered.

Every view (the app, ``meneur watch``, the web view, the CLI's journal and export, a
player's SSH session) reads the campaign through here, so a secret never reaches a
renderer that could leak it: a hidden entry is not there at all, an announced one comes
without its text, dice, outcome or changes, and GM-only trackers and tables are left out
of the state.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from meneur.core.visibility import GM, Shown, Viewer, shown, stricter

from .changes import Change
from .journal import Entry, Journal

SECRET_KEYS = ("trackers", "tables")
"""The parts of the state where an item may be marked ``gm = true``."""


@dataclass(frozen=True)
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


def _touches_secret(change: Change, secret: set[tuple[str, str]]) -> bool:
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
    edit is as secret as its target; a change to a GM-only item, or a roll on a GM-only
    table (or one it reaches), is a GM entry."""
    visibility, player, announced = entry.visibility, entry.player, entry.announced
    if entry.target is not None and depth < 4:
        try:
            target = secrecy_of(journal.entry(entry.target), journal, secret, depth + 1)
        except KeyError:
            target = EntrySecrecy("gm", None, False)  # unknown: kept from everyone
        if target.visibility != "public":
            visibility = stricter(visibility, target.visibility)
            player = player or target.player
            announced = announced or target.announced
    if any(_touches_secret(change, secret) for change in entry.changes):
        visibility = "gm"
    roll = entry.roll
    if roll is not None and roll.get("system") == "tables":
        inputs = roll.get("inputs")
        reached = inputs.get("tables", ()) if isinstance(inputs, Mapping) else ()
        keys = {table.get("key") for table in reached if isinstance(table, Mapping)}
        if any(("tables", key) in secret for key in keys if isinstance(key, str)):
            visibility = "gm"
    return EntrySecrecy(visibility, player, announced)


def _as_shown(
    entry: Entry, viewer: Viewer, journal: Journal, secret: set[tuple[str, str]]
) -> Entry | None:
    secrecy = secrecy_of(entry, journal, secret)
    how = shown(viewer, secrecy.visibility, secrecy.player, secrecy.announced)
    if how is Shown.WHOLE:
        return entry
    if how is Shown.HIDDEN:
        return None
    return Entry(
        id=entry.id,
        time=entry.time,
        kind=entry.kind,
        text="",
        visibility=secrecy.visibility,
        player=secrecy.player,
        announced=True,
        redacted=True,
    )


def for_viewer(
    entry: Entry, viewer: Viewer, journal: Journal, state: Mapping[str, Any]
) -> Entry | None:
    """``entry`` as ``viewer`` may receive it: whole, redacted (only that it happened,
    who it belongs to and when), or None."""
    if viewer == GM:
        return entry
    return _as_shown(entry, viewer, journal, gm_keys(state))


def entries_for(
    entries: Iterable[Entry], viewer: Viewer, journal: Journal, state: Mapping[str, Any]
) -> Iterator[Entry]:
    """The entries ``viewer`` may receive, in order (see :func:`for_viewer`)."""
    if viewer == GM:
        yield from entries
        return
    secret = gm_keys(state)
    for entry in entries:
        found = _as_shown(entry, viewer, journal, secret)
        if found is not None:
            yield found


def state_for(viewer: Viewer, state: Mapping[str, Any], journal: Journal) -> dict[str, Any]:
    """The state ``viewer`` may receive: without GM-only trackers and tables, and with
    the note edits, struck notes and undo history of entries it may see whole only
    (they hold or name the others)."""
    if viewer == GM:
        return dict(state)
    secret = gm_keys(state)
    shown_state = {key: value for key, value in state.items() if key not in SECRET_KEYS}
    for part in SECRET_KEYS:
        shown_state[part] = {
            ident: copy.deepcopy(item)
            for ident, item in state.get(part, {}).items()
            if (part, ident) not in secret
        }

    def whole(number: int | str) -> bool:
        try:
            entry = journal.entry(int(number))
        except (KeyError, ValueError):
            return False
        found = _as_shown(entry, viewer, journal, secret)
        return found is not None and not found.redacted

    shown_state["note_edits"] = {k: v for k, v in state.get("note_edits", {}).items() if whole(k)}
    shown_state["struck"] = {k: v for k, v in state.get("struck", {}).items() if whole(k)}
    history = state.get("history", {})
    shown_state["history"] = {
        stack: [n for n in history.get(stack, []) if whole(n)] for stack in ("undo", "redo")
    }
    if "phases" in state:
        shown_state["phases"] = {
            ident: _sealed_for(viewer, phase) for ident, phase in state["phases"].items()
        }
    return shown_state


def _sealed_for(viewer: Viewer, phase: Mapping[str, Any]) -> dict[str, Any]:
    """A turn of secret choices as ``viewer`` may see it: that a character has chosen,
    and what only when it is the viewer's own (meneur.core.phases)."""
    shown_phase = copy.deepcopy(dict(phase))
    shown_phase["sealed"] = {
        character: (
            dict(sealed)
            if viewer.role == "player" and sealed.get("player") == viewer.name
            else {"choice": "", "player": sealed.get("player", "")}
        )
        for character, sealed in phase.get("sealed", {}).items()
    }
    return shown_phase
