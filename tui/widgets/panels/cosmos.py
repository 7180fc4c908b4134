"""The Tale of Great Cosmos: a d100 test under one stat, the mean of several or a given
threshold; the acting character's karma and its effect; karma moved after the roll;
the intuition roll; the elemental coefficient of one element on another, with a damage
or healing figure under it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Collapsible, Input, SelectionList, Static

from meneur.content import term
from meneur.content.cosmos import element_table
from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.creation import STATS
from meneur.core.cosmos.elements import ELEMENTS, apply, shown
from meneur.core.errors import RulesError
from meneur.saves.changes import Change, read
from meneur.tui.i18n import signed
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.number_field import NumberField
from meneur.tui.widgets.ticklist import TickList

from .base import ActionPanel, journaled, number


class CosmosPanel(ActionPanel):
    """d100 under a threshold, karma, intuition."""

    DICE_LINES = 3  # one d100, nothing kept or dropped

    def controls(self) -> ComposeResult:
        yield Static(self.t("cosmos.stats"), classes="field-label")
        yield TickList[str](id="stats")
        with Horizontal(classes="fields"):
            yield NumberField(placeholder=self.t("cosmos.threshold"), id="threshold")
            yield NumberField(placeholder=self.t("cosmos.bonus"), id="bonus")
        yield Static("", id="karma", classes="summary")

    def after_result(self) -> ComposeResult:
        """The elemental helper, under the test: a lookup the GM makes now and then."""
        table = element_table()
        lang = self.session.strings.lang
        elements = [(table.name(key, lang), key) for key in ELEMENTS]
        with Collapsible(title=self.t("cosmos.element"), collapsed=True, id="elements"):
            with Horizontal(classes="fields"):
                yield Choice[str](elements, id="acting", value="feu")
                yield Static(self.t("cosmos.element_on"), classes="between")
                yield Choice[str](elements, id="target", value="feu")
                yield NumberField(placeholder=self.t("cosmos.element_figure"), id="figure")
            yield Static("", id="element", classes="summary")

    def extra_buttons(self) -> ComposeResult:
        yield ActionButton(self.t("cosmos.intuition"), id="intuition")

    def on_mount(self) -> None:
        self.character_changed()
        self._show_element()
        super().on_mount()

    @property
    def karma(self) -> int:
        """The acting character's karma (0 for nobody)."""
        value = self.sheet.get("karma", 0)
        return value if isinstance(value, int) else 0

    @property
    def stats(self) -> dict[str, int]:
        """The acting character's stats as they count now (Agilité less an overloaded
        inventory's malus)."""
        from meneur.core.cosmos.sheet import current_stats

        return current_stats(self.session.campaign.state["options"], self.sheet)

    def character_changed(self) -> None:
        stats = self.stats
        written = self.sheet.get("stats", {})
        listing = self.query_one("#stats", TickList)
        listing.clear_choices()
        for stat in STATS:
            value = stats.get(stat)
            if isinstance(value, int):
                shown = f"{term(f'cosmos.stat.{stat}').fr} {value}"
                if value != written.get(stat):
                    shown += " " + self.t("cosmos.overloaded", written=written.get(stat))
                listing.add_choice(shown, stat)
        self._show_karma()

    def _show_karma(self) -> None:
        effect = term(f"cosmos.karma.{cosmos.karma_effect(self.karma)}")
        self.query_one("#karma", Static).update(
            Text(self.t("cosmos.karma", karma=signed(self.karma), effect=effect.glossed))
        )

    def build(self) -> cosmos.CosmosTest:
        typed = self.query_one("#threshold", Input).value.strip()
        bonus = number(self.query_one("#bonus", Input).value, 0)
        if typed.lstrip("-").isascii() and typed.lstrip("-").isdigit():
            return cosmos.CosmosTest(threshold=int(typed), bonus=bonus, karma=self.karma)
        chosen = self.query_one("#stats", TickList).selected
        values = [self.stats.get(stat) for stat in chosen]
        stats = tuple(v for v in values if isinstance(v, int))
        if not stats:
            raise RulesError(self.t("cosmos.choose"))
        return cosmos.CosmosTest(stats=stats, bonus=bonus, karma=self.karma)

    def summary(self, inputs: Any) -> str:
        return self.t("cosmos.threshold_is", threshold=inputs.effective_threshold)

    def consequences(self, record: Any) -> list[Change]:
        """The roll moves the acting character's karma on their sheet."""
        if not isinstance(record, cosmos.CosmosRoll):
            return []
        if self.character is None or record.karma_after == record.inputs.karma:
            return []
        path = ("characters", self.character, "sheet", "karma")
        return [Change(path, read(self.session.campaign.state, path), record.karma_after)]

    def result_lines(self, record: Any) -> list[str]:
        if not isinstance(record, cosmos.CosmosRoll):
            return [self.t("cosmos.intuition_value", value=record.inputs.intuition)]
        lines = [
            f"d100 {record.natural}"
            + (f", karma d10 {record.karma_die} → {record.result}" if record.karma_die else "")
        ]
        lines.append(
            self.t(
                "cosmos.karma_after",
                before=signed(record.inputs.karma),
                after=signed(record.karma_after),
            )
        )
        return lines

    def show_record(self, record: Any) -> None:
        super().show_record(record)
        self.call_after_refresh(self._show_karma)

    @on(Choice.Changed, "#acting, #target")
    @on(Input.Changed, "#figure")
    def _element_changed(self, event: Message) -> None:
        event.stop()  # the table around the panel has nothing to do with it
        self._show_element()

    def _show_element(self) -> None:
        """The coefficient of the chosen element on the other (the campaign's own cell
        when it has one), and the figure typed under it."""
        table = element_table()
        lang = self.session.strings.lang
        acting = self.query_one("#acting", Choice).value or "feu"
        target = self.query_one("#target", Choice).value or "feu"
        try:
            affinities = table.affinities.with_overrides(
                self.session.campaign.state.get("elements", {})
            )
        except RulesError:
            affinities = table.affinities  # campaign.toml's check refuses it already
        coefficient = affinities.coefficient(acting, target)
        words = {"acting": table.name(acting, lang), "target": table.name(target, lang)}
        text = Text(self.t("cosmos.element_shown", coefficient=shown(coefficient, lang), **words))
        if (target, acting) in affinities.overridden:
            seed = shown(table.affinities.coefficient(acting, target), lang)
            text.append(f"\n({self.t('cosmos.element_campaign', seed=seed)})", style="dim")
        typed = self.query_one("#figure", Input).value.strip()
        if typed.lstrip("-").isascii() and typed.lstrip("-").isdigit():
            applied = apply(coefficient, int(typed))
            numbers = {
                "figure": typed,
                "coefficient": shown(coefficient, lang),
                "exact": shown(applied.exact, lang),
                "result": shown(Fraction(applied.result), lang),
            }
            exact = applied.exact == applied.result
            line = self.t(
                "cosmos.element_applied" if exact else "cosmos.element_rounded", **numbers
            )
            text.append("\n" + line, style="bold")
            if applied.inverted:
                text.append(f"\n({self.t('cosmos.element_inverted')})", style="italic")
        self.query_one("#element", Static).update(text)

    @on(SelectionList.SelectedChanged)
    def _stats_changed(self) -> None:
        # The only panel with a list to tick (SelectionList is imported where it is used).
        self.update_odds()

    @on(Button.Pressed, "#intuition")
    def intuition(self) -> None:
        """Roll the acting character's intuition (Intuition 3 unless the sheet says)."""
        value = self.sheet.get("intuition", cosmos.DEFAULT_INTUITION)
        test = cosmos.IntuitionTest(value if isinstance(value, int) else cosmos.DEFAULT_INTUITION)
        record = self.session.roll(test)
        name = self.session.characters().get(self.character or "", {}).get("name", "")
        text = f"{name} — {self.t('cosmos.intuition_value', value=test.intuition)}".strip(" —")
        if journaled(self, self.Rolled(record, text, (), self.character, False)):
            self.last = record
            self.show_record(record)
