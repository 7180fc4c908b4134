"""SYSTEMJ cards: the one-line notation, its refusals, and sheet data both ways."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.systemj.cards import FAMILIES, Card, CardNotationError, parse_card


def test_a_card_reads_with_every_optional_part() -> None:
    card = parse_card(
        "Épée courte [Équipement/Armes] ATT 10, DEF 5, portée contact, dégâts 8 : vive"
    )
    assert card == Card("Épée courte", "equipement", "armes", "vive", 10, 5, "contact", "8")
    assert parse_card(card.notation) == card
    assert Card.from_data(card.to_data()) == card


def test_family_and_category_are_read_without_case_or_accents() -> None:
    card = parse_card("Acte [ressources/titres de propriete]")
    assert (card.family, card.category, card.att) == ("ressources", "titres-de-propriete", None)
    assert card.to_data() == {
        "name": "Acte",
        "family": "ressources",
        "category": "titres-de-propriete",
    }


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Épée", "expected \\[Famille/Sous-catégorie\\]"),
        ("[Équipement/Armes]", "expected the card's name"),
        ("Épée [Équipement]", "expected Famille/Sous-catégorie"),
        ("Épée [Arsenal/Armes]", "expected a family"),
        ("Épée [Savoir/Armes]", "expected Livres, Plans"),
        ("Épée [Équipement/Armes] ATT dix", "expected a whole number"),
        ("Épée [Équipement/Armes] poids 3", "expected ATT, DEF, portée or dégâts"),
        ("Épée [Équipement/Armes] ATT 1, ATT 2", "given twice"),
        ("Épée [Équipement/Armes", "expected \\] after the family"),
    ],
)
def test_a_wrong_card_line_says_where_and_what_was_expected(line: str, message: str) -> None:
    with pytest.raises(CardNotationError, match=message):
        parse_card(line)


def test_card_data_from_a_sheet_is_checked_key_by_key() -> None:
    with pytest.raises(RulesError, match="colour: unknown key"):
        Card.from_data({"name": "x", "family": "savoir", "category": "plans", "colour": "red"})
    with pytest.raises(RulesError, match='att: expected a whole number, not "3"'):
        Card.from_data({"name": "x", "family": "savoir", "category": "plans", "att": "3"})
    with pytest.raises(RulesError, match="name: missing"):
        Card.from_data({"family": "savoir", "category": "plans"})


def test_every_family_has_its_categories() -> None:
    assert set(FAMILIES) == {"equipement", "ressources", "savoir", "pouvoirs"}
    assert "competences-speciales" in FAMILIES["pouvoirs"]


@given(st.text(max_size=120))
def test_no_text_crashes_the_card_parser(text: str) -> None:
    try:
        card = parse_card(text)
    except RulesError:
        return
    assert parse_card(card.notation) == card
