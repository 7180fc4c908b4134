"""Who sees a roll by default: the GM sets it per kind of roll in campaign.toml
(``[secrecy] yesno = "gm"``: the oracle's answers blind), so nobody has to remember to
press ctrl+b — peers' users confuse "private" with "blind" and leak by mistake.

A player's roll of a kind the GM keeps to themself is written private (the player and
the GM): a player writes no entry they could not read themself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.table_rules import Seat
from meneur.saves.campaign import PUBLIC, Secrecy
from meneur.saves.state import secrecy as defaults


def default_secrecy(state: Mapping[str, Any], system: str, seat: Seat) -> Secrecy:
    """The secrecy of a roll of ``system`` written by ``seat`` when its roller chose
    none (see the module)."""
    chosen = defaults(state).get(system, "public")
    if chosen == "public":
        return PUBLIC
    if seat.role == "player":
        return Secrecy("private", player=seat.name)
    if chosen == "private":  # the GM's own roll: theirs alone, as a GM entry is
        return Secrecy("gm")
    return Secrecy("gm", announced=chosen == "gm_announced")
