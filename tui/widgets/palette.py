"""Textual's command palette, made safe against keys that come faster than it: its
search runs in a worker that looks for the palette's list when it starts, and a palette
opened and closed by a burst of keys (a paste, garbage on a connection: ctrl+p then
escape) is gone by then — Textual's palette then ends the whole app (NoMatches
'CommandList'); and a second Enter while it closes dismisses it twice
(ScreenStackError). This one lets a search whose palette is closed end quietly, and
closes once. Found by feeding a shared table's seat random bytes."""

from __future__ import annotations

from textual import work
from textual.await_complete import AwaitComplete
from textual.command import CommandList, CommandPalette
from textual.css.query import NoMatches

from meneur.tui.screens.modal import closing


class Palette(CommandPalette):
    """The command palette, whose searches outlive it quietly."""

    @work(exclusive=True, group=CommandPalette._GATHER_COMMANDS_GROUP)
    async def _gather_commands(self, search_value: str) -> None:
        if not self.is_attached or not self.query(CommandList):
            return  # closed before its search began
        try:
            await CommandPalette._gather_commands.__wrapped__(self, search_value)  # type: ignore[attr-defined]
        except NoMatches:
            if self.is_attached and self.query(CommandList):
                raise  # not the closing: a real fault

    def dismiss(self, result: None = None) -> AwaitComplete:
        if not self.is_current:  # as meneur's own pop-ups (meneur.tui.screens.modal)
            return closing()
        return super().dismiss(result)
