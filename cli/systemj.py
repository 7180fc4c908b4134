"""SYSTEMJ's room on the command line: its test's options, how they become the core's
inputs, and how its odds and rolls read."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from meneur.cli.argument_kinds import Parser, _whole_number
from meneur.cli.rooms import RollCommand

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
ROLL_LINES = {"systemj.SystemjRoll": _systemj_lines}
"""The dice lines of each kind of its rolls."""
SUCCESSES = {"systemj": "meneur.core.systemj.rules:SUCCESSES"}
"""Where the outcomes that count as a success are (``module:NAME``), by a record's
``system``."""


# Nothing of its own here: every member of a command-line room is in every room.
DISTRIBUTION: dict[str, Any] = {}
SHOWN_OUTCOMES: dict[str, Any] = {}
ODDS_DATA: dict[str, Any] = {}
AFTER_OUTCOME: dict[str, Any] = {}
RUN: dict[str, str] = {}
add_commands = None


if TYPE_CHECKING:  # mypy holds this room to what a command-line room provides
    from meneur.cli import systemj as _room
    from meneur.cli.rooms import CliRoom

    _checked: CliRoom = _room
