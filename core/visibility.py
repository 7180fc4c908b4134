"""Who may see what at the table: the one rule every view applies before it renders.

An entry of the journal is **public** (everyone), **private** (the player it belongs to,
and the GM) or **gm** (the GM alone: a blind roll, a GM note, a roll on a GM table). A
viewer is the GM, a player (by name), or the audience (a stream, a spectator). What a
viewer may not see never reaches it: a view asks :func:`shown` for each entry and gets
the whole entry, only the fact that the GM rolled (when the GM *announced* a blind
roll), or nothing at all.

Secrets also leak through what a secret changes: an entry that changes a GM-only key
(a tracker or table the GM keeps to themself) is a GM entry whatever it says, and an
undo, a redo or a note edit is as secret as the entry it acts on
(:func:`stricter` combines them).
"""

from __future__ import annotations

from enum import Enum

from meneur.core.frozen import frozen

from .errors import RulesError

VISIBILITIES = ("public", "private", "gm")
"""From the most to the least seen."""
ROLES = ("gm", "player", "audience")


class Shown(Enum):
    """How much of an entry a viewer receives."""

    WHOLE = "whole"
    ANNOUNCED = "announced"
    """Only that it happened (a blind roll the GM chose to announce): no text, no dice,
    no outcome, no consequence."""
    HIDDEN = "hidden"


@frozen
class Viewer:
    """Someone a view is for.

    Attributes:
        role: ``gm``, ``player`` or ``audience``.
        name: a player's name at the table (their private entries are theirs).
    """

    role: str = "audience"
    name: str | None = None

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise RulesError(
                f"a viewer is one of {', '.join(ROLES)}, not {self.role!r}",
                message_key="seat.role",
                known=", ".join(ROLES),
                value=self.role,
            )
        if self.role == "player" and not self.name:
            raise RulesError("a player viewer has a name", message_key="seat.no_name")


GM = Viewer("gm")
AUDIENCE = Viewer("audience")


def check_visibility(visibility: str) -> str:
    """``visibility`` itself, checked.

    Raises:
        RulesError: for anything but public, private or gm.
    """
    if visibility not in VISIBILITIES:
        raise RulesError(
            f"visibility is one of {', '.join(VISIBILITIES)}, not {visibility!r}",
            message_key="seat.visibility",
            known=", ".join(VISIBILITIES),
            value=visibility,
        )
    return visibility


def stricter(*visibilities: str) -> str:
    """The most secret of ``visibilities`` (public when none)."""
    return max(visibilities, key=VISIBILITIES.index, default="public")


def shown(viewer: Viewer, visibility: str, player: str | None, announced: bool) -> Shown:
    """How much of an entry ``viewer`` may receive.

    Args:
        visibility: the entry's (already made :func:`stricter` by what it acts on).
        player: the player a private entry belongs to.
        announced: whether the others may know the entry happened (a blind roll the
            GM announces, a private roll said to the table).
    """
    if visibility == "public" or viewer.role == "gm":
        return Shown.WHOLE
    if visibility == "private" and viewer.role == "player" and viewer.name == player:
        return Shown.WHOLE
    return Shown.ANNOUNCED if announced else Shown.HIDDEN
