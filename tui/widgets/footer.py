"""The key bar at the bottom: the essential keys always, the others as room allows.

Textual's Footer shows every key in order and lets the last ones fall off a narrow
terminal (at 110 columns the table lost Quit); this one keeps Help, Roll, Command, Undo
and Quit and fits the others in the room left, in their order.

Textual's Footer is also a widget per key, all rebuilt whenever the screen says its
bindings changed (focusing a widget, mounting one, opening a tab): ~30 ms each time,
which delayed the first frame and the first roll. This bar is one line of text, worked
out again only when the keys or the width change and drawn like any other line.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget

ESSENTIAL = ("help", "roll", "command", "undo", "quit")
"""Binding ids the bar shows first when they are active (each while it fits whole)."""


class Key(NamedTuple):
    """One key as the bar shows it."""

    key: str
    """The key as Textual names it (what a click presses)."""
    id: str | None
    """The binding's id (see ESSENTIAL)."""
    display: str
    description: str
    enabled: bool
    tooltip: str

    @property
    def width(self) -> int:
        """Cells taken: a cell either side of the key, the description and a cell after."""
        return cell_len(self.display) + cell_len(self.description) + 3


class Placed(NamedTuple):
    """A key and the columns it takes on the bar."""

    start: int
    end: int
    key: Key


class KeyFooter(Widget):
    """The screen's keys on one line: key, description, key, description…"""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"key-bar--key", "key-bar--description", "key-bar--hover"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        & > .key-bar--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .key-bar--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .key-bar--hover {
            background: $block-hover-background;
        }
    }
    """

    hovered: reactive[int | None] = reactive(None)
    """Index in the placed keys of the one under the mouse."""

    def __init__(self) -> None:
        super().__init__()
        self._placed: list[Placed] | None = None
        self._placed_width = -1

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The screen's keys may have changed: lay the bar out again when next drawn."""
        if screen is self.screen:
            self._placed = None
            self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        # Another width fits other keys.
        self._placed = None

    def keys(self) -> list[Key]:
        """Every key the screen shows in a bar, in its order, one per action."""
        keys: list[Key] = []
        actions: set[str] = set()
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if binding.show and binding.action not in actions and not self._is_palette(binding):
                actions.add(binding.action)
                keys.append(self._key(binding, enabled, tooltip))
        return keys

    def _is_palette(self, binding: Binding) -> bool:
        return binding.key == self.app.COMMAND_PALETTE_BINDING

    def _key(self, binding: Binding, enabled: bool, tooltip: str) -> Key:
        return Key(
            binding.key,
            binding.id,
            self.app.get_key_display(binding),
            binding.description,
            enabled,
            tooltip or binding.description,
        )

    def placed(self) -> list[Placed]:
        """The keys that fit the bar's width and where they are.

        The essential keys come first to the room; the others are kept in their order
        while they fit; the command palette's key, if any, takes the right end.
        """
        width = self.size.width or self.app.size.width
        if self._placed is not None and self._placed_width == width:
            return self._placed
        keys = self.keys()
        palette: Key | None = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, tooltip = found
                palette = self._key(binding, enabled, tooltip)
        room = width - (palette.width if palette else 0)
        kept: list[int] = []
        # Essential first, then the others in order; each whole or not at all (on a
        # phone a key without its word, "^q", says nothing).
        essential = [i for i, key in enumerate(keys) if key.id in ESSENTIAL]
        others = [i for i in range(len(keys)) if i not in essential]
        for index in essential + others:
            if keys[index].width <= room:
                kept.append(index)
                room -= keys[index].width
        placed: list[Placed] = []
        column = 0
        for index in sorted(kept):
            key = keys[index]
            placed.append(Placed(column, column + key.width, key))
            column += key.width
        if palette is not None and column + palette.width <= width:
            placed.append(Placed(width - palette.width, width, palette))
        self._placed, self._placed_width = placed, width
        return placed

    def render(self) -> Text:
        key_style = self.get_component_rich_style("key-bar--key")
        description_style = self.get_component_rich_style("key-bar--description")
        hover_style = self.get_component_rich_style("key-bar--hover")
        line = Text(no_wrap=True, overflow="crop", end="")
        for index, (start, _, key) in enumerate(self.placed()):
            if start > line.cell_len:
                line.append(" " * (start - line.cell_len))
            begin = len(line)  # characters, as stylize counts
            line.append(f" {key.display} ", key_style)
            line.append(f"{key.description} ", description_style)
            if index == self.hovered:
                line.stylize(hover_style, begin, len(line))
            if not key.enabled:
                line.stylize("dim", begin, len(line))
        return line

    def _index_at(self, x: int) -> int | None:
        for index, (start, end, _) in enumerate(self.placed()):
            if start <= x < end:
                return index
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = self._index_at(event.x)
        self.tooltip = None if self.hovered is None else self.placed()[self.hovered].key.tooltip

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None

    def on_mouse_down(self, event: events.MouseDown) -> None:
        # A click on a key presses it, as Textual's footer does.
        index = self._index_at(event.x)
        if index is None:
            return
        key = self.placed()[index].key
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()
