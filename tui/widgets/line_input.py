"""The table's one-line text fields: the command line, the panels' number and notation
fields.

They are Textual's Input in its compact form, with only the style that form uses:
Input's own style (borders, ANSI themes, the tall form) took 3.5 ms of the table's first
frame to read.
"""

from __future__ import annotations

from typing import Literal

from textual.widgets import Input


class LineInput(Input, inherit_css=False):
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
