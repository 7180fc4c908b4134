"""Résoudre une action: the two difficulty scales, one or two elements, the alteration."""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Checkbox, Static

from meneur.content import term
from meneur.core.errors import RulesError
from meneur.core.resolution import rules as resolution
from meneur.play.resolution import options_of
from meneur.tui.i18n import minus, signed
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.selector import StepSelector
from meneur.tui.widgets.tick import Tick

from .base import ActionPanel

SITUATIONAL = "@situational"
NOT_DECLARED = "none"
LENT = "@lent:"
"""A second element another character lends: ``@lent:IDENT:ELEMENT``."""


class ResolutionPanel(ActionPanel):
    """Difficulty, elements, alteration; 3d6 kept under the score to beat."""

    def controls(self) -> ComposeResult:
        yield StepSelector(
            self.t("resolution.intrinsic"),
            [
                (
                    i.value,
                    f"{self.term(f'resolution.intrinsic.{i.value}')} {signed(i.modifier)}",
                )
                for i in resolution.Intrinsic
            ],
            value=resolution.Intrinsic.COMPLEXE.value,
            id="intrinsic",
        )
        yield StepSelector(
            self.t("resolution.interest"),
            [
                (
                    i.value,
                    f"{self.term(f'resolution.interest.{i.value}')} {signed(i.modifier)}",
                )
                for i in resolution.Interest
            ],
            value=resolution.Interest.NEUTRAL.value,
            id="interest",
        )
        yield Choice[str]([], id="element", label=self.t("resolution.element"))
        yield Static("", id="typical-for", classes="dim")
        # Two ticks on one line: an 80×24 terminal has no line to spare.
        with Horizontal(classes="tick-row"):
            yield Tick(self.t("resolution.typical"), id="typical")
            yield Tick(self.t("resolution.group_tick"), id="group")
        yield Choice[str]([], id="second", label=self.t("resolution.second"), disabled=True)
        yield StepSelector(
            self.t("resolution.alteration"),
            [
                (a.value, self.term(f"resolution.alteration.{a.value}"))
                for a in resolution.Alteration
            ],
            id="alteration",
        )

    def after_controls(self) -> ComposeResult:
        # The GM may declare an action trivial or impossible before any score: a plain
        # success or failure, no roll, no side effect.
        yield StepSelector(
            self.t("resolution.declared"),
            [(NOT_DECLARED, "—")]
            + [
                (declared.value, term(f"resolution.declared.{declared.value}").short)
                for declared in resolution.Declared
            ],
            id="declared",
        )
        if options_of(self.session.options).get("character_points"):
            with Horizontal(classes="roll-row", id="points-row"):
                yield ActionButton(self.t("resolution.spend_point"), id="spend-point")
                yield ActionButton(self.t("resolution.veto_point"), id="veto-point")

    def on_mount(self) -> None:
        self.character_changed()
        super().on_mount()

    @on(Choice.Changed, "#element")
    def _typical_for(self) -> None:
        """Say what the chosen element is typical for, as its sheet says (the GM judges
        whether this action is one of those)."""
        typical = self.sheet.get("typical", {})
        chosen = self.query_one("#element", Choice).value
        what = typical.get(chosen) if isinstance(typical, dict) else None
        hint = self.query_one("#typical-for", Static)
        hint.update(self.t("resolution.typical_for", what=what) if isinstance(what, str) else "")
        hint.display = isinstance(what, str)

    @on(Button.Pressed, "#spend-point")
    def _spend_point(self) -> None:
        self._character_point(-1, "resolution.point_spent")

    @on(Button.Pressed, "#veto-point")
    def _veto_point(self) -> None:
        self._character_point(1, "resolution.point_refunded")

    def _character_point(self, step: int, key: str) -> None:
        """Spend a character point to narrate the consequences (−1), or give it back
        after the GM's veto (+1), as a journaled change of the sheet."""
        from meneur.core.resolution.sheet import CHARACTER_POINTS
        from meneur.core.sheets import check_number
        from meneur.play.characters import sheet_change

        character = self.character
        if character is None:
            self.notify(self.t("sheet.nobody"), severity="warning")
            return
        sheet = self.sheet
        before = sheet.get("points", 0)
        before = before if isinstance(before, int) else 0
        try:
            after = check_number(CHARACTER_POINTS, before + step, sheet)
        except RulesError:
            self.notify(self.t("resolution.no_point"), severity="warning")
            return
        change = sheet_change(self.session.campaign.state, character, "points", after)
        name = self.session.characters()[character].get("name", character)
        text = self.w(key, name=name, before=before, after=after)
        self.post_message(self.SheetChanged([change], text, character))

    def character_changed(self) -> None:
        elements = self.sheet.get("elements", {})
        options = [
            (f"{name} ({score})", name)
            for name, score in elements.items()
            if isinstance(score, int)
        ]
        options.append((self.t("resolution.situational"), SITUATIONAL))
        self._options = options
        self.query_one("#element", Choice).set_options(options)
        # The first element is the likeliest; the player changes it in a key press.
        self.query_one("#element", Choice).value = options[0][1]
        self._offer_second()
        self._typical_for()

    @on(Choice.Changed, "#element")
    def _offer_second(self) -> None:
        """Offer as the second element every element but the first: two elements are two
        different things (a situational one excepted, borrowed anew each time)."""
        first = self.query_one("#element", Choice).value
        second = self.query_one("#second", Choice)
        kept = second.value
        offered = [
            (label, value)
            for label, value in getattr(self, "_options", [])
            if value != first or value == SITUATIONAL
        ] + self._lent_options()
        if [value for _, value in offered] == [value for _, value in second.options]:
            return
        second.set_options(offered)
        if kept is not None and kept in [value for _, value in offered]:
            second.value = kept

    def _lent_options(self) -> list[tuple[str, str]]:
        """The other characters' elements, which they may lend (a collaborative action:
        "ceux qui l'aident peuvent lui prêter un élément", docs/rules/resolution.md#resolution)."""
        offered = []
        for ident, character in self.session.characters().items():
            if ident == self.character:
                continue
            name = str(character.get("name") or ident)
            elements = character.get("sheet", {}).get("elements", {})
            for element, score in elements.items() if isinstance(elements, dict) else ():
                if isinstance(score, int):
                    label = f"{element} ({score}) {self.t('resolution.lent_by', name=name)}"
                    offered.append((label, f"{LENT}{ident}:{element}"))
        return offered

    @on(Checkbox.Changed, "#typical")
    def _typical(self, event: Checkbox.Changed) -> None:
        second = self.query_one("#second", Choice)
        second.disabled = not event.value
        if not event.value:
            second.clear()

    def _element(self, selector: str, typical: bool = False) -> resolution.Element | None:
        value = self.query_one(selector, Choice).value
        if value is None:
            return None
        if value == SITUATIONAL:
            return resolution.Element(
                typical=typical, name=self.t("resolution.situational"), situational=True
            )
        if value.startswith(LENT):
            ident, _, element = value.removeprefix(LENT).partition(":")
            helper = self.session.characters().get(ident, {})
            score = helper.get("sheet", {}).get("elements", {}).get(element, 0)
            lender = str(helper.get("name") or ident)
            return resolution.Element(score, typical=typical, name=element, lender=lender)
        score = self.sheet.get("elements", {}).get(value, 0)
        return resolution.Element(score, typical=typical, name=str(value))

    def build(self) -> resolution.ResolutionTest:
        alteration = resolution.Alteration(self.query_one("#alteration", StepSelector).value)
        declared = self.query_one("#declared", StepSelector).value
        if declared != NOT_DECLARED:
            return resolution.ResolutionTest(
                declared=resolution.Declared(declared), alteration=alteration
            )
        typical = self.query_one("#typical", Checkbox).value
        elements = [self._element("#element", typical)]
        if typical:
            elements.append(self._element("#second"))
        return resolution.ResolutionTest(
            intrinsic=resolution.Intrinsic(self.query_one("#intrinsic", StepSelector).value),
            interest=resolution.Interest(self.query_one("#interest", StepSelector).value),
            elements=tuple(element for element in elements if element is not None),
            alteration=resolution.Alteration(self.query_one("#alteration", StepSelector).value),
            group=self.query_one("#group", Checkbox).value,
        )

    def summary(self, inputs: Any) -> str:
        test: resolution.ResolutionTest = inputs
        if test.declared is not None:
            return self.term(f"resolution.declared.{test.declared.value}")
        score = test.score_to_beat
        line = f"{self.t('resolution.difficulty', difficulty=signed(test.difficulty))} · "
        line += self.t("resolution.score", score=minus(score))
        automatic = resolution.automatic_kept(score)
        if automatic is not None:
            key = "resolution.automatic_success" if automatic else "resolution.automatic_failure"
            line += f" — {self.t(key)}"
        return line

    def shown_outcomes(self, odds: Any) -> Any:
        """Only the outcomes the chosen alteration can give."""
        column = set(resolution.possible_outcomes(odds.inputs))
        return {key: p for key, p in odds.outcomes.items() if key in column}

    def result_lines(self, record: Any) -> list[str]:
        lines = (
            [self.summary(record.inputs)]
            if record.automatic
            else [self.t("app.kept_of", kept=record.result, dice=3)]
        )
        if record.inputs.group and not record.success:
            lines.append(self.t("resolution.group_failed"))  # "l'un des personnages dévisse"
        return lines


PANEL = ResolutionPanel
"""The panel the table shows for this system (see :mod:`meneur.tui.widgets.panels`)."""


# Nothing of its own here: every member of an app room is in every room.
new_character = None
sheet_screen = None
deck_for = None
