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

Why it is long (~1,550 lines): the one transaction every write passes (catching up, the
seat's check, secrecy by what an entry touches, the session's draws, the atomic writes)
lives here with the history it keeps, and it still holds game features that belong in
:mod:`meneur.play` — roll requests, turns of secret choices, the session's dice
commitment — which are leaving it one by one (the tension and the Chronoste have). What
an entry carries beside its words (a roll's data, secrecy, a planned change) lives in
:mod:`.entry_parts`.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import os
import shutil
import stat
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

from meneur.content.own_files import NotOwnFile, check_own, read_own
from meneur.core import changes as state_changes
from meneur.core.changes import MISSING, Change, ChangeError
from meneur.core.errors import RulesError
from meneur.core.table_rules import GM_SEAT, Refused, check_entry, check_undo

from .atomic import atomic_write, remove_leftovers
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
from .errors import CampaignError, Refusal, UndoConflict
from .journal import JOURNAL_DIR, Entry, Journal, check_text, chunk_number, parse_toml
from .lock import LOCK_NAME, WAIT_SECONDS, WriterLock
from .schema import HISTORY_LIMIT, MENEUR_VERSION, migrate, new_state, validate
from .state import dice as committed_dice
from .stored_words import OUTSIDE_TEXT, set_text

if TYPE_CHECKING:
    from meneur.core.phases import Phase

TABLE_FILE = "table.toml"
"""Who may join the shared table (see :mod:`.table_file`)."""
BACKUP_DIR = "backups"
BACKUPS_KEPT = 10
"""How many earlier versions of campaign.toml are kept in backups/."""
BOOKKEEPING = frozenset({"journal_applied", "written_by", "history"})
"""campaign.toml keys meneur keeps for itself: not the players' state, never journaled as
an outside edit."""


class Campaign:
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
        for entry in self.journal.since(applied):
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

    def reload(self) -> bool:
        """Catch up with campaign.toml and the journal; return whether anything changed.

        Raises:
            CampaignError: when campaign.toml cannot be read as it is now (the state in
                memory is then kept, and writes are refused until it is fixed).
        """
        update = self.sync()
        if update.problem:
            raise CampaignError(self.directory / STATE_FILE, update.problem)
        return bool(update)

    def refresh(self) -> list[Entry]:
        """Entries written by other processes since, with their state changes."""
        return self.sync().entries

    def sync(self, *, wait: float = 0.2) -> Update:
        """Catch up with what other processes wrote: new journal entries (only their
        bytes are read) and campaign.toml when it changed (a stat otherwise).

        A valid hand edit of campaign.toml is taken in; a campaign open for writing
        journals it as a change made outside meneur (waiting up to ``wait`` seconds
        for the lock, else at the next sync or write). A hand edit that cannot be read
        leaves the state as it was and is said in :attr:`Update.problem`.

        Raises:
            CampaignError: when a journal chunk became unreadable.
        """
        update = self._catch_up_with_others()
        unseen, self._unseen = self._unseen, Update()
        update.entries[:0] = unseen.entries
        update.state_changed |= unseen.state_changed
        if update.problem or not self._outside:
            return update
        if self.writer and self._depth == 0:
            try:
                with self.writing(wait=wait):
                    pass  # taking the lock journals the outside edit
            except CampaignError:
                pass  # busy: the next sync or write journals it
            return update
        if not self.writer:
            self.state = self._outside_state
            self._outside = ()
        return update

    def _catch_up_with_others(self) -> Update:
        """Read new entries and a changed campaign.toml; note an outside edit in
        ``_outside`` (its changes) and ``_outside_state`` (the state it leads to)."""
        update = Update(problem=self.problem, error=self._refused)
        new = self.journal.poll()
        self._absorb_new(new, update)
        stamp = self._state_stamp()
        if stamp == self._stamp or stamp == self._bad_stamp:
            return update
        path = self.directory / STATE_FILE
        try:
            on_disk, _ = _read_state(path)
        except CampaignError as error:
            return self._refuse_state(error, stamp, update)
        if on_disk["journal_applied"] > self.journal.last_id:
            # Its writer appended before it wrote the state: the entry is there now.
            self._absorb_new(self.journal.poll(), update)
        try:
            _check_with_journal(on_disk, self.journal, path)
        except CampaignError as error:
            return self._refuse_state(error, stamp, update)
        if self.problem:
            update.state_changed = True  # what was refused is readable again
        self.problem = update.problem = None
        self._refused = update.error = None
        self._bad_stamp = None
        applied_on_disk = int(on_disk["journal_applied"])
        # Bring the file up to the journal's end, as a writer will, and compare.
        for entry in self.journal.since(on_disk["journal_applied"]):
            if affects_state(entry):
                try:
                    _absorb_into(on_disk, entry, self.journal)
                except ChangeError:
                    break  # the hand edit undid what the entry changed: said as a difference
        self._stamp = stamp
        self._disk_applied = applied_on_disk
        found = differences(self.state, on_disk)
        self._outside = found
        self._outside_state = on_disk
        if found:
            update.state_changed = True
        return update

    def _refuse_state(
        self, error: CampaignError, stamp: tuple[int, int, int] | None, update: Update
    ) -> Update:
        """campaign.toml as it is now cannot be taken in: keep the last good state, say
        why, and write nothing until it changes again."""
        self.problem = update.problem = (
            f"{error}; the campaign goes on as it was before, and nothing is written"
            " until it is fixed"
        )
        self._refused = update.error = error
        self._bad_stamp = stamp
        return update

    def _absorb_new(self, new: list[Entry], update: Update) -> None:
        update.entries += new
        for entry in new:
            if entry.id > self.state["journal_applied"] and affects_state(entry):
                self._absorb(entry)
                update.state_changed = True

    @contextmanager
    def writing(self, wait: float | None = None) -> Iterator[None]:
        """Hold the lock for one write, caught up with every other writer first,
        waiting for it up to ``wait`` seconds (by default :attr:`lock_wait`).

        Nested uses share the outer one's lock.

        Raises:
            CampaignError: when this campaign is not open for writing, campaign.toml
                cannot be read as it is now, or the lock stayed busy ``wait`` seconds.
        """
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        if not self.writer:
            raise CampaignError(self.directory, "is open for reading only")
        if self._broken:
            raise CampaignError(self.directory, self._broken)
        try:
            self._lock.acquire(self.lock_wait if wait is None else wait)
        except OSError as error:
            raise CampaignError(
                self.directory, f"cannot be locked for writing ({error.strerror or error})"
            ) from error
        self._depth = 1
        try:
            update = self._catch_up_with_others()
            self._unseen.entries += update.entries
            self._unseen.state_changed |= update.state_changed
            if update.problem:
                raise CampaignError(self.directory / STATE_FILE, update.problem)
            if self._disk_applied < self.state["journal_applied"]:
                self._write_state()  # a writer died between its entry and the state
            if self._outside:
                outside, self._outside = self._outside, ()
                # Credited to nobody at the table (no seat made it, so no seat's rules
                # apply and no player's undo takes it back: the GM's does).
                self._unseen.entries.append(
                    self._append(
                        "change",
                        f"{OUTSIDE_TEXT} : {', '.join(c.key for c in outside)}",
                        outside,
                        by=None,
                        own_rules=True,
                    )
                )
                self._unseen.state_changed = True
            yield
        finally:
            self._depth = 0
            self._lock.release()

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

    def _check_seat(
        self,
        kind: str,
        changes: tuple[Change, ...],
        target: int | None,
        character: str | None,
        secrecy: Secrecy,
        touches: tuple[tuple[str, str], ...] = (),
        rolled: str | None = None,
    ) -> None:
        """Refuse what this campaign's :attr:`seat` may not write (the GM may write
        anything): see :mod:`meneur.core.table_rules`. ``rolled``: the system of the
        roll the entry records, if any.

        Raises:
            Refusal: saying who may, in words a player reads in their language.
        """
        if self.seat.role == "gm":
            return
        try:
            if target is not None:  # an undo, a redo, a note edited or struck: whose?
                try:
                    author = self.journal.entry(target).by
                except KeyError:
                    author = None
                check_undo(self.seat, author)
            else:
                check_entry(
                    self.seat,
                    kind=kind,
                    character=character,
                    visibility=secrecy.visibility,
                    player=secrecy.player,
                    changed=[change.path for change in changes],
                    touched=touches,
                    rolled=rolled,
                    blind=self._blind_kinds(),
                )
        except Refused as error:
            raise Refusal(
                self.directory, f"refused: {error}", error.message_key, **error.values
            ) from error

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

    def _blind(
        self, entry: Entry, secret: set[tuple[str, str]], touches: Iterable[tuple[str, str]]
    ) -> bool:
        """Whether ``entry`` is this player's blind roll (the table's rule:
        :func:`meneur.core.table_rules.is_blind_roll`), secret for that alone: it rolls
        on nothing of the GM's and acts on no secret entry."""
        from meneur.core.table_rules import is_blind_roll

        from .secrecy import secrecy_of

        roll = entry.roll
        if roll is None or entry.visibility != "gm":
            return False
        if not is_blind_roll(
            self.seat,
            rolled=str(roll.get("system")),
            blind=self._blind_kinds(),
            player=entry.player,
            changed=[change.path for change in entry.changes],
            touched=list(touches),
        ):
            return False
        plain = dataclasses.replace(entry, visibility="public", player=None, announced=False)
        return secrecy_of(plain, self.journal, secret).visibility == "public"

    def _blind_kinds(self) -> frozenset[str]:
        """The kinds of roll the GM keeps to themself (``[secrecy]``): a player's are
        blind rolls."""
        from .state import secrecy as kept

        return frozenset(k for k, v in kept(self.state).items() if v in ("gm", "gm_announced"))

    def _checked(self, changes: tuple[Change, ...]) -> tuple[Change, ...]:
        """The changes as they will be stored, once the state they lead to passes every
        check campaign.toml must pass (the same as ``meneur check``: types, the rules'
        limits on sheets); each value as that check reads it (``"5"`` → 5), so that an
        undo later finds exactly what was stored.

        Raises:
            CampaignError: naming the key, when the changes do not fit the state or lead
                to a state ``check`` would refuse (nothing is written then).
        """
        if not changes:
            return changes
        path = self.directory / STATE_FILE
        candidate = copy.deepcopy(self.state)
        try:
            state_changes.apply(candidate, changes)
        except ChangeError as error:
            # The change was made of a state another writer has changed since.
            raise CampaignError(
                path, f"{error} (changed since it was read; nothing was written)"
            ) from error
        normalised = validate(candidate, path)
        stored = []
        for index, change in enumerate(changes):
            later = changes[index + 1 :]
            touched_later = any(
                other.path[: len(change.path)] == change.path
                or change.path[: len(other.path)] == other.path
                for other in later
            )
            if change.after is MISSING or touched_later:
                stored.append(change)
                continue
            after = state_changes.read(normalised, change.path)
            stored.append(change if after is MISSING else Change(change.path, change.before, after))
        return tuple(stored)

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

    def _answers(self, character: str) -> tuple[Change, ...]:
        """The change that marks the oldest request ``character`` has not answered."""
        for ident, request in self.state.get("requests", {}).items():
            if character in request["characters"] and character not in request["answered"]:
                return (Change(("requests", ident, "answered", character), MISSING, True),)
        return ()

    def request_roll(self, prompt: str, characters: Iterable[str]) -> Entry:
        """Ask ``characters``' players for a roll (the GM's): "everyone, a Chance test".
        Each one's next roll answers it.

        Raises:
            CampaignError: for a seat other than the GM's, or no or unknown characters.
        """
        who = list(dict.fromkeys(characters))
        known = self.state["characters"]
        if not who or any(c not in known for c in who):
            raise CampaignError(self.directory, "a request names the campaign's characters")
        names = ", ".join(str(known[c].get("name", c)) for c in who)
        with self.writing():
            ident = str(self.journal.last_id + 1)
            change = Change(
                ("requests", ident),
                MISSING,
                {"prompt": prompt.strip() or "?", "characters": who, "answered": {}},
            )
            text = f"Le MJ demande un jet (the GM asks for a roll) : {prompt.strip()} — {names}"
            return self._append("request", text, self._checked((change,)))

    def open_requests(self) -> list[tuple[str, str, list[str]]]:
        """The rolls asked for that some characters still owe: (id, prompt, who still
        owes it)."""
        waiting = []
        for ident, request in self.state.get("requests", {}).items():
            owed = [c for c in request["characters"] if c not in request["answered"]]
            if owed:
                waiting.append((ident, request["prompt"], owed))
        return waiting

    # --- The Chronoste: the in-game calendar and clock -----------------------------------

    # --- Solo play (meneur.core.solo) ------------------------------------------------

    def note(self, text: str, *, game_time: str | None = None, secrecy: Secrecy = PUBLIC) -> Entry:
        """Journal a note (``secrecy``: who may see it)."""
        return self.append("note", text, game_time=game_time, secrecy=secrecy)

    # --- Turns of secret choices (meneur.core.phases) ---------------------------------

    def open_phase(self, prompt: str, options: Iterable[str], characters: Iterable[str]) -> Entry:
        """Open a turn of secret choices (the GM's): ``characters`` choose among
        ``options`` (none: a short answer each), in this turn order.

        Raises:
            CampaignError: for a seat other than the GM's, an unknown character, or a
                turn that does not hold together (nothing is written then).
        """
        from meneur.core.phases import new_phase  # turns: only when one is played

        try:
            phase = new_phase(prompt, options, characters)
        except RulesError as error:
            raise CampaignError(self.directory, str(error)) from error
        known = self.state["characters"]
        for character in phase.characters:
            if character not in known:
                raise CampaignError(self.directory, f"{character}: no such character")
        names = ", ".join(str(known[c].get("name", c)) for c in phase.characters)
        with self.writing():
            ident = str(self.journal.last_id + 1)
            value = {
                "prompt": phase.prompt,
                "options": list(phase.options),
                "characters": list(phase.characters),
                "sealed": {},
                "revealed": {},
                "open": True,
            }
            change = Change(("phases", ident), MISSING, value)
            text = f"Tour ouvert (turn opened) : {phase.prompt} — {names}"
            if phase.options:
                text += f" — {' / '.join(phase.options)}"
            return self._append("phase", text, self._checked((change,)))

    def phase(self, ident: str) -> Phase:
        """The turn ``ident`` (its opening entry's number).

        Raises:
            CampaignError: when there is no such turn.
        """
        from meneur.core.phases import phase_from_data  # turns: only when one is played

        data = self.state.get("phases", {}).get(str(ident))
        if data is None:
            raise CampaignError(self.directory, f"no turn {ident}", "phases")
        return phase_from_data(data)

    def open_phases(self) -> list[tuple[str, Phase]]:
        """The turns still open, oldest first."""
        from meneur.core.phases import phase_from_data  # turns: only when one is played

        return [
            (ident, phase_from_data(data))
            for ident, data in self.state.get("phases", {}).items()
            if data.get("open", True)
        ]

    def choose(self, ident: str, character: str, choice: str) -> list[Entry]:
        """Seal ``character``'s choice in turn ``ident``: an entry only its player and
        the GM see (the others are told that it was made); when it is the last one, the
        turn is revealed to all in the same write. Returns the entries written.

        Raises:
            CampaignError: when this seat may not choose so (another's character, a turn
                revealed, a choice not offered…); nothing is written then.
        """
        from meneur.core.phases import check_choice  # turns: only when one is played

        with self.writing():
            phase = self.phase(ident)
            try:
                sealed = check_choice(self.seat, phase, character, choice)
            except RulesError as error:
                raise CampaignError(self.directory, f"refused: {error}") from error
            player = self.seat.name if self.seat.role == "player" else None
            secrecy = (
                Secrecy("private", player=player, announced=True)
                if player
                else Secrecy("gm", announced=True)
            )
            name = self.state["characters"].get(character, {}).get("name", character)
            change = Change(
                ("phases", str(ident), "sealed", character),
                MISSING,
                {"choice": sealed, "player": player or ""},
            )
            entries = [
                self._append(
                    "choice",
                    f"{name} : {sealed} ({phase.prompt})",
                    self._checked((change,)),
                    character=character,
                    secrecy=secrecy,
                    own_rules=True,  # check_choice: the turns' own rule for a seat
                )
            ]
            if self.phase(ident).complete:
                entries.append(self._reveal(str(ident)))
        return entries

    def reveal_phase(self, ident: str) -> Entry:
        """Reveal turn ``ident`` now (the GM's), whoever has not chosen yet.

        Raises:
            CampaignError: for a player or a turn revealed already.
        """
        from meneur.core.phases import check_reveal  # turns: only when one is played

        with self.writing():
            try:
                check_reveal(self.seat, self.phase(ident))
            except RulesError as error:
                raise CampaignError(self.directory, f"refused: {error}") from error
            return self._reveal(str(ident))

    def _reveal(self, ident: str) -> Entry:
        """Write the reveal of turn ``ident``, under the lock: every choice in turn order,
        public; the sealed choices are gone from the state (so undoing one is refused:
        this entry changed them since)."""
        from meneur.core.phases import phase_from_data, revealed  # turns: only when played

        data = self.state["phases"][ident]
        sealed = {c: item["choice"] for c, item in data.get("sealed", {}).items()}
        order = revealed(phase_from_data(data), sealed)
        names = self.state["characters"]
        shown = ", ".join(f"{names.get(c, {}).get('name', c)} → {choice}" for c, choice in order)
        changes = (
            Change(("phases", ident, "sealed"), copy.deepcopy(data.get("sealed", {})), {}),
            Change(
                ("phases", ident, "revealed"), copy.deepcopy(data.get("revealed", {})), dict(order)
            ),
            Change(("phases", ident, "open"), True, False),
        )
        # A seat's choice that completes the turn reveals it (check_choice), as the GM's
        # reveal does (check_reveal): the turns' own rules for a seat.
        return self._append(
            "reveal",
            f"Révélé (revealed) : {data['prompt']} — {shown}",
            changes,
            own_rules=True,
        )

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

    def next_draw(self) -> int | None:
        """The seed of the session's next live roll (its next draw), or None when no
        session committed its dice (meneur.core.fair_dice). Under the lock the roll
        written with it is marked as that draw; written after another roll took the
        draw, it is refused (roll again)."""
        from meneur.core import fair_dice

        dice = committed_dice(self.state)
        if dice is None or "key" not in dice:
            return None
        return fair_dice.draw_seed(fair_dice.key_of(dice["key"]), dice["drawn"] + 1)

    def _drawn(self, roll: Mapping[str, Any]) -> tuple[Mapping[str, Any], tuple[Change, ...]]:
        """``roll`` marked as the session's next draw when its seed is that draw's, and
        the change that counts it (meneur's own bookkeeping of a roll anyone may make,
        not checked against the seat); else as it is (a seed from the OS or chosen).

        Raises:
            Refusal: when its seed is a draw another roll took meanwhile.
        """
        from meneur.core import fair_dice

        dice = committed_dice(self.state)
        seed = roll.get("seed")
        if dice is None or "key" not in dice or "commitment" not in dice:
            return roll, ()
        if not isinstance(seed, int) or roll.get("chosen_seed"):
            return roll, ()
        key, drawn = fair_dice.key_of(dice["key"]), dice["drawn"]
        if seed == fair_dice.draw_seed(key, drawn + 1):
            marked = {**roll, "draw": drawn + 1, "commitment": dice["commitment"]}
            return marked, (Change(DRAWN, drawn, drawn + 1),)
        earlier = next(
            (
                n
                for n in range(drawn, max(0, drawn - 64), -1)
                if seed == fair_dice.draw_seed(key, n)
            ),
            None,
        )
        if earlier is not None and roll.get("poker"):
            # Les Traits' Coup de poker goes on with the stream of the roll it rerolls.
            return {**roll, "draw": earlier, "commitment": dice["commitment"]}, ()
        if earlier is not None:
            raise Refusal(
                self.directory,
                "another roll took this roll's draw meanwhile: roll again",
                "dice.raced",
            )
        return roll, ()

    def set(self, path: Iterable[str], value: object, text: str | None = None) -> Entry:
        """Set a value of the state (``("characters", "razors", "sheet", "karma")``).

        ``MISSING`` as the value deletes the key.
        """
        path = tuple(path)
        with self.writing():
            (change,) = self._checked((state_changes.set_value(self.state, path, value),))
            if change.before == change.after:
                raise CampaignError(
                    self.directory / STATE_FILE, "already has that value", change.key
                )
            return self.append("change", text or set_text(change), changes=(change,))

    def strike_note(self, entry_id: int) -> Entry:
        """Strike a note from the journal: it stays there, marked, and an undo brings it
        back.

        Raises:
            CampaignError: when the entry is not a note, or is struck already.
        """
        with self.writing():
            target = self._note(entry_id)
            if self.is_struck(target):
                raise CampaignError(self.directory, f"note {entry_id} is struck already")
            change = Change(("struck", str(entry_id)), MISSING, True)
            return self.append(
                "change", f"Note {entry_id} barrée (struck)", changes=(change,), target=entry_id
            )

    def count_roll(self, entry_id: int, counted: bool) -> Entry:
        """Leave a roll out of the luck meneur counts (``counted`` false: a roll made by
        mistake, a test of the rules), or count it again. The GM's alone; an undo takes
        it back.

        Raises:
            CampaignError: when the entry is not a roll, or is already so.
            Refusal: for anyone but the GM.
        """
        with self.writing():
            if self.seat.role != "gm":
                raise Refusal(
                    self.directory, "only the GM leaves a roll out of the luck", "refused.gm"
                )
            try:
                target = self.journal.entry(entry_id)
            except KeyError:
                raise CampaignError(
                    self.directory, f"there is no journal entry {entry_id}"
                ) from None
            if target.roll is None:
                raise CampaignError(
                    self.directory, f"entry {entry_id} is a {target.kind}, not a roll"
                )
            left_out = str(entry_id) in self.state.get("uncounted", {})
            if left_out != counted:
                already = "counted" if counted else "left out"
                raise CampaignError(self.directory, f"roll {entry_id} is {already} already")
            path = ("uncounted", str(entry_id))
            change = Change(path, True, MISSING) if counted else Change(path, MISSING, True)
            words = "compté de nouveau (counted again)" if counted else "hors du compte (left out)"
            return self.append(
                "change", f"Jet {entry_id} {words}", changes=(change,), target=entry_id
            )

    def _note(self, entry_id: int) -> Entry:
        try:
            target = self.journal.entry(entry_id)
        except KeyError:
            raise CampaignError(self.directory, f"there is no journal entry {entry_id}") from None
        if target.kind != "note":
            raise CampaignError(self.directory, f"entry {entry_id} is a {target.kind}, not a note")
        return target

    def edit_note(self, entry_id: int, text: str) -> Entry:
        """Rewrite a note; the journal keeps the original and the edit.

        Raises:
            CampaignError: when the entry is not a note.
        """
        check_text(text, self.directory)
        with self.writing():
            target = self._note(entry_id)
            path = ("note_edits", str(entry_id))
            value = MISSING if text == target.text else text
            change = state_changes.set_value(self.state, path, value)
            if change.before == change.after:
                raise CampaignError(self.directory, f"note {entry_id} already reads so")
            return self.append(
                "change", f"Note {entry_id} modifiée (edited)", changes=(change,), target=entry_id
            )

    def undo(self, entry_id: int | None = None) -> Entry:
        """Undo this writer's latest change still in the history (anyone's when it has
        no :attr:`author`), or entry ``entry_id`` (the GM's seat: anyone's; a player's:
        their own); undoing a note strikes it.

        Raises:
            CampaignError: when there is nothing to undo.
            UndoConflict: when a later change (by anyone) touched what it would restore,
                or a value it would restore was changed since.
        """
        with self.writing():
            stack = self.state["history"]["undo"]
            if entry_id is None:
                target = self._mine(stack, "undo")
            elif entry_id in stack:
                target = self._history_entry(entry_id)
            else:
                raise Refusal(
                    self.directory,
                    f"entry {entry_id} is not a change that can be undone now",
                    "history.not_undoable",
                )
            later = stack[stack.index(target.id) + 1 :]
            for other_id in reversed(later):
                other = self._history_entry(other_id)
                shared = _shared_key(target, other)
                if shared:
                    by = f" by {other.by}" if other.by else ""
                    raise UndoConflict(
                        self.directory / STATE_FILE,
                        f"cannot undo entry {target.id} ({target.text}): entry {other.id}"
                        f"{by} changed {shared} since; undo that first",
                    )
            if target.kind == "note":
                inverse: tuple[Change, ...] = (Change(("struck", str(target.id)), MISSING, True),)
            else:
                inverse = tuple(change.inverse() for change in reversed(target.changes))
            return self._reverse("undo", target, inverse, f"Annulé (undone) : {target.text}")

    def redo(self) -> Entry:
        """Redo this writer's latest undone change (anyone's without an author).

        Raises:
            CampaignError: when there is nothing to redo.
            UndoConflict: when a value it would set was changed since.
        """
        with self.writing():
            target = self._mine(self.state["history"]["redo"], "redo")
            changes = (
                (Change(("struck", str(target.id)), True, MISSING),)
                if target.kind == "note"
                else target.changes
            )
            return self._reverse("redo", target, changes, f"Rétabli (redone) : {target.text}")

    def _mine(self, stack: list[int], what: str) -> Entry:
        """The latest entry of ``stack`` this writer may take back (or bring back)."""
        for entry_id in reversed(stack):
            entry = self._history_entry(entry_id)
            # An entry by nobody at the table (a hand edit) is the GM's to take back.
            nobodys = entry.by is None and self.seat.role == "gm"
            if self.author is None or entry.by == self.author or nobodys:
                return entry
        mine = "" if self.author is None else f" by {self.author}"
        raise Refusal(self.directory, f"nothing to {what}{mine}", f"history.nothing_{what}")

    def _history_entry(self, entry_id: int) -> Entry:
        try:
            return self.journal.entry(entry_id)
        except KeyError:
            raise CampaignError(
                self.directory / STATE_FILE,
                f"names entry {entry_id}, which the journal does not have",
                "history",
            ) from None

    def _reverse(self, kind: str, target: Entry, changes: tuple[Change, ...], text: str) -> Entry:
        try:
            state_changes.apply(copy.deepcopy(self.state), changes)
        except ChangeError as error:
            raise UndoConflict(
                self.directory / STATE_FILE,
                f"cannot {kind} entry {target.id} ({target.text}): {error}, changed since",
            ) from error
        return self.append(kind, text, changes=changes, target=target.id)

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


def _absorb_into(state: dict[str, Any], entry: Entry, journal: Journal) -> None:
    """Apply ``entry``'s changes and its effect on the undo history to ``state``.

    Raises:
        ChangeError: when a change does not fit (``state`` is then unchanged).
    """
    state_changes.apply(state, entry.changes)
    history = state["history"]
    if entry.kind == "undo" and entry.target is not None:
        if entry.target in history["undo"]:
            history["undo"].remove(entry.target)
        history["redo"].append(entry.target)
    elif entry.kind == "redo" and entry.target is not None:
        if entry.target in history["redo"]:
            history["redo"].remove(entry.target)
        history["undo"].append(entry.target)
    elif entry.changes or entry.kind == "note":
        # A note is taken back by striking it: it is undone like a change.
        history["undo"].append(entry.id)
        # A new change ends what its author could redo (others keep theirs).
        history["redo"][:] = [
            kept for kept in history["redo"] if not _same_author(journal, kept, entry.by)
        ]
    del history["undo"][:-HISTORY_LIMIT]
    state["journal_applied"] = entry.id


def _same_author(journal: Journal, entry_id: int, by: str | None) -> bool:
    if by is None:
        return True
    try:
        other = journal.entry(entry_id).by
    except (KeyError, CampaignError):
        return True
    return other in (None, by)


def _shared_key(earlier: Entry, later: Entry) -> str | None:
    """A key both entries change (one's path within the other's), or None."""
    for mine in _paths(earlier):
        for theirs in _paths(later):
            if mine[: len(theirs)] == theirs or theirs[: len(mine)] == mine:
                return ".".join(mine if len(mine) >= len(theirs) else theirs)
    return None


def _paths(entry: Entry) -> list[tuple[str, ...]]:
    if entry.kind == "note":
        return [("struck", str(entry.id))]
    return [change.path for change in entry.changes]


def differences(
    before: Mapping[str, Any], after: Mapping[str, Any], path: tuple[str, ...] = ()
) -> tuple[Change, ...]:
    """The changes that turn ``before`` into ``after``, table by table (a list or a
    value changes whole); meneur's bookkeeping keys are left out."""
    found: list[Change] = []
    keys = [*before, *(key for key in after if key not in before)]
    for key in keys:
        if not path and key in BOOKKEEPING:
            continue
        old, new = before.get(key, MISSING), after.get(key, MISSING)
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            found += differences(old, new, (*path, key))
        elif old != new:
            found.append(Change((*path, key), copy.deepcopy(old), copy.deepcopy(new)))
    return tuple(found)


def read_state(directory: str | Path) -> dict[str, Any]:
    """A campaign's campaign.toml, read and checked without opening it (no lock,
    nothing written).

    Raises:
        CampaignError: naming the file and key of the first problem.
    """
    path = Path(directory) / STATE_FILE
    if not path.is_file():
        raise CampaignError(Path(directory), "is not a campaign (no campaign.toml)")
    state, _ = _read_state(path)
    return state


def summary(directory: Path) -> tuple[str, str] | None:
    """A campaign's name and system, read without opening it (no lock, nothing written);
    None when its campaign.toml cannot be read as a campaign."""
    try:
        state, _ = _read_state(directory / STATE_FILE)
    except (CampaignError, OSError):
        return None
    return str(state["name"]), str(state["system"])


def _state_text(state: Mapping[str, Any]) -> bytes:
    header = (
        "# meneur campaign: see docs/save-format.md. Safe to edit, even while meneur is open.\n"
    )
    import tomli_w  # only to write: opening a campaign does not pay for it

    return (header + tomli_w.dumps(dict(state))).encode("utf-8")


def _check_with_journal(state: Mapping[str, Any], journal: Journal, path: Path) -> None:
    """Check what campaign.toml says of the journal against the journal on disk.

    Raises:
        CampaignError: when it has taken in entries the journal does not hold (entries
            lost from journal/) or its undo history names one.
    """
    last = journal.last_id
    applied = int(state["journal_applied"])
    if applied > last:
        raise CampaignError(
            path,
            f"says {applied} journal entries were taken in, but journal/ holds {last}: "
            "entries are missing from the journal (restore journal/ from a copy)",
            "journal_applied",
        )
    for stack in ("undo", "redo"):
        for i, number in enumerate(state["history"][stack]):
            if number > last:
                raise CampaignError(
                    path,
                    f"names entry {number}, which the journal does not have (it ends at {last})",
                    f"history.{stack}[{i}]",
                )
    # A note rewritten or struck must be an entry of the journal: an edit kept for an
    # entry not written yet would give its text to whatever is written with that number.
    # (That it is a note is checked by ``check_edits``, which reads the entries: an open
    # reads no chunk for it.)
    for part in ("note_edits", "struck", "uncounted"):
        for key in state.get(part, {}):
            number = int(key)
            if not 1 <= number <= last:
                raise CampaignError(
                    path,
                    f"names entry {number}, which the journal does not have (it ends at {last})",
                    f"{part}.{key}",
                )


def _read_state_text(path: Path) -> tuple[dict[str, Any], int, str]:
    """Read, migrate in memory and check campaign.toml; return it, its original schema
    and its text."""
    document, text = parse_toml(path)
    migrated, original = migrate(document, path)
    return validate(migrated, path), original, text


def _read_state(path: Path) -> tuple[dict[str, Any], int]:
    """Read, migrate in memory and check campaign.toml; return it and its original schema."""
    state, original, _ = _read_state_text(path)
    return state, original


def _file_stamp(path: Path) -> tuple[int, int, int] | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return stat.st_ino, stat.st_mtime_ns, stat.st_size


def _unmake(directory: Path, *, whole: bool) -> None:
    """Take back what a failed creation made: the folder when it made it, else what it
    put in the empty folder it was given."""
    for name in (STATE_FILE, LOCK_NAME):
        with contextlib.suppress(OSError):
            (directory / name).unlink()
    for folder in (
        directory / JOURNAL_DIR,
        directory / BACKUP_DIR,
        *([directory] if whole else []),
    ):
        with contextlib.suppress(OSError):
            remove_leftovers(folder)
            folder.rmdir()


def _remove_leftovers(directory: Path) -> None:
    """Delete temporary files a killed writer left half-written (the caller holds the
    lock, so no other writer is using them); the files they would have replaced are
    intact."""
    for folder in (directory, directory / JOURNAL_DIR, directory / BACKUP_DIR):
        remove_leftovers(folder)
