"""The key bar at the bottom: the essential keys always, the others as room allows,
rebuilt once per burst of changes instead of once per change.

Textual's Footer shows every key in order and lets the last ones fall off a narrow
terminal (at 110 columns the table lost Quit); this one keeps Help, Roll, Command, Undo
and Quit and fits the others in the room left, in their order.

Textual's Footer also rebuilds all its keys (a widget each, ~30 ms here) every time the
screen says its bindings changed; focusing a widget, mounting one or opening a tab each
say so, and the first instants of the table say it five or six times in a row. A key
pressed then waited for all those rebuilds. This footer rebuilds once per burst: a
change waits ``SETTLE`` seconds for the others of its burst.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer

# FooterKey is Footer's own key widget (textual is pinned exactly: see pyproject.toml).
from textual.widgets._footer import FooterKey

ESSENTIAL = ("help", "roll", "command", "undo", "quit")
"""Binding ids the bar always shows when they are active."""
PALETTE_ROOM = 14
"""Columns kept for the command palette's key at the right end."""

SETTLE = 0.05
"""Seconds a rebuild waits for more changes (short enough to go unseen)."""


class KeyFooter(Footer):
    """A Footer whose rebuilds are coalesced."""

    _rebuild_pending = False
    _recomposing = False

    def bindings_changed(self, screen: Screen[object]) -> None:
        # Textual's own handler, except that a rebuild already waiting covers this one.
        # (_bindings_ready is Footer's flag that bindings were announced; textual is pinned.)
        self._bindings_ready = True
        if not screen.app.app_focus or self._rebuild_pending:
            return
        if self.is_attached and screen is self.screen:
            self._rebuild_pending = True
            self.set_timer(SETTLE, self._rebuild)

    @property
    def rebuilding(self) -> bool:
        """Whether a rebuild is waiting for its burst to end or under way (tests wait)."""
        return self._rebuild_pending or self._recomposing

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        active = self.screen.active_bindings
        shown: list[tuple[Binding, bool, str]] = []
        actions: set[str] = set()
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in actions:
                actions.add(binding.action)
                shown.append((binding, enabled, tooltip))
        keys = [self.app.get_key_display(binding) for binding, _, _ in shown]
        # Each key takes its display, its description and three cells of padding.
        widths = [
            len(key) + len(b.description) + 3 for key, (b, _, _) in zip(keys, shown, strict=True)
        ]
        room = (self.size.width or self.app.size.width) - PALETTE_ROOM
        kept = [i for i, (b, _, _) in enumerate(shown) if b.id in ESSENTIAL]
        room -= sum(widths[i] for i in kept)
        for index, width in enumerate(widths):
            if index not in kept and width <= room:
                kept.append(index)
                room -= width
        kept.sort()
        self.styles.grid_size_columns = len(kept)
        for index in kept:
            binding, enabled, tooltip = shown[index]
            yield FooterKey(
                binding.key,
                keys[index],
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            ).data_bind(compact=Footer.compact)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            try:
                _node, binding, enabled, tooltip = active[self.app.COMMAND_PALETTE_BINDING]
            except KeyError:
                return
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    def on_resize(self, event: Resize) -> None:
        # Another width fits other keys.
        if self._bindings_ready and not self._rebuild_pending:
            self._rebuild_pending = True
            self.set_timer(SETTLE, self._rebuild)

    async def _rebuild(self) -> None:
        # Cleared first so that a change announced during the rebuild schedules another.
        self._rebuild_pending = False
        self._recomposing = True
        try:
            await self.recompose()
        finally:
            self._recomposing = False
