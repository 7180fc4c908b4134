"""Who sees a roll by default: the GM sets it per kind of roll in campaign.toml
(``[secrecy] yesno = "gm"``: the oracle's answers blind), so nobody has to remember to
press ctrl+b — peers' users confuse "private" with "blind" and leak by mistake.

A player's roll of a kind the GM keeps to themself (``gm`` or ``gm_announced``) is a
*blind* roll: the GM alone sees its result, the roller and the table are told that it
happened (a perception roll the player must not read). It is the one entry a player
writes that they cannot read; the campaign allows it only for a roll of a kind the GM
made blind (:meth:`meneur.saves.campaign.Campaign.append`).

What the player asks cannot undo it: a roll of a kept kind is blind whether they asked
for it public, private or announced (:func:`roll_secrecy`, for every door), or the
player would read what the GM keeps from them. The GM's own choice always wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.table_rules import Seat
from meneur.saves.entry_parts import PUBLIC, Secrecy
from meneur.saves.state import secrecy as defaults

KEPT = ("gm", "gm_announced")
"""The defaults by which the GM keeps a kind of roll to themself (a player's are blind)."""


def kept_kinds(state: Mapping[str, Any]) -> frozenset[str]:
    """The kinds of roll the GM keeps to themself (``[secrecy]`` ``gm`` or
    ``gm_announced``): a player's are blind rolls."""
    return frozenset(kind for kind, how in defaults(state).items() if how in KEPT)


def blind(seat: Seat) -> Secrecy:
    """A blind roll by ``seat`` (a player): the GM alone sees its result, the others
    are told it happened."""
    return Secrecy("gm", player=seat.name, announced=True)


def roll_secrecy(
    state: Mapping[str, Any],
    system: str,
    seat: Seat,
    visibility: str | None = None,
    announce: bool = False,
) -> Secrecy:
    """The secrecy of a roll of ``system`` written by ``seat``, which asked for
    ``visibility`` (None: the table's default for the kind) and ``announce`` (alone: the
    table's default, its secret announced). A player's roll of a kind the GM keeps is
    blind whatever they asked (see the module); any other player's roll is theirs (it
    says who threw it). A player who asks ``gm`` of any other kind is asked for what
    the table refuses them (:func:`meneur.core.table_rules.check_entry`)."""
    player = seat.name if seat.role == "player" else None
    if player is not None and system in kept_kinds(state):
        return blind(seat)
    if visibility is not None:
        return Secrecy(visibility, player, announce)
    chosen = default_secrecy(state, system, seat)
    if chosen.visibility == "public":
        return Secrecy("public", player)
    return Secrecy(chosen.visibility, chosen.player or player, chosen.announced or announce)


def default_secrecy(state: Mapping[str, Any], system: str, seat: Seat) -> Secrecy:
    """The secrecy of a roll of ``system`` written by ``seat`` when its roller chose
    none (see the module)."""
    chosen = defaults(state).get(system, "public")
    if chosen == "public":
        return PUBLIC
    if seat.role == "player":
        if chosen == "private":
            return Secrecy("private", player=seat.name)
        return blind(seat)
    if chosen == "private":  # the GM's own roll: theirs alone, as a GM entry is
        return Secrecy("gm")
    return Secrecy("gm", announced=chosen == "gm_announced")
