"""The Tale of Great Cosmos: a d100 test under one stat, the mean of several or a given
threshold; the acting character's karma and its effect; karma moved after the roll;
the intuition roll; the elemental coefficient of one element on another, with a damage
or healing figure under it."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Button, Checkbox, Collapsible, Input, SelectionList, Static

from meneur.content import term
from meneur.content.cosmos import element_table
from meneur.content.outcomes import percent_text
from meneur.core.changes import Change, read
from meneur.core.cosmos import aura, combat, piloting
from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.conditions import (
    AURA_GATE,
    AURA_REROLL,
    CannotAct,
    Condition,
    of_sheet,
    reroll_bonus,
    strips_bonuses,
    total,
)
from meneur.core.cosmos.creation import STATS
from meneur.core.cosmos.elements import ELEMENTS, apply, shown
from meneur.core.cosmos.endurance import Fatigue
from meneur.core.errors import RulesError
from meneur.core.sheets import whole_or
from meneur.tui.i18n import signed
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.number_field import NumberField
from meneur.tui.widgets.tick import Tick
from meneur.tui.widgets.ticklist import TickList

from .base import ActionPanel, journaled, number


class CosmosPanel(ActionPanel):
    """d100 under a threshold, karma, intuition."""

    DICE_LINES = 3  # one d100, nothing kept or dropped
    _conditions: tuple[Condition, ...] = ()
    """What the acting character's state did to the last test built."""
    _concentration: dict[str, bool] = {}  # replaced whole, never changed in place
    _aura_gate: dict[str, bool] = {}
    """How each character's passive Esprit test against an aura's row 6 went (replaced
    whole; emptied once the test it was for is rolled)."""
    """How each concentrating character's passive Esprit test went (an extreme fatigue
    asks for one before the concentration halves anything)."""

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
        attacks = [(term(f"cosmos.outcome.{key}").fr, key) for key in combat.SUCCESSES[::-1]]
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
        if self.session.options.get("piloting"):
            vehicles = [
                (f"{term(f'piloting.vehicle.{key}').fr} (d{die})", key)
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
        if self.session.options.get("turn_order"):
            with Collapsible(title=self.t("round.title"), collapsed=True, id="round"):
                yield Static(self.t("round.who"), classes="field-label")
                yield TickList[str](id="round-who")
                yield Static("", id="round-order", classes="summary")
                with Horizontal(classes="roll-row"):
                    yield ActionButton(self.t("round.new"), id="round-new")
                    yield ActionButton(self.t("round.next"), id="round-next")
        if self.session.options.get("movement"):
            with Collapsible(title=self.t("grid.title"), collapsed=True, id="grid"):
                yield Static("", id="grid-around", classes="summary")
                with Horizontal(classes="fields"):
                    yield Input(placeholder=self.t("grid.square"), id="grid-square")
                    yield ActionButton(self.t("grid.move"), id="grid-move")
                    yield ActionButton(self.t("grid.place"), id="grid-place")
        if self.session.options.get("endurance"):
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
        if self.session.options.get("skill_sheet") == "progressive":
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
        if self.session.options.get("skill_sheet") == "fixed":
            with Collapsible(title=self.t("group.title"), collapsed=True, id="group"):
                yield Static("", id="group-sheet", classes="summary")
        if self.session.options.get("aura"):
            with Collapsible(title=self.t("aura.title"), collapsed=True, id="aura"):
                yield Static("", id="aura-points", classes="summary")
                # One line each: the tick's words leave the target no room beside them.
                yield Choice[str]([], id="aura-target", label=self.t("aura.target"), prompt="—")
                yield Tick(self.t("aura.cancel"), id="aura-cancel")
                # An opponent's aura against the acting character's next test: its row
                # changes that test alone (seed 002, "sur l'action en cours uniquement").
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
        if self.session.options.get("movement"):
            yield ActionButton(self.t("cosmos.sprint"), id="sprint")

    def on_mount(self) -> None:
        self.character_changed()
        self._show_element()
        self._show_piloting()
        super().on_mount()

    @property
    def karma(self) -> int:
        """The acting character's karma (0 for nobody), locked at +10 or −10 while in
        Illumination or Sépulcrale."""
        return self.stance.karma(whole_or(self.sheet.get("karma")))

    @property
    def stance(self) -> combat.Stance:
        """The acting character's combat state (the defaults for a broken one: the
        campaign's check refuses it already)."""
        try:
            return combat.Stance.from_sheet(self.sheet)
        except RulesError:
            return combat.Stance()

    @property
    def stats(self) -> dict[str, int]:
        """The acting character's stats as they count now (Agilité less an overloaded
        inventory's malus)."""
        from meneur.core.cosmos.sheet import current_stats

        return current_stats(self.session.options, self.sheet)

    def character_changed(self) -> None:
        self._show_tree()
        self._show_group()
        self._show_stance()
        self._show_fatigue()
        self._show_grid()
        self._show_piloting()
        self._show_aura()
        self._show_round()
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

    def _aura_against(self) -> int:
        """The row of an opponent's aura against the next test (0: none)."""
        if not self.query("#aura-against"):
            return 0
        value = self.query_one("#aura-against", Choice).value
        return value if isinstance(value, int) else 0

    def build(self) -> cosmos.CosmosTest:
        typed = self.query_one("#threshold", Input).value.strip()
        bonus = number(self.query_one("#bonus", Input).value, 0)
        if strips_bonuses(self._aura_against()):
            bonus = min(bonus, 0)  # "retire tous les bonus et renforcements"
        if typed.lstrip("-").isascii() and typed.lstrip("-").isdigit():
            return self._test((), bonus, threshold=int(typed))
        chosen = self.query_one("#stats", TickList).selected
        keys = [stat for stat in chosen if isinstance(self.stats.get(stat), int)]
        if not keys:
            raise RulesError(self.t("cosmos.choose"))
        return self._test(keys, bonus)

    def _test(
        self,
        keys: Sequence[str],
        bonus: int = 0,
        *,
        threshold: int | None = None,
        concentrating: bool = True,
        passive: bool = False,
    ) -> cosmos.CosmosTest:
        """A test of the acting character's ``keys`` stats (or of a typed ``threshold``),
        with their karma and what their state does to it (fatigue, a posture's die);
        ``concentrating`` False: as if the character did not concentrate (the passive
        Esprit test a concentration asks for); ``passive``: the passive Esprit test an
        aura's row 6 asks for (no bonus, no aura).

        Raises:
            CannotAct: when their state forbids it.
            RulesError: for a concentration the state forbids, or before its test.
        """
        options = self.session.options
        concentrated = concentrating and self._concentrating()
        against = 0 if passive else self._aura_against()
        found = of_sheet(
            options,
            self.sheet,
            keys,
            concentrated=concentrated,
            concentration_test=self._concentration.get(self.character or ""),
            aura=against,
            aura_test=self._aura_gate.get(self.character or ""),
            no_bonuses=passive,
        )
        state_bonus, widen = total(found)
        self._conditions = found
        stats = tuple(self.stats[key] for key in keys)
        reroll = reroll_bonus(found, bonus) if against == AURA_REROLL else None
        return cosmos.CosmosTest(
            threshold=threshold, stats=stats, bonus=bonus, karma=self.karma,
            state_bonus=state_bonus, critical_failures=widen, names=tuple(keys),
            reroll_bonus=reroll,
        )  # fmt: skip

    def _conditions_text(self, found: Sequence[Condition]) -> str:
        """``fatigue légère −5 %, avantage +10 %`` for the conditions of a test."""
        return ", ".join(
            self.t(f"conditions.{c.key}", bonus=signed(c.bonus), widen=c.critical_failures)
            for c in found
        )

    def _stat_shown(self, test: cosmos.CosmosTest) -> str:
        """A one-stat test's stat, with what the character's state does to it."""
        found = self._conditions
        return f"{test.stats[0]}, {self._conditions_text(found)}" if found else str(test.stats[0])

    def summary(self, inputs: Any) -> str:
        text = self.t("cosmos.threshold_is", threshold=inputs.effective_threshold)
        found = getattr(self, "_conditions", ())
        if found:
            text += f" ({self._conditions_text(found)})"
        return text

    def consequences(self, record: Any) -> list[Change]:
        """The roll moves the acting character's karma on their sheet, and spends the
        backlash's negative effect waiting for their next action."""
        if not isinstance(record, cosmos.CosmosRoll) or self.character is None:
            return []
        from meneur.play.combat import after_test

        changes = []
        if record.karma_after != record.inputs.karma:
            changes.append(self._sheet_change("karma", record.karma_after))
        # A sheet the campaign's check refuses already changes nothing more.
        with suppress(RulesError):
            changes += after_test(self.session.campaign.state, self.character)[0]
        return changes

    def journal_text(self, record: Any) -> str:
        """The roll's words, with the backlash's negative effect when it falls on this
        action (Sépulcrale's disadvantage 3)."""
        text = super().journal_text(record)
        mine = isinstance(record, cosmos.CosmosRoll) and self.character is not None
        if mine and combat.acted(self.stance)[1]:  # the same test as play.combat.after_test
            return f"{text} — {self.t('combat.negative_fell')}"
        return text

    def result_lines(self, record: Any) -> list[str]:
        if isinstance(record, aura.AuraRoll):
            return [f"d6 : {record.result}"]
        if isinstance(record, piloting.PilotingRoll):
            if not record.dice:
                outcome = self.t(f"piloting.outcome_{record.outcome}")
                return [self.t("piloting.rolled_automatic", outcome=outcome)]
            die = record.dice[0]
            return [
                self.t("piloting.rolled", die=die.sides, face=die.face, score=record.inputs.score)
            ]
        defence = getattr(self, "_defence", None)
        if defence is not None and defence[0] is record:
            return [*self._cosmos_lines(record), defence[1]]
        if isinstance(record, combat.AutoDefenceRoll | combat.PostureDieRoll):
            return [f"d{record.dice[0].sides} : {record.result}"]
        sprint = getattr(self, "_sprint", None)
        if sprint is not None and sprint[0] is record:
            return [
                *self._cosmos_lines(record),
                self.t("cosmos.sprint_result", before=sprint[1], after=sprint[2]),
            ]
        if isinstance(record, cosmos.IntuitionRoll):
            return [self.t("cosmos.intuition_value", value=record.inputs.intuition)]
        if not isinstance(record, cosmos.CosmosRoll):
            return []  # a round's order: its dice say it, the round list shows it
        return self._cosmos_lines(record)

    def _cosmos_lines(self, record: Any) -> list[str]:
        lines = [self.t("aura.rerolled", first=record.first)] if record.first else []
        lines.append(
            f"d100 {record.natural}"
            + (f", karma d10 {record.karma_die} → {record.result}" if record.karma_die else "")
        )
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
        if (
            self._aura_against()
            and isinstance(record, cosmos.CosmosRoll)
            and record is not self._gate_record
        ):
            # The aura changed this test alone: the next one is the character's own again.
            self.query_one("#aura-against", Choice).value = 0
            self._aura_gate = {}

    _gate_record: Any = None
    """The passive Esprit test an aura's row 6 asked for, last rolled (it is not the test
    the aura was against)."""

    @on(Choice.Changed, "#aura-against")
    def _aura_against_changed(self, event: Choice.Changed) -> None:
        """An aura's row 6 asks a passive Esprit test before the character may act:
        rolled and journaled now, "sans bonus ni renforcement quelconque"."""
        event.stop()
        self._aura_gate = {}
        if self._aura_against() == AURA_GATE and self.character is not None:
            self._aura_gate_test()
        self.update_odds()

    def _aura_gate_test(self) -> None:
        assert self.character is not None
        try:
            test = self._test(("esprit",), concentrating=False, passive=True)
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        self._gate_record = record
        text = self.t("aura.gate_test", name=self._who(), value=self._stat_shown(test))
        if self._journal(record, text, self.consequences(record), character=self.character):
            self._aura_gate = {self.character: bool(record.success)}
            said = "aura.gate_passed" if record.success else "aura.gate_failed"
            self.notify(self.t(said, name=self._who()))

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

    def piloting_test(self) -> piloting.PilotingTest:
        """The piloting roll the helper describes: the vehicle's die, the acting
        character's score for its kind of piloting plus the co-pilots', the stress.

        Raises:
            RulesError: for what the rule refuses.
        """
        vehicle = self.query_one("#vehicle", Choice).value or "fighter"
        stress = self.query_one("#stress", Choice).value or 0
        kind = piloting.VEHICLES[vehicle][0]
        own = piloting.sheet_score(self.sheet.get("piloting"), kind) or 0
        others = number(self.query_one("#copilots", Input).value, 0)
        scores = (own, others) if others else (own,)
        return piloting.PilotingTest.for_vehicle(vehicle, scores, int(stress))

    def _show_piloting(self) -> None:
        if not self.query("#piloting-odds"):
            return
        try:
            test = self.piloting_test()
        except RulesError as error:
            self.query_one("#piloting-odds", Static).update(Text(str(error), style="red"))
            return
        kind = piloting.VEHICLES[test.vehicle][0]
        text = Text()
        if piloting.sheet_score(self.sheet.get("piloting"), kind) is None:
            text.append(self.t("piloting.no_score", kind=self.t(f"piloting.{kind}")) + "\n")
        die = test.effective_die
        if test.automatic == "failure":
            text.append(self.t("piloting.past_d20"), style="bold red")
        elif test.automatic == "success":
            text.append(self.t("piloting.automatic", score=test.score, die=die), style="bold green")
        else:
            chance = piloting.odds(test).outcomes["success"]
            text.append(
                self.t("piloting.odds", score=test.score, die=die, percent=percent_text(chance)),
                style="bold",
            )
        self.query_one("#piloting-odds", Static).update(text)

    @on(Choice.Changed, "#vehicle, #stress")
    @on(Input.Changed, "#copilots")
    def _piloting_changed(self, event: Message) -> None:
        event.stop()  # the table around the panel has nothing to do with it
        self._show_piloting()

    @on(Button.Pressed, "#pilot")
    def pilot(self) -> None:
        """Roll the piloting die for the acting character (and co-pilots), journaled."""
        try:
            test = self.piloting_test()
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        self._journal(record, self.journal_text(record), character=self.character)

    # --- The progressive skill sheet (fiche compétences, modèle progressif) --------------

    def _tree(self) -> Any:
        from meneur.content import ContentError
        from meneur.content.cosmos import skill_tree_for

        try:
            return skill_tree_for(self.session.campaign.directory)
        except ContentError as error:
            self.notify(self.explain(error), severity="error")
            return None

    def _owned(self, tree: Any) -> tuple[str, ...]:
        """The keys of the tree's skills the sheet owns (it keeps their names)."""
        from meneur.play.skill_tree import owned_keys

        return owned_keys(tree.skills, self.sheet)

    def _show_tree(self) -> None:
        if not self.query("#tree-points"):
            return
        from meneur.play.skill_tree import bought_upgrades

        tree = self._tree()
        if tree is None:
            return
        owned = self._owned(tree)
        points = self._points(self.character, "skill_points")
        names = ", ".join(tree.skills[k].name for k in owned) or "—"
        self.query_one("#tree-points", Static).update(
            self.t("tree.points", points=points, owned=names)
        )
        choice = self.query_one("#tree-skill", Choice)
        choice.set_options(
            [
                (self.t("tree.option", name=skill.name, cost=skill.cost), key)
                for key, skill in tree.skills.items()
                if key not in owned
            ]
        )
        bought = bought_upgrades(tree.skills, self.sheet)
        self.query_one("#tree-upgrade", Choice).set_options(
            [
                (
                    self.t(
                        "tree.upgrade_option",
                        skill=tree.skills[key].name,
                        name=u.name,
                        cost=u.cost,
                    ),
                    (key, u.name),
                )
                for key in owned
                for u in tree.skills[key].upgrades
                if u.name not in bought.get(key, ())
            ]
        )
        self._show_tree_skill()

    @on(Choice.Changed, "#tree-skill")
    def _tree_skill_changed(self, event: Choice.Changed) -> None:
        event.stop()
        self._show_tree_skill()

    def _show_tree_skill(self) -> None:
        """The chosen skill's categories (type, elements, alignment, effects, power) and
        upgrades, and what it does."""
        from meneur.play.skill_tree import skill_words

        tree = self._tree()
        key = self.query_one("#tree-skill", Choice).value
        about = self.query_one("#tree-about", Static)
        if tree is None or key not in tree.skills:
            about.update("")
            return
        words = skill_words(tree.skills[key], self.session.strings.lang)
        text = tree.shown.get(key, ("", ""))[1]
        about.update(Text(f"{words}\n{text}" if text else words))

    def _show_group(self) -> None:
        """The fixed model: the sheet of the acting character's group, with their own
        Final Skill when they have one."""
        from meneur.core.cosmos.skills import find_group, member_sheet

        if not self.query("#group-sheet"):
            return
        shown = self.query_one("#group-sheet", Static)
        tree = self._tree()
        called = self.sheet.get("skill_group", "")
        try:
            group = find_group(tree.groups, called) if tree and isinstance(called, str) else None
        except RulesError:
            group = None  # the campaign's check refuses such a sheet already
        if group is None:
            names = ", ".join(g.name for g in tree.groups.values()) if tree else ""
            shown.update(self.t("group.none", groups=names or "—"))
            return
        own = self.sheet.get("final_skill", "")
        sheet = member_sheet(group, own if isinstance(own, str) else "")
        shown.update(
            self.t(
                "group.sheet",
                name=sheet.name,
                active=", ".join(sheet.active) or "—",
                passive=", ".join(sheet.passive) or "—",
                final=sheet.final_skill or "—",
            )
        )

    @on(Button.Pressed, "#tree-unlock")
    def unlock_skill(self) -> None:
        """Buy the chosen skill with skill points (meneur.play.skill_tree: parents first,
        its cost, a blessing for a divine one and no contrary alignment), one journal
        entry made of the sheet under the lock."""
        from meneur.play.skill_tree import unlock_skill

        tree = self._tree()
        key = self.query_one("#tree-skill", Choice).value
        if tree is None or key is None or self.character is None:
            return
        blessed = self.query_one("#tree-blessed", Tick).value
        plan = unlock_skill(self.character, tree.skills, key, self.t, blessed=blessed)
        self.post_message(self.SheetChanged((), plan, self.character))

    @on(Button.Pressed, "#tree-upgrade-buy")
    def buy_upgrade(self) -> None:
        """Buy the chosen upgrade of an owned skill with skill points, one journal entry."""
        from meneur.play.skill_tree import buy_upgrade

        tree = self._tree()
        chosen = self.query_one("#tree-upgrade", Choice).value
        if tree is None or chosen is None or self.character is None:
            return
        key, name = chosen
        plan = buy_upgrade(self.character, tree.skills, key, name, self.t)
        self.post_message(self.SheetChanged((), plan, self.character))

    # --- Combat: postures, Light & Dark points, defences ---------------------------------

    def _show_stance(self) -> None:
        if not self.query("#stance"):
            return
        stance = self.stance
        light, dark = self._points(self.character, "light"), self._points(self.character, "dark")
        text = Text(self.t(f"combat.posture.{stance.current}"), style="bold")
        text.append(f"  ·  Light {light} · Dark {dark}")
        if stance.special:
            text.append(
                "\n" + self.t("combat.turns", turns=stance.turns + 1, most=combat.MAX_TURNS)
            )
            text.append("  " + self.t("combat.karma_locked", karma=signed(self.karma)), style="dim")
            if stance.advantage:
                row = term(f"posture_die.outcome.advantage_{stance.advantage}")
                text.append("\n" + self.t("combat.advantage", effect=row.short or row.fr))
            final = self._final_skill_chance()
            if final is not None:  # its exact odds, before the button is pressed
                text.append("\n" + self.t("combat.final_odds", percent=final))
        if stance.backlash:
            text.append(
                "\n" + self.t(f"combat.backlash.{stance.backlash}", turns=stance.backlash_turns),
                style="bold red",
            )
            if stance.disadvantage:
                row = term(f"posture_die.outcome.disadvantage_{stance.disadvantage}")
                text.append(" — " + (row.short or row.fr))
        if stance.cooldown and not stance.special:
            text.append("\n" + self.t("combat.cooldown", turns=stance.cooldown), style="dim")
        if stance.negative_due:
            text.append("\n" + self.t("combat.negative_due"), style="red")
        if stance.provoked_by:
            who = self._called_or(stance.provoked_by)
            text.append("\n" + self.t("combat.provoked", name=who), style="bold")
        self.query_one("#stance", Static).update(text)
        self._offer_provoke(stance)
        self._show_defence()

    def _called_or(self, ident: str) -> str:
        """A character's name, or a dash for one the campaign no longer has (its key
        never reaches the screen)."""
        found = self.session.characters().get(ident)
        return str(found.get("name", "—")) if isinstance(found, dict) else "—"

    def _offer_provoke(self, stance: combat.Stance) -> None:
        """In Sépulcrale, the others the character may have hurt (Provocation abusive)."""
        choice = self.query_one("#provoke-target", Choice)
        sepulcrale = stance.special == "sepulcrale"
        self.query_one("#provoke-row").display = sepulcrale
        if sepulcrale:
            people = tuple(
                (str(c.get("name", "—")), ident)
                for ident, c in self.session.characters().items()
                if ident != self.character
            )
            if people != self._provoke_people:  # set only when changed: setting is an event
                self._provoke_people = people
                kept = choice.value
                choice.set_options(people)
                if kept in [ident for _, ident in people]:
                    choice.value = kept

    _provoke_people: tuple[tuple[str, str], ...] = ()

    @on(Choice.Changed, "#provoke-target")
    def _provoke_target_changed(self, event: Choice.Changed) -> None:
        event.stop()  # choosing whom one hurt changes no odds

    @on(Button.Pressed, "#provoke")
    def provoke(self) -> None:
        """The acting character, in Sépulcrale, hurt the chosen one: Provocation abusive
        marks them until their turn ends (one journal entry, meneur.play.combat)."""
        target = self.query_one("#provoke-target", Choice).value
        if self.character is None or not isinstance(target, str):
            return
        from meneur.play.combat import provoke

        plan = provoke(self.character, target, self.t)
        self.post_message(self.SheetChanged((), plan, self.character))

    def update_odds(self) -> None:
        """The test's odds, and the Final Skill's on the same test while it may be used."""
        super().update_odds()
        if self.character is not None and self.stance.special:
            self._show_stance()

    def _final_skill_chance(self) -> str | None:
        """The chance the Final Skill would have as the panel's test (critical failures
        ignored), or None below level 5 or without a test chosen."""
        level = self.sheet.get("level", 1)
        if not isinstance(level, int) or level < combat.FINAL_SKILL_LEVEL:
            return None
        try:
            test = replace(self.build(), final_skill=True)
        except RulesError:
            return None
        return percent_text(cosmos.odds(test).probability_of(cosmos.SUCCESSES))

    def _attack(self) -> tuple[str, bool, bool]:
        return (
            self.query_one("#attack", Choice).value or "success",
            self.query_one("#unparriable", Tick).value,
            self.query_one("#undodgeable", Tick).value,
        )

    def _show_defence(self) -> None:
        attack, unparriable, undodgeable = self._attack()
        allowed = combat.defences(
            self.stance.current, unparriable=unparriable, undodgeable=undodgeable
        )
        lines = []
        for kind, stat in (("dodge", "agilite"), ("parry", "force")):
            value = self.stats.get(stat)
            if kind not in allowed or value is None:
                continue
            try:
                test = self._test((stat,))
            except RulesError as error:  # its state forbids it, or a concentration
                allowed = ()
                lines.append(self.explain(error))
                break
            odds = cosmos.odds(test)
            chance = percent_text(combat.defence_odds(attack, odds))
            lines.append(
                self.t(f"combat.{kind}_odds", value=self._stat_shown(test), percent=chance)
            )
        if not allowed and not lines:
            lines.append(self.t("combat.no_defence"))
        if combat.after_hit(self.stance) == "counter_attack":
            lines.append(self.t("combat.sepulcrale_counter"))
        self.query_one("#dodge", Button).disabled = "dodge" not in allowed
        self.query_one("#parry", Button).disabled = "parry" not in allowed
        auto = self.stance.special == "illumination" and attack != "super_critical_success"
        auto = auto and not (unparriable and undodgeable)
        self.query_one("#auto-defence", Button).display = auto
        if auto:
            lines.append(self.t("combat.auto_odds"))
        self.query_one("#defence-odds", Static).update("\n".join(lines))

    @on(Choice.Changed, "#attack")
    @on(Checkbox.Changed, "#unparriable, #undodgeable")
    def _attack_changed(self, event: Message) -> None:
        event.stop()  # the table around the panel has nothing to do with it
        self._show_defence()

    def _concentrating(self) -> bool:
        return bool(self.query("#concentrated")) and self.query_one("#concentrated", Tick).value

    @on(Checkbox.Changed, "#concentrated")
    def _concentration_changed(self, event: Checkbox.Changed) -> None:
        """Concentrating changes the test's odds and the defences'. At an extreme
        fatigue it first asks for a passive Esprit test, rolled and journaled now."""
        event.stop()
        if not event.value:
            self._concentration = {}
        elif self.character is not None and self._fatigue().extreme:
            self._concentration_test()
        self.update_odds()
        if self.query("#defence-odds"):
            self._show_defence()

    def _concentration_test(self) -> None:
        """The passive Esprit test an extreme fatigue asks of a concentration: "le
        personnage doit réussir un jet d'esprit passif pour y parvenir" (seed 002)."""
        assert self.character is not None
        try:
            # Whether the character may concentrate at all (a mental exhaustion: no).
            of_sheet(self.session.options, self.sheet, (), concentrated=True)
            test = self._test(("esprit",), concentrating=False)
        except RulesError as error:
            self.query_one("#concentrated", Tick).value = False
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        text = self.t("fatigue.concentration_test", name=self._who(), value=self._stat_shown(test))
        if self._journal(record, text, self.consequences(record), character=self.character):
            self._concentration = {**self._concentration, self.character: bool(record.success)}
            said = (
                "fatigue.concentration_passed" if record.success else "fatigue.concentration_failed"
            )
            self.notify(self.t(said, name=self._who()))

    def _change(self, path: tuple[str, ...], value: Any) -> Change:
        """A change of the campaign at ``path`` to ``value`` (MISSING: removed)."""
        return Change(path, read(self.session.campaign.state, path), value)

    def _sheet_change(self, key: str, value: Any, ident: str | None = None) -> Change:
        """A change of ``ident``'s sheet (by default the acting character's)."""
        ident = ident or self.character
        assert ident is not None
        return self._change(("characters", ident, "sheet", key), value)

    def _called(self, ident: str) -> str:
        """How the campaign calls a character (its id when it has no name)."""
        return str(self.session.characters().get(ident, {}).get("name", ident))

    def _who(self) -> str:
        """The acting character's name ("" for nobody)."""
        return self._called(self.character) if self.character else ""

    def _journal(
        self, record: Any, text: str, changes: Sequence[Change] = (), *, character: str | None
    ) -> bool:
        """Journal a roll a helper made, durably, then show it; False when refused."""
        if not journaled(self, self.Rolled(record, text, changes, character, False)):
            return False
        self.last = record
        self.show_record(record)
        return True

    @on(Button.Pressed, "#stance-toggle")
    def toggle_posture(self) -> None:
        """Offensive ↔ defensive: the default posture, changed before acting."""
        if self.character is None:
            return
        from meneur.play.combat import set_posture

        posture = "offensive" if self.stance.posture == "defensive" else "defensive"
        plan = set_posture(self.character, posture, self.t)
        self.post_message(self.SheetChanged((), plan, self.character))

    @on(Button.Pressed, "#light-point, #dark-point")
    def spend_point(self, event: Button.Pressed) -> None:
        """Spend a Light or Dark point (meneur.play.combat): Illumination (its advantage
        die rolled now, once the point may be spent) or Sépulcrale begins; the point is
        gone, and with the endurance rule the fatigue falls in the same entry."""
        if self.character is None:
            return
        from meneur.play.combat import point_changes, spend_point

        light = event.button.id == "light-point"
        kind = "illumination" if light else "sepulcrale"
        if not light:
            plan = spend_point(self.character, kind, self.t)
            self.post_message(self.SheetChanged((), plan, self.character))
            return
        state = self.session.campaign.state
        try:
            point_changes(state, self.character, kind, self.t, 1)  # may it be spent?
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(combat.PostureDie("advantage"))
        changes, text = point_changes(state, self.character, kind, self.t, record.result)
        if self._journal(record, text, changes, character=self.character):
            self.call_after_refresh(self.character_changed)

    @on(Button.Pressed, "#turn-end")
    def end_turn(self) -> None:
        """The acting character's turn is over: a special posture counts it (ending after
        its third with the backlash; Apocalypse for Sépulcrale without Revive)."""
        if self.character is None:
            return
        ended = combat.end_turn(self.stance)
        self._left(ended, self.t("combat.turn_entry", name=self._who()), turn=True)

    @on(Button.Pressed, "#final-skill")
    def use_final_skill(self) -> None:
        """The Final Skill (level 5+): the panel's test rolled as it, critical failures
        ignored ("Annulation critique"), journaled; then the special posture ends at once
        (with its backlash when it lasted more than 2 turns)."""
        if self.character is None:
            return
        level = self.sheet.get("level", 1)
        try:
            ended = combat.final_skill(self.stance, level if isinstance(level, int) else 1)
            test = replace(self.build(), final_skill=True)
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        said = self.t("combat.final_roll", name=self._who(), value=self.summary(test))
        if combat.final_skill_bonus(self.stance, bool(record.success)):
            said += " — " + self.t("combat.final_bonus")
        if not self._journal(record, said, self.consequences(record), character=self.character):
            return
        self._left(ended, self.t("combat.final_entry", name=self._who()))

    def _left(
        self,
        ended: combat.TurnEnd,
        text: str,
        ident: str | None = None,
        also: Sequence[Change] = (),
        *,
        turn: bool = False,
    ) -> None:
        """Journal a turn's end (``turn``) or a Final Skill for ``ident`` (the acting
        character by default), with ``also`` (the round tracker's move): the backlash's
        fatigue (endurance rule), Sépulcrale's disadvantage die, Apocalypse (50 % of max
        PV) and, at a turn's end, one turn less of a revigoration potion."""
        from meneur.play.combat import left_changes, needs_disadvantage_die

        ident = ident or self.character
        assert ident is not None
        record = None
        if needs_disadvantage_die(ended):
            record = self.session.roll(combat.PostureDie("disadvantage"))
        try:
            changes, text = left_changes(
                self.session.campaign.state,
                ident,
                ended,
                text,
                self.t,
                face=record.result if record is not None else None,
                turn=turn,
            )
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        changes = [*changes, *also]
        if record is None:
            self.post_message(self.SheetChanged(changes, text, ident))
            return
        if self._journal(record, text, changes, character=ident):
            self.call_after_refresh(self.character_changed)

    @on(Button.Pressed, "#revive")
    def use_revive(self) -> None:
        """Sépulcrale's Revive, instead of a fatal blow: 50 % of max PV, once."""
        if self.character is None:
            return
        from meneur.play.combat import use_revive

        self.post_message(self.SheetChanged((), use_revive(self.character, self.t), self.character))

    @on(Button.Pressed, "#dodge, #parry")
    def defend(self, event: Button.Pressed) -> None:
        """A dodge (Agilité test) or a parry (Force test) against the attack described:
        journaled, and whether it held (with a riposte or counter-attack) said."""
        kind = "dodge" if event.button.id == "dodge" else "parry"
        stat = "agilite" if kind == "dodge" else "force"
        if self.stats.get(stat) is None:
            return
        attack = self._attack()[0]
        try:
            test = self._test((stat,))
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        value = self._stat_shown(test)
        record = self.session.roll(test)
        held = combat.defence_holds(attack, record.outcome or "")
        follow = combat.follow_up(kind, record.outcome or "", attack)
        said = self.t("combat.held" if held else "combat.not_held")
        if follow:
            said += " — " + self.t(f"combat.{follow}")
        self._defence = (record, said)
        text = self.t(f"combat.{kind}_entry", name=self._who(), value=value) + f" : {said}"
        if self._journal(record, text, self.consequences(record), character=self.character):
            self.call_after_refresh(self._show_karma)

    @on(Button.Pressed, "#auto-defence")
    def auto_defence(self) -> None:
        """Illumination's automatic dodge or parry: 7 chances in 10."""
        attack, unparriable, undodgeable = self._attack()
        try:
            test = combat.AutoDefence(attack, unparriable, undodgeable)
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        text = self.t("combat.auto_entry", name=self._who())
        self._journal(record, text, character=self.character)

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
        options = self.session.options
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
        text = self.t("cosmos.sprint_entry", name=self._who(), agilite=agilite, before=squares,
                      after=reached).strip(" —")  # fmt: skip
        if self._journal(record, text, self.consequences(record), character=self.character):
            self.call_after_refresh(self._show_karma)

    def _fatigue(self, ident: str | None = None) -> Fatigue:
        """``ident``'s FP and FM (the acting character's by default; 0 and 0 for a sheet
        the campaign's check refuses already)."""
        ident = ident or self.character
        try:
            return Fatigue(self._points(ident, "fp"), self._points(ident, "fm"))
        except RulesError:
            return Fatigue()

    def _show_grid(self) -> None:
        if not self.query("#grid-around") or self.character is None:
            return
        from meneur.play.grid import around

        try:
            lines = around(self.session.campaign.state, self.character, self.t)
        except RulesError as error:
            lines = [self.explain(error)]
        self.query_one("#grid-around", Static).update(Text("\n".join(lines)))

    @on(Button.Pressed, "#grid-move, #grid-place")
    def move_on_grid(self, event: Button.Pressed) -> None:
        """Move the acting character to the square typed (within this turn's squares),
        or place them there; one journal entry (meneur.play.grid)."""
        if self.character is None:
            return
        from meneur.core.cosmos.grid import parse_square
        from meneur.play.grid import move_to

        try:
            square = parse_square(self.query_one("#grid-square", Input).value)
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        plan = move_to(self.character, square, self.t, place=event.button.id == "grid-place")
        self.post_message(self.SheetChanged((), plan, self.character))

    def _show_fatigue(self) -> None:
        if not self.query("#fatigue-gauges"):
            return
        from meneur.play.fatigue import fatigue_summary

        try:
            shown = "\n".join(fatigue_summary(self.sheet, self.session.campaign.state, self.t))
        except RulesError as error:
            shown = self.explain(error)
        self.query_one("#fatigue-gauges", Static).update(Text(shown))

    @on(Button.Pressed, "#fatigue-apply")
    def apply_fatigue(self) -> None:
        """Apply the chosen step of the endurance rule to the acting character's FP and
        FM (meneur.play.fatigue: made of the sheet under the lock, the day's meals and
        pauses counted), one journal entry saying before and after."""
        if self.character is None:
            return
        from meneur.core.cosmos.fatigue import Step
        from meneur.play.fatigue import fatigue_step

        step = Step(
            self.query_one("#fatigue-event", Choice).value or "meal",
            count=number(self.query_one("#fatigue-count", Input).value, 1),
            grade=self.query_one("#fatigue-grade", Choice).value or "standard",
            fasted=self.query_one("#fatigue-fasted", Tick).value,
            optimal=number(self.query_one("#fatigue-optimal", Input).value, 0),
        )
        plan = fatigue_step(self.character, step, self.t)
        self.post_message(self.SheetChanged((), plan, self.character))

    def _fatigue_entry(self, before: Fatigue, after: Fatigue, what: str) -> None:
        assert self.character is not None
        changes = [self._sheet_change("fp", after.fp), self._sheet_change("fm", after.fm)]
        text = self.t(
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
        options = self.session.options
        start = Fatigue.starting(
            stats.get("force", 50),
            stats.get("esprit", 50),
            mental if options.get("mental_health") and isinstance(mental, int) else None,
        )
        self._fatigue_entry(self._fatigue(), start, self.t("fatigue.start"))

    # --- The round (règle de répartition de tour) -----------------------------------------

    def _combat(self) -> dict[str, Any]:
        tracker = self.session.campaign.state.get("combat")
        return tracker if isinstance(tracker, dict) else {}

    _out_of_fight: frozenset[str] = frozenset()
    """Characters the GM unticked from the next round (everyone else is in it)."""

    _round_people: tuple[tuple[str, str], ...] = ()

    def _show_round_who(self) -> None:
        """The characters who may take part, ticked unless the GM left them out (a new
        character comes in ticked)."""
        people = tuple((self._called(i), i) for i in self.session.characters())
        if people == self._round_people:
            return
        self._round_people = people
        listing = self.query_one("#round-who", TickList)
        with listing.prevent(SelectionList.SelectedChanged):
            listing.clear_choices()
            for name, ident in people:
                listing.add_choice(name, ident, selected=ident not in self._out_of_fight)

    @on(SelectionList.SelectedChanged, "#round-who")
    def _who_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        event.stop()  # not a change of the test
        chosen = set(event.selection_list.selected)
        self._out_of_fight = frozenset(i for i in self.session.characters() if i not in chosen)

    def _cannot_act(self, ident: str) -> str | None:
        """Why a character cannot act at all now (Illumination's backlash, a physical
        exhaustion), or None. A mental exhaustion forbids thinking and magic, not acting."""
        options = self.session.options
        sheet = self.session.characters().get(ident, {}).get("sheet", {})
        try:
            of_sheet(options, sheet, ("force",))
        except CannotAct as error:
            return error.reason
        except RulesError:
            return None  # a broken sheet: the campaign's check refuses it already
        return None

    def _show_round(self) -> None:
        if not self.query("#round-order"):
            return
        self._show_round_who()
        tracker = self._combat()
        slots = tracker.get("slots", [])
        if not slots:
            self.query_one("#round-order", Static).update(
                Text(self.t("round.none"), style="dim italic")
            )
            return
        text = Text(self.t("round.number", number=tracker["round"]) + "\n", style="bold")
        for i, slot in enumerate(slots):
            if i:
                text.append(" · ")
            if slot["together"]:
                text.append(f"⇄ ({self.t('round.together')}) ", style="dim")
            words = f"{self._called(slot['who'])} {slot['position']}"
            if slot["action"]:
                words += f" ({self.t('round.extra', n=slot['action'] + 1)})"
            if (why := self._cannot_act(slot["who"])) is not None:
                words += f" ✖ {self.t(f'round.cannot_act.{why}')}"
            if i == tracker["current"]:
                text.append(f"▶ {words}", style="bold reverse")
            else:
                text.append(words, style="dim" if i < tracker["current"] else "")
        self.query_one("#round-order", Static).update(text)

    @on(Button.Pressed, "#round-new")
    def new_round(self) -> None:
        """Roll the next round's order: everyone in the campaign by current Agilité
        (extra actions from a sheet's ``extra_actions``), journaled with its dice."""
        from meneur.core.cosmos.movement import Combatant, TurnOrderInputs
        from meneur.core.cosmos.sheet import current_stats

        options = self.session.options
        people = []
        for ident, character in self.session.characters().items():
            if ident in self._out_of_fight:
                continue
            sheet = character.get("sheet", {})
            agilite = current_stats(options, sheet).get("agilite", 50)
            extra = sheet.get("extra_actions", 0)
            extra = extra if isinstance(extra, int) and not isinstance(extra, bool) else 0
            stance = self._stance_of(ident) or combat.Stance()
            people.append(
                Combatant(
                    ident,
                    agilite,
                    stance.extra_actions(max(0, min(extra, 9))),
                    first=stance.acts_first,
                    last=stance.acts_last,
                )
            )
        if not people:
            self.notify(self.t("round.nobody"), severity="warning")
            return
        record = self.session.roll(TurnOrderInputs(tuple(people)))
        before = self._combat()
        number = int(before.get("round", 0)) + 1 if before.get("slots") else 1
        tracker = {
            "round": number,
            "current": 0,
            "slots": [
                {"who": s.ident, "action": s.action, "position": s.position, "together": s.together}
                for s in record.slots
            ],
        }
        change = self._change(("combat",), tracker)
        order = ", ".join(self._called(s.ident) for s in record.slots)
        text = self.t("round.rolled", number=number, order=order)
        if self._journal(record, text, [change], character=None):
            self._follow_slot(record.slots[0].ident)
            self.call_after_refresh(self._show_round)

    @on(Button.Pressed, "#round-next")
    def next_slot(self) -> None:
        """The next one in the round acts (the panel's acting character follows)."""
        tracker = self._combat()
        slots = tracker.get("slots", [])
        if not slots or tracker["current"] + 1 >= len(slots):
            self.notify(self.t("round.over", number=tracker.get("round", 0)))
            return
        following = dict(tracker, current=tracker["current"] + 1)
        who = slots[following["current"]]["who"]
        change = self._change(("combat",), following)
        text = self.t("round.turn", name=self._called(who), number=tracker["round"])
        done = slots[tracker["current"]]["who"]
        later = any(slot["who"] == done for slot in slots[following["current"] :])
        stance = self._stance_of(done)
        self._follow_slot(who)
        done_sheet = self.session.characters().get(done, {}).get("sheet", {})
        placed = done_sheet.get("grid")
        suspended = "suspended" in done_sheet or (isinstance(placed, dict) and "moved" in placed)
        quiet = stance is not None and stance == combat.Stance(posture=stance.posture)
        if later or stance is None or (quiet and not suspended):
            self.post_message(self.SheetChanged([change], text, who))
            return
        # The one whose last action this round it was ends their turn: a special
        # posture, a cooldown or a backlash counts it.
        ended = combat.end_turn(stance)
        words = self.t("combat.turn_entry", name=self._called(done))
        self._left(ended, f"{text} — {words}", done, [change], turn=True)

    def _stance_of(self, ident: str) -> combat.Stance | None:
        """A character's combat state (None for one that is not a character, or a
        broken one)."""
        character = self.session.characters().get(ident)
        if character is None:
            return None
        try:
            return combat.Stance.from_sheet(character.get("sheet", {}))
        except RulesError:
            return None

    def _follow_slot(self, ident: str) -> None:
        """The acting character becomes the one whose slot it is (a character)."""
        if ident in self.session.characters():
            self.query_one("#character", Choice).value = ident

    # --- Aura (règle d'aura) ------------------------------------------------------------

    def _points(self, ident: str | None, key: str) -> int:
        """A whole number on ``ident``'s sheet (0 when missing or not one)."""
        return whole_or(self.session.characters().get(ident or "", {}).get("sheet", {}).get(key))

    def _has_aura(self, ident: str) -> bool:
        """Whether the character's race has aura points (the campaign's catalogue)."""
        from meneur.content import ContentError
        from meneur.content.cosmos import catalogue_for

        race = self.session.characters().get(ident, {}).get("sheet", {}).get("race")
        try:
            catalogue = catalogue_for(self.session.campaign.directory)
        except ContentError:
            return False
        found = catalogue.races.get(race) if isinstance(race, str) else None
        return bool(found and found.aura)

    def _show_aura(self) -> None:
        if not self.query("#aura-points"):
            return
        ident = self.character
        self.query_one("#aura-points", Static).update(
            self.t(
                "aura.points",
                aura=self._points(ident, "aura"),
                most=aura.MAX_AURA,
                anti=self._points(ident, "anti_aura"),
            )
        )
        target = self.query_one("#aura-target", Choice)
        chosen = target.value
        others = [
            (str(c.get("name", key)), key)
            for key, c in self.session.characters().items()
            if key != ident
        ]
        target.set_options(others)
        if chosen in {key for _, key in others}:
            target.value = chosen

    @on(Button.Pressed, "#aura-use")
    def use_aura(self) -> None:
        """Spend an aura point on the chosen target: the aura roll (journaled with the
        points it moves), or the target's anti-aura point cancelling it."""
        holder, target = self.character, self.query_one("#aura-target", Choice).value
        if holder is None or target is None:
            self.notify(self.t("aura.choose"), severity="warning")
            return
        cancel = self.query_one("#aura-cancel", Tick).value
        try:
            used = aura.use(
                self._points(holder, "aura"),
                self._points(target, "anti_aura"),
                target_has_aura=self._has_aura(target),
                cancel=cancel,
            )
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        changes = [self._sheet_change("aura", used.holder_aura, holder)]
        if used.target_anti_aura != self._points(target, "anti_aura"):
            changes.append(self._sheet_change("anti_aura", used.target_anti_aura, target))
        words = {"holder": self._called(holder), "target": self._called(target)}
        if not used.rolled:
            self.post_message(self.SheetChanged(changes, self.t("aura.cancelled", **words), holder))
            return
        record = self.session.roll(aura.AuraTest())
        if self._journal(record, self.t("aura.used", **words), changes, character=holder):
            self.call_after_refresh(self._show_aura)

    @on(Button.Pressed, "#aura-gain")
    def gain_aura(self) -> None:
        """One more aura point for the acting character (they gather up to 4)."""
        holder = self.character
        if holder is None:
            return
        change = self._sheet_change("aura", aura.gain(self._points(holder, "aura")))
        text = self.t("aura.gained", name=self._who())
        self.post_message(self.SheetChanged([change], text, holder))

    @on(Button.Pressed, "#aura-reset")
    def reset_aura(self) -> None:
        """The character's reset: aura and anti-aura points back to 0."""
        holder = self.character
        if holder is None:
            return
        changes = [self._sheet_change(key, 0) for key in ("aura", "anti_aura")]
        text = self.t("aura.was_reset", name=self._who())
        self.post_message(self.SheetChanged(changes, text, holder))

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
