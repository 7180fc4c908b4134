"""A row of tab names drawn by one widget: ``▸Action◂  Oracles  Tables``.

Textual's TabbedContent builds a dozen widgets for three names and an underline; at the
table every widget delays the first frame by a few milliseconds, so the names are one
line of text here, with the panes in a ContentSwitcher beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

GAP = 2
"""Spaces between two names."""


class TabBar(Widget, can_focus=True):
    """Tab names; the active one stands out by its markers, not only by colour.

    Left/right (when focused) and clicks choose a tab; :class:`TabBar.Activated` says
    which.
    """

    DEFAULT_CSS = """
    TabBar { height: 1; width: 1fr; color: $text-muted; }
    TabBar:focus { background: $accent 30%; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "◀", show=False),
        Binding("right", "step(1)", "▶", show=False),
    ]

    active: reactive[str] = reactive("")
    """The id of the tab shown."""

    class Activated(Message):
        """A tab was chosen."""

        def __init__(self, tab: str) -> None:
            self.tab = tab
            super().__init__()

    def __init__(self, tabs: Sequence[tuple[str, str]], *, id: str | None = None) -> None:
        """Args:
        tabs: (id, shown name) of each tab, in order; the first is active.
        """
        super().__init__(id=id)
        self.tabs = list(tabs)
        self.set_reactive(TabBar.active, self.tabs[0][0])

    def _spans(self) -> list[tuple[str, str, int]]:
        """Each tab's id, name and first column: drawing and clicking share one layout
        (a leading space, then each name with its two markers, then the gap)."""
        spans, x = [], 1
        for tab, name in self.tabs:
            spans.append((tab, name, x))
            x += len(name) + 2 + GAP
        return spans

    def render(self) -> Text:
        text = Text()
        for tab, name, x in self._spans():
            text.append(" " * (x - len(text)))
            if tab == self.active:
                text.append(f"▸{name}◂", style="bold reverse" if self.has_focus else "bold")
            else:
                text.append(f" {name} ")
        return text

    def watch_active(self, old: str, new: str) -> None:
        if old != new:
            self.post_message(self.Activated(new))

    def action_step(self, delta: int) -> None:
        ids = [tab for tab, _ in self.tabs]
        self.active = ids[(ids.index(self.active) + delta) % len(ids)]

    def on_click(self, event: Click) -> None:
        for tab, name, x in self._spans():
            if x <= event.x < x + len(name) + 2:
                self.active = tab
                return
