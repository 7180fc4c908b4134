"""The one grammar of a typed line, read the same at every door that takes one: the app's
command line, the plain seat (``meneur --plain``, ``ssh -T``) and the feed's ``/act``.

- ``? question`` asks the yes/no oracle (a likelihood digit 1 to 5 may lead it);
- a table's name (one the seat may roll on) rolls that table;
- ``"`` first: a note, whatever follows (a note that would read as a command);
- ``[`` first: a system's own notation (Le Sphérier's), read by the app's action panel;
- dice (``2d6+1``) roll; a line that looks like dice but does not parse is refused,
  saying what is wrong (it is not a note);
- anything else is a note.

:func:`read_line` reads a line into one of the commands below; :func:`play_line` plays
one as a session's seat and returns the entries written. A door reads a line (or builds
a command from its request), plays it, and shows what its seat may see of what was
written (:func:`meneur.play.views.for_viewer`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from meneur.core import oracles, tables
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

from .rolls import roll_words

if TYPE_CHECKING:
    from meneur.core.tables import RandomTable
    from meneur.saves.journal import Entry

    from .rolling import TestAsked
    from .session import Session

NOTE_PREFIX = '"'
"""A note whatever it reads like."""
NOTATION_PREFIX = "["
"""A system's own notation (Le Sphérier's ``[2]+1``)."""
LIKELIHOODS = ("1", "2", "3", "4", "5")


@frozen
class Question:
    """``? question``: the yes/no oracle. ``likelihood`` None: the door's own (the app's
    panel keeps the one chosen; elsewhere 3, even odds)."""

    asked: str
    likelihood: int | None = None


@frozen
class TableRoll:
    """A roll on a random table the seat may roll on."""

    table: RandomTable


@frozen
class Dice:
    """A dice expression (``2d6+1``), checked as it is read."""

    expression: str


@frozen
class Note:
    """A note, as typed."""

    text: str


@frozen
class Notation:
    """A system's own notation, for its action panel (the app's alone)."""

    text: str


Line = Question | TableRoll | Dice | Note | Notation
"""What a typed line asks for."""


def read_line(text: str, tables_seen: Sequence[RandomTable]) -> Line | None:
    """What ``text`` asks for, among the tables its seat may roll on (``tables_seen``);
    None for a blank line. A ``:`` or ``/`` typed to reach a command line is not part of
    it.

    Raises:
        RulesError: for a line that looks like dice and does not parse (what is wrong).
    """
    from meneur.core.notation import looks_like_dice, parse

    text = text.strip().lstrip(":/").strip()
    if not text:
        return None
    if text.startswith("?"):
        asked = text[1:].strip()
        if asked[:1] in LIKELIHOODS:
            return Question(asked[1:].strip(), int(asked[0]))
        return Question(asked)
    table = tables.find(tables_seen, text)
    if table is not None:
        return TableRoll(table)
    if text.startswith(NOTE_PREFIX):
        return Note(text[len(NOTE_PREFIX) :].strip())
    if text.startswith(NOTATION_PREFIX):
        return Notation(text)
    if looks_like_dice(text):
        parse(text)  # a mistyped roll says what is wrong: it is not a note
        return Dice(text)
    return Note(text)


def play_line(
    session: Session,
    line: Line,
    *,
    character: str | None = None,
    tension: int | None = None,
) -> list[Entry]:
    """Play ``line`` as ``session``'s seat: the entries written, in order (a yes/no
    answer the tension turns into a random event brings the event's roll after it, as
    secret as the answer: :meth:`meneur.play.session.Session.event_after`).
    ``character``: who acts (a dice roll's); ``tension``: the campaign's, with solo
    play on (None otherwise).

    Raises:
        RulesError: for a line no door plays here (a system's notation: the app's
            action panel reads it), or a roll that cannot be made.
        CampaignError: whatever the table's rules refuse (nothing written).
    """
    from meneur.core.expressions import DiceInputs

    if isinstance(line, Note):
        if not line.text:
            raise RulesError("a note is text", message_key="api.note")
        return [session.note(line.text)]
    if isinstance(line, Question):
        question = oracles.YesNoQuestion(
            3 if line.likelihood is None else line.likelihood, line.asked, tension
        )
        record = session.roll(question)
        written = [session.record(record, roll_words(record))]
        event = session.event_after(written[0])  # as secret as the answer
        return written if event is None else [*written, event[1]]
    if isinstance(line, TableRoll):
        return roll_table(session, line.table.name)
    if isinstance(line, Dice):
        record = session.roll(DiceInputs(line.expression))
        return [session.record(record, roll_words(record), character=character)]
    raise RulesError(
        f"{line.text} is Le Sphérier's notation",
        message_key="command.not_spherier",
        notation=line.text,
    )


def roll_table(session: Session, name: str) -> list[Entry]:
    """Roll the table ``name`` as ``session``'s seat (none written when the seat may roll
    on no table of that name)."""
    every = session.tables()
    table = tables.find(every, name)
    if table is None:
        return []
    record = session.roll(tables.TableQuery.of(table, every))
    return [session.record(record, "")]


def tension_for(session: Session) -> int | None:
    """The campaign's tension with solo play on (random events), else None."""
    from .story import tension_of

    state = session.campaign.state
    return tension_of(state) if state.get("options", {}).get("solo") else None


# --- A system's test ---------------------------------------------------------------------


class PreparedTest(Protocol):
    """A system's test set up from the options of ``meneur roll SYSTEM`` (the plain
    seat's ``test``, the feed's ``{"test": …}``)."""

    def lines(self) -> list[str]:
        """The test and its exact odds, in plain lines in the reader's language."""

    def asked(self) -> TestAsked:
        """The test, as the table rolls it (a new one for each roll)."""


TestReader = Callable[[Sequence[str], "Session"], PreparedTest]
"""What reads a test's options (its words, as a shell splits them) for a session's seat,
raising ValueError with the sentence that says what they do not describe, in the
reader's language."""

_TEST_READERS: list[TestReader] = []


def register_test_reader(reader: TestReader) -> None:
    """Read tests' options with ``reader`` (the command line registers its own, its
    ``meneur roll SYSTEM`` grammar, when it starts a server: the server names no module
    of the command line)."""
    _TEST_READERS[:] = [reader]


def registered_test_reader() -> TestReader | None:
    """The reader of tests' options registered, if any."""
    return _TEST_READERS[0] if _TEST_READERS else None
