"""A one-line choice among a few steps: ◀ Complexe 0 ▶ — arrows, digit keys or clicks."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class StepSelector(Widget, can_focus=True):
    """Choose one of a few steps; keys 1–9 pick one, left/right move, a click steps.

    Attributes:
        index: the chosen step.
    """

    DEFAULT_CSS = """
    StepSelector { height: auto; width: 1fr; }
    StepSelector:focus { background: $accent 30%; }
    """

    BINDINGS = [
        Binding("left", "step(-1)", "◀", show=False),
        Binding("right", "step(1)", "▶", show=False),
        *(Binding(str(n), f"pick({n - 1})", str(n), show=False) for n in range(1, 10)),
    ]

    index: reactive[int] = reactive(0, layout=True)
    """The chosen step (a longer one may wrap onto a second line: layout follows)."""

    class Changed(Message):
        """The choice changed."""

        def __init__(self, selector: StepSelector, value: str) -> None:
            self.selector = selector
            self.value = value
            super().__init__()

        @property
        def control(self) -> StepSelector:
            """The selector that changed."""
            return self.selector

    def __init__(
        self,
        label: str,
        steps: Sequence[tuple[str, str]],
        *,
        value: str | None = None,
        id: str | None = None,
    ) -> None:
        """Args:
        label: what is chosen ("Intrinsèque").
        steps: (value, shown text) for each step, in order.
        value: the step chosen at first.
        """
        super().__init__(id=id)
        self.label = label
        self.steps = list(steps)
        values = [step[0] for step in self.steps]
        self.set_reactive(StepSelector.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> str:
        """The chosen step's value."""
        return self.steps[self.index][0]

    @value.setter
    def value(self, value: str) -> None:
        self.index = [step[0] for step in self.steps].index(value)

    def _position(self) -> str:
        """Where the chosen step is among them (``2/5 ``), for words; none when the steps
        are numbers, which say it themselves (play-tested: ``◀ 1/1 1 ▶``)."""
        if all(said.isdigit() for _, said in self.steps):
            return ""
        return f"{self.index + 1}/{len(self.steps)} "

    def render(self) -> Text:
        text = Text()
        text.append(f"{self.label} ", style="bold")
        text.append("◀ ")
        text.append(self._position(), style="dim")
        text.append(self.steps[self.index][1], style="reverse" if self.has_focus else "underline")
        text.append(" ▶")
        return text

    def watch_index(self, old: int, new: int) -> None:
        if old != new:
            self.post_message(self.Changed(self, self.value))

    def action_step(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.steps)

    def action_pick(self, index: int) -> None:
        if index < len(self.steps):
            self.index = index

    def on_click(self, event: Click) -> None:
        # Left of the chosen text steps back, right of it steps on.
        prefix = len(self.label) + 3 + len(self._position())
        self.action_step(-1 if event.x < prefix else 1)
