"""Invites: one way in for a player without an SSH key set up, or for a viewer.

``meneur invite`` makes one: an SSH code (the user name: ``ssh -p 2222 CODE@host``) and
a browser token (in the link), both for one seat, both expiring. Only their hashes are
kept, in ``table.toml`` (:mod:`meneur.saves.table_file`); the secrets are shown once, to
the GM. Like pairing a device, the first key that logs in with the code is bound to the
player's seat and the code is spent; the browser token opens the seat until it expires or
is revoked (a browser has no key to bind). A viewer's code and token open the read-only
view until they expire.

Unless the invite was made with ``admit``, a join through it waits until the GM lets it
in (:mod:`meneur.play.door`); a browser link the GM let in once is not asked about again.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from meneur.core.frozen import frozen
from meneur.core.table_rules import Seat
from meneur.saves.errors import CampaignError
from meneur.saves.table_file import (
    TABLE_FILE,
    VIEWER,
    Invite,
    TableFile,
    code_hash,
    edit_table,
    read_table,
    secret_hash,
)

from .seating import governs, revoking, seating

__all__ = [
    "DEFAULT_LIFETIME",
    "VIEWER",
    "Doorkeeper",
    "Invite",
    "Issued",
    "bind_code",
    "doorkeeper",
    "invite",
    "mark_admitted",
    "revoke",
]

DEFAULT_LIFETIME = timedelta(hours=24)
CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""A code's letters: lower case, none that reads as another (no i, l, o, 0, 1)."""
CODE_GROUPS = 3
"""A code is three groups of four letters: 31¹² ≈ 2⁵⁹ codes, spent once, expiring."""


@frozen
class Issued:
    """A new invite, with its secrets (shown once, never stored)."""

    ident: str
    seat: str
    name: str
    """How the table calls the seat's holder (the viewer's seat: empty)."""
    code: str
    token: str
    expires: datetime
    characters: tuple[str, ...] = ()
    """The ids of the characters the seat plays."""


def new_code() -> str:
    """A fresh SSH code: ``k7mq-2x9f-prtz``."""
    groups = ("".join(secrets.choice(CODE_LETTERS) for _ in range(4)) for _ in range(CODE_GROUPS))
    return "-".join(groups)


def invite(
    directory: Path,
    state: dict[str, Any],
    *,
    seat: Seat,
    player: str | None,
    name: str = "",
    characters: Iterable[str] = (),
    now: datetime,
    lifetime: timedelta = DEFAULT_LIFETIME,
    admit: bool = False,
    api: bool = False,
) -> Issued:
    """Make an invite for ``player``'s seat (seated first if new, with ``name`` and
    ``characters`` as ``meneur table player`` does), or for the viewer's seat when
    ``player`` is None, and keep its hashes in ``table.toml``.

    ``seat``: who asks (the GM alone governs the table: :func:`meneur.play.seating.governs`).

    Raises:
        Refusal: for anyone but the GM, nothing written.
        CampaignError: for a table file (or a character) that does not pass its check;
            nothing is written then.
    """
    governs(directory, seat, "seats")
    code, token = new_code(), secrets.token_urlsafe(24)  # 192 bits
    table = read_table(directory, state)
    taken = set(table.invites) if table is not None else set()
    ident = _fresh_ident(taken)
    expires = now + lifetime

    def edit(document: dict[str, Any]) -> None:
        if player is not None and player in document.get("banned", {}):
            raise CampaignError(
                directory / TABLE_FILE,
                f"{player} is banned from this table: meneur table unban {player} first",
                f"banned.{player}",
                message_key="campaign.table.banned",
                values={"player": player},
            )
        if player is not None:
            seating(player, name=name, characters=characters)(document)
        made: dict[str, Any] = {
            "seat": VIEWER if player is None else player,
            "code": code_hash(code),
            "token": secret_hash(token),
            "expires": expires,
            "admit": admit,
            "admitted": False,
        }
        if api:  # a token for the feed and actions only: no SSH code, no page
            del made["code"]
            made["api"] = True
        document.setdefault("invites", {})[ident] = made

    written = edit_table(directory, state, edit, now)
    if player is None:
        return Issued(ident, VIEWER, "", "" if api else code, token, expires)
    seat = written.players[player]
    played = tuple(sorted(seat.characters))
    holder = written.names.get(player, player)
    return Issued(ident, player, holder, "" if api else code, token, expires, played)


def seat_at_login(
    table: TableFile, blob: bytes, code: str, now: datetime
) -> tuple[Seat, Invite | None] | None:
    """The seat an SSH login opens, decided once for every way in: the key's own seat;
    else, for a key the table does not know, the seat of the live invite whose code the
    user name is (read before a table open to viewers seats the key as one: Alice's code
    binds her key, and is spent); else a viewer's, when the table welcomes viewers. None
    when refused (a banned key, or nothing opens for it). The invite is given when its
    code opened the seat (its code is to be spent on the key)."""
    if table.is_banned(blob):
        return None
    seat = table.seats.get(blob)
    if seat is not None:
        return seat, None
    invite = table.invite_by_code(code, now)
    if invite is not None:
        return table.seat_of(invite), invite
    if table.viewers:
        return Seat("viewer"), None
    return None


def _fresh_ident(taken: set[str]) -> str:
    while True:
        ident = "".join(secrets.choice(CODE_LETTERS) for _ in range(4))
        if ident not in taken:
            return ident


def revoke(
    directory: Path, state: dict[str, Any], ident: str, now: datetime, *, seat: Seat
) -> TableFile:
    """Revoke invite ``ident`` (its code and its token open nothing any more), as
    ``seat`` asks (the GM's alone).

    Raises:
        Refusal: for anyone but the GM, nothing written.
        KeyError: when there is no such invite.
        CampaignError: for a table file that does not pass its check.
    """
    governs(directory, seat, "seats")

    return edit_table(directory, state, revoking(ident), now)


@frozen
class Doorkeeper:
    """The table's server keeping its own record of a login: the one writer of
    ``table.toml`` that is no seat at the table, and what it may write is exactly
    :func:`bind_code` and :func:`mark_admitted`.

    Why not a seat: a login is no one's act at the table. The holder of an invite's code
    has no seat yet (spending the code on their key is what seats them), and the GM let
    a browser link in at the door already (:mod:`meneur.play.door`): what is written
    then is the server's record of what happened at its door, under the authority of
    the GM who serves the table — checked once, when the keeper is made
    (:func:`doorkeeper`), so that no front end writes ``table.toml`` outside ``play``
    on its own say-so.
    """

    directory: Path


def doorkeeper(directory: Path, seat: Seat) -> Doorkeeper:
    """The keeper of the door of the table at ``directory``, for the server ``seat``
    serves it as (the GM alone serves a table, as they alone govern who sits at it).

    Raises:
        Refusal: for anyone but the GM.
    """
    governs(directory, seat, "seats")
    return Doorkeeper(directory)


def bind_code(
    keeper: Doorkeeper, state: dict[str, Any], invite: Invite, key: str, now: datetime
) -> bool:
    """Spend ``invite``'s SSH code on ``key`` (a checked key line), as the server's
    record of the login (``keeper``): the key joins the player's seat. False when the
    code was spent or revoked meanwhile (by another client, under the lock: one code
    binds one key).

    Raises:
        CampaignError: for a table file that does not pass its check.
    """
    spent = False

    def edit(document: dict[str, Any]) -> None:
        nonlocal spent
        found = document.get("invites", {}).get(invite.ident)
        if found is None or found.get("code") != invite.code or invite.code is None:
            return
        del found["code"]
        seating(invite.seat, key=key)(document)
        spent = True

    edit_table(keeper.directory, state, edit, now)
    return spent


def mark_admitted(keeper: Doorkeeper, state: dict[str, Any], ident: str, now: datetime) -> None:
    """The GM let invite ``ident``'s browser link in: a reconnection does not ask again
    (the server's record of it: ``keeper``).

    Raises:
        CampaignError: for a table file that does not pass its check.
    """

    def edit(document: dict[str, Any]) -> None:
        found = document.get("invites", {}).get(ident)
        if found is not None:
            found["admitted"] = True

    edit_table(keeper.directory, state, edit, now)
