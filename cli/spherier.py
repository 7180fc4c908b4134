"""Le Sphérier's room on the command line: its tests' options, how they become the
core's inputs, and how their odds and rolls read."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from meneur.cli.argument_kinds import Parser, _whole_number
from meneur.cli.bars import bar, dice_faces, difference_bars, percent, value_bars
from meneur.cli.roll_command import OddsData, RollCommand, Run, ShownOutcomes, Successes
from meneur.cli.usage import UsageError
from meneur.core.dice import Die
from meneur.core.kinds import Kind
from meneur.core.spherier import EXTENDED, OPPOSED, TEAM, TEST
from meneur.play.tested import signed

if TYPE_CHECKING:
    from meneur.content.strings import Strings


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
    # Not the notation itself as the metavar: argparse before Python 3.11.5 drops its
    # parentheses when it wraps the usage line, so the reference read differently.
    parser.add_argument(
        "--notation", metavar="NOTATION", help="a test notation, like '[Dressage](2)'"
    )
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
        # Not the notation as the metavar: argparse before Python 3.11.5 drops its
        # parentheses when it wraps the usage, so the reference would read differently.
        metavar="SPECIALISATION",
        help="the skill's Spécialisation that applies here, like 'Spécialisation(Bluff,"
        " Face à un noble)<+1, +1>': its bonuses to the Maîtrise and the Limite",
    )


def _skill(
    command: str, notation: str | None, mastery: int | None, limit: int | None, what: str
) -> Any:
    from meneur.core.spherier import rules as spherier
    from meneur.core.spherier.notation import parse_skill

    if notation is not None:
        if mastery is not None or limit is not None:
            raise UsageError(command, "give {what} in notation or as numbers, not both", what=what)
        return parse_skill(notation)
    if mastery is None or limit is None:
        raise UsageError(command, "give {what}: a Maîtrise and a Limite", what=what)
    return spherier.Skill(mastery, limit)


def _assistant(command: str, text: str) -> Any:
    from meneur.core.spherier import rules as spherier
    from meneur.core.spherier.notation import parse_skill

    if "<" in text:
        return parse_skill(text)
    parts = text.split(",")
    try:
        mastery, limit = (int(part) for part in parts)
    except ValueError:
        raise UsageError(
            command, "an --assistant is 'Nom<+2, 1>' or MAÎTRISE,LIMITE, not {text!r}", text=text
        ) from None
    return spherier.Skill(mastery, limit)


def spherier_test(args: argparse.Namespace) -> object:
    """A Sphérier test: simple (``--dd``) or from a test notation.

    Raises:
        UsageError: for options that do not go together.
    """
    from meneur.core.spherier import extended as spherier_extended
    from meneur.core.spherier import rules as spherier
    from meneur.core.spherier.notation import (
        ExtendedNotation,
        OpposedNotation,
        SimpleNotation,
        TeamNotation,
        parse_test,
        typed_opponent,
    )
    from meneur.core.words import folded

    command = f"meneur {args.command} {args.system}"
    engine = spherier.Engine(args.engine)
    skill = _skill(
        command,
        args.skill,
        args.mastery,
        args.limit,
        "the skill (--mastery and --limit, or --skill)",
    )
    has_opponent = args.opponent is not None or args.opponent_mastery is not None
    notation = parse_test(args.notation) if args.notation else None
    if notation is not None and args.dd is not None and not isinstance(notation, OpposedNotation):
        raise UsageError(command, "the notation already gives the DD; drop --dd")
    if args.assistant and not isinstance(notation, TeamNotation):
        raise UsageError(
            command, "--assistant is for a team test, like --notation '[Rituel](10, 2)'"
        )
    if notation is not None and skill.name and folded(skill.name) != folded(notation.skill):
        raise UsageError(
            command,
            "the notation names {skill}, but --skill is {name}",
            skill=notation.skill,
            name=skill.name,
        )
    name = notation.skill if notation is not None else skill.name
    skill = spherier.Skill(skill.mastery, skill.limit, name)
    if args.specialisation:
        from meneur.core.spherier.passives import Specialisation, parse_passive, specialised

        found = parse_passive(args.specialisation)
        if not isinstance(found, Specialisation):
            raise UsageError(
                command, "--specialisation 'Spécialisation(Compétence, Circonstance)<+M, +L>'"
            )
        if not skill.name:
            skill = spherier.Skill(skill.mastery, skill.limit, found.skill)
        skill = specialised(skill, found)
    if isinstance(notation, OpposedNotation) or (notation is None and has_opponent):
        opponent = _skill(
            command,
            args.opponent,
            args.opponent_mastery,
            args.opponent_limit,
            "the opponent (--opponent, or --opponent-mastery and --opponent-limit)",
        )
        if isinstance(notation, OpposedNotation):
            if opponent.name:
                opponent = typed_opponent(opponent.notation, notation.opponent)
            opponent = spherier.Skill(opponent.mastery, opponent.limit, notation.opponent)
        return spherier.OpposedSkillTest(
            engine, skill, opponent, attacker_bonus=args.bonus, attacker_malus=args.malus
        )
    if isinstance(notation, ExtendedNotation):
        return spherier_extended.ExtendedTest(
            engine,
            skill,
            notation.step_dd,
            notation.total,
            notation.interval,
            args.bonus,
            args.malus,
        )
    if isinstance(notation, TeamNotation):
        return spherier_extended.TeamTest(
            engine,
            skill,
            tuple(_assistant(command, text) for text in args.assistant),
            notation.leader_dd,
            notation.assistant_dd,
            args.bonus,
            args.malus,
            notation.max_assistants,
            notation.min_assistants,
        )
    if isinstance(notation, SimpleNotation):
        dd = notation.dd
    elif args.dd is None:
        raise UsageError(command, "give --dd DD, or a test --notation")
    else:
        dd = (
            int(args.dd)
            if args.dd.lstrip("+-").isascii() and args.dd.lstrip("+-").isdigit()
            else spherier.dd_from_scale(engine, args.dd)
        )
    return spherier.SkillTest(engine, skill, dd, args.bonus, args.malus)


def _spherier_lines(record: Any, words: Strings) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    test = record.inputs
    capped = words.t("shown.capped") if record.capped else ""
    if test.engine == "d6":
        faces = dice_faces(record.dice, lambda d: d.face in SUCCESS_FACES)
        return [
            words.t("shown.six_successes", faces=faces or "—", result=record.result, capped=capped)
        ]
    modifier = signed(test.roller.modifier)
    face = record.dice[0].face
    return [words.t("shown.d20", face=face, modifier=modifier, result=record.result, capped=capped)]


def _spherier_opposed_lines(record: Any, words: Strings) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    mine = [d for d in record.dice if d.role == "attacker"]
    theirs = [d for d in record.dice if d.role == "defender"]
    six = record.inputs.engine == "d6"

    def success(die: Die) -> bool:
        return six and die.face in SUCCESS_FACES

    return [
        words.t(
            "shown.side",
            side=words.t("shown.attacker"),
            faces=dice_faces(mine, success) or "—",
            result=record.attacker_result,
        ),
        words.t(
            "shown.side",
            side=words.t("shown.defender"),
            faces=dice_faces(theirs, success) or "—",
            result=record.defender_result,
        ),
    ]


def _extended_lines(record: Any, words: Strings) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    six = record.inputs.engine == "d6"
    lines = []
    for number, attempt in enumerate(record.attempts, start=1):
        faces = dice_faces(attempt.dice, lambda d: six and d.face in SUCCESS_FACES) or "—"
        counted = words.t("shown.counted" if attempt.counted else "shown.below_dd")
        lines.append(
            words.t(
                "shown.attempt",
                number=number,
                faces=faces,
                result=attempt.result,
                counted=counted,
                total=attempt.running_total,
            )
        )
    if not record.attempts:
        lines.append(words.t("shown.no_attempt"))
    elapsed = record.elapsed.text if record.inputs.interval.unit else str(record.elapsed.amount)
    lines.append(words.t("shown.attempts", count=len(record.attempts), elapsed=elapsed))
    return lines


def _team_lines(record: Any, words: Strings) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    six = record.inputs.engine == "d6"
    lines = []
    for number, helper in enumerate(record.assistants, start=1):
        faces = dice_faces(helper.dice, lambda d: six and d.face in SUCCESS_FACES) or "—"
        extra = words.t("shown.extra_dice", count=helper.extra_dice) if helper.extra_dice else ""
        verdict = words.t("shown.helps", extra=extra) if helper.helped else words.t("shown.no_help")
        lines.append(
            words.t(
                "shown.assistant", number=number, faces=faces, result=helper.result, verdict=verdict
            )
        )
    faces = dice_faces(record.leader_dice, lambda d: six and d.face in SUCCESS_FACES) or "—"
    lines.append(
        words.t(
            "shown.leader",
            faces=faces,
            result=record.result,
            cap=record.leader_cap,
            count=record.helpers,
        )
    )
    return lines


def _by_attempt(test: Any, success_by_attempt: Mapping[int, Fraction], lang: str) -> list[str]:
    lines = []
    cumulative = Fraction(0)
    for attempt in range(1, test.max_attempts + 1):
        cumulative += success_by_attempt.get(attempt, Fraction(0))
        elapsed = f" ({test.interval.times(attempt).text})" if test.interval.unit else ""
        lines.append(f"{attempt:>4}{elapsed:<10} {bar(cumulative)} {percent(cumulative, lang)}")
    return lines


def _margin(record: Any, words: Strings) -> list[str]:
    key = "shown.margin_success" if record.success else "shown.margin_failure"
    return [words.t(key, margin=record.margin)]


def _opposed_margin(record: Any, words: Strings) -> list[str]:
    return [words.t("spherier.margin", margin=record.margin)]


def _extended_distribution(odds: Any, words: Strings) -> list[str]:
    lines = _by_attempt(odds.inputs, getattr(odds, "success_by_attempt", {}), words.lang)
    return ["", words.t("shown.by_attempt"), *lines]


def _totals(odds: Any, words: Strings) -> list[str]:
    return ["", *value_bars(odds.distribution, words)]


COMMANDS = (
    RollCommand(
        "spherier",
        "a Sphérier test (d6 successes or d20 score)",
        "A skill test on the campaign's engine: a DD, or a test notation ([Dressage](2), "
        "[Bluff][Psychologie], [Mecanique](2, 10, 1h), [Rituel](10, 2)).",
        _spherier_options,
        spherier_test,
    ),
)
"""Its tests on the command line (``meneur odds|roll spherier``)."""
ROLL_LINES = {
    TEST: _spherier_lines,
    OPPOSED: _spherier_opposed_lines,
    EXTENDED: _extended_lines,
    TEAM: _team_lines,
}
"""The dice lines of each kind of its rolls."""
AFTER_OUTCOME = {
    TEST: _margin,
    TEAM: _margin,
    OPPOSED: _opposed_margin,
}
"""What each kind of its rolls says after its outcome."""
DISTRIBUTION = {
    EXTENDED: _extended_distribution,
    OPPOSED: difference_bars,
    TEST: _totals,
    TEAM: _totals,
}
"""The lines below its odds' bars, by kind of inputs."""


# Nothing of its own here: every member of a command-line room is in every room.
SHOWN_OUTCOMES: dict[Kind, ShownOutcomes] = {}
ODDS_DATA: dict[Kind, OddsData] = {}
SUCCESSES: dict[str, Successes] = {}
RUN: dict[str, Run] = {}
add_commands = None
