"""Great Cosmos movement on a grid (meneur.core.cosmos.grid), the same from the panel,
the shared table and ``meneur move``: a character placed or moved is one journal entry
made of the sheets under the lock, and what a move may do is the core's to say."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.core.cosmos.grid import Place, distance, in_melee, move
from meneur.core.cosmos.sheet import squares_of
from meneur.core.errors import RulesError
from meneur.play.characters import sheet_change, sheet_of
from meneur.saves.entry_parts import Plan, Planned, Worded

Words = Callable[..., str]


def _character(state: Mapping[str, Any], character: str) -> tuple[Mapping[str, Any], str]:
    if not state.get("options", {}).get("movement"):
        raise RulesError(
            "the movement rule is off (options.movement)", message_key="cosmos.grid.off"
        )
    return sheet_of(state, character)


def move_to(
    character: str, to: tuple[int, int], *, place: bool = False, genes: object = None
) -> Plan:
    """Move ``character`` to the square ``to`` within this turn's squares (``place``: put
    them there, as the GM sets the scene, counting nothing); their squares count their
    Agilité as the campaign's ``genes`` raise it.

    Refused (RulesError) with the movement rule off, before the character is placed
    (for a move), beyond the squares left, or after moving then acting.
    """

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = _character(state, character)
        here = Place.from_sheet(sheet)
        x, y = to
        if place:
            after = Place(x, y, here.moved if here else 0, here.acted if here else False)
            text = Worded("grid.placed", {"name": name, "x": x, "y": y})
        else:
            if here is None:
                raise RulesError(
                    "place the character on the grid first", message_key="cosmos.grid.unplaced"
                )
            squares = squares_of(state.get("options", {}), sheet, genes)
            after = move(here, to, squares)
            text = Worded(
                "grid.moved",
                {
                    "name": name,
                    "x0": here.x,
                    "y0": here.y,
                    "x": x,
                    "y": y,
                    "steps": after.moved - here.moved,
                    "moved": after.moved,
                    "squares": squares,
                },
            )
        change = sheet_change(state, character, "grid", after.to_sheet())
        return Planned(text, (change,), character=character)

    return plan


def new_turn(character: str) -> Plan:
    """A new turn for ``character`` on the grid: its moves counted again from nothing
    (the panel does it as the character's turn ends).

    Refused (RulesError) with the movement rule off or the character not placed.
    """
    from meneur.core.cosmos.grid import turn_over

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = _character(state, character)
        here = turn_over(Place.from_sheet(sheet))
        if here is None:
            raise RulesError(
                "place the character on the grid first", message_key="cosmos.grid.unplaced"
            )
        change = sheet_change(state, character, "grid", here.to_sheet())
        return Planned(Worded("grid.new_turn", {"name": name}), (change,), character=character)

    return plan


def around(state: Mapping[str, Any], character: str, t: Words, genes: object = None) -> list[str]:
    """The character's square and squares left (their Agilité as the campaign's
    ``genes`` raise it), then every other character placed: its distance and whether it
    is at melee range, nearest first (names, never keys)."""
    sheet, name = _character(state, character)
    here = Place.from_sheet(sheet)
    if here is None:
        return [t("grid.unplaced", name=name)]
    squares = squares_of(state.get("options", {}), sheet, genes)
    lines = [
        t("grid.here", name=name, x=here.x, y=here.y, left=max(0, squares - here.moved),
          squares=squares)
        + (" · " + t("grid.no_more") if here.acted else "")
    ]  # fmt: skip
    others = []
    for ident, item in state.get("characters", {}).items():
        if ident == character or not isinstance(item, Mapping):
            continue
        other_sheet = item.get("sheet", {})
        try:
            there = Place.from_sheet(other_sheet if isinstance(other_sheet, Mapping) else {})
        except RulesError:
            continue  # the campaign's check refuses such a sheet already
        if there is not None:
            others.append((distance(here.square, there.square), str(item.get("name", "—")), there))
    for steps, other, there in sorted(others, key=lambda found: (found[0], found[1])):
        melee = " · " + t("grid.melee") if in_melee(here.square, there.square) else ""
        lines.append(t("grid.other", name=other, x=there.x, y=there.y, steps=steps) + melee)
    return lines
