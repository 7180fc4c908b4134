"""The live journal: newest at the bottom, searchable, rolls expandable, notes editable."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from meneur.content.outcomes import OUTCOME_COLOURS, style_class
from meneur.saves.reading import dice_summary, read_entry

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import Entry

FIRST = 40
"""Entries listed at first, at least (as many as the terminal has lines, if more): enough
to fill the view, and the table's first frame does not wait for a long journal."""
EARLIER = 200
"""Entries added each time the player asks for earlier ones."""
EARLIER_ID = "earlier"
"""The id of the first line, "▲ n older entries", when there are older entries."""


class JournalView(Vertical):
    """The campaign's journal."""

    BINDINGS = [
        Binding("ctrl+f", "search", "Search", show=False),
        Binding("e", "edit", "Edit", show=False),
        Binding("delete", "strike", "Strike", show=False),
    ]

    class EditRequested(Message):
        """The player wants to rewrite a note."""

        def __init__(self, entry_id: int) -> None:
            self.entry_id = entry_id
            super().__init__()

    class StrikeRequested(Message):
        """The player wants to strike a note from the journal."""

        def __init__(self, entry_id: int) -> None:
            self.entry_id = entry_id
            super().__init__()

    def __init__(self, strings: Strings, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.strings = strings
        self.campaign: Campaign | None = None
        self.entries: list[Entry] = []
        """The entries listed, in order: the latest ones, or what a search found."""
        self.earlier = False
        """Whether the list starts with the line that lists earlier entries."""
        self.found = False
        """Whether the list is what a search found (new entries wait for its end)."""
        self.expanded: set[int] = set()

    def compose(self) -> ComposeResult:
        # The search field is mounted the first time it is asked for (ctrl+f).
        yield OptionList(id="journal-list")
        yield Static("", id="journal-status")

    @property
    def listing(self) -> OptionList:
        """The list of entries."""
        return self.query_one("#journal-list", OptionList)

    def show(self, campaign: Campaign) -> None:
        """Show the latest entries of ``campaign`` (earlier ones are a line away)."""
        self.campaign = campaign
        self._list(campaign.latest(max(FIRST, self.app.size.height)))

    def show_earlier(self) -> None:
        """List up to EARLIER more entries above the first one listed."""
        if self.campaign is None or not self.entries:
            return
        first = self.entries[0]
        older = self.campaign.journal.before(first.id, EARLIER)
        self._list(older + self.entries, highlight=len(older) - 1)

    def add(self, entry: Entry) -> None:
        """Show a new entry at the bottom and bring it into view (a free dice roll with
        its dice and what its total was worth), after any entry before it not shown yet
        (another process may have written those); an entry shown already is left."""
        if self.campaign is None or self.found:
            return
        shown = self.entries[-1].id if self.entries else 0
        if entry.id <= shown:
            return
        missing = self.campaign.journal.since(shown) if entry.id > shown + 1 else []
        for new in [*missing[: entry.id - shown - 1], entry]:
            roll = new.roll
            if roll is not None and roll.get("system") == "dice":
                self.expanded.add(new.id)
            self.entries.append(new)
            self.listing.add_option(self._option(new))
        self.listing.highlighted = self.listing.option_count - 1
        self.listing.scroll_end(animate=False)

    def on_resize(self) -> None:
        """Keep following the newest entry across a resize, when it was in view."""
        listing = self.listing
        if listing.highlighted is None or listing.highlighted == listing.option_count - 1:
            self.call_after_refresh(listing.scroll_end, animate=False)

    def _list(
        self, entries: list[Entry], *, found: bool = False, highlight: int | None = None
    ) -> None:
        """List ``entries`` (a search's when ``found``), the one at ``highlight`` (or the
        last) highlighted."""
        assert self.campaign is not None
        listing = self.listing
        listing.clear_options()
        self.entries = entries
        self.found = found
        self.earlier = not found and bool(entries) and entries[0].id > 1
        options = [self._option(entry) for entry in entries]
        if self.earlier:
            count = entries[0].id - 1
            line = Text(self.strings.t("journal.older", count=count), style="dim italic")
            options.insert(0, Option(line, id=EARLIER_ID))
        listing.add_options(options)
        if not listing.option_count:
            return
        if highlight is None or not entries:
            listing.highlighted = listing.option_count - 1
            listing.scroll_end(animate=False)
        else:
            listing.highlighted = self._index(max(highlight, 0))
            listing.scroll_to_highlight(top=True)

    def _index(self, position: int) -> int:
        """The list's line of ``self.entries[position]``."""
        return position + (1 if self.earlier else 0)

    def _option(self, entry: Entry) -> Option:
        assert self.campaign is not None
        reading = read_entry(entry, self.campaign, self.strings.t)
        text = Text(f"{entry.id:>4} ", style="dim")
        if entry.game_time:
            text.append(f"[{entry.game_time}] ", style="italic")
        if entry.roll is not None:
            text.append(reading.text)
            if reading.outcome is not None:
                style = OUTCOME_COLOURS[style_class(reading.outcome)]
                text.append(f"  {reading.result}", style=style)
            elif reading.result:
                text.append(f" → {reading.result}", style="bold")
            if reading.physical:
                text.append("  ✋", style="dim")
            if entry.id in self.expanded:
                text.append("\n     " + reading.dice, style="dim")
                summary = dice_summary(entry.roll, self.strings.t)
                if summary:
                    text.append("\n     " + summary, style="dim")
                if reading.seed is not None:
                    text.append(f"  {self.strings.t('app.seed', seed=reading.seed)}", style="dim")
        elif entry.kind in ("session", "scene"):
            text.append(("■ " if entry.kind == "session" else "□ ") + entry.text, style="bold")
        elif entry.kind == "note" and self.campaign.is_struck(entry):
            text.append(reading.text, style="strike dim")
            text.append(f"  {self.strings.t('journal.struck')}", style="italic dim")
        elif entry.kind == "note":
            text.append(reading.text)
        else:
            text.append(reading.text, style="italic dim")
        return Option(text, id=str(entry.id))

    @on(OptionList.OptionSelected, "#journal-list")
    def toggle(self, event: OptionList.OptionSelected) -> None:
        """Enter on a roll shows or hides its dice; on a note, asks to edit it."""
        event.stop()
        if event.option.id == EARLIER_ID:
            self.show_earlier()
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
        if option_id is None or option_id == EARLIER_ID:
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

    def refresh_entry(self, entry_id: int) -> None:
        """Redraw one entry (a note was rewritten)."""
        for position, entry in enumerate(self.entries):
            if entry.id == entry_id:
                self.listing.replace_option_prompt_at_index(
                    self._index(position), self._option(entry).prompt
                )

    async def action_search(self) -> None:
        found = self.query("#journal-search").results(Input)
        search = next(found, None)
        if search is None:
            search = Input(placeholder=self.strings.t("journal.search"), id="journal-search")
            await self.mount(search, before=0)
        search.remove_class("hidden")
        search.focus()

    @on(Input.Submitted, "#journal-search")
    def search(self, event: Input.Submitted) -> None:
        """Show every entry of the whole journal whose text holds the search."""
        event.stop()
        wanted = event.value.strip().casefold()
        if not wanted or self.campaign is None:
            self.query_one("#journal-search", Input).add_class("hidden")
            if self.campaign is not None:
                self.show(self.campaign)
            self.query_one("#journal-status", Static).update("")
            return
        campaign = self.campaign
        found = [
            entry
            for entry in campaign.journal
            if wanted in campaign.note_text(entry).casefold()
            or (entry.game_time and wanted in entry.game_time.casefold())
        ]
        self._list(found, found=True)
        status = self.strings.t("journal.found", count=len(found))
        self.query_one("#journal-status", Static).update(status)
