"""Great Cosmos movement on a grid (docs/rules/cosmos.md#movement, Règle de déplacement): distances
never diagonal, melee at 1, a turn's squares, and no move, act, move again."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos.grid import Place, acted, distance, in_melee, move, parse_square, turn_over
from meneur.core.errors import RulesError

squares = st.tuples(st.integers(0, 50), st.integers(0, 50))


def test_distances_are_never_diagonal() -> None:
    # "mesurées à l'horizontale, à la verticale ou une combinaison des deux, mais jamais
    # à la diagonale … égale au nombre de cases séparant les deux entités plus 1"
    assert distance((0, 0), (3, 0)) == 3  # two squares between, plus 1
    assert distance((0, 0), (1, 1)) == 2  # a diagonal neighbour is not at melee range
    assert in_melee((2, 2), (2, 3))
    assert not in_melee((2, 2), (3, 3))


@given(squares, squares, squares)
def test_distance_is_a_metric(a, b, c) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_a_turns_moves_add_up_to_its_squares() -> None:
    here = Place(1, 1)
    there = move(here, (3, 2), 4)
    assert (there.square, there.moved) == ((3, 2), 3)
    with pytest.raises(RulesError) as refused:
        move(there, (5, 2), 4)
    assert refused.value.message_key == "cosmos.grid.too_far"
    assert move(there, (4, 2), 4).moved == 4
    assert turn_over(there) == Place(3, 2)


def test_move_act_move_again_is_refused_but_act_then_move_is_not() -> None:
    # "ne peut pas se déplacer, agir puis se déplacer à nouveau"
    moved = move(Place(0, 0), (1, 0), 4)
    after = acted(moved)
    assert after is not None
    assert after.acted
    with pytest.raises(RulesError) as refused:
        move(after, (2, 0), 4)
    assert refused.value.message_key == "cosmos.grid.acted"
    # acting first leaves the whole move
    assert acted(Place(0, 0)) == Place(0, 0)
    assert move(Place(0, 0), (4, 0), 4).moved == 4


def test_the_sheets_grid_reads_and_odd_ones_are_refused() -> None:
    assert Place.from_sheet({"grid": {"x": 2, "y": 3, "moved": 1}}) == Place(2, 3, 1)
    assert Place.from_sheet({}) is None
    for bad in ({"x": 1}, {"x": 1, "y": -1}, {"x": 1, "y": 1, "z": 0}, {"x": True, "y": 1}):
        with pytest.raises(RulesError):
            Place.from_sheet({"grid": bad})
    assert parse_square("3,4") == (3, 4) == parse_square(" 3 4 ")
    for bad in ("3", "a,b", "-1,2", "3,4,5"):
        with pytest.raises(RulesError):
            parse_square(bad)
