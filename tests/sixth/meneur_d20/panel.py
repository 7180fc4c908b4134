"""Dé vingt's panel at the table: the acting character's Talent, a bonus, a Difficulty;
the base panel shows the odds, rolls, and journals."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label

from meneur.content import term
from meneur.tui.widgets.number_field import NumberField
from meneur.tui.widgets.panels.base import ActionPanel, number


class D20Panel(ActionPanel):
    """A d20 against a Difficulty."""

    def controls(self) -> ComposeResult:
        for label, value, ident in (
            (term("d20.sheet.talent").fr, "3", "talent"),  # a rule term: French
            (self.t("d20.bonus"), "0", "bonus"),  # its interface: the player's language
            (self.t("d20.difficulty"), "12", "difficulty"),
        ):
            with Horizontal(classes="fields"):
                yield Label(label)
                yield NumberField(value, placeholder=label, id=ident)

    def character_changed(self) -> None:
        talent = self.sheet.get("talent")
        if isinstance(talent, int):
            self.query_one("#talent", NumberField).value = str(talent)

    def build(self) -> Any:
        from .rules import D20Test

        return D20Test(
            number(self.query_one("#talent", NumberField).value, 0),
            number(self.query_one("#difficulty", NumberField).value, 12),
            number(self.query_one("#bonus", NumberField).value, 0),
            fumbles=self.session.campaign.state["options"].get("fumbles", True),
        )

    def result_lines(self, record: Any) -> list[str]:
        return [f"d20 {record.result} → {record.total}"]


PANEL = D20Panel

# Nothing of its own here: every member of an app room is in every room.
new_character = None
sheet_screen = None
deck_for = None
