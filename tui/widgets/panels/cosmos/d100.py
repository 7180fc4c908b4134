"""The Great Cosmos panel's d100 test: the stats ticked or a threshold typed, the karma,
what the character's state does to it (fatigue, a posture's die, an opponent's aura),
the roll's consequences and words; the helpers every section of the panel shares."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.widgets import Input, Static

from meneur.core.changes import Change
from meneur.core.cosmos import aura, combat, piloting
from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.conditions import (
    AURA_GATE,
    AURA_REROLL,
    Condition,
    of_sheet,
    reroll_bonus,
    strips_bonuses,
    total,
)
from meneur.core.cosmos.endurance import Fatigue
from meneur.core.errors import RulesError
from meneur.core.sheets import whole_or
from meneur.play.characters import value_change
from meneur.play.cosmos import options_of
from meneur.tui.i18n import signed
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.panels.base import ActionPanel, journaled, number
from meneur.tui.widgets.tick import Tick
from meneur.tui.widgets.ticklist import TickList

if TYPE_CHECKING:
    from meneur.play.campaigns import Said


class CosmosTestPanel(ActionPanel):
    """The d100 test under one stat, the mean of several or a given threshold, and what
    every section of the panel shares."""

    DICE_LINES = 3  # one d100, nothing kept or dropped
    _conditions: tuple[Condition, ...] = ()
    """What the acting character's state did to the last test built."""
    _concentration: dict[str, bool] = {}  # replaced whole, never changed in place
    """How each concentrating character's passive Esprit test went (an extreme fatigue
    asks for one before the concentration halves anything)."""
    _aura_gate: dict[str, bool] = {}
    """How each character's passive Esprit test against an aura's row 6 went (replaced
    whole; emptied once the test it was for is rolled)."""

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
        """The acting character's stats as they count now (what its genes give, Agilité
        less an overloaded inventory's malus)."""
        from meneur.core.cosmos.sheet import current_stats

        options = options_of(self.session.options)
        return current_stats(options, self.sheet, self._genes())

    def _genes(self) -> Any:
        """The campaign's gene tree (None without one that reads)."""
        return self.session.sheet_content()

    def _show_karma(self) -> None:
        effect = self.term(f"cosmos.karma.{cosmos.karma_effect(self.karma)}")
        self.query_one("#karma", Static).update(
            Text(self.t("cosmos.karma", karma=signed(self.karma), effect=effect))
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
        options = options_of(self.session.options)
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
        from meneur.play.cosmos.combat import after_test

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
            return [f"d6{self.t('shown.colon')}{record.result}"]
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
            return [f"d{record.dice[0].sides}{self.t('shown.colon')}{record.result}"]
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
        text = self.w("aura.gate_test", name=self._who(), value=self._stat_shown(test))
        if self._journal(record, text, self.consequences(record), character=self.character):
            self._aura_gate = {self.character: bool(record.success)}
            said = "aura.gate_passed" if record.success else "aura.gate_failed"
            self.notify(self.t(said, name=self._who()))

    def _change(self, path: tuple[str, ...], value: Any) -> Change:
        """A change of the campaign at ``path`` to ``value`` (MISSING: removed)."""
        return value_change(self.session.campaign.state, path, value)

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
        self, record: Any, text: Said, changes: Sequence[Change] = (), *, character: str | None
    ) -> bool:
        """Journal a roll a helper made, durably, then show it; False when refused."""
        if not journaled(self, self.Rolled(record, text, changes, character, False)):
            return False
        self.last = record
        self.show_record(record)
        return True

    def _fatigue(self, ident: str | None = None) -> Fatigue:
        """``ident``'s FP and FM (the acting character's by default; 0 and 0 for a sheet
        the campaign's check refuses already)."""
        ident = ident or self.character
        try:
            return Fatigue.from_sheet(self.session.sheet(ident))
        except RulesError:
            return Fatigue()

    # --- Aura (règle d'aura) ------------------------------------------------------------

    def _points(self, ident: str | None, key: str) -> int:
        """A whole number on ``ident``'s sheet (0 when missing or not one)."""
        return whole_or(self.session.characters().get(ident or "", {}).get("sheet", {}).get(key))

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

    def _concentrating(self) -> bool:
        return bool(self.query("#concentrated")) and self.query_one("#concentrated", Tick).value
