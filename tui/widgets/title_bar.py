"""The line at the top of a screen: the campaign's name and what the screen is for.

Textual's Header draws the same line with four widgets (an icon that opens the command
palette, a title, room for a clock); meneur needs neither the icon (ctrl+p is on the key
bar) nor the clock, and one widget draws sooner than four.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget


class TitleBar(Widget):
    """The screen's title and subtitle, centred on one line (the app's when it has none)."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
        content-align: center middle;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    def on_mount(self) -> None:
        for node in (self.app, self.screen):
            self.watch(node, "title", self._retitle, init=False)
            self.watch(node, "sub_title", self._retitle, init=False)

    def _retitle(self) -> None:
        self.refresh()

    def render(self) -> Content:
        title = self.screen.title if self.screen.title is not None else self.app.title
        sub_title = self.screen.sub_title
        if sub_title is None:
            sub_title = self.app.sub_title
        return self.app.format_title(title, sub_title)
