"""The Tale of Great Cosmos panel: a d100 test under one stat, the mean of several or a
given threshold; the acting character's karma and its effect; karma moved after the
roll; the intuition roll; and under the result, each section of its own module."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Collapsible, SelectionList, Static

from meneur.content.cosmos import element_table
from meneur.core.cosmos import combat, piloting
from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.creation import STATS
from meneur.core.cosmos.elements import ELEMENTS
from meneur.play.cosmos import options_of
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.line_input import TextField
from meneur.tui.widgets.number_field import NumberField
from meneur.tui.widgets.tick import Tick
from meneur.tui.widgets.ticklist import TickList

from .turns import CosmosRound


class CosmosPanel(CosmosRound):
    """d100 under a threshold, karma, intuition."""

    def controls(self) -> ComposeResult:
        yield Static(self.t("cosmos.stats"), classes="field-label")
        yield TickList[str](id="stats")
        with Horizontal(classes="fields"):
            yield NumberField(placeholder=self.t("cosmos.threshold"), id="threshold")
            yield NumberField(placeholder=self.t("cosmos.bonus"), id="bonus")
        yield Static("", id="karma", classes="summary")

    def after_result(self) -> ComposeResult:
        """The helpers under the test: combat (postures, Light & Dark, defences), the
        elements, and the extension rules the campaign uses."""
        attacks = [(self.term(f"cosmos.outcome.{key}"), key) for key in combat.SUCCESSES[::-1]]
        with Collapsible(title=self.t("combat.title"), collapsed=True, id="combat"):
            yield Static("", id="stance", classes="summary")
            yield ActionButton(self.t("combat.toggle"), id="stance-toggle")
            with Horizontal(classes="roll-row"):
                yield ActionButton(self.t("combat.light"), id="light-point")
                yield ActionButton(self.t("combat.dark"), id="dark-point")
            with Horizontal(classes="roll-row"):
                yield ActionButton(self.t("combat.turn_end"), id="turn-end")
                yield ActionButton(self.t("combat.final_skill"), id="final-skill")
                yield ActionButton(self.t("combat.revive"), id="revive")
            with Horizontal(classes="fields", id="provoke-row"):
                yield Choice[str]([], id="provoke-target", label=self.t("combat.hurt"), prompt="—")
                yield ActionButton(self.t("combat.provoke"), id="provoke")
            yield Static(self.t("combat.defence"), classes="field-label")
            yield Choice[str](attacks, id="attack", label=self.t("combat.attack"), value="success")
            with Horizontal(classes="fields"):
                yield Tick(self.t("combat.unparriable"), id="unparriable")
                yield Tick(self.t("combat.undodgeable"), id="undodgeable")
            yield Static("", id="defence-odds", classes="summary")
            with Horizontal(classes="roll-row"):
                yield ActionButton(self.t("combat.dodge"), id="dodge")
                yield ActionButton(self.t("combat.parry"), id="parry")
            yield ActionButton(self.t("combat.auto"), id="auto-defence")
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
        if options_of(self.session.options).get("piloting"):
            vehicles = [
                (f"{self.term(f'piloting.vehicle.{key}')} (d{die})", key)
                for key, (_, die) in piloting.VEHICLES.items()
            ]
            steps = [(self.t("piloting.stress_value", steps=n), n) for n in range(3)]
            with Collapsible(title=self.t("piloting.title"), collapsed=True, id="piloting"):
                yield Choice[str](
                    vehicles, id="vehicle", label=self.t("piloting.vehicle"), value="fighter"
                )
                with Horizontal(classes="fields"):
                    yield Choice[int](steps, id="stress", label=self.t("piloting.stress"), value=0)
                    yield NumberField(placeholder=self.t("piloting.others"), id="copilots")
                yield Static("", id="piloting-odds", classes="summary")
                yield ActionButton(self.t("piloting.pilot"), id="pilot")
        if options_of(self.session.options).get("turn_order"):
            with Collapsible(title=self.t("round.title"), collapsed=True, id="round"):
                yield Static(self.t("round.who"), classes="field-label")
                yield TickList[str](id="round-who")
                yield Static("", id="round-order", classes="summary")
                with Horizontal(classes="roll-row"):
                    yield ActionButton(self.t("round.new"), id="round-new")
                    yield ActionButton(self.t("round.next"), id="round-next")
        if options_of(self.session.options).get("movement"):
            with Collapsible(title=self.t("grid.title"), collapsed=True, id="grid"):
                yield Static("", id="grid-around", classes="summary")
                with Horizontal(classes="fields"):
                    yield TextField(placeholder=self.t("grid.square"), id="grid-square")
                    yield ActionButton(self.t("grid.move"), id="grid-move")
                    yield ActionButton(self.t("grid.place"), id="grid-place")
        if options_of(self.session.options).get("endurance"):
            from meneur.core.cosmos.fatigue import GRADES, STEPS

            events = [(self.t(f"fatigue.event.{key}"), key) for key in STEPS]
            grades = [(self.t(f"fatigue.grade.{g}"), g) for g in GRADES]
            with Collapsible(title=self.t("fatigue.title"), collapsed=True, id="fatigue"):
                yield Static("", id="fatigue-gauges", classes="summary")
                with Horizontal(classes="fields"):
                    yield Choice[str](
                        events, id="fatigue-event", label=self.t("fatigue.event_label"),
                        value="meal",
                    )  # fmt: skip
                    yield NumberField(placeholder=self.t("fatigue.count"), id="fatigue-count")
                with Horizontal(classes="fields"):
                    yield Choice[str](
                        grades, id="fatigue-grade", label=self.t("fatigue.grade_label"),
                        value="standard",
                    )  # fmt: skip
                    yield NumberField(
                        placeholder=self.t("fatigue.optimal_label"), id="fatigue-optimal"
                    )
                yield Tick(self.t("fatigue.fasted_label"), id="fatigue-fasted")
                yield Tick(self.t("fatigue.concentrated"), id="concentrated")
                with Horizontal(classes="roll-row"):
                    yield ActionButton(self.t("fatigue.apply"), id="fatigue-apply")
                    yield ActionButton(self.t("fatigue.start"), id="fatigue-start")
        if options_of(self.session.options).get("skill_sheet") == "progressive":
            with Collapsible(title=self.t("tree.title"), collapsed=True, id="tree"):
                yield Static("", id="tree-points", classes="summary")
                yield Choice[str]([], id="tree-skill", label=self.t("tree.skill"), prompt="—")
                yield Static("", id="tree-about", classes="summary")
                yield Tick(self.t("tree.blessed"), id="tree-blessed")
                yield ActionButton(self.t("tree.unlock"), id="tree-unlock")
                yield Choice[tuple[str, str]](
                    [], id="tree-upgrade", label=self.t("tree.upgrade"), prompt="—"
                )
                yield ActionButton(self.t("tree.buy_upgrade"), id="tree-upgrade-buy")
        if options_of(self.session.options).get("skill_sheet") == "fixed":
            with Collapsible(title=self.t("group.title"), collapsed=True, id="group"):
                yield Static("", id="group-sheet", classes="summary")
        if options_of(self.session.options).get("aura"):
            with Collapsible(title=self.t("aura.title"), collapsed=True, id="aura"):
                yield Static("", id="aura-points", classes="summary")
                # One line each: the tick's words leave the target no room beside them.
                yield Choice[str]([], id="aura-target", label=self.t("aura.target"), prompt="—")
                yield Tick(self.t("aura.cancel"), id="aura-cancel")
                # An opponent's aura against the acting character's next test: its row
                # changes that test alone (docs/rules/cosmos.md#cosmos, "sur l'action en cours
                # uniquement").
                yield Choice[int](
                    [(self.t("aura.against_none"), 0)]
                    + [(self.t(f"aura.against_{row}"), row) for row in (2, 3, 4, 5, 6)],
                    id="aura-against",
                    label=self.t("aura.against"),
                    value=0,
                )
                with Horizontal(classes="roll-row"):
                    yield ActionButton(self.t("aura.use"), id="aura-use")
                    yield ActionButton(self.t("aura.gain"), id="aura-gain")
                    yield ActionButton(self.t("aura.reset"), id="aura-reset")

    def extra_buttons(self) -> ComposeResult:
        yield ActionButton(self.t("cosmos.intuition"), id="intuition")
        if options_of(self.session.options).get("movement"):
            yield ActionButton(self.t("cosmos.sprint"), id="sprint")

    def on_mount(self) -> None:
        self.character_changed()
        self._show_element()
        self._show_piloting()
        super().on_mount()

    def character_changed(self) -> None:
        self._show_tree()
        self._show_group()
        self._show_stance()
        self._show_fatigue()
        self._show_grid()
        self._show_piloting()
        self._show_aura()
        self._show_round()
        from meneur.core.cosmos.sheet import counted_from, sources

        stats = self.stats
        # A stat that counts otherwise than the sheet writes it says from what: its genes,
        # an overloaded inventory (56 + 5 Musculature dense).
        counted = counted_from(options_of(self.session.options), self.sheet, self._genes())
        overloaded = self.t("cosmos.overload_source")
        listing = self.query_one("#stats", TickList)
        listing.clear_choices()
        for stat in STATS:
            value = stats.get(stat)
            if isinstance(value, int):
                shown = f"{self.term(f'cosmos.stat.{stat}')} {value}"
                if stat in counted:
                    _, written, why = counted[stat]
                    named = [(name or overloaded, amount) for name, amount in why]
                    shown += f" ({sources(written, named)})"
                listing.add_choice(shown, stat)
        self._show_karma()

    def update_odds(self) -> None:
        """The test's odds, and the Final Skill's on the same test while it may be used."""
        super().update_odds()
        if self.character is not None and self.stance.special:
            self._show_stance()

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
        self._journal(record, self.journal_text(record), character=self.character)
