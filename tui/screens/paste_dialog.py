"""The dialog shown when text with line breaks is pasted into a one-line field (the
command line, a name): a screen of its own, which the field's widget
(:mod:`meneur.tui.widgets.line_input`) opens, beside the dialogs that hold such a field
(:mod:`meneur.tui.screens.dialogs`)."""

from __future__ import annotations

from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Label, OptionList, Static

from .modal import Modal


class PasteDialog(Modal[tuple[str, str] | None]):
    """Text with line breaks pasted into a one-line field (the command line, a name):
    shown before anything is done with it — Enter would otherwise have made each line a
    roll or a note of its own. The player puts it on one line, sends each line as its
    own command where the field offers it (``each``), or leaves it out. More text pasted
    while it is open (a long paste arrives in parts) joins what it shows. Dismissed with
    ``("one" | "each", text)``, or None."""

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    PREVIEW = 5
    """Lines of the paste shown."""

    def __init__(self, text: str, t: Callable[..., str], *, each: bool = False) -> None:
        super().__init__()
        self.text = text
        self.t = t
        self.choices = ["one", *(["each"] if each else []), "cancel"]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("", id="paste-title", classes="dialog-title")
            yield Static("", id="paste-preview", classes="dim", markup=False)
            yield OptionList(id="dialog-list")

    def on_mount(self) -> None:
        if not self.query("#dialog-list"):
            return  # pushed as the app closed (a flood's keys as its seat closed): not built
        self._show()
        listing = self.query_one("#dialog-list", OptionList)
        listing.highlighted = 0
        listing.focus()

    def _lines(self) -> list[str]:
        return [line for line in self.text.splitlines() if line.strip()]

    def _show(self) -> None:
        from meneur.core.text import visible

        lines = self._lines() or [""]
        shown = [visible(line)[:200] for line in lines[: self.PREVIEW]]
        if len(lines) > self.PREVIEW:
            shown.append("…")
        self.query_one("#paste-title", Label).update(
            self.t("paste.title", lines=len(lines), characters=len(self.text))
        )
        self.query_one("#paste-preview", Static).update("\n".join(shown))
        listing = self.query_one("#dialog-list", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options(
            [self.t(f"paste.{choice}", lines=len(lines)) for choice in self.choices]
        )
        listing.highlighted = highlighted if highlighted is not None else 0

    def on_paste(self, event: events.Paste) -> None:
        event.stop()
        self.text += event.text
        self._show()

    @on(OptionList.OptionSelected, "#dialog-list")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        choice = self.choices[event.option_index]
        self.dismiss(None if choice == "cancel" else (choice, self.text))

    def action_cancel(self) -> None:
        self.dismiss(None)


def one_line(text: str) -> str:
    """``text``'s lines on one line, each break a space (a blank line none)."""
    return " ".join(line.strip() for line in text.splitlines() if line.strip())
