"""A Great Cosmos level-up, from the sheet (``l``): the level-2 gain chosen before the
dice, then the roll (the Chance test with its 2d20, the level's own dice, the DNA die),
then the player's choices, each refused with the core's reason until it is legal.

Level 5's ten points are moved here too, with the same keys as at creation; the move is
checked by the core when the level is applied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Static

from meneur.core.changes import Change
from meneur.core.cosmos import levels
from meneur.core.cosmos.creation import POINTS_TO_MOVE, STATS
from meneur.core.errors import RulesError
from meneur.play.cosmos import options_of
from meneur.play.cosmos.levels import progress_of, sheet_changes
from meneur.play.session import SessionStrings
from meneur.tui.i18n import translate_bindings
from meneur.tui.screens import SCREENS_CSS
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.panels.cosmos.creation_parts import PointMoves

if TYPE_CHECKING:
    from meneur.play.session import Session

Result = tuple[list[Change], str, Any]


class LevelUpScreen(SessionStrings, ModalScreen[Result | None]):
    """Roll and apply one level-up; dismissed with the journal entry to write, or None."""

    CSS_PATH = SCREENS_CSS  # read when the screen first opens (see the file)

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel")]

    def __init__(self, session: Session, character: str, dna_rule: bool) -> None:
        super().__init__()
        self.session = session
        self.character = character
        self.dna_rule = dna_rule
        self.sheet = session.sheet(character)
        self.before = progress_of(self.sheet)
        self.level = self.before.level + 1
        self.record: levels.LevelUpRoll | None = None

    def compose(self) -> ComposeResult:
        stats = [(self.term(f"cosmos.stat.{s}"), s) for s in STATS]
        pools = [(p.value.upper(), p) for p in levels.Pool]
        with Vertical(classes="dialog", id="level-up"):
            yield Label(self.t("level_up.title", level=self.level), classes="dialog-title")
            if self.level == 2:
                yield Choice(
                    [(self.t(f"level_up.{g.value}"), g) for g in levels.Level2],
                    label=self.t("level_up.gain"),
                    value=levels.Level2.TWO_STATS,
                    id="level2",
                )
            yield Static(id="dice")
            yield Choice(stats, label=self.t("level_up.stat"), id="stat-1")
            yield Choice(stats, label=self.t("level_up.stat"), id="stat-2")
            yield Choice(pools, label=self.t("level_up.chance_pool"), id="chance-pool")
            yield Choice(pools, label=self.t("level_up.pool"), id="level4-pool")
            yield Choice(
                [(str(n), n) for n in range(levels.LIGHT_DARK_AT_5 + 1)],
                label=self.t("level_up.light"),
                id="light",
            )
            if self.level == 5:
                yield PointMoves(self.before.stats, levels.stat_cap(5), id="moves")
                yield Static(id="moves-total")
            yield Static("", id="level-error", classes="error")
            yield Button(self.t("level_up.roll"), id="level-go", variant="primary", compact=True)

    def on_mount(self) -> None:
        for selector in ("#stat-1", "#stat-2", "#chance-pool", "#level4-pool", "#light"):
            self.query_one(selector).display = False
        for widget in self.query("#moves, #moves-total"):
            widget.display = False
        if self.level == 5:
            translate_bindings(self.query_one(PointMoves), self.session.strings)
        self.query_one("#level-go", Button).focus()

    def action_cancel(self) -> None:
        if self.record is not None:
            # The dice are rolled: they go to the journal (an undo can take the level
            # back, the roll stays), so that a level-up cannot be rolled until it pleases.
            self.query_one("#level-error", Static).update(self.t("level_up.rolled"))
            return
        self.dismiss(None)

    @on(Button.Pressed, "#level-go")
    def _go(self, event: Button.Pressed) -> None:
        event.stop()
        if self.record is None:
            self.roll()
        else:
            self.apply()

    def roll(self) -> None:
        """Roll the level's dice and ask what they call for."""
        sheet = self.sheet
        level2 = levels.Level2.TWO_STATS
        if self.level == 2:
            chosen = self.query_one("#level2", Choice).value
            level2 = chosen if isinstance(chosen, levels.Level2) else level2
            self.query_one("#level2", Choice).disabled = True
        stats = sheet.get("stats", {})
        try:
            progressive = options_of(self.session.options).get("skill_sheet") == "progressive"
            inputs = levels.LevelUpInputs(
                self.level,
                stats.get("chance", 50),
                sheet.get("karma", 0),
                self.dna_rule,
                level2,
                skill_points=progressive,
                after_zero=sheet.get("skill_points_zero", False) is True,
            )
        except RulesError as error:
            self.query_one("#level-error", Static).update(self.explain(error))
            return
        record = self.session.roll(inputs)
        self.record = record
        outcome = self.term(f"cosmos.outcome.{record.outcome}")
        lines = [
            self.t("level_up.test", score=record.result, chance=inputs.chance, outcome=outcome)
        ]
        if record.chance_bonus:
            lines.append(self.t("level_up.bonus", dice=" + ".join(map(str, record.chance_bonus))))
        lowest = levels.lowest_stats(self.before.stats) if self.level == 3 else ()
        if len(lowest) == 1 and record.stat_dice:
            # Level 3 raises the lowest stat: when there is one, say which.
            stat = self.term(f"cosmos.stat.{lowest[0]}")
            lines.append(self.t("level_up.lowest", stat=stat, face=record.stat_dice[0]))
        elif record.stat_dice:
            lines.append(self.t("level_up.stat_dice", dice=", ".join(map(str, record.stat_dice))))
        if record.pool_die is not None:
            lines.append(self.t("level_up.pool_die", face=record.pool_die))
        if record.dna_die is not None:
            lines.append(self.t("level_up.dna_die", face=record.dna_die))
        if record.skill_points_die is not None:
            lines.append(
                self.t(
                    "level_up.skill_points", face=record.skill_points_die,
                    points=record.skill_points,
                )
            )  # fmt: skip
        self.query_one("#dice", Static).update("\n".join(lines))
        first = self.query_one("#stat-1", Choice)
        for number, face in enumerate(record.stat_dice[:2], 1):
            # Each choice says which die it places: "Stat (+8)".
            choice = self.query_one(f"#stat-{number}", Choice)
            choice.label = self.t("level_up.stat_for", face=face)
            choice.refresh()
        if self.level == 3:
            first.set_options([(self.term(f"cosmos.stat.{s}"), s) for s in lowest])
            first.value = lowest[0]
            first.display = len(lowest) > 1

        else:
            first.display = len(record.stat_dice) >= 1
        self.query_one("#stat-2", Choice).display = len(record.stat_dice) == 2
        self.query_one("#chance-pool", Choice).display = bool(record.chance_bonus)
        self.query_one("#level4-pool", Choice).display = record.pool_die is not None
        self.query_one("#light", Choice).display = self.level == 5
        if self.level == 5:
            for widget in self.query("#moves, #moves-total"):
                widget.display = True
            self._moved()
        self.query_one("#level-go", Button).label = self.t("level_up.apply")

    @on(PointMoves.Changed)
    def _moved(self) -> None:
        moves = self.query_one(PointMoves)
        self.query_one("#moves-total", Static).update(
            self.t("level_up.moved", moved=moves.moved, budget=POINTS_TO_MOVE)
        )
        self.query_one("#level-error", Static).update("")

    def choices(self) -> levels.LevelUpChoices:
        """What the player chose (unset choices at their defaults)."""
        assert self.record is not None
        picked = [self.query_one(s, Choice).value for s in ("#stat-1", "#stat-2")]
        count = 1 if self.level == 3 else len(self.record.stat_dice)
        stats = tuple(str(p) for p in picked[:count] if p is not None)
        chance = self.query_one("#chance-pool", Choice).value
        pool = self.query_one("#level4-pool", Choice).value
        light = self.query_one("#light", Choice).value
        moves = self.query(PointMoves)
        moved = moves.first().stats if moves and moves.first().moves else {}
        return levels.LevelUpChoices(
            stats=stats,
            chance_pool=chance if isinstance(chance, levels.Pool) else levels.Pool.PV,
            level4_pool=pool if isinstance(pool, levels.Pool) else levels.Pool.PV,
            light=light if isinstance(light, int) else 0,
            moved=moved,
        )

    def apply(self) -> None:
        """Apply the choices; dismiss with the journal entry, or say what is wrong."""
        assert self.record is not None
        try:
            after = levels.apply_level_up(self.before, self.record, self.choices())
        except RulesError as error:
            self.query_one("#level-error", Static).update(self.explain(error))
            return
        base = ("characters", self.character, "sheet")
        changes = sheet_changes(base, self.sheet, after, self.record.karma_after)
        name = self.session.characters()[self.character].get("name", self.character)
        gained = [
            f"{self.term(f'cosmos.stat.{s}')} {self.before.stats[s]} → {after.stats[s]}"
            for s in STATS
            if after.stats[s] != self.before.stats[s]
        ]
        if after.pv != self.before.pv:
            gained.append(f"PV max {self.before.pv[1]} → {after.pv[1]}")
        if after.pm != self.before.pm:
            gained.append(f"PM max {self.before.pm[1]} → {after.pm[1]}")
        if after.dna != self.before.dna:
            gained.append(f"ADN +{after.dna - self.before.dna}")
        if self.level == 5:
            gained.append(f"lumière +{after.light - self.before.light}")
            gained.append(f"ténèbres +{after.dark - self.before.dark}")
        text = self.t("level_up.done", name=name, level=self.level, gained=", ".join(gained))
        self.dismiss((changes, text, self.record))
