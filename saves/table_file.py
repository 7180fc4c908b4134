"""``table.toml``: who may join a campaign's shared table (``meneur serve``), as whom.

    # Who may join this table over SSH. Safe to edit, even while the table is served.
    viewers = "none"              # or "anyone": unknown keys join as read-only viewers

    [gm]
    name = "Camille"
    keys = ["ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI… camille@portable"]

    [players.alice]
    name = "Alice"
    keys = ["ssh-ed25519 AAAA… alice@maison"]
    characters = ["kael"]

    [banned.gina]                 # ``meneur table ban``: refused until ``unban``
    name = "Gina"
    keys = ["ssh-ed25519 AAAA… gina@portable"]

    [invites.q7k2]                # written by ``meneur invite``, spent or revoked
    seat = "alice"                # a player's id, or "viewer"
    code = "sha256:…"             # the SSH code's hash (gone once a key is bound)
    token = "sha256:…"            # the browser token's hash
    expires = 2026-11-27T20:00:00Z
    admit = false                 # true: joins without waiting for the GM
    admitted = false              # the GM let this browser link in once already

Keys are OpenSSH public key lines (as in ``authorized_keys``), checked as keys: a known
type, base64 that decodes, and a blob that names the same type. A key belongs to one
seat only; a player's characters must be the campaign's. Every problem is refused with
the file and the key, like every campaign file.

An invite holds only hashes of its secrets: the code and the token themselves are
printed once, to the GM, and never stored.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
import re
import struct
from collections.abc import Callable, Mapping
from dataclasses import field
from datetime import datetime
from pathlib import Path
from typing import Any

from meneur.core.frozen import frozen
from meneur.core.table_rules import Seat
from meneur.core.text import shown

from .errors import CampaignError
from .journal import parse_toml

TABLE_FILE = "table.toml"
KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)
TOP_KEYS = ("viewers", "gm", "players", "banned", "invites")
SEAT_KEYS = ("name", "keys", "characters")
BAN_KEYS = ("name", "keys")
INVITE_KEYS = ("seat", "code", "token", "expires", "admit", "admitted", "api")
VIEWER = "viewer"
"""An invite's seat when it opens the read-only view."""
GM = Seat("gm", "gm")
"""The GM's seat at the table, the one the GM's key opens: named, so that what it writes
is by ``gm``, whatever account serves the table."""
_HASH = re.compile(r"sha256:[0-9a-f]{64}")


def _refused(path: Path, reason: str, where: str, key: str, **values: object) -> CampaignError:
    """A table.toml error at ``where``: ``reason`` for the log, ``key`` (of the
    interface's ``errors.campaign`` strings) and ``values`` for each reader."""
    return CampaignError(path, reason, where, message_key=f"campaign.{key}", values=values)


def secret_hash(secret: str) -> str:
    """How a token is stored: ``sha256:`` and its digest."""
    return "sha256:" + hashlib.sha256(secret.encode("utf-8")).hexdigest()


def code_hash(code: str) -> str:
    """How an SSH code is stored, and looked for: taken in any case, with or without its
    dashes (people type it)."""
    return secret_hash(code.replace("-", "").lower())


@frozen
class Invite:
    """A way in that ``meneur invite`` made: an SSH code and a browser token for a seat."""

    ident: str
    seat: str
    """A player's id, or :data:`VIEWER`."""
    code: str | None
    """The SSH code's hash; None once spent (a key was bound with it)."""
    token: str
    """The browser token's hash."""
    expires: datetime
    admit: bool
    """Whether it joins without waiting for the GM."""
    admitted: bool
    """Whether the GM let its browser link in already (a reconnection does not wait)."""
    api: bool = False
    """A token for the table's feed and actions (``meneur invite --api``), which opens
    no page and no terminal."""

    def live(self, now: datetime) -> bool:
        """Whether it still opens its seat at ``now``."""
        return now < self.expires


@frozen
class PublicKey:
    """An OpenSSH public key: its type and its blob (what authentication compares)."""

    kind: str
    blob: bytes
    comment: str = ""

    def line(self) -> str:
        """The key as an ``authorized_keys`` line."""
        text = f"{self.kind} {base64.b64encode(self.blob).decode()}"
        return f"{text} {self.comment}" if self.comment else text


class KeyLineError(ValueError):
    """A public key line that does not read; ``message_key`` and ``values`` say it in
    each reader's language (``errors.campaign.table.key_<code>``)."""

    def __init__(self, message: str, code: str, **values: object) -> None:
        super().__init__(message)
        self.message_key = f"campaign.table.key_{code}"
        self.values = values


def parse_key(line: str) -> PublicKey:
    """Read one ``authorized_keys``-style line.

    Raises:
        KeyLineError: saying what is wrong with it.
    """
    parts = line.strip().split(maxsplit=2)
    if len(parts) < 2:
        raise KeyLineError("expected a public key line: TYPE BASE64 [COMMENT]", "parts")
    kind, data = parts[0], parts[1]
    if kind not in KEY_TYPES:
        known = ", ".join(KEY_TYPES[:3])
        raise KeyLineError(
            f"expected a key type ({known}…), found {shown(kind)}", "type", known=known, value=kind
        )
    try:
        blob = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise KeyLineError("the key's base64 does not decode", "base64") from None
    if len(blob) < 4:
        raise KeyLineError("the key is too short to be one", "short")
    (size,) = struct.unpack(">I", blob[:4])
    if blob[4 : 4 + size] != kind.encode():
        raise KeyLineError(f"the key's data is not a {kind} key", "data", key_kind=kind)
    return PublicKey(kind, blob, parts[2] if len(parts) > 2 else "")


@frozen
class TableFile:
    """Who may join the table: seats by key, and whether unknown keys may watch."""

    seats: Mapping[bytes, Seat]
    """Each key's blob → the seat it opens."""
    names: Mapping[str, str]
    """A seat's name (``gm``, a player's id) → how the table calls them (a GM given no
    name is not here: screens call them by their role)."""
    viewers: bool
    players: Mapping[str, Seat] = field(default_factory=dict)
    """Each player's id → their seat (with keys or without)."""
    invites: Mapping[str, Invite] = field(default_factory=dict)
    """Each invite's id → the invite (live or expired)."""
    banned: Mapping[str, frozenset[bytes]] = field(default_factory=dict)
    """Each ban's id (the player's) → the keys it refuses."""

    def is_banned(self, blob: bytes) -> bool:
        """Whether a ban refuses the key ``blob`` (whatever else it would open)."""
        return any(blob in keys for keys in self.banned.values())

    def keeps(self, seat: Seat, *, blob: bytes | None, invite: str | None) -> bool:
        """Whether someone seated as ``seat`` (by the key ``blob``, or through invite
        ``invite``'s link) may stay now: their player is still at the table, their key
        still opens that seat and is not banned, their link is not revoked."""
        if blob is not None and self.is_banned(blob):
            return False
        if invite is not None and invite not in self.invites:
            return False
        if seat.role == "player" and seat.name not in self.players:
            return False
        if blob is None:
            return invite is not None
        if invite is not None and seat.role == "viewer":
            return True  # a viewer's invite opens a seat to any key
        opened = self.seat_for(blob)
        return opened is not None and (opened.role, opened.name) == (seat.role, seat.name)

    def invite_by_code(self, code: str, now: datetime) -> Invite | None:
        """The live invite whose SSH code is ``code`` (typed in any case, with or without
        dashes), or None."""
        wanted = code_hash(code)
        return next((i for i in self.invites.values() if i.code == wanted and i.live(now)), None)

    def invite_by_token(self, token: str, now: datetime) -> Invite | None:
        """The live invite whose browser token is ``token``, or None."""
        wanted = secret_hash(token)
        return next((i for i in self.invites.values() if i.token == wanted and i.live(now)), None)

    def seat_of(self, invite: Invite) -> Seat:
        """The seat an invite opens."""
        if invite.seat == VIEWER:
            return Seat("viewer")
        return self.players.get(invite.seat, Seat("player", invite.seat))

    def seat_for(self, blob: bytes) -> Seat | None:
        """The seat a key opens: its own, a viewer's when viewers are welcome, or None
        (the key is refused)."""
        if self.is_banned(blob):
            return None
        seat = self.seats.get(blob)
        if seat is None and self.viewers:
            return Seat("viewer")
        return seat


def read_table(directory: Path, state: Mapping[str, Any]) -> TableFile | None:
    """The table file of the campaign in ``directory`` (whose state is ``state``), or
    None when it has none.

    Raises:
        CampaignError: naming the file and key of the first problem.
    """
    path = directory / TABLE_FILE
    if not os.path.lexists(path):  # a link is there, and refused by parse_toml
        return None
    document, _ = parse_toml(path)
    return table_from_data(document, path, state)


def table_from_data(document: Mapping[str, Any], path: Path, state: Mapping[str, Any]) -> TableFile:
    """Check a table file's document.

    Raises:
        CampaignError: naming the file and key of the first problem.
    """
    unknown = [key for key in document if key not in TOP_KEYS]
    if unknown:
        raise _refused(
            path, f"unknown key (expected one of: {', '.join(TOP_KEYS)})", unknown[0],
            "unknown_key", allowed=", ".join(TOP_KEYS),
        )  # fmt: skip
    viewers = document.get("viewers", "none")
    if viewers not in ("none", "anyone"):
        raise _refused(
            path, f'expected "none" or "anyone", found {shown(viewers)}', "viewers",
            "table.viewers", value=shown(viewers),
        )  # fmt: skip
    seats: dict[bytes, Seat] = {}
    names: dict[str, str] = {}
    players_seats: dict[str, Seat] = {}
    gm = document.get("gm", {})
    if not isinstance(gm, dict):
        raise _refused(path, "expected a table: [gm]", "gm", "table.tables", what="[gm]")
    _seat(gm, "gm", GM, path, seats, names)
    players = document.get("players", {})
    if not isinstance(players, dict):
        raise _refused(
            path,
            "expected tables: [players.NAME]",
            "players",
            "table.tables",
            what="[players.NAME]",
        )
    for ident, player in players.items():
        where = f"players.{ident}"
        if not isinstance(player, dict):
            raise _refused(path, "expected a table", where, "table.a_table")
        if ident.casefold() == GM.name:
            # What a seat writes is by its name: a player "gm" would write as the GM,
            # and take back the GM's changes as their own.
            raise _refused(
                path, "gm is the GM's seat: give this player another id", where, "table.gm_id"
            )
        characters = player.get("characters", [])
        if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
            raise _refused(
                path, "expected a list of character ids", f"{where}.characters", "table.characters"
            )
        for i, character in enumerate(characters):
            if character not in state.get("characters", {}):
                raise _refused(
                    path,
                    f"{character}: no such character in campaign.toml",
                    f"{where}.characters[{i}]",
                    "table.no_character",
                    character=character,
                )
        seat = Seat("player", ident, frozenset(characters))
        _seat(player, where, seat, path, seats, names)
        players_seats[ident] = seat
    _names_no_other_id(players_seats, names, path)
    banned = document.get("banned", {})
    if not isinstance(banned, dict):
        raise _refused(
            path, "expected tables: [banned.NAME]", "banned", "table.tables", what="[banned.NAME]"
        )
    refused = {ident: _ban(ident, ban, path) for ident, ban in banned.items()}
    invites = document.get("invites", {})
    if not isinstance(invites, dict):
        raise _refused(
            path, "expected tables: [invites.ID]", "invites", "table.tables", what="[invites.ID]"
        )
    found = {
        ident: _invite(ident, invite, path, players_seats) for ident, invite in invites.items()
    }
    return TableFile(seats, names, viewers == "anyone", players_seats, found, refused)


def _ban(ident: str, table: object, path: Path) -> frozenset[bytes]:
    where = f"banned.{ident}"
    if not isinstance(table, dict):
        raise _refused(path, "expected a table", where, "table.a_table")
    unknown = [key for key in table if key not in BAN_KEYS]
    if unknown:
        raise _refused(
            path, "unknown key (expected name and keys)", f"{where}.{unknown[0]}",
            "unknown_key", allowed="name, keys",
        )  # fmt: skip
    name = table.get("name", "")
    if not isinstance(name, str):
        raise _refused(
            path, "expected the name the table calls them", f"{where}.name", "table.name"
        )
    _named(name.strip(), f"{where}.name", "player", path)
    keys = table.get("keys", [])
    if not isinstance(keys, list):
        raise _refused(path, "expected a list of public key lines", f"{where}.keys", "table.keys")
    blobs = set()
    for i, line in enumerate(keys):
        try:
            blobs.add(parse_key(str(line)).blob)
        except KeyLineError as error:
            raise CampaignError(
                path,
                str(error),
                f"{where}.keys[{i}]",
                message_key=error.message_key,
                values=error.values,
            ) from None
    return frozenset(blobs)


def _invite(ident: str, table: object, path: Path, players: Mapping[str, Seat]) -> Invite:
    where = f"invites.{ident}"
    if not isinstance(table, dict):
        raise _refused(path, "expected a table", where, "table.a_table")
    unknown = [key for key in table if key not in INVITE_KEYS]
    if unknown:
        raise _refused(
            path,
            f"unknown key (expected one of: {', '.join(INVITE_KEYS)})",
            f"{where}.{unknown[0]}",
            "unknown_key",
            allowed=", ".join(INVITE_KEYS),
        )
    seat = table.get("seat")
    if seat != VIEWER and seat not in players:
        raise _refused(
            path, f'expected a player\'s id from [players] or "{VIEWER}", found {shown(seat)}',
            f"{where}.seat", "table.seat", viewer=VIEWER, value=shown(seat),
        )  # fmt: skip
    for key in ("code", "token"):
        value = table.get(key)
        if (value is not None or key == "token") and (
            not isinstance(value, str) or not _HASH.fullmatch(value)
        ):
            raise _refused(
                path, 'expected "sha256:" and 64 hex digits', f"{where}.{key}", "table.digest"
            )
    expires = table.get("expires")
    if not isinstance(expires, datetime) or expires.tzinfo is None:
        raise _refused(
            path, "expected a date and time with its offset: 2026-11-27T20:00:00Z",
            f"{where}.expires", "table.expires",
        )  # fmt: skip
    for key in ("admit", "admitted", "api"):
        if not isinstance(table.get(key, False), bool):
            raise _refused(path, "expected true or false", f"{where}.{key}", "table.flag")
    return Invite(
        ident,
        str(seat),
        table.get("code"),
        str(table["token"]),
        expires,
        bool(table.get("admit", False)),
        bool(table.get("admitted", False)),
        bool(table.get("api", False)),
    )


def _seat(
    table: Mapping[str, Any],
    where: str,
    seat: Seat,
    path: Path,
    seats: dict[bytes, Seat],
    names: dict[str, str],
) -> None:
    unknown = [key for key in table if key not in SEAT_KEYS]
    if unknown or (seat.role == "gm" and "characters" in table):
        key = unknown[0] if unknown else "characters"
        raise _refused(
            path,
            "unknown key (expected name, keys and, for a player, characters)",
            f"{where}.{key}",
            "unknown_key",
            allowed="name, keys, characters",
        )
    # A GM given no name has none: each screen calls them by their role, in its own
    # language (their seat's key, "gm", is no name to show anyone).
    name = table.get("name", "" if seat.role == "gm" else seat.name)
    if not isinstance(name, str) or (not name.strip() and ("name" in table or seat.role != "gm")):
        raise _refused(
            path, "expected the name the table calls them", f"{where}.name", "table.name"
        )
    _named(name.strip(), f"{where}.name", seat.role, path)
    keys = table.get("keys", [])
    if not isinstance(keys, list):
        raise _refused(path, "expected a list of public key lines", f"{where}.keys", "table.keys")
    for i, line in enumerate(keys):
        key_where = f"{where}.keys[{i}]"
        if not isinstance(line, str):
            raise _refused(
                path, "expected a public key line in quotes", key_where, "table.key_line"
            )
        try:
            public = parse_key(line)
        except KeyLineError as error:
            raise CampaignError(
                path, str(error), key_where, message_key=error.message_key, values=error.values
            ) from None
        if public.blob in seats:
            other = seats[public.blob]
            raise _refused(
                path, f"this key already opens {other.name}'s seat", key_where,
                "table.key_taken", name=str(other.name),
            )  # fmt: skip
        seats[public.blob] = seat
    assert seat.name is not None
    if name.strip():
        names[seat.name] = name.strip()


def _names_no_other_id(players: Mapping[str, Seat], names: Mapping[str, str], path: Path) -> None:
    """Refuse a player called by another player's id (in any case): ``--as`` takes an id
    or a name, and one that is both would sit whoever asks for it at two seats.

    Raises:
        CampaignError: naming the file and the name's key.
    """
    ids = {ident.casefold(): ident for ident in players}
    for ident in players:
        other = ids.get(names.get(ident, ident).casefold())
        if other is not None and other != ident:
            raise _refused(
                path,
                f"this name is {other}'s id at the table: give another",
                f"players.{ident}.name",
                "table.name_is_id",
                other=other,
            )


def _named(name: str, where: str, role: str, path: Path) -> None:
    """Hold a seat's name to the rule of names (:mod:`meneur.core.names`), as
    ``meneur table`` and ``meneur invite`` hold the names they are given.

    Raises:
        CampaignError: naming the file and the key, in the rule's own sentence.
    """
    from meneur.core.errors import RulesError
    from meneur.core.names import check_name

    try:
        check_name(name, "gm" if role == "gm" else "player")
    except RulesError as error:
        raise CampaignError(
            path,
            str(error),
            where,
            message_key="campaign.rules",
            values={"error": error},
            names_file=True,
        ) from None


HEADER = (
    "# Who may join this table (meneur serve). Safe to edit, even while the table is\n"
    "# served: each login reads it again. See docs/save-format.md.\n"
)


def edit_table(
    directory: Path,
    state: Mapping[str, Any],
    edit: Callable[[dict[str, Any]], None],
    now: datetime | None = None,
) -> TableFile:
    """Apply ``edit`` to the table file's document as it is under the campaign's lock
    (an empty one when there is none), check the result as a table file, and write it
    atomically; nothing is written when the check refuses it. The file is rewritten
    whole: its first comment is meneur's. Invites expired at ``now`` are dropped.

    Raises:
        CampaignError: naming the file and key of the first problem (before or after).
    """
    import copy

    import tomli_w

    from .atomic import atomic_write
    from .lock import WriterLock

    path = directory / TABLE_FILE
    with WriterLock(directory, "meneur table"):
        document: dict[str, Any] = {}
        if os.path.lexists(path):
            found, _ = parse_toml(path)
            table_from_data(found, path, state)  # a broken file is fixed by hand
            document = copy.deepcopy(dict(found))
        edit(document)
        if now is not None and isinstance(document.get("invites"), dict):
            invites = document["invites"]
            for ident in [i for i, v in invites.items() if _expired(v, now)]:
                drop_invite(document, ident)
        checked = table_from_data(document, path, state)
        ordered = {key: document[key] for key in TOP_KEYS if key in document}
        data = (HEADER + tomli_w.dumps(ordered)).encode("utf-8")
        atomic_write(path, data, follow_links=False)
    return checked


def drop_invite(document: dict[str, Any], ident: str) -> None:
    """Take invite ``ident`` out of a table file's document, and the player it seated
    with it when nothing else seats them (no key, no other invite): the file keeps
    players, not the leftovers of spent invites. Their characters stay the campaign's."""
    invites = document.get("invites", {})
    invite = invites.pop(ident, None)
    if not invites:
        document.pop("invites", None)
    if not isinstance(invite, dict):
        return
    player = invite.get("seat")
    players = document.get("players", {})
    held = players.get(player) if isinstance(players, dict) else None
    if not isinstance(held, dict) or held.get("keys"):
        return
    if any(isinstance(other, dict) and other.get("seat") == player for other in invites.values()):
        return
    del players[player]


def _expired(invite: object, now: datetime) -> bool:
    expires = invite.get("expires") if isinstance(invite, dict) else None
    return isinstance(expires, datetime) and expires.tzinfo is not None and expires <= now


def key_line(text: str) -> str:
    """A public key given as its line or as the path of a ``.pub`` file: the line.

    Raises:
        ValueError: when it is neither.
    """
    candidate = Path(text).expanduser()
    if not text.lstrip().startswith(KEY_TYPES) and candidate.is_file():
        text = candidate.read_text(encoding="utf-8").strip()
    parse_key(text)
    return text.strip()
