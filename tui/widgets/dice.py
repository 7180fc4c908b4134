"""Dice shown big: a box per die, the ones that count marked in words and symbols.

Boxes wrap whole, never cut; dice with a long caption (a side of an opposed test, an
attempt) are grouped under that caption said once; and when even that would take too
many lines, the dice are written compactly, ``[6] [5] 3 2``, wrapping between dice.
"""

from __future__ import annotations

from itertools import groupby

from rich.text import Text
from textual.events import Resize
from textual.widgets import Static

from meneur.core.frozen import frozen

MAX_BOX_ROWS = 3
"""Past this many rows of boxes, dice are written compactly instead."""
FALLBACK_WIDTH = 40
"""The width to lay dice out in before the widget knows its own."""


@frozen
class ShownDie:
    """A die as shown: its face, whether it counts (kept, a success), a caption."""

    face: str
    counts: bool | None = None
    caption: str = ""


def _box_width(dice: list[ShownDie]) -> int:
    """The inside width of every box: the widest face with a space either side."""
    return max(3, max(len(die.face) for die in dice) + 2)


def _row(dice: list[ShownDie], width: int, marks: bool) -> list[Text]:
    """One row of boxes (three lines), and a line of marks under them when ``marks``."""
    top, middle, bottom, under = Text(), Text(), Text(), Text()
    for die in dice:
        style = "bold reverse" if die.counts else ("dim" if die.counts is False else "bold")
        corners = (
            ("╔", "╗", "╚", "╝", "═", "║") if die.counts is True else ("╭", "╮", "╰", "╯", "─", "│")
        )
        top.append(corners[0] + corners[4] * width + corners[1] + " ")
        middle.append(corners[5])
        middle.append(die.face.center(width), style=style)
        middle.append(corners[5] + " ")
        bottom.append(corners[2] + corners[4] * width + corners[3] + " ")
        mark = die.caption or ("✓" if die.counts else "✗" if die.counts is False else "")
        under.append(mark.center(width + 2) + " ", style="" if die.counts else "dim")
    return [top, middle, bottom, *([under] if marks else [])]


def _compact(dice: list[ShownDie]) -> Text:
    """The dice on one line that wraps between dice: kept ones bold in brackets."""
    text = Text()
    for index, die in enumerate(dice):
        if index:
            text.append(" ")
        if die.counts is True:
            text.append(f"[{die.face}]", style="bold")
        elif die.counts is False:
            text.append(die.face, style="dim")
        else:
            text.append(die.face)
    return text


def boxes(
    dice: list[ShownDie],
    kept: str,
    dropped: str,
    room: int = FALLBACK_WIDTH,
    rerolled: str = "",
) -> Text:
    """The dice laid out in ``room`` columns: boxes in whole rows, grouped under their
    captions when those are words, marks (✓ or ✗, ↻ for a die rolled again) under the
    boxes and a legend of those marks in words; compact lines when boxes would take too
    many rows."""
    if not dice:
        return Text("")
    width = _box_width(dice)
    per_row = max(1, (room + 1) // (width + 3))
    # A caption that fits under its box stays there (A, D, ↻, d4); longer ones (a side's
    # name, an attempt) head their group of dice, said once.
    headed = any(len(die.caption) > width + 2 for die in dice)
    groups = [
        (caption if headed else "", list(members))
        for caption, members in groupby(dice, key=lambda die: die.caption if headed else "")
    ]
    rows_needed = sum(-(-len(members) // per_row) for _, members in groups)
    marks = any(die.counts is not None or (die.caption and not headed) for die in dice)
    lines: list[Text] = []
    for caption, members in groups:
        if caption:
            lines.append(Text(caption, style="bold"))
        if rows_needed > MAX_BOX_ROWS:
            lines.append(_compact(members))
            continue
        for start in range(0, len(members), per_row):
            shown = [
                ShownDie(die.face, die.counts, "" if headed else die.caption)
                for die in members[start : start + per_row]
            ]
            lines += _row(shown, width, marks)
    if any(die.counts is not None for die in dice):
        legend = f"✓ {kept} · ✗ {dropped}" if rows_needed <= MAX_BOX_ROWS else f"[…] {kept}"
        if rerolled and any(die.caption == "↻" for die in dice):
            legend += f" · ↻ {rerolled}"  # play-tested: the mark under a die was unsaid
        lines.append(Text(legend, style="dim"))
    return Text("\n").join(lines)


class DiceView(Static):
    """The dice of the last roll, laid out again when the panel's width changes."""

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
        self._shown: tuple[list[ShownDie], str, str, str] | None = None
        self._room = 0

    def show(self, dice: list[ShownDie], kept: str, dropped: str, rerolled: str = "") -> None:
        """Show ``dice``; ``kept``/``dropped`` are the words under those that count or not,
        ``rerolled`` under a die rolled again (↻)."""
        self._shown = (dice, kept, dropped, rerolled)
        self._draw()

    def _draw(self) -> None:
        if self._shown is None:
            return
        dice, kept, dropped, rerolled = self._shown
        self._room = self.content_size.width or self.parent_width()
        self.update(boxes(dice, kept, dropped, self._room, rerolled))

    def parent_width(self) -> int:
        """The room the panel gives before this widget has been laid out."""
        parent = self.parent
        width = getattr(parent, "content_size", None)
        found = width.width if width is not None else 0
        return found or FALLBACK_WIDTH

    def on_resize(self, event: Resize) -> None:
        # Only a new width lays the dice out anew (drawing them may change the height).
        if event.size.width != self._room:
            self._draw()
