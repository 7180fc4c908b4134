"""Great Cosmos movement on a grid (docs/rules/cosmos.md#movement, Règle de déplacement), an
extension rule: where each character stands, how far apart they are, and what a turn's move may do.

- "La zone d'action est alors découpée en damier … Les distances entre deux cases sont
  mesurées à l'horizontale, à la verticale ou une combinaison des deux, mais jamais à la
  diagonale. La distance est alors égale au nombre de cases séparant les deux entités
  plus 1. On considère dès lors que deux entités sont au corps à corps si la distance qui
  les sépare est de 1 unité." — the distance is |dx| + |dy|; 1 is melee.
- A turn's moves add up to at most the character's squares
  (:func:`meneur.core.cosmos.movement.movement_squares`: Agilité, an overloaded
  inventory, fatigue's −1/−2).
- "L'entité peut se déplacer puis agir ou agir puis se déplacer, mais ne peut pas se
  déplacer, agir puis se déplacer à nouveau": once it moved and then acted, it moves no
  more this turn.

The sheet keeps ``grid = { x, y, moved, acted }``: the square, the squares moved this
turn, and whether the character acted after moving (both reset when the turn ends).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.sheets import sheet_table

MAX_COORDINATE = 999


@frozen
class Place:
    """A character's square and this turn's moves.

    Attributes:
        x, y: the square (0 to 999 each).
        moved: squares moved this turn.
        acted: acted after moving this turn (no more moving then).
    """

    x: int
    y: int
    moved: int = 0
    acted: bool = False

    def __post_init__(self) -> None:
        for key in ("x", "y", "moved"):
            value = getattr(self, key)
            if not 0 <= value <= MAX_COORDINATE:
                raise RulesError(
                    f"grid.{key}: 0 to {MAX_COORDINATE}, not {value}",
                    message_key="cosmos.grid.coordinate",
                    where=f"grid.{key}",
                    most=MAX_COORDINATE,
                    value=value,
                )

    @property
    def square(self) -> tuple[int, int]:
        return self.x, self.y

    @classmethod
    def from_sheet(cls, sheet: Mapping[str, Any]) -> Place | None:
        """The sheet's ``grid`` (None: not on the grid).

        Raises:
            RulesError: naming the ``grid`` key that is wrong.
        """
        kinds = {"x": int, "y": int, "moved": int, "acted": bool}
        data = sheet_table(sheet, "grid", kinds, required=("x", "y"))
        return None if data is None else cls(**data)

    def to_sheet(self) -> dict[str, Any]:
        data: dict[str, Any] = {"x": self.x, "y": self.y}
        if self.moved:
            data["moved"] = self.moved
        if self.acted:
            data["acted"] = True
        return data


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Squares between two entities, never diagonally: |dx| + |dy|."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def in_melee(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two entities are at melee range (a distance of 1)."""
    return distance(a, b) == 1


def move(place: Place, to: tuple[int, int], squares: int) -> Place:
    """Move to ``to`` this turn, with ``squares`` a turn in all.

    Raises:
        RulesError: once the character moved then acted, or beyond the squares left.
    """
    if place.acted:
        raise RulesError(
            "moved, acted: no moving again this turn",
            message_key="cosmos.grid.acted",
        )
    steps = distance(place.square, to)
    left = max(0, squares - place.moved)
    if steps > left:
        raise RulesError(
            f"{steps} squares, {left} left this turn",
            message_key="cosmos.grid.too_far",
            steps=steps,
            left=left,
        )
    return replace(place, x=to[0], y=to[1], moved=place.moved + steps)


def acted(place: Place | None) -> Place | None:
    """The character acted: after a move this turn, no more moving."""
    if place is None or not place.moved or place.acted:
        return place
    return replace(place, acted=True)


def turn_over(place: Place | None) -> Place | None:
    """The turn ended: the next one's moves start from nothing."""
    if place is None:
        return None
    return replace(place, moved=0, acted=False)


def parse_square(text: str) -> tuple[int, int]:
    """A square typed as ``3,4`` (or ``3 4``).

    Raises:
        RulesError: for anything else.
    """
    parts = text.replace(",", " ").split()
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() for p in parts):
        raise RulesError(
            f"a square is two whole numbers, x,y — not {text!r}",
            message_key="cosmos.grid.square",
        )
    x, y = (int(p) for p in parts)
    if max(x, y) > MAX_COORDINATE:
        raise RulesError(
            f"a square's numbers run to {MAX_COORDINATE}",
            message_key="cosmos.grid.square_most",
            most=MAX_COORDINATE,
        )
    return x, y
