"""Luck you can see: how the dice treated a character, a session or a campaign, measured
against the exact odds each roll had before it was thrown.

A roll counts when it was a test (it succeeded or failed: not an oracle's answer, a
scene check, a table or a free expression; a Coup de poker chosen after a roll is that
test's second chance, counted with its first roll), its viewer may see it whole, it was not
taken back, and the GM did not leave it out (``uncounted`` in campaign.toml: a roll
made by mistake, a test of the rules). Its chance of success is the sum of the exact
chances of the outcomes that count as a success (:data:`SUCCESS_KEYS`); the run's luck
is the probability of doing no better than it did (:mod:`meneur.core.luck`). Dice
thrown by hand count too: they had the same odds.

The journal is read a chunk at a time (in worker processes on the command line), and
only what counting needs crosses back, so 100,000 entries take about a second.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from meneur.content.outcomes import SUCCESS_KEYS
from meneur.core.frozen import frozen
from meneur.core.visibility import GM, Viewer
from meneur.saves.campaign import Campaign
from meneur.saves.chunks import each_chunk
from meneur.saves.journal import Entry

from .export import after_the_fact, undone_entries
from .reading import _outcome_odds
from .views import entries_for

NOT_TESTS = ("oracles", "solo", "tables", "expressions", "npcs")
"""Kinds of roll (by their module) that answer a question about the world, not a
character's test: no luck of anyone's is in them."""
FACES = (100, 6)
"""The dice whose faces are counted against an even spread."""


@dataclass
class Found:
    """What one chunk holds for counting, already counted (only counts cross back from
    a worker: per roll work in the calling process made it the slowest part)."""

    odds: dict[str, Mapping[str, Fraction]] = field(default_factory=dict)
    """The odds of each kind of test met, by :func:`_key`."""
    systems: dict[str, str] = field(default_factory=dict)
    """The system of each kind of test met."""
    tests: Counter[tuple[str | None, str]] = field(default_factory=Counter)
    """How many tests each character (or nobody) made of each kind."""
    wins: Counter[str | None] = field(default_factory=Counter)
    """Each character's successes."""
    outcomes: Counter[tuple[str, str]] = field(default_factory=Counter)
    """How often each (system, outcome) came."""
    faces: dict[int, list[int]] = field(default_factory=dict)
    course: list[tuple[str, bool]] = field(default_factory=list)
    """Each roll in order, by its kind, and whether it succeeded (when asked for)."""
    left_out: int = 0
    """Rolls the GM left out (that the viewer may see)."""


@frozen
class Tally:
    """Rolls counted together: how many, their successes, and what was expected."""

    rolls: int
    successes: int
    expected: float
    """The sum of each roll's exact chance of success."""
    luck: float
    """The probability of doing no better: at most :attr:`successes` successes."""


@frozen
class Stats:
    """A run of rolls measured against their odds (see the module)."""

    whole: Tally
    characters: tuple[tuple[str, Tally], ...]
    """Each character who rolled (by key), in the order they first did."""
    outcomes: Mapping[str, Mapping[str, tuple[int, float]]]
    """For each system, each outcome: how often it came, and how often it was expected."""
    faces: Mapping[int, tuple[int, ...]]
    """For each die of :data:`FACES` thrown, how often each face came (face 1 first)."""
    course: tuple[tuple[int, float], ...]
    """After each roll, in order: the successes so far and those expected so far (when
    asked for)."""
    left_out: int


def _success_chance(outcomes: Mapping[str, Fraction]) -> Fraction:
    return sum((p for key, p in outcomes.items() if key in SUCCESS_KEYS), Fraction(0))


def _key(roll: Mapping[str, Any]) -> str:
    """A kind of test: its inputs as written (meneur writes a test's the same way each
    time)."""
    return f"{roll.get('kind')}:{roll.get('inputs')!r}"


def _counted_alone(roll: Mapping[str, Any]) -> bool:
    """Whether a roll continuing an earlier one is weighed at its own test's odds, as its
    system says (Les Traits: a forced Coup de poker of one die is in its test's odds)."""
    from meneur.core.systems import continued, load, system

    owner = str(roll.get("system"))
    inputs = roll.get("inputs")
    where = system(owner).continued_counts
    if not where or not isinstance(inputs, Mapping):
        return False
    counts: Any = load(where)
    return bool(counts(inputs, continued(roll)))


def _count(
    entry: Entry,
    found: Found,
    known: dict[str, Mapping[str, Fraction]],
    uncounted: Mapping[str, Any],
    course: bool,
) -> None:
    """Count ``entry`` into ``found`` when it is a test whose odds are known. ``known``:
    the odds this process weighed already (and handed on with an earlier chunk)."""
    roll = entry.roll
    if roll is None:
        return
    kind, success, outcome = roll.get("kind"), roll.get("success"), roll.get("outcome")
    if not isinstance(kind, str) or not isinstance(success, bool) or not isinstance(outcome, str):
        return
    if kind.partition(".")[0] in NOT_TESTS:
        return
    if after_the_fact(roll) and not _counted_alone(roll):
        # A continuation chosen (a Coup de poker): its chance came from the first roll
        # (counted, at the odds it had then).
        return
    key = _key(roll)
    odds = known.get(key)
    if odds is None:
        odds = {name: p for name, p in _outcome_odds(roll).items() if isinstance(p, Fraction)}
        known[key] = found.odds[key] = odds
        found.systems[key] = str(roll.get("system", ""))
    # A roll whose outcome its odds do not know, or whose success is not its outcome's,
    # cannot be weighed: it is not counted rather than counted wrong.
    if outcome not in odds or success != (outcome in SUCCESS_KEYS):
        return
    if str(entry.id) in uncounted:
        found.left_out += 1
        return
    found.tests[entry.character, key] += 1
    found.wins[entry.character] += success
    found.outcomes[str(roll.get("system", "")), outcome] += 1
    if course:
        found.course.append((key, success))
    for die in roll.get("dice", ()):
        if not isinstance(die, Mapping):
            continue
        sides, face = die.get("sides"), die.get("face")
        if sides in FACES and isinstance(face, int) and 1 <= face <= sides:
            found.faces.setdefault(sides, [0] * sides)[face - 1] += 1


def _chunks(
    campaign: Campaign,
    viewer: Viewer,
    character: str | None,
    within: tuple[int, int] | None,
    parallel: bool,
    course: bool,
) -> Iterator[Found]:
    journal, state = campaign.journal, campaign.state
    taken_back = frozenset(undone_entries(campaign))
    uncounted = state.get("uncounted", {})
    first, last = within or (1, journal.last_id)
    # Each kind of test is weighed once per process and its odds handed on with the
    # first chunk that met it there: a worker's chunks reach the caller in order, after
    # any earlier one of the same worker (see meneur.saves.chunks).
    known: dict[str, Mapping[str, Fraction]] = {}

    def work(entries: list[Entry]) -> Found:
        found = Found()
        for entry in entries_for(entries, viewer, journal, state):
            if entry.redacted or entry.roll is None or not first <= entry.id <= last:
                continue
            if entry.id in taken_back or (character is not None and entry.character != character):
                continue
            _count(entry, found, known, uncounted, course)
        return found

    yield from each_chunk(journal, work, first=first, parallel=parallel)


def stats(
    campaign: Campaign,
    viewer: Viewer = GM,
    *,
    character: str | None = None,
    within: tuple[int, int] | None = None,
    parallel: bool = False,
    course: bool = False,
) -> Stats:
    """The luck of the rolls ``viewer`` may see (only ``character``'s when given; only
    entries ``within`` the ids given, a session's). ``course``: with the successes and
    those expected after each roll (the Luck view's plot). ``parallel``: read in worker
    processes (only where the process may fork). Raises CampaignError when a chunk
    cannot be read."""
    from meneur.core.luck import luck

    odds: dict[str, Mapping[str, Fraction]] = {}
    systems: dict[str, str] = {}
    tests: Counter[tuple[str | None, str]] = Counter()
    wins: Counter[str | None] = Counter()
    outcomes: Counter[tuple[str, str]] = Counter()
    faces: dict[int, list[int]] = {}
    steps: list[tuple[int, float]] = []
    chances: dict[str, Fraction] = {}
    won, expected, left_out = 0, 0.0, 0
    for found in _chunks(campaign, viewer, character, within, parallel, course):
        odds.update(found.odds)
        systems.update(found.systems)
        tests.update(found.tests)
        wins.update(found.wins)
        outcomes.update(found.outcomes)
        left_out += found.left_out
        for sides, counts in found.faces.items():
            so_far = faces.setdefault(sides, [0] * sides)
            faces[sides] = [a + b for a, b in zip(so_far, counts, strict=True)]
        for key, success in found.course:
            if key not in chances:
                chances[key] = _success_chance(odds[key])
            won += success
            expected += float(chances[key])
            steps.append((won, expected))
    for key in odds:
        chances.setdefault(key, _success_chance(odds[key]))

    def tally(of: Mapping[str, int], observed: int) -> Tally:
        counts: Counter[Fraction] = Counter()
        for key, count in of.items():
            counts[chances[key]] += count
        rolls = sum(counts.values())
        mean = float(sum((p * n for p, n in counts.items()), Fraction(0)))
        return Tally(rolls, observed, mean, luck(counts, observed) if rolls else 0.5)

    everyone: Counter[str] = Counter()
    each: dict[str | None, Counter[str]] = {}
    for (who, key), count in tests.items():
        everyone[key] += count
        each.setdefault(who, Counter())[key] += count
    expected_outcomes: dict[str, dict[str, float]] = {}
    for key, count in everyone.items():
        shares = expected_outcomes.setdefault(systems[key], {})
        for name, p in odds[key].items():
            shares[name] = shares.get(name, 0.0) + float(p) * count
    return Stats(
        whole=tally(everyone, sum(wins.values())),
        characters=tuple(
            (who, tally(counts, wins[who])) for who, counts in each.items() if who is not None
        ),
        outcomes={
            system: {name: (outcomes[system, name], e) for name, e in shares.items()}
            for system, shares in expected_outcomes.items()
        },
        faces={sides: tuple(faces[sides]) for sides in FACES if sides in faces},
        course=tuple(steps),
        left_out=left_out,
    )
