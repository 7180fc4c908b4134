"""Le Sphérier's extended and team tests (docs/rules/spherier.md#spherier), attempt by attempt.

**Extended** ``[Mecanique](2, 10, 1h)``: each attempt whose result reaches the step DD
adds its result to a running total; reaching the total succeeds. On the d6 engine each
further attempt has one die fewer and the test stops at 0 dice; on the d20 engine each
further attempt takes a cumulative −1, and the test stops once that malus equals the
Maîtrise (**Ruling**: the first attempt is always made). Elapsed time is attempts ×
interval.

**Team** ``[Rituel satanique](10, 2)``: each assistant tests against the assistants' DD.
On d6 a successful assistant adds their excess successes as dice to the leader's pool and
+1 to the leader's Limite; on d20 +2 to the leader's roll and +1 Limite. Then the leader
tests against the leader's DD. The optional maximum and minimum bound how many assistants
take part.

Both have exact odds: a walk over running totals (extended) and over the assistants'
combined help (team), each a few thousand steps at most.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import field
from fractions import Fraction
from types import MappingProxyType
from typing import ClassVar

from meneur.core.dice import Die
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds
from meneur.core.records import RollRecord

from .notation import Interval
from .rules import SYSTEM, Engine, Roller, Skill

ONE_STEP = Interval(1, "")
"""The interval of an extended test given without one: elapsed time counts attempts."""
TEAM_D20_BONUS = 2
"""What each successful assistant adds to the leader's d20."""


@frozen
class ExtendedTest:
    """An extended test.

    Attributes:
        engine: the campaign's engine.
        skill: the skill used for every attempt.
        step_dd: an attempt counts when its result reaches this.
        total: the running total to reach.
        interval: time between two attempts.
        bonus, malus: modifiers on every attempt.

    Raises:
        RulesError: for a negative step DD or a total below 1.
    """

    engine: Engine
    skill: Skill
    step_dd: int
    total: int
    interval: Interval = ONE_STEP
    bonus: int = 0
    malus: int = 0

    def __post_init__(self) -> None:
        if self.step_dd < 0:
            raise RulesError(
                f"a step DD is 0 or more, not {self.step_dd}",
                message_key="spherier.step_dd",
                value=self.step_dd,
            )
        if self.total < 1:
            raise RulesError(
                f"an extended test needs a total of 1 or more, not {self.total}",
                message_key="spherier.total",
                value=self.total,
            )

    @property
    def max_attempts(self) -> int:
        """How many attempts the test allows before it must stop."""
        if self.engine is Engine.D6:
            return Roller(self.engine, self.skill, self.bonus, self.malus).pool
        return max(1, self.skill.mastery)

    def roller(self, attempt: int) -> Roller:
        """The roller of attempt number ``attempt`` (0-based): one die or one point less each."""
        return Roller(self.engine, self.skill, self.bonus, self.malus + attempt)


@frozen
class Attempt:
    """One attempt of an extended test.

    Attributes:
        dice: its dice.
        result: its (capped) result.
        counted: the result reached the step DD and was added.
        running_total: the total after this attempt.
    """

    dice: tuple[Die, ...]
    result: int
    counted: bool
    running_total: int


@frozen(kw_only=True)
class ExtendedRoll(RollRecord[ExtendedTest]):
    """An extended test. ``result`` is the running total reached.

    Attributes:
        attempts: every attempt in order (their dice carry the role ``"attempt-N"``).
        elapsed: attempts × interval.
    """

    system: ClassVar[str] = SYSTEM
    attempts: tuple[Attempt, ...]
    elapsed: Interval


def resolve_extended(test: ExtendedTest, faces: tuple[int, ...]) -> ExtendedRoll:
    """Read the dice of every attempt in order, until success or the last attempt.

    Raises:
        RulesError: when the faces do not match the attempts.
    """
    position = 0
    running = 0
    attempts: list[Attempt] = []
    for number in range(test.max_attempts):
        roller = test.roller(number)
        count = roller.dice_count()
        own = faces[position : position + count]
        roller.check(own)
        position += count
        result, _ = roller.result(own)
        counted = result >= test.step_dd
        running += result if counted else 0
        role = f"attempt-{number + 1}"
        attempts.append(
            Attempt(tuple(Die(roller.sides(), f, role=role) for f in own), result, counted, running)
        )
        if running >= test.total:
            break
    if position != len(faces):
        raise RulesError(
            f"this extended test used {position} dice, got {len(faces)}",
            message_key="dice.fewer_faces",
            given=len(faces),
            rolled=position,
        )
    success = running >= test.total
    return ExtendedRoll(
        inputs=test,
        dice=tuple(die for attempt in attempts for die in attempt.dice),
        result=running,
        outcome="success" if success else "failure",
        success=success,
        attempts=tuple(attempts),
        elapsed=test.interval.times(len(attempts)),
    )


def roll_extended(test: ExtendedTest, rng: random.Random) -> ExtendedRoll:
    """Roll attempts from ``rng`` until the total is reached or no attempt is left."""
    faces: list[int] = []
    running = 0
    for number in range(test.max_attempts):
        roller = test.roller(number)
        own = roller.roll(rng)
        faces += own
        result, _ = roller.result(own)
        running += result if result >= test.step_dd else 0
        if running >= test.total:
            break
    return resolve_extended(test, tuple(faces))


@frozen
class ExtendedOdds(Odds[ExtendedTest]):
    """Odds of an extended test; ``distribution`` is over the attempts made.

    Attributes:
        success_by_attempt: probability of succeeding at exactly each attempt.
    """

    success_by_attempt: Mapping[int, Fraction] = field(default_factory=lambda: MappingProxyType({}))


MAX_ODDS_WORK = 1_000_000
"""The most (running total, attempt result) pairs the exact odds of an extended or team
test may combine (about half a second here); beyond, odds are refused, rolls work."""


LEADER_WEIGHT = 10
"""A leader's pool counted once weighs about ten (state, result) pairs (measured here)."""


def _refuse_long_odds(work: int, what: str) -> None:
    if work > MAX_ODDS_WORK:
        raise RulesError(
            f"exact odds of {what} would take too long to compute; rolling it still works",
            message_key="odds.too_long",
        )


def extended_work(test: ExtendedTest) -> int:
    """The (running total, result) pairs :func:`extended_odds` combines, attempt by
    attempt: running totals stay below the total to reach."""
    work = 0
    reachable = 1
    for number in range(test.max_attempts):
        roller = test.roller(number)
        results = (min(roller.pool, roller.cap) + 1) if test.engine is Engine.D6 else 20
        work += min(reachable, test.total) * results
        reachable += max(0, roller.cap)
    return work


def extended_odds(test: ExtendedTest) -> ExtendedOdds:
    """Exact odds of an extended test, attempt by attempt.

    Each attempt's rolls are counted with integers over one common denominator (the
    product of every attempt's cases), made a fraction once per attempt.

    Raises:
        RulesError: when they would take more than about half a second to count.
    """
    _refuse_long_odds(extended_work(test), f"this extended test of {test.max_attempts} attempts")
    pending: dict[int, int] = {0: 1}  # running total → ways, over ``cases``; not done yet
    cases = 1
    by_attempt: dict[int, Fraction] = {}
    for number in range(test.max_attempts):
        results, rolls = test.roller(number).counts()
        cases *= rolls
        following: dict[int, int] = {}
        done = 0
        for running, ways in pending.items():
            for result, count in results.items():
                new = running + (result if result >= test.step_dd else 0)
                if new >= test.total:
                    done += ways * count
                else:
                    following[new] = following.get(new, 0) + ways * count
        if done:
            by_attempt[number + 1] = Fraction(done, cases)
        pending = following
    success = sum(by_attempt.values(), Fraction(0))
    attempts = dict(by_attempt)
    if success < 1:
        last = test.max_attempts
        attempts[last] = attempts.get(last, Fraction(0)) + 1 - success
    return ExtendedOdds(
        system=SYSTEM,
        inputs=test,
        outcomes=MappingProxyType({"success": success, "failure": 1 - success}),
        distribution=MappingProxyType(dict(sorted(attempts.items()))),
        success_by_attempt=MappingProxyType(by_attempt),
    )


@frozen
class TeamTest:
    """A team test: assistants help, then the leader tests.

    Attributes:
        engine: the campaign's engine.
        leader: the leader's skill.
        assistants: each assistant's skill.
        leader_dd: the DD the leader must reach.
        assistant_dd: the DD an assistant must reach to help.
        bonus, malus: the leader's own modifiers.
        max_assistants, min_assistants: optional bounds on how many help.

    Raises:
        RulesError: when the number of assistants is outside the bounds.
    """

    engine: Engine
    leader: Skill
    assistants: tuple[Skill, ...]
    leader_dd: int
    assistant_dd: int
    bonus: int = 0
    malus: int = 0
    max_assistants: int | None = None
    min_assistants: int | None = None

    def __post_init__(self) -> None:
        count = len(self.assistants)
        if self.max_assistants is not None and count > self.max_assistants:
            raise RulesError(
                f"at most {self.max_assistants} assistants, not {count}",
                message_key="spherier.most_assistants",
                most=self.max_assistants,
                count=count,
            )
        if self.min_assistants is not None and count < self.min_assistants:
            raise RulesError(
                f"at least {self.min_assistants} assistants, not {count}",
                message_key="spherier.least_assistants",
                least=self.min_assistants,
                count=count,
            )

    def assistant_roller(self, skill: Skill) -> Roller:
        """An assistant's roller."""
        return Roller(self.engine, skill)

    def help_from(self, result: int) -> tuple[bool, int]:
        """Whether an assistant's result helps, and the extra dice it gives (d6 only)."""
        helped = result >= self.assistant_dd
        extra = result - self.assistant_dd if helped and self.engine is Engine.D6 else 0
        return helped, extra

    def leader_roller(self, helpers: int, extra_dice: int) -> Roller:
        """The leader's roller once ``helpers`` assistants helped with ``extra_dice`` dice."""
        bonus = extra_dice if self.engine is Engine.D6 else TEAM_D20_BONUS * helpers
        return Roller(self.engine, self.leader, self.bonus + bonus, self.malus, helpers)


@frozen
class AssistantRoll:
    """One assistant's test.

    Attributes:
        skill: the assistant's skill.
        dice: their dice (role ``"assistant"``).
        result: their (capped) result.
        helped: it reached the assistants' DD.
        extra_dice: excess successes given to the leader (d6).
    """

    skill: Skill
    dice: tuple[Die, ...]
    result: int
    helped: bool
    extra_dice: int


@frozen(kw_only=True)
class TeamRoll(RollRecord[TeamTest]):
    """A team test. ``result`` is the leader's (capped) result.

    Attributes:
        assistants: every assistant's test, in order.
        helpers: how many assistants helped.
        leader_dice: the leader's dice (no role).
        leader_cap: the leader's highest possible result after help.
        margin: |result − leader's DD|.
    """

    system: ClassVar[str] = SYSTEM
    assistants: tuple[AssistantRoll, ...]
    helpers: int
    leader_dice: tuple[Die, ...]
    leader_cap: int
    margin: int


def resolve_team(test: TeamTest, faces: tuple[int, ...]) -> TeamRoll:
    """Read every assistant's dice in order, then the leader's.

    Raises:
        RulesError: when the faces do not match.
    """
    position = 0
    assistants = []
    for skill in test.assistants:
        roller = test.assistant_roller(skill)
        own = faces[position : position + roller.dice_count()]
        roller.check(own)
        position += len(own)
        result, _ = roller.result(own)
        helped, extra = test.help_from(result)
        dice = tuple(Die(roller.sides(), face, role="assistant") for face in own)
        assistants.append(AssistantRoll(skill, dice, result, helped, extra))
    helpers = sum(1 for a in assistants if a.helped)
    leader = test.leader_roller(helpers, sum(a.extra_dice for a in assistants))
    own = faces[position:]
    leader.check(own)
    result, _ = leader.result(own)
    leader_dice = tuple(Die(leader.sides(), face) for face in own)
    success = result >= test.leader_dd
    return TeamRoll(
        inputs=test,
        dice=tuple(die for a in assistants for die in a.dice) + leader_dice,
        result=result,
        outcome="success" if success else "failure",
        success=success,
        assistants=tuple(assistants),
        helpers=helpers,
        leader_dice=leader_dice,
        leader_cap=leader.cap,
        margin=abs(result - test.leader_dd),
    )


def roll_team(test: TeamTest, rng: random.Random) -> TeamRoll:
    """Roll each assistant in order, then the leader."""
    faces: list[int] = []
    helpers = extra = 0
    for skill in test.assistants:
        roller = test.assistant_roller(skill)
        own = roller.roll(rng)
        faces += own
        helped, more = test.help_from(roller.result(own)[0])
        helpers += helped
        extra += more
    faces += test.leader_roller(helpers, extra).roll(rng)
    return resolve_team(test, tuple(faces))


def team_work(test: TeamTest) -> int:
    """The (help state, result) pairs :func:`team_odds` combines, found by walking the
    help states without counting them (given up past :data:`MAX_ODDS_WORK`)."""
    work = 0
    states = {(0, 0)}
    for skill in test.assistants:
        results = test.assistant_roller(skill).counts()[0]
        work += len(states) * len(results)
        if work > MAX_ODDS_WORK:
            return work
        helps = {test.help_from(result) for result in results}
        states = {(h + more_h, d + more_d) for h, d in states for more_h, more_d in helps}
    for helpers, dice in states:
        # Counting a pool of p d6 costs some p big-number steps, whatever its Limite.
        roller = test.leader_roller(helpers, dice)
        work += LEADER_WEIGHT * (roller.pool + 1 if test.engine is Engine.D6 else 20)
    return work


def team_odds(test: TeamTest) -> Odds[TeamTest]:
    """Exact odds of a team test: the assistants' combined help, then the leader.

    Raises:
        RulesError: when they would take more than about half a second to count.
    """
    _refuse_long_odds(team_work(test), f"this team test of {len(test.assistants)} assistants")
    help_states: dict[tuple[int, int], int] = {(0, 0): 1}  # (helpers, dice) → ways
    cases = 1
    for skill in test.assistants:
        results, rolls = test.assistant_roller(skill).counts()
        cases *= rolls
        following: dict[tuple[int, int], int] = {}
        for result, count in results.items():
            helped, extra = test.help_from(result)
            for (helpers, dice), ways in help_states.items():
                state = (helpers + helped, dice + extra)
                following[state] = following.get(state, 0) + ways * count
        help_states = following
    leader = [
        (ways, *test.leader_roller(helpers, dice).counts())
        for (helpers, dice), ways in help_states.items()
    ]
    # One denominator for every leader's roll: a pool of fewer dice counts each of its
    # rolls as many times as the largest pool has more.
    most = max(rolls for _, _, rolls in leader)
    counts: dict[int, int] = {}
    for ways, results, rolls in leader:
        for result, count in results.items():
            counts[result] = counts.get(result, 0) + ways * count * (most // rolls)
    distribution = {result: Fraction(n, cases * most) for result, n in counts.items() if n}
    success = sum((p for r, p in distribution.items() if r >= test.leader_dd), Fraction(0))
    return Odds(
        system=SYSTEM,
        inputs=test,
        outcomes=MappingProxyType({"success": success, "failure": 1 - success}),
        distribution=MappingProxyType(dict(sorted(distribution.items()))),
    )
