"""Who may do what at a shared table: the rule every write goes through, whatever screen
it comes from.

A seat at the table is the **GM** (everything), a **player** (rolls, notes and sheet
edits for their own characters, oracle questions, public or private entries of their
own, undoing their own changes) or a **viewer** (nothing: they watch). The campaign
enforces it where changes are made (its unit of work, in the saves), so a player's screen
that offered a GM action, a crafted key sequence or a typed command is refused all the
same, with the reason.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import field

from meneur.core.frozen import frozen

from .errors import RulesError
from .visibility import AUDIENCE, GM, Viewer

SEATS = ("gm", "player", "viewer")
PLAYER_KEYS = ("characters",)
"""The parts of the state a player may change: their own characters' sheets."""
PLAYER_KINDS = ("roll", "oracle", "note", "change", "creation")
"""The entries a player writes: rolls, oracle questions, notes, changes to their own
sheets (a turn's choice, an undo or redo go through their own checks)."""


class Refused(RulesError):
    """An action the seat may not take; the message says why."""


@frozen
class Seat:
    """Someone at the table.

    Attributes:
        role: ``gm``, ``player`` or ``viewer``.
        name: how the table knows them (a player's name; entries carry it as ``by``).
        characters: the ids of the characters a player plays.
    """

    role: str = "gm"
    name: str | None = None
    characters: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if self.role not in SEATS:
            raise RulesError(
                f"a seat is one of {', '.join(SEATS)}, not {self.role!r}",
                message_key="seat.role",
                known=", ".join(SEATS),
                value=self.role,
            )
        if self.role == "player" and not self.name:
            raise RulesError("a player has a name", message_key="seat.no_name")

    @property
    def viewer(self) -> Viewer:
        """What this seat may see (:mod:`meneur.core.visibility`)."""
        if self.role == "gm":
            return GM
        if self.role == "player":
            return Viewer("player", self.name)
        return AUDIENCE


GM_SEAT = Seat("gm")


GM_PARTS: dict[str, str] = {
    "solo": "tension",
    "trackers": "trackers",
    "lists": "lists",
    "tables": "tables",
    "characters": "character",
    "options": "options",
    "chronoste": "time",
    "phases": "turns",
    "requests": "turns",
}
"""What a player is told they may not change, by the part of the state (the reason's
key in the interfaces' strings: ``errors.refused.<word>``)."""
GM_KINDS: dict[str, str] = {"session": "scenes", "scene": "scenes"}
GM_ACTIONS: dict[str, str] = {
    "session": "scenes",
    "scene": "scenes",
    "end_scene": "tension",
    "tension": "tension",
    "time": "time",
    "story": "lists",
    "trackers": "trackers",
    "tables": "tables",
    "npc": "character",
    "new_character": "character",
    "seat": "gm",
    "request": "turns",
    "open_turn": "turns",
    "reveal": "turns",
}
"""What a screen offers the GM only, and the reason a player is given if they try it
anyway: the same reasons :func:`check_entry` gives for the entries these would write
(a scene entry, a change of the tension, of the threads, of a clock, a character
that is not theirs, a turn opened)."""


def offers(seat: Seat, action: str) -> bool:
    """Whether a screen offers ``seat`` the ``action`` (a key, a palette command): the
    GM everything, a player all but :data:`GM_ACTIONS`, a viewer nothing. The table
    refuses the writes all the same (:func:`check_entry`); this only keeps a player's
    screen from offering what would be refused."""
    if seat.role == "gm":
        return True
    return seat.role == "player" and action not in GM_ACTIONS


def check_entry(
    seat: Seat,
    *,
    kind: str = "note",
    character: str | None,
    visibility: str,
    player: str | None,
    changed: Iterable[tuple[str, ...]],
    touched: Iterable[tuple[str, str]] = (),
    rolled: str | None = None,
    blind: Collection[str] = (),
) -> None:
    """Refuse an entry ``seat`` may not write.

    Args:
        kind: the entry's kind (a session, a scene, a turn are the GM's).
        character: the character who acts, if any.
        visibility: who may see the entry.
        player: the player it belongs to.
        changed: the paths of the state it changes.
        touched: what else it names or reads (``("trackers", key)``): the clocks and
            tracks are the GM's, asked about or not.
        rolled: the kind of roll it records (its system), if it records one.
        blind: the kinds of roll the GM keeps to themself: a player's roll of one of
            them is the one entry a player writes for the GM alone (a blind roll), of
            their own and changing nothing (what it changed would tell its outcome).

    Raises:
        Refused: saying why, with a message key for the player's language.
    """
    if _may_write_anything(seat):
        return
    if kind not in PLAYER_KINDS:
        word = GM_KINDS.get(kind, "gm")
        raise Refused(f"only the GM writes a {kind} entry", message_key=f"refused.{word}")
    if character is not None and character not in seat.characters:
        raise Refused(
            f"{character} is not one of {seat.name}'s characters",
            message_key="refused.character",
        )
    changed, touched = list(changed), list(touched)
    blind_roll = is_blind_roll(
        seat, rolled=rolled, blind=blind, player=player, changed=changed, touched=touched
    )
    if visibility == "gm" and not blind_roll:
        raise Refused(
            "only the GM keeps entries to themself; a player's may be private",
            message_key="refused.gm_visibility",
        )
    if player is not None and player != seat.name:
        raise Refused(f"{seat.name} writes as themself, not as {player}", message_key="refused.as")
    for path in [*changed, *touched]:
        if not _players_own(seat, tuple(path)):
            word = GM_PARTS.get(path[0], "gm")
            raise Refused(f"only the GM changes {'.'.join(path)}", message_key=f"refused.{word}")


def is_blind_roll(
    seat: Seat,
    *,
    rolled: str | None,
    blind: Collection[str],
    player: str | None,
    changed: Collection[tuple[str, ...]],
    touched: Collection[tuple[str, str]],
) -> bool:
    """Whether an entry ``seat`` writes for the GM alone is its blind roll: a roll
    (of system ``rolled``) of a kind the GM keeps to themself (``blind``), its own, that
    changes nothing (what it changed would tell its outcome) and names nothing."""
    return rolled in blind and player == seat.name and not changed and not touched


def _may_write_anything(seat: Seat) -> bool:
    """True for the GM; False for a player (whose writes are checked); a viewer is
    refused here.

    Raises:
        Refused: for a viewer.
    """
    if seat.role == "viewer":
        raise Refused(
            "a viewer watches the table: only the GM and the players write",
            message_key="refused.viewer",
        )
    return seat.role == "gm"


def may_change(seat: Seat, path: tuple[str, ...]) -> bool:
    """Whether ``seat`` may change the state at ``path``: the GM anything, a player
    their own (see :func:`_players_own`), a viewer nothing. A screen asks it to open
    what a seat may not change read-only; the writes are checked all the same."""
    if seat.role == "gm":
        return True
    return seat.role == "player" and _players_own(seat, path)


def may_rewrite(seat: Seat, author: str | None) -> bool:
    """Whether ``seat`` may rewrite or strike a note written by ``author`` (the GM any,
    a player their own)."""
    return seat.role == "gm" or (seat.role == "player" and author == seat.name)


def _players_own(seat: Seat, path: tuple[str, ...]) -> bool:
    """Whether ``path`` is a player's to change: their own characters' sheets, and that
    their character answered a roll the GM asked for."""
    sheet = (
        len(path) >= 3
        and path[0] == "characters"
        and path[1] in seat.characters
        and path[2] == "sheet"
    )
    answer = (
        len(path) == 4
        and path[0] == "requests"
        and path[2] == "answered"
        and path[3] in seat.characters
    )
    return sheet or answer


def check_undo(seat: Seat, author: str | None, *, note: bool = False) -> None:
    """Refuse undoing or redoing a change by ``author`` that ``seat`` may not; with
    ``note``, rewriting or striking a note by ``author``.

    Raises:
        Refused: saying why.
    """
    if _may_write_anything(seat):
        return
    if author != seat.name and note:
        raise Refused(
            f"{seat.name} rewrites and strikes their own notes only; the GM any",
            message_key="refused.note",
        )
    if author != seat.name:
        raise Refused(
            f"{seat.name} takes back their own changes only; the GM takes back any",
            message_key="refused.undo",
        )


@frozen
class Present:
    """Someone connected to the table.

    Attributes:
        seat: the seat they hold.
        name: how the table calls them.
        since: when they joined (as the server's clock says it), for the GM.
        where: where they connect from (an address), for the GM.
        session: which connection it is (an opaque key), for the GM to end that one.
    """

    seat: Seat
    name: str
    since: str | None = None
    where: str | None = None
    session: str | None = None


def presence_for(seat: Seat, present: Iterable[Present]) -> tuple[Present, ...]:
    """What ``seat`` is told of who is at the table: the GM everything (who, as whom,
    since when, from where); a player the names and roles of the others; a viewer
    nothing."""
    if seat.role == "gm":
        return tuple(present)
    if seat.role == "viewer":
        return ()
    return tuple(Present(p.seat, p.name) for p in present)
