"""``meneur move [DIR] CHARACTER [X,Y] [--place | --new-turn]``: Great Cosmos movement on
a grid (the movement rule) — where the character stands, the squares left this turn and the others'
distances, or one move journaled, made of the sheet under the lock
(meneur.play.cosmos.grid), the same the panel makes."""

from __future__ import annotations

import argparse

from meneur.cli.journaling import _directory, _open, character_named
from meneur.cli.language import written
from meneur.cli.usage import UsageError


def run_move(args: argparse.Namespace) -> str:
    """Show the character on the grid, or move (or place) them.

    Raises:
        UsageError: for words that are not ``[DIR] CHARACTER [X,Y]``.
        RulesError: when the rules refuse the move (too far, moved then acted…): nothing
            is written.
    """
    from meneur.cli.seats import seat_of
    from meneur.content.strings import default_language, strings
    from meneur.core.cosmos.grid import parse_square
    from meneur.play import act
    from meneur.play.cosmos import sheet_content
    from meneur.play.cosmos.grid import around, move_to

    words = list(args.words)
    square = None
    if len(words) >= 2 and any(c.isdigit() for c in words[-1]) and "," in words[-1]:
        square = parse_square(words.pop())
    if len(words) not in (1, 2):
        raise UsageError("meneur move", "expected [DIR] CHARACTER [X,Y]")
    if args.place and square is None:
        raise UsageError("meneur move", "--place needs the square X,Y")
    if args.new_turn and square is not None:
        raise UsageError("meneur move", "--new-turn takes no square")
    directory = _directory(words[0] if len(words) == 2 else None)
    t = strings(args.lang or default_language()).t
    if args.new_turn:
        from meneur.play.cosmos.grid import new_turn

        with _open(directory) as campaign:
            ident = character_named(words[-1], campaign.state.get("characters", {}), "meneur move")
            entry = act.change(campaign, seat_of(args, campaign), new_turn(ident))
        return written(entry, campaign, args)
    if square is None:
        with _open(directory, write=False) as campaign:
            ident = character_named(words[-1], campaign.state.get("characters", {}), "meneur move")
            genes = sheet_content(campaign.directory)
            return "\n".join(around(campaign.state, ident, t, genes))
    with _open(directory) as campaign:
        ident = character_named(words[-1], campaign.state.get("characters", {}), "meneur move")
        entry = act.change(
            campaign,
            seat_of(args, campaign),
            move_to(ident, square, place=args.place, genes=sheet_content(campaign.directory)),
        )
    return written(entry, campaign, args)
