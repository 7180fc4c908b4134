"""The words of a change to the story (solo play), from what it changed, in the reader's
language: a thread or a person added, closed, reopened, renamed, annotated, weighed or
moved on; a clock or a track made or moved. Whoever wrote it (the CLI in French, an app
in English), a story export reads in one language.

Each function returns None for a change it does not recognise: the entry then reads as
it was written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.core.changes import MISSING, Change
from meneur.core.errors import RulesError
from meneur.saves.journal import Entry

Translate = Callable[..., str]
WORDS = {"threads": "thread", "people": "person"}


def is_story_change(entry: Entry) -> bool:
    """Whether ``entry`` is one change to the story's lists or trackers (which
    :func:`story_words` may say again)."""
    if entry.kind != "change" or len(entry.changes) != 1 or entry.target is not None:
        return False
    path = entry.changes[0].path
    return (len(path) == 2 and path[0] == "lists" and path[1] in WORDS) or (
        path[0] == "trackers" and len(path) in (2, 3) and path[-1] != "gm"
    )


def story_words(entry: Entry, state: Mapping[str, Any], t: Translate) -> str | None:
    """A story change in the reader's words, or None (see the module)."""
    change = entry.changes[0]
    if change.path[0] == "lists":
        return _list_words(change, WORDS[change.path[1]], t)
    return _tracker_words(change, state, t)


def _items(value: object) -> dict[str, Any] | None:
    from meneur.core.story import read_items

    if value is MISSING:
        return {}
    if not isinstance(value, list):
        return None
    try:
        return {item.name: item for item in read_items(value)}
    except RulesError:
        return None


def _list_words(change: Change, word: str, t: Translate) -> str | None:
    before, after = _items(change.before), _items(change.after)
    if before is None or after is None:
        return None
    added = [name for name in after if name not in before]
    gone = [name for name in before if name not in after]
    if len(added) == 1 and not gone:
        return t(f"story.added_{word}", name=added[0])
    if len(added) == 1 and len(gone) == 1:
        return t("story.edited", name=gone[0], what=f"{t('story.edit_rename')} → {added[0]}")
    changed = [(before[n], after[n]) for n in after if n in before and before[n] != after[n]]
    if added or gone or len(changed) != 1:
        return None
    old, new = changed[0]
    if new.closed != old.closed:
        if new.closed:
            return t(f"story.closed_{word}", name=new.name)
        return t("story.edited", name=new.name, what=t("story.edit_reopen"))
    if new.progress != old.progress:
        return t("story.progressed", name=new.name, shown=f"{new.progress}/10")
    if new.notes != old.notes:
        return t("story.edited", name=new.name, what=new.notes)
    if new.weight != old.weight:
        return t("story.edited", name=new.name, what=t("story.weight", n=new.weight))
    return None


def _tracker_words(change: Change, state: Mapping[str, Any], t: Translate) -> str | None:
    from meneur.core.story import tracker_shown

    path = change.path
    if len(path) == 2:
        made = change.after
        if change.before is MISSING and isinstance(made, Mapping):
            kind = made.get("kind")
            if kind in ("clock", "track") and isinstance(made.get("name"), str):
                return t(f"story.added_{kind}", name=made["name"])
        gone = change.before
        if (
            made is MISSING
            and isinstance(gone, Mapping)
            and isinstance(gone.get("name"), str)
            and gone.get("kind") in ("clock", "track")
        ):
            return t(f"story.removed_{gone['kind']}", name=gone["name"])
        return None
    tracker = state.get("trackers", {}).get(path[1])
    if path[2] != "value" or not isinstance(tracker, Mapping) or tracker.get("kind") is None:
        return None  # removed since, or not moved: said as written
    if not isinstance(change.after, int) or not isinstance(change.before, int):
        return None
    try:  # what changed, told once (2 → 3 of 6)
        key, values = moved_key_values(tracker, change.before, change.after)
    except RulesError:
        moved = {**tracker, "value": change.after}
        return t("story.progressed", name=str(tracker.get("name", "")), shown=tracker_shown(moved))
    return t(key, **values)


def moved_key_values(
    tracker: Mapping[str, Any], before: int, after: int, *, asked: bool = False
) -> tuple[str, dict[str, str]]:
    """The words of a clock or track ``tracker`` moved from ``before`` to ``after``
    (its stored value: a clock's segments, a track's ticks): the key and its values.

    Raises:
        RulesError: when ``tracker`` is no clock or track, or the values do not fit it.
    """
    from meneur.core import story

    was = story.tracker_state({**tracker, "value": before})
    now = story.tracker_state({**tracker, "value": after})
    if isinstance(now, story.Clock):
        values = {"before": str(before), "after": str(after), "of": str(now.segments)}
    else:
        values = {"before": boxes(before), "after": boxes(after), "of": str(story.TRACK_BOXES)}
    values["name"] = str(tracker.get("name", ""))
    if asked:
        key = "story.asked_advanced" if after != before else "story.asked_still"
    else:
        key = "story.moved"
    complete = now.complete and not was.complete
    return key + ("_complete" if complete else ""), values


FRACTIONS = ("", "¼", "½", "¾")
"""A track's box a quarter at a time: its ticks past the whole boxes."""


def boxes(ticks: int) -> str:
    """A track's ticks as the boxes they fill: ``2``, ``2¼``, ``¾``."""
    from meneur.core import story

    whole, part = divmod(ticks, story.TICKS_PER_BOX)
    return (str(whole) if whole or not part else "") + FRACTIONS[part]
