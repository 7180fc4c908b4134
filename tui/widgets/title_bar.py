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

    def on_resize(self) -> None:
        self.refresh()

    def render(self) -> Content:
        """The title and subtitle; on a line too short for both (a phone), the title
        alone, and if even that is too long, its first words that fit: never a word cut
        in two."""
        title = self.screen.title if self.screen.title is not None else self.app.title
        sub_title = self.screen.sub_title
        if sub_title is None:
            sub_title = self.app.sub_title
        width = self.size.width
        whole = self.app.format_title(title, sub_title)
        if not width or whole.cell_length <= width:
            return whole
        alone = self.app.format_title(title, "")
        if alone.cell_length <= width:
            return alone
        return Content(words_within(title, width))


def words_within(text: str, width: int) -> str:
    """The first words of ``text`` that fit ``width`` cells with an ellipsis after them
    (the first word cut only when it alone is longer than the line)."""
    if Content(text).cell_length <= width:
        return text
    kept = ""
    for word in text.split(" "):
        longer = f"{kept} {word}" if kept else word
        if Content(longer).cell_length + 1 > width:
            break
        kept = longer
    if not kept:  # one word longer than the line: as much of it as fits
        for character in text:
            if Content(kept + character).cell_length + 1 > width:
                break
            kept += character
        return kept + "…"
    return kept.rstrip(" —-–,;:") + "…"
