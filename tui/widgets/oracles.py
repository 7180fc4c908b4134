"""Oracles: the yes/no oracle (likelihood 1–5) and the environment oracle (a lean), each
asked a question the player types; answers are journaled with the question.

With solo play on, the yes/no oracle is asked at the campaign's tension (shown and set
here), the random event it may bring is rolled and journaled after the answer, and a word
pair can be rolled alone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Static

from meneur.content.outcomes import outcome_said, percent_text, style_class, symbol
from meneur.core import oracles
from meneur.core.table_rules import offers
from meneur.play import act
from meneur.play.campaigns import Worded
from meneur.play.errors import CampaignError
from meneur.play.rolls import roll_words
from meneur.play.session import SessionStrings
from meneur.play.story import tension_of
from meneur.play.tested import language_of
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.line_input import TextField
from meneur.tui.widgets.tick import Tick

from .dice import DiceView, ShownDie
from .odds import OddsView
from .panels.base import ActionPanel, journaled
from .selector import StepSelector

if TYPE_CHECKING:
    from meneur.play.journal import Entry
    from meneur.play.session import Session


class QuestionField(TextField):
    """The question box: a ``:`` or ``/`` typed into it while it is empty reaches the
    command line, as anywhere else on the table (play-tested: the box keeps the keyboard
    after a question, ready for the next, and ``:?4 Le vent tourne-t-il ?`` was asked
    as a question at the panel's likelihood, ``:?4`` kept in its words). Typed into a
    question, they are the question's."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character in (":", "/") and not self.value:
            event.stop()
            event.prevent_default()
            await self.run_action("screen.command")
            return
        await super()._on_key(event)


class OraclePanel(SessionStrings, VerticalScroll):
    """Ask the oracles."""

    class Written(Message):
        """The panel wrote a journal entry that is not a roll (the tension moved)."""

        def __init__(self, entry: Any) -> None:
            super().__init__()
            self.entry = entry

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.offered: str | None = None
        """What the last random event offers to add: ``people``, ``threads`` or nothing."""

    @property
    def solo(self) -> bool:
        """Whether the campaign plays with the solo toolkit (the tension)."""
        return bool(self.session.campaign.state["options"].get("solo"))

    @property
    def tension(self) -> int | None:
        """The tension the next question is asked at: the campaign's, or the one chosen
        for this question alone (None without solo play)."""
        if not self.solo:
            return None
        if self.query("#tension-once") and self.query_one("#tension-once", Tick).value:
            return int(self.query_one("#tension", StepSelector).value)
        return tension_of(self.session.campaign.state)

    def compose(self) -> ComposeResult:
        yield QuestionField(placeholder=self.t("oracle.question"), id="question")
        # The answer right under the question: seen at once, even in a small terminal.
        yield DiceView(id="oracle-dice")
        yield Static("", id="answer", classes="outcome")
        # A random event that brings someone or something new offers to note it.
        offer = ActionButton("", id="event-offer")
        offer.display = False
        yield offer
        yield Static(self.t("oracle.yesno"), classes="section")
        yield StepSelector(
            self.t("oracle.likelihood"),
            [(str(n), self.term(f"yesno.likelihood.{n}")) for n in oracles.LIKELIHOODS],
            value="3",
            id="likelihood",
        )
        if self.solo and offers(self.session.seat, "tension"):
            # The GM's to set; a player's questions are asked at the campaign's tension.
            yield StepSelector(
                self.t("solo.tension"),
                [(str(n), self.term(f"solo.tension.{n}")) for n in oracles.TENSIONS],
                value=str(tension_of(self.session.campaign.state)),
                id="tension",
            )
            yield Tick(self.t("solo.tension_once"), id="tension-once")
        yield OddsView(id="yesno-odds", lang=self.session.strings.lang)
        with Horizontal(classes="roll-row"):
            yield ActionButton(self.t("oracle.ask"), id="ask-yesno", variant="primary")
            yield ActionButton(self.t("solo.words"), id="words")
        yield Static(self.t("oracle.environment"), classes="section")
        yield StepSelector(
            self.t("oracle.lean"),
            [(lean.value, self.term(f"oracle.lean.{lean.value}")) for lean in oracles.Lean],
            value="neutral",
            id="lean",
        )
        yield OddsView(id="oracle-odds", lang=self.session.strings.lang)
        yield ActionButton(self.t("oracle.ask"), id="ask-oracle")

    def on_mount(self) -> None:
        self.update_odds()

    @on(StepSelector.Changed)
    def update_odds(self) -> None:
        """Show both oracles' odds for the chosen likelihood and lean."""
        if not self.query("#likelihood") or not self.query("#lean"):
            return  # built after the first frame: an app closing at once never had it
        likelihood = int(self.query_one("#likelihood", StepSelector).value)
        yesno = oracles.yesno_odds(oracles.YesNoQuestion(likelihood, tension=self.tension))
        note = ""
        if self.tension is not None:
            chance = percent_text(oracles.event_chance(self.tension), language_of(self.t))
            note = self.t("solo.event_chance", percent=chance)
        self.query_one("#yesno-odds", OddsView).show(yesno.system, yesno.outcomes, note)
        lean = oracles.Lean(self.query_one("#lean", StepSelector).value)
        environment = oracles.oracle_odds(oracles.OracleQuestion(lean))
        self.query_one("#oracle-odds", OddsView).show(environment.system, environment.outcomes)

    def question(self) -> str:
        """The question typed, if any."""
        return self.query_one("#question", Input).value.strip()

    def on_key(self, event: events.Key) -> None:
        """Escape leaves the question box (play-tested: it kept the keyboard, so ``r``
        and ``:`` were typed into it): the keys are the table's again (and see
        :class:`QuestionField`)."""
        question = self.query_one("#question", Input)
        if event.key == "escape" and question.has_focus:
            event.stop()
            self.query_one("#likelihood", StepSelector).focus()

    @on(Button.Pressed, "#ask-yesno")
    @on(Input.Submitted, "#question")
    def action_ask(self) -> None:
        """Ask the yes/no oracle the typed question."""
        likelihood = int(self.query_one("#likelihood", StepSelector).value)
        self.answer(oracles.YesNoQuestion(likelihood, self.question(), self.tension))

    @on(StepSelector.Changed, "#tension")
    def tension_changed(self, event: StepSelector.Changed) -> None:
        """The player sets the tension: one journal entry (undoable)."""
        event.stop()
        wanted = int(event.selector.value)
        before = tension_of(self.session.campaign.state)
        if wanted == before or self.query_one("#tension-once", Tick).value:
            self.update_odds()  # for this question only: the campaign's stays
            return
        from meneur.core.errors import RulesError
        from meneur.play.story import move_tension

        # The same plan as meneur tension's: refused outside 1-5 or without solo play.
        plan = move_tension(
            lambda _: wanted,
            lambda was, now: Worded("solo.tension_entry", {"before": was, "after": now}),
        )
        try:
            entry = act.change(self.session.campaign, self.session.seat, plan)
        except (CampaignError, RulesError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            event.selector.value = str(before)
            return
        self.post_message(self.Written(entry))
        self.update_odds()

    @on(Checkbox.Changed, "#tension-once")
    def _once_changed(self, event: Checkbox.Changed) -> None:
        """Back to the campaign's tension when the one-question choice is dropped."""
        event.stop()
        if not event.value:
            self.follow_tension()
        self.update_odds()

    def follow_tension(self) -> None:
        """Show the campaign's tension as it is now (moved elsewhere, undone), unless
        one is chosen for the next question."""
        if self.solo and self.query("#tension") and not self.query_one("#tension-once", Tick).value:
            selector = self.query_one("#tension", StepSelector)
            with selector.prevent(StepSelector.Changed):
                selector.value = str(tension_of(self.session.campaign.state))
            self.update_odds()

    @on(Button.Pressed, "#words")
    def roll_words(self) -> None:
        """A word pair to spark an idea: the word_pair table, journaled."""
        self._roll_table("word_pair", self.t("solo.words"))

    @on(Button.Pressed, "#ask-oracle")
    def ask_environment(self) -> None:
        """Ask the environment oracle."""
        lean = oracles.Lean(self.query_one("#lean", StepSelector).value)
        self.answer(oracles.OracleQuestion(lean, self.question()))

    def ask_question(self, text: str, likelihood: int | None) -> None:
        """``?4 Is the door locked?`` typed (read by :mod:`meneur.play.lines`): its
        likelihood when one led it; without one, the likelihood chosen on the panel
        (play-tested: it was reset to 3)."""
        selector = self.query_one("#likelihood", StepSelector)
        if likelihood is None:
            likelihood = int(selector.value)
        else:
            selector.value = str(likelihood)
        self.answer(oracles.YesNoQuestion(likelihood, text, self.tension))

    def answer(self, question: oracles.YesNoQuestion | oracles.OracleQuestion) -> None:
        """Roll, show and journal an oracle's answer; with the table's physical dice on
        (ctrl+d), the player's own dice: their faces are asked first (play-tested: real
        dice were for the Action tab only)."""
        if self._physical():
            self.post_message(ActionPanel.PhysicalFaces(self, question))
            return
        self.finish(self.session.roll(question), physical=False)

    def _physical(self) -> bool:
        """Whether the table rolls real dice now (the Action panel's box, ctrl+d)."""
        found = self.screen.query("#panel").results(ActionPanel)
        panel = next(found, None)
        return panel is not None and panel.physical

    def physical_dice(self, inputs: Any) -> str:
        """Which dice to roll by hand for an oracle's question: ``3d6``."""
        found = self.screen.query("#panel").results(ActionPanel)
        panel = next(found, None)
        return "" if panel is None else panel.physical_dice(inputs)

    def finish(self, record: Any, *, physical: bool) -> None:
        """Journal and show an oracle's answer (``physical``: from typed faces)."""
        question = record.inputs
        shown = roll_words(record)  # as the command line's meneur roll words it
        before = self.session.last_written
        if not journaled(self, ActionPanel.Rolled(record, shown, physical=physical)):
            return
        written = self.session.last_written
        answered = written is not None and written is not before
        event = self._event_after(written) if answered and written is not None else None
        if answered and written is not None and self.session.blind(written):
            self.query_one("#oracle-dice", DiceView).show(
                [], self.t("app.kept"), self.t("app.dropped")
            )
            self.query_one("#answer", Static).update(
                Text("👁 " + self.session.seen_by(written), style="italic")
            )
            return  # the GM alone sees the answer
        dice = [ShownDie(str(die.face), die.kept) for die in record.dice]
        self.query_one("#oracle-dice", DiceView).show(
            dice, self.t("app.kept"), self.t("app.dropped")
        )
        style = "bold green" if style_class(record.outcome) == "success" else "bold red"
        text = Text()
        if question.question:
            text.append(f"« {question.question} »\n", style="italic")
        said = outcome_said(record.system, record.outcome, self.session.strings.lang)
        text.append(f"{symbol(record.outcome)} {said}", style=style)
        if self.solo and self.query_one("#tension-once", Tick).value:
            self.query_one("#tension-once", Tick).value = False  # this question only
        self._offer(None)
        if event is not None:
            said = self.term("solo.event")
            text.append(f"\n⚡ {said}{self.t('shown.colon')}", style="bold yellow")
            text.append(event.text)
            self._offer(event)
        if answered and written is not None:  # who sees it, in words
            text.append("\n👁 " + self.session.seen_by(written), style="italic")
        self.query_one("#answer", Static).update(text)
        # Asked: the box is ready for the next question (play-tested: the next one was
        # typed after this one, and Delete at the end of it removed nothing).
        self.query_one("#question", Input).value = ""

    def _event_after(self, answer: Entry) -> Any:
        """Roll and journal the random event ``answer`` brought, as secret as the answer
        (the table decides: :meth:`meneur.play.session.Session.event_after`); its record
        (None when it brought none, or the write was refused)."""
        try:
            event = self.session.event_after(answer)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return None
        if event is None:
            if answer.roll is not None and answer.roll.get("event"):
                self.notify(self.t("solo.no_table", table="event"), severity="error")
            return None
        record, entry = event
        self.post_message(ActionPanel.Journaled(entry, changed=False))
        return record

    def _offer(self, event: Any) -> None:
        """Offer to add the person or thread a random event brought in (none: hide)."""
        from meneur.play.story import event_offer

        button = self.query_one("#event-offer", ActionButton)
        key = None
        if event is not None and offers(self.session.seat, "lists"):
            key = event_offer(event, self.session.strings.lang)
        self.offered = key
        button.display = key is not None
        if key is not None:
            button.label = self.t(f"solo.offer_{key}")

    @on(Button.Pressed, "#event-offer")
    async def take_offer(self) -> None:
        """Add the person or thread the event brought in: its name asked, as the story's
        own Add asks it (the table decides whether this seat may)."""
        key, self.offered = self.offered, None
        self.query_one("#event-offer", ActionButton).display = False
        if key is not None:
            from .story_desk import StoryDesk

            self.screen.query_one(StoryDesk).action_story_add(key)

    def _roll_table(self, key: str, title: str, *, show: bool = True) -> Any:
        """Roll the table ``key`` (the campaign's own, else the shipped one), journal it
        (named by its table, in each reader's language) and show it under ``title``; its
        record (None when it is missing or the write was refused)."""
        from meneur.core.tables import TableQuery, find

        tables = self.session.tables()
        table = find(tables, key)
        if table is None:
            self.notify(self.t("solo.no_table", table=key), severity="error")
            return None
        record = self.session.roll(TableQuery.of(table, tables))
        if not journaled(self, ActionPanel.Rolled(record, "")):
            return None
        if show:
            self.query_one("#oracle-dice", DiceView).show([], "", "")
            shown = Text(f"{title}\n", style="dim")
            shown.append(record.text, style="bold")
            self.query_one("#answer", Static).update(shown)
        return record
