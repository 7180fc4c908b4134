"""What the app plays with: the open campaign, the dice and the interface's language.

Widgets never draw dice themselves: they ask the session, which gives every roll a
fresh seed from one generator (seeded in tests, from entropy otherwise), so each journal
entry replays from its own seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.content.strings import Strings
from meneur.core.changes import Change
from meneur.core.kinds import resolver, roller
from meneur.core.records import roll_seeded
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import PUBLIC, Clock, Said, Secrecy, Worded, local_now
from meneur.saves.errors import CampaignError
from meneur.saves.journal import Entry
from meneur.saves.state import Options
from meneur.saves.state import options as campaign_options

# meneur.play.act (every action's module, and what they import) is imported where an
# entry is written: the app's first frame writes none, and its start-up is the faster.

if TYPE_CHECKING:
    from meneur.core.tables import RandomTable
    from meneur.play.door import Door
    from meneur.play.presence import Presence
    from meneur.play.rolling import Rolled, TestAsked


def sample_character(words: Strings) -> dict[str, Any]:
    """The character a first campaign starts with (from Résoudre une action's example),
    its sheet written in the reader's language: what a player types there is theirs."""
    t = words.t
    elements = {
        t("app.sample_martial_arts"): 3,
        t("app.sample_muscles"): 2,
        t("app.sample_samurai"): 2,
    }
    return {
        "name": "Razors",
        "kind": "pc",
        "notes": t("app.sample_notes"),
        "sheet": {"elements": elements},
    }


DEFAULT_SYSTEM = "resolution"
"""The system of a campaign nothing else chose one for: the first run's, an imported
log's that names none meneur knows."""


def create_default(
    directory: Path, words: Strings, clock: Clock = local_now, *, author: str | None = None
) -> Campaign:
    """The first run's campaign: Résoudre une action, with Razors, in the reader's
    language (``words``; ``author``: who the GM writing from this process is)."""
    from . import act

    campaign = Campaign.create(
        directory,
        system=DEFAULT_SYSTEM,
        name=words.t("app.default_campaign"),
        clock=clock,
        author=author,
    )
    act.set_value(
        campaign,
        GM_SEAT,
        ("characters", "razors"),
        sample_character(words),
        Worded("app.joined", {"name": "Razors"}),
    )
    return campaign


LOCK_WAIT = 0.5
"""Seconds the app waits for another process's write before saying who holds the
campaign (nothing written): it cannot draw while it waits. Another process holds the
lock for one write, milliseconds (8 CLI writers in parallel: see
benchmarks/live_campaign.py), so this is met only when a writer is stuck, where waiting
longer would not help."""


SECRECY_MODES = (PUBLIC, Secrecy("gm"), Secrecy("gm", announced=True))
"""The GM's modes, in the order its key goes through them."""


def secrecy_modes(seat: Seat) -> tuple[Secrecy, ...]:
    """The modes ``seat``'s key goes through: the GM's, or a player's (public, or
    private: theirs and the GM's)."""
    if seat.role == "player":
        return (PUBLIC, Secrecy("private", player=seat.name))
    return SECRECY_MODES


class Session:
    """The open campaign, the dice, the strings.

    Attributes:
        campaign: the campaign, open for writing.
        strings: the interface's strings.
        rng: the generator every roll's seed comes from.
        seat: who plays at this screen (the GM, unless the table is served to a player).
        presence: who is connected, when the table is served (``meneur serve``).
        remote: whether this screen is a connection's, not the server's own terminal:
            it then never reads or writes the server's files beyond the campaign.
    """

    def __init__(
        self,
        campaign: Campaign,
        strings: Strings,
        rng: random.Random,
        *,
        seat: Seat = GM_SEAT,
        presence: Presence | None = None,
        remote: bool = False,
    ) -> None:
        self.seat = seat
        self.presence = presence
        self.remote = remote
        self.served: list[str] = []
        """At a served table, the GM's own screen: where players connect and the host
        key's fingerprint, said when the table opens."""
        self.door: Door | None = None
        """At a served table, the GM's own screen: who waits to be let in."""
        self._campaign = campaign
        self._seat_campaign(campaign)
        self.strings = strings
        self.rng = rng
        self.chosen = not isinstance(rng, random.SystemRandom)
        """Whether the dice come from a seed the user chose (``--seed``: tests,
        reproducible solo play), which every roll's entry then says."""
        self.secrecy: Secrecy = PUBLIC
        self.last_written: Entry | None = None
        self.held: Entry | None = None
        """The roll this screen wrote last whose changes were held back, if it was
        (:meth:`seen_by`)."""
        """The last roll this screen journaled (its result is shown after it)."""
        """Who may see what this table writes next (the GM's app: public, or secret)."""

    def _seat_campaign(self, campaign: Campaign) -> None:
        """The campaign as this screen plays it: what it writes is this seat's (decided
        by the seat it passes to :mod:`meneur.play.act`, never by the campaign)."""
        campaign.lock_wait = LOCK_WAIT

    def reseat(self, seat: Seat) -> None:
        """Play as ``seat`` from now on: the same person, other characters (the GM gave
        or took some back)."""
        if (seat.role, seat.name) != (self.seat.role, self.seat.name):
            raise ValueError("a screen changes characters, never who plays at it")
        self.seat = seat

    @property
    def campaign(self) -> Campaign:
        """The open campaign."""
        return self._campaign

    @campaign.setter
    def campaign(self, campaign: Campaign) -> None:
        self._seat_campaign(campaign)
        self._campaign = campaign

    def t(self, key: str, **values: object) -> str:
        """An interface string."""
        return self.strings.t(key, **values)

    def roll(self, inputs: Any, *, public: bool = True) -> Any:
        """Roll ``inputs`` on a fresh seed (see :meth:`next_seed`); the record carries
        it."""
        record = roll_seeded(roller(type(inputs)), inputs, self.next_seed(public=public))
        if public and self.secrecy_for(record.system) != PUBLIC and record.seed is not None:
            # Its kind is secret by default: off the public draws (nothing shown yet).
            record = roll_seeded(roller(type(inputs)), inputs, self.next_seed(public=False))
        return record

    def next_seed(
        self, *, public: bool = True, system: str | None = None, mode: bool = True
    ) -> int:
        """The next live roll's seed: the session's next draw when its dice are
        committed and the roll is public (meneur.core.fair_dice; not ``public``: it
        touches a GM's secret; ``system``: its kind, which may be secret by default;
        ``mode``: whether the screen's secret mode makes it secret too), else one from
        the generator (the OS's, or the chosen seed's)."""
        if system is not None and self.secrecy_for(system) != PUBLIC:
            public = False
        if mode and self.secrecy.visibility != "public":
            public = False
        if public and not self.chosen:
            from . import act

            drawn = act.next_draw(self.campaign)
            if drawn is not None:
                return drawn
        return self.rng.getrandbits(63)

    def named_keys(self, sheet: dict[str, Any]) -> list[str]:
        """The keys of a sheet's tables of names (elements, skills, traits…), whose names
        the command line offers to complete; none for a sheet that does not lay out."""
        from meneur.core.errors import RulesError
        from meneur.core.sheets import Kind, layout

        try:
            sections = layout(self.campaign.system, self.campaign.state["options"], sheet)
        except RulesError:
            return []
        return [f.key for section in sections for f in section.fields if f.kind is Kind.NAMED]

    def read_faces(self, inputs: Any, faces: tuple[int, ...]) -> Any:
        """Read the faces of physical dice as ``inputs``' outcome.

        Raises:
            RulesError: when the faces do not fit the test.
        """
        return resolver(type(inputs))(inputs, faces)

    def ask_clock(self, ident: str, likelihood: int) -> Entry:
        """Ask the yes/no oracle whether clock ``ident`` advances at ``likelihood`` (1 …)
        and move it from where it is when written (another seat may have moved it): a
        "yes, but" fills a segment, a "yes, and" two; the answer and the clock's change
        one entry.

        The ask is as secret as the clock, not as the table's default for yes/no
        answers nor the screen's mode (ctrl+b): its answer moves a clock the table reads,
        so a secret answer would tell it all the same (and, held back, would move
        nothing while its entry said it moved). A GM clock's ask is off the session's
        public draws and the GM's (it touches the clock).
        """
        from meneur.core import oracles

        from . import act
        from .story import move_tracker, moved_words

        tracker = self.campaign.state["trackers"][ident]
        question = self.t("story.advances", name=str(tracker.get("name", ident)))
        inputs = oracles.YesNoQuestion(likelihood, question)
        # A public clock's ask takes the session's next draw whatever the screen's mode
        # (it is written public: every public live roll is a draw).
        seed = self.next_seed(public=not tracker.get("gm"), mode=False)
        record = roll_seeded(roller(type(inputs)), inputs, seed)
        plan = move_tracker(
            ident, lambda moved: moved_words(moved, asked=True), outcome=record.outcome or ""
        )
        self.last_written = act.roll(
            self.campaign, self.seat, record, plan, chosen_seed=self.chosen
        )
        return self.last_written

    def record(
        self,
        record: Any,
        text: Said,
        *,
        changes: Iterable[Change] = (),
        character: str | None = None,
        physical: bool = False,
    ) -> Entry:
        """Journal a roll and its consequences (saved at once), as secret as the
        table's mode says (:attr:`secrecy`); ``text`` may be a plan that makes the
        consequences of the state under the lock (see Campaign.append)."""
        from meneur.saves.entry_parts import entry_kind

        from . import act
        from .act.writing import held

        changes = tuple(changes)
        # A character's creation takes the screen's mode alone, not the default its
        # system's tests have: made in secret, it is refused (the table reads the
        # characters), and a table keeping its tests secret still makes characters.
        creation = entry_kind(record) == "creation"
        secrecy = self.secrecy if creation else self.secrecy_for(record.system)
        self.last_written = act.roll(
            self.campaign,
            self.seat,
            record,
            text,
            changes=changes,
            character=character,
            physical=physical,
            secrecy=secrecy,
            chosen_seed=self.chosen,
        )
        self.held = self.last_written if held(changes, self.last_written) else None
        return self.last_written

    def event_after(self, answer: Entry) -> tuple[Any, Entry] | None:
        """Roll and journal the random event the yes/no ``answer`` (this seat's, just
        written) brought: a roll on the ``event`` table (the campaign's own, else the
        shipped one), exactly as secret as the answer (:func:`meneur.play.act.event`),
        on dice off the session's public draws when the answer is secret (a draw taken
        would shift the public rolls that follow). Its record and entry; None when the
        answer brought none or there is no such table.

        Raises:
            CampaignError: when the table refuses it (nothing written).
        """
        from meneur.core import tables

        from . import act

        if answer.roll is None or not answer.roll.get("event"):
            return None
        every = self.tables()
        table = tables.find(every, "event")
        if table is None:
            return None
        public = answer.visibility == "public"
        query = tables.TableQuery.of(table, every)
        record = roll_seeded(roller(type(query)), query, self.next_seed(public=public))
        self.last_written = act.event(self.campaign, self.seat, answer, record)
        return record, self.last_written

    def roll_test(self, asked: TestAsked) -> Rolled:
        """Roll and journal a system's test as this seat, as every door rolls one
        (:func:`meneur.play.rolling.roll_test`), on this session's dice."""
        from .rolling import roll_test

        def dice() -> int:
            return self.rng.getrandbits(63)

        if self.chosen:
            rolled = roll_test(self.campaign, self.seat, asked, chosen_dice=dice)
        else:
            rolled = roll_test(self.campaign, self.seat, asked, fresh=dice)
        self.last_written = rolled.entry
        self.held = rolled.entry if rolled.held else None
        return rolled

    def secrecy_for(self, system: str) -> Secrecy:
        """Who sees a roll of ``system`` this screen writes: its mode when chosen
        (ctrl+b), else the campaign's default for that kind of roll; a player's roll of
        a kind the GM keeps is blind whatever their mode
        (:func:`meneur.play.secrecy.roll_secrecy`, as at every door)."""
        from meneur.play.secrecy import roll_secrecy

        mode = self.secrecy
        asked = None if mode == PUBLIC else mode.visibility
        chosen = roll_secrecy(self.campaign.state, system, self.seat, asked, mode.announced)
        # A public roll of this screen's is written as public as its notes are.
        return PUBLIC if chosen.visibility == "public" else chosen

    def seen_by(self, entry: Entry) -> str:
        """Who sees ``entry``, in words, for the one who wrote it (every roll says it,
        not a colour): everyone; you and the GM; the GM alone, told or not to the
        others; and, for the roll just written, when what it changes waits for the GM
        (kept from someone: :func:`meneur.play.act.writing.held_back`)."""
        seen = self._seen_by(entry)
        if entry is self.held and not self.blind(entry):
            return self.t("seen.held", seen=seen)
        return seen

    def _seen_by(self, entry: Entry) -> str:
        if entry.visibility == "public":
            return self.t("seen.everyone")
        if entry.visibility == "private":
            if self.seat.role == "gm":
                from meneur.play.reading import player_name

                return self.t(
                    "seen.private_gm", player=player_name(self.campaign, entry.player or "")
                )
            return self.t("seen.private")
        if self.blind(entry):
            return self.t("seen.blind")
        return self.t("seen.gm_announced" if entry.announced else "seen.gm")

    @property
    def options(self) -> Options:
        """The campaign's optional rules, typed (``[options]``)."""
        return campaign_options(self.campaign.state)

    def blind(self, entry: Entry) -> bool:
        """Whether ``entry``, which this seat wrote, is kept from it (a blind roll: the
        GM alone sees the result): its screen then says so instead of the result."""
        from meneur.core.visibility import Shown, shown

        how = shown(self.seat.viewer, entry.visibility, entry.player, entry.announced)
        return how is not Shown.WHOLE

    def seed_shown(self, entry: Entry) -> bool:
        """Whether this seat may see the seed of its own roll ``entry`` now: not a
        player's, on a draw of the session under way (it would help work out the rolls
        to come; meneur.core.fair_dice)."""
        from meneur.saves.secrecy import sealed_commitment

        roll = entry.roll or {}
        sealed = sealed_commitment(self.campaign.state)
        return self.seat.role == "gm" or "draw" not in roll or roll.get("commitment") != sealed

    def note(self, text: str) -> Entry:
        """Journal a note (saved at once), as secret as the table's mode says."""
        from . import act

        return act.note(self.campaign, self.seat, text, secrecy=self.secrecy)

    def next_secrecy(self) -> Secrecy:
        """Go to the next secrecy mode: for the GM public, GM only (a blind roll), GM
        only but announced, then public again; for a player public or private."""
        modes = secrecy_modes(self.seat)
        position = modes.index(self.secrecy) if self.secrecy in modes else 0
        self.secrecy = modes[(position + 1) % len(modes)]
        return self.secrecy

    def step_history(self, verb: str) -> tuple[Entry, str]:
        """Undo (``verb`` "undo") or redo the campaign's last change: the journal entry
        written, and the notice that says what was undone or redone.

        Raises:
            CampaignError: when there is nothing to undo or redo, or it cannot be written.
        """
        from . import act

        campaign = self.campaign
        entry = act.undo(campaign, self.seat) if verb == "undo" else act.redo(campaign, self.seat)
        return entry, self.taken_back(entry)

    def undo_entry(self, entry_id: int) -> tuple[Entry, str]:
        """Undo entry ``entry_id`` (u on the journal: a GM anyone's, a player their
        own): the entry written and the notice saying what was undone.

        Raises:
            CampaignError: when it may not or cannot be undone (a refusal in words).
        """
        from . import act

        entry = act.undo(self.campaign, self.seat, entry_id)
        return entry, self.taken_back(entry)

    def taken_back(self, entry: Entry) -> str:
        """What an undo or redo entry took back, said as the journal says it: in words,
        never a key or an entry's number."""
        from meneur.play.reading import read_entry

        what = entry.text.split(" : ", 1)[-1]
        if entry.target is not None:
            try:
                target = self.campaign.journal.entry(entry.target)
                what = read_entry(target, self.campaign, self.strings.t).text
            except KeyError:
                pass
        key = "app.undone" if entry.kind == "undo" else "app.redone"
        return self.t(key, text=what)

    def characters(self) -> dict[str, Any]:
        """The campaign's characters, by id."""
        characters: dict[str, Any] = self.campaign.state["characters"]
        return characters

    def sheet(self, character: str | None) -> dict[str, Any]:
        """A character's sheet ({} for nobody)."""
        if character is None:
            return {}
        sheet: dict[str, Any] = self.characters().get(character, {}).get("sheet", {})
        return sheet

    def sheet_content(self) -> object:
        """The campaign's own rule data its sheets read besides the sheet (Great Cosmos:
        its gene tree), or None (:meth:`meneur.play.rooms.PlayRoom.sheet_content`)."""
        from meneur.core.systems import system

        from .rooms import play_room

        return play_room(system(self.campaign.system)).sheet_content(self.campaign.directory)

    def tables(self) -> tuple[RandomTable, ...]:
        """The random tables this seat may roll on (:func:`meneur.play.tables.tables_for`)."""
        from meneur.play.tables import tables_for

        return tables_for(self.seat, self.campaign.state, self.strings.lang)


class SessionStrings:
    """Mixed into the app, screens and panels that hold the session: ``self.t``."""

    session: Session

    def t(self, key: str, **values: object) -> str:
        """An interface string."""
        return self.session.t(key, **values)

    def w(self, key: str, **values: str | int | float | bool | Worded) -> Worded:
        """An entry's words as meneur writes them (:class:`Worded`): interface string
        ``key`` and its values, said in each reader's language when read."""
        return Worded(key, values)

    def term(self, key: str) -> str:
        """A rule term in the interface's language (French alone; in English, the
        English word and the French name beside it)."""
        return self.session.strings.term(key)

    def explain(self, error: Exception) -> str:
        """An error in the interface's language where its strings can say it (for a
        connection's screen, without where the campaign lies on the server's disk)."""
        text = self.session.strings.explain(error)
        if self.session.remote:
            directory = self.session.campaign.directory
            text = text.replace(str(directory), directory.name)
        return text

    def why_refused(self, error: CampaignError) -> str:
        """Why a write was refused, without a file's name: a refusal by the table's
        rules in the reader's language, any other the campaign's own reason."""
        if getattr(error, "message_key", None):
            return self.session.strings.explain(error)
        return error.reason
