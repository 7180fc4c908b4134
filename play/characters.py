"""Characters joining a campaign, made under the lock: each gets a key of its own,
chosen among the characters there are when it is written (two made at once are two
characters, never one overwriting the other), the same way from every front end."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from meneur.core.changes import MISSING, Change
from meneur.core.words import new_ident
from meneur.saves.campaign import Plan, Planned

FALLBACK = "personnage"
"""A character's key when its name has no letter or digit to make one of."""


def character_key(name: str, taken: Collection[str]) -> str:
    """The key a character called ``name`` gets among the ``taken`` ones: its letters
    and digits folded (``Ysolde d'Aubépine`` → ``ysolde_d_aubepine``), ``_2``, ``_3``…
    while taken."""
    return new_ident(name, taken, FALLBACK)


def new_character(name: str, character: Mapping[str, Any], text: str) -> Plan:
    """Add ``character`` (its table: name, kind, sheet…) under a key made of ``name``;
    the entry says ``text`` and names the character (its ``character`` is the key)."""

    def plan(state: Mapping[str, Any]) -> Planned:
        key = character_key(name, state.get("characters", {}))
        change = Change(("characters", key), MISSING, dict(character))
        return Planned(text, (change,), character=key)

    return plan
