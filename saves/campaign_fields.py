"""What every part of an open campaign reads: its attributes (set by
:meth:`meneur.saves.campaign.Campaign.__init__`) and, for the type checker, the methods
one part calls on another. The parts are mixins of
:class:`~meneur.saves.campaign.Campaign`: keeping up with other writers
(:mod:`.campaign_sync`), what a write is checked against (:mod:`.campaign_checks`), the
table's turns (:mod:`.campaign_turns`) and the history (:mod:`.campaign_history`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from meneur.core.changes import Change
    from meneur.core.table_rules import Seat

    from .entry_parts import Clock, Said, Secrecy, Update
    from .errors import CampaignError
    from .journal import Entry, Journal
    from .lock import WriterLock


class CampaignFields:
    """The attributes of an open campaign (see :class:`~meneur.saves.campaign.Campaign`)."""

    directory: Path
    state: dict[str, Any]
    journal: Journal
    clock: Clock
    writer: bool
    seat: Seat
    lock_wait: float
    author: str | None
    problem: str | None
    _refused: CampaignError | None
    _lock: WriterLock
    _depth: int
    _stamp: tuple[int, int, int] | None
    _disk_applied: int
    _bad_stamp: tuple[int, int, int] | None
    _unseen: Update
    _outside: tuple[Change, ...]
    _outside_state: dict[str, Any]
    _broken: str | None

    if TYPE_CHECKING:  # defined by the parts; declared here so each part may call them

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
            secrecy: Secrecy = ...,
            touches: Iterable[tuple[str, str]] = (),
        ) -> Entry: ...

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
            secrecy: Secrecy = ...,
            touches: tuple[tuple[str, str], ...] = (),
            by: str | Literal["writer"] | None = "writer",
            asked: tuple[Change, ...] | None = None,
            own_rules: bool = False,
        ) -> Entry: ...

        def _absorb(self, entry: Entry) -> None: ...

        def _write_state(self) -> None: ...

        def _state_stamp(self) -> tuple[int, int, int] | None: ...

        def is_struck(self, entry: Entry) -> bool: ...

        def writing(self, wait: float | None = None) -> AbstractContextManager[None]: ...

        def _checked(self, changes: tuple[Change, ...]) -> tuple[Change, ...]: ...
