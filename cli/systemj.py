"""SYSTEMJ's room on the command line: its test's options, how they become the core's
inputs, and how its odds and rolls read."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from meneur.cli.argument_kinds import Parser, _whole_number
from meneur.cli.roll_command import Lines, OddsData, OddsLines, RollCommand, Run, ShownOutcomes
from meneur.core.kinds import Kind
from meneur.core.systemj import TEST

if TYPE_CHECKING:
    from meneur.content.strings import Strings


def _systemj_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--value", type=_whole_number(0, 200), required=True, metavar="V", help="on 100"
    )
    parser.add_argument(
        "--modifier",
        action="append",
        default=[],
        metavar="M",
        help="a number or a step: facilite, aise, tres-facile, extremement-simple, "
        "petite-difficulte, ardu, tres-difficile, quasiment-impossible (repeatable)",
    )


def systemj_test(args: argparse.Namespace) -> Any:
    """A SYSTEMJ test; modifiers are summed, by scale name or number."""
    from meneur.core.systemj import rules as systemj

    return systemj.SystemjTest.with_modifiers(args.value, args.modifier)


def _systemj_lines(record: Any, words: Strings) -> list[str]:
    if record.automatic:
        return [words.t("shown.no_die")]
    return [words.t("shown.d100", result=f"{record.result:02d}", score=record.effective)]


COMMANDS = (
    RollCommand(
        "systemj",
        "a SYSTEMJ d100 test (00-99 with degrees)",
        "",
        _systemj_options,
        systemj_test,
    ),
)
"""Its tests on the command line (``meneur odds|roll systemj``)."""


def _successes() -> frozenset[str]:
    from meneur.core.systemj.rules import SUCCESSES

    return SUCCESSES


ROLL_LINES = {TEST: _systemj_lines}
"""The dice lines of each kind of its rolls."""
SUCCESSES = {"systemj": _successes}
"""The outcomes that count as a success, by a record's ``system``."""


# Nothing of its own here: every member of a command-line room is in every room.
DISTRIBUTION: dict[Kind, OddsLines] = {}
SHOWN_OUTCOMES: dict[Kind, ShownOutcomes] = {}
ODDS_DATA: dict[Kind, OddsData] = {}
AFTER_OUTCOME: dict[Kind, Lines] = {}
RUN: dict[str, Run] = {}
add_commands = None
