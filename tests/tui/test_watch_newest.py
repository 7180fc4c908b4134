"""The newest of the story always on screen: ``meneur watch`` (the stream, and the table
a viewer's terminal seat draws) at the sizes a stream and a terminal use, with notes long
enough to wrap and rolls between them; the oldest lines are given up first, whole."""

from __future__ import annotations

import re

import pytest

from meneur.content.strings import strings
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT
from meneur.core.visibility import AUDIENCE
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.tui.watch import WatchApp
from tests.waiting import until_app

from .conftest import screen_text

WORDS = "le vent hurle dans les rochers du col et la caravane avance lentement vers le nord"


def note(n: int) -> str:
    return f"Note {n} : {WORDS}, sous un ciel bas ({n})."


def story(writer: Campaign, start: int, count: int) -> None:
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 4)
    for n in range(start, start + count):
        act.note(writer, GM_SEAT, note(n))
        act.roll(writer, GM_SEAT, record, f"Jet {n}")


def shown_notes(shown: str) -> tuple[list[int], list[int]]:
    """The numbers of the notes whose first words are on screen, and of those whose
    last words are, in the order drawn."""
    return (
        [int(n) for n in re.findall(r"Note (\d+) :", shown)],
        [int(n) for n in re.findall(r"ciel bas \((\d+)\)\.", shown)],
    )


@pytest.mark.parametrize("layout", ["stream", "table"])
@pytest.mark.parametrize("size", [(128, 40), (80, 24)])
async def test_the_newest_note_and_roll_stay_on_screen_when_lines_wrap(
    campaign_of,  # type: ignore[no-untyped-def]
    size: tuple[int, int],
    layout: str,
) -> None:
    """After 40 notes that wrap and 40 rolls between them (the last two written while
    the view follows), the newest note and roll are on screen; the notes drawn are the
    last ones, in order, each once (the table layout's list drew two lines twice, over
    the newest, as soon as it scrolled)."""
    campaign = campaign_of("resolution")
    story(campaign, 0, 38)
    campaign.close()
    app = WatchApp(
        Campaign.open(campaign.directory, write=False), strings("fr"), AUDIENCE, layout=layout
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        writer = Campaign.open(campaign.directory)
        story(writer, 38, 2)
        writer.close()
        await until_app(pilot, lambda: "Jet 39" in screen_text(app))
        await pilot.pause()
        shown = screen_text(app)
    first_words, last_words = shown_notes(shown)
    assert len(first_words) >= 3
    assert first_words == list(range(40 - len(first_words), 40))  # the newest, in order
    # The stream gives the oldest up whole; the table is a list scrolled to its end, so
    # its top entry may show only its end.
    cut_at_top = 1 if layout == "table" else 0
    assert last_words[len(last_words) - len(first_words) :] == first_words
    assert len(last_words) - len(first_words) <= cut_at_top
    assert len(last_words) == len(set(last_words))  # each drawn once
    if layout == "table":  # the stream's card holds the last roll, its story the rest
        assert shown.index("Note 39") < shown.index("Jet 39")


def test_the_story_keeps_the_newest_lines_that_fit_whole() -> None:
    from textual.content import Content

    from meneur.tui.watch import newest_that_fit

    lines = [Content(f"{n} " + "mot " * 9) for n in range(5)]  # 3 rows each at 16 columns
    kept = newest_that_fit(lines, 16, 8)
    assert [str(line).split()[0] for line in kept] == ["3", "4"]  # 6 rows: a third won't fit
    tall = Content("dernier " * 20)  # 160 characters: 10 rows at 16 columns
    (alone,) = newest_that_fit([*lines, tall], 16, 4)
    assert str(alone).split("\n") == [str(row) for row in tall.wrap(16)[-4:]]  # its end
    assert newest_that_fit(lines, 16, 0) == []
