"""The command line's tests (``meneur odds|roll <test> …``): those no system owns
(:data:`COMMON`), and the parsers of every test, a system's from its room
(:mod:`meneur.cli.rooms`). Only the test being run gets its options (and imports its
rules module for their choices)."""

from __future__ import annotations

import argparse

from .argument_kinds import Parser, _add_common, _whole_number
from .rooms import RollCommand, commands


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


def _common() -> tuple[RollCommand, ...]:
    from . import commands as inputs

    return (
        RollCommand(
            "oracle",
            "the environment oracle (2/3/4 keep-under)",
            "",
            _oracle_options,
            inputs.oracle_question,
        ),
        RollCommand("yesno", "the yes/no oracle", "", _yesno_options, inputs.yesno_question),
        RollCommand(
            "scene",
            "solo play's scene test (1d6 against the tension)",
            "Above the tension the scene goes as expected; at most it, an odd face alters it "
            "and an even one interrupts it.",
            _scene_options,
            inputs.scene_test,
        ),
        RollCommand(
            "dice",
            "a dice expression: 2d6+3, d%%, 4dF, 4d6kh3, 2d20kl1, 8d6>=5",
            "",
            _dice_options,
            inputs.dice_inputs,
        ),
        RollCommand(
            "table",
            "a random table: a shipped one or the campaign's",
            "A roll on a random table by its key or name (tables it rolls on included).",
            _table_options,
            inputs.table_query,
        ),
    )


COMMON = _common()
"""The tests no system owns."""


def _add_systems(
    subparsers: argparse._SubParsersAction[Parser],
    *,
    rolling: bool,
    selected: str | None,
    others: bool = False,
) -> None:
    """A parser for every test (``others``: also those of systems other packages add),
    with its options for the ``selected`` one alone."""
    verb = "roll" if rolling else "exact odds of"
    for name, found in commands(others=others).items():
        if not rolling and found.rolled_only:
            continue
        parser = subparsers.add_parser(
            name, help=f"{verb} {found.summary}", description=found.description or None
        )
        if name == selected:
            found.options(parser, rolling)
            _add_common(parser, rolling=rolling)
