"""Les Traits: a pool from a trait and bonuses against a Difficulty; the Coup de poker
offered after a roll with a 6 showing, with the chance of reaching the need for each k;
opposed tests played step by step."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Static

from meneur.content import term
from meneur.core.errors import RulesError
from meneur.core.traits import opposed as traits_opposed
from meneur.core.traits import rules as traits
from meneur.play.tested import language_of
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.dice import DiceView
from meneur.tui.widgets.number_field import NumberField
from meneur.tui.widgets.odds import percent
from meneur.tui.widgets.selector import StepSelector
from meneur.tui.widgets.tick import Tick

from .base import ActionPanel, number

BONUS_DICE = ("+d4", "+d6", "+d8", "-d4", "-d6")


class TraitsPanel(ActionPanel):
    """A trait roll, its Coup de poker, and opposed tests."""

    def controls(self) -> ComposeResult:
        yield Choice[str]([], id="trait", label=self.t("traits.trait"))
        # Each number said by its label, not only by a placeholder that goes as soon as
        # it holds a number (play-tested: "3   4   1").
        with Horizontal(classes="fields labels"):
            for key in ("field_dice", "field_difficulty", "field_need"):
                yield Static(self.t(f"traits.{key}"), classes="label")
        with Horizontal(classes="fields"):
            yield NumberField("3", placeholder=self.t("traits.dice"), id="pool")
            yield NumberField("4", placeholder=self.t("traits.difficulty"), id="difficulty")
            yield NumberField("1", placeholder=self.t("traits.need"), id="need")
        yield Choice[int](
            [], id="versus", label=self.t("traits.versus"), prompt=self.t("traits.versus_none")
        )
        with Horizontal(classes="fields"):
            yield Static(self.t("traits.bonus"), classes="between")
            yield NumberField(placeholder="0", id="bonus")
            yield Choice[str](
                [(die, die) for die in BONUS_DICE],
                id="bonus-die",
                label=self.t("traits.bonus_die"),
                allow_blank=True,
            )
        yield StepSelector(
            self.t("traits.blessing"),
            [
                ("none", self.t("traits.neutral")),
                ("bless", self.t("traits.bless")),
                ("curse", self.t("traits.curse")),
            ],
            id="blessing",
        )
        yield Tick(self.t("traits.forced"), id="forced")
        yield StepSelector(
            self.t("traits.policy"),
            [
                (policy.value, self.term(f"traits.policy.{policy.value}"))
                for policy in traits.PokerPolicy
            ],
            id="policy",
        )
        with Horizontal(classes="fields"):
            yield Static(self.t("traits.against"), classes="between")
            yield NumberField(placeholder="0", id="against")

    def after_result(self) -> ComposeResult:
        yield Static("", id="poker-odds")
        with Horizontal(classes="roll-row", id="poker-row"):
            yield StepSelector(self.t("traits.reroll"), [("1", "1")], id="poker-k")
            yield ActionButton(self.term("traits.poker"), id="poker")
        with Horizontal(classes="roll-row", id="opposed-row"):
            pass

    def on_mount(self) -> None:
        self.character_changed()
        super().on_mount()
        self._hide_poker()

    def fill_characters(self) -> None:
        super().fill_characters()
        self._offer_versus()

    def _offer_versus(self) -> None:
        """Offer the other characters' Parade and Endurance as the Difficulty: a derived
        value of 0 (no Mêlée) is a Difficulty like any other."""
        from meneur.core.sheets import derived

        options: list[tuple[str, int]] = []
        for ident, character in self.session.characters().items():
            if ident == self.character:
                continue
            values = {d.term: d.value for d in derived("traits", {}, character.get("sheet", {}))}
            name = character.get("name", ident)
            for key in ("sheet.parade", "sheet.endurance"):
                value = values.get(key)
                if isinstance(value, int):
                    label = self.t("traits.versus_value", what=term(key).fr, name=name)
                    options.append((f"{label} ({value})", max(0, value)))
        self.query_one("#versus", Choice).set_options(options)

    def character_changed(self) -> None:
        values = self.sheet.get("traits", {})
        options = [
            (f"{name} ({dice})", name) for name, dice in values.items() if isinstance(dice, int)
        ]
        self.query_one("#trait", Choice).set_options(options)
        self._offer_versus()

    @on(Choice.Changed, "#versus")
    def _versus(self, event: Choice.Changed) -> None:
        if isinstance(event.value, int):
            self.query_one("#difficulty", Input).value = str(event.value)

    @on(Choice.Changed, "#trait")
    def _trait(self, event: Choice.Changed) -> None:
        dice = self.sheet.get("traits", {}).get(event.value)
        if isinstance(dice, int):
            self.query_one("#pool", Input).value = str(dice)

    def build(self) -> traits.TraitTest | traits_opposed.OpposedTest:
        def value(selector: str, default: int) -> int:
            return number(self.query_one(selector, Input).value, default)

        blessing = self.query_one("#blessing", StepSelector).value
        bless = None if blessing == "none" else traits.Blessing(blessing)
        die = self.query_one("#bonus-die", Choice).value
        bonus_die = traits.BonusDie.parse(str(die)) if isinstance(die, str) else None
        policy = traits.PokerPolicy(self.query_one("#policy", StepSelector).value)
        against = value("#against", 0)
        if against > 0:
            attacker = traits_opposed.OpposedSide(
                value("#pool", 0),
                value("#bonus", 0),
                bonus_die,
                bless,
                self.query_one("#forced", Tick).value,
                policy,
            )
            return traits_opposed.OpposedTest(
                attacker,
                traits_opposed.OpposedSide(against, policy=policy),
                minimum=value("#need", 1),
            )
        return traits.TraitTest(
            dice=value("#pool", 0),
            difficulty=value("#difficulty", 4),
            need=value("#need", 1),
            bonus=value("#bonus", 0),
            bonus_die=bonus_die,
            blessing=bless,
            forced_poker=self.query_one("#forced", Tick).value,
            poker=policy,
        )

    def journal_text(self, record: Any) -> str:
        """A trait's roll is journaled by the trait's name (play-tested: the story read
        "Sven — 3 Dice, Difficulty 5, Successes needed 2", which trait unsaid) when the
        pool is that trait's; otherwise the reader says what was tested."""
        from meneur.play.rolls import roll_words

        trait = self.query_one("#trait", Choice).value
        dice = self.sheet.get("traits", {}).get(trait) if isinstance(trait, str) else None
        inputs = getattr(record, "inputs", None)
        attacker = getattr(inputs, "attacker", inputs)  # an opposed test: its attacker's
        if isinstance(dice, int) and getattr(attacker, "dice", None) == dice:
            return roll_words(record, str(trait))
        return roll_words(record)

    def odds_note(self, odds: Any) -> str:
        fiasco = getattr(odds, "fiasco", None)
        if not fiasco:
            return ""
        colon = self.t("shown.colon")
        return f"{self.term('traits.fiasco')}{colon}{percent(fiasco, language_of(self.t))}"

    # --- Rolling: a first roll, then maybe a Coup de poker ------------------------------

    def action_roll(self) -> None:
        if self.poker_owed:
            # The roll on screen is not final: its forced Coup de poker decides it.
            self.notify(self.t("traits.poker_owed"), severity="warning")
            self.query_one("#poker-k", StepSelector).focus()
            return
        inputs = self.test_to_roll()
        if inputs is None:
            return
        if isinstance(inputs, traits_opposed.OpposedTest):
            self._start_opposed(inputs)
            return
        if self.physical:
            self.post_message(self.PhysicalFaces(self, replace(inputs, poker=0)))
            return
        seed = self.session.next_seed(system=traits.SYSTEM)
        record = replace(traits.first_roll(inputs, random.Random(seed)), seed=seed)
        self.finish(record, physical=False)

    def finish(self, record: Any, *, physical: bool) -> None:
        super().finish(record, physical=physical)
        if isinstance(record, traits.TraitRoll) and not record.poker and record.poker_limit:
            self._offer_poker(record)
        else:
            self._hide_poker()

    @property
    def poker_owed(self) -> bool:
        """Whether the last roll waits for its forced Coup de poker."""
        return isinstance(self.last, traits.TraitRoll) and self.last.poker_owed

    def _offer_poker(self, record: traits.TraitRoll) -> None:
        lines = Text(self.t("traits.poker_title"), style="bold")
        for k in range(1, record.poker_limit + 1):
            chance = percent(traits.poker_odds(record, k), language_of(self.t))
            lines.append(
                "\n" + self.t("traits.poker", k=k, percent=chance, need=record.inputs.need)
            )
        self.query_one("#poker-odds", Static).update(lines)
        selector = self.query_one("#poker-k", StepSelector)
        selector.steps = [(str(k), str(k)) for k in range(1, record.poker_limit + 1)]
        selector.index = record.poker_limit - 1
        selector.refresh()
        self.query_one("#poker-row").display = True

    def _hide_poker(self) -> None:
        self.query_one("#poker-odds", Static).update("")
        self.query_one("#poker-row").display = False

    @on(Button.Pressed, "#poker")
    def poker(self) -> None:
        """Reroll k failed dice of the last roll (the same seed's stream continues), or,
        with physical dice, ask for the faces of the k dice rerolled by hand."""
        record = self.last
        if not isinstance(record, traits.TraitRoll):
            return
        k = int(self.query_one("#poker-k", StepSelector).value)
        if record.seed is None:

            def read(faces: tuple[int, ...]) -> Any:
                if len(faces) != k:
                    raise RulesError(
                        f"this Coup de poker rerolls {k} dice",
                        message_key="traits.poker_faces",
                        expected=k,
                        given=len(faces),
                    )
                return traits.with_poker_faces(record, faces)

            self.post_message(self.PhysicalFaces(self, record, dice=f"{k}d6", read=read))
            return
        rng = random.Random(record.seed)
        traits.first_roll(record.inputs, rng)  # the same draws as the first roll
        self.finish(traits.with_poker(record, k, rng), physical=False)

    def result_lines(self, record: Any) -> list[str]:
        if isinstance(record, traits_opposed.OpposedRoll):
            return [
                f"{self.t('traits.attacker').capitalize()}{self.t('shown.colon')}"
                f"{record.attacker.successes} · "
                f"{self.t('traits.defender').capitalize()}{self.t('shown.colon')}"
                f"{record.defender.successes}"
            ]
        lines = [self.t("traits.successes", count=record.successes, need=record.inputs.need)]
        if record.fiasco:
            lines.append(self.t("traits.fiasco"))
        return lines

    def shown_dice(self, record: Any) -> list[Any]:
        from meneur.tui.widgets.dice import ShownDie

        if isinstance(record, traits_opposed.OpposedRoll):
            return [
                ShownDie(
                    str(d.face), None, "A" if d.role and d.role.startswith("attacker") else "D"
                )
                for d in record.dice
            ]
        test = record.inputs
        shown = []
        for die in record.dice:
            if die.role == "bonus":
                shown.append(ShownDie(str(die.face), None, f"d{die.sides}"))
            elif die.kept is False:
                shown.append(ShownDie(str(die.face), False, "↻"))
            else:
                shown.append(
                    ShownDie(
                        str(die.face), test.succeeds(die.face), "↻" if die.role == "reroll" else ""
                    )
                )
        return shown

    # --- Opposed tests, step by step -----------------------------------------------------

    def _start_opposed(self, test: traits_opposed.OpposedTest) -> None:
        # Nothing of the last roll lingers under the new one: no dice, no outcome, no seed.
        self.query_one("#dice", DiceView).show([], "", "")
        self.query_one("#outcome", Static).update(
            Text(self.t("traits.opposed_running"), style="dim")
        )
        self.last = None
        self.opposed_seed = self.session.rng.getrandbits(63)
        self.opposed_rng = random.Random(self.opposed_seed)
        self.opposed = traits_opposed.start(test)
        self._opposed_buttons()

    def _opposed_buttons(self) -> None:
        row = self.query_one("#opposed-row", Horizontal)
        row.remove_children()
        state = self.opposed
        if state.stage is traits_opposed.Stage.DONE:
            record = replace(traits_opposed.finish(state), seed=self.opposed_seed)
            self.finish(record, physical=False)
            return
        who = (
            self.t("traits.attacker")
            if "attacker" in state.stage.value
            else self.t("traits.defender")
        )
        self.query_one("#poker-odds", Static).update(
            Text(
                self.t(
                    "traits.opposed_step",
                    who=who,
                    stage=self.t(f"traits.stage.{state.stage.value}"),
                ),
                style="bold",
            )
        )
        labels = {
            "roll": self.t("app.roll"),
            "wait": self.t("traits.wait"),
            "pass": self.t("traits.pass"),
        }
        for action in traits_opposed.allowed_actions(state):
            label = labels.get(action, f"{self.term('traits.poker')} {action.split()[-1]}")
            # No ids: the old buttons are still leaving while the new ones arrive.
            row.mount(ActionButton(label, name=action))
        if state.attacker is not None:
            self.show_record_partial(state)

    def show_record_partial(self, state: traits_opposed.OpposedState) -> None:
        """Show the dice rolled so far in an opposed test."""
        from meneur.tui.widgets.dice import ShownDie

        dice = []
        for label, roll in (("A", state.attacker), ("D", state.defender)):
            if roll is not None:
                dice += [
                    ShownDie(
                        str(d.face),
                        None
                        if d.role == "bonus"
                        else (d.kept is not False and roll.inputs.succeeds(d.face)),
                        label,
                    )
                    for d in roll.dice
                ]
        self.query_one("#dice", DiceView).show(dice, self.t("app.kept"), self.t("app.dropped"))

    @on(Button.Pressed, "#opposed-row ActionButton")
    def opposed_action(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.name is None:
            return
        try:
            self.opposed = traits_opposed.act(self.opposed, event.button.name, self.opposed_rng)
        except RulesError as error:
            self.notify(self.explain(error), severity="error")
            return
        self._opposed_buttons()


PANEL = TraitsPanel
"""The panel the table shows for this system (see :mod:`meneur.tui.widgets.panels`)."""


# Nothing of its own here: every member of an app room is in every room.
new_character = None
sheet_screen = None
deck_for = None
