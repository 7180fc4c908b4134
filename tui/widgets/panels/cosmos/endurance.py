"""The Great Cosmos panel's movement and endurance sections: the sprint, the grid
(meneur.play.cosmos.grid) and the fatigue helper (meneur.play.cosmos.fatigue)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.widgets import Button, Input, Static

from meneur.core.cosmos.endurance import Fatigue
from meneur.core.errors import RulesError
from meneur.play.cosmos import options_of
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.panels.base import number
from meneur.tui.widgets.tick import Tick

from .combat import CosmosCombat

if TYPE_CHECKING:
    from meneur.play.campaigns import Worded


class CosmosEndurance(CosmosCombat):
    """The sprint, the grid and the fatigue helper."""

    # --- Sprint and fatigue (règles de déplacement et d'endurance) ------------------------

    @on(Button.Pressed, "#sprint")
    def sprint(self) -> None:
        """Sprint instead of acting: an Agilité test whose outcome multiplies the squares
        (×2, ×2,5, ×3), journaled with them."""
        from meneur.core.cosmos.movement import movement_squares, sprint_squares
        from meneur.core.cosmos.sheet import overload

        agilite = self.stats.get("agilite")
        if agilite is None:
            self.notify(self.t("cosmos.choose"), severity="warning")
            return
        options = options_of(self.session.options)
        fp = self.sheet.get("fp", 0) if options.get("endurance") else 0
        squares = movement_squares(
            agilite, overload(options, self.sheet) > 0, fp if isinstance(fp, int) else 0
        )
        try:
            test = self._test(("agilite",))
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        reached = sprint_squares(squares, record.outcome or "")
        self._sprint = (record, squares, reached)
        text = self.w("cosmos.sprint_entry", name=self._who(), agilite=agilite, before=squares,
                      after=reached)  # fmt: skip
        if self._journal(record, text, self.consequences(record), character=self.character):
            self.call_after_refresh(self._show_karma)

    def _show_grid(self) -> None:
        if not self.query("#grid-around") or self.character is None:
            return
        from meneur.play.cosmos.grid import around

        try:
            genes = self.session.sheet_content()
            lines = around(self.session.campaign.state, self.character, self.t, genes)
        except RulesError as error:
            lines = [self.explain(error)]
        self.query_one("#grid-around", Static).update(Text("\n".join(lines)))

    @on(Button.Pressed, "#grid-move, #grid-place")
    def move_on_grid(self, event: Button.Pressed) -> None:
        """Move the acting character to the square typed (within this turn's squares),
        or place them there; one journal entry (meneur.play.cosmos.grid)."""
        if self.character is None:
            return
        from meneur.core.cosmos.grid import parse_square
        from meneur.play.cosmos.grid import move_to

        try:
            square = parse_square(self.query_one("#grid-square", Input).value)
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        plan = move_to(
            self.character,
            square,
            place=event.button.id == "grid-place",
            genes=self.session.sheet_content(),
        )
        self.post_message(self.SheetChanged((), plan, self.character))

    def _show_fatigue(self) -> None:
        if not self.query("#fatigue-gauges"):
            return
        from meneur.play.cosmos.fatigue import fatigue_summary

        try:
            shown = "\n".join(fatigue_summary(self.sheet, self.session.campaign.state, self.t))
        except RulesError as error:
            shown = self.explain(error)
        self.query_one("#fatigue-gauges", Static).update(Text(shown))

    @on(Button.Pressed, "#fatigue-apply")
    def apply_fatigue(self) -> None:
        """Apply the chosen step of the endurance rule to the acting character's FP and
        FM (meneur.play.cosmos.fatigue: made of the sheet under the lock, the day's meals and
        pauses counted), one journal entry saying before and after."""
        if self.character is None:
            return
        from meneur.core.cosmos.fatigue import Step
        from meneur.play.cosmos.fatigue import fatigue_step

        step = Step(
            self.query_one("#fatigue-event", Choice).value or "meal",
            count=number(self.query_one("#fatigue-count", Input).value, 1),
            grade=self.query_one("#fatigue-grade", Choice).value or "standard",
            fasted=self.query_one("#fatigue-fasted", Tick).value,
            optimal=number(self.query_one("#fatigue-optimal", Input).value, 0),
        )
        plan = fatigue_step(self.character, step)
        self.post_message(self.SheetChanged((), plan, self.character))

    def _fatigue_entry(self, before: Fatigue, after: Fatigue, what: Worded) -> None:
        assert self.character is not None
        changes = [self._sheet_change("fp", after.fp), self._sheet_change("fm", after.fm)]
        text = self.w(
            "fatigue.entry", name=self._who(), what=what, fp_before=before.fp, fp=after.fp,
            fm_before=before.fm, fm=after.fm,
        )  # fmt: skip
        self.post_message(self.SheetChanged(changes, text, self.character))

    @on(Button.Pressed, "#fatigue-start")
    def start_fatigue(self) -> None:
        """Set FP and FM to a new character's: 0 with Force's, Esprit's and mental
        health's modifiers."""
        if self.character is None:
            return
        stats = self.stats
        mental = self.sheet.get("mental_health")
        options = options_of(self.session.options)
        start = Fatigue.starting(
            stats.get("force", 50),
            stats.get("esprit", 50),
            mental if options.get("mental_health") and isinstance(mental, int) else None,
        )
        self._fatigue_entry(self._fatigue(), start, self.w("fatigue.start"))
