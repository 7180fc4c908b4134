"""The one-line buttons of the table's panels (Roll, Ask, Reload…).

They are Textual's Button in its compact form, with only the style that form uses:
Textual's Button brings ~7 kB of CSS for every variant and border style, and reading it
took 23 ms of the table's first frame (more than any other widget).
"""

from __future__ import annotations

from textual.content import ContentText
from textual.widgets import Button
from textual.widgets.button import ButtonVariant


class ActionButton(Button, inherit_css=False):
    """A compact Button: the label on a one-line bar, primary or not.

    Its messages are Button's (``Button.Pressed``), so handlers treat both alike; CSS
    selects it as ``ActionButton`` (not ``Button``).
    """

    DEFAULT_CSS = """
    ActionButton {
        width: auto;
        min-width: 10;
        height: 1;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        text-wrap: nowrap;
        pointer: pointer;
        text-style: bold;
        color: $button-foreground;
        background: $surface;
        &:disabled {
            text-opacity: 0.6;
            pointer: not-allowed;
        }
        &:hover {
            background: $surface-darken-1;
        }
        &:focus {
            text-style: bold reverse;
        }
        &.-active {
            tint: $background 30%;
        }
        &.-primary {
            color: $button-color-foreground;
            background: $primary;
            &:hover {
                background: $primary-darken-2;
            }
        }
    }
    """

    def __init__(
        self,
        label: ContentText,
        variant: ButtonVariant = "default",
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
        disabled: bool = False,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(
            label,
            variant,
            name=name,
            id=id,
            classes=classes,
            disabled=disabled,
            tooltip=tooltip,
            compact=True,
        )
