"""Dice shown big: a box per die, the ones that count marked in words and symbols."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.widgets import Static


@dataclass(frozen=True)
class ShownDie:
    """A die as shown: its face, whether it counts (kept, a success), a caption."""

    face: str
    counts: bool | None = None
    caption: str = ""


def boxes(dice: list[ShownDie], kept: str, dropped: str) -> Text:
    """Three lines of boxes, a fourth marking what counted (✓) or not (✗), and a legend
    of those marks in words."""
    if not dice:
        return Text("")
    width = max(3, max(len(die.face) for die in dice) + 2)
    top, middle, bottom, marks = Text(), Text(), Text(), Text()
    for die in dice:
        style = "bold reverse" if die.counts else ("dim" if die.counts is False else "bold")
        heavy = die.counts is True
        corners = ("╔", "╗", "╚", "╝", "═", "║") if heavy else ("╭", "╮", "╰", "╯", "─", "│")
        top.append(corners[0] + corners[4] * width + corners[1] + " ")
        middle.append(corners[5])
        middle.append(die.face.center(width), style=style)
        middle.append(corners[5] + " ")
        bottom.append(corners[2] + corners[4] * width + corners[3] + " ")
        mark = die.caption or ("✓" if die.counts else "✗" if die.counts is False else "")
        marks.append(
            mark[: width + 2].center(width + 2) + " ", style="dim" if not die.counts else ""
        )
    lines = [top, middle, bottom]
    if any(die.counts is not None or die.caption for die in dice):
        lines.append(marks)
    if any(die.counts is not None for die in dice):
        lines.append(Text(f"✓ {kept} · ✗ {dropped}", style="dim"))
    return Text("\n").join(lines)


class DiceView(Static):
    """The dice of the last roll."""

    DEFAULT_CSS = """
    DiceView { height: auto; }
    """

    def __init__(self, *, lines: int = 5, id: str | None = None) -> None:
        """Args:
        lines: room kept before the first roll (a row of boxes is 3 lines, marks and
            their legend 2 more): the result then lands where the panel already has
            room, without moving the rest, and is scrolled to in the same frame.
        """
        super().__init__(id=id)
        self.styles.min_height = lines

    def show(self, dice: list[ShownDie], kept: str, dropped: str) -> None:
        """Show ``dice``; ``kept``/``dropped`` are the words under those that count or not."""
        self.update(boxes(dice, kept, dropped))
