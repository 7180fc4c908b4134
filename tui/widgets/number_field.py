"""A whole number typed in a panel, where ``r`` still rolls."""

from __future__ import annotations

from textual import events

from meneur.tui.widgets.line_input import LineInput


class NumberField(LineInput):
    """A compact field for a whole number (``-2``, ``+3``).

    A number holds no letter, so ``r`` rolls the table's test, as everywhere on the
    table, instead of being swallowed by the field; other letters are refused as before.
    """

    def __init__(
        self,
        value: str | None = None,
        *,
        placeholder: str = "",
        id: str | None = None,
    ) -> None:
        super().__init__(value, placeholder=placeholder, id=id, type="integer")

    async def _on_key(self, event: events.Key) -> None:
        if event.character in ("r", "R"):
            event.stop()
            event.prevent_default()
            await self.run_action("screen.roll")
            return
        await super()._on_key(event)
