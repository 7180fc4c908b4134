"""The command line's grammar: ``meneur odds|roll <system> …`` and ``meneur create``.

The names here are a contract: scripts and bots outside this repository rely on them.
Parsing never prints a usage block: a mistake is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from meneur.core.oracles import LIKELIHOODS, Lean
from meneur.core.resolution import Alteration, Interest, Intrinsic


class UsageError(Exception):
    """A command line that cannot be understood.

    Shown as one line: ``<command>: error: <message>``.
    """

    def __init__(self, command: str, message: str) -> None:
        super().__init__(f"{command}: error: {message}")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, message)


def _whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argument type for a whole number, optionally within ``low``…``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if high is None and low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
        if high is not None and low is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    return parse


def _positions(text: str) -> tuple[int, ...]:
    try:
        positions = tuple(int(part) - 1 for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"give five dice numbers 1-10 separated by commas, not {text!r}"
        ) from None
    return positions


def _add_common(parser: argparse.ArgumentParser, *, rolling: bool) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    if rolling:
        parser.add_argument(
            "--seed",
            type=_whole_number(0),
            help="seed of the dice (the same seed gives the same roll)",
        )


def _add_systems(subparsers: argparse._SubParsersAction[Parser], *, rolling: bool) -> None:
    verb = "roll" if rolling else "exact odds of"

    resolution = subparsers.add_parser(
        "resolution",
        help=f"{verb} Résoudre une action (3d6 keep-under)",
        description="Difficulty from the two scales (or opposed, or a score to beat), "
        "one element or two when the first is typical, and the alteration.",
    )
    how = resolution.add_argument_group("difficulty (one of)")
    how.add_argument("--score", type=_whole_number(), help="score to beat, set directly")
    how.add_argument("--intrinsic", choices=[i.value for i in Intrinsic])
    how.add_argument("--interest", choices=[i.value for i in Interest])
    how.add_argument(
        "--opposed",
        type=_whole_number(),
        nargs="+",
        metavar="N",
        help="opposed action: the defender's engaged element scores (difficulty 3 - their sum)",
    )
    resolution.add_argument(
        "--element",
        type=_whole_number(0, 99),
        action="append",
        default=[],
        metavar="N",
        help="an element's score; give it twice for two elements (needs --typical)",
    )
    resolution.add_argument(
        "--typical", action="store_true", help="the action is typical for the first element"
    )
    resolution.add_argument(
        "--alteration", choices=[a.value for a in Alteration], default=Alteration.STABLE.value
    )
    _add_common(resolution, rolling=rolling)

    oracle = subparsers.add_parser(
        "oracle", help=f"{verb} the environment oracle (2/3/4 keep-under)"
    )
    oracle.add_argument("--lean", choices=[lean.value for lean in Lean], required=True)
    oracle.add_argument("--question", default="", help="the question asked, for the record")
    _add_common(oracle, rolling=rolling)

    yesno = subparsers.add_parser("yesno", help=f"{verb} the yes/no oracle")
    yesno.add_argument(
        "--likelihood",
        type=_whole_number(LIKELIHOODS.start, LIKELIHOODS.stop - 1),
        required=True,
        help="1 very unlikely, 2 unlikely, 3 even, 4 likely, 5 very likely",
    )
    yesno.add_argument("--question", default="", help="the question asked, for the record")
    _add_common(yesno, rolling=rolling)

    cosmos = subparsers.add_parser("cosmos", help=f"{verb} a Great Cosmos d100 test")
    threshold = cosmos.add_mutually_exclusive_group(required=True)
    threshold.add_argument(
        "--threshold", type=_whole_number(), help="value to roll under (a stat, or given)"
    )
    threshold.add_argument(
        "--stat",
        type=_whole_number(),
        action="append",
        help="a stat; give several to roll under the floor of their mean",
    )
    cosmos.add_argument(
        "--bonus", type=_whole_number(), default=0, help="bonus (or -malus) in %% points"
    )
    cosmos.add_argument("--karma", type=_whole_number(-10, 10), default=0)
    _add_common(cosmos, rolling=rolling)

    intuition = subparsers.add_parser("intuition", help=f"{verb} a Great Cosmos intuition roll")
    intuition.add_argument("--intuition", type=_whole_number(0, 6), default=3)
    _add_common(intuition, rolling=rolling)

    dice = subparsers.add_parser(
        "dice",
        help=f"{verb} a dice expression: 2d6+3, d%%, 4dF, 4d6kh3, 2d20kl1, 8d6>=5",
    )
    dice.add_argument("expression", help="the dice expression (quote it in the shell)")
    _add_common(dice, rolling=rolling)


def build_parser() -> Parser:
    """The whole ``meneur`` command line."""
    parser = Parser(
        prog="meneur",
        description="meneur: exact odds and reproducible rolls for five French "
        "tabletop role-playing systems.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    odds = commands.add_parser("odds", help="exact odds of every outcome, before rolling")
    _add_systems(odds.add_subparsers(dest="system", metavar="SYSTEM", required=True), rolling=False)

    roll = commands.add_parser("roll", help="roll dice for a test, reproducibly with --seed")
    _add_systems(roll.add_subparsers(dest="system", metavar="SYSTEM", required=True), rolling=True)

    create = commands.add_parser("create", help="character creation rolls")
    kinds = create.add_subparsers(dest="kind", metavar="SYSTEM", required=True)
    cosmos = kinds.add_parser(
        "cosmos",
        help="Great Cosmos: 10d100 PV/PM, 6d100 stats, DNA points, money",
    )
    cosmos.add_argument(
        "--pm-dice",
        type=_positions,
        metavar="I,J,K,L,M",
        help="the five PV/PM dice (numbered 1-10) given to PM: adds PV, PM and skill points",
    )
    cosmos.add_argument(
        "--convert",
        action="store_true",
        help="the 2d100 of a character converted from rules before v4 instead",
    )
    _add_common(cosmos, rolling=True)
    return parser


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse ``argv`` (default: the process's arguments).

    Raises:
        UsageError: with one line saying what is wrong.
    """
    return build_parser().parse_args(sys.argv[1:] if argv is None else argv)
