"""The journal's shorter ways to draw (a new entry redraws the whole list on every
screen of a shared table) draw exactly what Textual's own ways draw: the same lines,
the same colours, the same mouse actions, wherever the list is scrolled, with or
without colours (NO_COLOR's filter)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widgets import OptionList

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.tui.app import MeneurApp, make_app
from meneur.tui.widgets.journal_list import JournalList, QuickScrollBar


def drawn(strips: list[Strip]) -> list[list[tuple[str, object, object]]]:
    """Each line's segments: their text, style and mouse actions."""
    return [[(s.text, s.style, s.style and s.style.meta) for s in strip] for strip in strips]


@pytest.mark.parametrize("colours", [True, False])
async def test_the_journal_and_its_scrollbar_draw_what_textual_draws(
    campaign_of: Callable[[str], Campaign], monkeypatch: pytest.MonkeyPatch, colours: bool
) -> None:
    if not colours:
        monkeypatch.setenv("NO_COLOR", "1")
    campaign = campaign_of("resolution")
    for n in range(70):
        # Long and short entries: some wrap over several lines.
        act.note(campaign, GM_SEAT, f"Note {n} : " + "la caravane avance " * (n % 5))
    app: MeneurApp = make_app(campaign, lang="fr", seed=3)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#journal-list", JournalList)
        bar = listing.vertical_scrollbar
        assert isinstance(bar, QuickScrollBar)
        assert bar.display  # more entries than lines: the bar is on show
        looked = 0
        for where in (listing.max_scroll_y, listing.max_scroll_y // 2, 0, 3):
            listing.scroll_to(y=where, animate=False)
            await pilot.pause()
            for highlighted in (None, 2, len(listing.options) - 1):
                listing.highlighted = highlighted
                await pilot.pause()
                width, height = listing.size
                for crop in (Region(0, 0, width, height), Region(0, 5, width, 7)):
                    listing._styles_cache.clear()
                    ours = listing.render_lines(crop)
                    listing._styles_cache.clear()
                    listing._option_render_cache.clear()
                    theirs = OptionList.render_lines(listing, crop)
                    assert drawn(ours) == drawn(theirs)
                for crop in (Region(0, 0, *bar.size), Region(0, 4, bar.size.width, 9)):
                    bar.refresh()
                    theirs = ScrollBar.render_lines(bar, crop)
                    assert drawn(bar.render_lines(crop)) == drawn(theirs)
                looked += 1
        assert looked == 12
        # The thumb is drawn somewhere other than at the top once scrolled down.
        listing.scroll_to(y=listing.max_scroll_y, animate=False)
        await pilot.pause()
        top = drawn(bar.render_lines(Region(0, 0, *bar.size)))
        assert top[0] != top[-1]
