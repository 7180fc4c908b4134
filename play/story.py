"""The story's loose ends for solo play, as changes made under the lock: threads and
people added, changed and picked; clocks and progress tracks made, moved and removed;
the tension moved. Every change here is a :data:`~meneur.saves.campaign.Plan`: it reads
the state it is given (the state as every other writer left it) and refuses, with a
reason, what no longer makes sense there (a name just taken, a thread just removed).

The words of an entry are the front end's (its language); when they depend on what the
change found (a clock's segments before and after), the front end gives a function of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.core import story
from meneur.core.changes import MISSING, Change, read, set_value
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.names import check_name
from meneur.core.visibility import Viewer
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Plan, Planned, Worded
from meneur.saves.state import Tracker, trackers

from .story_words import moved_key_values


def items_of(state: Mapping[str, Any], key: str) -> tuple[story.StoryItem, ...]:
    """The threads (``key`` ``threads``) or people (``people``) of a state."""
    return story.read_items(state.get("lists", {}).get(key, []), key)


def new_item(key: str, name: str, **fields: Any) -> story.StoryItem:
    """A new item ``name`` of the list ``key`` (``threads``, ``people``), with
    ``fields`` (``weight``, ``notes``), for :func:`add_item`.

    Raises:
        RulesError: for a name the rule of names refuses, said as a thread's or a
            person's (:mod:`meneur.core.names`), or a field out of range.
    """
    return story.named_item(story.NAMED.get(key, "item"), name, **fields)


def _list_change(state: Mapping[str, Any], key: str, items: tuple[story.StoryItem, ...]) -> Change:
    return set_value(state, ("lists", key), [item.to_data() for item in items])


def add_item(key: str, item: story.StoryItem, text: str | Worded) -> Plan:
    """Add ``item`` to the list ``key`` (refused when the name is taken by then); the
    entry says ``text`` (meneur's own words: :func:`item_words`)."""

    def plan(state: Mapping[str, Any]) -> Planned:
        items = story.add_item(items_of(state, key), item)
        return Planned(text, (_list_change(state, key, items),))

    return plan


def change_item(
    key: str,
    called: str,
    describe: Callable[[story.StoryItem], str | Worded],
    /,
    **changes: Any,
) -> Plan:
    """Change the item ``called`` so in the list ``key`` (close, reopen, rename, notes,
    weight, progress); ``describe`` words the entry from the item as changed. A
    ``progress`` of ``None`` moves it one box on from where it is by then.

    Refused when no item has that name by then, or the change does not fit it; a new
    ``name`` the rule of names refuses is refused at once (:mod:`meneur.core.names`).
    """
    if "name" in changes:
        check_name(changes["name"], story.NAMED.get(key, "item"))

    def plan(state: Mapping[str, Any]) -> Planned:
        items = items_of(state, key)
        found = items[story.find_item(items, called)]
        fields = dict(changes)
        if "progress" in fields and fields["progress"] is None:
            fields["progress"] = min(found.progress + 1, story.TRACK_BOXES)
        changed = story.change_item(items, called, **fields)
        if changed == items:
            raise RulesError(
                f"{found.name}: nothing to change, it is so already",
                message_key="story.unchanged",
                name=found.name,
            )
        after = changed[story.find_item(changed, fields.get("name", found.name))]
        return Planned(describe(after), (_list_change(state, key, changed),))

    return plan


ITEM_WORD = {"threads": "thread", "people": "person"}
"""A list's key, and the word its entries' strings are named by (``story.added_thread``)."""


def item_words(said: str, key: str, name: str, **values: str | int) -> Worded:
    """A thread or person (``key``: ``threads``, ``people``) ``name`` added, closed,
    changed (``said``: ``added``, ``closed``, ``reopened``, ``renamed``, ``noted``,
    ``weighted``), for each reader to word: ``story.<said>_thread``
    with ``name`` and ``values``, never one language's words kept in the journal."""
    return Worded(f"story.{said}_{ITEM_WORD[key]}", {"name": name, **values})


def new_tracker(name: str, data: Mapping[str, Any], text: str | Worded, fallback: str) -> Plan:
    """Make a clock or track (``data``) with a key of its own, chosen from ``name``
    among the trackers there are by then (``fallback`` when the name gives none).

    Raises:
        RulesError: for a name the rule of names refuses (:mod:`meneur.core.names`),
            said as a clock's or a track's.
    """
    from meneur.core.words import new_ident

    kind = data.get("kind")
    check_name(name, kind if kind in ("clock", "track") else "tracker")

    def plan(state: Mapping[str, Any]) -> Planned:
        ident = new_ident(name, state.get("trackers", {}), fallback)
        return Planned(text, (Change(("trackers", ident), MISSING, dict(data)),))

    return plan


def new_clock(name: str, segments: int, *, gm: bool = False, fallback: str = "suivi") -> Plan:
    """Make an empty clock ``name`` of ``segments`` (refused unless 4, 6, 8 or 12), the
    GM's alone when ``gm``, worded as :func:`added_words` says it (see :func:`new_tracker`
    for its key)."""
    clock = story.Clock(segments)
    data: dict[str, Any] = {"name": name, "kind": "clock", "value": 0, "max": clock.segments}
    if gm:
        data["gm"] = True
    return new_tracker(name, data, added_words("clock", name), fallback)


def new_track(name: str, rank: str, *, gm: bool = False, fallback: str = "suivi") -> Plan:
    """Make an empty progress track ``name`` of ``rank`` (refused unless one of the
    rules'), the GM's alone when ``gm``, worded as :func:`added_words` says it."""
    story.Track(rank)
    most = story.TRACK_BOXES * story.TICKS_PER_BOX
    data: dict[str, Any] = {"name": name, "kind": "track", "rank": rank, "value": 0, "max": most}
    if gm:
        data["gm"] = True
    return new_tracker(name, data, added_words("track", name), fallback)


def remove_tracker(
    ident: str, describe: Callable[[Mapping[str, Any]], str | Worded] | None = None
) -> Plan:
    """Remove tracker ``ident`` (refused when it is gone by then); the entry is worded
    by ``describe``, else by :func:`removed_words`."""

    def plan(state: Mapping[str, Any]) -> Planned:
        tracker = _tracker(state, ident)
        return Planned(
            (describe or removed_words)(tracker),
            (set_value(state, ("trackers", ident), MISSING),),
            touches=(("trackers", ident),),
        )

    return plan


def added_words(kind: str, name: str) -> Worded:
    """A clock or track made (``kind``), for each reader to word."""
    return Worded(f"story.added_{kind}", {"name": name})


def removed_words(tracker: Mapping[str, Any]) -> Worded:
    """A clock or track removed, for each reader to word."""
    kind = "clock" if tracker.get("kind") == "clock" else "track"
    return Worded(f"story.removed_{kind}", {"name": str(tracker.get("name", ""))})


def moved_words(moved: Moved, *, asked: bool = False) -> Worded:
    """A clock or track moved (``asked``: by the oracle's answer to whether it
    advances), for each reader to word: what changed, told once (play-tested: a
    clock's question showed only its marks after), ``Les loups approchent : 2 → 3 sur
    6``, and whether that completed it."""
    tracker = moved.tracker
    return Worded(*moved_key_values(tracker, moved.before.value, moved.after.value, asked=asked))


@frozen
class Moved:
    """A clock or track moved: the tracker as it was, and its state before and after."""

    tracker: Mapping[str, Any]
    before: story.Clock | story.Track
    after: story.Clock | story.Track


def move_tracker(
    ident: str,
    describe: Callable[[Moved], str | Worded] | None = None,
    *,
    steps: int = 1,
    outcome: str | None = None,
) -> Plan:
    """Move clock or track ``ident`` from where it is by then: ``steps`` segments or
    marks, or for a clock what the yes/no oracle's ``outcome`` gives ("yes, but" one
    segment, "yes, and" two). ``describe`` words the entry, else :func:`moved_words`.

    Refused when the tracker is gone by then, or is neither a clock nor a track.
    """

    def plan(state: Mapping[str, Any]) -> Planned:
        tracker = _tracker(state, ident)
        before = story.tracker_state(tracker)
        if outcome is not None:
            if not isinstance(before, story.Clock):
                raise RulesError(
                    f"{tracker.get('name', ident)} is not a clock",
                    message_key="story.not_clock",
                    name=str(tracker.get("name", ident)),
                )
            after: story.Clock | story.Track = before.after_answer(outcome)
        else:
            after = story.moved(before, steps)
            if after == before:
                raise RulesError(
                    f"{tracker.get('name', ident)}: complete already, it moves no more",
                    message_key="story.complete_already",
                    name=str(tracker.get("name", ident)),
                )
        path = ("trackers", ident, "value")
        changes = (Change(path, read(state, path), after.value),) if after != before else ()
        # Touched whether it moved or not: a "no" about a GM's clock is the GM's too.
        return Planned(
            (describe or moved_words)(Moved(tracker, before, after)),
            changes,
            touches=(("trackers", ident),),
        )

    return plan


def _tracker(state: Mapping[str, Any], ident: str) -> Tracker:
    tracker = trackers(state).get(ident)
    if tracker is None:
        raise RulesError(
            f"{ident}: no such clock or track (removed meanwhile?)",
            message_key="story.no_tracker",
            name=ident,
        )
    return tracker


SCENE_LOOKBACK = 400
"""Entries the viewer may see looked back through for the current scene (a scene older
than that is long over). Counted in what the viewer sees: counted in the journal's
entries, a player's scene went blank once the GM had written that many secrets since. The
cost is that of a few hundred entries however long the journal, plus, for a player or an
audience, that of reading past the GM's secrets written meanwhile (what keeps it the
same whatever their number)."""


def current_scene(campaign: Campaign, viewer: Viewer) -> str | None:
    """The title of the scene being played, as ``viewer`` may know it: the latest scene
    they may see since the latest session began; None when none has begun."""
    from .journal import last_seen

    for entry in reversed(last_seen(campaign, viewer, SCENE_LOOKBACK)):
        if entry.redacted:
            continue
        if entry.kind == "scene":
            return entry.text.strip() or None
        if entry.kind == "session":
            return None
    return None


def tension_of(state: Mapping[str, Any]) -> int:
    """The tension of a state, 1 (calm) … 5 (crisis); 3 until it moves."""
    from meneur.core.solo import TENSION_START

    return int(state.get("solo", {}).get("tension", TENSION_START))


def move_tension(
    change: Callable[[int], int], describe: Callable[[int, int], str | Worded]
) -> Plan:
    """Set the tension to ``change(tension)`` — from the tension as it is by then, so
    two moves made at once both count — refused outside 1–5; ``describe(before,
    after)`` words the entry."""
    from meneur.core.solo import check_tension

    def plan(state: Mapping[str, Any]) -> Planned:
        if not state.get("options", {}).get("solo"):
            raise RulesError("the solo toolkit is off (options.solo)", message_key="story.solo_off")
        before = tension_of(state)
        after = change(before)
        check_tension(after)
        path = ("solo", "tension")
        return Planned(describe(before, after), (Change(path, read(state, path), after),))

    return plan


EVENT_OFFERS = {1: "people", 12: "threads"}
"""What a random event offers to add to the story, by the entry of meneur's own event
focus table it fell on (numbered from 1, the same in French and English): someone new
steps in, a new thread opens."""


def event_offer(record: Any, lang: str) -> str | None:
    """``people`` or ``threads`` when the random event ``record`` (a roll on the
    ``event`` table) brings someone or something new the player may add to the story;
    None otherwise, or when the campaign rolled its own focus table (its entries mean
    what it says they mean)."""
    from meneur.content import example_tables
    from meneur.core.tables import find

    picks = getattr(record, "picks", ())
    focus = next((number for key, number in picks if key == "event_focus"), None)
    rolled = find(getattr(record.inputs, "tables", ()), "event_focus")
    shipped = find(example_tables(lang), "event_focus")
    if focus is None or rolled is None or rolled != shipped:
        return None
    return EVENT_OFFERS.get(focus)
