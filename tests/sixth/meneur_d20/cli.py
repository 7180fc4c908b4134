"""Dé vingt's room on the command line: ``meneur odds|roll d20 --talent T --difficulty D``."""

from __future__ import annotations

import argparse
from typing import Any

from meneur.cli.argument_kinds import Parser, whole_number
from meneur.cli.roll_command import Lines, OddsData, OddsLines, RollCommand, Run, ShownOutcomes
from meneur.core.kinds import Kind
from meneur_d20 import TEST


def _options(parser: Parser, rolling: bool) -> None:
    parser.add_argument("--talent", type=whole_number(0, 10), default=3, help="the Talent")
    parser.add_argument(
        "--difficulty", type=whole_number(1, 40), required=True, help="the Difficulty"
    )
    parser.add_argument("--bonus", type=whole_number(), default=0, help="a bonus (or -malus)")


def _inputs(args: argparse.Namespace) -> Any:
    from .rules import D20Test

    return D20Test(args.talent, args.difficulty, args.bonus)


def _lines(record: Any, words: Any) -> list[str]:
    return [f"d20{words.t('shown.colon')}{record.result} → total {record.total}"]


COMMANDS = (
    RollCommand(
        "d20", "a Dé vingt test (1d20 + Talent against a Difficulty)", "", _options, _inputs
    ),
)


def _successes() -> frozenset[str]:
    from .rules import SUCCESSES

    return SUCCESSES


ROLL_LINES = {TEST: _lines}
SUCCESSES = {"d20": _successes}


# Nothing of its own here: every member of a command-line room is in every room.
DISTRIBUTION: dict[Kind, OddsLines] = {}
SHOWN_OUTCOMES: dict[Kind, ShownOutcomes] = {}
ODDS_DATA: dict[Kind, OddsData] = {}
AFTER_OUTCOME: dict[Kind, Lines] = {}
RUN: dict[str, Run] = {}
add_commands = None
