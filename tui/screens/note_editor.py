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
        self, session: Session, title: str, text: str, save: Callable[[str], str | None]
    ) -> None:
        """``save(text)`` writes the note: None once written, else why it was not."""
        super().__init__()
        self.session = session
        self.heading = title
        self.original = text
        self.save = save
        self._leaving = False
        self._preview_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="note-body"):
            yield TextArea(self.original, id="note-text", soft_wrap=True)
            with VerticalScroll(id="note-preview"):
                yield Markdown(self.original, id="note-rendered", open_links=False)
        yield Static(self.t("note.help"), id="note-help", classes="dim")
        yield KeyFooter()

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
            self.dismiss(None)
            return
        refused = self.save(text)
        if refused is not None:
            self.query_one("#note-help", Static).update(self.t("app.error", message=refused))
            return
        self.dismiss(text)

    def action_leave(self) -> None:
        """Leave; when the text was changed, only at the second Esc."""
        if self.typed.strip() == self.original.strip() or self._leaving:
            self.dismiss(None)
            return
        self._leaving = True
        self.query_one("#note-help", Static).update(self.t("note.unsaved"))
