"""The key bar at the bottom, rebuilt once per burst of changes instead of once per change.

Textual's Footer rebuilds all its keys (a widget each, ~30 ms here) every time the
screen says its bindings changed; focusing a widget, mounting one or opening a tab each
say so, and the first instants of the table say it five or six times in a row. A key
pressed then waited for all those rebuilds. This footer rebuilds once per burst: a
change waits ``SETTLE`` seconds for the others of its burst.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

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

    async def _rebuild(self) -> None:
        # Cleared first so that a change announced during the rebuild schedules another.
        self._rebuild_pending = False
        self._recomposing = True
        try:
            await self.recompose()
        finally:
            self._recomposing = False
