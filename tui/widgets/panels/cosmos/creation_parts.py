"""The creation wizard's dice widgets: the 10d100 split between PV and PM, and the six
stats with their dice, bounds and moved points.

Each is one widget drawing a few lines (no child widgets), driven by the keyboard and
the mouse. They show a :class:`~meneur.core.cosmos.draft.Draft` and post the new one
when the player changes it; the screen keeps the draft.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from meneur.content import term
from meneur.core.cosmos.creation import STAT_MIN, STATS
from meneur.core.cosmos.draft import Draft
from meneur.tui.i18n import signed

Part = str | tuple[str, str]
"""A piece of a line: plain text, or text and its style."""

CELL = 6
"""Columns per die in the PV/PM row."""


class DraftChanged(Message):
    """The player changed the draft."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft
        super().__init__()


class DiceSplit(Widget, can_focus=True):
    """Ten dice in a row, each marked PV or PM: ←/→ to move, Space or a click to switch
    a die, P/M to give it to PV/PM."""

    DEFAULT_CSS = """
    DiceSplit { height: 3; width: auto; min-width: 62; padding: 0 1; }
    DiceSplit:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("space,enter", "switch", "PV/PM", id="pool"),
        Binding("p", "give('pv')", "PV", show=False),
        Binding("m", "give('pm')", "PM", show=False),
    ]

    cursor: reactive[int] = reactive(0)

    def __init__(self, draft: Draft, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.draft = draft

    def show(self, draft: Draft) -> None:
        """Draw ``draft``."""
        self.draft = draft
        self.refresh()

    def render(self) -> Content:
        dice = self.draft.creation.pv_pm.dice if self.draft.creation else ()
        numbers: list[Part] = []
        faces: list[Part] = []
        owners: list[Part] = []
        for position, face in enumerate(dice):
            in_pm = position in self.draft.pm_dice
            style = "bold $accent" if in_pm else "bold"
            if position == self.cursor and self.has_focus:
                style += " reverse"
            numbers.append((f"{position + 1:^{CELL}}", "dim"))
            faces.append((f"{face:^{CELL}}", style))
            owners.append((f"{'PM' if in_pm else 'PV':^{CELL}}", "$accent" if in_pm else ""))
        return Content("\n").join(Content.assemble(*row) for row in (numbers, faces, owners))

    def action_cursor(self, step: int) -> None:
        self.cursor = (self.cursor + step) % 10

    def action_switch(self) -> None:
        self._change(self.draft.toggle_pm(self.cursor))

    def action_give(self, pool: str) -> None:
        if (self.cursor in self.draft.pm_dice) != (pool == "pm"):
            self.action_switch()

    def on_click(self, event: events.Click) -> None:
        position = (event.x - 1) // CELL
        if 0 <= position < 10:
            self.cursor = position
            self.action_switch()

    def _change(self, draft: Draft) -> None:
        if draft != self.draft:
            self.show(draft)
            self.post_message(DraftChanged(draft))


class StatList(Widget, can_focus=True):
    """Stats one a row — name, value, bounds, points moved — with ↑/↓ to choose one and
    ←/→ (or −/+) to step it; what a step does is the subclass's :meth:`action_step`."""

    DEFAULT_CSS = """
    StatList { height: auto; width: auto; min-width: 40; padding: 0 1; }
    StatList:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("up", "row(-1)", "↑", show=False),
        Binding("down", "row(1)", "↓", show=False),
        Binding("left,minus", "step(-1)", "−", id="move_down"),
        Binding("right,plus,equals_sign", "step(1)", "+", id="move_up"),
    ]

    row: reactive[int] = reactive(0)

    @property
    def rows(self) -> tuple[str, ...]:
        """The stats listed, in order."""
        return STATS

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self.rows)

    def stat_line(self, number: int, value: int, low: int, high: int, delta: int) -> list[Part]:
        """Row ``number``: its stat's name, ``value``, its bounds and the points moved."""
        marker = "▸" if number == self.row and self.has_focus else " "
        return [
            f"{marker} {term(f'cosmos.stat.{self.rows[number]}').fr:<10} ",
            (f"{value:>3}", "bold reverse" if marker == "▸" else "bold"),
            (f"  [{low}–{high}]", "dim"),
            (f"  {signed(delta)}" if delta else "", "$accent"),
        ]

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(self.rows)

    def action_step(self, step: int) -> None:
        raise NotImplementedError

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self.rows):
            self.row = event.y


class StatRows(StatList):
    """The creation's six stats with their race and class bounds. ``mode`` "assign":
    ←/→ give the stat another die (it swaps with the stat that had it); "move": +/- (or
    ←/→) move one point."""

    DEFAULT_CSS = """
    StatRows { min-width: 56; }
    """

    def __init__(self, draft: Draft, mode: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.draft = draft
        self.mode = mode

    @property
    def rows(self) -> tuple[str, ...]:
        """The six stats, or Précision and Chance when assigning a conversion."""
        if self.mode == "assign" and self.draft.conversion is not None:
            return ("precision", "chance")
        return STATS

    def show(self, draft: Draft) -> None:
        """Draw ``draft``."""
        self.draft = draft
        self.row = min(self.row, len(self.rows) - 1)
        self.refresh(layout=True)

    def render(self) -> Content:
        values = self.draft.stats() if self.mode == "move" else self.draft.assigned_stats()
        lines = []
        for number, stat in enumerate(self.rows):
            value = values[stat]
            bound = self.draft.bounds[stat]
            delta = self.draft.moves.get(stat, 0) if self.mode == "move" else 0
            line = self.stat_line(number, value, bound.low, bound.high, delta)
            if value < bound.low:
                line.append((f"  ✗ {signed(value - bound.low)}", "$error"))
            elif value > bound.high:
                line.append((f"  ✗ {signed(value - bound.high)}", "$error"))
            else:
                line.append(("  ✓", "$success"))
            lines.append(Content.assemble(*line))
        return Content("\n").join(lines)

    def action_step(self, step: int) -> None:
        if self.mode == "assign":
            changed = self.draft.swap(self.row, step)
        else:
            changed = self.draft.move(self.rows[self.row], step)
        if changed != self.draft:
            self.show(changed)
            self.post_message(DraftChanged(changed))


class PointMoves(StatList):
    """The six stats with points moved between them (level 5's ten points): they stay
    within 20 and ``cap``."""

    class Changed(Message):
        """Points were moved."""

        def __init__(self, moves: PointMoves) -> None:
            self.moves = moves
            super().__init__()

    def __init__(self, stats: Mapping[str, int], cap: int, *, id: str | None = None) -> None:
        """Args:
        stats: the stats before any move.
        cap: the highest a stat may be (80, or 85 from level 3).
        """
        super().__init__(id=id)
        self.base = dict(stats)
        self.cap = cap
        self.moves: dict[str, int] = {}

    @property
    def stats(self) -> dict[str, int]:
        """The stats with the points moved."""
        return {s: v + self.moves.get(s, 0) for s, v in self.base.items()}

    @property
    def moved(self) -> int:
        """Points moved so far (the increases)."""
        return sum(d for d in self.moves.values() if d > 0)

    def render(self) -> Content:
        stats = self.stats
        return Content("\n").join(
            Content.assemble(
                *self.stat_line(number, stats[stat], STAT_MIN, self.cap, self.moves.get(stat, 0))
            )
            for number, stat in enumerate(self.rows)
        )

    def action_step(self, step: int) -> None:
        stat = self.rows[self.row]
        value = self.stats[stat] + step
        if not STAT_MIN <= value <= self.cap:
            return
        self.moves[stat] = self.moves.get(stat, 0) + step
        self.moves = {s: d for s, d in self.moves.items() if d}
        self.refresh()
        self.post_message(self.Changed(self))
