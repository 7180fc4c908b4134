"""F9 (and ``e`` on a note): a note of several lines, in Markdown, with its rendering
beside it where there is room. ``ctrl+s`` writes it; ``Esc`` leaves (twice when it was
changed: nothing typed is lost to one stray key). A note that cannot be written (too
long) stays in the editor with the reason, never lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown, Static, TextArea

from meneur.play.session import SessionStrings
from meneur.tui.i18n import translate_bindings
from meneur.tui.widgets.footer import KeyFooter
from meneur.tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from textual.timer import Timer

    from meneur.play.session import Session

PREVIEW_FROM = 100
"""Columns from which the rendering shows beside the text."""
PREVIEW_DELAY = 0.3
"""Seconds of no typing before the rendering follows the text (a long note is not
rendered again at every key)."""


class NoteEditor(SessionStrings, Screen[str | None]):
    """Write or rewrite a note; dismissed with the text written, or None."""

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="note_save"),
        Binding("escape", "leave", "Cancel", id="note_cancel"),
    ]

    def __init__(
        self,
        session: Session,
        title: str,
        text: str,
        save: Callable[[str], str | None],
        *,
        edits: int | None = None,
        typed: str | None = None,
        read_only: bool = False,
    ) -> None:
        """``save(text)`` writes the note: None once written, else why it was not.
        ``edits``: the entry the note rewrites (None: a new note); ``typed``: what the
        editor holds at first, when it is not ``text`` (a draft kept from last time);
        ``read_only``: a note this seat may read but not rewrite (another's)."""
        super().__init__()
        self.session = session
        self.heading = title
        self.original = text
        self.save = save
        self.edits = edits
        self.latest = text if typed is None else typed
        self.read_only = read_only
        self._settled = False
        self._leaving = False
        self._preview_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="note-body"):
            yield TextArea(self.latest, id="note-text", soft_wrap=True, read_only=self.read_only)
            with VerticalScroll(id="note-preview"):
                yield Markdown(self.latest, id="note-rendered", open_links=False)
        said = "note.read_only" if self.read_only else "note.help"
        yield Static(self.t(said), id="note-help", classes="dim")
        yield KeyFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Read-only: nothing to save, so no key offers it.
        return not (self.read_only and action == "save")

    def on_mount(self) -> None:
        translate_bindings(self, self.session.strings)
        self.title = self.heading
        area = self.query_one("#note-text", TextArea)
        area.focus()
        area.move_cursor(area.document.end)
        self._fit(self.size.width)

    def on_resize(self) -> None:
        self._fit(self.size.width)

    def _fit(self, width: int) -> None:
        self.query_one("#note-preview").display = width >= PREVIEW_FROM

    @property
    def typed(self) -> str:
        """What the editor holds now."""
        return self.query_one("#note-text", TextArea).text

    @on(TextArea.Changed, "#note-text")
    def changed(self) -> None:
        self.latest = self.typed
        self._leaving = False
        self.query_one("#note-help", Static).update(self.t("note.help"))
        if self._preview_timer is not None:
            self._preview_timer.stop()
        self._preview_timer = self.set_timer(PREVIEW_DELAY, self._preview)

    def _preview(self) -> None:
        self._preview_timer = None
        self.query_one("#note-rendered", Markdown).update(self.typed)

    @on(Markdown.LinkClicked)
    def no_links(self, event: Markdown.LinkClicked) -> None:
        # A note's link is text: at a served table, opening it would open it on the
        # server, not on the player's screen.
        event.stop()

    def action_save(self) -> None:
        """Write the note; an empty one is no note (nothing written)."""
        text = self.typed.strip()
        if not text or text == self.original.strip():
            self._settle()
            self.dismiss(None)
            return
        refused = self.save(text)
        if refused is not None:
            self.query_one("#note-help", Static).update(self.t("app.error", message=refused))
            return
        self._settle()
        self.dismiss(text)

    def action_leave(self) -> None:
        """Leave; when the text was changed, only at the second Esc."""
        if self.typed.strip() == self.original.strip() or self._leaving:
            self._settle()
            self.dismiss(None)
            return
        self._leaving = True
        self.query_one("#note-help", Static).update(self.t("note.unsaved"))

    def _settle(self) -> None:
        """The note was written, or left on purpose: no draft of it is kept any more."""
        self._settled = True
        if not self.session.remote:
            from meneur.play import drafts

            drafts.forget(self.session.campaign.directory)

    def keep_draft(self) -> None:
        """Keep what was typed and not written (the app must stop: its terminal closed,
        it was told to end), to offer it back at the next start. A connection's editor
        keeps nothing on the server."""
        if self._settled or self.session.remote:
            return
        if self.latest.strip() == self.original.strip():
            return
        from meneur.play import drafts

        drafts.keep(self.session.campaign.directory, drafts.Draft(self.latest, self.edits))
        self._settled = True

    def on_unmount(self) -> None:
        # The app ended with the editor open (ctrl+q, a signal): nothing typed is lost.
        self.keep_draft()
