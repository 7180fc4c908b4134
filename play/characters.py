"""Characters joining a campaign, made under the lock: each gets a key of its own,
chosen among the characters there are when it is written (two made at once are two
characters, never one overwriting the other), the same way from every front end."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from meneur.core.changes import MISSING, Change, set_value
from meneur.core.errors import RulesError
from meneur.core.names import check_name
from meneur.core.words import new_ident
from meneur.saves.entry_parts import Plan, Planned, Worded

FALLBACK = "personnage"
"""A character's key when its name has no letter or digit to make one of."""


def character_key(name: str, taken: Collection[str]) -> str:
    """The key a character called ``name`` gets among the ``taken`` ones: its letters
    and digits folded (``Ysolde d'Aubépine`` → ``ysolde_d_aubepine``), ``_2``, ``_3``…
    while taken."""
    return new_ident(name, taken, FALLBACK)


def new_character(name: str, character: Mapping[str, Any], text: str | Worded) -> Plan:
    """Add ``character`` (its table: name, kind, sheet…) under a key made of ``name``;
    the entry says ``text`` (meneur's words: :class:`Worded`, said in each reader's
    language) and names the character (its ``character`` is the key).

    Raises:
        RulesError: for a name the rule of names refuses (:mod:`meneur.core.names`).
    """
    check_name(str(character.get("name", name)), "character")
    check_name(name, "character")

    def plan(state: Mapping[str, Any]) -> Planned:
        key = character_key(name, state.get("characters", {}))
        change = Change(("characters", key), MISSING, dict(character))
        return Planned(text, (change,), character=key)

    return plan


def sheet_of(state: Mapping[str, Any], character: str) -> tuple[Mapping[str, Any], str]:
    """``character``'s sheet in a campaign's ``state`` (an empty one when it has none)
    and their name (their key without one): what a plan made under the lock reads.

    Raises:
        RulesError: when the campaign has no such character.
    """
    item = state.get("characters", {}).get(character)
    if not isinstance(item, Mapping):
        raise RulesError(f"no character {character!r}", message_key="character.unknown")
    sheet = item.get("sheet", {})
    return (sheet if isinstance(sheet, Mapping) else {}), str(item.get("name", character))


def value_change(state: Mapping[str, Any], path: tuple[str, ...], value: Any) -> Change:
    """The change setting the campaign's value at ``path`` to ``value`` in ``state``
    (MISSING removes it): what a panel asks play to write."""
    return set_value(state, path, value)


def sheet_change(state: Mapping[str, Any], character: str, key: str, value: Any) -> Change:
    """The change setting ``character``'s sheet ``key`` to ``value`` in ``state``
    (MISSING removes it)."""
    return set_value(state, ("characters", character, "sheet", key), value)
