"""What a write to a campaign is checked against (mixed into
:class:`meneur.saves.campaign.Campaign`): the seat that writes it, the secrecy of what
it touches, and changes that still apply to the state as it is."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable

from meneur.core import changes as state_changes
from meneur.core.changes import MISSING, Change, ChangeError
from meneur.core.table_rules import Refused, check_entry, check_undo

from .campaign_fields import CampaignFields
from .entry_parts import STATE_FILE, Secrecy
from .errors import CampaignError, Refusal
from .journal import Entry
from .schema import validate


class ChecksMixin(CampaignFields):
    """The seat, the secrecy and the state a write is checked against."""

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

    def _blind(
        self,
        entry: Entry,
        secret: set[tuple[str, str]],
        touches: Iterable[tuple[str, str]],
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
