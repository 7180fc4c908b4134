"""Gene trees are validated on load: each broken fixture gets one clear message naming
the file and the key (tests/content/fixtures/genes/*.toml, expected text on line 1)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from meneur.content import ContentError, example_gene_tree, gene_tree_from_data

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "genes").glob("*.toml"))


def test_there_is_a_fixture_for_each_mistake() -> None:
    assert len(FIXTURES) >= 10


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.stem)
def test_a_broken_tree_names_its_file_and_key(fixture: Path) -> None:
    text = fixture.read_text(encoding="utf-8")
    expected = text.splitlines()[0].removeprefix("# expect: ")
    with pytest.raises(ContentError) as caught:
        gene_tree_from_data(tomllib.loads(text), fixture.name)
    message = str(caught.value)
    assert message.startswith(f"{fixture.name}: ")
    assert expected in message


def test_the_shipped_tree_loads_in_order() -> None:
    tree = example_gene_tree()
    order = [gene.key for _, gene in tree.walk()]
    assert sorted(order) == sorted(tree.genes)
    for depth, gene in tree.walk():
        assert (depth == 0) == (gene.parent is None)
