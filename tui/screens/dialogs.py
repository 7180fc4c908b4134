"""Small dialogs: the faces of physical dice, a note to rewrite, a file to export to, a
choice in a list (a card from the deck)."""

from __future__ import annotations

from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList, Static

from meneur.tui.widgets.line_input import TextField

from .modal import Modal


class TextDialog(Modal[str | None]):
    """Ask for one line of text; Enter gives it back, Escape gives None.

    An optional ``check`` returns an error message to show instead of closing.
    """

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    is_dismissing = False
    """Answered already: a second Enter arriving before it closed is ignored."""

    def __init__(
        self,
        title: str,
        prompt: str,
        value: str = "",
        check: Callable[[str], str | None] | None = None,
        hint: str = "",
    ) -> None:
        super().__init__()
        self.hint = hint
        self.title_text = title
        self.prompt = prompt
        self.value = value
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Label(self.prompt)
            yield TextField(value=self.value, id="dialog-input")
            yield Static("", id="dialog-error", classes="error")
            if self.hint:
                yield Label(self.hint, classes="dim")

    def on_mount(self) -> None:
        if not self.query("#dialog-input"):
            return  # pushed as the app closed (keys typed as a seat was closed): not built
        self.query_one("#dialog-input", Input).focus()

    @on(Input.Submitted, "#dialog-input")
    def submit(self, event: Input.Submitted) -> None:
        event.stop()
        if self.is_dismissing:
            return  # a second Enter before the dialog closed: one Enter, one answer
        problem = self.check(event.value) if self.check else None
        if problem:
            self.query_one("#dialog-error", Static).update(problem)
            return
        self.is_dismissing = True
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        if not self.is_dismissing:
            self.is_dismissing = True
            self.dismiss(None)


class ListDialog(Modal[int | None]):
    """Choose one line of a list; Enter or a click gives back its position, Escape None."""

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    is_dismissing = False
    """Answered already: a second Enter arriving before it closed is ignored."""

    def __init__(self, title: str, lines: list[str], hint: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.lines = lines
        self.hint = hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*self.lines, id="dialog-list")
            if self.hint:
                yield Label(self.hint, classes="dim")

    def on_mount(self) -> None:
        if not self.query("#dialog-list"):
            return  # pushed as the app closed (keys typed as a seat was closed): not built
        listing = self.query_one("#dialog-list", OptionList)
        listing.highlighted = 0
        listing.focus()

    @on(OptionList.OptionSelected, "#dialog-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.is_dismissing:
            self.is_dismissing = True
            self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        if not self.is_dismissing:
            self.is_dismissing = True
            self.dismiss(None)
