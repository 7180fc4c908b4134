"""SYSTEMJ decks are validated on load: each broken fixture gets one clear message naming
the file and the key (tests/content/fixtures/deck/*.toml, expected text on line 1); the
shipped example loads, covers every family and sub-category, and a campaign brings its
own."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from meneur.content import ContentError
from meneur.content.systemj import deck_for, deck_from_data, example_deck
from meneur.core.systemj.cards import FAMILIES, parse_card

from .conftest import assert_refused, broken_fixtures, load_or_refusal, toml_documents

FIXTURES = broken_fixtures("deck")


def test_there_is_a_fixture_for_each_mistake() -> None:
    assert len(FIXTURES) >= 12


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda path: path.stem)
def test_a_broken_deck_names_its_file_and_key(fixture: Path) -> None:
    assert_refused(deck_from_data, fixture)


def test_the_shipped_deck_covers_every_sub_category_and_reads_back_from_its_notation() -> None:
    deck = example_deck()
    covered = {(card.family, card.category) for card in deck.values()}
    assert covered == {(f, c) for f, categories in FAMILIES.items() for c in categories}
    for card in deck.values():
        assert parse_card(card.notation) == card  # a dealt card can be typed back
    assert any(card.att for card in deck.values() if card.category == "armes")
    assert any(card.defence for card in deck.values() if card.category == "armures")


def test_a_campaign_brings_its_own_deck(tmp_path: Path) -> None:
    assert deck_for(tmp_path) is example_deck()
    (tmp_path / "cards.toml").write_text(
        '[cards.dague]\nname = "Dague"\nfamily = "equipement"\ncategory = "armes"\ndef = 2\n',
        encoding="utf-8",
    )
    (dague,) = deck_for(tmp_path).values()
    assert (dague.name, dague.defence) == ("Dague", 2)
    (tmp_path / "cards.toml").write_text("[cards.dague\n", encoding="utf-8")
    with pytest.raises(ContentError, match=r"cards\.toml"):
        deck_for(tmp_path)


@settings(max_examples=300)
@given(toml_documents())
def test_no_document_crashes_the_deck_loader(document: dict) -> None:
    deck, message = load_or_refusal(deck_from_data, document, "cards.toml")
    assert not message or message.startswith("cards.toml: ")
    assert message or deck  # a deck that loads has cards
