"""Seating a player at the shared table: one edit of ``table.toml``, the same from the
GM's app and ``meneur table … player`` — seating someone twice adds what is new (a key,
a character) and changes nothing else.

The file itself (read, checked, edited under the campaign's lock) is
:mod:`meneur.saves.table_file`; front ends reach it through here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from meneur.core.names import check_name
from meneur.core.table_rules import GM_SEAT, Seat, offers
from meneur.saves.errors import CampaignError, Refusal
from meneur.saves.state_files import file_stamp
from meneur.saves.table_file import (
    GM as TABLE_GM,
)
from meneur.saves.table_file import (
    TABLE_FILE,
    TableFile,
    drop_invite,
    edit_table,
    key_line,
    parse_key,
    read_table,
)

__all__ = [
    "TABLE_FILE",
    "TableFile",
    "banning",
    "edit_table",
    "giving",
    "govern",
    "governs",
    "key_line",
    "read_table",
    "removing",
    "revoking",
    "seat_named",
    "seating",
    "served_seat",
    "table_stamp",
    "unbanning",
]


def seat_named(directory: Path, state: Mapping[str, Any], name: str | None) -> Seat:
    """The seat a command acts from: the GM's when ``name`` is None (whoever holds the
    campaign's files is its GM), else the player called ``name``: the one whose id at
    the table it is, else (in any case) the one whose id or name it is, when only one
    is. A player is one ``table.toml`` seats, with the characters it gives them; or, not
    seated there, one a character's sheet names as its ``player``, with those
    characters.

    Raises:
        CampaignError: naming the table file, when no player is called ``name``, or
            when several are (a name that is two players' names, or one's name and
            another's id in another case): their ids tell them apart.
    """
    if name is None:
        return GM_SEAT
    players, called = _players(directory, state)
    if name in players:  # an id is one player's, whoever else is called so
        return players[name]
    wanted = name.strip().casefold()
    found = [
        ident
        for ident in players
        if wanted in (ident.casefold(), called.get(ident, ident).casefold())
    ]
    if len(found) == 1:
        return players[found[0]]
    if found:
        which = ", ".join(sorted(found))
        raise CampaignError(
            directory / TABLE_FILE,
            f"--as {name}: several players go by that name ({which}): say which by their id",
            message_key="seat.ambiguous",
            values={"name": name, "which": which},
        )
    raise _unknown(directory, name, players)


def served_seat(directory: Path, state: Mapping[str, Any], role: str, ident: str) -> Seat:
    """The seat the table serves as ``role`` and ``ident``: the GM's seat at the table,
    named so (:data:`meneur.saves.table_file.GM`), for the GM; else the player whose id
    at the table ``ident`` is — by id alone, never by a name (a served seat is passed on
    by its id, which no name may stand for), and never the GM's for a player's id.

    Raises:
        CampaignError: naming the table file, when it seats no player ``ident``.
    """
    if role == TABLE_GM.role:
        return TABLE_GM
    table = read_table(directory, state)
    players: Mapping[str, Seat] = table.players if table is not None else {}
    if role != "player" or ident not in players:
        raise _unknown(directory, ident, players)
    return players[ident]


def _players(directory: Path, state: Mapping[str, Any]) -> tuple[dict[str, Seat], dict[str, str]]:
    """Every player ``--as`` may name, by id (the table's, then the sheets' others), and
    the names the table calls its own."""
    table = read_table(directory, state)
    players: dict[str, Seat] = dict(table.players) if table is not None else {}
    called = dict(table.names) if table is not None else {}
    sheets: dict[str, set[str]] = {}
    for ident, character in state.get("characters", {}).items():
        player = character.get("player") if isinstance(character, Mapping) else None
        if isinstance(player, str) and player.strip() and player not in players:
            sheets.setdefault(player, set()).add(str(ident))
    for player, characters in sheets.items():
        players[player] = Seat("player", player, frozenset(characters))
    return players, called


def _unknown(directory: Path, name: str, players: Mapping[str, Seat]) -> CampaignError:
    known = ", ".join(sorted(players))
    said = known or "none yet (meneur table player ID)"
    return CampaignError(
        directory / TABLE_FILE,
        f"--as {name}: no such player at this table (its players: {said})",
        message_key="seat.unknown" if known else "seat.unknown_none",
        values={"name": name, "known": known},
    )


def table_stamp(directory: Path) -> tuple[int, int, int] | None:
    """What tells the table file changed (as a campaign tells campaign.toml did)."""
    return file_stamp(directory / TABLE_FILE)


GOVERNING = {
    "seats": "decides who sits at the table",
    "check": "checks the whole campaign, secrets included",
    "pack": "packs or unpacks the whole campaign, secrets and dice keys included",
}
"""What governing the table is, by the key of its refusal (``errors.refused.<key>``):
the words of the log's English line."""


def governs(directory: Path, seat: Seat, doing: str = "seats") -> None:
    """Refuse governing the table (who sits at it, its invites, serving it; ``doing``
    says which, a key of :data:`GOVERNING`) to anyone but the GM.

    Raises:
        Refusal: for a player or a viewer, in one sentence.
    """
    if not offers(seat, "seat"):
        said = GOVERNING[doing]
        raise Refusal(directory, f"refused: only the GM {said}", f"refused.{doing}")


def seating(
    ident: str, *, name: str = "", key: str | None = None, characters: Iterable[str] = ()
) -> Callable[[dict[str, Any]], None]:
    """The edit that seats player ``ident``: made when new (named ``name``, else their
    ident), renamed when a ``name`` is given, ``key`` (a checked key line) and
    ``characters`` added when not there yet, in order.

    Raises:
        RulesError: for a name the rule of names refuses (:mod:`meneur.core.names`).
    """
    check_name(name.strip(), "player")

    def edit(document: dict[str, Any]) -> None:
        player = document.setdefault("players", {}).setdefault(ident, {"name": ident})
        if name.strip():
            player["name"] = name.strip()
        if key is not None:
            keys = player.setdefault("keys", [])
            if key not in keys:
                keys.append(key)
        given = list(characters)
        for other, seated in document.get("players", {}).items():
            # A character is one player's: given here, it is no longer another's.
            if other != ident and isinstance(seated, dict) and seated.get("characters"):
                seated["characters"] = [c for c in seated["characters"] if c not in given]
        wanted = [*player.get("characters", []), *given]
        player["characters"] = list(dict.fromkeys(wanted))

    return edit


def gm_seating(*, name: str = "", key: str | None = None) -> Edit:
    """The edit that names the GM ``name`` (when given) and adds ``key`` (a checked key
    line) to the GM's seat when not there yet.

    Raises:
        RulesError: for a name the rule of names refuses (:mod:`meneur.core.names`).
    """
    check_name(name.strip(), "gm")

    def edit(document: dict[str, Any]) -> None:
        gm = document.setdefault("gm", {})
        if name:
            gm["name"] = name
        if key is not None and key not in gm.setdefault("keys", []):
            gm["keys"].append(key)

    return edit


def giving(character: str, to: str | None) -> Edit:
    """The edit that gives ``character`` to player ``to`` (taken from whoever played
    it), or, ``to`` None, to nobody: the GM keeps it. A removed player's characters are
    given so (their private notes stay theirs, still secret).

    Raises (when applied):
        KeyError: when no player is called ``to``.
    """

    def edit(document: dict[str, Any]) -> None:
        players = document.get("players", {})
        if to is not None and to not in players:
            raise KeyError(to)
        for seated in players.values():
            if isinstance(seated, dict) and character in seated.get("characters", []):
                seated["characters"] = [c for c in seated["characters"] if c != character]
        if to is not None:
            players[to]["characters"] = [*players[to].get("characters", []), character]

    return edit


Edit = Callable[[dict[str, Any]], None]


def govern(
    directory: Path, state: Mapping[str, Any], seat: Seat, edit: Edit, now: datetime | None = None
) -> TableFile:
    """Apply ``edit`` (:func:`removing`, :func:`banning`, :func:`revoking`…) to the
    table file as ``seat``: the GM's alone; every process serving the table follows
    the file and ends at once the seats it no longer keeps.

    Raises:
        Refusal: for anyone but the GM.
        KeyError: from the edit, for a name it does not find.
        CampaignError: for a table file that does not pass its check (nothing written).
    """
    governs(directory, seat)
    return edit_table(directory, state, edit, now)


def revoking(ident: str) -> Edit:
    """The edit that revokes invite ``ident``: its code and link open nothing any more
    (a page open with it ends), and the player it seated goes with it when nothing else
    seats them.

    Raises (when applied):
        KeyError: when there is no such invite.
    """

    def edit(document: dict[str, Any]) -> None:
        if ident not in document.get("invites", {}):
            raise KeyError(ident)
        drop_invite(document, ident)

    return edit


def removing(ident: str) -> Edit:
    """The edit that removes player ``ident`` from the table: their keys and invites go
    (every seat they hold ends at once: the server follows the file); their characters
    and private notes stay the campaign's, still theirs to see, for the GM to give to
    another seat.

    Raises (when applied):
        KeyError: when no player is called so.
    """

    def edit(document: dict[str, Any]) -> None:
        players = document.get("players", {})
        if ident not in players:
            raise KeyError(ident)
        del players[ident]
        for invite in [i for i, v in document.get("invites", {}).items() if v.get("seat") == ident]:
            drop_invite(document, invite)

    return edit


def banning(ident: str) -> Edit:
    """The edit that bans player ``ident``: removed (see :func:`removing`), and their
    keys refused until :func:`unbanning`.

    Raises (when applied):
        KeyError: when no player is called so.
    """

    def edit(document: dict[str, Any]) -> None:
        player = document.get("players", {}).get(ident)
        if not isinstance(player, dict):
            raise KeyError(ident)
        keys = list(player.get("keys", []))
        removing(ident)(document)
        ban = document.setdefault("banned", {}).setdefault(ident, {"name": "", "keys": []})
        ban["name"] = player.get("name", ident)
        blobs = {parse_key(kept).blob for kept in ban["keys"]}
        ban["keys"] += [line for line in keys if parse_key(line).blob not in blobs]

    return edit


def unbanning(ident: str) -> Edit:
    """The edit that lifts the ban on ``ident`` (they may be invited again).

    Raises (when applied):
        KeyError: when nobody is banned under that name.
    """

    def edit(document: dict[str, Any]) -> None:
        banned = document.get("banned", {})
        if ident not in banned:
            raise KeyError(ident)
        del banned[ident]
        if not banned:
            del document["banned"]

    return edit
