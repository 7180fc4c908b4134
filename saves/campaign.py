"""An open campaign: its state, its journal, every change saved at once, undo and redo.

Any number of processes share one campaign. Each write takes the campaign's lock for
just that write (see :mod:`.lock`), catches up with what others wrote since it last
looked (new journal entries, a campaign.toml rewritten by another writer or edited by
hand), then, so that a crash at any instant loses nothing acknowledged:

1. appends the journal entry (with the state changes it carries), atomically;
2. rewrites campaign.toml, atomically, with ``journal_applied`` set to that entry.

Only the last entry can be ahead of campaign.toml (nothing is appended until the state
is written), so catching up rolls that one forward if needed. A hand edit of
campaign.toml is journaled as a change made outside meneur (so undo and the history stay
true); an edit that cannot be read is reported and nothing is written over it.

Why it is ~700 lines: the class keeps what every write passes through in one place —
opening, the append that journals an entry with its changes and writes campaign.toml,
a roll's record — and about a hundred lines of re-exports that other modules import from
here. Its parts are mixins beside it: keeping up with other writers
(:mod:`.campaign_sync`), what a write is checked against (:mod:`.campaign_checks`), the
table's turns (:mod:`.campaign_turns`), the history (:mod:`.campaign_history`);
campaign.toml as a file is :mod:`.state_files`, and what an entry carries beside its
words (a roll's data, secrecy, a planned change) :mod:`.entry_parts`.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

from meneur.content.own_files import NotOwnFile, check_own, read_own
from meneur.core.changes import MISSING, Change, ChangeError
from meneur.core.table_rules import GM_SEAT

from .atomic import atomic_write
from .campaign_checks import ChecksMixin
from .campaign_history import HistoryMixin
from .campaign_sync import SyncMixin
from .campaign_turns import TurnsMixin
from .entry_parts import (
    DRAW_KEYS as DRAW_KEYS,
)
from .entry_parts import (
    DRAWN as DRAWN,
)
from .entry_parts import (
    ORACLE_SYSTEMS as ORACLE_SYSTEMS,
)
from .entry_parts import (
    PUBLIC as PUBLIC,
)
from .entry_parts import (
    STATE_FILE as STATE_FILE,
)
from .entry_parts import (  # their first home: other modules import them from here too
    Clock as Clock,
)
from .entry_parts import (
    Plan as Plan,
)
from .entry_parts import (
    Planned as Planned,
)
from .entry_parts import (
    Said as Said,
)
from .entry_parts import (
    Secrecy as Secrecy,
)
from .entry_parts import (
    Update as Update,
)
from .entry_parts import (
    affects_state as affects_state,
)
from .entry_parts import (
    default_author as default_author,
)
from .entry_parts import (
    entry_kind as entry_kind,
)
from .entry_parts import (
    local_now as local_now,
)
from .entry_parts import (
    record_part as record_part,
)
from .entry_parts import (
    replay_roll as replay_roll,
)
from .entry_parts import (
    roll_inputs as roll_inputs,
)
from .entry_parts import (
    roll_to_data as roll_to_data,
)
from .errors import CampaignError, Refusal
from .journal import JOURNAL_DIR, Entry, Journal, chunk_number
from .lock import LOCK_NAME, WAIT_SECONDS, WriterLock
from .schema import MENEUR_VERSION, new_state, validate
from .state_files import (
    BACKUP_DIR as BACKUP_DIR,
)
from .state_files import (
    BACKUPS_KEPT as BACKUPS_KEPT,
)
from .state_files import (
    BOOKKEEPING as BOOKKEEPING,
)
from .state_files import (
    TABLE_FILE as TABLE_FILE,
)
from .state_files import (
    _absorb_into as _absorb_into,
)
from .state_files import (
    _check_with_journal as _check_with_journal,
)
from .state_files import (
    _file_stamp as _file_stamp,
)
from .state_files import (
    _paths as _paths,
)
from .state_files import (
    _read_state as _read_state,
)
from .state_files import (
    _read_state_text as _read_state_text,
)
from .state_files import (
    _remove_leftovers as _remove_leftovers,
)
from .state_files import (
    _same_author as _same_author,
)
from .state_files import (
    _shared_key as _shared_key,
)
from .state_files import (
    _state_text as _state_text,
)
from .state_files import (
    _unmake as _unmake,
)
from .state_files import (
    differences as differences,
)
from .state_files import (
    read_state as read_state,
)
from .state_files import (
    summary as summary,
)

if TYPE_CHECKING:
    pass


class Campaign(SyncMixin, ChecksMixin, TurnsMixin, HistoryMixin):
    """A campaign open for writing (taking the lock for each write) or only for reading.

    Use :meth:`create` or :meth:`open`, :meth:`sync` to follow what other processes
    write, and :meth:`close` (or a ``with`` block).
    """

    def __init__(
        self,
        directory: Path,
        state: dict[str, Any],
        journal: Journal,
        clock: Clock,
        *,
        writer: bool = False,
        author: str | None = None,
    ) -> None:
        self.directory = directory
        self.state = state
        self.journal = journal
        self.clock = clock
        self.writer = writer
        self.seat = GM_SEAT
        """Who writes at the table, and so what they may write (the GM: anything)."""
        self.lock_wait = WAIT_SECONDS
        """How long a write waits for another process's write (an interface, which
        cannot answer while it waits, asks for less)."""
        self.author = author
        """Who this process writes as (entries carry it as ``by``); its undo takes back
        its own changes. None undoes anyone's latest change."""
        self.problem: str | None = None
        """Why campaign.toml cannot be used as it is on disk now (a broken hand edit);
        writes are refused until it is fixed."""
        self._refused: CampaignError | None = None
        self._lock = WriterLock(directory)
        self._depth = 0
        self._stamp = self._state_stamp()
        self._disk_applied = int(state["journal_applied"])
        """The last entry campaign.toml on disk has taken in."""
        self._bad_stamp: tuple[int, int, int] | None = None
        self._unseen = Update()
        """What others wrote that this process caught up with inside its own writes,
        for the next :meth:`sync` to report."""
        self._outside: tuple[Change, ...] = ()
        """A hand edit of campaign.toml not yet journaled: its changes…"""
        self._outside_state: dict[str, Any] = {}
        """…and the state it leads to."""
        self._broken: str | None = None

    # --- Opening ---------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        directory: Path,
        *,
        system: str,
        name: str | None = None,
        options: Mapping[str, object] | None = None,
        clock: Clock = local_now,
    ) -> Campaign:
        """Make a new campaign in ``directory`` (absent or empty) and open it for writing.

        Raises:
            CampaignError: when the directory holds files, or for an unknown system or
                option.
        """
        directory = Path(directory)
        if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
            raise CampaignError(directory, "already exists and is not empty")
        state = new_state(name or directory.name, system, clock())
        if options:
            state["options"].update(options)
        state = validate(state, directory / STATE_FILE)
        made = not directory.exists()
        try:
            directory.mkdir(parents=True, exist_ok=True)
            (directory / JOURNAL_DIR).mkdir(exist_ok=True)
            data = _state_text(state)
            with WriterLock(directory):
                atomic_write(directory / STATE_FILE, data, follow_links=False)
        except OSError as error:
            # Nothing half-made is left to block the next try (a full disk, say).
            _unmake(directory, whole=made)
            where = error.filename or directory
            raise CampaignError(
                where, f"could not be created ({error.strerror or error})"
            ) from None
        campaign = cls(directory, state, Journal(directory), clock, writer=True)
        campaign._keep_copy(data)
        return campaign

    @classmethod
    def open(
        cls,
        directory: Path,
        *,
        write: bool = True,
        clock: Clock = local_now,
        author: str | None = None,
        parallel: bool = False,
        defer_check: bool = False,
    ) -> Campaign:
        """Open a campaign, for writing (the default) or only for reading.

        No lock is held once this returns: each write takes it for itself. A failed
        open never modifies a file. Opening for writing migrates an older schema
        (keeping the original as ``campaign.toml.v<N>.bak``) and rolls forward a journal
        entry campaign.toml had not caught up with.

        The journal's chunks not yet read whole are checked (see :class:`Journal`): with
        ``parallel`` in worker processes (only where the process may fork); a reader that
        reads every chunk itself may ``defer_check`` them.

        Raises:
            CampaignError: naming the file and line or key of the first problem.
            CampaignLocked: when another process kept the campaign busy too long.
        """
        directory = Path(directory)
        path = directory / STATE_FILE
        try:
            if check_own(path) is None:
                what = (
                    "is not a campaign (no campaign.toml)"
                    if directory.is_dir()
                    else "does not exist"
                )
                raise CampaignError(directory, what)
            # Informational only, but never followed or waited on (see lock.py).
            check_own(directory / LOCK_NAME)
        except NotOwnFile as error:
            raise CampaignError(error.filename, error.strerror or "is not a regular file") from None
        except NotADirectoryError:
            raise CampaignError(directory, "is not a directory") from None
        # Everything is read and checked before the lock is taken or a file written, so
        # a campaign that cannot be opened is left exactly as it was.
        journal = {"parallel": parallel, "defer_check": defer_check}
        campaign, original, behind = cls._load(directory, clock, write, journal)
        if not write:
            return campaign
        if original == campaign.state["schema_version"] and not behind:
            with WriterLock(directory):
                _remove_leftovers(directory)  # a killed writer's, never a live one's
            campaign.writer, campaign.author = True, author
            return campaign
        with WriterLock(directory):
            # Read again under the lock: another writer may have written meanwhile.
            campaign, original, behind = cls._load(directory, clock, write, journal)
            _remove_leftovers(directory)
            if original != campaign.state["schema_version"]:
                shutil.copy2(path, directory / f"{STATE_FILE}.v{original}.bak")
                campaign._write_state()
            elif behind:
                campaign._write_state()
        campaign.writer, campaign.author = True, author
        return campaign

    @classmethod
    def _load(
        cls, directory: Path, clock: Clock, write: bool, journal: Mapping[str, bool]
    ) -> tuple[Campaign, int, bool]:
        """Read and check everything, in memory: the campaign (without a lock), its
        original schema version, and whether entries had to be rolled forward. A writer
        also looks for a hand edit made while no meneur was open (a reader takes the
        file as it is)."""
        # The stamp is taken before reading: if a writer replaces the file meanwhile,
        # the next sync sees a newer stamp and reads it again (after, it would not).
        stamp = _file_stamp(directory / STATE_FILE)
        state, original, text = _read_state_text(directory / STATE_FILE)
        campaign = cls(directory, state, Journal(directory, remember=write, **journal), clock)
        _check_with_journal(state, campaign.journal, directory / STATE_FILE)
        if os.path.lexists(directory / TABLE_FILE):
            # Who may join: checked as every other file is (and as ``meneur check`` does).
            from .table_file import read_table

            read_table(directory, state)
        campaign._stamp = stamp
        behind = campaign._catch_up()
        if write and not behind and original == state["schema_version"]:
            campaign._find_hand_edit(text)
        return campaign, original, behind

    def _catch_up(self) -> bool:
        """Apply the changes of entries campaign.toml has not caught up with: the last
        one after a crash, or any that other writers appended between reading
        campaign.toml and reading the journal. Returns whether there were any."""
        applied = self.state["journal_applied"]
        if not self.journal.last_id or self.journal.last_id <= applied:
            return False
        behind = False
        # Chunk by chunk: a campaign.toml far behind its journal (an older meneur's, a
        # writer that died) is caught up holding one chunk at a time, not every entry.
        for entry in self.journal.stream(applied + 1):
            if affects_state(entry):
                self._absorb(entry)
                behind = True
        return behind

    def close(self) -> None:
        """Stop writing: later writes are refused (no lock is held between writes)."""
        self.writer = False

    def __enter__(self) -> Campaign:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    # --- What it holds ---------------------------------------------------------------

    @property
    def name(self) -> str:
        """The campaign's name."""
        return str(self.state["name"])

    @property
    def system(self) -> str:
        """The campaign's rule system."""
        return str(self.state["system"])

    @property
    def writable(self) -> bool:
        """Whether this campaign was opened for writing (and not closed)."""
        return self.writer

    def note_text(self, entry: Entry) -> str:
        """An entry's text as it reads now (a note may have been rewritten since; any
        other entry reads as written, whatever the state file says)."""
        if entry.kind != "note":
            return entry.text
        return str(self.state["note_edits"].get(str(entry.id), entry.text))

    def is_struck(self, entry: Entry) -> bool:
        """Whether a note was struck from the journal (it stays there, marked)."""
        return entry.kind == "note" and str(entry.id) in self.state["struck"]

    def check_edits(self) -> None:
        """Check that every rewritten or struck entry is a note, reading the chunks
        that hold them (``meneur check`` does; an open only checks they exist).

        Raises:
            CampaignError: naming campaign.toml and the key.
        """
        for part in ("note_edits", "struck"):
            for key in self.state[part]:
                kind = self.journal.entry(int(key)).kind
                if kind != "note":
                    raise CampaignError(
                        self.directory / STATE_FILE,
                        f"entry {key} is a {kind}: only a note is rewritten or struck",
                        f"{part}.{key}",
                    )

    def latest(self, count: int) -> list[Entry]:
        """The last ``count`` journal entries, oldest first."""
        return self.journal.latest(count)

    def can_undo(self) -> bool:
        """Whether a state change can be undone."""
        return bool(self.state["history"]["undo"])

    def can_redo(self) -> bool:
        """Whether an undone change can be redone."""
        return bool(self.state["history"]["redo"])

    # --- Writing ---------------------------------------------------------------------

    def append(
        self,
        kind: str,
        text: Said,
        *,
        roll: Mapping[str, Any] | None = None,
        changes: Iterable[Change] = (),
        target: int | None = None,
        character: str | None = None,
        game_time: str | None = None,
        secrecy: Secrecy = PUBLIC,
        touches: Iterable[tuple[str, str]] = (),
    ) -> Entry:
        """Write one journal entry and apply its changes to the state, durably
        (``secrecy``: who may see it, made stricter by what it touches: see
        :class:`Planned`). ``text`` may be a :data:`Plan`, which makes the entry's text
        and changes (besides ``changes``) of the state under the lock.

        The entry is on disk when this returns; its changes are in campaign.toml too.

        Raises:
            CampaignError: when this campaign is not open for writing, campaign.toml
                was changed by hand since it was read, the changes do not fit the
                state, or the plan refused (nothing is written then).
            RulesError: when the plan refused by the rules (nothing is written then).
        """
        with self.writing():
            changes = tuple(changes)
            touches = tuple(touches)
            if not isinstance(text, str):
                planned = text(self.state)
                text, changes = planned.text, (*changes, *planned.changes)
                character = planned.character or character
                touches += planned.touches
                game_time = planned.game_time or game_time
            counted: tuple[Change, ...] = ()
            if roll is not None:
                roll, counted = self._drawn(roll)
            return self._append(
                kind,
                text,
                self._checked((*changes, *counted)),
                roll=roll,
                target=target,
                character=character,
                game_time=game_time,
                secrecy=secrecy,
                touches=touches,
                asked=changes,  # without meneur's count of draws
            )

    def _append(
        self,
        kind: str,
        text: str,
        changes: tuple[Change, ...],
        *,
        roll: Mapping[str, Any] | None = None,
        target: int | None = None,
        character: str | None = None,
        game_time: str | None = None,
        secrecy: Secrecy = PUBLIC,
        touches: tuple[tuple[str, str], ...] = (),
        by: str | Literal["writer"] | None = "writer",
        asked: tuple[Change, ...] | None = None,
        own_rules: bool = False,
    ) -> Entry:
        """Append under the lock, caught up (see :meth:`writing`), as this writer
        (``by``: or as someone else, None for nobody at the table), once the table's
        rules allow this campaign's :attr:`seat` to (every write passes here): the
        seat is checked on what it ``asked`` for (by default all the changes; meneur's
        own bookkeeping, the count of draws, is not the seat's asking), unless the
        write follows rules of its own — a turn's choice, a hand edit (``own_rules``)."""
        if not own_rules:
            rolled = str(roll.get("system")) if roll is not None else None
            asking = changes if asked is None else asked
            self._check_seat(kind, asking, target, character, secrecy, touches, rolled)
        if game_time is None:
            from meneur.core.chronoste import game_now

            game_time = game_now(self.state)  # the Chronoste's time, when it keeps one
        entry = Entry(
            id=self.journal.last_id + 1,
            time=self.clock(),
            kind=kind,
            text=text,
            game_time=game_time,
            character=character,
            target=target,
            roll=roll,
            changes=changes,
            by=self.author if by == "writer" else by,
            visibility=secrecy.visibility,
            player=secrecy.player,
            announced=secrecy.announced,
        )
        # Decided once, when written, and kept: an entry that touches a GM-only item,
        # or acts on a secret entry, is as secret as they are, even once the item is
        # gone or no longer secret (an undo must not make the past public). Imported
        # here: opening a campaign to show it (the app's first frame) does not need it.
        from .secrecy import gm_keys, secrecy_of

        secret = gm_keys(self.state)
        found = secrecy_of(entry, self.journal, secret)
        if any(touched in secret for touched in touches):
            found = dataclasses.replace(found, visibility="gm")
        if (
            found.visibility == "gm"
            and self.seat.role != "gm"
            and not own_rules
            and not self._blind(entry, secret, touches)
        ):
            # A player's entry the player could not see: it touches what is the GM's.
            raise Refusal(self.directory, "that is the GM's", "refused.gm_secret")
        if found.visibility != entry.visibility:
            entry = dataclasses.replace(
                entry,
                visibility=found.visibility,
                player=entry.player or found.player,
                announced=entry.announced or found.announced,
            )
        try:
            self.journal.append(entry)
        except OSError as error:
            raise CampaignError(
                self.journal.chunk_path(chunk_number(entry.id)),
                f"could not be written ({error.strerror or error}); nothing was saved",
            ) from error
        if affects_state(entry):
            self._absorb(entry)
            self._write_state()
        return entry

    def record_roll(
        self,
        record: Any,
        text: Said,
        *,
        changes: Iterable[Change] = (),
        character: str | None = None,
        game_time: str | None = None,
        physical: bool = False,
        secrecy: Secrecy = PUBLIC,
        chosen_seed: bool = False,
    ) -> Entry:
        """Journal a roll (its full record) and the state changes it caused;
        ``physical`` marks faces typed from real dice; ``chosen_seed`` a seed given
        (``--seed``), which the entry says; ``secrecy``: who may see it. A roll by a
        character the GM asked a roll of answers that request. ``text`` may be a
        :data:`Plan` (its changes made under the lock, see :meth:`append`). A live roll
        on the session's next draw is marked so (:meth:`next_draw`)."""
        kind = entry_kind(record)
        data = roll_to_data(record, physical=physical)
        if chosen_seed and not physical:
            data["chosen_seed"] = True
        with self.writing():
            changes = tuple(changes)
            if kind == "roll" and character is not None:
                changes += self._answers(character)
            return self.append(
                kind,
                text,
                roll=data,
                changes=changes,
                character=character,
                game_time=game_time,
                secrecy=secrecy,
            )

    # --- The Chronoste: the in-game calendar and clock -----------------------------------

    # --- Solo play (meneur.core.solo) ------------------------------------------------

    def note(self, text: str, *, game_time: str | None = None, secrecy: Secrecy = PUBLIC) -> Entry:
        """Journal a note (``secrecy``: who may see it)."""
        return self.append("note", text, game_time=game_time, secrecy=secrecy)

    # --- Turns of secret choices (meneur.core.phases) ---------------------------------

    def mark(self, kind: str, title: str, *, game_time: str | None = None) -> Entry:
        """Start a new session or scene (``kind`` is ``"session"`` or ``"scene"``).

        Raises:
            CampaignError: for another kind.
        """
        if kind not in ("session", "scene"):
            raise CampaignError(self.directory, f"a marker is a session or a scene, not {kind!r}")
        if kind == "scene":
            return self.append(kind, title, game_time=game_time)
        import secrets

        from meneur.core import fair_dice

        with self.writing():
            # The session's dice are committed now (meneur.core.fair_dice): the hash of
            # a new key is published, and the key of the session before revealed.
            key = secrets.token_bytes(fair_dice.KEY_BYTES)
            before = self.state.get("dice", MISSING)
            old = before if isinstance(before, Mapping) else {}
            revealed = dict(old.get("revealed", {}))
            if "key" in old:
                revealed[old["commitment"]] = old["key"]
            dice = {
                "commitment": fair_dice.commitment(key),
                "key": key.hex(),
                "drawn": 0,
                "revealed": revealed,
            }
            # The entry carries the key in its change, for undo; no view but the GM's
            # receives a change of the dice (meneur.play.views).
            return self.append(
                kind, title, game_time=game_time, changes=(Change(("dice",), before, dice),)
            )

    # --- Internals -------------------------------------------------------------------

    def _absorb(self, entry: Entry) -> None:
        """Apply an entry's changes and its effect on the undo history to the state."""
        try:
            _absorb_into(self.state, entry, self.journal)
        except ChangeError as error:
            raise CampaignError(
                self.directory / STATE_FILE,
                f"journal entry {entry.id} changes {error}: fix campaign.toml or that entry",
            ) from error

    def _state_stamp(self) -> tuple[int, int, int] | None:
        return _file_stamp(self.directory / STATE_FILE)

    def _write_state(self) -> None:
        path = self.directory / STATE_FILE
        try:
            self.state["written_by"] = f"meneur {MENEUR_VERSION}"
            data = _state_text(self.state)
            atomic_write(path, data, follow_links=False)
            self._disk_applied = int(self.state["journal_applied"])
        except OSError as error:
            self._broken = (
                f"campaign.toml could not be written ({error.strerror}); the journal holds "
                "every change and the next open will apply it"
            )
            raise CampaignError(path, self._broken) from error
        self._stamp = self._state_stamp()
        self._keep_copy(data)

    def _backups(self) -> list[Path]:
        """The backups of campaign.toml, oldest first."""
        return sorted((self.directory / BACKUP_DIR).glob("campaign.*.toml"))

    def _keep_copy(self, data: bytes) -> None:
        """Keep what was just written as the newest of the last ten backups: it is also
        what campaign.toml is compared with at the next open, to find a hand edit made
        while no meneur was looking. A copy, not a link: an editor that writes in place
        would change both. Best effort: the state itself is already safe."""
        backups = self.directory / BACKUP_DIR
        with contextlib.suppress(OSError):
            backups.mkdir(exist_ok=True)
            if not stat.S_ISDIR(os.lstat(backups).st_mode):
                return  # a link or a file in its place: never written through
            existing = self._backups()
            numbers = [
                int(p.name.split(".")[1])
                for p in existing
                if p.name.split(".")[1].isascii() and p.name.split(".")[1].isdigit()
            ]
            target = backups / f"campaign.{(max(numbers) + 1 if numbers else 1):06d}.toml"
            atomic_write(target, data, follow_links=False)
            for old in self._backups()[:-BACKUPS_KEPT]:
                old.unlink()

    def _find_hand_edit(self, text: str) -> None:
        """Compare campaign.toml as read (``text``) with the copy meneur kept of what it
        last wrote; a difference is a hand edit made while no meneur had the campaign
        open, journaled at the first write like any other."""
        backups = self._backups()
        if not backups or self._disk_applied != self.state["journal_applied"]:
            return
        try:
            written = read_own(backups[-1]).decode("utf-8")
            if written == text:
                return
            base, _ = _read_state(backups[-1])
        except (OSError, UnicodeDecodeError, CampaignError):
            return
        if base["journal_applied"] != self._disk_applied:
            return  # an older meneur kept the version before the last write instead
        found = differences(base, self.state)
        if found:
            self._outside, self._outside_state = found, self.state
            self.state = {**base, "history": self.state["history"]}
