"""Gene trees are validated on load: each broken fixture gets one clear message naming
the file and the key (tests/content/fixtures/genes/*.toml, expected text on line 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from meneur.content.cosmos import example_gene_tree, gene_tree_from_data

from .conftest import assert_refused, broken_fixtures, load_or_refusal, toml_documents

FIXTURES = broken_fixtures("genes")


def test_there_is_a_fixture_for_each_mistake() -> None:
    assert len(FIXTURES) >= 10


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.stem)
def test_a_broken_tree_names_its_file_and_key(fixture: Path) -> None:
    assert_refused(gene_tree_from_data, fixture)


def test_the_shipped_tree_loads_in_order() -> None:
    tree = example_gene_tree()
    order = [gene.key for _, gene in tree.walk()]
    assert sorted(order) == sorted(tree.genes)
    for depth, gene in tree.walk():
        assert (depth == 0) == (gene.parent is None)


@settings(max_examples=300)
@given(toml_documents())
def test_no_document_crashes_the_loader(document: dict) -> None:
    _, message = load_or_refusal(gene_tree_from_data, document, "genes.toml")
    assert not message or message.startswith("genes.toml: ")
