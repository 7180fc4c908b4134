"""Les Traits' room on the command line: its tests' options, how they become the core's
inputs, and how their odds and rolls read."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from meneur.cli.argument_kinds import Parser, _whole_number
from meneur.cli.bars import dice_faces, difference_bars, percent, value_bars
from meneur.cli.parser_words import said as parser_said
from meneur.cli.roll_command import Lines, OddsData, RollCommand, Run, ShownOutcomes, Successes
from meneur.cli.usage import UsageError
from meneur.core.dice import Die
from meneur.core.kinds import Kind
from meneur.core.traits import OPPOSED, TEST

if TYPE_CHECKING:
    from meneur.content.strings import Strings


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
        "--forced-poker",
        action="store_true",
        help="a talent forces pushing your luck (Coup de poker)",
    )
    if rolling:

        def poker_choice(text: str) -> int | PokerPolicy:
            if text in policies:
                return PokerPolicy(text)
            try:
                value = int(text)
            except ValueError:
                raise argparse.ArgumentTypeError(
                    parser_said(
                        "is a number of dice or one of {value}, not {text!r}",
                        value=", ".join(policies),
                        text=text,
                    )
                ) from None
            if value < 0:
                raise argparse.ArgumentTypeError(
                    parser_said("rerolls 0 dice or more, not {value}", value=value)
                )
            return value

        parser.add_argument(
            "--poker",
            type=poker_choice,
            metavar="K|never|max|when-short",
            help="pushing your luck (Coup de poker): dice to reroll, or a policy",
        )
        parser.add_argument(
            "--after", action="store_true", help="the blessing or curse is declared after the roll"
        )
    else:
        parser.add_argument(
            "--poker",
            choices=policies,
            default="never",
            help="when to push your luck (Coup de poker)",
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
        help="opposed test: when the defender pushes their luck (Coup de poker)",
    )


def traits_test(args: argparse.Namespace) -> Any:
    """A trait roll, or an opposed test with ``--against``.

    Raises:
        UsageError: for options that do not go together.
    """
    from meneur.core.traits import opposed as traits_opposed
    from meneur.core.traits import rules as traits

    command = f"meneur {args.command} {args.system}"
    blessing = (
        traits.Blessing.BLESS if args.bless else traits.Blessing.CURSE if args.curse else None
    )
    bonus_die = traits.BonusDie.parse(args.bonus_die) if args.bonus_die else None
    after = getattr(args, "after", False)
    if after and blessing is None:
        raise UsageError(command, "--after says when --bless or --curse was declared; give one")
    poker = traits.PokerPolicy(args.poker) if isinstance(args.poker, str) else args.poker
    if args.against is not None:
        if args.difficulty not in (None, traits_opposed.OPPOSED_DIFFICULTY):
            raise UsageError(command, "an opposed test (--against) is at Difficulty 4")
        if isinstance(poker, int):
            raise UsageError(command, "an opposed roll takes a --poker policy, not a number")
        attacker = traits_opposed.OpposedSide(
            args.dice,
            args.bonus,
            bonus_die,
            blessing,
            args.forced_poker,
            poker or traits.PokerPolicy.NEVER,
        )
        defender = traits_opposed.OpposedSide(
            args.against, policy=traits.PokerPolicy(args.defender_poker)
        )
        return traits_opposed.OpposedTest(attacker, defender, minimum=args.need)
    if args.difficulty is None:
        raise UsageError(command, "give --difficulty D (or --against M for an opposed test)")
    return traits.TraitTest(
        dice=args.dice,
        difficulty=args.difficulty,
        need=args.need,
        bonus=args.bonus,
        bonus_die=bonus_die,
        blessing=blessing,
        blessing_after=after,
        forced_poker=args.forced_poker,
        poker=poker,
    )


def _for_odds(args: argparse.Namespace, inputs: Any) -> Any:
    """For odds, --poker is a policy; it rides on the test's own poker choice."""
    import dataclasses

    from meneur.core.traits import rules as traits

    if isinstance(inputs, traits.TraitTest):
        return dataclasses.replace(inputs, poker=traits.PokerPolicy(args.poker))
    return inputs


def _where(args: argparse.Namespace, inputs: Any, seed: int) -> str:
    """The seed, and the dice when a Coup de poker does not fit them."""
    from meneur.core.records import roll_seeded
    from meneur.core.traits import rules as traits

    from .language import words_of

    if isinstance(inputs, traits.TraitTest):
        first = roll_seeded(traits.first_roll, inputs, seed)
        faces = " ".join(str(d.face) for d in first.dice)
        return words_of(args).t("app.dice_seed", faces=faces, seed=seed)
    return words_of(args).t("app.seed", seed=seed)


def _trait_lines(record: Any, words: Strings, label: str = "") -> list[str]:
    test = record.inputs
    prefix = f"{label} — " if label else ""
    lines = []
    for die in record.dice:
        if die.role is not None and die.role.endswith("bonus"):
            sign = test.bonus_die.text if test.bonus_die else ""
            said = words.t("shown.bonus_die", sign=sign, face=die.face, pool=record.pool)
            lines.append(f"{prefix}{said}")
    first = [d for d in record.dice if d.role is None or d.role in ("attacker", "defender")]
    rerolled = [d for d in record.dice if d.role is not None and d.role.endswith("reroll")]

    def success(die: Die) -> bool:
        return die.kept is not False and test.succeeds(die.face)

    faces = dice_faces(first, success) or "—"
    lines.append(prefix + words.t("shown.successes_of", faces=faces, count=record.first_successes))
    poker = words.term("traits.poker")
    if record.poker:
        lines.append(
            f"{prefix}{poker} ({record.poker}) : "
            f"{dice_faces(rerolled, lambda d: test.succeeds(d.face))}"
        )
        if record.fiasco:
            lines.append(f"{prefix}{words.term('traits.fiasco')}")
    elif record.poker_limit:
        key = "shown.poker_forced" if record.poker_owed else "shown.poker_possible"
        lines.append(prefix + words.t(key, poker=poker, limit=record.poker_limit))
    lines.append(prefix + words.t("shown.successes", count=record.successes))
    return lines


def _opposed_trait_lines(record: Any, words: Strings) -> list[str]:
    return [
        *_trait_lines(record.attacker, words, words.t("shown.attacker")),
        *_trait_lines(record.defender, words, words.t("shown.defender")),
        words.t("shown.decisions", decisions=", ".join(_decided(a, words) for a in record.actions)),
    ]


def _decided(action: str, words: Strings) -> str:
    """A decision of an opposed test (``roll``, ``wait``, ``pass``, ``poker K``) in words."""
    kind, _, count = action.partition(" ")
    if kind == "poker":
        return words.t("shown.decision_poker", poker=words.term("traits.poker"), count=count)
    return words.t(f"shown.decision_{kind}")


def _test_distribution(odds: Any, words: Strings) -> list[str]:
    from fractions import Fraction

    fiasco: Fraction = getattr(odds, "fiasco", Fraction(0))
    name = words.term("traits.fiasco")
    return [
        "",
        words.t("shown.fiasco", name=name, chance=percent(fiasco, words.lang).strip()),
        words.t("shown.successes_heading"),
        *value_bars(odds.distribution, words),
    ]


COMMANDS = (
    RollCommand(
        "traits",
        "a Les Traits roll (d6 pool against a Difficulty)",
        "A pool of d6 against a Difficulty, with bonuses, bless/curse and pushing your "
        "luck (Coup de poker); --against makes it an opposed test at Difficulty 4.",
        _traits_options,
        traits_test,
        for_odds=_for_odds,
        where=_where,
    ),
)
"""Its tests on the command line (``meneur odds|roll traits``)."""
ROLL_LINES = {
    TEST: _trait_lines,
    OPPOSED: _opposed_trait_lines,
}
"""The dice lines of each kind of its rolls."""
DISTRIBUTION = {
    TEST: _test_distribution,
    OPPOSED: difference_bars,
}
"""The lines below its odds' bars, by kind of inputs."""


# Nothing of its own here: every member of a command-line room is in every room.
SHOWN_OUTCOMES: dict[Kind, ShownOutcomes] = {}
ODDS_DATA: dict[Kind, OddsData] = {}
SUCCESSES: dict[str, Successes] = {}
AFTER_OUTCOME: dict[Kind, Lines] = {}
RUN: dict[str, Run] = {}
add_commands = None
