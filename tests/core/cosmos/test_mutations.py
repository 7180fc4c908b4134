"""Mutations (docs/rules/cosmos.md#dna): the gauge, the roll's type, effect and companions,
escalation of repeated minors and lineages, and the ultimate mutation."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.cosmos import rules as cosmos
from meneur.core.cosmos.mutations import (
    Cause,
    Effect,
    GeneLink,
    Mutation,
    MutationInputs,
    Severity,
    Sign,
    Ultimate,
    UltimateInputs,
    add_to_gauge,
    half_max_pv,
    majors_in,
    odds,
    resolve,
    resolve_ultimate,
    roll,
    ultimate_due,
)
from meneur.core.errors import RulesError
from meneur.core.records import as_data, from_data, roll_seeded
from meneur.core.replay import replay

# a ─ b ─ c      (c is a's grandchild)
#   └ d
TREE = (GeneLink("a"), GeneLink("b", "a"), GeneLink("c", "b"), GeneLink("d", "a"))
GENE = {"a": 1, "b": 2, "c": 3, "d": 4}
"""The gene die's face for each gene."""

# Chance 50, karma 0: a d100 face for each outcome of the Chance test.
SUPER_SUCCESS, CRITICAL_SUCCESS, SUCCESS, FAILURE, CRITICAL_FAILURE, SUPER_FAILURE = (
    42,
    5,
    30,
    70,
    95,
    66,
)


def inputs(**changes: object) -> MutationInputs:
    values: dict[str, object] = {"chance": 50, "genes": TREE}
    values.update(changes)
    return MutationInputs(**values)  # type: ignore[arg-type]


def minor(gene: str, sign: Sign = Sign.NEGATIVE, **more: object) -> Mutation:
    return Mutation(gene, Severity.MINOR, sign, Effect.LIGHT_MODIFIER, **more)  # type: ignore[arg-type]


def major(gene: str) -> Mutation:
    return Mutation(gene, Severity.MAJOR, Sign.NEGATIVE, Effect.IMPORTANT_MODIFIER, True)


@pytest.mark.parametrize(
    ("gauge", "points", "expected"),
    [(0, 30, (30, 0)), (90, 15, (5, 1)), (99, 1, (0, 1)), (0, 250, (50, 2)), (10, -30, (0, 0))],
)
def test_the_gauge_takes_off_100_for_each_mutation(gauge, points, expected) -> None:
    assert add_to_gauge(gauge, points) == expected


@pytest.mark.parametrize(
    ("face", "severity", "sign"),
    [
        (SUPER_SUCCESS, Severity.MAJOR, Sign.POSITIVE),
        (SUCCESS, Severity.MINOR, Sign.POSITIVE),
        (FAILURE, Severity.MINOR, Sign.NEGATIVE),
        (CRITICAL_FAILURE, Severity.MAJOR, Sign.NEGATIVE),
    ],
)
def test_the_chance_test_picks_the_type(face, severity, sign) -> None:
    # On c (no children): no companion or child dice follow.
    record = resolve(inputs(), (face, GENE["c"], 1))
    (mutation,) = record.new
    assert (mutation.gene, mutation.severity, mutation.sign) == ("c", severity, sign)
    assert mutation.irreversible is (severity is Severity.MAJOR)
    assert record.success is (sign is Sign.POSITIVE)


@pytest.mark.parametrize(
    ("face", "minor_effect", "major_effect"),
    [
        (1, Effect.LIGHT_MODIFIER, Effect.IMPORTANT_MODIFIER),
        (2, Effect.LIGHT_MODIFIER, Effect.MODERATE_SIDE_EFFECT),
        (3, Effect.LIGHT_SIDE_EFFECT, Effect.IMPORTANT_SIDE_EFFECT),
        (4, Effect.LIGHT_SIDE_EFFECT, Effect.MODIFIER_AND_IMPORTANT_SIDE_EFFECT),
    ],
)
def test_the_effect_d4_reads_the_effect_table(face, minor_effect, major_effect) -> None:
    assert resolve(inputs(), (FAILURE, GENE["c"], face)).new[0].effect is minor_effect
    assert resolve(inputs(), (CRITICAL_FAILURE, GENE["c"], face)).new[0].effect is major_effect


def test_a_critical_success_mutates_a_parent_or_child_too() -> None:
    # b's neighbours: its parent a first, then its child c.
    record = resolve(inputs(), (CRITICAL_SUCCESS, GENE["b"], 2, 2, 4))
    assert [(m.gene, m.cause, m.effect) for m in record.new] == [
        ("b", Cause.ROLL, Effect.LIGHT_MODIFIER),
        ("c", Cause.COMPANION, Effect.LIGHT_SIDE_EFFECT),
    ]
    assert all(m.sign is Sign.POSITIVE and m.severity is Severity.MINOR for m in record.new)
    assert [die.role for die in record.dice] == [None, "gene", "effect:b", "companion", "effect:c"]


def test_a_critical_success_on_a_lone_gene_has_no_companion() -> None:
    lone = inputs(genes=(GeneLink("solo"),))
    record = resolve(lone, (CRITICAL_SUCCESS, 1, 3))
    assert [m.gene for m in record.new] == ["solo"]
    with pytest.raises(RulesError, match="too many dice"):
        resolve(lone, (CRITICAL_SUCCESS, 1, 3, 1))


def test_a_super_critical_failure_marks_every_first_degree_child() -> None:
    record = resolve(inputs(), (SUPER_FAILURE, GENE["a"], 1, 3, 4))
    assert [(m.gene, m.severity, m.irreversible, m.cause) for m in record.new] == [
        ("a", Severity.MAJOR, True, Cause.ROLL),
        ("b", Severity.MINOR, True, Cause.CHILD),
        ("d", Severity.MINOR, True, Cause.CHILD),
    ]
    assert [m.effect for m in record.new[1:]] == [
        Effect.LIGHT_SIDE_EFFECT,
        Effect.LIGHT_SIDE_EFFECT,
    ]


def test_a_second_minor_on_a_gene_is_irreversible_a_third_major() -> None:
    once = resolve(inputs(), (FAILURE, GENE["d"], 1))
    assert not once.held[0].irreversible
    assert once.escalations == ()
    twice = resolve(inputs(held=once.held), (SUCCESS, GENE["d"], 3))
    assert [m.irreversible for m in twice.held] == [True, True]
    assert [(e.gene, e.became) for e in twice.escalations] == [("d", "irreversible")]
    thrice = resolve(inputs(held=twice.held), (FAILURE, GENE["d"], 2))
    (only,) = thrice.held
    assert (only.severity, only.cause, only.sign) == (Severity.MAJOR, Cause.REPEATED, Sign.NEGATIVE)
    assert [(e.gene, e.became) for e in thrice.escalations] == [("d", "major")]


def test_three_genes_in_a_line_of_descent_make_the_eldest_major() -> None:
    held = (minor("a", Sign.POSITIVE), minor("b"))
    record = resolve(inputs(held=held), (FAILURE, GENE["c"], 1))
    by_gene = {m.gene: m for m in record.held}
    assert by_gene["a"].severity is Severity.MAJOR
    assert by_gene["a"].amplified
    assert by_gene["a"].sign is Sign.POSITIVE  # keeps its own sign
    assert by_gene["b"].severity is Severity.MINOR
    assert by_gene["c"].severity is Severity.MINOR
    assert [(e.gene, e.cause, e.line) for e in record.escalations] == [
        ("a", Cause.LINEAGE, ("a", "b", "c"))
    ]


def test_siblings_are_not_a_line_of_descent() -> None:
    held = (minor("a"), minor("b"))
    record = resolve(inputs(held=held), (FAILURE, GENE["d"], 1))
    assert record.escalations == ()
    assert majors_in(record.held) == 0


def test_a_third_major_calls_for_the_ultimate_mutation() -> None:
    two = (major("a"), major("b"))
    assert not resolve(inputs(held=two), (FAILURE, GENE["c"], 1)).ultimate_due
    assert resolve(inputs(held=two), (CRITICAL_FAILURE, GENE["c"], 1)).ultimate_due


def test_after_half_max_pv_one_more_major_is_taken() -> None:
    three = (major("a"), major("b"), major("c"))
    assert not ultimate_due(three, (Ultimate.HALF_MAX_PV,))
    assert ultimate_due((*three, major("d")), (Ultimate.HALF_MAX_PV,))
    assert not ultimate_due((*three, major("d")), (Ultimate.ZOMBIE,))


def test_the_ultimate_is_1d4_then_1d3_among_the_three_others() -> None:
    assert [resolve_ultimate(UltimateInputs(), (f,)).ultimate for f in (1, 2, 3, 4)] == list(
        Ultimate
    )
    after = UltimateInputs(before=(Ultimate.HALF_MAX_PV,))
    assert resolve_ultimate(after, (3,)).ultimate is Ultimate.ZOMBIE
    assert resolve_ultimate(after, (3,)).dice[0].sides == 3
    with pytest.raises(RulesError, match="d3"):
        resolve_ultimate(after, (4,))


def test_half_max_pv_loses_the_half_rounded_down() -> None:
    assert half_max_pv(301) == 151
    assert half_max_pv(300) == 150


def test_karma_applies_and_moves() -> None:
    # Karma +6 subtracts the d10: 98 − 10 = 88 is a plain failure, not a critical one.
    record = resolve(inputs(karma=6), (98, 10, GENE["c"], 1))
    assert record.test.result == 88
    assert record.new[0].severity is Severity.MINOR
    assert record.karma_after == 6
    assert resolve(inputs(karma=6), (42, 1, GENE["c"], 1)).karma_after == 6  # 41: success


def test_bad_faces_and_inputs_are_refused() -> None:
    with pytest.raises(RulesError, match="a d4 cannot show 5"):
        resolve(inputs(), (FAILURE, 5, 1))
    with pytest.raises(RulesError, match="not enough"):
        resolve(inputs(), (FAILURE, 1))
    with pytest.raises(RulesError, match="at least one gene"):
        MutationInputs(chance=50)
    with pytest.raises(RulesError, match="not in the tree"):
        inputs(held=(minor("zz"),))


def test_odds_match_brute_force_enumeration() -> None:
    for karma in (0, 7, -10):
        lone = inputs(genes=(GeneLink("solo"),), karma=karma)
        counts: Counter[str] = Counter()
        karma_faces = range(1, 11) if cosmos.karma_die_sign(karma) else [None]
        for natural in range(1, 101):
            for die in karma_faces:
                faces = (natural,) + ((die,) if die is not None else ())
                counts[str(resolve(lone, (*faces, 1, 1)).outcome)] += 1
        total = sum(counts.values())
        computed = odds(lone).outcomes
        assert sum(computed.values()) == 1
        assert {k: Fraction(v, total) for k, v in counts.items()} == {
            k: p for k, p in computed.items() if p
        }


def test_a_record_replays_and_its_inputs_read_back() -> None:
    given_inputs = inputs(held=(minor("b", irreversible=True),), ultimates=(Ultimate.HALF_MAX_PV,))
    record = roll_seeded(roll, given_inputs, 1234)
    assert replay(record) == record
    assert from_data(MutationInputs, as_data(given_inputs)) == given_inputs


trees = st.integers(1, 8).flatmap(
    lambda n: st.tuples(*[st.integers(-1, i - 1) for i in range(n)]).map(
        lambda parents: tuple(
            GeneLink(f"g{i}", f"g{p}" if p >= 0 else None) for i, p in enumerate(parents)
        )
    )
)


@given(
    genes=trees,
    chance=st.integers(20, 85),
    karma=st.integers(-10, 10),
    seeds=st.lists(st.integers(0, 2**32), max_size=12),
)
def test_mutations_follow_from_their_dice_and_escalate_to_a_fixed_point(
    genes, chance, karma, seeds
) -> None:
    held: tuple[Mutation, ...] = ()
    parents = {gene.key: gene.parent for gene in genes}
    for seed in seeds:
        record = roll(
            MutationInputs(chance=chance, karma=karma, genes=genes, held=held), random.Random(seed)
        )
        assert resolve(record.inputs, tuple(d.face for d in record.dice)) == record
        held = record.held
        minors = Counter(m.gene for m in held if m.severity is Severity.MINOR)
        assert max(minors.values(), default=0) <= 2
        assert all(
            m.irreversible for m in held if minors[m.gene] == 2 or m.severity is Severity.MAJOR
        )
        with_minor = set(minors)
        for key in with_minor:
            parent = parents[key]
            assert not (parent in with_minor and parents[parent] in with_minor), (
                "a line of three minors was left"
            )
        assert record.ultimate_due == (majors_in(held) >= 3)
