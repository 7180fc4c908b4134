"""The Tale of Great Cosmos's room on the command line: its tests' options, how they
become the core's inputs (a character's sheet, state and posture included), and how
their odds and rolls read; its campaign commands are the modules beside this one."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.cli.argument_kinds import Parser, _whole_number
from meneur.cli.parser_words import said as parser_said
from meneur.cli.roll_command import OddsData, OddsLines, RollCommand, Run, ShownOutcomes
from meneur.cli.usage import UsageError
from meneur.core.cosmos import AURA, INTUITION, PILOTING, TEST, TURN_ORDER
from meneur.core.kinds import Kind
from meneur.play.tested import signed

if TYPE_CHECKING:
    from meneur.content.strings import Strings


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
            parser_said(
                "a stat is a whole number or one of {value}, not {text!r}",
                value=", ".join(known),
                text=text,
            )
        )
    return name


def _intuition_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--intuition", type=_whole_number(0, 6), default=3, help="the intuition, 0 to 6"
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


def cosmos_test(args: argparse.Namespace) -> Any:
    """The Great Cosmos test from its options."""
    from meneur.core.cosmos import rules as cosmos

    stats = tuple(args.stat or ())
    if any(isinstance(stat, str) for stat in stats):
        raise UsageError(
            f"meneur {args.command} cosmos", "a stat by name needs --campaign and --character"
        )
    if args.concentrated or getattr(args, "concentration_test", None):
        raise UsageError(f"meneur {args.command} cosmos", "--concentrated goes with --character")
    aura = getattr(args, "aura", None)
    reroll = getattr(args, "reroll_bonus", None)
    if aura == AURA_REROLL:
        # Without a sheet, the typed bonuses are all there is: their maluses stay.
        reroll = min(args.bonus, 0) + min(args.state_bonus, 0)
    elif aura:
        raise UsageError(
            f"meneur {args.command} cosmos", "--aura {aura} goes with --character", aura=aura
        )
    return cosmos.CosmosTest(
        threshold=args.threshold,
        stats=stats,
        bonus=args.bonus,
        karma=args.karma,
        state_bonus=args.state_bonus,
        critical_failures=args.critical_failures,
        names=tuple(getattr(args, "stat_names", ())),
        reroll_bonus=reroll,
        final_skill=bool(getattr(args, "final_skill", False)),
    )


AURA_REROLL = 5
"""An opponent's aura row that has a plain success rolled again (core.cosmos.conditions,
written out so the rolling path loads no more rules than the test's)."""


def intuition_test(args: argparse.Namespace) -> Any:
    """The intuition roll from its options."""
    from meneur.core.cosmos import rules as cosmos

    return cosmos.IntuitionTest(intuition=args.intuition)


def piloting_test(args: argparse.Namespace) -> Any:
    """The Great Cosmos piloting roll from its options: a vehicle class or a die, each
    pilot's score, the GM's stress."""
    from meneur.core.cosmos import piloting

    scores = tuple(args.score)
    if args.vehicle:
        return piloting.PilotingTest.for_vehicle(args.vehicle, scores, args.stress)
    if args.die is None:
        raise UsageError(
            f"meneur {args.command} {args.system}", "a --vehicle class or a --die is needed"
        )
    return piloting.PilotingTest(args.die, scores, args.stress)


def turn_order(args: argparse.Namespace) -> Any:
    """A round's combatants from ``--combatant NAME:AGILITE[:EXTRA]``."""
    from meneur.core.cosmos.movement import Combatant, TurnOrderInputs

    people = []
    for given in args.combatant:
        parts = given.rsplit(":", 2) if given.count(":") >= 2 else given.rsplit(":", 1)
        try:
            name, agilite, *extra = parts
            people.append(Combatant(name, int(agilite), int(extra[0]) if extra else 0))
        except ValueError:
            raise UsageError(
                f"meneur {args.command} {args.system}",
                "--combatant {given!r}: expected NAME:AGILITE[:EXTRA]",
                given=given,
            ) from None
    return TurnOrderInputs(tuple(people))


def aura_test(args: argparse.Namespace) -> Any:
    """The aura roll (nothing to choose)."""
    from meneur.core.cosmos import aura

    return aura.AuraTest()


def _cosmos_lines(record: Any, words: Strings) -> list[str]:
    from meneur.core.cosmos import rules as cosmos

    lines = []
    if record.first is not None:
        lines.append(words.t("shown.first_roll", first=record.first))
    if record.karma_die is None:
        return [*lines, words.t("shown.d100_natural", natural=record.natural)]
    shift = signed(cosmos.karma_die_sign(record.inputs.karma) * record.karma_die)
    said = words.t("shown.d100_karma", natural=record.natural, shift=shift, result=record.result)
    return [*lines, said]


def _from_sheet(args: argparse.Namespace, state: Any) -> int:
    """A test by ``--character``: the sheet brings the karma (so ``--karma`` goes)."""
    if args.karma != 0:
        raise UsageError("meneur roll cosmos", "--character brings the sheet's karma; drop --karma")
    return _cosmos_state(args, state)


def _cosmos_state(args: argparse.Namespace, state: Any) -> int:
    """A Great Cosmos test by ``--character``: their stats named by ``--stat`` read on the
    sheet, what their fatigue and posture do to the test (into ``args``), and their karma
    (locked by Illumination or Sépulcrale), which is returned.

    Raises:
        UsageError: for --state-bonus or --critical-failures beside --character.
        RulesError: when the character's state forbids the test, or a stat is missing.
    """
    from meneur.core.cosmos.combat import Stance
    from meneur.core.cosmos.conditions import (
        AURA_REROLL,
        of_sheet,
        reroll_bonus,
        strips_bonuses,
        total,
    )
    from meneur.core.cosmos.sheet import current_stats
    from meneur.core.errors import missing_key
    from meneur.core.sheets import whole_or

    if args.state_bonus or args.critical_failures:
        raise UsageError(
            "meneur roll cosmos",
            "--character works out --state-bonus and --critical-failures from the sheet",
        )
    sheet = state["characters"][args.character].get("sheet", {})
    # What the campaign's genes give counts in the test, as at the table.
    from meneur.play.cosmos import sheet_content

    genes = sheet_content(Path(args.campaign)) if getattr(args, "campaign", None) else None
    current = current_stats(state["options"], sheet, genes)
    named = [stat for stat in args.stat or () if isinstance(stat, str)]
    missing = [stat for stat in named if stat not in current]
    if missing:
        raise missing_key(f"characters.{args.character}.sheet.stats.{missing[0]}")
    tested, gate = args.concentration_test, args.aura_test
    aura = args.aura or 0
    found = of_sheet(
        state["options"],
        sheet,
        named,
        concentrated=args.concentrated,
        concentration_test=None if tested is None else tested == "passed",
        aura=aura,
        aura_test=None if gate is None else gate == "passed",
    )
    if strips_bonuses(aura):
        args.bonus = min(args.bonus, 0)  # "retire tous les bonus et renforcements"
    if aura == AURA_REROLL:
        args.reroll_bonus = reroll_bonus(found, args.bonus)
    args.state_bonus, args.critical_failures = total(found)
    if len(named) == len(args.stat or ()):  # every stat by name: the journal names them
        args.stat_names = tuple(named)
    args.stat = [current[stat] if isinstance(stat, str) else stat for stat in args.stat or ()]
    if getattr(args, "final_skill", False):
        from meneur.play.cosmos.combat import ending_final_skill

        ending_final_skill(state, args.character)  # level 5+, in a special posture
    args.concentrated, args.concentration_test, args.aura = False, None, None  # worked out
    args.aura_test = None
    return Stance.from_sheet(sheet).karma(whole_or(sheet.get("karma")))


def _after_roll(args: argparse.Namespace, state: Any, label: str) -> tuple[list[Any], str]:
    """What a test by ``--character`` changes after its roll (a posture's dice, the
    backlash's die 3 striking it), and the label that says so."""
    from meneur.play.cosmos.combat import after_test

    more, fell = after_test(state, args.character)
    if fell:  # the backlash's die 3 strikes this test
        from meneur.content.strings import strings

        said = strings("fr").t("combat.negative_fell")
        label = f"{label} — {said}" if label else said
    return list(more), label


def _after_journal(args: argparse.Namespace, campaign: Any) -> None:
    if getattr(args, "final_skill", False):
        _final_skill_ends(args, campaign)


def _final_skill_ends(args: argparse.Namespace, campaign: Any) -> None:
    """After a Final Skill rolled with ``--character``: its special posture ends at once,
    as the table decides (:func:`meneur.play.cosmos.combat.end_final_skill`: its
    backlash's die on the table's dice)."""
    from meneur.cli.seats import seat_of
    from meneur.play.cosmos.combat import end_final_skill

    end_final_skill(campaign, seat_of(args, campaign), args.character, chosen=args.seed)


def _one_d6(record: Any, words: Strings) -> list[str]:
    return [words.t("shown.d6", result=record.result)]


def _turn_lines(record: Any, words: Strings) -> list[str]:
    return [
        " ".join(f"d{d.sides} {d.face} ({d.role.split(':', 1)[1]})" for d in record.dice)
        or words.t("shown.no_dice"),
        *(
            f"{i}. {'⇄ ' if s.together else ''}{s.ident} {s.position}"
            + (f" ({words.t('shown.turn_action', number=s.action + 1)})" if s.action else "")
            for i, s in enumerate(record.slots, 1)
        ),
    ]


def _piloting_lines(record: Any, words: Strings) -> list[str]:
    if record.dice:
        return [words.t("shown.die", sides=record.dice[0].sides, result=record.result)]
    return [words.t("shown.automatic")]


def _karma_line(record: Any, words: Strings) -> list[str]:
    before, after = signed(record.inputs.karma), signed(record.karma_after)
    return [words.t("shown.karma", before=before, after=after)]


COMMANDS = (
    RollCommand(
        "cosmos",
        "a Great Cosmos d100 test",
        "",
        _cosmos_options,
        cosmos_test,
        from_sheet=_from_sheet,
        after_roll=_after_roll,
        after_journal=_after_journal,
    ),
    RollCommand(
        "intuition", "a Great Cosmos intuition roll", "", _intuition_options, intuition_test
    ),
    RollCommand(
        "piloting",
        "a Great Cosmos piloting roll (the vehicle's die under the pilots' score)",
        "The die of the vehicle's class (or --die), raised by stress; at most the score"
        " (the pilots' scores summed) succeeds.",
        _piloting_options,
        piloting_test,
    ),
    RollCommand(
        "aura", "a Great Cosmos aura roll (1d6 on the aura table)", "", _aura_options, aura_test
    ),
    RollCommand(
        "turns",
        "a Great Cosmos round's order (Agilité, d20 ties, extra actions)",
        "Highest Agilité first; tied positions roll 1d20, lowest first; extra actions at"
        " Agilité − (4 + 1d6) × n. Only rolled: it has no odds.",
        _turns_options,
        turn_order,
        rolled_only=True,
    ),
)
"""Its tests on the command line (``meneur odds|roll cosmos|intuition|piloting…``)."""


def _successes() -> frozenset[str]:
    from meneur.core.cosmos.rules import SUCCESSES

    return SUCCESSES


ROLL_LINES = {
    TEST: _cosmos_lines,
    INTUITION: _one_d6,
    AURA: _one_d6,
    TURN_ORDER: _turn_lines,
    PILOTING: _piloting_lines,
}
"""The dice lines of each kind of its rolls."""
AFTER_OUTCOME = {TEST: _karma_line}
"""What each kind of its rolls says after its outcome."""
SUCCESSES = {"cosmos": _successes}
"""The outcomes that count as a success, by a record's ``system``."""


def add_commands(commands: Any) -> None:
    """Add the Great Cosmos's own commands (``create cosmos``, ``element``, ``fatigue``,
    ``skill``, ``move``, ``combat``) to the command line."""
    from .arguments import add_commands as add

    add(commands)


def _create(args: argparse.Namespace) -> object:
    from .creation import run_creation

    return run_creation(args)


def _element(args: argparse.Namespace) -> object:
    from .elements import run_element

    return run_element(args)


def _fatigue(args: argparse.Namespace) -> object:
    from .fatigue import run_fatigue

    return run_fatigue(args)


def _skill(args: argparse.Namespace) -> object:
    from .skills import run_skill

    return run_skill(args)


def _move(args: argparse.Namespace) -> object:
    from .grid import run_move

    return run_move(args)


def _combat(args: argparse.Namespace) -> object:
    from .combat import run_combat

    return run_combat(args)


RUN: dict[str, Run] = {
    "create": _create,
    "element": _element,
    "fatigue": _fatigue,
    "skill": _skill,
    "move": _move,
    "combat": _combat,
}
"""Its commands' functions (imported when run): each returns what the command prints,
text or an object printed as JSON."""


# Nothing of its own here: every member of a command-line room is in every room.
DISTRIBUTION: dict[Kind, OddsLines] = {}
SHOWN_OUTCOMES: dict[Kind, ShownOutcomes] = {}
ODDS_DATA: dict[Kind, OddsData] = {}
