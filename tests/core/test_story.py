"""The story's loose ends: threads and people as lists, clocks and progress tracks
(meneur.core.story). Properties over any list of names and any marks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content.strings import strings
from meneur.core import story, tables
from meneur.core.errors import RulesError
from meneur.core.story import Clock, StoryItem, Track
from meneur.core.words import folded

NAMES = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=30
).filter(lambda name: name.strip())
ITEMS = st.builds(
    StoryItem,
    name=NAMES,
    closed=st.booleans(),
    weight=st.integers(1, 3),
    notes=st.text(max_size=40),
    progress=st.integers(0, 10),
)


@given(item=ITEMS)
def test_an_item_reads_back_as_written(item: StoryItem) -> None:
    assert StoryItem.from_data(item.to_data()) == item


def test_a_bare_name_stays_a_bare_name() -> None:
    assert StoryItem("Alix").to_data() == "Alix"
    assert StoryItem("Alix", closed=True).to_data() == {"name": "Alix", "closed": True}


@given(names=st.lists(NAMES, max_size=12))
def test_a_list_never_holds_a_name_twice(names: list[str]) -> None:
    items: tuple[StoryItem, ...] = ()
    for name in names:
        try:
            items = story.add_item(items, StoryItem(name))
        except RulesError:
            assert any(folded(i.name) == folded(name) for i in items)
    keys = [folded(item.name) for item in items]
    assert len(keys) == len(set(keys))
    assert story.read_items([item.to_data() for item in items]) == items


def test_renaming_onto_another_name_is_refused_and_changes_keep_the_order() -> None:
    items = story.add_item(story.add_item((), StoryItem("La caravane")), StoryItem("Alix"))
    with pytest.raises(RulesError, match="in the list already"):
        story.change_item(items, "alix", name="la Caravane")
    changed = story.change_item(items, "LA CARAVANE", closed=True, progress=4)
    assert [i.name for i in changed] == ["La caravane", "Alix"]
    assert (changed[0].closed, changed[0].progress) == (True, 4)
    with pytest.raises(RulesError, match="no 'Bruno' in the list"):
        story.find_item(items, "Bruno")


def test_a_broken_list_names_the_position_and_key() -> None:
    with pytest.raises(RulesError, match=r"\[1\]: weight: 1 to 3, not 5") as caught:
        story.read_items(["A", {"name": "B", "weight": 5}])
    assert strings("fr").explain(caught.value) == "[1]\u00a0: un poids va de 1 à 3, pas 5"
    with pytest.raises(RulesError, match=r"\[0\]: colour: unknown key") as caught:
        story.read_items([{"name": "B", "colour": "red"}])
    assert strings("fr").explain(caught.value) == "[0]\u00a0: colour\u00a0: clé inconnue"


@given(items=st.lists(ITEMS, min_size=1, max_size=8, unique_by=lambda i: folded(i.name)))
def test_a_random_pick_finds_open_items_as_often_as_their_weight(items) -> None:
    open_items = [item for item in items if not item.closed]
    if not open_items:
        with pytest.raises(RulesError, match="nothing open"):
            story.pick_table(items, "t", "T")
        return
    table = story.pick_table(items, "t", "T")
    odds = tables.odds(tables.TableQuery.of(table, (table,)))
    total = sum(item.weight for item in open_items)
    for number, item in enumerate(open_items, 1):
        assert odds.distribution[number] == Fraction(item.weight, total)


def test_a_pick_names_an_item_as_written_braces_and_all() -> None:
    # Hypothesis found it: a thread called "{0}" was read as a roll on a table "0".
    import random

    from meneur.core.records import as_data, from_data

    items = [StoryItem("{0}"), StoryItem("[[1d6]] rats")]
    table = story.pick_table(items, "t", "T")
    query = tables.TableQuery.of(table, (table,))
    texts = {tables.roll(query, random.Random(seed)).text for seed in range(40)}
    assert texts == {"{0}", "[[1d6]] rats"}
    assert from_data(tables.TableQuery, as_data(query)) == query
    plain = tables.TableEntry("{x}")
    assert "literal" not in as_data(plain)  # records written before read back the same


@given(segments=st.sampled_from(story.CLOCK_SEGMENTS), steps=st.lists(st.integers(-5, 5)))
def test_a_clock_stays_within_its_segments(segments: int, steps: list[int]) -> None:
    clock = Clock(segments)
    for step in steps:
        clock = clock.advanced(step)
        assert 0 <= clock.filled <= segments
    assert clock.complete == (clock.filled == segments)


def test_a_clock_fills_one_on_yes_but_two_on_yes_and_none_on_no() -> None:
    clock = Clock(4, 1)
    assert [clock.after_answer(o).filled for o in ("yes_and", "yes_but", "no_but", "no_and")] == [
        3,
        2,
        1,
        1,
    ]
    with pytest.raises(RulesError, match="4, 6, 8 or 12 segments"):
        Clock(5)


@pytest.mark.parametrize(
    ("rank", "marks_to_fill"),
    [("simple", 4), ("ardu", 5), ("redoutable", 10), ("extreme", 20), ("epique", 40)],
)
def test_a_tracks_rank_sets_how_much_a_mark_fills(rank: str, marks_to_fill: int) -> None:
    track = Track(rank)
    for _ in range(marks_to_fill - 1):
        track = track.marked()
    assert not track.complete
    assert track.marked().complete
    assert track.marked(5).ticks == 40  # never past the end


def test_a_track_shows_its_boxes_and_the_ticks_of_the_next() -> None:
    assert Track("extreme", 10).shown() == "■■◑□□□□□□□"
    assert Track("epique", 0).shown() == "□□□□□□□□□□"
    assert Track("epique", 40).shown() == "■■■■■■■■■■"
    with pytest.raises(RulesError, match="a rank is one of"):
        Track("facile")


def test_story_tables_roll_an_open_item_or_say_there_is_none() -> None:
    names = {"threads": "Un fil", "people": "Une personne"}
    nobody = {"threads": "aucun fil", "people": "personne"}
    threads, people = story.story_tables(
        {"threads": [{"name": "A", "closed": True}], "people": ["Alix", "Bruno"]}, names, nobody
    )
    assert (threads.key, [e.text for e in threads.entries]) == ("random_threads", ["aucun fil"])
    assert (people.key, [e.text for e in people.entries]) == ("random_people", ["Alix", "Bruno"])
