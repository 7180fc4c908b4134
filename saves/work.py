"""One write to a campaign as a unit of work (as in the service layer of *Architecture
Patterns with Python*): :meth:`meneur.saves.campaign.Campaign.work` takes the lock and
catches up with every other writer, then hands a :class:`Work` — the state and the
journal as they are under the lock — to the action that writes (``meneur.play.act``).
The action decides who may and what the entry says; the work checks its changes against
the state, makes the entry (its number, its time, how secret what it touches makes it)
and writes it durably: the journal first, then campaign.toml.

Nothing here knows what an action means: a roll, a note, a turn are the same
:class:`Draft` to it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from meneur.core import changes as state_changes
from meneur.core.changes import MISSING, Change, ChangeError
from meneur.core.frozen import frozen

from .entry_parts import PUBLIC, STATE_FILE, Planned, Said, Secrecy, Worded, affects_state
from .errors import CampaignError
from .journal import Entry, chunk_number
from .schema import validate

if TYPE_CHECKING:
    from .campaign import Campaign
    from .journal import Journal


@frozen
class Draft:
    """An entry an action asks to write: what it is, its words, the changes it carries
    (checked by :meth:`Work.checked` already), and who may see it (``secrecy``, made
    stricter by what it ``touches`` and acts on: :meth:`Work.entry`). ``by``: who wrote
    it, by default this process's author; None for nobody at the table."""

    kind: str
    text: str | Worded
    changes: tuple[Change, ...] = ()
    roll: Mapping[str, Any] | None = None
    target: int | None = None
    character: str | None = None
    game_time: str | None = None
    secrecy: Secrecy = PUBLIC
    touches: tuple[tuple[str, str], ...] = ()
    by: str | Literal["writer"] | None = "writer"
    written: str | None = None
    """The lines a log from elsewhere held it as (:attr:`Entry.written`)."""


class Work:
    """A campaign under its lock, caught up: read :attr:`state` and :attr:`journal`,
    plan, then :meth:`write` (each write is durable when it returns; the lock is let go
    when the ``with`` block of :meth:`Campaign.work` ends)."""

    def __init__(self, campaign: Campaign) -> None:
        self._campaign = campaign
        # The campaign's own state, which its writes change in place: made once caught
        # up, under the lock, and nobody replaces it while the lock is held.
        self.state: Mapping[str, Any] = campaign.state
        """The state as every writer left it (never change it: write a change)."""
        self.journal: Journal = campaign.journal
        self.directory: Path = campaign.directory
        """The campaign's folder (what a refusal names)."""
        self.author = campaign.author
        """Who this process writes as (None: anyone's undo is its own)."""
        self._together = False  # inside together(): campaign.toml written at its end
        self._state_behind = False  # ... and an entry held there changed the state

    @contextmanager
    def together(self) -> Iterator[None]:
        """Every entry written inside is made durable in one step when the block ends:
        the journal's chunks each written once (:meth:`Journal.together`), then
        campaign.toml once (the journal durable before the state, as always: a crash
        between the two leaves a state that the next open rolls forward). Inside, the
        state and the journal read as if each entry was written; none is durable, so
        none may be said done, before the block ends. A refusal or an error inside
        writes no byte: the state and the journal are then as before the block. Nested
        blocks are the outer one's.

        Raises:
            CampaignError: when the entries could not be written (nothing was saved),
                or campaign.toml could not (the journal holds every change then, as
                :meth:`write` says).
        """
        if self._together:
            yield
            return
        campaign = self._campaign
        before, last = copy.deepcopy(campaign.state), self.journal.last_id
        self._together, self._state_behind = True, False
        try:
            with self.journal.together():
                yield
        except BaseException as error:
            if self.journal.last_id == last:  # none written: the state as it was too
                campaign.state.clear()
                campaign.state.update(before)
            if isinstance(error, OSError):  # said of the chunk the disk refused
                named = error.filename if isinstance(error.filename, str) else None
                raise self._not_saved(error, Path(named or self.journal.directory)) from error
            raise
        finally:
            self._together = False
        if self._state_behind:
            campaign._write_state()

    def planned(self, said: Said) -> Planned:
        """What ``said`` makes of the state as it is now: a plan's words and changes, or
        the words given."""
        return Planned(said) if isinstance(said, str | Worded) else said(self.state)

    def entry_at(self, entry_id: int, named_in: str | None = None) -> Entry:
        """Journal entry ``entry_id``.

        Raises:
            CampaignError: when the journal has no such entry; naming the key of
                campaign.toml that names it (``named_in``: ``history``, say) if given.
        """
        try:
            return self.journal.entry(entry_id)
        except KeyError:
            if named_in is None:
                raise self.no_entry(entry_id) from None
            what = f"names entry {entry_id}, which the journal does not have"
            raise CampaignError(
                self.directory / STATE_FILE,
                what,
                named_in,
                message_key="campaign.names_no_entry",
                values={"id": entry_id},
            ) from None

    def no_entry(self, entry_id: int) -> CampaignError:
        """The error :meth:`entry_at` raises for an entry the journal does not have: also
        what a seat is told of one it may not see (the same words, so that it cannot
        tell the two apart)."""
        return CampaignError(
            self.directory,
            f"there is no journal entry {entry_id}",
            message_key="campaign.no_entry",
            values={"id": entry_id},
        )

    def checked(self, changes: tuple[Change, ...]) -> tuple[Change, ...]:
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
        candidate = copy.deepcopy(dict(self.state))
        try:
            state_changes.apply(candidate, changes)
        except ChangeError as error:
            # The change was made of a state another writer has changed since.
            raise CampaignError(
                path,
                f"{error} (changed since it was read; nothing was written)",
                message_key="campaign.changed_since",
                values={"error": error},
                names_file=True,
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

    def misfit(self, changes: tuple[Change, ...]) -> ChangeError | None:
        """Why ``changes`` no longer fit the state (an undo's values changed since), or
        None when they do."""
        try:
            state_changes.apply(copy.deepcopy(dict(self.state)), changes)
        except ChangeError as error:
            return error
        return None

    def entry(self, draft: Draft) -> Entry:
        """The entry ``draft`` becomes, not written yet: its number, its time, the
        in-game time (the Chronoste's, when it keeps one), and as secret as what it
        touches or acts on (decided once, when written, and kept: an undo must not make
        the past public)."""
        game_time = draft.game_time
        if game_time is None:
            from meneur.core.chronoste import game_now

            game_time = game_now(self.state)
        campaign = self._campaign
        entry = Entry(
            id=self.journal.last_id + 1,
            time=campaign.clock(),
            kind=draft.kind,
            # meneur's own words: stored in the campaign's language, and what they say
            # (words), for each reader to word in theirs.
            text=_text(draft.text, self.state),
            words=draft.text.data() if isinstance(draft.text, Worded) else None,
            game_time=game_time,
            character=draft.character,
            target=draft.target,
            roll=draft.roll,
            changes=draft.changes,
            by=campaign.author if draft.by == "writer" else draft.by,
            visibility=draft.secrecy.visibility,
            player=draft.secrecy.player,
            announced=draft.secrecy.announced,
            written=draft.written,
        )
        # Imported here: opening a campaign to show it (the app's first frame) does not
        # need it.
        from .secrecy import settled

        return settled(entry, self.journal, self.state, draft.touches)

    def write(self, entry: Entry) -> Entry:
        """Journal ``entry`` (made by :meth:`entry`) and apply its changes to the state,
        durably: it is on disk when this returns, its changes in campaign.toml too.

        Raises:
            CampaignError: when it could not be written (nothing was saved then).
        """
        campaign = self._campaign
        try:
            self.journal.append(entry)
        except OSError as error:
            raise self._not_saved(error, self.journal.chunk_path(chunk_number(entry.id))) from error
        if affects_state(entry):
            campaign._absorb(entry)
            if self._together:
                self._state_behind = True  # written once, when together() ends
            else:
                campaign._write_state()
        return entry

    @staticmethod
    def _not_saved(error: OSError, path: Path) -> CampaignError:
        """The refusal of a journal write the disk refused, of ``path``."""
        why = error.strerror or str(error)
        return CampaignError(
            path,
            f"could not be written ({why}); nothing was saved",
            message_key="campaign.not_saved",
            values={"why": why},
            names_file=True,
        )


def _text(text: str | Worded, state: Mapping[str, Any]) -> str:
    """An entry's stored text: a person's as typed, meneur's in the campaign's language
    (French unless it says otherwise)."""
    if isinstance(text, str):
        return text
    language = state.get("language")
    return text.said(language if isinstance(language, str) else "fr")
