"""Players seated at a test campaign's table, so that ``--as NAME`` names a seat (an
unknown name is refused: meneur.play.seating.seat_named)."""

from __future__ import annotations

from pathlib import Path

from meneur.play.campaigns import read_state
from meneur.play.seating import edit_table, seating


def seat(directory: Path, *players: str) -> None:
    """Seat each of ``players`` (an id), with no key and no character."""
    state = read_state(directory)
    for player in players:
        edit_table(directory, state, seating(player))
