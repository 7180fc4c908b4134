"""The live journal: newest at the bottom, searchable, rolls expandable, notes editable.

Why it is ~600 lines: the journal view is one widget with its keys (search, expand,
strike, edit, undo, count) and its lazy loading of older entries as it scrolls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from meneur.content.outcomes import OUTCOME_COLOURS, style_class
from meneur.core.text import visible
from meneur.core.visibility import GM, Viewer
from meneur.tui.widgets.line_input import TextField

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.play.campaigns import Campaign
    from meneur.play.journal import Entry
    from meneur.tui.widgets.journal_list import JournalList

FIRST = 40
"""Entries listed at first, at least (as many as the terminal has lines, if more): enough
to fill the view, and the table's first frame does not wait for a long journal."""
EARLIER = 200
"""Entries added each time the player scrolls past either end of those listed."""
WINDOW = 400
"""Entries listed at most: scrolling far up drops the newest ones listed (and back down,
the oldest), so the list costs the same at the first entry of a 100,000-entry journal."""
EARLIER_ID = "earlier"
"""The id of the first line, "▲ n older entries", when there are older entries."""
LATER_ID = "later"
"""The id of the last line, "▼ n newer entries", when newer entries are not listed."""
SHOWN_CHARACTERS = 2_000
SHOWN_LINES = 20
"""At most a screen of one entry is drawn: a long note is cut, and says how much more
it holds (editing it, or an export, shows it whole)."""
MAX_FOUND = 500
"""Search results listed at most (the most recent): past that, a narrower search."""
Read = TypeVar("Read")
"""What a read of the journal gives (entries, or whether there are any)."""


def shown_text(text: str, more: Callable[[str], str]) -> str:
    """``text`` cut to a screen's worth (:data:`SHOWN_CHARACTERS`, :data:`SHOWN_LINES`),
    ending with what ``more`` says of the characters left out (their count given), its
    control characters shown as pictures (``␛``), not sent to the terminal."""
    text = visible(text)
    cut = text[:SHOWN_CHARACTERS]
    lines = cut.split("\n")
    if len(lines) > SHOWN_LINES:
        cut = "\n".join(lines[:SHOWN_LINES])
    if len(cut) == len(text):
        return text
    return cut.rstrip() + " " + more(f"{len(text) - len(cut):,}")


NOTE_STYLES = {
    "strong": "bold",
    "em": "italic",
    "code": "reverse",
    "struck": "strike",
    "heading": "bold underline",
    "link": "underline",
    "quote": "italic",
}
"""How each mark of a note's Markdown is drawn (:data:`meneur.play.markdown.MARKS`)."""


def note_text(markdown: str, more: Callable[[str], str]) -> Text:
    """A note as the journal draws it: its Markdown read (play-tested: ``**hurlent**``
    and ``## Au col`` showed as typed), cut to a screen's worth as :func:`shown_text`
    cuts it; links shown, never followed."""
    from meneur.play.markdown import runs

    text = Text()
    for number, line in enumerate(runs(shown_text(markdown, more))):
        if number:
            text.append("\n")
        for run in line:
            text.append(run.text, style=" ".join(NOTE_STYLES[mark] for mark in sorted(run.marks)))
    return text


class JournalView(Vertical):
    """The campaign's journal."""

    BINDINGS = [
        Binding("ctrl+f", "search", "Search", show=False),
        Binding("e", "edit", "Edit", show=False, id="journal_edit"),
        Binding("delete", "strike", "Strike", show=False, id="journal_strike"),
        Binding("u", "undo_entry", "Undo this", show=False, id="journal_undo"),
        Binding("x", "count", "Luck: leave out", show=False, id="luck_count"),
    ]

    class EditRequested(Message):
        """The player wants to rewrite a note."""

        def __init__(self, entry_id: int) -> None:
            self.entry_id = entry_id
            super().__init__()

    class UndoRequested(Message):
        """The GM (or a player, their own) wants to take back this entry's change."""

        def __init__(self, entry_id: int) -> None:
            self.entry_id = entry_id
            super().__init__()

    class CountRequested(Message):
        """The GM wants a roll left out of the luck counted (F8), or counted again."""

        def __init__(self, entry_id: int) -> None:
            self.entry_id = entry_id
            super().__init__()

    class StrikeRequested(Message):
        """The player wants to strike a note from the journal."""

        def __init__(self, entry_id: int) -> None:
            self.entry_id = entry_id
            super().__init__()

    def __init__(self, strings: Strings, *, id: str | None = None, viewer: Viewer = GM) -> None:
        super().__init__(id=id)
        self.strings = strings
        self.viewer = viewer
        """Whose view this is: it lists only what they may see (the app: the GM's)."""
        self.campaign: Campaign | None = None
        self.entries: list[Entry] = []
        """The entries listed, in order: the latest ones, or what a search found."""
        self.earlier = False
        """Whether the list starts with the line that lists earlier entries."""
        self.later = False
        """Whether the list ends with the line that lists newer entries (scrolled far
        up, the newest ones are no longer listed)."""
        self.found = False
        """Whether the list is what a search found (new entries wait for its end)."""
        self.expanded: set[int] = set()

    def on_mount(self) -> None:
        from meneur.tui.i18n import translate_bindings

        translate_bindings(self, self.strings)

    def compose(self) -> ComposeResult:
        # Nothing yet: the list and its status line are mounted when first asked for
        # (the table shows its entries just after its first frame, which is then drawn
        # sooner), and the search field when ctrl+f asks for it.
        yield from ()

    def _parts(self) -> None:
        """Mount the list of entries and the status line, once."""
        if not self.query_children("#journal-list"):
            from meneur.tui.widgets.journal_list import JournalList

            self.mount(JournalList(id="journal-list"), Static("", id="journal-status"))

    @property
    def listing(self) -> OptionList:
        """The list of entries."""
        self._parts()
        return self.query_one("#journal-list", OptionList)

    @property
    def status(self) -> Static:
        """The line under the list (how many entries a search found…)."""
        self._parts()
        return self.query_one("#journal-status", Static)

    def show(self, campaign: Campaign) -> None:
        """Show the latest entries of ``campaign`` (earlier ones are a line away)."""
        self.campaign = campaign
        count = max(FIRST, self.app.size.height)
        if self.viewer == GM:
            self._list(campaign.latest(count))
            return
        shown = self._before(campaign.journal.last_id + 1, count) or []
        self._list(shown)

    def seen(self, entries: Iterable[Entry]) -> list[Entry]:
        """What of ``entries`` this view's viewer may see (nothing before it is shown)."""
        if self.campaign is None:
            return []
        return list(self._visible(entries))

    def _visible(self, entries: Iterable[Entry]) -> Iterator[Entry]:
        """What of ``entries`` this view's viewer may see, as they may see it."""
        from meneur.play.journal import seen

        assert self.campaign is not None
        return seen(self.campaign, self.viewer, entries)

    def _before(self, first: int, count: int) -> list[Entry] | None:
        """Up to ``count`` entries the viewer may see before entry ``first`` (None when
        a chunk cannot be read)."""
        from meneur.play.journal import before

        campaign = self.campaign
        assert campaign is not None
        return self._read(lambda: before(campaign, self.viewer, first, count))

    def _any_before(self, first: int) -> bool:
        """Whether the viewer may see an entry before entry ``first`` (the "▲ earlier"
        line is offered only then: play.journal.any_before)."""
        from meneur.play.journal import any_before

        campaign = self.campaign
        assert campaign is not None
        return bool(self._read(lambda: any_before(campaign, self.viewer, first)))

    def _any_after(self, last: int) -> bool:
        """Whether the viewer may see an entry after entry ``last`` (the "▼ newer"
        line: play.journal.any_after)."""
        from meneur.play.journal import any_after

        campaign = self.campaign
        assert campaign is not None
        return bool(self._read(lambda: any_after(campaign, self.viewer, last)))

    def _after(self, last: int, count: int) -> list[Entry] | None:
        """Up to ``count`` entries the viewer may see after entry ``last``."""
        from meneur.play.journal import after

        campaign = self.campaign
        assert campaign is not None
        return self._read(lambda: after(campaign, self.viewer, last, count))

    def _read(self, read: Callable[[], Read]) -> Read | None:
        """What ``read`` reads from the journal, or None when a chunk cannot be read
        (damaged while the app is open): said once, and the list stays as it was."""
        from meneur.play.errors import CampaignError

        try:
            return read()
        except CampaignError as error:
            self.notify(self.strings.t("app.error", message=str(error)), severity="error")
            return None

    def show_earlier(self) -> None:
        """List up to EARLIER more entries above the first one listed (dropping the
        newest listed past :data:`WINDOW`), keeping the highlighted entry in place."""
        if self.campaign is None or not self.entries or self.found or not self.earlier:
            return
        first = self.entries[0]
        older = self._before(first.id, EARLIER)
        if older is None:
            return
        if not older:  # only entries the viewer may not see lie before
            self._list(self.entries, highlight=0, later=self.later, earlier=False)
            return
        kept = (older + self.entries)[:WINDOW]
        self._list(kept, highlight=len(older) - 1, later=self._any_after(kept[-1].id))

    def show_later(self) -> None:
        """List up to EARLIER more entries below the last one listed (dropping the
        oldest listed past :data:`WINDOW`)."""
        if self.campaign is None or not self.entries or self.found or not self.later:
            return
        last = self.entries[-1]
        newer = self._after(last.id, EARLIER)
        if newer is None:
            return
        kept = (self.entries + newer)[-WINDOW:]
        self._list(kept, highlight=len(kept) - len(newer), later=self._any_after(kept[-1].id))

    def show_first(self) -> None:
        """List the journal's first entries and highlight the very first."""
        if self.campaign is None:
            return
        first = self._after(0, EARLIER)
        if first:
            self._list(first, highlight=0, later=self._any_after(first[-1].id))

    def on_journal_list_jump(self, event: JournalList.Jump) -> None:
        """Home: the journal's first entry; End: its newest (search results: their own
        first and last). (Found by its name: the list is imported when first mounted,
        after the table's first frame.)"""
        event.stop()
        listing = self.listing
        if self.found or not listing.option_count:
            listing.highlighted = 0 if event.first else listing.option_count - 1
        elif event.first:
            self.show_first()
        elif self.campaign is not None:
            self.show(self.campaign)

    def on_journal_list_edge(self, event: JournalList.Edge) -> None:
        """Scrolled to the top or the bottom: the entries beyond join the list."""
        event.stop()
        if event.top:
            self.show_earlier()
        else:
            self.show_later()

    @on(OptionList.OptionHighlighted, "#journal-list")
    def moved(self, event: OptionList.OptionHighlighted) -> None:
        """Moving onto the "▲ older" or "▼ newer" line lists the entries it stands for."""
        event.stop()
        if event.option.id == EARLIER_ID:
            self.show_earlier()
        elif event.option.id == LATER_ID:
            self.show_later()

    def add(self, entry: Entry) -> None:
        """Show a new entry at the bottom and bring it into view (a free dice roll with
        its dice and what its total was worth), after any entry before it not shown yet
        (another process may have written those); an entry shown already is left. When
        the player is reading far back, only the "▼ newer" line's count changes."""
        if self.campaign is None or self.found:
            return
        shown = self.entries[-1].id if self.entries else 0
        if entry.id <= shown:
            return
        if self.later:
            self._later_line()
            return
        journal = self.campaign.journal
        between = self._read(lambda: journal.since(shown)) if entry.id > shown + 1 else []
        missing = [e for e in self._visible(between or []) if e.id < entry.id]
        # The entry itself is filtered too: whoever adds it, this view lists only what
        # its viewer may see (a player's table adds what other writers wrote).
        added = [*missing, *self._visible([entry])]
        if not added:
            # Nothing this viewer may see: the list and its cursor stay as they are (a
            # player reading back was pulled to the end the moment the GM wrote a secret).
            return
        for new in added:
            roll = new.roll
            if roll is not None and roll.get("system") == "dice":
                self.expanded.add(new.id)
            self.entries.append(new)
            self.listing.add_option(self._option(new))
        if len(self.entries) > WINDOW + EARLIER:
            self._list(self.entries[-WINDOW:])  # a long session: the oldest listed go
            return
        self.listing.highlighted = self.listing.option_count - 1
        self.listing.scroll_end(animate=False, immediate=True)

    def _later_line(self) -> None:
        """Update the count of the "▼ newer entries" line."""
        if self.campaign is None or not self.entries:
            return
        count = self.campaign.journal.last_id - self.entries[-1].id
        line = Text(self.strings.t("journal.newer", count=self._count(count)), style="dim italic")
        self.listing.replace_option_prompt_at_index(self.listing.option_count - 1, line)

    def on_resize(self) -> None:
        """Keep following the newest entry across a resize, when it was in view."""
        if not self.query_children("#journal-list"):
            return  # no entry listed yet (the first layout): the list is not made for it
        listing = self.listing
        if listing.highlighted is None or listing.highlighted == listing.option_count - 1:
            self.call_after_refresh(listing.scroll_end, animate=False)

    def _list(
        self,
        entries: list[Entry],
        *,
        found: bool = False,
        highlight: int | None = None,
        later: bool = False,
        earlier: bool | None = None,
    ) -> None:
        """List ``entries`` (a search's when ``found``), the one at ``highlight`` (or the
        last) highlighted; ``later`` when newer entries exist than those listed."""
        assert self.campaign is not None
        listing = self.listing
        with self.prevent(OptionList.OptionHighlighted):
            listing.clear_options()
            self.entries = entries
            self.found = found
            if earlier is None:
                earlier = not found and bool(entries) and self._any_before(entries[0].id)
            self.earlier = not found and earlier
            self.later = later and not found and bool(entries)
            options = [self._option(entry) for entry in entries]
            if self.earlier:
                count = entries[0].id - 1
                line = Text(
                    self.strings.t("journal.older", count=self._count(count)), style="dim italic"
                )
                options.insert(0, Option(line, id=EARLIER_ID))
            if self.later:
                count = self.campaign.journal.last_id - entries[-1].id
                line = Text(
                    self.strings.t("journal.newer", count=self._count(count)), style="dim italic"
                )
                options.append(Option(line, id=LATER_ID))
            listing.add_options(options)
            if not listing.option_count:
                return
            if highlight is None or not entries:
                listing.highlighted = self._index(len(entries) - 1) if entries else 0
                listing.scroll_end(animate=False)
            else:
                listing.highlighted = self._index(max(highlight, 0))
                listing.scroll_to_highlight(top=True)

    def _index(self, position: int) -> int:
        """The list's line of ``self.entries[position]``."""
        return position + (1 if self.earlier else 0)

    def _option(self, entry: Entry) -> Option:
        # How entries read is needed from the first entry listed, after the first frame.
        from meneur.play.reading import (
            dice_summary,
            read_entry,
            secret_reading,
            visibility_label,
        )

        assert self.campaign is not None
        # Numbers and counts are the GM's: their gaps would count the secrets.
        text = Text(f"{entry.id:>4} " if self.viewer == GM else "", style="dim")
        if entry.redacted:  # an announced secret, in a view that may not see it
            text.append(secret_reading(entry, self.strings.t, self.campaign), style="italic dim")
            return Option(text, id=str(entry.id))
        reading = read_entry(entry, self.campaign, self.strings.t)
        if entry.game_time:
            text.append(f"[{entry.game_time}] ", style="italic")
        if entry.roll is not None:
            text.append(self._cut(reading.text))
            if reading.outcome is not None:
                style = OUTCOME_COLOURS[style_class(reading.outcome)]
                text.append(f"  {reading.result}", style=style)
            elif reading.result:
                text.append(f" → {reading.result}", style="bold")
            if reading.elsewhere:  # played at another table, brought in as it was
                text.append(f"  ({self.strings.t('export.elsewhere')})", style="dim")
            elif reading.physical:
                text.append("  ✋", style="dim")
            if entry.id in self.expanded:
                text.append("\n     " + reading.dice, style="dim")
                summary = dice_summary(entry.roll, self.strings.t)
                if summary:
                    text.append("\n     " + summary, style="dim")
                if reading.seed is not None:
                    seed = self.strings.t("app.seed", seed=reading.seed)
                    if reading.chosen_seed:  # given by hand (--seed), not drawn
                        seed += f" ({self.strings.t('app.seed_chosen')})"
                    text.append(f"  {seed}", style="dim")
        elif entry.kind in ("session", "scene"):
            text.append(
                ("■ " if entry.kind == "session" else "□ ") + visible(entry.text), style="bold"
            )
        elif entry.kind == "note" and self.campaign.is_struck(entry):
            text.append(self._cut(reading.text), style="strike dim")
            text.append(f"  {self.strings.t('journal.struck')}", style="italic dim")
        elif entry.kind == "note":
            text.append_text(
                note_text(reading.text, lambda n: self.strings.t("journal.more", count=n))
            )
        else:
            text.append(self._cut(reading.text), style="italic dim")
        if entry.visibility != "public":  # the GM sees what stays theirs, marked
            label = visibility_label(entry, self.strings.t, self.campaign)
            text.append(f"  🔒 {label}", style="bold magenta")
        return Option(text, id=str(entry.id))

    def _count(self, count: int) -> str:
        """A count of entries, said to the GM only (others: "…")."""
        return f"{count:,}" if self.viewer == GM else "…"

    def _cut(self, text: str) -> str:
        return shown_text(text, lambda count: self.strings.t("journal.more", count=count))

    @on(OptionList.OptionSelected, "#journal-list")
    def toggle(self, event: OptionList.OptionSelected) -> None:
        """Enter on a roll shows or hides its dice; on a note, asks to edit it."""
        event.stop()
        if event.option.id == EARLIER_ID:
            self.show_earlier()
            return
        if event.option.id == LATER_ID:
            self.show_later()
            return
        entry = self._entry(event.option.id)
        if entry is None:
            return
        if entry.roll is not None:
            self.expanded ^= {entry.id}
            index = event.option_index
            self.listing.replace_option_prompt_at_index(index, self._option(entry).prompt)
        elif entry.kind == "note":
            self.post_message(self.EditRequested(entry.id))

    def _entry(self, option_id: str | None) -> Entry | None:
        if option_id is None or option_id in (EARLIER_ID, LATER_ID):
            return None
        wanted = int(option_id)
        return next((entry for entry in self.entries if entry.id == wanted), None)

    def action_edit(self) -> None:
        highlighted = self.listing.highlighted
        if highlighted is None:
            return
        entry = self._entry(self.listing.get_option_at_index(highlighted).id)
        if entry is not None and entry.kind == "note":
            self.post_message(self.EditRequested(entry.id))

    def action_strike(self) -> None:
        """Strike the highlighted note (it stays in the journal, marked)."""
        highlighted = self.listing.highlighted
        if highlighted is None:
            return
        entry = self._entry(self.listing.get_option_at_index(highlighted).id)
        if entry is not None and entry.kind == "note":
            self.post_message(self.StrikeRequested(entry.id))

    def action_count(self) -> None:
        """Leave the highlighted roll out of the luck counted, or count it again (x)."""
        highlighted = self.listing.highlighted
        if highlighted is None:
            return
        entry = self._entry(self.listing.get_option_at_index(highlighted).id)
        if entry is not None and entry.roll is not None and not entry.redacted:
            self.post_message(self.CountRequested(entry.id))

    def action_undo_entry(self) -> None:
        """Take back the highlighted entry's change (u): the GM anyone's, a player their
        own — the campaign decides."""
        highlighted = self.listing.highlighted
        if highlighted is None:
            return
        entry = self._entry(self.listing.get_option_at_index(highlighted).id)
        if entry is not None:
            self.post_message(self.UndoRequested(entry.id))

    def refresh_entry(self, entry_id: int) -> None:
        """Redraw one entry (a note was rewritten)."""
        for position, entry in enumerate(self.entries):
            if entry.id == entry_id:
                self.listing.replace_option_prompt_at_index(
                    self._index(position), self._option(entry).prompt
                )

    async def action_search(self) -> None:
        self._parts()
        found = self.query("#journal-search").results(Input)
        search = next(found, None)
        if search is None:
            search = TextField(placeholder=self.strings.t("journal.search"), id="journal-search")
            await self.mount(search, before=0)
        search.remove_class("hidden")
        search.focus()

    def on_key(self, event: events.Key) -> None:
        """Escape in the search field ends the search: the journal as it was, and the
        keyboard back in the list (play-tested: the search stayed)."""
        if event.key != "escape":
            return
        field = next(self.query("#journal-search").results(Input), None)
        if field is None or not field.has_focus:
            return
        event.stop()
        field.value = ""
        self.close_search()
        self.listing.focus()

    def close_search(self) -> None:
        """Stop searching: the field hidden, the latest entries listed again."""
        self.workers.cancel_group(self, "search")
        for field in self.query("#journal-search").results(Input):
            field.add_class("hidden")
        if self.campaign is not None and self.found:
            self.show(self.campaign)
        self.status.update("")

    @on(Input.Submitted, "#journal-search")
    def search(self, event: Input.Submitted) -> None:
        """Search the whole journal, newest first, in a worker: what is found is listed
        as it is found (at most :data:`MAX_FOUND`), and the interface never waits."""
        event.stop()
        wanted = event.value.strip().casefold()
        status = self.status
        if not wanted or self.campaign is None:
            self.close_search()
            return
        self._list([], found=True)
        status.update(self.strings.t("journal.searching", count=0))
        self._search(self.campaign, wanted)

    @work(thread=True, exclusive=True, group="search")
    def _search(self, campaign: Campaign, wanted: str) -> None:
        """Read the journal chunk by chunk from the newest, apart from the one the
        interface reads (a chunk at a time in memory), and hand what matches to the
        interface after each chunk."""
        from meneur.play.errors import CampaignError
        from meneur.play.journal import search

        worker = get_current_worker()
        try:
            for batch, count, done in search(
                campaign,
                self.viewer,
                wanted,
                MAX_FOUND,
                self.strings.t,
                lambda: worker.is_cancelled,
            ):
                self.app.call_from_thread(self._found, batch, count, done)
        except CampaignError as error:
            self.app.call_from_thread(self._search_failed, str(error))

    def _found(self, batch: list[Entry], count: int, done: bool) -> None:
        """List what the search found in one more chunk (newest first)."""
        if not self.found:
            return  # the search was closed meanwhile
        first = not self.entries
        self.entries += batch
        self.listing.add_options([self._option(entry) for entry in batch])
        if first and batch:
            self.listing.highlighted = 0
        key = "journal.searching"
        if done:
            key = "journal.found_most" if count >= MAX_FOUND else "journal.found"
        self.status.update(self.strings.t(key, count=count))

    def _search_failed(self, message: str) -> None:
        self.status.update(self.strings.t("app.error", message=message))
