"""The seat a command acts from. Whoever holds a campaign's files is its GM, so on the
command line ``--as NAME`` is not a login but a promise a script makes (a bot acting for
a player, a GM checking what bob sees): the command is then allowed, refused and shown
exactly as at that player's seat. Who the player is and what they may do are
``meneur.play``'s (:func:`meneur.play.seating.seat_named`, ``play.act``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .usage import UsageError

if TYPE_CHECKING:
    from meneur.core.table_rules import Seat
    from meneur.core.visibility import Viewer
    from meneur.play.campaigns import Campaign


def seat_of(args: argparse.Namespace, campaign: Campaign) -> Seat:
    """The GM's seat, or the player's ``--as`` names (looked up once a command); what
    the command writes is that seat's (:mod:`meneur.play.act`: a player's entries are
    theirs, their undo takes back their own).

    Raises:
        CampaignError: for a name that is no player of this table.
    """
    from meneur.play.seating import seat_named

    seat: Seat | None = getattr(args, "_seat", None)
    if seat is None:
        seat = seat_named(campaign.directory, campaign.state, getattr(args, "seat_name", None))
        args._seat = seat
    return seat


def governing(args: argparse.Namespace, campaign: Campaign, doing: str = "seats") -> None:
    """Refuse a command that governs the table (its seats, invites, serving it) ``--as``
    a player (``doing``: what it does, a key of ``meneur.play.seating.GOVERNING``).

    Raises:
        CampaignError: for an unknown name; Refusal for a player.
    """
    from meneur.play.seating import governs

    governs(campaign.directory, seat_of(args, campaign), doing)


def viewer_of(args: argparse.Namespace, campaign: Campaign) -> Viewer:
    """Whose view a reading command gives: ``--as NAME``, that player's; ``--role``, the
    GM's or the audience's; neither, the audience's (public entries only).

    Raises:
        UsageError: for ``--role player`` without ``--as``, or ``--as`` with another role.
        CampaignError: for a name that is no player of this table.
    """
    from meneur.core.visibility import Viewer

    role = getattr(args, "role", None)
    if getattr(args, "seat_name", None) is not None:
        if role not in (None, "player"):
            raise UsageError(
                f"meneur {args.command}",
                "--as NAME is that player's view: leave out --role {role}",
                role=role,
            )
        return seat_of(args, campaign).viewer
    if role == "player":
        raise UsageError(f"meneur {args.command}", "--role player needs --as NAME")
    return Viewer(role or "audience")
