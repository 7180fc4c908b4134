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


async def test_the_journal_draws_what_textual_draws_as_it_changes(
    campaign_of: Callable[[str], Campaign],
) -> None:
    """The list keeps the lines it drew and shows them again when a line shows the same
    thing (a scroll by one entry): after each change a table sees (a new entry, the
    highlight moving, focus, the mouse over an entry, an entry rewritten, another theme,
    another size), what it draws is what Textual draws afresh."""
    campaign = campaign_of("resolution")
    for n in range(40):
        act.note(campaign, GM_SEAT, f"Note {n} : " + "la caravane avance " * (n % 4))
    app: MeneurApp = make_app(campaign, lang="fr", seed=3)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        listing = app.screen.query_one("#journal-list", JournalList)

        def afresh() -> list[Strip]:
            # Textual's own drawing with nothing kept; the list's caches put back after,
            # so that what the list kept is still what it draws with next.
            cache = listing._option_render_cache
            kept = {key: cache.get(key) for key in list(cache.keys())}
            listing._styles_cache.clear()
            cache.clear()
            theirs = OptionList.render_lines(listing, Region(0, 0, *listing.region.size))
            cache.clear()
            for key, value in kept.items():
                if value is not None:
                    cache.set(key, value)
            listing._styles_cache.clear()
            return theirs

        async def same() -> list[Strip]:
            await pilot.pause()
            # The whole list with its scrollbar's gutter, as the compositor asks for it.
            ours = listing.render_lines(Region(0, 0, *listing.region.size))
            assert drawn(ours) == drawn(afresh())
            return ours

        before = await same()
        with Campaign.open(campaign.directory) as elsewhere:  # another writer's entry
            act.note(elsewhere, GM_SEAT, "Une nouvelle entrée")
        app.follow_now()
        after = await same()
        assert "Une nouvelle entrée" in "".join(line.text for line in after)
        # Scrolled by the new entry: the lines still on show are the very strips drawn
        # before (nothing drawn again), and the new entry's are new.
        reused = sum(any(line is old for old in before) for line in after)
        assert reused >= len(after) - 4
        assert any(all(line is not old for old in before) for line in after)
        listing.highlighted = 3
        await same()
        listing.focus()
        await same()
        app.set_focus(None)
        await same()
        await pilot.hover("#journal-list", offset=(5, 10))
        await same()
        last = listing.option_count - 1
        listing.replace_option_prompt_at_index(last, "Réécrite")
        await same()
        app.theme = "textual-light"
        await same()
        await pilot.resize_terminal(90, 30)
        await same()
