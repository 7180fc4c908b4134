"""The app's pop-up screens close once: keys that come faster than a screen closes (a
paste, garbage on a shared table's connection: Enter, Enter) would dismiss it twice, and
Textual then pops a screen that is not there and ends the app (ScreenStackError). Found
by feeding a seat random bytes."""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

Result = TypeVar("Result")


class Modal(ModalScreen[Result]):
    """A modal screen whose second dismissal, while it closes, does nothing."""

    def dismiss(self, result: Result | None = None) -> AwaitComplete:
        if not self.is_current:
            return closing()  # closing already
        return super().dismiss(result)


def closing() -> AwaitComplete:
    """What a second dismissal returns: nothing to wait for, the screen is closing."""

    async def nothing() -> None:
        return None

    return AwaitComplete(nothing())
