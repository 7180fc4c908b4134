"""The gene tree (docs/rules/cosmos.md#dna): only legal moves, and each illegal one says why."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content.cosmos import example_gene_tree
from meneur.core.cosmos.genes import (
    ALLELES,
    Gene,
    GeneKind,
    GeneMoveError,
    GeneTree,
    Genome,
    Refusal,
    add_point,
    legal_additions,
    refusal_to_add,
    remove_point,
)
from meneur.core.errors import RulesError

TREE = example_gene_tree()


def spend(genome: Genome, *keys: str, creation: bool = True) -> Genome:
    for key in keys:
        genome = add_point(TREE, genome, key, creation=creation)
    return genome


def refused(genome: Genome, key: str, creation: bool = True) -> Refusal:
    with pytest.raises(GeneMoveError) as caught:
        add_point(TREE, genome, key, creation=creation)
    return caught.value.refusal


def test_the_example_tree_uses_every_kind_and_about_fifteen_genes() -> None:
    kinds = {gene.kind for gene in TREE.genes.values()}
    assert kinds == set(GeneKind)
    assert 14 <= len(TREE.genes) <= 18
    assert any(gene.exclusive for gene in TREE.genes.values())
    assert any(gene.parent for gene in TREE.genes.values())


def test_one_point_one_allele_up_to_x_x() -> None:
    genome = Genome(left=3)
    gene = TREE.genes["musculature"]
    assert gene.state(genome.of("musculature")) == "O-O"
    genome = spend(genome, "musculature")
    assert (gene.state(genome.of("musculature")), genome.left) == ("X-O", 2)
    genome = spend(genome, "musculature")
    assert (gene.state(genome.of("musculature")), genome.left) == ("X-X", 1)
    assert refused(genome, "musculature") is Refusal.FULL


def test_a_child_waits_for_its_parent_at_x_x() -> None:
    genome = Genome(left=5)
    assert refused(genome, "ossature") is Refusal.PARENT
    genome = spend(genome, "musculature")
    with pytest.raises(GeneMoveError, match="needs its parent 'musculature' at X-X"):
        add_point(TREE, genome, "ossature", creation=True)
    genome = spend(genome, "musculature", "ossature")
    assert genome.of("ossature") == 1


def test_exclusive_genes_once_one_has_a_point() -> None:
    genome = spend(Genome(left=10), "musculature", "musculature", "ossature", "ossature")
    assert "carapace" in legal_additions(TREE, genome, creation=True)
    genome = spend(genome, "carapace")
    assert refused(genome, "souplesse") is Refusal.EXCLUSIVE
    assert "souplesse" not in legal_additions(TREE, genome, creation=True)


def test_innate_genes_take_both_alleles_for_one_point_and_only_at_creation() -> None:
    genome = spend(Genome(left=2), "vision")
    assert TREE.genes["vision"].state(genome.of("vision")) == "X-X"
    assert genome.left == 1
    assert refused(Genome(left=2), "vision", creation=False) is Refusal.INNATE_AFTER_CREATION


def test_special_genes_hold_up_to_their_own_maximum() -> None:
    genome = spend(Genome(left=10), "musculature", "musculature")
    genome = spend(genome, *["regeneration"] * 4)
    assert TREE.genes["regeneration"].state(genome.of("regeneration")) == "X-X+2"
    assert refused(genome, "regeneration") is Refusal.FULL


def test_no_point_left() -> None:
    genome = spend(Genome(left=1), "reflexes")
    assert refused(genome, "neurones") is Refusal.NO_POINTS
    assert legal_additions(TREE, genome, creation=True) == ()


def test_negative_genes_show_their_malus_while_inactive() -> None:
    negative = [gene for gene in TREE.genes.values() if gene.kind is GeneKind.NEGATIVE]
    assert negative
    assert all(gene.malus for gene in negative)


def test_unconfirmed_points_can_be_taken_back_confirmed_ones_never() -> None:
    genome = spend(Genome(left=3), "reflexes", "reflexes")
    genome = remove_point(TREE, genome, "reflexes")
    assert (genome.of("reflexes"), genome.left) == (1, 2)
    genome = genome.confirm()
    with pytest.raises(GeneMoveError) as caught:
        remove_point(TREE, genome, "reflexes")
    assert caught.value.refusal is Refusal.CONFIRMED


def test_a_parent_keeps_x_x_while_a_child_has_points() -> None:
    genome = spend(Genome(left=4), "reflexes", "reflexes", "adrenaline")
    with pytest.raises(GeneMoveError) as caught:
        remove_point(TREE, genome, "reflexes")
    assert (caught.value.refusal, caught.value.other) == (Refusal.CHILD_NEEDS_IT, "adrenaline")


def test_unknown_genes_are_named() -> None:
    with pytest.raises(GeneMoveError, match="no gene 'ailes'"):
        add_point(TREE, Genome(left=1), "ailes", creation=True)


def test_a_tree_refuses_missing_parents_loops_and_one_sided_exclusives() -> None:
    def gene(key: str, **extra: object) -> Gene:
        return Gene(key, key.title(), GeneKind.NORMAL, "effet", **extra)  # type: ignore[arg-type]

    with pytest.raises(RulesError, match="no parent gene 'z'"):
        GeneTree("t", {"a": gene("a", parent="z")})
    with pytest.raises(RulesError, match="loop"):
        GeneTree("t", {"a": gene("a", parent="b"), "b": gene("b", parent="a")})
    with pytest.raises(RulesError, match="must say so too"):
        GeneTree("t", {"a": gene("a", exclusive="b"), "b": gene("b")})
    with pytest.raises(RulesError, match="more than 2"):
        Gene("s", "S", GeneKind.SPECIAL, "effet", maximum=2)
    with pytest.raises(RulesError, match="malus"):
        Gene("n", "N", GeneKind.NEGATIVE, "effet")


@given(
    moves=st.lists(st.tuples(st.booleans(), st.sampled_from(sorted(TREE.genes))), max_size=40),
    points=st.integers(0, 25),
    creation=st.booleans(),
)
def test_any_sequence_of_moves_keeps_the_tree_legal(
    moves: list[tuple[bool, str]], points: int, creation: bool
) -> None:
    """Whatever is tried, only legal moves happen; refusals change nothing."""
    genome = Genome(left=points)
    for adding, key in moves:
        before = genome
        try:
            if adding:
                genome = add_point(TREE, genome, key, creation=creation)
            else:
                genome = remove_point(TREE, genome, key)
        except GeneMoveError:
            assert genome == before
        if adding and refusal_to_add(TREE, before, key, creation=creation) is None:
            assert genome.of(key) > before.of(key)
    spent = 0
    for key, gene in TREE.genes.items():
        held = genome.of(key)
        assert 0 <= held <= gene.maximum
        if held and gene.parent:
            assert genome.of(gene.parent) >= ALLELES
        if held and gene.exclusive:
            assert genome.of(gene.exclusive) == 0
        if gene.kind is GeneKind.INNATE:
            assert held in (0, ALLELES)
            assert creation or held == 0
            spent += held // ALLELES
        else:
            spent += held
    assert spent + genome.left == points


def test_a_gene_gives_its_numbers_once_an_allele() -> None:
    from meneur.core.cosmos.genes import Gene, GeneKind

    dense = Gene("musculature", "Musculature dense", GeneKind.NORMAL, "+5", gives={"force": 5})
    assert [dense.gains(points) for points in (0, 1, 2)] == [{}, {"force": 5}, {"force": 10}]
    special = Gene(
        "regen", "Régénération", GeneKind.SPECIAL, "1d4 PV", maximum=4, gives={"esprit": -2}
    )
    assert special.gains(3) == {"esprit": -6}  # each point of a special gene counts
    words = Gene("carapace", "Carapace", GeneKind.NORMAL, "+10 % aux parades")
    assert words.gains(2) == {}  # an effect in words counts nothing
    for gives, key in (
        ({"forse": 5}, "cosmos.gene.gives_stat"),
        ({"force": 0}, "cosmos.gene.gives_amount"),
    ):
        with pytest.raises(RulesError) as refused:
            Gene("x", "X", GeneKind.NORMAL, "x", gives=gives)
        assert refused.value.message_key == key


def test_the_example_tree_gives_its_numbers_as_data() -> None:
    from meneur.content.cosmos import example_gene_tree

    tree = example_gene_tree()
    assert dict(tree.genes["musculature"].gives) == {"force": 5}
    assert dict(tree.genes["carapace"].gives) == {}  # "+10 % aux parades" stays words
