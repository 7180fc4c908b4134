"""The Great Cosmos panel's elements (forces et faiblesses élémentaires), piloting and aura
sections (extension rules)."""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import Button, Input, Static

from meneur.content.cosmos import element_table
from meneur.content.outcomes import percent_text
from meneur.core.cosmos import aura, piloting
from meneur.core.cosmos.elements import apply, shown
from meneur.core.errors import RulesError
from meneur.play.tested import language_of
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.panels.base import number
from meneur.tui.widgets.tick import Tick

from .d100 import CosmosTestPanel


class CosmosExtensions(CosmosTestPanel):
    """The elements, piloting and the aura."""

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
                self.t(
                    "piloting.odds",
                    score=test.score,
                    die=die,
                    percent=percent_text(chance, language_of(self.t)),
                ),
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
            self.post_message(self.SheetChanged(changes, self.w("aura.cancelled", **words), holder))
            return
        record = self.session.roll(aura.AuraTest())
        if self._journal(record, self.w("aura.used", **words), changes, character=holder):
            self.call_after_refresh(self._show_aura)

    @on(Button.Pressed, "#aura-gain")
    def gain_aura(self) -> None:
        """One more aura point for the acting character (they gather up to 4)."""
        holder = self.character
        if holder is None:
            return
        change = self._sheet_change("aura", aura.gain(self._points(holder, "aura")))
        text = self.w("aura.gained", name=self._who())
        self.post_message(self.SheetChanged([change], text, holder))

    @on(Button.Pressed, "#aura-reset")
    def reset_aura(self) -> None:
        """The character's reset: aura and anti-aura points back to 0."""
        holder = self.character
        if holder is None:
            return
        changes = [self._sheet_change(key, 0) for key in ("aura", "anti_aura")]
        text = self.w("aura.was_reset", name=self._who())
        self.post_message(self.SheetChanged(changes, text, holder))
