"""A table's evening for the conformance suite: the seats, the secrets, and what each
role may see of them.

The table: Camille the GM; Alice (Kael) and Bob (Mira), players; a viewer; the audience
(no seat). The GM keeps a clock (``Qzembuscade``) and a table (``traitre``, named
``Qztraître``) to themself; a public table (``Rumeurs``) rolls on the GM's; the table's
secrecy is ``{ yesno = "gm", tables = "gm_announced" }`` (the oracle's answers are
blind, a GM table's rolls announced).

Steps are taken by a seat through a way in (``play``: a session as the app holds it;
``plain``: the plain seat's conversation; ``cli``: the command line, in this process;
``json``: the command line's ``--json``)
and each writes a marker word (``Qz07x``) where its text goes. :func:`who_sees` says
which roles may read a marker; the tell-tales of the secrets that are set up once
(the GM's table and clock, the settings) are in :data:`STANDING_SECRETS`.

Two evenings are played from the same steps to prove that the others' picture does not
depend on a secret (:func:`twin`): the second draws other dice for every secret roll,
writes an announced GM note where the first made an announced GM roll (an announced
secret reads the same whatever it holds), and leaves out the GM's unannounced entries
(which no one else may know happened, not even by a gap in the numbers).
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from unittest import mock

from meneur.content.strings import strings
from meneur.core import oracles, tables
from meneur.core.expressions import DiceInputs
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act, story
from meneur.play.campaigns import Campaign, Secrecy
from meneur.play.conversation import Conversation
from meneur.play.rolls import roll_words
from meneur.play.seating import edit_table
from meneur.play.session import Session

ROLES = ("gm", "alice", "bob", "viewer", "audience")
"""Who reads a door: the GM, the player (Alice, who takes the steps a player takes), another
player (Bob), a viewer seated at the table, and the audience (no seat at all)."""
SEATS = {
    "gm": GM_SEAT,
    "alice": Seat("player", "alice", frozenset({"kael"})),
    "bob": Seat("player", "bob", frozenset({"mira"})),
    "viewer": Seat("viewer"),
}
ACTORS = ("gm", "alice", "bob")
MOMENT = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)
"""Every entry's time, in both evenings (a fixed clock: the evenings differ in secrets only)."""

GM_TABLE = ("traitre", "Qztraître", "Qzjudas", "Qzbrutus", "Qzganelon")
"""The GM's table: its key (the secret a ``{traitre}`` in another table's row names), its
name and its rows."""
GM_CLOCK = ("Qzembuscade", "embuscade")
SETTINGS = ("gm_announced", "yesno")
STANDING_SECRETS = {
    "the GM's table": GM_TABLE,
    "the GM's clock": GM_CLOCK,
    "secrecy": SETTINGS,
    "a GM note at the Great Cosmos's table": ("Qzcosmos",),
}
"""Secrets set before the evening, each with its tell-tales: the GM alone reads them."""

NUMBERS = (
    r"(?<![\w#&])#\d+(?![\w;,)])",
    r"\"entry_id\"",
    r"\"id\"\s*:",
    r"(?m)^\s*id\s*=",
    r"(?i)\bentr(y|ée) \d",
    r"(?i)\b\d+ (entries|entrées)\b",
)
"""Patterns of an entry's number or id, or of how many entries there are: none reaches
anyone but the GM (the gaps and the count tell how many secrets there are)."""

ACTIONS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # action: (who may take it, the ways in)
    "note": (ACTORS, ("play", "plain", "cli")),
    "private note": (("alice", "bob"), ("play", "cli")),
    "gm note": (("gm",), ("play", "cli")),
    "announced gm roll": (("gm",), ("play", "cli")),
    "gm roll": (("gm",), ("play", "cli")),
    "dice": (ACTORS, ("play", "plain", "cli", "json")),
    "blind roll": (("alice", "bob"), ("play", "plain", "cli", "json")),
    "blind event": (("alice", "bob"), ("play",)),
    "gm event": (("gm",), ("cli",)),
    "gm table": (("gm",), ("play", "plain", "cli")),
    "rumour": (("gm",), ("play", "plain", "cli")),
    "gm clock": (("gm",), ("play", "cli")),
    "turn": (("gm",), ("play",)),
}
"""The actions a step may take, the seats that take them and the ways in."""
SECRET_OUTCOMES = {
    "announced gm roll",
    "gm roll",
    "blind roll",
    "blind event",
    "gm event",
    "gm table",
    "rumour",
    "gm clock",
}
"""Actions whose outcome only the GM may read: the twin evening draws other dice. A
``blind event`` (a player's blind yes/no answer) and a ``gm event`` (the GM's announced
secret one) bring a random event (the dice show a double under the tension); their twins
bring none (a blind roll, an announced GM note): that an event came is a secret too."""
EVENT_TENSION = 5
"""The tension the answers that bring an event are asked at (a double below it)."""
UNANNOUNCED = {"gm note", "gm roll"}
"""Actions the others may not know happened: the twin evening leaves them out."""


@dataclass(frozen=True)
class Step:
    """One action by one seat through one way in."""

    actor: str
    action: str
    way: str

    def marker(self, number: int) -> str:
        return f"Qz{number:02d}x"


@dataclass
class Played:
    """What an evening left: the campaign's folder, who may read each marker, and what
    each role was told as they played (their own seat's answers and news, their
    command line's output)."""

    directory: Path
    readers: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    """Each marker's action and way in (``blind roll by alice (plain)``)."""
    plain: dict[str, list[str]] = field(default_factory=lambda: {role: [] for role in SEATS})
    """What each seat's plain conversation said: its answers and the others' entries."""
    commands: dict[str, list[str]] = field(default_factory=lambda: {role: [] for role in ACTORS})
    """What each seat's commands (``--as``) printed."""


def carries_marker(step: Step) -> bool:
    """Whether ``step`` writes its marker (a table's roll, and dice typed at the plain
    seat, have no words of their own)."""
    if step.action in ("gm table", "rumour"):
        return False
    if step.action == "gm clock" and step.way != "play":
        return False  # the command line says the clock's own words
    return not (step.way == "plain" and step.action == "dice")


def who_sees(step: Step) -> str:
    """Who may read ``step``'s marker: ``all``, a player's name (theirs and the GM's) or
    ``gm``."""
    if step.action in ("note", "dice", "turn"):
        return "all"
    if step.action == "private note":
        return step.actor
    return "gm"


def may_read(role: str, readers: str) -> bool:
    """Whether ``role`` may read a marker ``readers`` may read."""
    return role == "gm" or readers == "all" or readers == role


@contextlib.contextmanager
def frozen_clock() -> Iterator[None]:
    """Every entry written meanwhile is dated :data:`MOMENT` (the journal's clock reads
    ``datetime.now`` in ``meneur.saves.entry_parts``), and a session's dice have the same
    key (both evenings differ in their secrets alone)."""

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return MOMENT if tz is None else MOMENT.astimezone(tz)

    key = bytes(range(32))  # a session's dice key: the same in both evenings
    with (
        mock.patch("meneur.saves.entry_parts.datetime", Frozen),
        mock.patch("secrets.token_bytes", lambda size: key[:size]),
    ):
        yield


def set_table(directory: Path) -> None:
    """The table before the evening (see the module)."""
    with Campaign.create(directory, system="resolution", name="Le col", language="fr") as gm:
        for ident, name in (("kael", "Kael"), ("mira", "Mira")):
            sheet = {"name": name, "kind": "pc", "sheet": {"elements": {"Épée": 2}}}
            act.set_value(gm, GM_SEAT, ("characters", ident), sheet)
        furnish(gm)
        state = gm.state

    def seat_everyone(document: dict[str, Any]) -> None:
        document["viewers"] = "anyone"
        document["gm"] = {"name": "Camille"}
        document["players"] = {
            "alice": {"name": "Alice", "characters": ["kael"]},
            "bob": {"name": "Bob", "characters": ["mira"]},
        }

    edit_table(directory, state, seat_everyone)


def furnish(gm: Campaign) -> None:
    """The GM's secrets set before the evening (a clock, a table, the secrecy), and a
    session and scene opened."""
    clock = {"name": GM_CLOCK[0], "kind": "clock", "value": 0, "max": 12, "gm": True}
    act.set_value(gm, GM_SEAT, ("trackers", GM_CLOCK[1]), clock)
    rows = list(GM_TABLE[2:])
    gm_table = {"name": GM_TABLE[1], "entries": rows, "gm": True}
    act.set_value(gm, GM_SEAT, ("tables", GM_TABLE[0]), gm_table)
    rumours = {"name": "Rumeurs", "entries": ["On murmure : {traitre}", "Rien de neuf"]}
    act.set_value(gm, GM_SEAT, ("tables", "rumeurs"), rumours)
    act.set_value(gm, GM_SEAT, ("secrecy",), {"yesno": "gm", "tables": "gm_announced"})
    act.mark(gm, GM_SEAT, "session", "La soirée du col")
    act.mark(gm, GM_SEAT, "scene", "Le pont")
    act.note(gm, GM_SEAT, "La pluie tombe sur le col.")


def cli(argv: list[str]) -> tuple[int, str]:
    """The command line run in this process: its exit status and all it printed."""
    from meneur.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as leaving:  # argparse's refusals
            status = leaving.code if isinstance(leaving.code, int) else 2
    return status, out.getvalue() + err.getvalue()


def as_seat(role: str) -> list[str]:
    """The command line's words for a writing command taken from ``role``'s seat."""
    return [] if role == "gm" else ["--as", role]


class Table:
    """The seats at an evening's table, each with the session its app would hold and its
    plain seat's conversation (which says each seat's news as lines)."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.sessions = {role: self._session(role) for role in SEATS}
        self.talks = {role: Conversation(self._session(role)) for role in SEATS}
        for talk in self.talks.values():
            talk.greeting()

    def _session(self, role: str) -> Session:
        """A session of ``role``'s seat, on a campaign of its own (as each front end
        opens it). The GM's dice come from the step's seed (a GM may choose one); a
        player's from the system's, as at a real table (a player chooses no seed in a
        session whose dice are committed): their public rolls take the session's
        committed draws, the same in both evenings, their secret ones fresh dice."""
        seat = SEATS[role]
        campaign = Campaign.open(self.directory)
        campaign.author = None if role == "gm" else seat.name
        rng = random.Random(0) if role == "gm" else random.SystemRandom()
        return Session(campaign, strings("fr"), rng, seat=seat)

    def close(self) -> None:
        for session in self.sessions.values():
            session.campaign.close()
        for talk in self.talks.values():
            talk.session.campaign.close()

    def news(self, played: Played) -> None:
        """What each seat's plain conversation says of others' entries, told to it."""
        for role, talk in self.talks.items():
            played.plain[role].extend(talk.news())

    def take(self, step: Step, number: int, seed: int, played: Played) -> None:
        """Take ``step`` (its dice from ``seed``): what the actor's commands print, and
        what their plain seat answers, are theirs."""
        marker = step.marker(number)
        if step.way in ("cli", "json"):
            json = ["--json"] if step.way == "json" else []
            _, said = cli([*self._command(step, marker, seed), *json])
            played.commands[step.actor].append(said)
            return
        session = self.sessions[step.actor]
        # Each front end keeps up with the others' writes (the app every 0.1 s): the
        # session's next draw is the table's.
        session.campaign.sync()
        self.talks[step.actor].session.campaign.sync()
        if step.actor == "gm":
            session.rng = random.Random(seed)
            self.talks[step.actor].session.rng = random.Random(seed)
        if step.way == "plain":
            typed = {
                "note": f"{marker} traverse le pont",
                "dice": "2d6",
                "blind roll": f"? {marker} tient-il",
                "gm table": GM_TABLE[1],
                "rumour": "Rumeurs",
            }[step.action]
            played.plain[step.actor].extend(self.talks[step.actor].answer(typed).lines)
            return
        self._play(session, step, marker, seed)

    def _play(self, session: Session, step: Step, marker: str, seed: int) -> None:
        """``step`` taken as the app takes it: through its session and ``play.act`` (a
        step whose dice must bring an event takes them from ``seed`` on)."""
        seat, campaign = session.seat, session.campaign
        action = step.action
        if action == "note":
            act.note(campaign, seat, f"{marker} traverse le pont")
        elif action == "private note":
            act.note(campaign, seat, f"{marker} se méfie", secrecy=Secrecy("private", seat.name))
        elif action == "gm note":
            act.note(campaign, seat, f"{marker} : le pont est piégé", secrecy=Secrecy("gm"))
        elif action in ("announced gm roll", "gm roll"):
            record = session.roll(resolution.ResolutionTest(score=3), public=False)
            announced = action == "announced gm roll"
            secrecy = Secrecy("gm", announced=announced)
            act.roll(campaign, seat, record, f"{marker} guette", secrecy=secrecy, chosen_seed=True)
        elif action == "announced gm note":
            act.note(campaign, seat, f"{marker} guette", secrecy=Secrecy("gm", announced=True))
        elif action == "dice":
            session.record(session.roll(DiceInputs("2d6")), f"{marker} lance les dés")
        elif action == "blind roll":
            record = session.roll(oracles.YesNoQuestion(3, f"{marker} tient-il ?"))
            session.record(record, roll_words(record))
        elif action == "blind event":
            question = oracles.YesNoQuestion(3, f"{marker} tient-il ?", EVENT_TENSION)
            dice, session.rng = session.rng, random.Random(event_key(question, seed))
            try:
                record = session.roll(question)  # as the app's oracle panel asks it
                session.event_after(session.record(record, roll_words(record)))
            finally:
                session.rng = dice
        elif action in ("gm table", "rumour"):
            every = session.tables()
            table = tables.find(every, GM_TABLE[1] if action == "gm table" else "Rumeurs")
            assert table is not None, (action, [t.name for t in every])
            session.record(session.roll(tables.TableQuery.of(table, every)), "")
        elif action == "turn":  # each seat's plain conversation says what it owes
            prompt = f"{marker} : fuir ou combattre ?"
            act.open_phase(campaign, seat, prompt, ["fuir", "combattre"], ["kael", "mira"])
        elif action == "gm clock":
            asked = session.roll(oracles.YesNoQuestion(3, f"{marker} : l'embuscade ?"))
            plan = story.move_tracker(
                "embuscade", lambda moved: f"{marker} : l'embuscade", outcome=asked.outcome or ""
            )
            act.roll(campaign, seat, asked, plan, chosen_seed=True)
        else:
            raise AssertionError(action)

    def _command(self, step: Step, marker: str, seed: int) -> list[str]:
        """``step`` as a command line."""
        where, seat = str(self.directory), as_seat(step.actor)
        seeded = ["--seed", str(seed)] if step.actor == "gm" else []
        rolled = ["--campaign", where, *seeded, *seat]
        return {
            "note": ["note", where, f"{marker} traverse le pont", *seat],
            "private note": ["note", where, f"{marker} se méfie", "--visibility", "private", *seat],
            "gm note": ["note", where, f"{marker} : le pont est piégé", "--visibility", "gm"],
            "announced gm roll": [
                "roll", "resolution", "--score", "3", "--label", f"{marker} guette",
                "--visibility", "gm", "--announce", *rolled,
            ],
            "announced gm note": [
                "note", where, f"{marker} guette", "--visibility", "gm", "--announce"
            ],
            "gm roll": [
                "roll", "resolution", "--score", "3", "--label", f"{marker} guette",
                "--visibility", "gm", *rolled,
            ],
            "dice": ["roll", "dice", "2d6", "--label", f"{marker} lance les dés", *rolled],
            "blind roll": [
                "roll", "yesno", "--question", f"{marker} tient-il ?", "--likelihood", "3",
                *rolled,
            ],
            "gm event": [
                "roll", "yesno", "--question", f"{marker} tient-il ?", "--likelihood", "3",
                "--tension", str(EVENT_TENSION), "--visibility", "gm", "--announce",
                "--campaign", where, "--seed",
                str(event_seed(oracles.YesNoQuestion(3, "", EVENT_TENSION), seed)),
            ],
            "gm table": ["roll", "table", "traitre", *rolled],
            "rumour": ["roll", "table", "rumeurs", *rolled],
            "gm clock": ["clock", where, "ask", "Qzembuscade", *seeded],
        }[step.action]  # fmt: skip


def _brings_event(question: oracles.YesNoQuestion, seed: int) -> bool:
    from meneur.core.kinds import roller
    from meneur.core.records import roll_seeded

    return bool(roll_seeded(roller(type(question)), question, seed).event)


def event_seed(question: oracles.YesNoQuestion, seed: int) -> int:
    """The first seed from ``seed`` on whose answer to ``question`` brings an event."""
    return next(s for s in range(seed, seed + 1000) if _brings_event(question, s))


def event_key(question: oracles.YesNoQuestion, seed: int) -> int:
    """The first key from ``seed`` on of a generator whose first seed's answer to
    ``question`` brings an event (a session's secret roll takes its generator's)."""
    return next(
        k
        for k in range(seed, seed + 1000)
        if _brings_event(question, random.Random(k).getrandbits(63))
    )


def twin(steps: list[Step]) -> list[tuple[int, Step]]:
    """The twin evening's steps, each with its number in the first evening (see the
    module): an announced GM roll (or answer bringing an event) becomes an announced GM
    note, a blind answer bringing an event a blind answer bringing none, the GM's
    unannounced entries are left out."""
    kept = []
    for number, step in enumerate(steps):
        if step.action in UNANNOUNCED:
            continue
        if step.action in ("announced gm roll", "gm event"):
            step = replace(step, action="announced gm note")
        if step.action == "blind event":
            step = replace(step, action="blind roll")
        kept.append((number, step))
    return kept


def play_evening(
    directory: Path,
    steps: list[tuple[int, Step]],
    secret_seed: int,
    *,
    table: Path | None = None,
) -> Played:
    """Set the table at ``directory`` (a copy of ``table``, a table :func:`set_table`
    set, when given: setting one writes and syncs a dozen times) and take ``steps``
    (see :func:`play_steps`)."""
    if table is not None:
        shutil.copytree(table, directory)
    else:
        with frozen_clock():
            set_table(directory)
    return play_steps(directory, steps, secret_seed)


def play_steps(directory: Path, steps: list[tuple[int, Step]], secret_seed: int) -> Played:
    """Take ``steps`` (each with its marker's number) at the table at ``directory``;
    secret outcomes are drawn from ``secret_seed``, the others from the step's number."""
    played = Played(directory)
    with frozen_clock():
        table = Table(directory)
        try:
            for number, step in steps:
                seed = number + 1
                if step.action in SECRET_OUTCOMES:
                    seed = secret_seed * 1000 + number
                table.take(step, number, seed, played)
                if carries_marker(step):
                    played.readers[step.marker(number)] = who_sees(step)
                    played.kinds[step.marker(number)] = (
                        f"{step.action} by {step.actor} ({step.way})"
                    )
                table.news(played)
        finally:
            table.close()
    return played
