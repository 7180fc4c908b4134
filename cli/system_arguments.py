"""The command line's tests, one per system and kind (``meneur odds|roll <system> …``):
their summaries and options. Only the system being run gets its options (and imports
its rules module for their choices)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from .argument_kinds import Parser, _add_common, _whole_number


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


def _cosmos_options(parser: Parser, rolling: bool) -> None:
    threshold = parser.add_mutually_exclusive_group(required=True)
    threshold.add_argument(
        "--threshold", type=_whole_number(), help="value to roll under (a stat, or given)"
    )
    threshold.add_argument(
        "--stat",
        type=_stat,
        action="append",
        help="a stat's value, or with --character its name (force, esprit…: the sheet's "
        "value, and the character's fatigue and posture apply); give several to roll "
        "under the floor of their mean",
    )
    parser.add_argument(
        "--bonus", type=_whole_number(), default=0, help="bonus (or -malus) in %% points"
    )
    parser.add_argument(
        "--karma", type=_whole_number(-10, 10), default=0, help="the karma, −10 to +10"
    )
    parser.add_argument(
        "--state-bonus",
        type=_whole_number(),
        default=0,
        help="what the character's state adds in %% points (fatigue, a posture's die); "
        "--character works it out",
    )
    parser.add_argument(
        "--critical-failures",
        type=_whole_number(0, 90),
        default=0,
        help="points the critical failures' band widens by (an extreme fatigue: 5)",
    )
    parser.add_argument(
        "--concentrated",
        action="store_true",
        help="with --character: concentrating this turn (light fatigue cancelled, others halved)",
    )
    parser.add_argument(
        "--aura",
        type=int,
        choices=[2, 3, 4, 5, 6],
        help="an opponent's aura row against this test (with --character; 5 also without):"
        " 2-4 bonuses removed, 3 and 4 also -10 and -20 %%; 5 a plain success rolled again"
        " without bonuses; 6 a passive Esprit test first (--aura-test)",
    )
    parser.add_argument(
        "--final-skill",
        action="store_true",
        help="the test is the Final Skill: critical failures ignored (Annulation critique);"
        " with --character, level 5+ in Illumination or Sépulcrale, which it ends",
    )
    parser.add_argument(
        "--aura-test",
        choices=["passed", "failed"],
        help="with --aura 6: how the passive Esprit test went (failed: no action)",
    )
    parser.add_argument(
        "--concentration-test",
        choices=["passed", "failed"],
        help="with --concentrated at an extreme fatigue: how its passive Esprit test went",
    )


def _stat(text: str) -> int | str:
    """A Great Cosmos stat: a whole number, or a stat's name (resolved on a sheet)."""
    from meneur.core.words import folded

    if text.strip().lstrip("-").isdigit():
        return int(text)
    name = folded(text).replace("é", "e")
    known = ("force", "esprit", "charisme", "agilite", "precision", "chance")
    if name not in known:
        raise argparse.ArgumentTypeError(
            f"a stat is a whole number or one of {', '.join(known)}, not {text!r}"
        )
    return name


def _intuition_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--intuition", type=_whole_number(0, 6), default=3, help="the intuition, 0 to 6"
    )


def _dice_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument("expression", help="the dice expression (quote it in the shell)")


def _traits_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.traits.rules import PokerPolicy

    policies = [policy.value for policy in PokerPolicy]
    parser.add_argument(
        "--dice",
        type=_whole_number(0, 100),
        required=True,
        metavar="N",
        help="the d6 of the pool (the trait's value)",
    )
    parser.add_argument(
        "--difficulty",
        type=_whole_number(0),
        metavar="D",
        help="the Difficulty (a d6 at least it succeeds)",
    )
    parser.add_argument(
        "--need", type=_whole_number(1), default=1, metavar="R", help="successes needed"
    )
    parser.add_argument(
        "--bonus", type=_whole_number(), default=0, metavar="B", help="a bonus to the test"
    )
    parser.add_argument("--bonus-die", metavar="d6|-d4", help="a variable bonus or malus die")
    blessing = parser.add_mutually_exclusive_group()
    blessing.add_argument("--bless", action="store_true", help="Difficulty - 1")
    blessing.add_argument("--curse", action="store_true", help="Difficulty + 1")
    parser.add_argument(
        "--forced-poker", action="store_true", help="a talent forces the Coup de poker"
    )
    if rolling:

        def poker_choice(text: str) -> int | PokerPolicy:
            if text in policies:
                return PokerPolicy(text)
            try:
                value = int(text)
            except ValueError:
                raise argparse.ArgumentTypeError(
                    f"is a number of dice or one of {', '.join(policies)}, not {text!r}"
                ) from None
            if value < 0:
                raise argparse.ArgumentTypeError(f"rerolls 0 dice or more, not {value}")
            return value

        parser.add_argument(
            "--poker",
            type=poker_choice,
            metavar="K|never|max|when-short",
            help="the Coup de poker: dice to reroll, or a policy",
        )
        parser.add_argument(
            "--after", action="store_true", help="the blessing or curse is declared after the roll"
        )
    else:
        parser.add_argument(
            "--poker", choices=policies, default="never", help="when to try the Coup de poker"
        )
    parser.add_argument(
        "--against",
        type=_whole_number(0, 100),
        metavar="M",
        help="opposed test: the defender's dice (both at Difficulty 4; --need is the "
        "attacker's minimum)",
    )
    parser.add_argument(
        "--defender-poker",
        choices=policies,
        default="never",
        help="opposed test: when the defender tries the Coup de poker",
    )


def _spherier_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.spherier.rules import Engine

    parser.add_argument(
        "--engine",
        choices=[e.value for e in Engine],
        required=True,
        help="the campaign's engine: d6 successes or a d20 score",
    )
    parser.add_argument("--mastery", type=_whole_number(), metavar="M", help="the Maîtrise")
    parser.add_argument("--limit", type=_whole_number(0), metavar="L", help="the Limite")
    parser.add_argument(
        "--skill", metavar="'Bluff<+10, 6>'", help="the skill in sheet notation, instead"
    )
    parser.add_argument(
        "--dd", metavar="DD", help="a number or facile, moyenne, difficile, tres-difficile"
    )
    parser.add_argument("--notation", metavar="'[Dressage](2)'", help="a test notation")
    parser.add_argument(
        "--bonus", type=_whole_number(), default=0, metavar="B", help="a bonus to the test"
    )
    parser.add_argument(
        "--malus", type=_whole_number(), default=0, metavar="M", help="a malus to the test"
    )
    parser.add_argument(
        "--opponent",
        metavar="'Psychologie<+3, 2>'",
        help="opposed test: the opponent's skill (or --opponent-mastery/--opponent-limit)",
    )
    parser.add_argument(
        "--opponent-mastery", type=_whole_number(), metavar="M", help="the opponent's Maîtrise"
    )
    parser.add_argument(
        "--opponent-limit", type=_whole_number(0), metavar="L", help="the opponent's Limite"
    )
    parser.add_argument(
        "--assistant",
        action="append",
        default=[],
        metavar="'Occultisme<+2, 1>'|M,L",
        help="team test: an assistant's skill; repeat for each assistant",
    )
    parser.add_argument(
        "--specialisation",
        metavar="'Spécialisation(Bluff, Face à un noble)<+1, +1>'",
        help="the skill's Spécialisation that applies here: its bonuses to the Maîtrise"
        " and the Limite",
    )


def _table_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "name", help="a table's key or name: a shipped one, or the campaign's with --campaign"
    )
    if not rolling:
        parser.add_argument(
            "--campaign", metavar="DIR", help="also the tables of this campaign (read only)"
        )


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


def _piloting_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.cosmos.piloting import VEHICLES

    parser.add_argument(
        "--vehicle",
        choices=list(VEHICLES),
        help="the vehicle's class (its die): " + ", ".join(VEHICLES),
    )
    parser.add_argument(
        "--die", type=int, choices=[4, 6, 8, 10, 12, 20, 100], help="the die, for any vehicle"
    )
    parser.add_argument(
        "--score",
        type=int,
        action="append",
        required=True,
        metavar="N",
        help="a pilot's score (repeat for each pilot: the scores add up)",
    )
    parser.add_argument(
        "--stress", type=_whole_number(0, 2), default=0, help="steps the GM raises the die"
    )


def _turns_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--combatant",
        action="append",
        required=True,
        metavar="NAME:AGILITE[:EXTRA]",
        help="someone in the round, their current Agilité and extra actions (repeat)",
    )


def _aura_options(parser: Parser, rolling: bool) -> None:
    """The aura roll has nothing to choose: the d6 decides."""


SYSTEMS: dict[str, tuple[str, str, Callable[[Parser, bool], None]]] = {
    "resolution": (
        "Résoudre une action (3d6 keep-under)",
        "Difficulty from the two scales (or opposed, or a score to beat), one element or "
        "two when the first is typical, and the alteration.",
        _resolution_options,
    ),
    "oracle": ("the environment oracle (2/3/4 keep-under)", "", _oracle_options),
    "yesno": ("the yes/no oracle", "", _yesno_options),
    "scene": (
        "solo play's scene test (1d6 against the tension)",
        "Above the tension the scene goes as expected; at most it, an odd face alters it "
        "and an even one interrupts it.",
        _scene_options,
    ),
    "cosmos": ("a Great Cosmos d100 test", "", _cosmos_options),
    "intuition": ("a Great Cosmos intuition roll", "", _intuition_options),
    "piloting": (
        "a Great Cosmos piloting roll (the vehicle's die under the pilots' score)",
        "The die of the vehicle's class (or --die), raised by stress; at most the score"
        " (the pilots' scores summed) succeeds.",
        _piloting_options,
    ),
    "aura": ("a Great Cosmos aura roll (1d6 on the aura table)", "", _aura_options),
    "turns": (
        "a Great Cosmos round's order (Agilité, d20 ties, extra actions)",
        "Highest Agilité first; tied positions roll 1d20, lowest first; extra actions at"
        " Agilité − (4 + 1d6) × n. Only rolled: it has no odds.",
        _turns_options,
    ),
    "dice": (
        "a dice expression: 2d6+3, d%%, 4dF, 4d6kh3, 2d20kl1, 8d6>=5",
        "",
        _dice_options,
    ),
    "traits": (
        "a Les Traits roll (d6 pool against a Difficulty)",
        "A pool of d6 against a Difficulty, with bonuses, bless/curse and the Coup de "
        "poker; --against makes it an opposed test at Difficulty 4.",
        _traits_options,
    ),
    "spherier": (
        "a Sphérier test (d6 successes or d20 score)",
        "A skill test on the campaign's engine: a DD, or a test notation ([Dressage](2), "
        "[Bluff][Psychologie], [Mecanique](2, 10, 1h), [Rituel](10, 2)).",
        _spherier_options,
    ),
    "systemj": ("a SYSTEMJ d100 test (00-99 with degrees)", "", _systemj_options),
    "table": (
        "a random table: a shipped one or the campaign's",
        "A roll on a random table by its key or name (tables it rolls on included).",
        _table_options,
    ),
}
"""Each system: its summary, its description and the function adding its options."""
ROLLED_ONLY = frozenset({"turns"})
"""Rolls without odds (a round's order has no outcomes to weigh): ``roll`` only."""


def _add_systems(
    subparsers: argparse._SubParsersAction[Parser], *, rolling: bool, selected: str | None
) -> None:
    verb = "roll" if rolling else "exact odds of"
    for name, (summary, description, add_options) in SYSTEMS.items():
        if not rolling and name in ROLLED_ONLY:
            continue
        parser = subparsers.add_parser(
            name, help=f"{verb} {summary}", description=description or None
        )
        if name == selected:
            add_options(parser, rolling)
            _add_common(parser, rolling=rolling)
