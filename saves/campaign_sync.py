"""Keeping an open campaign up to date with what others write (mixed into
:class:`meneur.saves.campaign.Campaign`): reloading, catching up under the lock, and
the one transaction every write passes (:meth:`SyncMixin.writing`)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from meneur.core.changes import ChangeError

from .campaign_fields import CampaignFields
from .entry_parts import STATE_FILE, Update, affects_state
from .errors import CampaignError
from .journal import Entry
from .state_files import (
    _absorb_into,
    _check_with_journal,
    _read_state,
    differences,
)
from .stored_words import OUTSIDE_TEXT


class SyncMixin(CampaignFields):
    """Keeping up with what other writers do, and the one transaction every write passes."""

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
