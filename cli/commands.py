"""From parsed arguments to core inputs, and the core function each command calls."""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from typing import Any

from meneur.core import cosmos, cosmos_creation, expressions, oracles, resolution
from meneur.core.errors import RulesError
from meneur.core.odds import Odds
from meneur.core.records import RollRecord, roll_seeded

from .arguments import UsageError


def new_seed() -> int:
    """A fresh seed from system entropy (63 bits, so it prints and parses as a plain int)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def resolution_test(args: argparse.Namespace) -> resolution.ResolutionTest:
    """The action described by ``meneur odds|roll resolution`` options.

    Raises:
        UsageError: naming the options when they do not describe one action.
    """
    command = f"meneur {args.command} resolution"
    scales = args.intrinsic is not None or args.interest is not None
    chosen = [
        name
        for name, given in (
            ("--score", args.score is not None),
            ("--intrinsic/--interest", scales),
            ("--opposed", args.opposed is not None),
        )
        if given
    ]
    if len(chosen) != 1:
        raise UsageError(
            command,
            "set the difficulty one way: --score N, "
            "or --intrinsic and --interest, or --opposed N [N]"
            + (f" (got {' and '.join(chosen)})" if chosen else ""),
        )
    if scales and (args.intrinsic is None or args.interest is None):
        raise UsageError(command, "--intrinsic and --interest go together")
    if len(args.element) > resolution.MAX_ELEMENTS:
        raise UsageError(command, "an action uses at most two --element")
    if len(args.element) == resolution.MAX_ELEMENTS and not args.typical:
        raise UsageError(
            command,
            "a second --element needs --typical (the action must be typical for the first element)",
        )
    if args.typical and not args.element:
        raise UsageError(command, "--typical describes an --element; give one")
    elements = tuple(
        resolution.Element(score, typical=args.typical and i == 0)
        for i, score in enumerate(args.element)
    )
    return resolution.ResolutionTest(
        intrinsic=resolution.Intrinsic(args.intrinsic) if args.intrinsic else None,
        interest=resolution.Interest(args.interest) if args.interest else None,
        elements=elements,
        alteration=resolution.Alteration(args.alteration),
        opposing=tuple(args.opposed) if args.opposed is not None else None,
        score=args.score,
    )


def oracle_question(args: argparse.Namespace) -> oracles.OracleQuestion:
    """The environment oracle's question from its options."""
    return oracles.OracleQuestion(lean=oracles.Lean(args.lean), question=args.question)


def yesno_question(args: argparse.Namespace) -> oracles.YesNoQuestion:
    """The yes/no oracle's question from its options."""
    return oracles.YesNoQuestion(likelihood=args.likelihood, question=args.question)


def cosmos_test(args: argparse.Namespace) -> cosmos.CosmosTest:
    """The Great Cosmos test from its options."""
    return cosmos.CosmosTest(
        threshold=args.threshold,
        stats=tuple(args.stat or ()),
        bonus=args.bonus,
        karma=args.karma,
    )


def intuition_test(args: argparse.Namespace) -> cosmos.IntuitionTest:
    """The intuition roll from its options."""
    return cosmos.IntuitionTest(intuition=args.intuition)


def dice_inputs(args: argparse.Namespace) -> expressions.DiceInputs:
    """The dice expression from its argument."""
    return expressions.DiceInputs(args.expression)


def dice_odds(inputs: expressions.DiceInputs) -> Odds[expressions.DiceInputs]:
    """Exact odds of a dice expression; its module is imported only when asked for."""
    from meneur.core import dice_odds

    return dice_odds.odds(inputs)


INPUTS: dict[str, Callable[[argparse.Namespace], Any]] = {
    "resolution": resolution_test,
    "oracle": oracle_question,
    "yesno": yesno_question,
    "cosmos": cosmos_test,
    "intuition": intuition_test,
    "dice": dice_inputs,
}
"""How each system's options become its core inputs."""

ODDS: dict[str, Callable[[Any], Odds[Any]]] = {
    "resolution": resolution.odds,
    "oracle": oracles.oracle_odds,
    "yesno": oracles.yesno_odds,
    "cosmos": cosmos.odds,
    "intuition": cosmos.intuition_odds,
    "dice": dice_odds,
}
"""The exact-odds function of each system."""

ROLLS: dict[str, Callable[[Any, random.Random], RollRecord[Any]]] = {
    "resolution": resolution.roll,
    "oracle": oracles.roll_oracle,
    "yesno": oracles.roll_yesno,
    "cosmos": cosmos.roll,
    "intuition": cosmos.roll_intuition,
    "dice": expressions.roll,
}
"""The roll function of each system."""


def run_odds(args: argparse.Namespace) -> Odds[Any]:
    """Exact odds for ``meneur odds <system> …``."""
    return ODDS[args.system](INPUTS[args.system](args))


def run_roll(args: argparse.Namespace) -> RollRecord[Any]:
    """A seeded roll for ``meneur roll <system> …``."""
    seed = args.seed if args.seed is not None else new_seed()
    return roll_seeded(ROLLS[args.system], INPUTS[args.system](args), seed)


def run_create(
    args: argparse.Namespace,
) -> cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion:
    """The creation (or conversion) rolls for ``meneur create cosmos``."""
    seed = args.seed if args.seed is not None else new_seed()
    if args.convert:
        if args.pm_dice is not None:
            raise UsageError(
                "meneur create cosmos", "--convert rolls no PV/PM dice; drop --pm-dice"
            )
        return roll_seeded(
            cosmos_creation.roll_conversion, cosmos_creation.ConversionOptions(), seed
        )
    if args.pm_dice is not None and not all(0 <= p < 10 for p in args.pm_dice):
        raise RulesError("--pm-dice numbers the ten PV/PM dice 1 to 10")
    options = cosmos_creation.CreationOptions(pm_positions=args.pm_dice)
    return roll_seeded(cosmos_creation.roll_creation, options, seed)
