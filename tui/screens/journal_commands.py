"""The journal's requests and the command line at the table: a note struck, rewritten,
left out of the luck or counted again, an entry undone, a note written (F9); and a line
typed at ``:`` read as a question, a table, a test notation, dice or a note."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from meneur.core.errors import RulesError
from meneur.play import act
from meneur.play.errors import CampaignError
from meneur.tui.widgets.command_line import CommandLine
from meneur.tui.widgets.journal import JournalView
from meneur.tui.widgets.panels.base import ActionPanel

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from meneur.play.journal import Entry
    from meneur.play.session import Session
    from meneur.tui.widgets.oracles import OraclePanel
    from meneur.tui.widgets.tables import TablesPanel

NOTE_PREFIX = '"'
"""A command line starting with this is a note, whatever it looks like (``"2d6 gobelins``)."""


class StoryTable(Protocol):
    """What the table screen gives the commands."""

    session: Session

    @property
    def app(self) -> Any: ...

    def t(self, key: str, **values: object) -> str: ...

    def explain(self, error: Exception) -> str: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def characters_changed(self, entries: Iterable[Entry] = ()) -> None: ...


class _Table(StoryTable, Protocol):
    """What the table screen gives these commands, beside what it gives the story's."""

    acting: str | None

    @property
    def oracle_panel(self) -> OraclePanel: ...

    @property
    def tables_panel(self) -> TablesPanel: ...

    def _journal_view(self) -> JournalView: ...

    def _command_line(self) -> CommandLine: ...

    def _action_panel(self) -> ActionPanel: ...

    def show_tab(self, tab: str) -> None: ...

    def why_refused(self, error: CampaignError) -> str: ...


# The screen gives these at run time; only the type checker needs to hear of them.
if TYPE_CHECKING:
    _Base = _Table
else:
    _Base = object


class JournalCommands(_Base):
    """Mixed into the table screen: the journal's requests and the command line.

    The journal's handlers are named for their messages
    (``on_journal_view_strike_requested``): Textual finds those by name through the
    screen's classes, where ``@on`` handlers of a mixin that is not a widget would go
    unseen. The command line's, which needs a selector, is the screen's (it calls
    :meth:`command`)."""

    def on_journal_view_strike_requested(self, event: JournalView.StrikeRequested) -> None:
        """Strike a note: one journal entry, one undo brings it back."""
        try:
            entry = act.strike_note(self.session.campaign, self.session.seat, event.entry_id)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="warning")
            return
        self.characters_changed([entry])

    def on_journal_view_count_requested(self, event: JournalView.CountRequested) -> None:
        """x on a journal roll: the GM leaves it out of the luck counted (F8), or counts
        it again; one journal entry, undoable. Anyone else is refused by the campaign."""
        campaign = self.session.campaign
        left_out = str(event.entry_id) in campaign.state.get("uncounted", {})
        try:
            entry = act.count_roll(campaign, self.session.seat, event.entry_id, counted=left_out)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.why_refused(error)), severity="warning")
            return
        self.characters_changed([entry])
        self.notify(self.t("luck.counted_again" if left_out else "luck.left_out"))

    def on_journal_view_undo_requested(self, event: JournalView.UndoRequested) -> None:
        """u on a journal entry: take back that change (a GM anyone's, a player only
        their own: the table's rule, in the campaign)."""
        try:
            entry, notice = self.session.undo_entry(event.entry_id)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.why_refused(error)), severity="warning")
            return
        self.characters_changed([entry])
        self.notify(notice)

    def on_journal_view_edit_requested(self, event: JournalView.EditRequested) -> None:
        """Rewrite a note in the editor (the journal keeps the original and the edit)."""
        self.edit_note(event.entry_id)

    def edit_note(self, entry_id: int, typed: str | None = None) -> None:
        """Rewrite note ``entry_id`` in the editor, holding ``typed`` at first if given
        (a draft kept from last time)."""
        from .note_editor import NoteEditor

        campaign = self.session.campaign
        entry = campaign.journal.entry(entry_id)

        def save(text: str) -> str | None:
            try:
                change = act.edit_note(campaign, self.session.seat, entry.id, text)
            except CampaignError as error:
                return self.explain(error)
            journal = self._journal_view()
            journal.refresh_entry(entry.id)
            journal.add(change)
            return None

        title = self.t("note.edit")
        self.app.push_screen(
            NoteEditor(
                self.session, title, campaign.note_text(entry), save, edits=entry.id, typed=typed
            )
        )

    def action_note(self, typed: str = "") -> None:
        """Write a note of several lines, in Markdown (F9); the editor holds ``typed`` at
        first (a draft kept from last time)."""
        from .note_editor import NoteEditor

        def save(text: str) -> str | None:
            try:
                entry = self.session.note(text)
            except CampaignError as error:
                return self.explain(error)
            self._journal_view().add(entry)
            return None

        self.app.push_screen(NoteEditor(self.session, self.t("note.new"), "", save, typed=typed))

    def command(self, event: CommandLine.Submitted) -> None:
        event.stop()
        line = self._command_line()
        # A ":" or "/" typed to reach the line is not part of the command.
        text = event.value.strip().lstrip(":/").strip()
        line.remember(text)
        if not text:
            return
        try:
            self.run_command(text)
        except (RulesError, CampaignError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")

    def run_command(self, text: str) -> None:
        """Read a command line: ``? question``, a table, a test notation, dice, or a note."""
        from meneur.core import tables

        if text.startswith("?"):
            self.oracle_panel.ask_from_command(text[1:])
            self.show_tab("oracles")
            return
        table = tables.find(self.session.tables(), text)
        if table is not None:
            self.tables_panel.roll_table(table)
            self.show_tab("tables")
            return
        if text.startswith(NOTE_PREFIX):
            # A note that would read as a command (dice, a table's name…).
            self._journal_view().add(self.session.note(text[1:].strip()))
            return
        if text.startswith("["):
            if not self._action_panel().run_notation(text):
                raise RulesError(
                    f"{text} is Le Sphérier's notation",
                    message_key="command.not_spherier",
                    notation=text,
                )
            self.show_tab("action")
            return
        from meneur.core.expressions import DiceInputs
        from meneur.core.notation import looks_like_dice, parse

        if not looks_like_dice(text):
            self._journal_view().add(self.session.note(text))
            return
        parse(text)  # a mistyped roll says what is wrong: it is not a note
        from meneur.play.rolls import roll_words

        record = self.session.roll(DiceInputs(text))
        entry = self.session.record(record, roll_words(record), character=self.acting)
        self._journal_view().add(entry)
        if self.session.blind(entry):  # the GM alone sees the result
            self.notify(f"{text} · {self.session.seen_by(entry)}")
            return
        self.notify(f"{text} → {record.result} · {self.session.seen_by(entry)}")
