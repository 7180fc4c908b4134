"""Who sees a roll by default: the GM sets it per kind of roll in campaign.toml
(``[secrecy] yesno = "gm"``: the oracle's answers blind), so nobody has to remember to
press ctrl+b — peers' users confuse "private" with "blind" and leak by mistake.

A player's roll of a kind the GM keeps to themself (``gm`` or ``gm_announced``) is a
*blind* roll: the GM alone sees its result, the roller and the table are told that it
happened (a perception roll the player must not read). It is the one entry a player
writes that they cannot read; the campaign allows it only for a roll of a kind the GM
made blind (:meth:`meneur.saves.campaign.Campaign.append`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.table_rules import Seat
from meneur.saves.entry_parts import PUBLIC, Secrecy
from meneur.saves.state import secrecy as defaults


def default_secrecy(state: Mapping[str, Any], system: str, seat: Seat) -> Secrecy:
    """The secrecy of a roll of ``system`` written by ``seat`` when its roller chose
    none (see the module)."""
    chosen = defaults(state).get(system, "public")
    if chosen == "public":
        return PUBLIC
    if seat.role == "player":
        if chosen == "private":
            return Secrecy("private", player=seat.name)
        return Secrecy("gm", player=seat.name, announced=True)  # blind
    if chosen == "private":  # the GM's own roll: theirs alone, as a GM entry is
        return Secrecy("gm")
    return Secrecy("gm", announced=chosen == "gm_announced")
