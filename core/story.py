"""The story's loose ends for solo play (meneur's own): threads and people as lists,
clocks and progress tracks.

**Threads** (open quests, questions, vows) and **people** (characters and factions met)
are lists of items: a name, open or closed, a weight 1–3 (how likely a random pick finds
it), a few notes, and for a thread its progress. A random thread or person is a roll on a
table made of the open items, weighted, so it replays and its odds are exact.

**Clocks** have 4, 6, 8 or 12 segments, filled by hand or by the yes/no oracle (a "yes,
but" fills one, a "yes, and" two). **Progress tracks** have 10 boxes of 4 ticks each; the
track's rank says how much one mark fills: *simple* 3 boxes, *ardu* 2, *redoutable* 1,
*extrême* 2 ticks, *épique* 1 tick. Both are complete when full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from meneur.core.frozen import frozen

from .errors import RulesError, missing_key, refused_value, unknown_key, within
from .names import check_name
from .words import folded

if TYPE_CHECKING:
    from .tables import RandomTable

LISTS = ("threads", "people")
"""The story's lists (a campaign's ``[lists]`` may hold others: places…)."""
NAMED = {"threads": "thread", "people": "person"}
"""What an item of each list is called where a name is refused (another list's: an
item; see :mod:`meneur.core.names`)."""
MAX_WEIGHT = 3
MAX_NAME = 120
MAX_NOTES = 2000


@frozen
class StoryItem:
    """A thread or a person.

    Attributes:
        name: what it is called (unique in its list, accents and case aside).
        closed: a thread resolved or abandoned, a person gone from the story.
        weight: 1–3, how likely a random pick finds it.
        notes: a few words.
        progress: a thread's progress, 0–10 boxes (0 for a person).

    Raises:
        RulesError: for a name the rule of names refuses (:mod:`meneur.core.names`), an
            empty or overlong one, a weight or progress out of range.
    """

    name: str
    closed: bool = False
    weight: int = 1
    notes: str = ""
    progress: int = 0

    def __post_init__(self) -> None:
        check_name(self.name, "item")
        if not self.name.strip() or len(self.name) > MAX_NAME:
            raise RulesError(
                f"name: one line of 1 to {MAX_NAME} characters",
                message_key="story.name",
                most=MAX_NAME,
            )
        if not 1 <= self.weight <= MAX_WEIGHT:
            raise RulesError(
                f"weight: 1 to {MAX_WEIGHT}, not {self.weight}",
                message_key="story.weight",
                most=MAX_WEIGHT,
                weight=self.weight,
            )
        if not 0 <= self.progress <= TRACK_BOXES:
            raise RulesError(
                f"progress: 0 to {TRACK_BOXES} boxes, not {self.progress}",
                message_key="story.progress",
                most=TRACK_BOXES,
                progress=self.progress,
            )
        if len(self.notes) > MAX_NOTES:
            raise RulesError(
                f"notes: at most {MAX_NOTES} characters", message_key="story.notes", most=MAX_NOTES
            )

    @classmethod
    def from_data(cls, value: object, named: str = "item") -> StoryItem:
        """An item as ``[lists]`` keeps it: a bare name, or a table; a refused name is
        said as the name of ``named`` (``thread``, ``person``: see :data:`NAMED`).

        Raises:
            RulesError: naming the key that is wrong.
        """
        if isinstance(value, str):
            return named_item(named, value)
        if not isinstance(value, Mapping):
            raise RulesError("an item is a name or a table", message_key="story.item")
        unknown = sorted(set(value) - {"name", "closed", "weight", "notes", "progress"})
        if unknown:
            raise unknown_key(unknown[0])
        kinds = {"name": str, "closed": bool, "weight": int, "notes": str, "progress": int}
        for key, wanted in kinds.items():
            found = value.get(key)
            if found is not None and (
                not isinstance(found, wanted) or (wanted is int and isinstance(found, bool))
            ):
                raise refused_value(key, _KINDS[wanted], found)
        if "name" not in value:
            raise missing_key("name")
        check_name(value["name"], named)
        return cls(**dict(value))

    def to_data(self) -> str | dict[str, Any]:
        """A bare name while it has nothing else, else a table of what differs."""
        data: dict[str, Any] = {"name": self.name}
        default = StoryItem(self.name)
        for key in ("closed", "weight", "notes", "progress"):
            if getattr(self, key) != getattr(default, key):
                data[key] = getattr(self, key)
        return self.name if len(data) == 1 else data


_KINDS = {str: "text", bool: "bool", int: "whole"}


def named_item(named: str, name: str, **fields: Any) -> StoryItem:
    """The item ``name`` (with ``fields``: ``weight``, ``notes``…), its name held to the
    rule of names as the name of ``named`` (``thread``, ``person``, ``item``).

    Raises:
        RulesError: as :class:`StoryItem` does, a refused name said as ``named``'s.
    """
    return StoryItem(check_name(name, named), **fields)


def read_items(values: Sequence[object], key: str = "") -> tuple[StoryItem, ...]:
    """The list ``key`` (``threads``, ``people``, another) as ``[lists]`` keeps it.

    Raises:
        RulesError: naming the position (``[2].weight: …``) and the mistake.
    """
    named = NAMED.get(key, "item")
    items = []
    for position, value in enumerate(values):
        try:
            items.append(StoryItem.from_data(value, named))
        except RulesError as error:
            raise within(f"[{position}]", error) from error
    names = [folded(item.name) for item in items]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise RulesError(f"{twice!r} is in the list twice", message_key="story.twice", name=twice)
    return tuple(items)


def find_item(items: Sequence[StoryItem], name: str) -> int:
    """The position of the item called ``name`` (accents and case aside).

    Raises:
        RulesError: when there is none.
    """
    wanted = folded(name)
    for position, item in enumerate(items):
        if folded(item.name) == wanted:
            return position
    raise RulesError(f"no {name!r} in the list", message_key="story.unknown", name=name)


def add_item(items: Sequence[StoryItem], item: StoryItem) -> tuple[StoryItem, ...]:
    """The list with ``item`` at its end.

    Raises:
        RulesError: when an item of that name is there already.
    """
    if any(folded(other.name) == folded(item.name) for other in items):
        raise RulesError(
            f"{item.name!r} is in the list already", message_key="story.twice", name=item.name
        )
    return (*items, item)


def change_item(items: Sequence[StoryItem], called: str, **changes: Any) -> tuple[StoryItem, ...]:
    """The list with the item ``called`` so changed (``closed=True``, ``progress=3``,
    ``name="…"``…).

    Raises:
        RulesError: for no such item, a new name taken already, a value out of range.
    """
    position = find_item(items, called)
    changed = replace(items[position], **changes)
    others = [item for i, item in enumerate(items) if i != position]
    if any(folded(other.name) == folded(changed.name) for other in others):
        raise RulesError(
            f"{changed.name!r} is in the list already", message_key="story.twice", name=changed.name
        )
    return (*items[:position], changed, *items[position + 1 :])


def pick_table(items: Sequence[StoryItem], key: str, name: str) -> RandomTable:
    """A table of the open items, each as often as its weight: a random pick is a roll on
    it (it replays, its odds are exact).

    Raises:
        RulesError: when no item is open.
    """
    # The tables' engine (its dice notation, its odds) only where a table is made:
    # checking a campaign's lists, as every start does, does not need it.
    from .tables import RandomTable, TableEntry

    entries = tuple(
        TableEntry(item.name, item.weight, literal=True) for item in items if not item.closed
    )
    if not entries:
        raise RulesError("nothing open in the list", message_key="story.empty")
    return RandomTable(key=key, name=name, entries=entries)


# --- Clocks and progress tracks ------------------------------------------------------------

CLOCK_SEGMENTS = (4, 6, 8, 12)
TRACK_BOXES = 10
TICKS_PER_BOX = 4
RANKS: Mapping[str, int] = {
    "simple": 12,
    "ardu": 8,
    "redoutable": 4,
    "extreme": 2,
    "epique": 1,
}
"""Ticks one mark fills at each rank (4 ticks make a box)."""
CLOCK_FILL = {"yes_and": 2, "yes_but": 1}
"""Segments a yes/no answer fills on a clock."""


@frozen
class Clock:
    """A clock of 4, 6, 8 or 12 segments, ``filled`` of them.

    Raises:
        RulesError: for other segments or a fill out of range.
    """

    segments: int
    filled: int = 0

    def __post_init__(self) -> None:
        if self.segments not in CLOCK_SEGMENTS:
            raise RulesError(
                f"a clock has 4, 6, 8 or 12 segments, not {self.segments}",
                message_key="story.segments",
                segments=self.segments,
            )
        if not 0 <= self.filled <= self.segments:
            raise RulesError(
                f"a clock of {self.segments} fills 0 to {self.segments}",
                message_key="story.clock_fill",
                segments=self.segments,
            )

    @property
    def complete(self) -> bool:
        return self.filled == self.segments

    @property
    def value(self) -> int:
        """What the campaign's tracker keeps: the segments filled."""
        return self.filled

    def shown(self) -> str:
        """``●●○○○○ 2/6``."""
        return (
            "●" * self.filled
            + "○" * (self.segments - self.filled)
            + f" {self.filled}/{self.segments}"
        )

    def advanced(self, segments: int) -> Clock:
        """The clock ``segments`` further (back with a negative number), within its size."""
        return Clock(self.segments, min(max(self.filled + segments, 0), self.segments))

    def after_answer(self, outcome: str) -> Clock:
        """The clock after the yes/no oracle answered ``outcome`` ("Does it advance?")."""
        return self.advanced(CLOCK_FILL.get(outcome, 0))


@frozen
class Track:
    """A progress track of 10 boxes, ``ticks`` of its 40 ticks filled, at ``rank``.

    Raises:
        RulesError: for an unknown rank or ticks out of range.
    """

    rank: str
    ticks: int = 0

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise RulesError(
                f"a rank is one of {', '.join(RANKS)}, not {self.rank!r}",
                message_key="story.rank",
                ranks=", ".join(RANKS),
                found=self.rank,
            )
        if not 0 <= self.ticks <= TRACK_BOXES * TICKS_PER_BOX:
            raise RulesError(
                f"a track holds 0 to {TRACK_BOXES * TICKS_PER_BOX} ticks",
                message_key="story.track_ticks",
                most=TRACK_BOXES * TICKS_PER_BOX,
            )

    @property
    def boxes(self) -> int:
        """Whole boxes filled."""
        return self.ticks // TICKS_PER_BOX

    @property
    def complete(self) -> bool:
        return self.ticks == TRACK_BOXES * TICKS_PER_BOX

    @property
    def value(self) -> int:
        """What the campaign's tracker keeps: the ticks filled."""
        return self.ticks

    def marked(self, marks: int = 1) -> Track:
        """The track after ``marks`` marks of progress (negative: taken back)."""
        most = TRACK_BOXES * TICKS_PER_BOX
        return Track(self.rank, min(max(self.ticks + marks * RANKS[self.rank], 0), most))

    def shown(self) -> str:
        """``■■■◑□□□□□□``: full boxes, then ◔ ◑ ◕ for 1, 2, 3 ticks in the next one."""
        partial = "□◔◑◕"
        full, rest = divmod(self.ticks, TICKS_PER_BOX)
        boxes = "■" * full
        if full < TRACK_BOXES:
            boxes += partial[rest] + "□" * (TRACK_BOXES - full - 1)
        return boxes


def tracker_state(tracker: Mapping[str, Any]) -> Clock | Track:
    """The clock (``kind = "clock"``) or progress track (``kind = "track"``) a campaign
    tracker keeps.

    Raises:
        RulesError: for another kind of tracker, or a broken one.
    """
    value = int(tracker.get("value", 0))
    if tracker.get("kind") == "clock":
        return Clock(int(tracker.get("max", 0)), value)
    if tracker.get("kind") == "track":
        return Track(str(tracker.get("rank", "")), value)
    raise RulesError("neither a clock nor a track", message_key="story.not_tracker")


def moved(state: Clock | Track, steps: int) -> Clock | Track:
    """A clock ``steps`` segments on, a track ``steps`` marks on (back when negative)."""
    return state.advanced(steps) if isinstance(state, Clock) else state.marked(steps)


def tracker_shown(tracker: Mapping[str, Any]) -> str:
    """A campaign tracker's value as a player reads it: a clock's segments (``●●○○○○
    2/6``), a track's boxes (``■■◑□□□□□□□``), else ``value/max``."""
    try:
        return tracker_state(tracker).shown()
    except RulesError:
        pass  # another kind of tracker (or a broken one, which the campaign's check refuses)
    value = tracker.get("value", 0)
    return f"{value}/{tracker['max']}" if "max" in tracker else str(value)


def story_tables(
    lists: Mapping[str, Sequence[object]], names: Mapping[str, str], nobody: Mapping[str, str]
) -> tuple[RandomTable, ...]:
    """The tables ``random_threads`` and ``random_people`` of a campaign's lists, for
    other tables to roll on (``{random_people}`` in an event's focus): the open items by
    weight, or the one line ``nobody[key]`` while none is open. ``names`` name them."""
    from .tables import RandomTable, TableEntry

    found = []
    for key in LISTS:
        try:
            items = read_items(lists.get(key, []))
            found.append(pick_table(items, f"random_{key}", names[key]))
        except RulesError:
            entries = (TableEntry(nobody[key], 1, literal=True),)
            found.append(RandomTable(key=f"random_{key}", name=names[key], entries=entries))
    return tuple(found)
