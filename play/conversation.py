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

from meneur.core.errors import RulesError
from meneur.saves.errors import CampaignError
from meneur.saves.journal import Entry

from .session import Session

QUIT = ("quit", "exit", "quitter", "q")
HELP = ("help", "aide")
WHO = ("who", "qui")
ODDS = ("odds", "chances")


@dataclass
class Said:
    """What the conversation answers: lines to print, and whether it goes on."""

    lines: list[str] = field(default_factory=list)
    going: bool = True


class Conversation:
    """One reader's conversation with the table (see the module)."""

    def __init__(self, session: Session) -> None:
        self.session = session

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
        if update.problem:
            lines.append(self.session.t("plain.problem", message=update.problem))
        viewer = self.session.seat.viewer
        for entry in update.entries:
            shown = for_viewer(entry, viewer, campaign.journal, campaign.state)
            if shown is not None:
                lines.append(self.line(shown))
        return lines

    def line(self, entry: Entry) -> str:
        """``entry`` on one line, in the reader's language: what happened and its result."""
        from .export import roll_line
        from .reading import read_entry, secret_reading

        t = self.session.t
        campaign = self.session.campaign
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
            return Said(self.session.t("plain.help").split("\n"))
        if word in WHO:
            return Said(self._who())
        first, _, rest = text.partition(" ")
        try:
            if first.casefold() in ODDS:
                return Said(self._odds(rest))
            return Said([self.line(entry) for entry in self._act(text.lstrip(":/").strip())])
        except (RulesError, CampaignError) as error:
            said = self.session.strings.explain(error)
            return Said([self.session.t("app.error", message=said)])

    def _act(self, text: str) -> list[Entry]:
        """The command line's grammar, as the app reads it: ``? question`` asks the yes/no
        oracle (a likelihood digit may lead), a table's name rolls it, dice roll, and
        anything else is a note."""
        from meneur.core import oracles, tables
        from meneur.core.expressions import DiceInputs
        from meneur.core.notation import looks_like_dice, parse

        from .rolls import roll_words

        session = self.session
        if text.startswith("?"):
            asked = text[1:].strip()
            likelihood = 3
            if asked[:1] in ("1", "2", "3", "4", "5"):
                likelihood, asked = int(asked[0]), asked[1:].strip()
            question = oracles.YesNoQuestion(likelihood, asked, self._tension())
            record = session.roll(question)
            written = [session.record(record, roll_words(record))]
            if getattr(record, "event", False):
                written += self._roll_table("event")
            return written
        if tables.find(session.tables(), text) is not None:
            return self._roll_table(text)
        if looks_like_dice(text):
            parse(text)  # a mistyped roll says what is wrong: it is not a note
            record = session.roll(DiceInputs(text))
            return [session.record(record, roll_words(record))]
        return [session.note(text)]

    def _roll_table(self, name: str) -> list[Entry]:
        from meneur.core import tables

        every = self.session.tables()
        table = tables.find(every, name)
        if table is None:
            return []
        record = self.session.roll(tables.TableQuery.of(table, every))
        return [self.session.record(record, "")]

    def _tension(self) -> int | None:
        """The campaign's tension with solo play on (random events), else None."""
        from .story import tension_of

        state = self.session.campaign.state
        return tension_of(state) if state.get("options", {}).get("solo") else None

    def _odds(self, expression: str) -> list[str]:
        """The exact odds of a dice expression: each total and its chance, in order (a
        long one: its range and mean)."""
        from fractions import Fraction

        from meneur.content.outcomes import percent_text
        from meneur.core.dice_odds import odds
        from meneur.core.expressions import DiceInputs

        t = self.session.t
        expression = expression.strip()
        if not expression:
            return [t("plain.odds_how")]
        found = odds(DiceInputs(expression)).distribution
        lines = [t("plain.odds", expression=expression)]
        if len(found) <= 24:
            colon = t("shown.colon")
            return lines + [f"{total}{colon}{percent_text(p)}" for total, p in found.items()]
        mean = sum((total * p for total, p in found.items()), Fraction(0))
        low, high = min(found), max(found)
        return [*lines, t("plain.odds_range", low=low, high=high, mean=f"{float(mean):.1f}")]

    def _who(self) -> list[str]:
        """Who is at the table: the characters and who plays them, who is connected."""
        t = self.session.t
        lines = []
        for character in self.session.characters().values():
            name = str(character.get("name", "?"))
            player = character.get("player")
            lines.append(t("plain.plays", name=name, player=player) if player else name)
        presence = self.session.presence
        if presence is not None:
            here = ", ".join(person.name for person in presence.everyone())
            lines.append(t("plain.here", names=here))
        return lines or [t("plain.nobody")]
