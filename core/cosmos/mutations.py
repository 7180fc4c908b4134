"""Great Cosmos mutations (docs/rules/cosmos.md#dna): the gauge Pμ, the mutation roll, escalation
and the ultimate mutation.

- The gauge runs 0–100. Each time it reaches 100, 100 points are taken off and one
  mutation roll is due.
- A mutation roll is a Chance test (karma applies and moves as for any test) whose
  outcome picks the type: super-critical success → major positive; critical success →
  minor positive, and one random first-degree parent or child also takes a minor
  positive; success → minor positive; failure → minor negative; critical failure →
  major negative; super-critical failure → major negative, and every first-degree child
  takes an irreversible minor negative.
- The gene is drawn at random among all the tree's genes; each mutation's effect is
  1d4 on the effect table.
- A gene's second minor makes its minors irreversible; its third turns them into one
  major. Three genes in a line of descent (grandparent, parent, child) each holding a
  minor: the eldest's minors become one *amplified* major (side effects amplified,
  bonus/malus doubled).
- Three majors call for an ultimate mutation (the GM picks, or 1d4 on the list). After
  "loses half their max PV" (4) the character takes one more major, then an ultimate
  among the three others.

**Rulings** (the seed is silent or its table lost cells in print): the minor column of
the effect table is two merged cells, 1–2 light bonus/malus and 3–4 light side effect;
minors of either sign count together on a gene; a repeated or lineage major keeps the
sign of the gene's latest minor; a critical success's companion gene is drawn among the
parent and children (none: no companion); the ultimate after a 4 is drawn on 1d3 (the
three others, in the list's order).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from enum import StrEnum
from typing import ClassVar

from meneur.core.dice import Die, draw, impossible_face
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.odds import Odds
from meneur.core.records import RollRecord

from . import rules as cosmos

SYSTEM = "cosmos"

GAUGE_MAX = 100
"""Pμ at which a mutation happens (and is taken off the gauge)."""
MAJORS_FOR_ULTIMATE = 3
EFFECT_DIE = 4


class Severity(StrEnum):
    """Minor mutations can be cured by gene therapy (until irreversible); majors never."""

    MINOR = "minor"
    MAJOR = "major"


class Sign(StrEnum):
    """Positive mutations bring bonuses, negative ones maluses."""

    POSITIVE = "positive"
    NEGATIVE = "negative"


class Effect(StrEnum):
    """What a mutation does, by the effect d4 (always tied to the gene's own effect)."""

    LIGHT_MODIFIER = "light_modifier"
    LIGHT_SIDE_EFFECT = "light_side_effect"
    IMPORTANT_MODIFIER = "important_modifier"
    MODERATE_SIDE_EFFECT = "moderate_side_effect"
    IMPORTANT_SIDE_EFFECT = "important_side_effect"
    MODIFIER_AND_IMPORTANT_SIDE_EFFECT = "modifier_and_important_side_effect"


EFFECTS: Mapping[Severity, tuple[Effect, ...]] = {
    Severity.MINOR: (
        Effect.LIGHT_MODIFIER,
        Effect.LIGHT_MODIFIER,
        Effect.LIGHT_SIDE_EFFECT,
        Effect.LIGHT_SIDE_EFFECT,
    ),
    Severity.MAJOR: (
        Effect.IMPORTANT_MODIFIER,
        Effect.MODERATE_SIDE_EFFECT,
        Effect.IMPORTANT_SIDE_EFFECT,
        Effect.MODIFIER_AND_IMPORTANT_SIDE_EFFECT,
    ),
}
"""The effect table: faces 1–4 of the effect die, by severity."""


class Cause(StrEnum):
    """Why a gene mutated."""

    ROLL = "roll"
    """The gene drawn for the roll."""
    COMPANION = "companion"
    """A critical success's first-degree parent or child."""
    CHILD = "child"
    """A first-degree child of the gene hit by a super-critical failure."""
    REPEATED = "repeated"
    """A third minor on the same gene."""
    LINEAGE = "lineage"
    """The eldest of three genes in a line of descent holding minors."""


class MutationType(StrEnum):
    """What the Chance test's outcome calls for."""

    MAJOR_POSITIVE = "major_positive"
    MINOR_POSITIVE_AND_COMPANION = "minor_positive_and_companion"
    MINOR_POSITIVE = "minor_positive"
    MINOR_NEGATIVE = "minor_negative"
    MAJOR_NEGATIVE = "major_negative"
    MAJOR_NEGATIVE_AND_CHILDREN = "major_negative_and_children"


TYPE_OF_OUTCOME: Mapping[str, MutationType] = dict(zip(cosmos.OUTCOMES, MutationType, strict=True))
"""The Chance test's outcome → the mutation type (both listed best first)."""


class Ultimate(StrEnum):
    """The ultimate mutations, in the seed's list order (faces 1–4)."""

    ABOMINATION = "abomination"
    FATAL = "fatal"
    ZOMBIE = "zombie"
    HALF_MAX_PV = "half_max_pv"


@frozen
class Mutation:
    """A mutation a gene holds.

    Attributes:
        gene: the gene's key.
        severity: minor or major.
        sign: positive or negative.
        effect: the effect table's line.
        irreversible: a minor that gene therapy can no longer cure (majors always are).
        cause: why it happened.
        amplified: a lineage major: side effects amplified, bonus/malus doubled.
    """

    gene: str
    severity: Severity
    sign: Sign
    effect: Effect
    irreversible: bool = False
    cause: Cause = Cause.ROLL
    amplified: bool = False


@frozen
class GeneLink:
    """A gene of the tree and its parent: all a mutation roll needs of the tree."""

    key: str
    parent: str | None = None


@frozen
class MutationInputs:
    """A mutation roll (the gauge reached 100).

    Attributes:
        chance: the character's Chance, the test's threshold.
        karma: the character's karma, −10…+10.
        genes: the campaign's gene tree, each gene with its parent, in the tree's order.
        held: the mutations the character already holds.
        ultimates: the ultimate mutations already suffered, in order.

    Raises:
        RulesError: for an empty tree, a parent missing from it, or held mutations on
            genes it does not have.
    """

    chance: int
    karma: int = 0
    genes: tuple[GeneLink, ...] = ()
    held: tuple[Mutation, ...] = ()
    ultimates: tuple[Ultimate, ...] = ()

    def __post_init__(self) -> None:
        cosmos.check_karma(self.karma)
        keys = {gene.key for gene in self.genes}
        if not keys:
            raise RulesError(
                "a mutation needs a gene tree with at least one gene",
                message_key="cosmos.mutation.no_gene",
            )
        for gene in self.genes:
            if gene.parent is not None and gene.parent not in keys:
                raise RulesError(
                    f"gene {gene.key!r}: no parent gene {gene.parent!r}",
                    message_key="cosmos.gene.no_parent",
                    gene=gene.key,
                    parent=gene.parent,
                )
        for mutation in self.held:
            if mutation.gene not in keys:
                raise RulesError(
                    f"a held mutation is on gene {mutation.gene!r}, not in the tree",
                    message_key="cosmos.mutation.held",
                    gene=mutation.gene,
                )

    @property
    def test(self) -> cosmos.CosmosTest:
        """The Chance test that picks the type."""
        return cosmos.CosmosTest(threshold=self.chance, karma=self.karma)


@frozen
class Escalation:
    """A rule that changed held mutations after a new one.

    Attributes:
        gene: the gene whose mutations changed.
        cause: ``repeated`` (second minor: irreversible; third: major) or ``lineage``.
        became: what its minors became: ``irreversible`` or ``major``.
        line: for a lineage, the three genes, eldest first.
    """

    gene: str
    cause: Cause
    became: str
    line: tuple[str, ...] = ()


@frozen(kw_only=True)
class MutationRoll(RollRecord[MutationInputs]):
    """A mutation roll. ``result`` is the Chance test's modified score; ``outcome`` the
    mutation type; ``success`` whether it is positive.

    Attributes:
        test: the Chance test, whose outcome picked the type.
        new: the mutations this roll caused, in the order rolled (before escalation).
        escalations: what the escalation rules changed afterwards, in order.
        held: every mutation the character holds afterwards.
        ultimate_due: three majors (or one more after a 4) call for an ultimate mutation.
        karma_after: karma once the Chance test has moved it.
    """

    system: ClassVar[str] = SYSTEM
    test: cosmos.CosmosRoll
    new: tuple[Mutation, ...]
    escalations: tuple[Escalation, ...]
    held: tuple[Mutation, ...]
    ultimate_due: bool
    karma_after: int


def add_to_gauge(gauge: int, points: int) -> tuple[int, int]:
    """Add ``points`` Pμ (negative takes some off, never below 0).

    Returns:
        The new gauge (0–99) and how many mutation rolls are due (one per 100 reached).
    """
    total = max(0, gauge + points)
    return total % GAUGE_MAX, total // GAUGE_MAX


def majors_in(held: Iterable[Mutation]) -> int:
    """How many major mutations are held."""
    return sum(mutation.severity is Severity.MAJOR for mutation in held)


def ultimate_due(held: Iterable[Mutation], ultimates: tuple[Ultimate, ...]) -> bool:
    """Whether an ultimate mutation is called for and not yet suffered.

    Three majors call for the first; after "half max PV" one more major calls for the
    next; any other ultimate is the end.
    """
    if ultimates and ultimates[-1] is not Ultimate.HALF_MAX_PV:
        return False
    return majors_in(held) >= MAJORS_FOR_ULTIMATE + len(ultimates)


def _merge_into_major(held: list[Mutation], gene: str, cause: Cause) -> None:
    """Replace ``gene``'s minors in ``held`` by one major with the latest minor's sign and
    effect (a lineage major is amplified)."""
    minors = [m for m in held if m.gene == gene and m.severity is Severity.MINOR]
    held[:] = [m for m in held if m not in minors]
    held.append(
        replace(
            minors[-1],
            severity=Severity.MAJOR,
            irreversible=True,
            cause=cause,
            amplified=cause is Cause.LINEAGE,
        )
    )


def _escalate_repeated(held: list[Mutation], gene: str, escalations: list[Escalation]) -> None:
    """A second minor on ``gene`` makes its minors irreversible; a third, one major."""
    minors = [m for m in held if m.gene == gene and m.severity is Severity.MINOR]
    if len(minors) >= 3:
        _merge_into_major(held, gene, Cause.REPEATED)
        escalations.append(Escalation(gene, Cause.REPEATED, "major"))
    elif len(minors) == 2 and not all(m.irreversible for m in minors):
        held[:] = [
            replace(m, irreversible=True) if m.gene == gene and m.severity is Severity.MINOR else m
            for m in held
        ]
        escalations.append(Escalation(gene, Cause.REPEATED, "irreversible"))


def _escalate_lineages(
    held: list[Mutation], parents: Mapping[str, str | None], escalations: list[Escalation]
) -> None:
    """While three genes in a line of descent hold minors, the eldest's become a major."""
    while True:
        with_minor = {m.gene for m in held if m.severity is Severity.MINOR}
        line = next(
            (
                (grand, parent, child)
                for child in parents
                if child in with_minor
                and (parent := parents[child]) in with_minor
                and (grand := parents[parent]) in with_minor
            ),
            None,
        )
        if line is None:
            return
        _merge_into_major(held, line[0], Cause.LINEAGE)
        escalations.append(Escalation(line[0], Cause.LINEAGE, "major", line))


def _play(inputs: MutationInputs, face: Callable[[int, str], int]) -> MutationRoll:
    """The mutation roll, each die's face asked of ``face(sides, role)`` in rolling order."""
    test_faces = [face(100, "test")]
    if cosmos.karma_die_sign(inputs.karma):
        test_faces.append(face(cosmos.KARMA_DIE_SIDES, "karma"))
    test = cosmos.resolve(inputs.test, tuple(test_faces))
    kind = TYPE_OF_OUTCOME[test.outcome or "failure"]
    dice: list[Die] = list(test.dice)
    keys = [gene.key for gene in inputs.genes]
    parents = {gene.key: gene.parent for gene in inputs.genes}

    def pick(among: list[str], role: str) -> str:
        shown = face(len(among), role)
        dice.append(Die(len(among), shown, role=role))
        return among[shown - 1]

    def mutate(
        gene: str, severity: Severity, sign: Sign, cause: Cause, irreversible: bool = False
    ) -> Mutation:
        shown = face(EFFECT_DIE, "effect")
        dice.append(Die(EFFECT_DIE, shown, role=f"effect:{gene}"))
        return Mutation(gene, severity, sign, EFFECTS[severity][shown - 1], irreversible, cause)

    hit = pick(keys, "gene")
    severity = Severity.MAJOR if kind.value.startswith("major") else Severity.MINOR
    sign = Sign.POSITIVE if "positive" in kind.value else Sign.NEGATIVE
    new = [mutate(hit, severity, sign, Cause.ROLL, irreversible=severity is Severity.MAJOR)]
    children = [key for key in keys if parents[key] == hit]
    if kind is MutationType.MINOR_POSITIVE_AND_COMPANION:
        parent = parents[hit]
        around = ([parent] if parent is not None else []) + children
        if around:
            companion = pick(around, "companion")
            new.append(mutate(companion, Severity.MINOR, Sign.POSITIVE, Cause.COMPANION))
    elif kind is MutationType.MAJOR_NEGATIVE_AND_CHILDREN:
        for child in children:
            new.append(mutate(child, Severity.MINOR, Sign.NEGATIVE, Cause.CHILD, True))

    held = list(inputs.held)
    escalations: list[Escalation] = []
    for mutation in new:
        held.append(mutation)
        if mutation.severity is Severity.MINOR:
            _escalate_repeated(held, mutation.gene, escalations)
    _escalate_lineages(held, parents, escalations)
    return MutationRoll(
        inputs=inputs,
        dice=tuple(dice),
        result=test.result,
        outcome=kind.value,
        success=sign is Sign.POSITIVE,
        test=test,
        new=tuple(new),
        escalations=tuple(escalations),
        held=tuple(held),
        ultimate_due=ultimate_due(held, inputs.ultimates),
        karma_after=test.karma_after,
    )


def resolve(inputs: MutationInputs, faces: tuple[int, ...]) -> MutationRoll:
    """Read given faces as a mutation roll, in the order they are rolled.

    Faces: the d100 (and the karma d10 when karma calls for it); the gene die (one face
    per gene, in the tree's order); the effect d4; then for a critical success the
    companion die (one face per first-degree parent or child, the parent first) and its
    effect d4, or for a super-critical failure one effect d4 per first-degree child.

    Raises:
        RulesError: when the faces do not fit.
    """
    given = iter(faces)

    def face(sides: int, role: str) -> int:
        shown = next(given, None)
        if shown is None:
            raise RulesError(
                "not enough dice for this mutation roll", message_key="cosmos.mutation.few_dice"
            )
        if not 1 <= shown <= sides:
            raise impossible_face(sides, shown)
        return shown

    played = _play(inputs, face)
    if next(given, None) is not None:
        raise RulesError(
            "too many dice for this mutation roll", message_key="cosmos.mutation.many_dice"
        )
    return played


def roll(inputs: MutationInputs, rng: random.Random) -> MutationRoll:
    """Roll the Chance test, then the gene, effect and companion dice it calls for."""
    return _play(inputs, lambda sides, _role: draw(rng, sides))


def odds(inputs: MutationInputs) -> Odds[MutationInputs]:
    """Exact odds of each mutation type: the Chance test's odds, read as types."""
    test = cosmos.odds(inputs.test)
    return Odds(
        system=SYSTEM,
        inputs=inputs,
        outcomes={TYPE_OF_OUTCOME[key].value: p for key, p in test.outcomes.items()},
        distribution=test.distribution,
    )


@frozen
class UltimateInputs:
    """The draw of an ultimate mutation (when the GM leaves it to the dice).

    Attributes:
        before: the ultimates already suffered; after "half max PV" the draw is among
            the three others (1d3).
    """

    before: tuple[Ultimate, ...] = ()


@frozen(kw_only=True)
class UltimateRoll(RollRecord[UltimateInputs]):
    """An ultimate mutation drawn. ``outcome`` is the :class:`Ultimate`'s value."""

    system: ClassVar[str] = SYSTEM
    ultimate: Ultimate


def _ultimate_choices(inputs: UltimateInputs) -> tuple[Ultimate, ...]:
    if Ultimate.HALF_MAX_PV in inputs.before:
        return tuple(u for u in Ultimate if u is not Ultimate.HALF_MAX_PV)
    return tuple(Ultimate)


def resolve_ultimate(inputs: UltimateInputs, faces: tuple[int, ...]) -> UltimateRoll:
    """Read one die as the ultimate mutation (1d4, or 1d3 after "half max PV").

    Raises:
        RulesError: for a face the die cannot show.
    """
    choices = _ultimate_choices(inputs)
    if len(faces) != 1 or not 1 <= faces[0] <= len(choices):
        raise RulesError(
            f"an ultimate mutation reads one d{len(choices)}",
            message_key="dice.read_as",
            count=1,
            sides=len(choices),
        )
    ultimate = choices[faces[0] - 1]
    return UltimateRoll(
        inputs=inputs,
        dice=(Die(len(choices), faces[0]),),
        result=faces[0],
        outcome=ultimate.value,
        success=None,
        ultimate=ultimate,
    )


def roll_ultimate(inputs: UltimateInputs, rng: random.Random) -> UltimateRoll:
    """Draw the ultimate mutation."""
    return resolve_ultimate(inputs, (draw(rng, len(_ultimate_choices(inputs))),))


def half_max_pv(max_pv: int) -> int:
    """Max PV after "loses half their max PV" (the half lost is rounded down)."""
    return max_pv - max_pv // 2
