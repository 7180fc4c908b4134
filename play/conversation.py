"""The plain seat: the table as a conversation of lines, for a screen reader or a braille
display (``meneur --plain``). Each new entry is one line in the reader's language; what
the reader types is the app's command line (dice, ``?4 question``, a table's name, a
note) plus a few words of its own (``odds``, ``who``, ``help``, ``quit``). No screen to
draw, so nothing but lines: the front end prints them and a prompt.

The same seat rules and secrets as any seat: every write goes through
:mod:`meneur.play.act` as this session's seat, and others' entries reach it through the
viewer's filter (:func:`meneur.play.views.for_viewer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from meneur.core.errors import RulesError
from meneur.saves.errors import CampaignError
from meneur.saves.journal import Entry

from .session import Session

if TYPE_CHECKING:
    from meneur.core.phases import Phase

    from .lines import PreparedTest, TestReader

QUIT = ("quit", "exit", "quitter", "q")
HELP = ("help", "aide")
WHO = ("who", "qui")
ODDS = ("odds", "chances")
TEST = ("test",)
ROLL = ("r", "roll", "lancer")
TURNS = ("turns", "tours")
CHOOSE = ("choose", "choisir")


@dataclass
class Said:
    """What the conversation answers: lines to print, and whether it goes on."""

    lines: list[str] = field(default_factory=list)
    going: bool = True


class Conversation:
    """One reader's conversation with the table (see the module)."""

    def __init__(self, session: Session, tests: TestReader | None = None) -> None:
        self.session = session
        self.tests = tests
        self.prepared: PreparedTest | None = None
        """The test set up with ``test``, rolled by ``r``."""

    def greeting(self) -> list[str]:
        """The first lines: where the reader sits, and how to ask for the commands."""
        from meneur.core.systems import system

        campaign = self.session.campaign
        t = self.session.t
        said = system(campaign.system).said(self.session.strings.lang)
        return [t("plain.hello", name=campaign.name, system=said), t("plain.how")]

    def news(self) -> list[str]:
        """What others wrote since the last look, one line each, as this seat sees it."""
        from .views import for_viewer

        campaign = self.session.campaign
        update = campaign.sync()
        lines = []
        if update.error is not None:
            said = self.session.t(
                "app.outside_problem", message=self.session.strings.explain(update.error)
            )
            lines.append(self.session.t("plain.problem", message=said))
        viewer = self.session.seat.viewer
        for entry in update.entries:
            shown = for_viewer(entry, viewer, campaign.journal, campaign.state)
            if shown is not None:
                lines.append(self.line(shown))
                if shown.kind in ("phase", "request"):
                    lines += self._turns(only=str(shown.id))
        return lines

    def line(self, entry: Entry) -> str:
        """``entry`` on one line, in the reader's language: what happened and its result."""
        from .export import roll_line
        from .reading import read_entry, secret_reading
        from .views import for_viewer

        t = self.session.t
        campaign = self.session.campaign
        # As this seat may see it, its own entries too: a blind roll it threw is told
        # as thrown, its result the GM's.
        shown = for_viewer(entry, self.session.seat.viewer, campaign.journal, campaign.state)
        if shown is None:
            return ""
        entry = shown
        if entry.redacted:
            return secret_reading(entry, t, campaign)
        reading = read_entry(entry, campaign, t)
        if entry.roll is None:
            return reading.text
        line = roll_line(reading, t, markdown=False)
        if reading.dice:
            line += f" ({reading.dice})"
        return line

    def answer(self, typed: str) -> Said:
        """What the reader typed, done, and said back (a refusal in one sentence)."""
        text = typed.strip()
        word = text.casefold()
        if not text:
            return Said()
        if word in QUIT:
            return Said([self.session.t("plain.bye")], going=False)
        if word in HELP:
            system = self.session.campaign.system
            return Said(self.session.t("plain.help", system=system).split("\n"))
        if word in WHO:
            return Said(self._who())
        first, _, rest = text.partition(" ")
        verb = first.casefold()
        try:
            if verb in ODDS:
                return Said(self._odds(rest))
            if verb in TEST:
                return Said(self._test(rest))
            if word in ROLL:
                return Said(self._roll())
            if word in TURNS:
                return Said(self._turns())
            if verb in CHOOSE:
                return Said(self._choose(rest))
            return Said([line for line in map(self.line, self._act(text)) if line])
        except (RulesError, CampaignError) as error:
            said = self.session.strings.explain(error)
            return Said([self.session.t("app.error", message=said)])
        except ValueError as error:  # what the front end's test reader says instead
            return Said(str(error).split("\n"))

    def _act(self, text: str) -> list[Entry]:
        """The grammar of a typed line every door reads (:mod:`meneur.play.lines`): a
        question, a table, dice or a note."""
        from .lines import play_line, read_line, tension_for

        session = self.session
        line = read_line(text, session.tables())
        if line is None:
            return []
        return play_line(session, line, tension=tension_for(session))

    def _odds(self, expression: str) -> list[str]:
        """The exact odds of a dice expression: each total and its chance, in order (a
        long one: its range and mean); of a table named: each row's."""
        from fractions import Fraction

        from meneur.content.outcomes import percent_text
        from meneur.core import tables
        from meneur.core.dice_odds import odds
        from meneur.core.expressions import DiceInputs

        t = self.session.t
        expression = expression.strip()
        if not expression:
            if self.prepared is not None:
                return self.prepared.lines()
            return [t("plain.odds_how")]
        table = tables.find(self.session.tables(), expression)
        if table is not None:  # each row as the book prints it, and its chance
            from .library import row_chances

            colon = t("shown.colon")
            lang = self.session.strings.lang
            return [t("plain.odds", expression=table.name)] + [
                f"{label}{colon}{percent_text(p, lang)}, {text}"
                for label, p, text in row_chances(table)
            ]
        found = odds(DiceInputs(expression)).distribution
        lines = [t("plain.odds", expression=expression)]
        if len(found) <= 24:
            colon = t("shown.colon")
            return lines + [
                f"{total}{colon}{percent_text(p, self.session.strings.lang)}"
                for total, p in found.items()
            ]
        mean = sum((total * p for total, p in found.items()), Fraction(0))
        low, high = min(found), max(found)
        return [*lines, t("plain.odds_range", low=low, high=high, mean=f"{float(mean):.1f}")]

    def _who(self) -> list[str]:
        """Who is at the table: the characters and who plays them, who is connected."""
        from .seating import read_table

        t = self.session.t
        campaign = self.session.campaign
        # Who plays whom: the table file's seats, else a sheet's own ``player``.
        table = read_table(campaign.directory, campaign.state)
        seated = {}
        if table is not None:
            for ident, seat in table.players.items():
                for character in seat.characters:
                    seated[character] = table.names.get(ident, ident)
        lines = []
        for ident, character in self.session.characters().items():
            name = str(character.get("name", "?"))
            player = seated.get(ident) or character.get("player")
            lines.append(t("plain.plays", name=name, player=player) if player else name)
        presence = self.session.presence
        if presence is not None:
            from meneur.core.table_rules import presence_for

            told = presence_for(self.session.seat, presence.everyone())
            # A GM given no name is called by their role.
            here = ", ".join(person.name or t("serve.gm") for person in told)
            lines.append(t("plain.here", names=here))
        return lines or [t("plain.nobody")]

    # --- a system's test ------------------------------------------------------------

    def _test(self, options: str) -> list[str]:
        """Set up the test ``options`` describe (none: say the current one)."""
        t = self.session.t
        if self.tests is None:
            return [t("plain.no_tests")]
        if not options.strip():
            if self.prepared is None:
                return [t("plain.test_how", system=self.session.campaign.system)]
            return self.prepared.lines()
        import shlex

        try:
            words = shlex.split(options)
        except ValueError as error:  # an unclosed quote
            raise ValueError(str(error)) from None
        prepared = self.tests(words, self.session)
        self.prepared = prepared
        return [*prepared.lines(), t("plain.roll_how")]

    def _roll(self) -> list[str]:
        """Roll the test set up, as this seat (as every door rolls one:
        :meth:`Session.roll_test`)."""
        if self.prepared is None:
            return [self.session.t("plain.test_how", system=self.session.campaign.system)]
        rolled = self.session.roll_test(self.prepared.asked())
        if rolled.held and not rolled.blind:  # kept from someone: its changes wait
            return [self.line(rolled.entry), self.session.t("shown.held")]
        return [self.line(rolled.entry)]

    # --- the GM's turns and requests ------------------------------------------------

    def _mine(self, characters: tuple[str, ...] | list[str]) -> list[str]:
        """Which of ``characters`` this seat plays (the GM: all of them)."""
        seat = self.session.seat
        if seat.role == "gm":
            return list(characters)
        if seat.role == "viewer":
            return []
        return [c for c in characters if c in seat.characters]

    def _name(self, character: str) -> str:
        found = self.session.campaign.state["characters"].get(character, {})
        return str(found.get("name", character))

    def _owed(self) -> list[tuple[str, str, Phase, str]]:
        """(turn, its number as this seat is told it, its phase, character) for each
        choice this seat still owes. A turn's key is the number of the entry that opened
        it: the GM is told it; a player its place among the open turns (an entry's
        number counts the GM's secrets written before it)."""
        from .act.turns import open_phases

        gm = self.session.seat.role == "gm"
        owed = []
        for place, (ident, turn) in enumerate(open_phases(self.session.campaign), start=1):
            for character in self._mine(turn.characters):
                if character not in turn.chosen:
                    owed.append((ident, ident if gm else str(place), turn, character))
        return owed

    def _turns(self, only: str | None = None) -> list[str]:
        """The open turns and roll requests this seat's characters owe an answer to (with
        ``only``, what the turn or request ``only`` just opened asks of this seat)."""
        from .act.turns import open_requests

        t = self.session.t
        lines = []
        for ident, number, turn, character in self._owed():
            if only is not None and ident != only:
                continue
            options = " / ".join(turn.options) if turn.options else t("plain.free_answer")
            lines.append(
                t(
                    "plain.turn",
                    number=number,
                    prompt=turn.prompt,
                    name=self._name(character),
                    options=options,
                )
            )
        for ident, prompt, owed in open_requests(self.session.campaign):
            if only is not None and ident != only:
                continue
            for character in self._mine(owed):
                lines.append(t("plain.request", prompt=prompt, name=self._name(character)))
        if lines:
            lines.append(t("plain.answer_how"))
        elif only is None:
            lines.append(t("plain.nothing_asked"))
        return lines

    def _choose(self, typed: str) -> list[str]:
        """Seal a choice: ``choose CHOICE`` when one is owed, else ``choose N NAME
        CHOICE`` (the turn's number as this seat is told it, the character's name)."""
        from meneur.core.words import folded

        from .act.turns import choose

        t = self.session.t
        owed = self._owed()
        words = typed.split()
        if words and words[0].isdigit():
            owed = [item for item in owed if item[1] == words[0]]
            words = words[1:]
        if words and len({character for *_, character in owed}) > 1:
            named = [item for item in owed if folded(self._name(item[3])) == folded(words[0])]
            if named:
                owed, words = named, words[1:]
        choice = " ".join(words)
        if not owed:
            return [t("plain.nothing_asked")]
        if len(owed) > 1:
            return [t("plain.which_turn"), *self._turns()]
        if not choice:
            return [t("plain.answer_how")]
        ident, _, _, character = owed[0]
        entries = choose(self.session.campaign, self.session.seat, ident, character, choice)
        return [self.line(entry) for entry in entries]
