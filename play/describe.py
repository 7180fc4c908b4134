"""The words of a change to the campaign, made from what it changed (its structured
changes), in the reader's language, when it is read — never a state's internal keys
(``characters.pj-7.sheet.karma``), an entry's number or who wrote it from which account.

One function per kind of change; :func:`meneur.play.reading.read_entry` asks here for
every ``change`` entry meneur worded itself (a value set, a note edited or struck, a
hand edit of campaign.toml), so the journal, the stream, the exports and the CLI say the
same thing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.core.changes import MISSING, Change, shown_value
from meneur.saves.journal import Entry
from meneur.saves.stored_words import OUTSIDE_TEXT, set_text

from .story_words import is_story_change, story_words

Translate = Callable[..., str]
NAMED = ("characters", "trackers", "tables")
LISTS = ("threads", "people", "places")
"""Parts of the state whose items are named by their ``name``."""


TURN_KINDS = ("request", "phase", "choice", "reveal")
"""Entries of the GM's requests and turns: meneur words them from their changes."""


def worded_by_meneur(entry: Entry) -> bool:
    """Whether ``entry``'s words are meneur's own wording of its changes (which
    :func:`change_words` says again), not words a front end or a person chose."""
    if entry.kind in TURN_KINDS and entry.changes:
        return True
    if entry.kind != "change" or not entry.changes:
        return False
    return is_story_change(entry) or _worded_as_set(entry)


def _worded_as_set(entry: Entry) -> bool:
    """Whether a change entry's words are meneur's wording of a value set, a note edited
    or struck, a roll left out, or a hand edit (said again from its changes)."""
    if entry.text.startswith(OUTSIDE_TEXT):
        return True
    first = entry.changes[0].path[0]
    if entry.target is not None and first in ("note_edits", "struck", "uncounted"):
        return True
    if len(entry.changes) != 1:
        return False
    # Its stored words are the key and the value (set_text); the value is not compared:
    # a table read back from TOML may list its keys in another order.
    change = entry.changes[0]
    return entry.text == set_text(change) or entry.text.startswith(f"{change.key} → ")


def change_words(
    entry: Entry, state: Mapping[str, Any], t: Translate, note: Callable[[int], str]
) -> str:
    """What a change meneur worded itself says, in the reader's language: names, not
    keys; a note by its first words, not its number (``note(id)``: a note's words)."""
    if entry.kind in TURN_KINDS:
        return _turn_words(entry, state, t)
    if entry.text.startswith(OUTSIDE_TEXT):
        what = ", ".join(dict.fromkeys(_subject(c.path, state, c, t) for c in entry.changes))
        return t("journal.outside", what=what)
    if is_story_change(entry):
        said = story_words(entry, state, t)
        if said is not None:
            return said
        if not _worded_as_set(entry):
            return entry.text  # a story command's own words, as written
    first = entry.changes[0]
    if entry.target is not None and first.path[0] == "uncounted":
        key = "journal.roll_uncounted" if first.after is True else "journal.roll_counted"
        return t(key, text=_first_words(note(entry.target)))
    if entry.target is not None and first.path[0] in ("note_edits", "struck"):
        quoted = _first_words(note(entry.target))
        if first.path[0] == "struck":
            key = "journal.note_struck" if first.after is True else "journal.note_unstruck"
            return t(key, text=quoted)
        return t("journal.note_edited", text=quoted)
    return _set_words(first, state, t)


def _turn_words(entry: Entry, state: Mapping[str, Any], t: Translate) -> str:
    """A roll asked for, a turn opened, a choice sealed, a turn revealed: from what the
    entry wrote into ``requests`` or ``phases`` (characters by their names now)."""
    characters = state.get("characters", {})

    def named(ident: object) -> str:
        item = characters.get(ident) if isinstance(ident, str) else None
        return _name(item) if isinstance(item, Mapping) and item.get("name") else "?"

    first = entry.changes[0]
    made = first.after if isinstance(first.after, Mapping) else {}
    if entry.kind == "request":
        names = ", ".join(named(c) for c in made.get("characters", ()))
        return t("journal.request", prompt=made.get("prompt", ""), names=names)
    if entry.kind == "phase":
        names = ", ".join(named(c) for c in made.get("characters", ()))
        options = " / ".join(str(option) for option in made.get("options", ()))
        words = t("journal.phase", prompt=made.get("prompt", ""), names=names)
        return f"{words} — {options}" if options else words
    phase = state.get("phases", {}).get(first.path[1], {}) if len(first.path) > 1 else {}
    prompt = phase.get("prompt", "") if isinstance(phase, Mapping) else ""
    if entry.kind == "choice":
        return t(
            "journal.choice",
            name=named(first.path[-1]),
            choice=made.get("choice", ""),
            prompt=prompt,
        )
    order: object = next((c.after for c in entry.changes if c.path[-1:] == ("revealed",)), {})
    pairs = order.items() if isinstance(order, Mapping) else ()
    shown = ", ".join(f"{named(who)} → {choice}" for who, choice in pairs)
    return t("journal.reveal", prompt=prompt, shown=shown)


def _set_words(change: Change, state: Mapping[str, Any], t: Translate) -> str:
    path = change.path
    subject = _subject(path, state, change, t)
    if len(path) == 2 and path[0] in NAMED:  # an item made or removed whole
        key = "journal.removed" if change.after is MISSING else "journal.added"
        return t(key, what=subject)
    before, after = _value(change.before, t), _value(change.after, t)
    return f"{subject}{t('shown.colon')}{before} → {after}"


def _subject(path: tuple[str, ...], state: Mapping[str, Any], change: Change, t: Translate) -> str:
    """What a path is about, as a reader names it: ``Kael · karma``, ``Menace``,
    ``option solo``, ``tension``."""
    part = path[0]
    if part in NAMED and len(path) >= 2:
        name = _name(state.get(part, {}).get(path[1]))
        if not name and len(path) == 2:
            name = _name(change.before) or _name(change.after)
        named = name or t(f"journal.some_{part}")
        rest = [key for key in path[2:] if key not in ("sheet", "value")]
        if path[2:3] == ("sheet",) and rest:  # a sheet's key by the name the sheet shows
            rest[0] = _sheet_label(rest[0], t)
        return " · ".join([named, *rest])
    if part == "options" and len(path) >= 2:
        return t("journal.option", name=path[1])
    if part == "solo" and path[1:] == ("tension",):
        return t("journal.tension")
    if part == "lists" and len(path) >= 2 and path[1] in LISTS:
        return t(f"journal.list_{path[1]}")
    return t("journal.campaign_part", part=path[-1] if part in ("lists", "solo") else part)


def _sheet_label(key: str, t: Translate) -> str:
    """A sheet key as the sheet names it in the reader's language (``karma`` →
    ``Karma``, ``grid`` → ``Case sur le damier``), the key itself for one without a
    term."""
    from meneur.content import terms

    from .tested import language_of

    found = terms().get(f"sheet.{key}")
    return found.tight(language_of(t)) if found is not None else key


def _name(item: object) -> str:
    if isinstance(item, Mapping) and isinstance(item.get("name"), str):
        return str(item["name"])
    return ""


def _value(value: object, t: Translate) -> str:
    """A value as a reader reads it: a named thing by its name, a list by its items, yes
    or no in the reader's language (``true`` is the file's word, not a reader's)."""
    if isinstance(value, bool):
        return t("shown.yes") if value else t("shown.no")
    if isinstance(value, Mapping):  # a whole table of values: its name, or that it is one
        return _name(value) or "…"
    if isinstance(value, list | tuple):
        return (
            ", ".join(item if isinstance(item, str) else _value(item, t) for item in value) or "—"
        )
    return shown_value(value)


def _first_words(text: str, limit: int = 40) -> str:
    """The start of a note, on one line, to name it by."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1].rstrip() + "…"
