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

from typing import NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.reactive import reactive
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


class KeyPlan(NamedTuple):
    """One key as the bar shows it."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str
    classes: str

    def without_state(self) -> tuple[str, str, str, str, str, str]:
        """What needs a rebuild to change (whether the key is available does not)."""
        return (self.key, self.display, self.description, self.action, self.tooltip, self.classes)


class Key(FooterKey):
    """Textual's key, made in the bar's regular (not compact) style from the start.

    Textual's key starts compact and is told otherwise by its bar once mounted: two
    restyles per key, a third of a rebuild's time.
    """

    compact = reactive(False)


class KeyFooter(Footer):
    """A Footer whose rebuilds are coalesced, and skipped when nothing shown changes."""

    _rebuild_pending = False
    _recomposing = False
    _shown_plan: list[KeyPlan] = []

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

    def _plan(self) -> list[KeyPlan]:
        """The keys the bar should show now, in order, at its width."""
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
        plan = [
            KeyPlan(
                shown[i][0].key,
                keys[i],
                shown[i][0].description,
                shown[i][0].action,
                shown[i][1],
                shown[i][2],
                "",
            )
            for i in kept
        ]
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            try:
                _node, binding, enabled, tooltip = active[self.app.COMMAND_PALETTE_BINDING]
            except KeyError:
                return plan
            plan.append(
                KeyPlan(
                    binding.key,
                    self.app.get_key_display(binding),
                    binding.description,
                    binding.action,
                    enabled,
                    binding.tooltip or binding.description,
                    "-command-palette",
                )
            )
        return plan

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        plan = self._plan()
        self._shown_plan = plan
        self.styles.grid_size_columns = sum(1 for key in plan if not key.classes)
        for key in plan:
            yield Key(
                key.key,
                key.display,
                key.description,
                key.action,
                classes=key.classes,
                disabled=not key.enabled,
                tooltip=key.tooltip,
            )

    def on_resize(self, event: Resize) -> None:
        # Another width fits other keys.
        if self._bindings_ready and not self._rebuild_pending:
            self._rebuild_pending = True
            self.set_timer(SETTLE, self._rebuild)

    async def _rebuild(self) -> None:
        # Cleared first so that a change announced during the rebuild schedules another.
        self._rebuild_pending = False
        if not self.is_attached:
            return
        plan = self._plan()
        if [key.without_state() for key in plan] == [
            key.without_state() for key in self._shown_plan
        ]:
            # The same keys: most announcements (a focus moving) change nothing shown, or
            # only whether a key is available (undo after the first roll). Updating those
            # keys costs a restyle each; rebuilding the bar costs ~30 ms.
            keys = list(self.query_children(Key))
            if len(keys) == len(plan):
                for widget, key in zip(keys, plan, strict=True):
                    widget.disabled = not key.enabled
                self._shown_plan = plan
                return
        self._recomposing = True
        try:
            await self.recompose()
        finally:
            self._recomposing = False
