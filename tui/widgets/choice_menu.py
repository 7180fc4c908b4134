"""The open list of a :class:`~meneur.tui.widgets.choice.Choice`: a small modal screen
drawn under it, imported only when a player opens one (never for the first frame)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Click, Key
from textual.geometry import Region
from textual.widgets import OptionList

from meneur.tui.screens.modal import Modal


class ChoiceMenu(Modal[int | None]):
    """The open list of a Choice, drawn under it; dismissed with the chosen index."""

    DEFAULT_CSS = """
    ChoiceMenu { align: left top; background: transparent; }
    ChoiceMenu > OptionList { border: tall $accent; padding: 0; max-height: 12; width: auto; }
    """

    BINDINGS = [Binding("escape", "dismiss(None)", show=False)]

    def __init__(self, labels: Sequence[str], current: int | None, under: Region) -> None:
        super().__init__()
        self.labels = list(labels)
        self.current = current
        self.under = under

    def compose(self) -> ComposeResult:
        yield OptionList(*self.labels)

    def on_mount(self) -> None:
        listing = self.query_one(OptionList)
        height = min(len(self.labels), 10) + 2
        # Under the choice when there is room, above it otherwise.
        below = self.under.bottom
        top = below if below + height <= self.size.height else max(0, self.under.y - height)
        listing.styles.offset = (self.under.x, top)
        listing.styles.min_width = max(20, self.under.width)
        # Never wider than the room right of the choice: long options wrap instead.
        listing.styles.max_width = max(20, self.size.width - self.under.x)
        if self.current is not None:
            listing.highlighted = self.current
        listing.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def on_click(self, event: Click) -> None:
        # A click outside the list closes it, as with any drop-down.
        if self.get_widget_at(event.screen_x, event.screen_y)[0] is self:
            self.dismiss(None)

    def on_key(self, event: Key) -> None:
        # Typing a letter jumps to the next option starting with it.
        if event.character is None or not event.character.isprintable() or event.character == " ":
            return
        listing = self.query_one(OptionList)
        start = (listing.highlighted or 0) + 1
        count = len(self.labels)
        for step in range(count):
            index = (start + step) % count
            if self.labels[index].lower().startswith(event.character.lower()):
                listing.highlighted = index
                event.stop()
                return
