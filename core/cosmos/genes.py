"""Great Cosmos genetic manipulation: the gene tree and the DNA points spent in it
(docs/rules/cosmos.md#dna).

Each gene has two alleles: O-O (no point), X-O (one), X-X (two). One DNA point activates
one allele and is never taken back once confirmed. A child gene takes points only once
its parent is X-X. Kinds:

- *normal*;
- *negative*: while inactive it gives a malus, activating it reduces the malus;
- *innate*: at creation only; one point activates both alleles (O-O or X-X, nothing
  between);
- *special*: more than two points, up to the gene's own maximum.

Two genes may be *exclusive*: once one has a point, the other stays O-O.

A tree is data (content/genes/); :class:`GeneTree` checks its shape. A character's genes
are a :class:`Genome`: points per gene, the part of them already confirmed, and the DNA
points left. Every move is checked first: :func:`refusal` says why a move is illegal,
:func:`add_point` and :func:`remove_point` make legal ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field, replace
from enum import StrEnum
from types import MappingProxyType

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

ALLELES = 2
"""Alleles of an ordinary gene: X-X is two points."""


class GeneKind(StrEnum):
    """What kind of gene, and so which moves it allows."""

    NORMAL = "normal"
    NEGATIVE = "negative"
    INNATE = "innate"
    SPECIAL = "special"


@frozen
class Gene:
    """One gene of a tree.

    Attributes:
        key: its identifier in the tree.
        name: its name as players read it (French).
        kind: see :class:`GeneKind`.
        effect: what the active gene does.
        parent: the gene that must be X-X before this one takes a point.
        exclusive: the gene that must stay O-O once this one has a point (and back).
        maximum: points it can hold: 2, or a special gene's own maximum (more than 2).
        malus: a negative gene's malus while it is inactive.
        gloss: its name in English, shown beside the French one.
        gives: what each active allele adds to a stat, as numbers the sheet and the
            tests count (``{"force": 5}``: +5 in Force per allele); an effect that is no
            number on the sheet ("+10 % aux parades") stays in ``effect``'s words.
    """

    key: str
    name: str
    kind: GeneKind
    effect: str
    parent: str | None = None
    exclusive: str | None = None
    maximum: int = ALLELES
    malus: str = ""
    gloss: str = ""
    gives: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        from .creation import STATS

        object.__setattr__(self, "gives", MappingProxyType(dict(self.gives)))
        for stat, amount in self.gives.items():
            if stat not in STATS:
                raise RulesError(
                    f"a gene gives to one of the six stats, not “{stat}”",
                    message_key="cosmos.gene.gives_stat",
                    value=stat,
                    known=", ".join(STATS),
                )
            if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
                raise RulesError(
                    f"a gene gives {stat} a whole number other than 0, not {amount}",
                    message_key="cosmos.gene.gives_amount",
                    stat=stat,
                )
        if self.kind is GeneKind.SPECIAL:
            if self.maximum <= ALLELES:
                raise RulesError(
                    f"a special gene holds more than 2 points, not {self.maximum}",
                    message_key="cosmos.gene.special_points",
                    value=self.maximum,
                )
        elif self.maximum != ALLELES:
            raise RulesError(
                f"only a special gene holds other than 2 points ({self.maximum})",
                message_key="cosmos.gene.points",
                value=self.maximum,
            )
        if self.kind is GeneKind.NEGATIVE and not self.malus:
            raise RulesError(
                "a negative gene says its malus while inactive", message_key="cosmos.gene.malus"
            )

    def gains(self, points: int) -> dict[str, int]:
        """What the gene adds to each stat with ``points`` in it: its :attr:`gives` once
        per active allele (a special gene's points each count as one)."""
        return {stat: amount * points for stat, amount in self.gives.items() if points > 0}

    def state(self, points: int) -> str:
        """Its alleles as the sheet shows them: ``O-O``, ``X-O``, ``X-X``, ``X-X+2``."""
        if points >= ALLELES:
            extra = points - ALLELES
            return "X-X" if extra == 0 else f"X-X+{extra}"
        return "X-O" if points == 1 else "O-O"


@frozen
class GeneTree:
    """A whole tree: genes by key, each parent and exclusive partner one of them.

    Raises:
        RulesError: naming the gene, when a parent or partner is missing, parents loop,
            or an exclusive pair is not declared on both sides.
    """

    name: str
    genes: Mapping[str, Gene]

    def __post_init__(self) -> None:
        object.__setattr__(self, "genes", MappingProxyType(dict(self.genes)))
        for key, gene in self.genes.items():
            if gene.key != key:
                raise RulesError(
                    f"gene {key!r} says its key is {gene.key!r}",
                    message_key="cosmos.gene.key",
                    gene=key,
                    said=gene.key,
                )
            if gene.parent is not None and gene.parent not in self.genes:
                raise RulesError(
                    f"gene {key!r}: no parent gene {gene.parent!r} in the tree",
                    message_key="cosmos.gene.no_parent",
                    gene=key,
                    parent=gene.parent,
                )
            if gene.exclusive is not None:
                partner = self.genes.get(gene.exclusive)
                if partner is None:
                    raise RulesError(
                        f"gene {key!r}: no exclusive gene {gene.exclusive!r}",
                        message_key="cosmos.gene.no_exclusive",
                        gene=key,
                        other=gene.exclusive,
                    )
                if partner.exclusive != key:
                    raise RulesError(
                        f"gene {key!r} is exclusive with {gene.exclusive!r}, "
                        f"which must say so too (exclusive = {key!r})",
                        message_key="cosmos.gene.exclusive",
                        gene=key,
                        other=gene.exclusive,
                    )
            seen = {key}
            ancestor = gene.parent
            while ancestor is not None:
                if ancestor in seen:
                    raise RulesError(
                        f"gene {key!r}: its parents loop back to {ancestor!r}",
                        message_key="cosmos.gene.loop",
                        gene=key,
                        other=ancestor,
                    )
                seen.add(ancestor)
                ancestor = self.genes[ancestor].parent

    def roots(self) -> tuple[Gene, ...]:
        """The genes without a parent, in the tree's order."""
        return tuple(gene for gene in self.genes.values() if gene.parent is None)

    def children(self, key: str) -> tuple[Gene, ...]:
        """The genes whose parent is ``key``, in the tree's order."""
        return tuple(gene for gene in self.genes.values() if gene.parent == key)

    def walk(self) -> Iterator[tuple[int, Gene]]:
        """Every gene with its depth, each parent before its children (as a tree view
        lists them)."""

        def below(gene: Gene, depth: int) -> Iterator[tuple[int, Gene]]:
            yield depth, gene
            for child in self.children(gene.key):
                yield from below(child, depth + 1)

        for root in self.roots():
            yield from below(root, 0)


@frozen
class Genome:
    """A character's genes: points per gene, how many of those are confirmed (never
    taken back), and the DNA points left to spend."""

    left: int
    points: Mapping[str, int] = field(default_factory=dict)
    confirmed: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.left < 0:
            raise RulesError(
                f"DNA points left cannot be negative ({self.left})",
                message_key="cosmos.gene.negative",
                value=self.left,
            )
        object.__setattr__(self, "points", MappingProxyType(dict(self.points)))
        object.__setattr__(self, "confirmed", MappingProxyType(dict(self.confirmed)))

    def of(self, key: str) -> int:
        """Points in gene ``key``."""
        return self.points.get(key, 0)

    def confirm(self) -> Genome:
        """Every point spent so far becomes permanent."""
        return replace(self, confirmed=dict(self.points))


class Refusal(StrEnum):
    """Why a move in the tree is not allowed (the interface says it in words)."""

    UNKNOWN = "unknown"
    """No such gene in the tree."""
    NO_POINTS = "no_points"
    """No DNA point left."""
    FULL = "full"
    """The gene holds all the points it can (X-X, or a special gene's maximum)."""
    PARENT = "parent"
    """Its parent is not X-X yet."""
    EXCLUSIVE = "exclusive"
    """Its exclusive partner has a point."""
    INNATE_AFTER_CREATION = "innate_after_creation"
    """Innate genes take points at creation only."""
    CONFIRMED = "confirmed"
    """Confirmed points are never taken back."""
    CHILD_NEEDS_IT = "child_needs_it"
    """A child gene has points that need this gene X-X."""
    EMPTY = "empty"
    """Nothing to take back."""


class GeneMoveError(RulesError):
    """An illegal move; ``refusal`` says why and ``other`` names the gene in the way."""

    def __init__(self, refusal: Refusal, key: str, other: str | None = None) -> None:
        self.refusal = refusal
        self.key = key
        self.other = other
        super().__init__(_REASONS[refusal].format(gene=key, other=other))


_REASONS = {
    Refusal.UNKNOWN: "no gene {gene!r} in this tree",
    Refusal.NO_POINTS: "no DNA point left for {gene!r}",
    Refusal.FULL: "{gene!r} holds all the points it can",
    Refusal.PARENT: "{gene!r} needs its parent {other!r} at X-X first",
    Refusal.EXCLUSIVE: "{gene!r} is exclusive with {other!r}, which has a point",
    Refusal.INNATE_AFTER_CREATION: "{gene!r} is innate: it takes points at creation only",
    Refusal.CONFIRMED: "the points of {gene!r} are confirmed: they are never taken back",
    Refusal.CHILD_NEEDS_IT: "{other!r} has points that need {gene!r} at X-X",
    Refusal.EMPTY: "{gene!r} has no point to take back",
}


def _step(gene: Gene) -> int:
    """Points (alleles) one DNA point gives the gene: both alleles for an innate one."""
    return ALLELES if gene.kind is GeneKind.INNATE else 1


def refusal_to_add(
    tree: GeneTree, genome: Genome, key: str, *, creation: bool
) -> GeneMoveError | None:
    """Why one DNA point cannot go into gene ``key`` now, or None when it can."""
    gene = tree.genes.get(key)
    if gene is None:
        return GeneMoveError(Refusal.UNKNOWN, key)
    if gene.kind is GeneKind.INNATE and not creation:
        return GeneMoveError(Refusal.INNATE_AFTER_CREATION, key)
    if genome.of(key) + _step(gene) > gene.maximum:
        return GeneMoveError(Refusal.FULL, key)
    if gene.parent is not None and genome.of(gene.parent) < ALLELES:
        return GeneMoveError(Refusal.PARENT, key, gene.parent)
    if gene.exclusive is not None and genome.of(gene.exclusive) > 0:
        return GeneMoveError(Refusal.EXCLUSIVE, key, gene.exclusive)
    if genome.left < 1:
        return GeneMoveError(Refusal.NO_POINTS, key)
    return None


def add_point(tree: GeneTree, genome: Genome, key: str, *, creation: bool) -> Genome:
    """The genome with one more DNA point in gene ``key``.

    Raises:
        GeneMoveError: when the move is illegal, saying why.
    """
    refused = refusal_to_add(tree, genome, key, creation=creation)
    if refused is not None:
        raise refused
    gene = tree.genes[key]
    points = {**genome.points, key: genome.of(key) + _step(gene)}
    return replace(genome, left=genome.left - 1, points=points)


def refusal_to_remove(tree: GeneTree, genome: Genome, key: str) -> GeneMoveError | None:
    """Why the last point of gene ``key`` cannot be taken back, or None when it can
    (only points not yet confirmed can be)."""
    gene = tree.genes.get(key)
    if gene is None:
        return GeneMoveError(Refusal.UNKNOWN, key)
    if genome.of(key) == 0:
        return GeneMoveError(Refusal.EMPTY, key)
    if genome.of(key) - _step(gene) < genome.confirmed.get(key, 0):
        return GeneMoveError(Refusal.CONFIRMED, key)
    if genome.of(key) - _step(gene) < ALLELES:
        for child in tree.children(key):
            if genome.of(child.key) > 0:
                return GeneMoveError(Refusal.CHILD_NEEDS_IT, key, child.key)
    return None


def remove_point(tree: GeneTree, genome: Genome, key: str) -> Genome:
    """The genome with the last unconfirmed point of gene ``key`` given back.

    Raises:
        GeneMoveError: when it cannot be taken back, saying why.
    """
    refused = refusal_to_remove(tree, genome, key)
    if refused is not None:
        raise refused
    gene = tree.genes[key]
    points = {**genome.points, key: genome.of(key) - _step(gene)}
    return replace(genome, left=genome.left + 1, points=points)


def legal_additions(tree: GeneTree, genome: Genome, *, creation: bool) -> tuple[str, ...]:
    """The genes that can take a DNA point now, in the tree's order."""
    return tuple(
        key for key in tree.genes if refusal_to_add(tree, genome, key, creation=creation) is None
    )
