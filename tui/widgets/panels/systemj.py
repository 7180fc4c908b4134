"""SYSTEMJ: a skill or attribute on 100 with the bonus/malus scale, the degree of
success; and a combat helper that computes attack and defence scores from the formulas
and walks initiative → attack → defence or counter-attack."""

from __future__ import annotations

import contextlib
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Collapsible, Input, Static

from meneur.content.outcomes import outcome_said, symbol
from meneur.core.errors import RulesError
from meneur.core.systemj import combat
from meneur.core.systemj import rules as systemj
from meneur.tui.i18n import signed
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.number_field import NumberField
from meneur.tui.widgets.selector import StepSelector

from .base import ActionPanel, journaled, number

NONE = "none"


class SystemjPanel(ActionPanel):
    """A d100 test with degrees, and the combat helper."""

    DICE_LINES = 3  # one d100, nothing kept or dropped

    def controls(self) -> ComposeResult:
        yield Choice[str]([], id="value-of", label=self.t("systemj.value"))
        yield NumberField("50", placeholder=self.t("systemj.typed"), id="value")
        steps = [(NONE, self.t("systemj.none"))]
        steps += [
            (name, f"{self.term(f'systemj.modifier.{name}')} {signed(value)}")
            for name, value in systemj.BONUSES.items()
        ]
        steps.append((systemj.AUTOMATIC, self.term(f"systemj.modifier.{systemj.AUTOMATIC}")))
        steps += [
            (name, f"{self.term(f'systemj.modifier.{name}')} {signed(value)}")
            for name, value in systemj.MALUSES.items()
        ]
        yield StepSelector(self.t("systemj.modifier"), steps, id="modifier")

    def after_result(self) -> ComposeResult:
        with Collapsible(title=self.t("systemj.combat"), collapsed=True, id="combat"):
            yield Choice[str](
                [(self.term(f"systemj.attack.{kind.value}"), kind.value) for kind in combat.Attack],
                value=combat.Attack.MELEE_FORCE.value,
                id="attack-kind",
            )
            with Horizontal(classes="fields"):
                yield Choice[str]([], id="attacker", label=self.t("systemj.attacker"))
                yield Choice[str]([], id="target", label=self.t("systemj.target"))
            yield Static("", id="scores")
            yield Static("", id="exchange")
            yield Static("", id="step")
            with Horizontal(classes="roll-row", id="step-buttons"):
                pass

    def on_mount(self) -> None:
        self.character_changed()
        super().on_mount()
        self.exchange: combat.Step | None = None
        self.order: list[str] = []

    def _values(self, sheet: dict[str, Any]) -> dict[str, int]:
        """What the acting character may test: the seven attributes (at 50 until the
        sheet says otherwise), then their skills, generic and special, by name."""
        from meneur.core.systemj.combat import ATTRIBUTES

        attributes = sheet.get("attributes", {})
        attributes = attributes if isinstance(attributes, dict) else {}
        found: dict[str, int] = {}
        for name in ATTRIBUTES:
            value = attributes.get(name, 50)
            found[name] = value if isinstance(value, int) else 50
        for key in ("skills", "special"):
            skills = sheet.get(key, {})
            for name, value in skills.items() if isinstance(skills, dict) else ():
                if isinstance(value, int) and name not in found:
                    found[name] = value
        return found

    def character_changed(self) -> None:
        from meneur.play.tested import stat_name

        values = self._values(self.sheet)
        self.query_one("#value-of", Choice).set_options(
            [
                (f"{stat_name('systemj.attribute', name, self.session.strings.lang)} {value}", name)
                for name, value in values.items()
            ]
        )
        people = [(c.get("name", ident), ident) for ident, c in self.session.characters().items()]
        for selector in ("#attacker", "#target"):
            self.query_one(selector, Choice).set_options(people)

    @on(Choice.Changed, "#value-of")
    def _value_of(self, event: Choice.Changed) -> None:
        value = self._values(self.sheet).get(str(event.value))
        if value is not None:
            self.query_one("#value", Input).value = str(value)

    def build(self) -> systemj.SystemjTest:
        value = number(self.query_one("#value", Input).value, 50)
        modifier = self.query_one("#modifier", StepSelector).value
        label = self.query_one("#value-of", Choice).value
        modifiers = [] if modifier == NONE else [modifier]
        return systemj.SystemjTest.with_modifiers(
            value, modifiers, str(label) if isinstance(label, str) else ""
        )

    def face_text(self, die: Any) -> str:
        """SYSTEMJ reads its d100 00 to 99."""
        return f"{die.face:02d}" if die.sides == systemj.D100_SIDES else str(die.face)

    def result_lines(self, record: Any) -> list[str]:
        return [] if record.automatic else [f"d100 {record.result:02d} / {record.effective}"]

    # --- The combat helper --------------------------------------------------------------

    def _scores(self, selector: str) -> combat.CombatScores | None:
        """The combat scores of the character chosen in ``selector``, as their sheet shows
        them (attributes, weapon and shield from the hand)."""
        ident = self.query_one(selector, Choice).value
        if not isinstance(ident, str):
            return None
        try:
            return combat.scores_of(self.session.sheet(ident))
        except RulesError:
            return None

    def scores(self) -> tuple[int, dict[combat.Defence, int]] | None:
        """The attack score and the target's defence scores, from one core function."""
        attacker, target = self._scores("#attacker"), self._scores("#target")
        if attacker is None or target is None:
            return None
        kind = combat.Attack(str(self.query_one("#attack-kind", Choice).value))
        return attacker.attack(kind), target.defences()

    @on(Choice.Changed, "#combat Choice")
    def _combat_changed(self, event: Choice.Changed) -> None:
        event.stop()
        found = self.scores()
        if found is None:
            return
        attack, defences = found
        text = self.t("systemj.attack_score", score=attack)
        text += " · " + " · ".join(
            f"{self.term(f'systemj.defence.{d.value}')} {v}" for d, v in defences.items()
        )
        self.query_one("#scores", Static).update(text)
        kind = combat.Attack(str(self.query_one("#attack-kind", Choice).value))
        self.tests: list[Text] = []
        self.query_one("#exchange", Static).update("")
        self._step(combat.begin(kind))

    def _step(self, step: combat.Step) -> None:
        """Show where the exchange stands and offer its next test."""
        self.exchange = step
        self.query_one("#step", Static).update(
            Text(
                self.t("systemj.next", step=self.t(f"systemj.step_{step.next.value}")), style="bold"
            )
        )
        row = self.query_one("#step-buttons", Horizontal)
        row.remove_children()
        if step.next in (combat.Next.HIT, combat.Next.MISS):
            return
        if step.next is combat.Next.DEFENCE:
            for defence in step.defences:
                row.mount(
                    ActionButton(
                        self.term(f"systemj.defence.{defence.value}"),
                        name=defence.value,
                    )
                )
        else:
            row.mount(ActionButton(self.t("systemj.test"), name=step.next.value))

    @on(Button.Pressed, "#step-buttons ActionButton")
    def _take_step(self, event: Button.Pressed) -> None:
        event.stop()
        with contextlib.suppress(_NotJournaled):  # the table said why; the exchange waits
            self._take(event)

    def _take(self, event: Button.Pressed) -> None:
        found = self.scores()
        if found is None or self.exchange is None or event.button.name is None:
            return
        attack, defences = found
        kind = combat.Attack(str(self.query_one("#attack-kind", Choice).value))
        attacker_scores, target_scores = self._scores("#attacker"), self._scores("#target")
        assert attacker_scores is not None  # scores() found both
        assert target_scores is not None
        attacker, target = attacker_scores.attributes, target_scores.attributes
        name = event.button.name
        if name == combat.Next.INITIATIVE.value:
            first = self._test(attacker.rapidite, "Rapidité (A)")
            second = self._test(target.rapidite, "Rapidité (B)")
            order = combat.initiative_order(
                [
                    combat.InitiativeEntry("attacker", attacker.rapidite, first.outcome),
                    combat.InitiativeEntry("target", target.rapidite, second.outcome),
                ]
            )
            if len(order[0]) > 1:
                self._step(combat.Step(combat.Next.INITIATIVE))
            else:
                self._step(combat.Step(combat.Next.ATTACK, order[0][0]))
        elif name == combat.Next.APPROACH.value:
            sneak = self._test(
                self._skill("#attacker", "Dissimulation", attacker.agilite), "Dissimulation"
            )
            spot = self._test(self._skill("#target", "Détection", target.intelligence), "Détection")
            self._step(combat.furtive_approach(bool(sneak.success), bool(spot.success)))
        elif name in (
            combat.Next.ATTACK.value,
            combat.Next.FURTIVE_ATTACK.value,
            combat.Next.MELEE_FORCE.value,
        ):
            if name == combat.Next.MELEE_FORCE.value:
                kind = combat.Attack.MELEE_FORCE
            score = (
                combat.attack_score(kind, attacker, 0)
                if name == combat.Next.MELEE_FORCE.value
                else attack
            )
            hit = self._test(score, self.term(f"systemj.attack.{kind.value}"))
            self._step(
                combat.after_attack(
                    kind,
                    bool(hit.success),
                    target_has_weapon=combat.Defence.PARRY in defences,
                    target_has_shield=combat.Defence.BLOCK in defences,
                )
            )
        elif name == combat.Next.COUNTER_ATTACK.value:
            hit = self._test(
                combat.attack_score(combat.Attack.MELEE_FORCE, target),
                self.t("systemj.step_counter-attack"),
            )
            self._step(combat.after_counter_attack(bool(hit.success)))
        else:
            defence = combat.Defence(name)
            held = self._test(defences[defence], self.term(f"systemj.defence.{defence.value}"))
            self._step(combat.after_defence(bool(held.success)))

    def _skill(self, selector: str, skill: str, fallback: int) -> int:
        """A generic skill's value on the sheet of the character in ``selector``; without
        it, the attribute the test falls back on."""
        ident = self.query_one(selector, Choice).value
        skills = self.session.sheet(ident if isinstance(ident, str) else None).get("skills", {})
        value = skills.get(skill) if isinstance(skills, dict) else None
        return value if isinstance(value, int) else fallback

    def _test(self, value: int, label: str) -> Any:
        """Roll one SYSTEMJ test of the exchange, list it in the helper with its die and
        journal it (the journal adds the outcome to what was tested)."""
        record = self.session.roll(systemj.SystemjTest(min(max(value, 0), 200), label=label))
        if not journaled(
            self, self.Rolled(record, self.journal_text(record), (), self.character, False)
        ):
            raise _NotJournaled
        line = Text(f"{label} {value}{self.t('shown.colon')}d100 ")
        line.append(f"{record.result:02d}", style="bold reverse")
        said = outcome_said("systemj", record.outcome, self.session.strings.lang)
        line.append(f" → {symbol(record.outcome)} {said}")
        self.tests = [*getattr(self, "tests", []), line]
        exchange = self.query_one("#exchange", Static)
        exchange.update(Text("\n").join(self.tests))
        self.call_after_refresh(exchange.scroll_visible, animate=False)
        return record


class _NotJournaled(Exception):
    """A test of the exchange was not written: the exchange stops before it."""


def deck_for(directory: Any) -> Any:
    """The campaign's deck of cards (its ``cards.toml``, else the example), which the
    sheet deals a hand from."""
    from meneur.content.systemj import deck_for as read

    return read(directory)


PANEL = SystemjPanel
"""The panel the table shows for this system (see :mod:`meneur.tui.widgets.panels`)."""


# Nothing of its own here: every member of an app room is in every room.
new_character = None
sheet_screen = None
