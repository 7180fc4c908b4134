"""From parsed arguments to core inputs, and the core function each command calls."""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meneur.core.errors import RulesError
from meneur.core.records import RollRecord, roll_seeded
from meneur.core.systems import odds_function, roller

from .usage import UsageError

if TYPE_CHECKING:
    from meneur.core import expressions, oracles
    from meneur.core.cosmos import creation as cosmos_creation
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.odds import Odds
    from meneur.core.resolution import rules as resolution
    from meneur.core.spherier import rules as spherier
    from meneur.core.systemj import rules as systemj
    from meneur.core.traits import opposed as traits_opposed
    from meneur.core.traits import rules as traits

# Each builder imports its own rules module: a command pays only for its system.


def new_seed() -> int:
    """A fresh seed from system entropy (63 bits, so it prints and parses as a plain int)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def campaign_seed(args: argparse.Namespace, campaign: Any, *, public: bool = True) -> int:
    """The seed of a roll journaled in ``campaign``: ``--seed`` when given (the entry
    says it was chosen), else the session's next draw when its dice are committed and
    the roll is public (meneur.core.fair_dice), else a fresh one."""
    if args.seed is not None:
        return int(args.seed)
    drawn = campaign.next_draw() if public else None
    return drawn if drawn is not None else new_seed()


def _command(args: argparse.Namespace) -> str:
    return f"meneur {args.command} {args.system}"


def resolution_test(args: argparse.Namespace) -> resolution.ResolutionTest:
    """The action described by ``meneur odds|roll resolution`` options.

    Raises:
        UsageError: naming the options when they do not describe one action.
    """
    from meneur.core.resolution import rules as resolution

    command = _command(args)
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
            "or --intrinsic and --interest, or --opposed N [N], or --declared"
            + (f" (got {' and '.join(chosen)})" if chosen else ""),
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
        raise UsageError(command, f"--lend NAME=N (Mira=2), not {text!r}")
    return name.strip(), int(score)


def oracle_question(args: argparse.Namespace) -> oracles.OracleQuestion:
    """The environment oracle's question from its options."""
    from meneur.core import oracles

    return oracles.OracleQuestion(lean=oracles.Lean(args.lean), question=args.question)


def yesno_question(args: argparse.Namespace) -> oracles.YesNoQuestion:
    """The yes/no oracle's question from its options."""
    from meneur.core import oracles

    return oracles.YesNoQuestion(
        likelihood=args.likelihood, question=args.question, tension=args.tension
    )


def scene_test(args: argparse.Namespace) -> Any:
    """Solo play's scene test from its options (the middle tension by default)."""
    from meneur.core import solo

    tension = solo.TENSION_START if args.tension is None else args.tension
    return solo.SceneTest(tension=tension, scene=args.scene)


def cosmos_test(args: argparse.Namespace) -> cosmos.CosmosTest:
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
        raise UsageError(f"meneur {args.command} cosmos", f"--aura {aura} goes with --character")
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


def intuition_test(args: argparse.Namespace) -> cosmos.IntuitionTest:
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
        raise UsageError(_command(args), "a --vehicle class or a --die is needed")
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
                _command(args), f"--combatant {given!r}: expected NAME:AGILITE[:EXTRA]"
            ) from None
    return TurnOrderInputs(tuple(people))


def aura_test(args: argparse.Namespace) -> Any:
    """The aura roll (nothing to choose)."""
    from meneur.core.cosmos import aura

    return aura.AuraTest()


def dice_inputs(args: argparse.Namespace) -> expressions.DiceInputs:
    """The dice expression from its argument."""
    from meneur.core import expressions

    return expressions.DiceInputs(args.expression)


def traits_test(args: argparse.Namespace) -> traits.TraitTest | traits_opposed.OpposedTest:
    """A trait roll, or an opposed test with ``--against``.

    Raises:
        UsageError: for options that do not go together.
    """
    from meneur.core.traits import opposed as traits_opposed
    from meneur.core.traits import rules as traits

    command = _command(args)
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


def _skill(
    command: str, notation: str | None, mastery: int | None, limit: int | None, what: str
) -> spherier.Skill:
    from meneur.core.spherier import rules as spherier
    from meneur.core.spherier.notation import parse_skill

    if notation is not None:
        if mastery is not None or limit is not None:
            raise UsageError(command, f"give {what} in notation or as numbers, not both")
        return parse_skill(notation)
    if mastery is None or limit is None:
        raise UsageError(command, f"give {what}: a Maîtrise and a Limite")
    return spherier.Skill(mastery, limit)


def _assistant(command: str, text: str) -> spherier.Skill:
    from meneur.core.spherier import rules as spherier
    from meneur.core.spherier.notation import parse_skill

    if "<" in text:
        return parse_skill(text)
    parts = text.split(",")
    try:
        mastery, limit = (int(part) for part in parts)
    except ValueError:
        raise UsageError(
            command, f"an --assistant is 'Nom<+2, 1>' or MAÎTRISE,LIMITE, not {text!r}"
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

    command = _command(args)
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
            command, f"the notation names {notation.skill}, but --skill is {skill.name}"
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


def systemj_test(args: argparse.Namespace) -> systemj.SystemjTest:
    """A SYSTEMJ test; modifiers are summed, by scale name or number."""
    from meneur.core.systemj import rules as systemj

    return systemj.SystemjTest.with_modifiers(args.value, args.modifier)


def table_query(args: argparse.Namespace) -> Any:
    """A roll on a random table named by its key or name: the campaign's own (with
    ``--campaign``), else a shipped one in French or English.

    Raises:
        UsageError: naming the tables there are, for a name that is none of them.
        CampaignError: when the campaign cannot be read.
    """
    from meneur.content import example_tables, story_tables_for, tables_from_data
    from meneur.core import tables

    own: tuple[Any, ...] = ()
    if getattr(args, "campaign", None):
        from meneur.play.campaigns import read_state

        state = read_state(args.campaign)
        lang = "en" if getattr(args, "lang", None) == "en" else "fr"
        own = tables_from_data(state["tables"], "campaign.toml")
        own += story_tables_for(state["lists"], lang)  # found before the shipped, empty ones
    first, second = ("en", "fr") if getattr(args, "lang", None) == "en" else ("fr", "en")
    pool = (*own, *example_tables(first), *example_tables(second))
    table = tables.find(pool, args.name)
    if table is None:
        known = ", ".join(sorted({t.key for t in pool}))
        raise UsageError(_command(args), f"no table {args.name!r} (tables: {known})")
    return tables.TableQuery.of(table, pool)


INPUTS: dict[str, Callable[[argparse.Namespace], Any]] = {
    "resolution": resolution_test,
    "oracle": oracle_question,
    "yesno": yesno_question,
    "scene": scene_test,
    "cosmos": cosmos_test,
    "intuition": intuition_test,
    "piloting": piloting_test,
    "aura": aura_test,
    "turns": turn_order,
    "dice": dice_inputs,
    "traits": traits_test,
    "spherier": spherier_test,
    "systemj": systemj_test,
    "table": table_query,
}
"""How each system's options become its core inputs."""


def run_odds(args: argparse.Namespace) -> Odds[Any]:
    """Exact odds for ``meneur odds <system> …``."""
    inputs = INPUTS[args.system](args)
    if args.system == "traits":
        from meneur.core.traits import rules as traits

        if isinstance(inputs, traits.TraitTest):
            # For odds, --poker is a policy; it rides on the test's own poker choice.
            inputs = dataclasses.replace(inputs, poker=traits.PokerPolicy(args.poker))
    odds: Odds[Any] = odds_function(type(inputs))(inputs)
    return odds


def run_roll(args: argparse.Namespace) -> tuple[RollRecord[Any], int | None]:
    """A seeded roll for ``meneur roll <system> …``, journaled with ``--campaign``.

    Returns:
        The record and its journal entry id (``None`` without a campaign).

    Raises:
        RulesError: when the roll cannot be completed as asked (a Coup de poker this
            roll does not allow), naming the seed that reproduces the dice.
    """
    from .campaigns import journal_roll

    chosen = args.seed if args.seed is not None else new_seed()

    def make(karma: int | None) -> RollRecord[Any]:
        # With a campaign, its session's next draw (journal_roll sets it).
        seed = getattr(args, "drawn_seed", None) or chosen
        inputs = INPUTS[args.system](args)
        if karma is not None:  # the acting character's karma, from the campaign
            inputs = dataclasses.replace(inputs, karma=karma)
        try:
            record: RollRecord[Any] = roll_seeded(roller(type(inputs)), inputs, seed)
        except RulesError as error:
            raise RulesError(f"{error} ({_where(args, inputs, seed)})") from error
        return record

    record, entry_id = journal_roll(args, make)
    return record, entry_id


def run_event(
    args: argparse.Namespace, record: RollRecord[Any]
) -> tuple[RollRecord[Any], int | None] | None:
    """The random event a yes/no answer brought under the tension (None when it brought
    none): a roll on the ``event`` table (the campaign's own, else the shipped one in the
    command's language), journaled after the answer with ``--campaign``. Its seed comes
    from the answer's, so ``--seed`` reproduces both."""
    if not getattr(record, "event", False):
        return None
    from meneur.core import tables

    from .campaigns import journal_roll

    query = table_query(argparse.Namespace(**{**vars(args), "name": "event"}))
    from meneur.content import term

    seed = random.Random(record.seed).getrandbits(63)
    label = term("solo.event").glossed

    def make(karma: int | None) -> RollRecord[Any]:
        return roll_seeded(tables.roll, query, seed)

    event_args = argparse.Namespace(
        **{**vars(args), "label": label if args.campaign else None, "character": None}
    )
    return journal_roll(event_args, make)


def _where(args: argparse.Namespace, inputs: object, seed: int) -> str:
    """The seed, and the dice when a Coup de poker does not fit them."""
    if args.system == "traits":
        from meneur.core.traits import rules as traits

        if isinstance(inputs, traits.TraitTest):
            first = roll_seeded(traits.first_roll, inputs, seed)
            return f"dice {' '.join(str(d.face) for d in first.dice)}, seed {seed}"
    return f"seed {seed}"


def run_create(
    args: argparse.Namespace,
) -> tuple[cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion, int | None]:
    """The creation (or conversion) rolls for ``meneur create cosmos``, journaled with
    ``--campaign``."""
    from meneur.core.cosmos import creation as cosmos_creation

    from .campaigns import journal_roll

    args.system = "create"
    seed = args.seed if args.seed is not None else new_seed()
    if args.convert and args.pm_dice is not None:
        raise UsageError("meneur create cosmos", "--convert rolls no PV/PM dice; drop --pm-dice")
    if args.pm_dice is not None and not all(0 <= p < 10 for p in args.pm_dice):
        raise RulesError("--pm-dice numbers the ten PV/PM dice 1 to 10")

    def make(_karma: int | None) -> Any:
        if args.convert:
            return roll_seeded(
                cosmos_creation.roll_conversion, cosmos_creation.ConversionOptions(), seed
            )
        options = cosmos_creation.CreationOptions(pm_positions=args.pm_dice)
        return roll_seeded(cosmos_creation.roll_creation, options, seed)

    return journal_roll(args, make)
