"""An open campaign: its state and its journal, kept up with every process that writes
it, and the one way to write it (:meth:`Campaign.work`, a unit of work).

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

What an entry means — a roll, a note, a turn, an undo — and who may write it are
``meneur.play.act``'s: this class opens, reads, keeps up and writes. Beside it: the unit
of work (:mod:`.work`), undo and redo (:mod:`.history`), campaign.toml as a file
(:mod:`.state_files`), what an entry carries besides its words (:mod:`.entry_parts`).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from meneur.content.own_files import NotOwnFile, check_own
from meneur.core.changes import Change, ChangeError

from .atomic import atomic_write, remove_leftovers
from .entry_parts import STATE_FILE, Clock, Update, affects_state, local_now
from .errors import CampaignError, unreadable
from .journal import JOURNAL_DIR, Entry, Journal
from .lock import LOCK_NAME, WAIT_SECONDS, WriterLock
from .schema import MENEUR_VERSION, new_state, validate
from .state_files import (
    BACKUP_DIR,
    TABLE_FILE,
    _absorb_into,
    _state_text,
    _unmake,
    differences,
    file_stamp,
    hand_edit,
    keep_copy,
)
from .state_reading import check_with_journal, read_state_file, read_state_text
from .stored_words import OUTSIDE_TEXT
from .work import Draft, Work


class Campaign:
    """A campaign open for writing (taking the lock for each write) or only for reading.

    Use :meth:`create` or :meth:`open`, :meth:`sync` to follow what other processes
    write, :meth:`work` to write, and :meth:`close` (or a ``with`` block).
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
        self.lock_wait = WAIT_SECONDS
        """How long a write waits for another process's write (an interface, which
        cannot answer while it waits, asks for less)."""
        self.author = author
        """Who this process writes as (entries carry it as ``by``); its undo takes back
        its own changes. None undoes anyone's latest change."""
        self._refused: CampaignError | None = None
        """Why campaign.toml cannot be used as it is on disk now (a broken hand edit);
        writes are refused until it is fixed."""
        self._lock = WriterLock(directory)
        self._stamp = file_stamp(self.directory / STATE_FILE)
        self._disk_applied = int(state["journal_applied"])
        """The last entry campaign.toml on disk has taken in."""
        self._bad_stamp: tuple[int, int, int] | None = None
        self._work: Work | None = None
        self._unseen = Update()
        """What others wrote that this process caught up with inside its own writes,
        for the next :meth:`sync` to report."""
        self._outside: tuple[Change, ...] = ()
        """A hand edit of campaign.toml not yet journaled: its changes…"""
        self._outside_state: dict[str, Any] = {}
        """…and the state it leads to."""
        self._broken: CampaignError | None = None

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
        language: str | None = None,
        author: str | None = None,
    ) -> Campaign:
        """Make a new campaign in ``directory`` (absent or empty) and open it for writing;
        ``language``: the one its commands speak unless told otherwise (none: each
        reader's own); ``author``: who the GM writing from this process is
        (:meth:`open`).

        Raises:
            RulesError: for a name (``name``, else the directory's) the rule of names
                refuses (:mod:`meneur.core.names`), nothing made.
            CampaignError: when the directory holds files, or for an unknown system or
                option.
        """
        from meneur.core.names import check_name

        directory = Path(directory)
        check_name((name or directory.name).strip(), "campaign")
        if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
            raise CampaignError(
                directory,
                "already exists and is not empty",
                message_key="campaign.not_empty",
                values={"path": directory},
            )
        state = new_state(name or directory.name, system, clock())
        if options:
            state["options"].update(options)
        if language is not None:
            state["language"] = language
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
            why = error.strerror or str(error)
            raise CampaignError(
                where,
                f"could not be created ({why})",
                message_key="campaign.not_created",
                values={"why": why},
                names_file=True,
            ) from None
        campaign = cls(directory, state, Journal(directory), clock, writer=True, author=author)
        keep_copy(directory, data)
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
                is_folder = directory.is_dir()
                what = "is not a campaign (no campaign.toml)" if is_folder else "does not exist"
                key = "campaign.not_campaign" if is_folder else "campaign.missing"
                raise CampaignError(directory, what, message_key=key, values={"path": directory})
            # Informational only, but never followed or waited on (see lock.py).
            check_own(directory / LOCK_NAME)
        except NotOwnFile as error:
            raise unreadable(Path(error.filename), error) from None
        except NotADirectoryError:
            raise CampaignError(
                directory,
                "is not a directory",
                message_key="campaign.not_directory",
                values={"path": directory},
            ) from None
        # Everything is read and checked before the lock is taken or a file written, so
        # a campaign that cannot be opened is left exactly as it was.
        journal = {"parallel": parallel, "defer_check": defer_check}
        campaign, original, behind = cls._load(directory, clock, write, journal)
        if not write:
            return campaign
        with WriterLock(directory):
            if original != campaign.state["schema_version"] or behind:
                # Read again under the lock: another writer may have written meanwhile.
                campaign, original, behind = cls._load(directory, clock, write, journal)
            for folder in (directory, directory / JOURNAL_DIR, directory / BACKUP_DIR):
                remove_leftovers(folder)  # a killed writer's (the lock is held)
            if original != campaign.state["schema_version"]:
                shutil.copy2(path, directory / f"{STATE_FILE}.v{original}.bak")
            if original != campaign.state["schema_version"] or behind:
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
        stamp = file_stamp(directory / STATE_FILE)
        state, original, text = read_state_text(directory / STATE_FILE)
        campaign = cls(directory, state, Journal(directory, remember=write, **journal), clock)
        check_with_journal(state, campaign.journal, directory / STATE_FILE)
        if os.path.lexists(directory / TABLE_FILE):
            # Who may join: checked as every other file is (and as ``meneur check`` does).
            from .table_file import read_table

            read_table(directory, state)
        campaign._stamp = stamp
        behind = campaign._catch_up()
        if write and not behind and original == state["schema_version"]:
            found = hand_edit(directory, text, state)
            if found is not None:  # journaled at the first write, like any other
                campaign._outside, campaign._outside_state = found[0], state
                campaign.state = {**found[1], "history": state["history"]}
        return campaign, original, behind

    def _catch_up(self) -> bool:
        """Apply the changes of entries campaign.toml has not caught up with: the last
        one after a crash, or any that other writers appended between reading
        campaign.toml and reading the journal. Returns whether there were any."""
        update = Update()
        # Chunk by chunk: a campaign.toml far behind its journal (an older meneur's, a
        # writer that died) is caught up holding one chunk at a time, not every entry.
        for entry in self.journal.stream(self.state["journal_applied"] + 1):
            self._absorb_new([entry], update, keep=False)
        return update.state_changed

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

    def note_text(self, entry: Entry) -> str:
        """An entry's text as it reads now (a note may have been rewritten since; any
        other entry reads as written, whatever the state file says)."""
        if entry.kind != "note":
            return entry.text
        return str(self.state["note_edits"].get(str(entry.id), entry.text))

    def is_struck(self, entry: Entry) -> bool:
        """Whether a note was struck from the journal (it stays there, marked)."""
        return entry.kind == "note" and str(entry.id) in self.state["struck"]

    def latest(self, count: int) -> list[Entry]:
        """The last ``count`` journal entries, oldest first."""
        return self.journal.latest(count)

    # --- Keeping up with other writers ----------------------------------------------

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
        if self.writer and self._work is None:
            try:
                with self.work(wait=wait):
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
        update = Update(error=self._refused)
        self._absorb_new(self.journal.poll(), update)
        stamp = file_stamp(self.directory / STATE_FILE)
        if stamp == self._stamp or stamp == self._bad_stamp:
            return update
        path = self.directory / STATE_FILE
        try:
            on_disk, _ = read_state_file(path)
        except CampaignError as error:
            return self._refuse_state(error, stamp, update)
        if on_disk["journal_applied"] > self.journal.last_id:
            # Its writer appended before it wrote the state: the entry is there now.
            self._absorb_new(self.journal.poll(), update)
        try:
            check_with_journal(on_disk, self.journal, path)
        except CampaignError as error:
            return self._refuse_state(error, stamp, update)
        if self._refused:
            update.state_changed = True  # what was refused is readable again
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
        self._refused = update.error = error
        self._bad_stamp = stamp
        return update

    def _absorb_new(self, new: list[Entry], update: Update, *, keep: bool = True) -> None:
        """Take in the changes of entries the state has not; list them in ``update``
        when ``keep``."""
        if keep:
            update.entries += new
        for entry in new:
            if entry.id > self.state["journal_applied"] and affects_state(entry):
                self._absorb(entry)
                update.state_changed = True

    # --- Writing ---------------------------------------------------------------------

    @contextmanager
    def work(self, wait: float | None = None) -> Iterator[Work]:
        """One unit of work: hold the lock, caught up with every other writer first
        (waiting for it up to ``wait`` seconds, by default :attr:`lock_wait`), and give
        the :class:`Work` that writes. A hand edit found is journaled first. Nested uses
        share the outer one's lock and work.

        Raises:
            CampaignError: when this campaign is not open for writing, campaign.toml
                cannot be read as it is now, or the lock stayed busy ``wait`` seconds.
        """
        if self._work is not None:
            yield self._work
            return
        if not self.writer:
            raise CampaignError(
                self.directory,
                "is open for reading only",
                message_key="campaign.read_only",
                values={"path": self.directory},
            )
        if self._broken:
            raise self._broken
        try:
            self._lock.acquire(self.lock_wait if wait is None else wait)
        except OSError as error:
            why = error.strerror or str(error)
            raise CampaignError(
                self.directory,
                f"cannot be locked for writing ({why})",
                message_key="campaign.not_locked",
                values={"why": why},
                names_file=True,
            ) from error
        try:
            update = self._catch_up_with_others()
            self._unseen.entries += update.entries
            self._unseen.state_changed |= update.state_changed
            if update.error is not None:
                raise update.error
            work = self._work = Work(self)
            if self._disk_applied < self.state["journal_applied"]:
                self._write_state()  # a writer died between its entry and the state
            if self._outside:
                outside, self._outside = self._outside, ()
                # Credited to nobody at the table: no seat made it, so no seat's rules
                # apply and no player's undo takes it back (the GM's does).
                text = f"{OUTSIDE_TEXT} : {', '.join(c.key for c in outside)}"
                made = work.entry(Draft("change", text, outside, by=None))
                self._unseen.entries.append(work.write(made))
                self._unseen.state_changed = True
            yield work
        finally:
            self._work = None
            self._lock.release()

    def _absorb(self, entry: Entry) -> None:
        """Apply an entry's changes and its effect on the undo history to the state."""
        try:
            _absorb_into(self.state, entry, self.journal)
        except ChangeError as error:
            raise CampaignError(
                self.directory / STATE_FILE,
                f"journal entry {entry.id} changes {error}: fix campaign.toml or that entry",
                message_key="campaign.entry_conflict",
                values={"id": entry.id, "error": error},
                names_file=True,
            ) from error

    def _write_state(self) -> None:
        path = self.directory / STATE_FILE
        try:
            self.state["written_by"] = f"meneur {MENEUR_VERSION}"
            data = _state_text(self.state)
            atomic_write(path, data, follow_links=False)
            self._disk_applied = int(self.state["journal_applied"])
        except OSError as error:
            self._broken = CampaignError(
                path,
                f"campaign.toml could not be written ({error.strerror}); the journal holds "
                "every change and the next open will apply it",
                message_key="campaign.state_unwritten",
                values={"why": str(error.strerror)},
                names_file=True,
            )
            raise self._broken from error
        self._stamp = file_stamp(self.directory / STATE_FILE)
        keep_copy(self.directory, data)
