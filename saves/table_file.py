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

Keys are OpenSSH public key lines (as in ``authorized_keys``), checked as keys: a known
type, base64 that decodes, and a blob that names the same type. A key belongs to one
seat only; a player's characters must be the campaign's. Every problem is refused with
the file and the key, like every campaign file.
"""

from __future__ import annotations

import base64
import binascii
import os
import struct
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meneur.core.table_rules import Seat

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
TOP_KEYS = ("viewers", "gm", "players")
SEAT_KEYS = ("name", "keys", "characters")


@dataclass(frozen=True)
class PublicKey:
    """An OpenSSH public key: its type and its blob (what authentication compares)."""

    kind: str
    blob: bytes
    comment: str = ""

    def line(self) -> str:
        """The key as an ``authorized_keys`` line."""
        text = f"{self.kind} {base64.b64encode(self.blob).decode()}"
        return f"{text} {self.comment}" if self.comment else text


def parse_key(line: str) -> PublicKey:
    """Read one ``authorized_keys``-style line.

    Raises:
        ValueError: saying what is wrong with it.
    """
    parts = line.strip().split(maxsplit=2)
    if len(parts) < 2:
        raise ValueError("expected a public key line: TYPE BASE64 [COMMENT]")
    kind, data = parts[0], parts[1]
    if kind not in KEY_TYPES:
        raise ValueError(f"expected a key type ({', '.join(KEY_TYPES[:3])}…), found {kind!r}")
    try:
        blob = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the key's base64 does not decode") from None
    if len(blob) < 4:
        raise ValueError("the key is too short to be one")
    (size,) = struct.unpack(">I", blob[:4])
    if blob[4 : 4 + size] != kind.encode():
        raise ValueError(f"the key's data is not a {kind} key")
    return PublicKey(kind, blob, parts[2] if len(parts) > 2 else "")


@dataclass(frozen=True)
class TableFile:
    """Who may join the table: seats by key, and whether unknown keys may watch."""

    seats: Mapping[bytes, Seat]
    """Each key's blob → the seat it opens."""
    names: Mapping[str, str]
    """A seat's name (``gm``, a player's id) → how the table calls them."""
    viewers: bool

    def seat_for(self, blob: bytes) -> Seat | None:
        """The seat a key opens: its own, a viewer's when viewers are welcome, or None
        (the key is refused)."""
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
        raise CampaignError(
            path, f"unknown key (expected one of: {', '.join(TOP_KEYS)})", unknown[0]
        )
    viewers = document.get("viewers", "none")
    if viewers not in ("none", "anyone"):
        raise CampaignError(path, f'expected "none" or "anyone", found {viewers!r}', "viewers")
    seats: dict[bytes, Seat] = {}
    names: dict[str, str] = {}
    gm = document.get("gm", {})
    if not isinstance(gm, dict):
        raise CampaignError(path, "expected a table: [gm]", "gm")
    _seat(gm, "gm", Seat("gm", "gm"), path, seats, names)
    players = document.get("players", {})
    if not isinstance(players, dict):
        raise CampaignError(path, "expected tables: [players.NAME]", "players")
    for ident, player in players.items():
        where = f"players.{ident}"
        if not isinstance(player, dict):
            raise CampaignError(path, "expected a table", where)
        characters = player.get("characters", [])
        if not isinstance(characters, list) or not all(isinstance(c, str) for c in characters):
            raise CampaignError(path, "expected a list of character ids", f"{where}.characters")
        for i, character in enumerate(characters):
            if character not in state.get("characters", {}):
                raise CampaignError(
                    path,
                    f"{character}: no such character in campaign.toml",
                    f"{where}.characters[{i}]",
                )
        seat = Seat("player", ident, frozenset(characters))
        _seat(player, where, seat, path, seats, names)
    return TableFile(seats, names, viewers == "anyone")


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
        raise CampaignError(
            path,
            "unknown key (expected name, keys and, for a player, characters)",
            f"{where}.{key}",
        )
    name = table.get("name", seat.name)
    if not isinstance(name, str) or not name.strip():
        raise CampaignError(path, "expected the name the table calls them", f"{where}.name")
    keys = table.get("keys", [])
    if not isinstance(keys, list):
        raise CampaignError(path, "expected a list of public key lines", f"{where}.keys")
    for i, line in enumerate(keys):
        key_where = f"{where}.keys[{i}]"
        if not isinstance(line, str):
            raise CampaignError(path, "expected a public key line in quotes", key_where)
        try:
            public = parse_key(line)
        except ValueError as error:
            raise CampaignError(path, str(error), key_where) from None
        if public.blob in seats:
            other = seats[public.blob]
            raise CampaignError(path, f"this key already opens {other.name}'s seat", key_where)
        seats[public.blob] = seat
    assert seat.name is not None
    names[seat.name] = name.strip()


HEADER = (
    "# Who may join this table over SSH (meneur serve). Safe to edit, even while the\n"
    "# table is served: each login reads it again. See docs/save-format.md.\n"
)


def edit_table(
    directory: Path, state: Mapping[str, Any], edit: Callable[[dict[str, Any]], None]
) -> TableFile:
    """Apply ``edit`` to the table file's document (an empty one when there is none),
    check the result as a table file, and write it atomically; nothing is written when
    the check refuses it. The file is rewritten whole: its first comment is meneur's.

    Raises:
        CampaignError: naming the file and key of the first problem (before or after).
    """
    import copy

    import tomli_w

    from .atomic import atomic_write

    path = directory / TABLE_FILE
    document: dict[str, Any] = {}
    if os.path.lexists(path):
        found, _ = parse_toml(path)
        table_from_data(found, path, state)  # a broken file is fixed by hand, not edited
        document = copy.deepcopy(dict(found))
    edit(document)
    checked = table_from_data(document, path, state)
    ordered = {key: document[key] for key in TOP_KEYS if key in document}
    atomic_write(path, (HEADER + tomli_w.dumps(ordered)).encode("utf-8"), follow_links=False)
    return checked


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
