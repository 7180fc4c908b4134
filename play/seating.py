"""Seating a player at the shared table: one edit of ``table.toml``, the same from the
GM's app and ``meneur table … player`` — seating someone twice adds what is new (a key,
a character) and changes nothing else.

The file itself (read, checked, edited under the campaign's lock) is
:mod:`meneur.saves.table_file`; front ends reach it through here."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from meneur.saves.table_file import TableFile, edit_table, key_line, read_table

__all__ = ["TableFile", "edit_table", "key_line", "read_table", "seating"]


def seating(
    ident: str, *, name: str = "", key: str | None = None, characters: Iterable[str] = ()
) -> Callable[[dict[str, Any]], None]:
    """The edit that seats player ``ident``: made when new (named ``name``, else their
    ident), renamed when a ``name`` is given, ``key`` (a checked key line) and
    ``characters`` added when not there yet, in order."""

    def edit(document: dict[str, Any]) -> None:
        player = document.setdefault("players", {}).setdefault(ident, {"name": ident})
        if name.strip():
            player["name"] = name.strip()
        if key is not None:
            keys = player.setdefault("keys", [])
            if key not in keys:
                keys.append(key)
        wanted = [*player.get("characters", []), *characters]
        player["characters"] = list(dict.fromkeys(wanted))

    return edit
