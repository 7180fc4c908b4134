"""meneur's text fields: the table's one-line fields (the command line, the panels'
number and notation fields), and the dialogs' and screens' fields.

They are Textual's Input in its compact form, with only the style that form uses:
Input's own style (borders, ANSI themes, the tall form) took 3.5 ms of the table's first
frame to read.

Enter submits what was typed *before* it. Textual runs an Input's Enter binding only once
the key has bubbled up to the app, by which time the keys typed after it (a fast typist,
a burst over SSH, tmux send-keys) are in the field already: "note one⏎note two⏎" came
out as one note "note onenote two". Here Enter is handled where the typed letters are,
in the order they came.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from textual import events
from textual.binding import Binding, BindingType
from textual.widgets import Input


class TextField(Input):
    """Textual's Input, whose Enter submits what was typed before it (see the module's
    docstring): every text field of meneur's screens is one.

    ctrl+e is the table's export, even from a field (play-tested: it moved the cursor
    to the end of the line instead, which the End key does)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+e", "screen.export", show=False),
    ]

    def _on_paste(self, event: events.Paste) -> None:
        """A paste of one line goes in where the cursor is; one with line breaks (a
        bracketed paste, or one the terminal typed, more than anybody types at once: see
        :mod:`meneur.tui.typed_bursts`, which never makes typed lines one paste) is shown
        first and put on one line only if the player says so, never submitted."""
        event.stop()
        event.prevent_default()  # Input's own handler keeps the first line only
        text = event.text.rstrip("\r\n")
        if "\n" not in text and "\r" not in text:
            if text:  # one line: put in (or over the selection) by Input's own paste
                super()._on_paste(events.Paste(text))
            return
        from meneur.tui.screens.paste_dialog import PasteDialog, one_line

        def answered(answer: tuple[str, str] | None) -> None:
            self.focus()
            if answer is None:
                return
            how, pasted = answer
            if how == "each":
                self.send_lines(pasted)
            else:
                self.insert_text_at_cursor(one_line(pasted))

        t = self.app.t  # type: ignore[attr-defined]
        self.app.push_screen(PasteDialog(event.text, t, each=self.SENDS_EACH_LINE), answered)

    SENDS_EACH_LINE: ClassVar[bool] = False
    """Whether a paste of several lines may be sent a line at a time (:meth:`send_lines`),
    once the player chose to."""

    def send_lines(self, text: str) -> None:
        """Send each line of ``text`` as typed then Enter (fields that offer it)."""

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls Input's own handler after this one (unless prevented): every
        # other key goes on to it.
        if event.key == "enter":
            # Submitted now, with what the field holds now: see the module's docstring.
            event.stop()
            event.prevent_default()
            await self.action_submit()


class LineInput(TextField, inherit_css=False):
    """A compact Input: one line, no border. CSS selects it as ``LineInput``."""

    # Component classes come with the CSS: without it, Input's are named again.
    COMPONENT_CLASSES = Input.COMPONENT_CLASSES

    DEFAULT_CSS = """
    LineInput {
        background: $surface;
        color: $foreground;
        width: 100%;
        height: 1;
        scrollbar-size-horizontal: 0;
        pointer: text;
        &:focus {
            background-tint: $foreground 5%;
        }
        &.-invalid {
            background-tint: $error 20%;
        }
        & > .input--cursor {
            background: $input-cursor-background;
            color: $input-cursor-foreground;
            text-style: $input-cursor-text-style;
        }
        & > .input--selection {
            background: $input-selection-background;
            color: $input-selection-foreground;
        }
        & > .input--placeholder, & > .input--suggestion {
            color: $text-disabled;
        }
    }
    """

    def __init__(
        self,
        value: str | None = None,
        placeholder: str = "",
        *,
        id: str | None = None,
        classes: str | None = None,
        type: Literal["integer", "number", "text"] = "text",
    ) -> None:
        super().__init__(value, placeholder, id=id, classes=classes, type=type, compact=True)
