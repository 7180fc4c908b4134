"""Le Sphérier: the campaign's engine, a skill from the sheet (Maîtrise, Limite), a DD from
the scale or typed, or a test notation typed directly; extended and team tests shown
attempt by attempt."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input, Static

from meneur.core.errors import RulesError
from meneur.core.spherier import extended as spherier_extended
from meneur.core.spherier import rules as spherier
from meneur.core.spherier.notation import (
    ExtendedNotation,
    OpposedNotation,
    SimpleNotation,
    TeamNotation,
    parse_skill,
    parse_test,
    typed_opponent,
)
from meneur.core.spherier.passives import (
    group_of,
    skill_on_sheet,
    skills_of,
    specialisations,
    specialised,
)
from meneur.play.spherier import options_of
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.dice import DiceView, ShownDie
from meneur.tui.widgets.line_input import LineInput
from meneur.tui.widgets.selector import StepSelector

from .base import ActionPanel, number

TYPED = "typed"


class SpherierPanel(ActionPanel):
    """A skill test on the campaign's engine, by controls or by notation."""

    def controls(self) -> ComposeResult:
        engine = self.engine
        yield Static(
            self.t(
                "spherier.engine",
                engine=self.term(f"spherier.engine.{engine.value}"),
            )
        )
        yield Choice[str]([], id="skill", label=self.t("spherier.skill"))
        yield Choice[str](
            [],
            id="specialisation",
            label=self.t("spherier.specialisation"),
            prompt=self.t("spherier.no_specialisation"),
            allow_blank=True,
        )
        with Horizontal(classes="fields"):
            yield LineInput("2", placeholder=self.t("spherier.mastery"), id="mastery")
            yield LineInput("2", placeholder=self.t("spherier.limit"), id="limit")
        yield StepSelector(
            self.t("spherier.dd"),
            [
                *(
                    (step, f"{self.term(f'spherier.dd.{step}')} {dd}")
                    for step, dd in spherier.DD_SCALES[engine].items()
                ),
                (TYPED, "…"),
            ],
            value="moyenne",
            id="dd-step",
        )
        yield LineInput(placeholder=self.t("spherier.dd"), id="dd")
        yield LineInput(placeholder=self.t("spherier.notation"), id="notation")
        yield Choice[str](
            [],
            id="opponent-of",
            label=self.t("spherier.opponent_of"),
            prompt=self.t("spherier.opponent_typed"),
            allow_blank=True,
        )
        yield LineInput(placeholder=self.t("spherier.opponent"), id="opponent")
        yield LineInput(placeholder=self.t("spherier.assistants"), id="assistants")

    def after_result(self) -> ComposeResult:
        yield Static("", id="attempts")
        yield ActionButton(self.t("spherier.next_attempt"), id="next-attempt")

    @property
    def engine(self) -> spherier.Engine:
        """The campaign's engine (d6 unless its options say d20)."""
        return spherier.Engine(options_of(self.session.options).get("engine", "d6"))

    def on_mount(self) -> None:
        self.character_changed()
        super().on_mount()
        self.query_one("#next-attempt").display = False

    def _skills(self) -> dict[str, spherier.Skill]:
        """The sheet's skills, grouped ones with their group's Maîtrise and Limite."""
        return skills_of(self.sheet)

    def fill_characters(self) -> None:
        super().fill_characters()
        self._offer_opponents()

    def _offer_opponents(self) -> None:
        """Offer every other character as the opponent of an opposed test."""
        choice = self.query_one("#opponent-of", Choice)
        kept = choice.value
        people = [
            (c.get("name", ident), ident)
            for ident, c in self.session.characters().items()
            if ident != self.character
        ]
        choice.set_options(people)
        if kept in [ident for _, ident in people]:
            choice.value = kept

    def character_changed(self) -> None:
        skills = self._skills()
        grouped = self.t("spherier.grouped")
        self.query_one("#skill", Choice).set_options(
            [
                (f"{s.notation} ({grouped})" if group_of(self.sheet, name) else s.notation, name)
                for name, s in skills.items()
            ]
        )
        self._offer_specialisations()
        self._offer_opponents()

    def _offer_specialisations(self) -> None:
        """The chosen skill's specialisations, by their circumstance (none chosen)."""
        name = self.query_one("#skill", Choice).value
        found = specialisations(self.sheet, name) if isinstance(name, str) else ()
        choice = self.query_one("#specialisation", Choice)
        choice.set_options(
            [
                (
                    self.t(
                        "spherier.specialisation_option",
                        circumstance=s.circumstance,
                        mastery=f"{s.mastery:+d}",
                        limit=f"{s.limit:+d}",
                    ),
                    s.circumstance,
                )
                for s in found
            ]
        )
        choice.display = bool(found)

    @on(Choice.Changed, "#skill")
    def _skill(self, event: Choice.Changed) -> None:
        skill = self._skills().get(str(event.value))
        if skill is not None:
            self.query_one("#mastery", Input).value = str(skill.mastery)
            self.query_one("#limit", Input).value = str(skill.limit)
        self._offer_specialisations()

    def _skill_now(self) -> spherier.Skill:
        """The skill as the fields give it, with the chosen specialisation's bonuses
        ("dans certaines circonstance, le personnage bénéficie d'un bonus")."""
        name = self.query_one("#skill", Choice).value
        skill = spherier.Skill(
            number(self.query_one("#mastery", Input).value, 0),
            max(0, number(self.query_one("#limit", Input).value, 0)),
            str(name) if isinstance(name, str) else "",
        )
        circumstance = self.query_one("#specialisation", Choice).value
        for found in specialisations(self.sheet, skill.name):
            if found.circumstance == circumstance:
                return specialised(skill, found)
        return skill

    def build(self) -> Any:
        skill = self._skill_now()
        text = self.query_one("#notation", Input).value.strip()
        if text:
            return self.from_notation(text)
        step = self.query_one("#dd-step", StepSelector).value
        if step == TYPED:
            dd = number(self.query_one("#dd", Input).value, 0)
        else:
            dd = spherier.DD_SCALES[self.engine][step]
        return spherier.SkillTest(self.engine, skill, dd)

    def _character_name(self, ident: str | None) -> str:
        return str(self.session.characters().get(ident or "", {}).get("name", ident or ""))

    def from_notation(self, text: str) -> Any:
        """The test a typed notation describes: the skill it names from the acting
        character's sheet, an opponent's from the chosen opponent's sheet (or typed).

        Raises:
            RulesError: for notation that cannot be read, a skill on no sheet (named),
                or a missing opponent.
        """
        notation = parse_test(text)
        if self.character is None:
            raise RulesError(
                f"choose whose {notation.skill} it is",
                message_key="spherier.whose",
                skill=notation.skill,
            )
        named = skill_on_sheet(self.sheet, notation.skill, self._character_name(self.character))
        if isinstance(notation, SimpleNotation):
            return spherier.SkillTest(self.engine, named, notation.dd)
        if isinstance(notation, OpposedNotation):
            return spherier.OpposedSkillTest(self.engine, named, self._opponent(notation.opponent))
        if isinstance(notation, ExtendedNotation):
            return spherier_extended.ExtendedTest(
                self.engine, named, notation.step_dd, notation.total, notation.interval
            )
        assert isinstance(notation, TeamNotation)
        helpers = tuple(
            parse_skill(part.strip())
            for part in self.query_one("#assistants", Input).value.split(";")
            if part.strip()
        )
        return spherier_extended.TeamTest(
            self.engine,
            named,
            helpers,
            notation.leader_dd,
            notation.assistant_dd,
            max_assistants=notation.max_assistants,
            min_assistants=notation.min_assistants,
        )

    def _opponent(self, name: str) -> spherier.Skill:
        """The opponent's skill ``name``: typed in full, or from the chosen opponent's sheet.

        Raises:
            RulesError: when neither is given, or the skill is not on that sheet.
        """
        typed = self.query_one("#opponent", Input).value.strip()
        if typed:
            return typed_opponent(typed, name)
        ident = self.query_one("#opponent-of", Choice).value
        if not isinstance(ident, str):
            raise RulesError(
                f"choose the opponent, or type {name}<Maîtrise, Limite>",
                message_key="spherier.no_opponent",
                skill=name,
            )
        return skill_on_sheet(self.session.sheet(ident), name, self._character_name(ident))

    def run_notation(self, text: str) -> bool:
        """Play a notation typed on the command line."""
        self.query_one("#notation", Input).value = text
        self.update_odds()
        self.action_roll()
        return True

    def skill_text(self, skill: spherier.Skill) -> str:
        """A skill as notation, or its Maîtrise and Limite when it has no name."""
        from meneur.play.spherier import skill_text

        return skill_text(skill, self.t)

    # --- Attempt by attempt -------------------------------------------------------------

    def steps_through(self, record: Any) -> bool:
        """Whether a record is shown step by step (its journal line waits for the end)."""
        if isinstance(record, spherier_extended.ExtendedRoll):
            return len(record.attempts) > 1
        return isinstance(record, spherier_extended.TeamRoll) and bool(record.assistants)

    def show_record(self, record: Any) -> None:
        super().show_record(record)
        self.steps: list[tuple[list[ShownDie], str]] = []
        if isinstance(record, spherier_extended.ExtendedRoll):
            for number, attempt in enumerate(record.attempts, start=1):
                faces = " ".join(str(d.face) for d in attempt.dice)
                counted = self.t("spherier.counted") if attempt.counted else ""
                line = self.t(
                    "spherier.attempt",
                    number=number,
                    faces=faces,
                    result=attempt.result,
                    counted=counted,
                    total=attempt.running_total,
                )
                self.steps.append(
                    ([ShownDie(str(d.face), self._success(d.face)) for d in attempt.dice], line)
                )
        elif isinstance(record, spherier_extended.TeamRoll):
            for number, helper in enumerate(record.assistants, start=1):
                faces = " ".join(str(d.face) for d in helper.dice)
                helped = self.t("spherier.helps") if helper.helped else ""
                line = self.t(
                    "spherier.assistant",
                    number=number,
                    faces=faces,
                    result=helper.result,
                    helped=helped,
                )
                self.steps.append(
                    ([ShownDie(str(d.face), self._success(d.face)) for d in helper.dice], line)
                )
            faces = " ".join(str(d.face) for d in record.leader_dice)
            self.steps.append(
                (
                    [ShownDie(str(d.face), self._success(d.face)) for d in record.leader_dice],
                    self.t("spherier.leader", faces=faces, result=record.result),
                )
            )
        self.revealed = 0
        self.query_one("#attempts", Static).update("")
        self.query_one("#next-attempt").display = bool(self.steps)
        # Stepped through, the result is said once the last attempt (or the leader) shows.
        self.final_outcome = self.outcome_text(record)
        if self.steps:
            self.next_attempt()

    def shown_dice(self, record: Any) -> list[ShownDie]:
        """The dice with each side's name, successes (5 and 6) marked on the d6 engine."""
        return [
            ShownDie(
                die.face, self._success(int(die.face)) if die.face.isdigit() else None, die.caption
            )
            for die in super().shown_dice(record)
        ]

    def _success(self, face: int) -> bool | None:
        return face in spherier.SUCCESS_FACES if self.engine is spherier.Engine.D6 else None

    @on(Button.Pressed, "#next-attempt")
    def next_attempt(self) -> None:
        """Reveal the next attempt (or assistant)."""
        if self.revealed >= len(self.steps):
            return
        dice, _ = self.steps[self.revealed]
        self.revealed += 1
        self.query_one("#dice", DiceView).show(dice, self.t("app.kept"), self.t("app.dropped"))
        self.query_one("#attempts", Static).update(
            "\n".join(line for _, line in self.steps[: self.revealed])
        )
        more = self.revealed < len(self.steps)
        self.query_one("#next-attempt").display = more
        if not more:
            self.post_message(self.Revealed())
        self.query_one("#outcome", Static).update(
            Text(
                self.t("spherier.stepping", shown=self.revealed, total=len(self.steps)), style="dim"
            )
            if more
            else self.final_outcome
        )

    def result_lines(self, record: Any) -> list[str]:
        if isinstance(record, spherier_extended.ExtendedRoll):
            elapsed = (
                record.elapsed.text if record.inputs.interval.unit else str(record.elapsed.amount)
            )
            return [self.t("spherier.elapsed", attempts=len(record.attempts), elapsed=elapsed)]
        margin = getattr(record, "margin", None)
        return [self.t("spherier.margin", margin=margin)] if margin is not None else []


PANEL = SpherierPanel
"""The panel the table shows for this system (see :mod:`meneur.tui.widgets.panels`)."""


# Nothing of its own here: every member of an app room is in every room.
new_character = None
sheet_screen = None
deck_for = None
