"""Résoudre une action's room on the command line: its test's options, how they become
the core's inputs, and how its odds and rolls read."""

from __future__ import annotations

import argparse
from typing import Any

from meneur.cli.argument_kinds import Parser, _whole_number
from meneur.cli.bars import kept_distribution, kept_lines
from meneur.cli.roll_command import Lines, RollCommand, Run
from meneur.cli.usage import UsageError
from meneur.core.kinds import Kind
from meneur.core.resolution import TEST


def _resolution_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.resolution.rules import Alteration, Declared, Interest, Intrinsic

    how = parser.add_argument_group("difficulty (one of)")
    how.add_argument("--score", type=_whole_number(), help="score to beat, set directly")
    how.add_argument(
        "--intrinsic",
        choices=[i.value for i in Intrinsic],
        help="the intrinsic difficulty (with --interest)",
    )
    how.add_argument(
        "--interest",
        choices=[i.value for i in Interest],
        help="the scenaristic interest (with --intrinsic)",
    )
    how.add_argument(
        "--declared",
        choices=[d.value for d in Declared],
        help="the GM declares the action trivial (success) or impossible (failure): no roll",
    )
    how.add_argument(
        "--opposed",
        type=_whole_number(),
        nargs="+",
        metavar="N",
        help="opposed action: the defender's engaged element scores (difficulty 3 - their sum)",
    )
    parser.add_argument(
        "--element",
        type=_whole_number(0, 99),
        action="append",
        default=[],
        metavar="N",
        help="an element's score; give it twice for two elements (needs --typical)",
    )
    parser.add_argument(
        "--lend",
        action="append",
        default=[],
        metavar="NAME=N",
        help="collaborative action: a helper lends an element of score N (after any --element)",
    )
    parser.add_argument(
        "--group",
        action="store_true",
        help="group action with individual failure: two elements from two characters; on"
        " failure one of them fails",
    )
    parser.add_argument(
        "--typical", action="store_true", help="the action is typical for the first element"
    )
    parser.add_argument(
        "--alteration",
        choices=[a.value for a in Alteration],
        default=Alteration.STABLE.value,
        help="how side effects come",
    )


def resolution_test(args: argparse.Namespace) -> Any:
    """The action described by ``meneur odds|roll resolution`` options.

    Raises:
        UsageError: naming the options when they do not describe one action.
    """
    from meneur.core.resolution import rules as resolution

    command = f"meneur {args.command} {args.system}"
    scales = args.intrinsic is not None or args.interest is not None
    chosen = [
        name
        for name, given in (
            ("--score", args.score is not None),
            ("--intrinsic/--interest", scales),
            ("--opposed", args.opposed is not None),
            ("--declared", args.declared is not None),
        )
        if given
    ]
    if len(chosen) != 1:
        raise UsageError(
            command,
            "set the difficulty one way: --score N, "
            "or --intrinsic and --interest, or --opposed N [N], or --declared (got {got})"
            if chosen
            else "set the difficulty one way: --score N, "
            "or --intrinsic and --interest, or --opposed N [N], or --declared",
            got=" + ".join(chosen),
        )
    if scales and (args.intrinsic is None or args.interest is None):
        raise UsageError(command, "--intrinsic and --interest go together")
    given = [("", score) for score in args.element] + [
        _lent(command, text) for text in getattr(args, "lend", [])
    ]
    if len(given) > resolution.MAX_ELEMENTS:
        raise UsageError(command, "an action uses at most two elements (--element, --lend)")
    if len(given) == resolution.MAX_ELEMENTS and not args.typical:
        raise UsageError(
            command,
            "a second element needs --typical (the action must be typical for the first element)",
        )
    if args.typical and not given:
        raise UsageError(command, "--typical describes an --element; give one")
    elements = tuple(
        resolution.Element(score, typical=args.typical and i == 0, lender=lender)
        for i, (lender, score) in enumerate(given)
    )
    return resolution.ResolutionTest(
        intrinsic=resolution.Intrinsic(args.intrinsic) if args.intrinsic else None,
        interest=resolution.Interest(args.interest) if args.interest else None,
        elements=elements,
        alteration=resolution.Alteration(args.alteration),
        opposing=tuple(args.opposed) if args.opposed is not None else None,
        score=args.score,
        declared=resolution.Declared(args.declared) if args.declared else None,
        group=getattr(args, "group", False),
    )


def _lent(command: str, text: str) -> tuple[str, int]:
    """``Mira=2``: who lends an element, and its score.

    Raises:
        UsageError: for anything else.
    """
    name, _, score = text.rpartition("=")
    if not name.strip() or not score.strip().isdigit():
        raise UsageError(command, "--lend NAME=N (Mira=2), not {text!r}", text=text)
    return name.strip(), int(score)


def _shown_outcomes(odds: Any) -> dict[str, Any]:
    """Outcomes worth a bar: only those the action's alteration column can give."""
    from meneur.core.resolution.rules import possible_outcomes

    column = set(possible_outcomes(odds.inputs))
    return {key: p for key, p in odds.outcomes.items() if key in column}


COMMANDS = (
    RollCommand(
        "resolution",
        "Resolve an action (Résoudre une action), 3d6 keep-under",
        "Difficulty from the two scales (or opposed, or a score to beat), one element or "
        "two when the first is typical, and the alteration.",
        _resolution_options,
        resolution_test,
    ),
)
"""Its tests on the command line (``meneur odds|roll resolution``)."""


def _successes() -> frozenset[str]:
    from meneur.core.resolution.rules import SUCCESSES

    return SUCCESSES


ROLL_LINES = {TEST: kept_lines}
"""The dice lines of each kind of its rolls."""
SHOWN_OUTCOMES = {TEST: _shown_outcomes}
"""Which outcomes its odds show, by kind of inputs."""
DISTRIBUTION = {TEST: kept_distribution}
"""The lines below its odds' bars, by kind of inputs."""
ODDS_DATA = {TEST: lambda odds: {"score_to_beat": odds.inputs.score_to_beat}}
"""What its odds' JSON says before the outcomes, by kind of inputs."""
SUCCESSES = {"resolution": _successes}
"""The outcomes that count as a success, by a record's ``system``."""


# Nothing of its own here: every member of a command-line room is in every room.
AFTER_OUTCOME: dict[Kind, Lines] = {}
RUN: dict[str, Run] = {}
add_commands = None
