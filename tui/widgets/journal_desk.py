"""The journal's requests at the table — a note struck, rewritten, left out of the luck or
counted again, an entry undone —, a note written in the editor (F9), and the journal
exported to Markdown (ctrl+e).

A widget of the table screen that shows nothing: the table hands it the journal's
requests; it writes through ``meneur.play.act`` (or the session) and says what it wrote
by messages: :class:`JournalDesk.Written` (the party and panel follow) or
:class:`JournalDesk.Noted` (only the journal shows it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.message import Message

from meneur.play.errors import CampaignError

from .desk import Desk

if TYPE_CHECKING:
    from meneur.play.journal import Entry


class JournalDesk(Desk):
    """The journal's requests and the note editor."""

    class Noted(Message):
        """A note written or rewritten: only the journal shows it."""

        def __init__(self, entries: list[Entry]) -> None:
            super().__init__()
            self.entries = entries

    def strike(self, entry_id: int) -> None:
        """Strike a note: one journal entry, one undo brings it back."""
        from meneur.play import act

        try:
            entry = act.strike_note(self.session.campaign, self.session.seat, entry_id)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="warning")
            return
        self.post_message(self.Written([entry]))

    def count(self, entry_id: int) -> None:
        """x on a journal roll: the GM leaves it out of the luck counted (F8), or counts
        it again; one journal entry, undoable. Anyone else is refused by the campaign."""
        from meneur.play import act

        campaign = self.session.campaign
        left_out = str(entry_id) in campaign.state.get("uncounted", {})
        try:
            entry = act.count_roll(campaign, self.session.seat, entry_id, counted=left_out)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.why_refused(error)), severity="warning")
            return
        self.post_message(self.Written([entry]))
        self.notify(self.t("luck.counted_again" if left_out else "luck.left_out"))

    def undo_entry(self, entry_id: int) -> None:
        """u on a journal entry: take back that change (a GM anyone's, a player only
        their own: the table's rule, in the campaign)."""
        try:
            entry, notice = self.session.undo_entry(entry_id)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.why_refused(error)), severity="warning")
            return
        self.post_message(self.Written([entry]))
        self.notify(notice)

    def edit_note(self, entry_id: int, typed: str | None = None) -> None:
        """Rewrite note ``entry_id`` in the editor, holding ``typed`` at first if given
        (a draft kept from last time)."""
        from meneur.play import act
        from meneur.tui.screens.note_editor import NoteEditor

        campaign = self.session.campaign
        entry = campaign.journal.entry(entry_id)

        def save(text: str) -> str | None:
            try:
                change = act.edit_note(campaign, self.session.seat, entry.id, text)
            except CampaignError as error:
                return self.explain(error)
            self.post_message(self.Noted([change]))
            return None

        from meneur.core.table_rules import may_rewrite

        read_only = not may_rewrite(self.session.seat, entry.by)
        title = self.t("note.read" if read_only else "note.edit")
        text = campaign.note_text(entry)
        self.app.push_screen(
            NoteEditor(
                self.session, title, text, save, edits=entry.id, typed=typed, read_only=read_only
            )
        )

    def write_note(self, typed: str = "") -> None:
        """Write a note of several lines, in Markdown (F9); the editor holds ``typed`` at
        first (a draft kept from last time)."""
        from meneur.tui.screens.note_editor import NoteEditor

        def save(text: str) -> str | None:
            try:
                entry = self.session.note(text)
            except CampaignError as error:
                return self.explain(error)
            self.post_message(self.Noted([entry]))
            return None

        self.app.push_screen(NoteEditor(self.session, self.t("note.new"), "", save, typed=typed))

    @work
    async def action_export(self) -> None:
        """Export the journal to Markdown, in a file the player names."""
        from meneur.play.export import write_markdown
        from meneur.tui.screens.dialogs import TextDialog

        if self.session.remote:
            # The file would be written on the server, where the player cannot read it.
            self.notify(self.t("serve.not_here"), severity="warning")
            return
        campaign = self.session.campaign
        default = str(campaign.directory / "journal.md")
        path = await self.app.push_screen_wait(
            TextDialog(
                self.t("export.title"),
                self.t("export.path"),
                default,
                hint=self.t("app.dialog_hint"),
            )
        )
        if not path:
            return
        from pathlib import Path

        try:
            # What this seat may read: a player's export has none of the GM's secrets.
            write_markdown(
                Path(path), campaign, self.session.strings.lang, self.session.seat.viewer
            )
        except OSError as error:
            self.notify(self.t("app.error", message=error.strerror or str(error)), severity="error")
            return
        self.notify(self.t("app.exported", path=path))
