"""A one-line choice among a list: ``▾ Force (2)`` — arrows step, Enter or a click opens it.

Textual's Select is five widgets and a hidden overlay; an action panel holds up to five of
them, and mounting them cost a tenth of a second at start-up. A Choice is one widget that
draws one line; its list is a small modal screen
(:mod:`meneur.tui.widgets.choice_menu`) built, and imported, only when the player opens it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, TypeVar

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

V = TypeVar("V")


class Choice(Widget, Generic[V], can_focus=True):
    """Choose one value among (label, value) options; ``None`` until one is chosen.

    Left/right step through the options, Enter, space or a click open the whole list.
    """

    # One line, whatever the option: a long name ends in "…" instead of wrapping out of
    # sight (a 300-character name left the choice blank).
    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    Choice:focus { background: $accent 30%; }
    Choice:disabled { color: $text-disabled; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "◀", show=False),
        Binding("right", "step(1)", "▶", show=False),
        Binding("enter,space", "open", "▾", show=False),
    ]

    index: reactive[int | None] = reactive(None)
    """The chosen option's position, or None."""

    class Changed(Message):
        """The chosen value changed."""

        def __init__(self, choice: Choice[Any], value: object) -> None:
            self.choice = choice
            self.value = value
            super().__init__()

        @property
        def control(self) -> Choice[Any]:
            """The choice that changed."""
            return self.choice

    def __init__(
        self,
        options: Iterable[tuple[str, V]] = (),
        *,
        label: str = "",
        value: V | None = None,
        prompt: str = "—",
        allow_blank: bool = False,
        id: str | None = None,
        disabled: bool = False,
    ) -> None:
        """Args:
        options: (shown label, value) pairs, in order.
        label: what is chosen ("Élément"), shown before the choice.
        value: the value chosen at first (none by default).
        prompt: what the choice shows while nothing is chosen.
        allow_blank: whether the player may go back to choosing nothing (the prompt is
            then the first entry of the list).
        """
        super().__init__(id=id, disabled=disabled)
        self.label = label
        self.prompt = prompt
        self.allow_blank = allow_blank
        self.options: list[tuple[str, V]] = list(options)
        values = [option[1] for option in self.options]
        if value is not None:
            self.set_reactive(Choice.index, values.index(value))

    @property
    def value(self) -> V | None:
        """The chosen value, or None."""
        return None if self.index is None else self.options[self.index][1]

    @value.setter
    def value(self, value: V | None) -> None:
        values = [option[1] for option in self.options]
        if value is None:
            self.index = None
        elif value in values:
            self.index = values.index(value)
        else:
            raise ValueError(f"{value!r} is not one of the options")

    def set_options(self, options: Iterable[tuple[str, V]]) -> None:
        """Offer new options; the choice is cleared, as with Textual's Select."""
        self.options = list(options)
        self.index = None
        self.refresh()

    def clear(self) -> None:
        """Choose nothing."""
        self.index = None

    def render(self) -> Text:
        text = Text()
        if self.label:
            text.append(f"{self.label} ", style="bold")
        text.append("▾ ")
        if self.index is None:
            text.append(self.prompt, style="dim italic")
        else:
            text.append(self.options[self.index][0], style="reverse" if self.has_focus else "")
        return text

    def watch_index(self, old: int | None, new: int | None) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))

    def _steps(self) -> list[int | None]:
        """The positions stepping goes through (nothing first, when allowed)."""
        indices: list[int | None] = list(range(len(self.options)))
        return [None, *indices] if self.allow_blank else indices

    def action_step(self, delta: int) -> None:
        steps = self._steps()
        if not steps:
            return
        if self.index is None and not self.allow_blank:
            self.index = 0 if delta > 0 else len(self.options) - 1
            return
        self.index = steps[(steps.index(self.index) + delta) % len(steps)]

    def action_open(self) -> None:
        if not self.options or self.disabled:
            return
        steps = self._steps()
        labels = [self.prompt if i is None else self.options[i][0] for i in steps]

        def chosen(position: int | None) -> None:
            if position is not None:
                self.index = steps[position]
            self.focus()

        # The list's screen is imported when first opened: the table's first frame has
        # Choices, never an open one.
        from .choice_menu import ChoiceMenu

        current = steps.index(self.index) if self.index in steps else None
        menu = ChoiceMenu(labels, current, self.region)
        self.app.push_screen(menu, chosen)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.focus()
        self.action_open()
