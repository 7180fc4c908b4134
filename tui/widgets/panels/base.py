"""What every action panel shares: the acting character, the odds before the roll, the
dice after it, physical dice, and telling the table what was rolled.

A panel builds its test from its controls (:meth:`ActionPanel.build`), shows its exact
odds each time a control changes, and on a roll asks the session for a seeded record
(or reads the faces of physical dice), shows it, and posts :class:`ActionPanel.Rolled`
for the table to journal. Attributes come down from the table (``character``); only
messages go up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Button, Checkbox, Input, Static

from meneur.content.outcomes import OUTCOME_STYLES, outcome_said, style_class, symbol
from meneur.core.errors import RulesError
from meneur.play.session import SessionStrings
from meneur.tui.widgets.button import ActionButton
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.dice import DiceView, ShownDie
from meneur.tui.widgets.odds import OddsView
from meneur.tui.widgets.selector import StepSelector
from meneur.tui.widgets.tick import Tick

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from meneur.core.changes import Change
    from meneur.play.campaigns import Said
    from meneur.play.journal import Entry
    from meneur.play.session import Session


def number(text: str, default: int) -> int:
    """A whole number typed in a field (``-2``, ``+3``), or ``default`` for anything else."""
    text = text.strip()
    digits = text.lstrip("-+")
    # isdigit alone accepts "²", which int() refuses.
    return int(text) if digits.isascii() and digits.isdigit() else default


class _DrawnDice(random.Random):
    """Dice that show their lowest face and remember the size of each die drawn."""

    def __init__(self) -> None:
        super().__init__(0)
        self.sides: list[int] = []

    def randint(self, a: int, b: int) -> int:
        self.sides.append(b)
        return a


def dice_said(sides: list[int]) -> str:
    """Dice in the order drawn, runs of one size together: ``3d6``, ``1d6, 2d6``."""
    runs: list[list[int]] = []
    for size in sides:
        if runs and runs[-1][0] == size:
            runs[-1][1] += 1
        else:
            runs.append([size, 1])
    return ", ".join(f"{count}d{size}" for size, count in runs)


class _Journaling(Protocol):
    """A widget that holds the session (a panel, the oracles, the tables)."""

    session: Session

    def t(self, key: str, **values: object) -> str: ...

    def explain(self, error: Exception) -> str: ...

    def notify(self, message: str, *, severity: SeverityLevel = ...) -> None: ...

    def post_message(self, message: Message) -> bool: ...


def journaled(widget: _Journaling, rolled: ActionPanel.Rolled) -> bool:
    """Journal a roll now, durably, through the session (meneur.play), before its
    result is shown; False when the write was refused (said, in the player's words, and
    nothing is to be shown). The screen around the widget is told with a
    :class:`ActionPanel.Journaled` message, to list the entry (and redraw the party when
    the roll changed a sheet)."""
    from meneur.play.errors import CampaignError

    try:
        entry = widget.session.record(
            rolled.record,
            rolled.text,
            changes=rolled.changes,
            character=rolled.character,
            physical=rolled.physical,
        )
    except CampaignError as error:
        widget.notify(widget.t("app.error", message=widget.explain(error)), severity="error")
        return False
    # A roll the panel steps through (a Sphérier extended test, attempt by attempt) is
    # on disk now, but listed in the journal only once its last step is shown: the
    # journal's line would say the end first (ActionPanel.Revealed lists it).
    held = bool(getattr(widget, "steps_through", lambda _: False)(rolled.record))
    widget.post_message(ActionPanel.Journaled(entry, changed=bool(rolled.changes), held=held))
    return True


class TakesFaces(Protocol):
    """What asks the table for physical dice's faces: the Action panel, the Oracles."""

    def physical_dice(self, inputs: Any) -> str:
        """Which dice to roll by hand for ``inputs``: ``3d6``."""

    def finish(self, record: Any, *, physical: bool) -> None:
        """Journal and show the record the typed faces gave."""


class ActionPanel(SessionStrings, VerticalScroll):
    """Base of the five system panels."""

    character: reactive[str | None] = reactive(None)
    """The acting character's id (set by the table)."""

    written: Entry | None = None
    """The entry of the roll shown last, when this panel journaled it."""

    DICE_LINES = 5
    """Lines the system's dice take: boxes, then marks and their legend if dice are kept."""

    class Rolled:
        """A roll to journal (:func:`journaled`): its record, its words, its
        consequences."""

        def __init__(
            self,
            record: Any,
            text: Said,
            changes: Sequence[Change] = (),
            character: str | None = None,
            physical: bool = False,
        ) -> None:
            self.record = record
            self.text = text
            self.changes = tuple(changes)
            self.character = character
            self.physical = physical

    class Journaled(Message):
        """A roll was journaled (durably): the screen lists its entry, or, ``held``,
        keeps it to list once the panel has shown its last step (:class:`Revealed`)."""

        def __init__(self, entry: Entry, *, changed: bool, held: bool = False) -> None:
            self.entry = entry
            self.changed = changed
            self.held = held
            super().__init__()

    class Revealed(Message):
        """The panel showed the last step of a roll it stepped through: the screen lists
        the entry it held back."""

    class SheetChanged(Message):
        """A change to the acting character's sheet, to journal (a character point spent…).
        ``text`` may be a plan of meneur.play, which makes the entry's words and changes
        of the state under the lock (and may refuse)."""

        def __init__(self, changes: Sequence[Change], text: Said, character: str) -> None:
            self.changes = tuple(changes)
            self.text = text
            self.character = character
            super().__init__()

    class PhysicalFaces(Message):
        """Asks the table for the faces of physical dice.

        Attributes:
            panel: the panel to give the record to.
            inputs: the test the dice are for.
            dice: which dice to roll by hand, when the panel says (``2d6``); else the
                table asks the panel's :meth:`physical_dice`.
            read: how the typed faces make the record, when not as a whole roll of
                ``inputs`` (the dice rerolled for a Coup de poker); it raises
                RulesError for faces that do not fit.
        """

        def __init__(
            self,
            panel: TakesFaces,
            inputs: Any,
            *,
            dice: str = "",
            read: Callable[[tuple[int, ...]], Any] | None = None,
        ) -> None:
            self.panel = panel
            self.inputs = inputs
            self.dice = dice
            self.read = read
            super().__init__()

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.last: Any = None
        self._odds_shown_for: Any = None

    # --- Layout ------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(classes="panel-head"):
            yield Choice[str](
                [], label=self.t("app.character"), id="character", prompt=self.t("app.nobody")
            )
            yield Tick(
                self.t("app.physical"),
                id="physical",
                tooltip=self.t("app.physical_hint"),
            )
        yield from self.controls()
        yield from self.after_controls()
        yield Static("", id="summary", classes="summary")
        yield OddsView(id="odds", lang=self.session.strings.lang)
        roll = ActionButton(self.t("app.roll"), id="roll", variant="primary")
        extras = list(self.extra_buttons())
        if extras:
            with Horizontal(classes="roll-row"):
                yield roll
                yield from extras
        else:
            # Alone, Roll needs no row around it (a widget less to lay out and draw).
            roll.add_class("roll-alone")
            yield roll
        yield DiceView(id="dice", lines=self.DICE_LINES)
        yield Static(Text(self.t("app.not_rolled"), style="dim"), id="outcome", classes="outcome")
        yield from self.after_result()
        yield Static(Text(self.t("app.legend"), style="dim"), id="legend", classes="legend")

    def after_result(self) -> ComposeResult:
        """Widgets under the result (a Coup de poker, the next attempt…)."""
        yield from ()

    def controls(self) -> ComposeResult:
        """The system's own controls."""
        yield from ()

    def after_controls(self) -> ComposeResult:
        """Controls that come after the system's own ones (a GM's declaration…)."""
        yield from ()

    def extra_buttons(self) -> ComposeResult:
        """Buttons beside Roll (intuition, next attempt…)."""
        yield from ()

    def on_mount(self) -> None:
        self.fill_characters()
        self.update_odds()

    def fill_characters(self) -> None:
        """Offer the campaign's characters in the header."""
        characters = self.session.characters()
        select = self.query_one("#character", Choice)
        select.set_options([(c.get("name", ident), ident) for ident, c in characters.items()])
        if self.character in characters:
            select.value = self.character

    def watch_character(self, character: str | None) -> None:
        if not self.is_mounted:
            return
        select = self.query_one("#character", Choice)
        if character is not None and select.value != character:
            select.value = character
        self.character_changed()
        self.update_odds()

    def character_changed(self) -> None:
        """Refill the controls that come from the acting character's sheet."""

    @property
    def sheet(self) -> dict[str, Any]:
        """The acting character's sheet."""
        return self.session.sheet(self.character)

    # --- Odds ------------------------------------------------------------------------

    def build(self) -> Any:
        """The test the controls describe.

        Raises:
            RulesError: when the controls do not describe a test yet.
        """
        raise NotImplementedError

    def summary(self, inputs: Any) -> str:
        """A line about the test (score to beat, threshold…) above the odds: what its
        system's play room says of it in a journal line."""
        from meneur.play.rolls import short_words

        return short_words(inputs, self.t)

    def odds(self, inputs: Any) -> Any:
        """The test's exact odds."""
        from meneur.core.kinds import odds_function

        return odds_function(type(inputs))(inputs)

    def shown_outcomes(self, odds: Any) -> Any:
        """The outcomes worth a bar (all, unless a system says otherwise)."""
        return odds.outcomes

    def run_notation(self, text: str) -> bool:
        """Play a test typed on the command line in its system's notation
        (``[Dressage](2)``); False when the system has no notation of its own (the
        table then says whose notation it is)."""
        return False

    def update_odds(self) -> None:
        """Recompute and show the odds of the test as the controls now describe it."""
        summary = self.query_one("#summary", Static)
        odds_view = self.query_one("#odds", OddsView)
        try:
            inputs = self.build()
            if inputs == self._odds_shown_for:
                # Setting the controls up says "changed" once per control: the same test's
                # odds are already on screen.
                return
            odds = self.odds(inputs)
        except RulesError as error:
            self._odds_shown_for = None
            summary.update(Text(self.explain(error), style="italic"))
            odds_view.show("", {}, "")
            return
        self._odds_shown_for = inputs
        summary.update(Text(self.summary(inputs), style="bold"))
        odds_view.show(odds.system, self.shown_outcomes(odds), self.odds_note(odds))

    def odds_note(self, odds: Any) -> str:
        """A line under the odds (a total, a fiasco chance…)."""
        return ""

    @on(Choice.Changed)
    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(StepSelector.Changed)
    def _control_changed(self, event: Message) -> None:
        if isinstance(event, Choice.Changed) and event.control.id == "character":
            # The choice as it is now, not the message's value: a message posted before an
            # undo removed that character can arrive after the panel moved on.
            value = event.control.value
            if isinstance(value, str) and value != self.character:
                self.character = value
            return
        self.update_odds()

    # --- Rolling ---------------------------------------------------------------------

    @on(Button.Pressed, "#roll")
    def _roll_pressed(self) -> None:
        self.action_roll()

    @property
    def physical(self) -> bool:
        """Whether the player rolls real dice and types their faces."""
        return self.query_one("#physical", Checkbox).value

    def test_to_roll(self) -> Any | None:
        """The test the controls describe, or None after telling the player what is amiss."""
        try:
            return self.build()
        except RulesError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return None

    def action_roll(self) -> None:
        """Roll the test (or ask for physical dice)."""
        inputs = self.test_to_roll()
        if inputs is None:
            return
        if self.physical:
            self.post_message(self.PhysicalFaces(self, inputs))
            return
        self.finish(self.session.roll(inputs), physical=False)

    def physical_dice(self, inputs: Any) -> str:
        """Which dice to roll by hand for ``inputs``, in order: ``3d6``, ``1d100, 1d10``.

        Found by rolling the test once on dice that only count what is drawn; a test whose
        later dice depend on the first ones says so (``3d6, puis…``)."""
        from meneur.core.kinds import roller

        drawn = _DrawnDice()
        roller(type(inputs))(inputs, drawn)
        return dice_said(drawn.sides)

    def finish(self, record: Any, *, physical: bool) -> None:
        """Journal a record with its consequences, then show it: a result is never shown
        before its entry is on disk (a refused write shows the reason instead)."""
        rolled = self.Rolled(
            record, self.journal_text(record), self.consequences(record), self.character, physical
        )
        before = self.session.last_written
        if journaled(self, rolled):
            self.last = record
            written = self.session.last_written
            self.written = written if written is not before else None
            if self.written is not None and self.session.blind(self.written):
                self.show_blind()  # the GM alone sees the result
                return
            self.show_record(record)

    def show_blind(self) -> None:
        """Say the roll was made blind, and show nothing of its dice or outcome."""
        self.query_one("#dice", DiceView).show([], self.t("app.kept"), self.t("app.dropped"))
        outcome = self.query_one("#outcome", Static)
        outcome.update(Text("👁 " + self.t("seen.blind"), style="italic"))
        outcome.scroll_visible(animate=False, immediate=True)

    def journal_text(self, record: Any) -> str:
        """The words a roll is journaled with, the same as the command line's and
        ``meneur roll``'s: what was tested and who rolled are said by the reader, in
        their language, from the record (:mod:`meneur.play.rolls`)."""
        from meneur.play.rolls import roll_words

        return roll_words(record)

    def consequences(self, record: Any) -> Sequence[Change]:
        """State changes a roll causes (karma…)."""
        return ()

    def face_text(self, die: Any) -> str:
        """A die's face as the system reads it (SYSTEMJ's d100 reads 00 to 99)."""
        return str(die.face)

    def shown_dice(self, record: Any) -> list[ShownDie]:
        """The record's dice as they are shown, each role said in words (a reroll ↻)."""
        from meneur.play.reading import role_label

        return [
            ShownDie(
                self.face_text(die),
                die.kept,
                "↻" if die.role == "reroll" else role_label(die.role, self.t) if die.role else "",
            )
            for die in record.dice
        ]

    def show_record(self, record: Any) -> None:
        """Show the dice and the outcome in French with its gloss, and bring it into view."""
        self.query_one("#dice", DiceView).show(
            self.shown_dice(record),
            self.t("app.kept"),
            self.t("app.dropped"),
            self.t("dice.role.reroll"),
        )
        outcome = self.query_one("#outcome", Static)
        outcome.update(self.outcome_text(record))
        # The result's room is kept from the start, so it can be scrolled to in this very
        # frame; if the result needs more lines than kept, once more after the layout.
        outcome.scroll_visible(animate=False, immediate=True)
        self.call_after_refresh(outcome.scroll_visible, animate=False, immediate=True)

    def outcome_text(self, record: Any) -> Text:
        """The outcome line, and the system's own lines under it."""
        text = Text()
        outcome = getattr(record, "outcome", None)
        if outcome is not None:
            style = OUTCOME_STYLES[style_class(outcome)]
            said = outcome_said(record.system, outcome, self.session.strings.lang)
            text.append(f"{symbol(outcome)} {said}", style=style)
        for line in self.result_lines(record):
            text.append("\n" + line)
        written = self.written
        if written is not None:  # who sees it, in words (not a colour)
            text.append("\n👁 " + self.session.seen_by(written), style="italic")
        if record.seed is None:
            text.append("\n" + self.t("app.physical_mark"), style="dim")
        elif written is not None and not self.session.seed_shown(written):
            text.append("\n" + self.t("app.seed_sealed"), style="dim")
        else:
            text.append("\n" + self.t("app.seed", seed=record.seed), style="dim")
        return text

    def result_lines(self, record: Any) -> list[str]:
        """Lines the system adds under the outcome."""
        return []
