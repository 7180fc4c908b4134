"""A checkbox whose state shows as a symbol (✔ or blank), not only as a colour."""

from __future__ import annotations

from textual.widgets import Checkbox
from textual.widgets._toggle_button import ToggleButton


class Tick(Checkbox, inherit_css=False):
    """A compact Checkbox showing ✔ when checked and nothing when not.

    It carries only the style of the compact form it is always shown in: Textual's
    ToggleButton style (every form, ANSI themes, borders) took 5 ms of the table's first
    frame to read. CSS selects it as ``Tick``; its messages are Checkbox's.
    """

    # Component classes come with the CSS: without it, ToggleButton's are named again.
    COMPONENT_CLASSES = ToggleButton.COMPONENT_CLASSES

    DEFAULT_CSS = """
    Tick {
        width: auto;
        height: auto;
        background: $surface;
        text-wrap: nowrap;
        text-overflow: ellipsis;
        pointer: pointer;
        & > .toggle--button {
            color: $panel-darken-2;
            background: $panel;
        }
        &.-on > .toggle--button {
            color: $text-success;
            background: $panel;
        }
        &:blur:hover > .toggle--label {
            background: $block-hover-background;
        }
        /* Focus shows in every theme, never by a hue alone: the label is reversed. */
        &:focus {
            background: $accent 30%;
            & > .toggle--label {
                text-style: reverse;
            }
        }
    }
    """

    def __init__(
        self,
        label: str,
        value: bool = False,
        *,
        id: str | None = None,
        tooltip: str | None = None,
    ) -> None:
        super().__init__(label, value, id=id, tooltip=tooltip, compact=True)

    def on_mount(self) -> None:
        self._mark()

    def watch_value(self) -> None:
        self._mark()
        super().watch_value()

    def _mark(self) -> None:
        # ToggleButton draws BUTTON_INNER in the box; an instance value overrides the class's.
        self.BUTTON_INNER = "✔" if self.value else " "
        self.refresh()
