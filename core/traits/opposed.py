"""Les Traits' opposed test (docs/rules/traits.md#traits), played step by step.

Both sides roll at Difficulty 4 (bless/curse still apply), the attacker first. More
successes wins; a tie fails the attacker, who may also need a minimum of successes.
Each side may try a Coup de poker right after its own roll; the attacker may instead
wait for the defender's roll and poker then, and a defender who has not pokered yet may
answer with a Coup de poker of their own.

The play is a small state machine: :func:`start`, :func:`allowed_actions` and
:func:`act` let an interface walk it one decision at a time, and :func:`play` runs it
from a script of decisions or from poker policies. A finished state becomes an
:class:`OpposedRoll` whose inputs hold the decisions, so it replays from its seed.

**Ruling**: a side whose talent forces the Coup de poker makes it at its first
opportunity (it may neither wait nor pass).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from meneur.core.dice import Die
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds
from meneur.core.records import RollRecord

from .rules import (
    SYSTEM,
    Blessing,
    BonusDie,
    PokerPolicy,
    TraitRoll,
    TraitTest,
    check_odds_work,
    choose_poker,
    first_roll,
    odds_work,
    pool_distribution,
    with_poker,
)

OPPOSED_DIFFICULTY = 4


class Stage(StrEnum):
    """Whose decision the opposed test waits for."""

    ATTACKER_ROLLS = "attacker-rolls"
    ATTACKER_POKER = "attacker-poker"
    DEFENDER_ROLLS = "defender-rolls"
    DEFENDER_POKER = "defender-poker"
    ATTACKER_LATE_POKER = "attacker-late-poker"
    DEFENDER_ANSWER = "defender-answer"
    DONE = "done"


@frozen
class OpposedSide:
    """One side of an opposed test.

    Attributes:
        dice: the trait used (number of d6).
        bonus: fixed bonus or malus to the pool.
        bonus_die: variable bonus/malus die.
        blessing: bless or curse.
        forced_poker: a talent forces the Coup de poker when a 6 shows.
        policy: how meneur plays this side's Coup de poker when no script is given.
    """

    dice: int
    bonus: int = 0
    bonus_die: BonusDie | None = None
    blessing: Blessing | None = None
    forced_poker: bool = False
    policy: PokerPolicy = PokerPolicy.NEVER

    def test(self, need: int = 1) -> TraitTest:
        """This side's trait roll at Difficulty 4, needing ``need`` successes."""
        return TraitTest(
            dice=self.dice,
            difficulty=OPPOSED_DIFFICULTY,
            need=max(need, 1),
            bonus=self.bonus,
            bonus_die=self.bonus_die,
            blessing=self.blessing,
            forced_poker=self.forced_poker,
            poker=0,
        )


@frozen
class OpposedTest:
    """An opposed test.

    Attributes:
        attacker: the side acting.
        defender: the side resisting.
        minimum: successes the attacker needs at least (besides beating the defender).
        attacker_waits: when meneur plays by policy, the attacker keeps its Coup de
            poker until the defender has rolled.
        script: the decisions taken, in order (``"roll"``, ``"wait"``, ``"pass"``,
            ``"poker K"``); when given, play follows it instead of the policies.
    """

    attacker: OpposedSide
    defender: OpposedSide
    minimum: int = 1
    attacker_waits: bool = False
    script: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if self.minimum < 1:
            raise RulesError(
                f"the attacker needs 1 success or more, not {self.minimum}",
                message_key="traits.need",
                value=self.minimum,
            )


@frozen
class OpposedState:
    """Where an opposed test stands.

    Attributes:
        test: the opposed test.
        stage: whose decision comes next.
        attacker: the attacker's roll so far.
        defender: the defender's roll so far.
        attacker_waited: the attacker kept its Coup de poker for later.
        actions: the decisions taken so far.
    """

    test: OpposedTest
    stage: Stage = Stage.ATTACKER_ROLLS
    attacker: TraitRoll | None = None
    defender: TraitRoll | None = None
    attacker_waited: bool = False
    actions: tuple[str, ...] = ()


def start(test: OpposedTest) -> OpposedState:
    """The state before anyone has rolled."""
    return OpposedState(test)


def _can_poker(roll: TraitRoll | None) -> bool:
    return roll is not None and roll.poker == 0 and roll.poker_limit > 0


def allowed_actions(state: OpposedState) -> tuple[str, ...]:
    """The decisions allowed now: ``"roll"``, ``"wait"``, ``"pass"``, ``"poker K"``."""
    stage = state.stage
    if stage in (Stage.ATTACKER_ROLLS, Stage.DEFENDER_ROLLS):
        return ("roll",)
    if stage is Stage.DONE:
        return ()
    attacking = stage in (Stage.ATTACKER_POKER, Stage.ATTACKER_LATE_POKER)
    roll = state.attacker if attacking else state.defender
    side = state.test.attacker if attacking else state.test.defender
    assert roll is not None
    pokers = tuple(f"poker {k}" for k in range(1, roll.poker_limit + 1))
    if side.forced_poker:
        return pokers
    if stage is Stage.ATTACKER_POKER:
        return (*pokers, "wait", "pass")
    return (*pokers, "pass")


def _after_defender(state: OpposedState) -> Stage:
    if state.attacker_waited and _can_poker(state.attacker):
        return Stage.ATTACKER_LATE_POKER
    return Stage.DONE


def act(state: OpposedState, action: str, rng: random.Random) -> OpposedState:
    """Take one decision, drawing any dice it needs from ``rng``.

    Raises:
        RulesError: when the decision is not allowed at this stage.
    """
    if action not in allowed_actions(state):
        allowed = ", ".join(allowed_actions(state)) or "nothing: the test is over"
        raise RulesError(
            f"at {state.stage.value}, {action!r} is not allowed (allowed: {allowed})",
            message_key="traits.opposed_action",
            action=action,
            allowed=", ".join(allowed_actions(state)),
        )
    logged = replace(state, actions=(*state.actions, action))
    test = state.test
    match state.stage:
        case Stage.ATTACKER_ROLLS:
            attacker = first_roll(test.attacker.test(test.minimum), rng)
            rolled = replace(logged, attacker=attacker)
            stage = Stage.ATTACKER_POKER if _can_poker(attacker) else Stage.DEFENDER_ROLLS
            return replace(rolled, stage=stage)
        case Stage.ATTACKER_POKER:
            if action == "wait":
                return replace(logged, attacker_waited=True, stage=Stage.DEFENDER_ROLLS)
            return replace(_poker(logged, action, rng, attacker=True), stage=Stage.DEFENDER_ROLLS)
        case Stage.DEFENDER_ROLLS:
            assert state.attacker is not None
            need = state.attacker.successes  # a tie goes to the defender
            defender = first_roll(test.defender.test(need), rng)
            rolled = replace(logged, defender=defender)
            if _can_poker(defender):
                return replace(rolled, stage=Stage.DEFENDER_POKER)
            return replace(rolled, stage=_after_defender(rolled))
        case Stage.DEFENDER_POKER:
            after = _poker(logged, action, rng, attacker=False)
            return replace(after, stage=_after_defender(after))
        case Stage.ATTACKER_LATE_POKER:
            after = _poker(logged, action, rng, attacker=True)
            answer = action != "pass" and _can_poker(after.defender)
            return replace(after, stage=Stage.DEFENDER_ANSWER if answer else Stage.DONE)
        case _:
            return replace(_poker(logged, action, rng, attacker=False), stage=Stage.DONE)


def _poker(state: OpposedState, action: str, rng: random.Random, *, attacker: bool) -> OpposedState:
    if action == "pass":
        return state
    k = int(action.split()[1])
    if attacker:
        assert state.attacker is not None
        return replace(state, attacker=with_poker(state.attacker, k, rng))
    assert state.defender is not None
    return replace(state, defender=with_poker(state.defender, k, rng))


def _policy_action(state: OpposedState) -> str:
    """The decision meneur takes for a side from its policy."""
    allowed = allowed_actions(state)
    if allowed == ("roll",):
        return "roll"
    test = state.test
    attacking = state.stage in (Stage.ATTACKER_POKER, Stage.ATTACKER_LATE_POKER)
    if state.stage is Stage.ATTACKER_POKER and test.attacker_waits and "wait" in allowed:
        return "wait"
    side = test.attacker if attacking else test.defender
    roll = state.attacker if attacking else state.defender
    other = state.defender if attacking else state.attacker
    assert roll is not None
    if attacking:
        need = max(test.minimum, other.successes + 1 if other is not None else 1)
    else:
        need = other.successes if other is not None else 1
    rule = replace(side.test(need), poker=_policy_for(side.policy, need))
    failures = roll.pool - roll.first_successes
    sixes = sum(1 for die in roll.dice if die.role is None and die.face == 6)
    k = choose_poker(rule, roll.first_successes, failures, sixes)
    return f"poker {k}" if k else "pass"


@frozen(kw_only=True)
class OpposedRoll(RollRecord[OpposedTest]):
    """A finished opposed test, from the attacker's side.

    ``result`` is the attacker's successes minus the defender's; ``dice`` lists the
    attacker's dice then the defender's, their roles prefixed by the side.

    Attributes:
        attacker: the attacker's roll.
        defender: the defender's roll.
        actions: every decision, in order.
    """

    system: ClassVar[str] = SYSTEM
    attacker: TraitRoll
    defender: TraitRoll
    actions: tuple[str, ...]


def finish(state: OpposedState) -> OpposedRoll:
    """The record of a finished opposed test; its inputs hold the decisions taken.

    Raises:
        RulesError: when the test is not finished.
    """
    if state.stage is not Stage.DONE or state.attacker is None or state.defender is None:
        raise RulesError(
            f"the opposed test is not over: {state.stage.value}", message_key="traits.not_over"
        )
    attacker, defender = state.attacker, state.defender
    won = attacker.successes > defender.successes and attacker.successes >= state.test.minimum
    dice = [_side_die(die, "attacker") for die in attacker.dice]
    dice += [_side_die(die, "defender") for die in defender.dice]
    return OpposedRoll(
        inputs=replace(state.test, script=state.actions),
        dice=tuple(dice),
        result=attacker.successes - defender.successes,
        outcome="success" if won else "failure",
        success=won,
        attacker=attacker,
        defender=defender,
        actions=state.actions,
    )


def _side_die(die: Die, side: str) -> Die:
    return replace(die, role=f"{side}-{die.role}" if die.role else side)


def play(test: OpposedTest, rng: random.Random) -> OpposedRoll:
    """Play the whole test: the script's decisions if given, else each side's policy.

    Raises:
        RulesError: when a scripted decision is not allowed where it comes.
    """
    state = start(test)
    script = list(test.script) if test.script is not None else None
    while state.stage is not Stage.DONE:
        if script is not None:
            if not script:
                raise RulesError(
                    f"the script stops before the end, at {state.stage.value}",
                    message_key="traits.script_short",
                )
            action = script.pop(0)
        else:
            action = _policy_action(state)
        state = act(state, action, rng)
    if script:
        raise RulesError(
            f"the test is over but the script goes on: {' '.join(script)}",
            message_key="traits.script_long",
            rest=" ".join(script),
        )
    return finish(state)


def odds(test: OpposedTest) -> Odds[OpposedTest]:
    """Exact odds of the attacker's success when both sides poker by policy at once.

    The attacker's policy reads "short" as below the minimum; the defender's as fewer
    successes than the attacker's. Waiting pokers depend on both rolls and are not
    covered: with ``attacker_waits`` the odds are refused.

    Raises:
        RulesError: for ``attacker_waits`` or a scripted test, or odds that would take
            more than about half a second to count.
    """
    if test.attacker_waits or test.script is not None:
        raise RulesError(
            "exact odds assume each side pokers right after its own roll",
            message_key="traits.odds_poker",
        )
    # The defender's Coup de poker depends on the attacker's successes only when it is
    # played "when short": otherwise one distribution serves every attacker result.
    depends = test.defender.policy is PokerPolicy.WHEN_SHORT
    attacker_test = test.attacker.test(test.minimum)
    defender_test = test.defender.test(1)
    work = odds_work(attacker_test, test.attacker.policy)
    defender_work = odds_work(defender_test, test.defender.policy)
    most = max(attacker_test.pool(face) for face in _faces(test.attacker))
    work += defender_work * (most + 1 if depends else 1)
    check_odds_work(
        work, f"this opposed test of {test.attacker.dice} against {test.defender.dice} dice"
    )
    attacker = _side_distribution(test.attacker, test.minimum)
    defender_by_need: dict[int, Mapping[int, Fraction]] = {}
    distribution: dict[int, Fraction] = {}
    success = Fraction(0)
    for mine, p_mine in attacker.items():
        need = mine if depends else 1
        if need not in defender_by_need:
            defender_by_need[need] = _side_distribution(test.defender, mine)
        for theirs, p_theirs in defender_by_need[need].items():
            p = p_mine * p_theirs
            distribution[mine - theirs] = distribution.get(mine - theirs, Fraction(0)) + p
            if mine > theirs and mine >= test.minimum:
                success += p
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=MappingProxyType({"success": success, "failure": 1 - success}),
        distribution=MappingProxyType({k: p for k, p in sorted(distribution.items()) if p}),
    )


def _policy_for(policy: PokerPolicy, need: int) -> PokerPolicy:
    """A side that needs no success (a defender facing 0) is never short of any."""
    return PokerPolicy.NEVER if policy is PokerPolicy.WHEN_SHORT and need < 1 else policy


def _faces(side: OpposedSide) -> list[int | None]:
    """The faces a side's bonus die may show (None without one)."""
    return list(range(1, side.bonus_die.sides + 1)) if side.bonus_die is not None else [None]


def _side_distribution(side: OpposedSide, need: int) -> Mapping[int, Fraction]:
    test = side.test(need)
    faces = _faces(side)
    totals: dict[int, Fraction] = {}
    for face in faces:
        distribution, _ = pool_distribution(test, test.pool(face), _policy_for(side.policy, need))
        for successes, p in distribution.items():
            totals[successes] = totals.get(successes, Fraction(0)) + p / len(faces)
    return totals
