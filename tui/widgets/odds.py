"""Exact odds as bars: one row per outcome, with its symbol, word and percentage."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from meneur.content.outcomes import label, percent_text, style_class, symbol

EIGHTHS = " ▏▎▍▌▋▊▉█"


def bar(probability: Fraction, width: int) -> str:
    """A bar ``width`` cells long, filled to ``probability`` in eighths of a cell."""
    eighths = round(float(probability) * width * 8)
    full, rest = divmod(eighths, 8)
    return ("█" * full + (EIGHTHS[rest] if rest else "")).ljust(width, "·")


def percent(probability: Fraction, lang: str) -> str:
    """``37.5 %`` (``37,5 %`` in French); a possible outcome never reads 0.0 %."""
    return percent_text(probability, lang)


class OddsView(Static):
    """The exact odds of the test being prepared, as bars."""

    DEFAULT_CSS = """
    OddsView { height: auto; }
    """

    def __init__(self, *, id: str | None = None, lang: str = "fr") -> None:
        super().__init__("", id=id)
        self.lang = lang
        """The language its outcomes are named in (the reader's)."""
        self._outcomes: Mapping[str, Fraction] = {}
        self._system = ""
        self._note = ""

    def show(self, system: str, outcomes: Mapping[str, Fraction], note: str = "") -> None:
        """Show ``outcomes`` (key → probability) of ``system``, and a line below."""
        self._system = system
        self._outcomes = outcomes
        self._note = note
        self.refresh_table()

    def on_resize(self) -> None:
        self.refresh_table()

    def refresh_table(self) -> None:
        """Lay the rows out for the current width."""
        if not self._outcomes:
            self.update(Text(self._note))
            return
        width = max(self.size.width, 30)
        labels = {
            key: f"{symbol(key)} {label(self._system, key, self.lang)}" for key in self._outcomes
        }
        label_width = min(max(len(text) for text in labels.values()), width - 16)
        bar_width = max(4, width - label_width - 11)
        table = Table.grid(padding=(0, 1))
        table.add_column(width=label_width, no_wrap=True, overflow="ellipsis")
        table.add_column(width=bar_width, no_wrap=True)
        table.add_column(justify="right", width=7, no_wrap=True)
        for key, probability in self._outcomes.items():
            style = "odds-success" if style_class(key) == "success" else "odds-failure"
            table.add_row(
                Text(labels[key]),
                Text(bar(probability, bar_width), style=_COLOURS[style]),
                Text(percent(probability, self.lang)),
            )
        if self._note:  # under the rows, the whole width: a long note wraps, never cut
            self.update(Group(table, Text(self._note, style="dim")))
            return
        self.update(table)


_COLOURS = {"odds-success": "green", "odds-failure": "red"}
