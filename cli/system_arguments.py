"""The command line's tests no system owns (:data:`COMMON`: ``meneur odds|roll oracle|
yesno|scene|dice|table …``): their options, and the core's inputs they make. A system's
are in its room (:mod:`meneur.cli.rooms`). Only the test being run gets its options (and
imports its rules module for their choices)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from .argument_kinds import Parser, _whole_number, add_seat
from .roll_command import RollCommand
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.core import expressions, oracles


def _oracle_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.oracles import Lean

    parser.add_argument(
        "--lean",
        choices=[lean.value for lean in Lean],
        required=True,
        help="whether the environment leans against the characters, for them, or neither",
    )
    parser.add_argument("--question", default="", help="the question asked, for the record")


def _yesno_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--likelihood",
        type=_whole_number(1, 5),
        required=True,
        help="1 very unlikely, 2 unlikely, 3 even, 4 likely, 5 very likely",
    )
    parser.add_argument("--question", default="", help="the question asked, for the record")
    _tension_option(parser)


def _tension_option(parser: Parser) -> None:
    parser.add_argument(
        "--tension",
        type=_whole_number(1, 5),
        help="the tension, 1 calm … 5 crisis (solo play: random events on a double below "
        "it, answers bent); with --campaign, the campaign's when its solo option is on",
    )


def _scene_options(parser: Parser, rolling: bool) -> None:
    _tension_option(parser)
    parser.add_argument("--scene", default="", help="the scene expected, for the record")


def _dice_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument("expression", help="the dice expression (quote it in the shell)")


def _table_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "name", help="a table's key or name: a shipped one, or the campaign's with --campaign"
    )
    if not rolling:
        parser.add_argument(
            "--campaign", metavar="DIR", help="also the tables of this campaign (read only)"
        )
        add_seat(parser)  # a player's odds name none of the GM's tables, as their rolls


# Each builder imports its own rules module: a command pays only for its tests.


def _command(args: argparse.Namespace) -> str:
    return f"meneur {args.command} {args.system}"


def oracle_question(args: argparse.Namespace) -> oracles.OracleQuestion:
    """The environment oracle's question from its options."""
    from meneur.core import oracles

    return oracles.OracleQuestion(lean=oracles.Lean(args.lean), question=args.question)


def yesno_question(args: argparse.Namespace) -> oracles.YesNoQuestion:
    """The yes/no oracle's question from its options."""
    from meneur.core import oracles

    return oracles.YesNoQuestion(
        likelihood=args.likelihood, question=args.question, tension=args.tension
    )


def scene_test(args: argparse.Namespace) -> Any:
    """Solo play's scene test from its options (the middle tension by default)."""
    from meneur.core import solo

    tension = solo.TENSION_START if args.tension is None else args.tension
    return solo.SceneTest(tension=tension, scene=args.scene)


def dice_inputs(args: argparse.Namespace) -> expressions.DiceInputs:
    """The dice expression from its argument, read once here so that one that cannot
    be read is refused before any die is drawn (its message names no seed: no dice
    were rolled to reproduce).

    Raises:
        DiceNotationError: when the expression cannot be read.
    """
    from meneur.core import expressions, notation

    notation.parse(args.expression)
    return expressions.DiceInputs(args.expression)


def table_query(args: argparse.Namespace) -> Any:
    """A roll on a random table named by its key or name: the campaign's own (with
    ``--campaign``), the GM's library, else a shipped one in French or English; with
    ``--as``, one of the tables that player may roll on, as play gives them
    (:func:`meneur.play.tables.tables_for`).

    Raises:
        UsageError: naming the tables there are, for a name that is none of them.
        CampaignError: when the campaign cannot be read, or ``--as`` names no player.
    """
    from meneur.core import tables

    found = _table_named(args, args.name)
    if isinstance(found, str):
        raise UsageError(
            _command(args), "no table {name!r} (tables: {known})", name=args.name, known=found
        )
    table, pool = found
    return tables.TableQuery.of(table, pool)


def event_query(args: argparse.Namespace) -> Any:
    """The roll on the ``event`` table a yes/no answer's random event is (see
    :func:`table_query`); None when the seat has no such table (a player's, when the
    campaign's own ``event`` is the GM's), which brings no event then, as at the table
    (:meth:`meneur.play.session.Session.event_after`)."""
    from meneur.core import tables

    found = _table_named(args, "event")
    if isinstance(found, str):
        return None
    table, pool = found
    return tables.TableQuery.of(table, pool)


def _table_named(args: argparse.Namespace, name: str) -> tuple[Any, tuple[Any, ...]] | str:
    """The table ``name`` finds among those the command may roll on (see
    :func:`table_query`), in the reader's language, and the tables it may roll on through
    it; else the names of those there are, as the reader's language names them.

    Raises:
        CampaignError: when the campaign cannot be read, or ``--as`` names no player.
    """
    from meneur.content import example_tables, story_tables_for, tables_from_data
    from meneur.core import tables

    first, second = ("en", "fr") if getattr(args, "lang", None) == "en" else ("fr", "en")
    campaign = getattr(args, "campaign", None)
    if campaign and getattr(args, "seat_name", None) is not None:
        # A player's seat (--as): the tables play gives it, and those alone — never the
        # GM's, nor the shipped one whose key a table of the GM's takes.
        from pathlib import Path

        from meneur.play.campaigns import read_state
        from meneur.play.seating import seat_named
        from meneur.play.tables import tables_for

        state = read_state(campaign)
        seat = seat_named(Path(campaign), state, args.seat_name)
        own = tables_for(seat, state, first)
        pool = (*own, *tables_for(seat, state, second))
        readers = own
    else:
        own = ()
        if campaign:
            from meneur.play.campaigns import read_state

            state = read_state(campaign)
            own = tables_from_data(state["tables"], "campaign.toml")
            own += story_tables_for(state["lists"], first)  # before the shipped, empty ones
        if getattr(args, "seat_name", None) is None:
            # The GM's own library (a player's --as seat is never offered it).
            from meneur.play.library import library

            keys = {table.key for table in own}
            own += tuple(t for t in library().tables if t.key not in keys)
        readers = (*own, *example_tables(first))
        pool = (*readers, *example_tables(second))
    table = tables.find(pool, name)
    if table is None:
        # Named as the reader's language names them (a name finds its table as a key does).
        return ", ".join(sorted({t.name for t in readers}, key=str.casefold))
    if table not in own:  # a shipped table named in the other language: the reader's
        table = tables.find(readers, table.key) or table
    return table, pool


def _common() -> tuple[RollCommand, ...]:
    return (
        RollCommand(
            "oracle",
            "the environment oracle (2/3/4 keep-under)",
            "",
            _oracle_options,
            oracle_question,
        ),
        RollCommand("yesno", "the yes/no oracle", "", _yesno_options, yesno_question),
        RollCommand(
            "scene",
            "solo play's scene test (1d6 against the tension)",
            "Above the tension the scene goes as expected; at most it, an odd face alters it "
            "and an even one interrupts it.",
            _scene_options,
            scene_test,
        ),
        RollCommand(
            "dice",
            "a dice expression: 2d6+3, d%%, 4dF, 4d6kh3, 2d20kl1, 8d6>=5",
            "",
            _dice_options,
            dice_inputs,
        ),
        RollCommand(
            "table",
            "a random table: a shipped one or the campaign's",
            "A roll on a random table by its key or name (tables it rolls on included).",
            _table_options,
            table_query,
        ),
    )


COMMON = _common()
"""The tests no system owns."""
