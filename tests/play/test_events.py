"""A random event that brings someone or something new offers to add it to the story;
what it offers follows the entry of meneur's own focus table it fell on, in either
language, and nothing when a campaign rolls a focus table of its own."""

from __future__ import annotations

import random

import pytest

from meneur.content import example_tables
from meneur.core.tables import RandomTable, TableEntry, TableQuery, find, roll
from meneur.play.story import event_offer


class Dice(random.Random):
    """The focus die (the second drawn, after the event table's own) shows ``face``;
    every other die shows 1."""

    def __init__(self, face: int) -> None:
        super().__init__(0)
        self.face, self.drawn = face, 0

    def randint(self, a: int, b: int) -> int:
        self.drawn += 1
        return self.face if self.drawn == 2 else a


def rolled(tables: tuple[RandomTable, ...], focus_face: int) -> object:
    """The event on ``tables``, its focus die showing ``focus_face``."""
    event = find(tables, "event")
    assert event is not None
    return roll(TableQuery.of(event, tables), Dice(focus_face))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_someone_new_or_a_new_thread_is_offered(lang: str) -> None:
    tables = example_tables(lang)
    focus = find(tables, "event_focus")
    assert focus is not None
    assert focus.total_weight == 20  # a d20, for real dice too
    offered = {face: event_offer(rolled(tables, face), lang) for face in range(1, 21)}
    assert offered == {face: "people" if face <= 2 else "threads" if face == 20 else None
                       for face in range(1, 21)}  # fmt: skip


def test_a_campaigns_own_focus_table_offers_nothing() -> None:
    own = RandomTable("event_focus", "Foyer", (TableEntry("une nouvelle personne"),))
    tables = (*(t for t in example_tables("fr") if t.key != "event_focus"), own)
    assert event_offer(rolled(tables, 1), "fr") is None
