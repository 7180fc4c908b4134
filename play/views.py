"""What one viewer receives of a campaign: its entries and its state, filtered by
:mod:`meneur.core.visibility` before anything is rendered.

Which entries are secret is decided when they are written (:mod:`meneur.saves.secrecy`);
every view (the app, ``meneur watch``, the web view, the CLI's journal and export, a
player's SSH session) reads the campaign through here, so a secret never reaches a
renderer that could leak it: a hidden entry is not there at all, an announced one comes
without its text, dice, outcome or changes, and GM-only trackers and tables are left out
of the state.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from meneur.core.visibility import GM, Shown, Viewer, shown
from meneur.saves.journal import Entry, Journal
from meneur.saves.secrecy import GM_SETTINGS, SECRET_KEYS, gm_keys, sealed_commitment, secrecy_of


def _as_shown(
    entry: Entry,
    viewer: Viewer,
    journal: Journal,
    secret: set[tuple[str, str]],
    sealed: str | None = None,
) -> Entry | None:
    secrecy = secrecy_of(entry, journal, secret)
    how = shown(viewer, secrecy.visibility, secrecy.player, secrecy.announced)
    if how is Shown.WHOLE:
        if any(change.path[0] == "dice" for change in entry.changes):
            # A session's opening carries its dice's key: the GM's alone (the state
            # they receive says the commitment and the keys revealed).
            kept = tuple(change for change in entry.changes if change.path[0] != "dice")
            entry = dataclasses.replace(entry, changes=kept)
        roll = entry.roll
        if sealed is not None and roll is not None and roll.get("commitment") == sealed:
            # A live roll of the session under way: its seed, with the draw's number,
            # would help work out the key's rolls to come; shown once it is revealed.
            hidden = {k: v for k, v in roll.items() if k not in ("seed", "draw")}
            return dataclasses.replace(entry, roll=hidden)
        return entry
    if how is Shown.HIDDEN:
        return None
    return Entry(
        id=entry.id,
        time=entry.time,
        # What was announced: that something happened, the same whatever it holds (a
        # roll, a note, a table's result): never which kind of entry or of roll.
        kind="secret",
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
    return _as_shown(entry, viewer, journal, gm_keys(state), sealed_commitment(state))


def entries_for(
    entries: Iterable[Entry], viewer: Viewer, journal: Journal, state: Mapping[str, Any]
) -> Iterator[Entry]:
    """The entries ``viewer`` may receive, in order (see :func:`for_viewer`)."""
    if viewer == GM:
        yield from entries
        return
    secret = gm_keys(state)
    sealed = sealed_commitment(state)
    for entry in entries:
        found = _as_shown(entry, viewer, journal, secret, sealed)
        if found is not None:
            yield found


def state_for(viewer: Viewer, state: Mapping[str, Any], journal: Journal) -> dict[str, Any]:
    """The state ``viewer`` may receive: without GM-only trackers and tables, and with
    the note edits, struck notes, rolls left out and undo history of entries it may see
    whole only
    (they hold or name the others)."""
    if viewer == GM:
        return dict(state)
    secret = gm_keys(state)
    hidden = (*SECRET_KEYS, *GM_SETTINGS)
    shown_state = {key: value for key, value in state.items() if key not in hidden}
    for part in SECRET_KEYS:
        shown_state[part] = {
            ident: copy.deepcopy(item)
            for ident, item in state.get(part, {}).items()
            if (part, ident) not in secret
        }
    # A public table that rolls on a GM table names it (``{traitre}``): the GM's too.
    from .tables import kept_by_the_gm

    kept = kept_by_the_gm(state)
    shown_state["tables"] = {k: v for k, v in shown_state["tables"].items() if k not in kept}

    def whole(number: int | str) -> bool:
        try:
            entry = journal.entry(int(number))
        except (KeyError, ValueError):
            return False
        found = _as_shown(entry, viewer, journal, secret)
        return found is not None and not found.redacted

    shown_state["note_edits"] = {k: v for k, v in state.get("note_edits", {}).items() if whole(k)}
    shown_state["struck"] = {k: v for k, v in state.get("struck", {}).items() if whole(k)}
    if "uncounted" in state:
        shown_state["uncounted"] = {k: v for k, v in state["uncounted"].items() if whole(k)}
    history = state.get("history", {})
    shown_state["history"] = {
        stack: [n for n in history.get(stack, []) if whole(n)] for stack in ("undo", "redo")
    }
    if "dice" in state:  # the commitment and the keys revealed; never the key itself
        shown_state["dice"] = {
            key: copy.deepcopy(value)
            for key, value in state["dice"].items()
            if key in ("commitment", "revealed")
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


def number_for(viewer: Viewer, entry: Entry) -> int | None:
    """The number of ``entry`` as ``viewer`` may be told it: the GM's alone. A player is
    given no number, even of their own entry: the gaps between them would count the
    GM's secrets."""
    return entry.id if viewer == GM else None


# --- What leaves meneur for anyone but the GM ----------------------------------------------

BOOKKEEPING = (
    "schema_version",
    "written_by",
    "journal_applied",
    "note_edits",
    "struck",
    "uncounted",
    "history",
)
"""Keys of the state that are meneur's own records of its journal: entry numbers (their
gaps count the secrets) and edits, which an outward view applies instead of showing."""
KEYED = ("characters", "trackers", "tables", "requests", "phases")
"""Parts of the state keyed by an internal key, given outward as lists (in order)."""


def outward_state(shown_state: Mapping[str, Any]) -> dict[str, Any]:
    """A state as :func:`state_for` gave it to someone other than the GM, in the shape
    that leaves meneur (an export, ``--json``): without bookkeeping, keyed parts as
    lists, characters named by name — no entry number or internal key in it."""
    names = _names(shown_state)
    outward: dict[str, Any] = {
        key: copy.deepcopy(value)
        for key, value in shown_state.items()
        if key not in BOOKKEEPING and key not in KEYED
    }
    for part in KEYED:
        items = [copy.deepcopy(dict(item)) for item in shown_state.get(part, {}).values()]
        for item in items:
            _name_characters(item, names)
        if items:
            outward[part] = items
    return outward


def _names(state: Mapping[str, Any]) -> dict[str, str]:
    return {
        ident: str(character.get("name", ""))
        for ident, character in state.get("characters", {}).items()
        if isinstance(character, Mapping)
    }


def _name_characters(item: dict[str, Any], names: Mapping[str, str]) -> None:
    """Replace the character keys of a request or a turn of choices by names."""
    if isinstance(item.get("characters"), list):
        item["characters"] = [names.get(c, c) for c in item["characters"]]
    for part in ("answered", "sealed", "revealed"):
        if isinstance(item.get(part), Mapping):
            item[part] = {names.get(c, c): value for c, value in item[part].items()}


def outward_entry(
    entry: Entry, state: Mapping[str, Any], text: str, *, struck: bool = False
) -> dict[str, Any]:
    """An entry as it leaves meneur for someone other than the GM (an export, JSON):
    when, what kind, its words (``text``: a note as edited), the character by name, the
    roll; never its number, its target's, the changes' internal keys nor who wrote it
    from which account. An announced secret keeps only that it happened."""
    data: dict[str, Any] = {"time": entry.time.isoformat(), "kind": entry.kind}
    if entry.redacted:
        data["secret"] = entry.visibility
        if entry.player:
            data["player"] = entry.player
        return data
    data["text"] = text
    if entry.game_time:
        data["game_time"] = entry.game_time
    if entry.character is not None:
        data["character"] = _names(state).get(entry.character, "")
    if entry.visibility != "public":
        data["visibility"] = entry.visibility
        if entry.player:
            data["player"] = entry.player
    if entry.roll is not None:
        data["roll"] = dict(entry.roll)
    if struck:
        data["struck"] = True
    return data
