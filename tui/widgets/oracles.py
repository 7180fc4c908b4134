"""Oracles: the yes/no oracle (likelihood 1–5) and the environment oracle (a lean), each
asked a question the player types; answers are journaled with the question."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Button, Input, Static

from meneur.content import term
from meneur.content.outcomes import glossed, style_class, symbol
from meneur.core import oracles
from meneur.tui.session import SessionStrings
from meneur.tui.widgets.button import ActionButton

from .dice import DiceView, ShownDie
from .odds import OddsView
from .panels.base import ActionPanel, journaled
from .selector import StepSelector

if TYPE_CHECKING:
    from meneur.tui.session import Session


class OraclePanel(SessionStrings, VerticalScroll):
    """Ask the oracles."""

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session

    def compose(self) -> ComposeResult:
        yield Input(placeholder=self.t("oracle.question"), id="question")
        # The answer right under the question: seen at once, even in a small terminal.
        yield DiceView(id="oracle-dice")
        yield Static("", id="answer", classes="outcome")
        yield Static(self.t("oracle.yesno"), classes="section")
        yield StepSelector(
            self.t("oracle.likelihood"),
            [(str(n), term(f"yesno.likelihood.{n}").glossed) for n in oracles.LIKELIHOODS],
            value="3",
            id="likelihood",
        )
        yield OddsView(id="yesno-odds")
        yield ActionButton(self.t("oracle.ask"), id="ask-yesno", variant="primary")
        yield Static(self.t("oracle.environment"), classes="section")
        yield StepSelector(
            self.t("oracle.lean"),
            [(lean.value, term(f"oracle.lean.{lean.value}").glossed) for lean in oracles.Lean],
            value="neutral",
            id="lean",
        )
        yield OddsView(id="oracle-odds")
        yield ActionButton(self.t("oracle.ask"), id="ask-oracle")

    def on_mount(self) -> None:
        self.update_odds()

    @on(StepSelector.Changed)
    def update_odds(self) -> None:
        """Show both oracles' odds for the chosen likelihood and lean."""
        if not self.query("#likelihood") or not self.query("#lean"):
            return  # built after the first frame: an app closing at once never had it
        likelihood = int(self.query_one("#likelihood", StepSelector).value)
        yesno = oracles.yesno_odds(oracles.YesNoQuestion(likelihood))
        self.query_one("#yesno-odds", OddsView).show(yesno.system, yesno.outcomes)
        lean = oracles.Lean(self.query_one("#lean", StepSelector).value)
        environment = oracles.oracle_odds(oracles.OracleQuestion(lean))
        self.query_one("#oracle-odds", OddsView).show(environment.system, environment.outcomes)

    def question(self) -> str:
        """The question typed, if any."""
        return self.query_one("#question", Input).value.strip()

    @on(Button.Pressed, "#ask-yesno")
    @on(Input.Submitted, "#question")
    def action_ask(self) -> None:
        """Ask the yes/no oracle the typed question."""
        likelihood = int(self.query_one("#likelihood", StepSelector).value)
        self.answer(oracles.YesNoQuestion(likelihood, self.question()))

    @on(Button.Pressed, "#ask-oracle")
    def ask_environment(self) -> None:
        """Ask the environment oracle."""
        lean = oracles.Lean(self.query_one("#lean", StepSelector).value)
        self.answer(oracles.OracleQuestion(lean, self.question()))

    def ask_from_command(self, text: str) -> None:
        """``?4 Is the door locked?``: a likelihood digit may lead the question."""
        text = text.strip()
        likelihood = 3
        if text[:1] in ("1", "2", "3", "4", "5"):
            likelihood, text = int(text[0]), text[1:].strip()
        self.query_one("#likelihood", StepSelector).value = str(likelihood)
        self.query_one("#question", Input).value = text
        self.answer(oracles.YesNoQuestion(likelihood, text))

    def answer(self, question: oracles.YesNoQuestion | oracles.OracleQuestion) -> None:
        """Roll, show and journal an oracle's answer."""
        record = self.session.roll(question)
        shown = question.question or term(f"system.{record.system}").fr
        if not journaled(self, ActionPanel.Rolled(record, shown)):
            return
        dice = [ShownDie(str(die.face), die.kept) for die in record.dice]
        self.query_one("#oracle-dice", DiceView).show(
            dice, self.t("app.kept"), self.t("app.dropped")
        )
        style = "bold green" if style_class(record.outcome) == "success" else "bold red"
        text = Text()
        if question.question:
            text.append(f"« {question.question} »\n", style="italic")
        text.append(
            f"{symbol(record.outcome)} {glossed(record.system, record.outcome)}", style=style
        )
        self.query_one("#answer", Static).update(text)
