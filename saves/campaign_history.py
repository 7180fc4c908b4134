"""A campaign's history (mixed into :class:`meneur.saves.campaign.Campaign`): a value
set, a note struck or edited, a roll counted or not, and undo and redo."""

from __future__ import annotations

import copy
from collections.abc import Iterable

from meneur.core import changes as state_changes
from meneur.core.changes import MISSING, Change, ChangeError

from .campaign_fields import CampaignFields
from .entry_parts import STATE_FILE
from .errors import CampaignError, Refusal, UndoConflict
from .journal import Entry, check_text
from .state_files import (
    _shared_key,
)
from .stored_words import set_text


class HistoryMixin(CampaignFields):
    """Values set, notes struck or edited, rolls counted or not; undo and redo."""

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
