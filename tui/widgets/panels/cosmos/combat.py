"""The Great Cosmos panel's combat section: postures, Light & Dark points, the Final Skill,
the backlash, Revive and Provocation abusive (computed in meneur.play.cosmos.combat), defences
and concentration."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import Button, Checkbox, Static

from meneur.content.outcomes import percent_text
from meneur.core.changes import Change
from meneur.core.cosmos import combat
from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.conditions import (
    of_sheet,
)
from meneur.core.errors import RulesError
from meneur.play.campaigns import Worded, dash
from meneur.play.cosmos import options_of
from meneur.play.tested import language_of
from meneur.tui.i18n import signed
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.tick import Tick

from .skills import CosmosSkills


class CosmosCombat(CosmosSkills):
    """Postures, Light & Dark, the Final Skill, defences and concentration."""

    # --- Combat: postures, Light & Dark points, defences ---------------------------------

    def _show_stance(self) -> None:
        if not self.query("#stance"):
            return
        from meneur.play.cosmos.combat import stance_words

        stance = self.stance
        said = stance_words(stance, self.session.characters(), self.t)
        light, dark = self._points(self.character, "light"), self._points(self.character, "dark")
        text = Text(said.posture, style="bold")
        text.append(f"  ·  Light {light} · Dark {dark}")
        if said.turns:
            text.append("\n" + said.turns)
            text.append("  " + self.t("combat.karma_locked", karma=signed(self.karma)), style="dim")
            if said.advantage:
                text.append("\n" + said.advantage)
            final = self._final_skill_chance()
            if final is not None:  # its exact odds, before the button is pressed
                text.append("\n" + self.t("combat.final_odds", percent=final))
        if said.backlash:
            text.append("\n" + said.backlash, style="bold red")
            if said.disadvantage:
                text.append(" — " + said.disadvantage)
        if said.cooldown and not stance.special:
            text.append("\n" + said.cooldown, style="dim")
        if said.negative:
            text.append("\n" + said.negative, style="red")
        if said.provoked:
            text.append("\n" + said.provoked, style="bold")
        self.query_one("#stance", Static).update(text)
        self._offer_provoke(stance)
        self._show_defence()

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
        marks them until their turn ends (one journal entry, meneur.play.cosmos.combat)."""
        target = self.query_one("#provoke-target", Choice).value
        if self.character is None or not isinstance(target, str):
            return
        from meneur.play.cosmos.combat import provoke

        plan = provoke(self.character, target)
        self.post_message(self.SheetChanged((), plan, self.character))

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
        return percent_text(cosmos.odds(test).probability_of(cosmos.SUCCESSES), language_of(self.t))

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
            chance = percent_text(combat.defence_odds(attack, odds), language_of(self.t))
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
        personnage doit réussir un jet d'esprit passif pour y parvenir"
        (docs/rules/cosmos.md#cosmos)."""
        assert self.character is not None
        try:
            # Whether the character may concentrate at all (a mental exhaustion: no).
            of_sheet(options_of(self.session.options), self.sheet, (), concentrated=True)
            test = self._test(("esprit",), concentrating=False)
        except RulesError as error:
            self.query_one("#concentrated", Tick).value = False
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(test)
        text = self.w("fatigue.concentration_test", name=self._who(), value=self._stat_shown(test))
        if self._journal(record, text, self.consequences(record), character=self.character):
            self._concentration = {**self._concentration, self.character: bool(record.success)}
            said = (
                "fatigue.concentration_passed" if record.success else "fatigue.concentration_failed"
            )
            self.notify(self.t(said, name=self._who()))

    @on(Button.Pressed, "#stance-toggle")
    def toggle_posture(self) -> None:
        """Offensive ↔ defensive: the default posture, changed before acting."""
        if self.character is None:
            return
        from meneur.play.cosmos.combat import set_posture

        posture = "offensive" if self.stance.posture == "defensive" else "defensive"
        plan = set_posture(self.character, posture)
        self.post_message(self.SheetChanged((), plan, self.character))

    @on(Button.Pressed, "#light-point, #dark-point")
    def spend_point(self, event: Button.Pressed) -> None:
        """Spend a Light or Dark point (meneur.play.cosmos.combat): Illumination (its advantage
        die rolled now, once the point may be spent) or Sépulcrale begins; the point is
        gone, and with the endurance rule the fatigue falls in the same entry."""
        if self.character is None:
            return
        from meneur.play.cosmos.combat import point_changes, spend_point

        light = event.button.id == "light-point"
        kind = "illumination" if light else "sepulcrale"
        if not light:
            plan = spend_point(self.character, kind)
            self.post_message(self.SheetChanged((), plan, self.character))
            return
        state = self.session.campaign.state
        try:
            point_changes(state, self.character, kind, 1)  # may it be spent?
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        record = self.session.roll(combat.PostureDie("advantage"))
        changes, text = point_changes(state, self.character, kind, record.result)
        if self._journal(record, text, changes, character=self.character):
            self.call_after_refresh(self.character_changed)

    @on(Button.Pressed, "#turn-end")
    def end_turn(self) -> None:
        """The acting character's turn is over: a special posture counts it (ending after
        its third with the backlash; Apocalypse for Sépulcrale without Revive)."""
        if self.character is None:
            return
        ended = combat.end_turn(self.stance)
        self._left(ended, Worded("combat.turn_entry", {"name": self._who()}), turn=True)

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
        said = self.w("combat.final_roll", name=self._who(), value=self.summary(test))
        if combat.final_skill_bonus(self.stance, bool(record.success)):
            said = dash(said, self.w("combat.final_bonus"))
        if not self._journal(record, said, self.consequences(record), character=self.character):
            return
        self._left(ended, Worded("combat.final_entry", {"name": self._who()}))

    def _left(
        self,
        ended: combat.TurnEnd,
        text: Worded,
        ident: str | None = None,
        also: Sequence[Change] = (),
        *,
        turn: bool = False,
    ) -> None:
        """Journal a turn's end (``turn``) or a Final Skill for ``ident`` (the acting
        character by default), with ``also`` (the round tracker's move): the backlash's
        fatigue (endurance rule), Sépulcrale's disadvantage die, Apocalypse (50 % of max
        PV) and, at a turn's end, one turn less of a revigoration potion."""
        from meneur.play.cosmos.combat import left_changes, needs_disadvantage_die

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
        from meneur.play.cosmos.combat import use_revive

        self.post_message(self.SheetChanged((), use_revive(self.character), self.character))

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
        outcome = self.w("combat.held" if held else "combat.not_held")
        if follow:
            outcome = dash(outcome, self.w(f"combat.{follow}"))
        self._defence = (record, outcome.said(self.session.strings.lang))
        entry = self.w(f"combat.{kind}_entry", name=self._who(), value=value)
        text = self.w("said.colon", a=entry, b=outcome)
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
        text = self.w("combat.auto_entry", name=self._who())
        self._journal(record, text, character=self.character)
