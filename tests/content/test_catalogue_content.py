"""Great Cosmos catalogues are validated on load: each broken fixture gets one clear
message naming the file and the key (tests/content/fixtures/catalogue/*.toml, expected
text on line 1); the shipped example loads and is coherent."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from meneur.content import ContentError
from meneur.content.cosmos import catalogue_from_data, example_catalogue
from meneur.core.cosmos.catalogue import TALENTS_TO_CHOOSE

from .conftest import assert_refused, broken_fixtures, load_or_refusal, toml_documents

FIXTURES = broken_fixtures("catalogue")


def test_there_is_a_fixture_for_each_mistake() -> None:
    assert len(FIXTURES) >= 12


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.stem)
def test_a_broken_catalogue_names_its_file_and_key(fixture: Path) -> None:
    assert_refused(catalogue_from_data, fixture)


def test_the_shipped_catalogue_offers_enough_talents_to_every_pair() -> None:
    catalogue = example_catalogue()
    assert len(catalogue.races) >= 3
    assert len(catalogue.classes) >= 3
    for race in catalogue.races:
        for klass in catalogue.classes:
            choosable = catalogue.choosable(race, klass)
            assert len(choosable) >= TALENTS_TO_CHOOSE
            assert not set(choosable) & set(catalogue.natural(race, klass))
    assert any(race.aura for race in catalogue.races.values())
    assert any(race.mental_health != 100 for race in catalogue.races.values())
    assert any(a.max_level < 5 for a in catalogue.affiliations.values())


def test_a_campaign_brings_its_own_catalogue_and_tree(tmp_path: Path) -> None:
    from meneur.content.cosmos import catalogue_for, example_gene_tree, gene_tree_for

    assert catalogue_for(tmp_path) is example_catalogue()
    assert gene_tree_for(None) is example_gene_tree()
    (tmp_path / "cosmos.toml").write_text(
        '[races.r]\nname = "Rien"\n[classes.c]\nname = "Classe"\n', encoding="utf-8"
    )
    (tmp_path / "genes.toml").write_text(
        '[genes.g]\nname = "Gène"\nkind = "normal"\neffect = "x"\n', encoding="utf-8"
    )
    assert list(catalogue_for(tmp_path).races) == ["r"]
    assert list(gene_tree_for(tmp_path).genes) == ["g"]
    (tmp_path / "cosmos.toml").write_text("[races.r]\nname = 3\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"cosmos\.toml: races\.r\.name"):
        catalogue_for(tmp_path)
    (tmp_path / "genes.toml").write_text("[genes\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"genes\.toml: "):
        gene_tree_for(tmp_path)


@settings(max_examples=300)
@given(toml_documents())
def test_no_document_crashes_the_loader(document: dict) -> None:
    _, message = load_or_refusal(catalogue_from_data, document, "cosmos.toml")
    assert not message or message.startswith("cosmos.toml: ")
