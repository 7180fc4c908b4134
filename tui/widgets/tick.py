"""A checkbox whose state shows as a symbol (✔ or blank), not only as a colour."""

from __future__ import annotations

from textual.widgets import Checkbox


class Tick(Checkbox):
    """A Checkbox showing ✔ when checked and nothing when not."""

    def on_mount(self) -> None:
        self._mark()

    def watch_value(self) -> None:
        self._mark()
        super().watch_value()

    def _mark(self) -> None:
        # ToggleButton draws BUTTON_INNER in the box; an instance value overrides the class's.
        self.BUTTON_INNER = "✔" if self.value else " "
        self.refresh()
