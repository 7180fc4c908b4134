"""Random tables: the campaign's own, the GM's library and the shipped examples; roll,
see each row's exact chance, journal; reload the campaign's tables after editing
campaign.toml by hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from meneur.content.outcomes import percent_text
from meneur.core.tables import RandomTable, TableQuery
from meneur.play.library import row_chances
from meneur.play.session import SessionStrings
from meneur.play.tables import library_tables_for
from meneur.tui.widgets.button import ActionButton

from .panels.base import ActionPanel, journaled

if TYPE_CHECKING:
    from meneur.play.session import Session


class TablesPanel(SessionStrings, Vertical):
    """Pick a table and roll on it."""

    class Reloaded(Message):
        """The campaign's tables were read again (names to complete may have changed)."""

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session

    def compose(self) -> ComposeResult:
        yield OptionList(id="table-list")
        with Horizontal(classes="roll-row"):
            yield ActionButton(self.t("tables.roll"), id="roll-table", variant="primary")
            yield ActionButton(self.t("tables.reload"), id="reload-tables")
        if self._keeps_a_library():
            with Horizontal(classes="roll-row"):
                yield ActionButton(self.t("tables.import"), id="import-tables")
                yield ActionButton(self.t("tables.copy"), id="copy-table")
        yield Static("", id="table-result", classes="outcome")
        yield Static("", id="table-rows")

    def on_mount(self) -> None:
        self.fill()

    def fill(self) -> None:
        """List every table: the campaign's, then the shipped ones."""
        if not self.query("#table-list"):
            return  # built after the first frame: an app closing at once never had it
        listing = self.query_one("#table-list", OptionList)
        listing.clear_options()
        own = set(self.session.campaign.state["tables"])
        # The {key} other tables roll it by is the GM's to write; a player needs the name.
        keyed = self.session.seat.role == "gm"
        mine = {table.key for table in library_tables_for(self.session.seat)}
        for table in self.session.tables():
            # In words (play-tested: "Encounters on the road  {encounters} · 5 · shipped").
            if table.key in own:
                origin = self.t("tables.campaign")
            elif table.key in mine:
                origin = self.t("tables.library")
            else:
                origin = self.t("tables.shipped")
            said = self.t("tables.listed", rows=len(table.entries), origin=origin)
            if keyed:
                said += " · " + self.t("tables.listed_key", reference=f"{{{table.key}}}")
            text = Text(table.name, style="bold")
            text.append(f"  {said}", style="dim")
            listing.add_option(Option(text, id=table.key))
        if listing.option_count:
            listing.highlighted = 0
            self.show_rows()

    @on(OptionList.OptionHighlighted, "#table-list")
    def show_rows(self) -> None:
        """Each row of the highlighted table as the book prints it (its range, or its
        number) and its exact chance."""
        table = self.selected()
        shown = self.query_one("#table-rows", Static)
        if table is None:
            shown.update("")
            return
        lang = self.session.strings.lang
        rows = row_chances(table)
        width = max(len(label) for label, _, _ in rows)
        text = Text()
        for label, chance, words in rows:
            text.append(f"{label:>{width}} ", style="dim")
            text.append(f"{percent_text(chance, lang):>7}  ", style="bold")
            text.append(f"{words}\n")
        shown.update(text)

    def selected(self) -> RandomTable | None:
        """The highlighted table."""
        listing = self.query_one("#table-list", OptionList)
        if listing.highlighted is None:
            return None
        key = listing.get_option_at_index(listing.highlighted).id
        return next((table for table in self.session.tables() if table.key == key), None)

    @on(Button.Pressed, "#roll-table")
    @on(OptionList.OptionSelected, "#table-list")
    def action_roll(self) -> None:
        """Roll on the highlighted table."""
        table = self.selected()
        if table is not None:
            self.roll_table(table)

    def roll_table(self, table: RandomTable) -> None:
        """Roll on ``table``, show the result and journal it; with the table's physical
        dice on (ctrl+d), the player's own dice: their faces are asked first."""
        query = TableQuery.of(table, self.session.tables())
        if self._physical():
            self.post_message(ActionPanel.PhysicalFaces(self, query))
            return
        self.finish(self.session.roll(query), physical=False)

    def _physical(self) -> bool:
        """Whether the table rolls real dice now (the Action panel's box, ctrl+d)."""
        panel = next(self.screen.query("#panel").results(ActionPanel), None)
        return panel is not None and panel.physical

    def physical_dice(self, inputs: Any) -> str:
        """Which dice to roll by hand for a table: ``1d66``, ``2d6``."""
        panel = next(self.screen.query("#panel").results(ActionPanel), None)
        return "" if panel is None else panel.physical_dice(inputs)

    def finish(self, record: Any, *, physical: bool) -> None:
        """Journal and show a table's result (``physical``: from typed faces)."""
        table = next((t for t in self.session.tables() if t.key == record.inputs.table), None)
        name = table.name if table is not None else record.inputs.table
        before = self.session.last_written
        if not journaled(self, ActionPanel.Rolled(record, name, physical=physical)):
            return
        written = self.session.last_written
        text = Text(name, style="dim")
        if written is not None and written is not before and self.session.blind(written):
            text.append("\n👁 " + self.session.seen_by(written), style="italic")
            self.query_one("#table-result", Static).update(text)
            return  # the GM alone sees the result
        text.append("\n" + record.text, style="bold")
        if written is not None and written is not before:  # who sees it, in words
            text.append("\n👁 " + self.session.seen_by(written), style="italic")
        self.query_one("#table-result", Static).update(text)

    def _keeps_a_library(self) -> bool:
        """Whether this screen may import into and copy from the library: the GM's, on
        the machine that holds it (a connection's files would be the server's)."""
        return self.session.seat.role == "gm" and not self.session.remote

    @on(Button.Pressed, "#import-tables")
    @work
    async def import_tables(self) -> None:
        """Import a file or a folder of tables into the library; a file refused keeps
        the dialog open, saying why in one sentence."""
        from pathlib import Path

        from meneur.content import ContentError
        from meneur.play.errors import CampaignError
        from meneur.play.library import Imported, import_into_library
        from meneur.tui.screens.dialogs import TextDialog

        made: list[Imported] = []

        def bring(path: str) -> str | None:
            if not path.strip():
                return None
            try:
                made.append(import_into_library(Path(path.strip()).expanduser()))
            except (ContentError, CampaignError, OSError) as error:
                return self.explain(error)
            return None

        await self.app.push_screen_wait(
            TextDialog(
                self.t("tables.import_title"),
                self.t("tables.import_prompt"),
                check=bring,
                hint=self.t("app.dialog_hint"),
            )
        )
        if not made:
            return
        self.fill()
        self.post_message(self.Reloaded())
        names = ", ".join(table.name for table in made[0].tables)
        self.notify(self.t("tables.imported", count=len(made[0].tables), names=names))

    @on(Button.Pressed, "#copy-table")
    @work
    async def copy_table(self) -> None:
        """Copy the highlighted library table into the campaign, for everyone or the
        GM alone."""
        from meneur.play.errors import CampaignError
        from meneur.play.library import copy_into_campaign
        from meneur.tui.screens.dialogs import ListDialog
        from meneur.tui.widgets.desk import Desk

        table = self.selected()
        if table is None or table.key not in {t.key for t in library_tables_for(self.session.seat)}:
            self.notify(self.t("tables.not_library"), severity="warning")
            return
        choice = await self.app.push_screen_wait(
            ListDialog(
                self.t("tables.copy_title", name=table.name),
                [self.t("tables.copy_public"), self.t("tables.copy_gm")],
            )
        )
        if choice is None:
            return
        try:
            entry = copy_into_campaign(
                self.session.campaign, self.session.seat, table.key, gm=choice == 1
            )
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.post_message(Desk.Written([entry]))
        self.fill()
        self.post_message(self.Reloaded())

    @on(Button.Pressed, "#reload-tables")
    def reload(self) -> None:
        """Read the campaign's tables again from campaign.toml."""
        refused = self.session.campaign.sync().error
        if refused is not None:
            self.notify(self.t("app.error", message=self.explain(refused)), severity="error")
            return
        self.fill()
        self.post_message(self.Reloaded())
        self.notify(self.t("tables.reloaded", count=len(self.session.tables())))
