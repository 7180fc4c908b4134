"""SYSTEMJ decks of cards read from TOML and checked: every mistake is one
:class:`~meneur.content.ContentError` naming the file and the key. The shipped example
is ``decks/systemj.toml`` (its header is the schema); a campaign brings its own as
``cards.toml`` in its folder."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from . import shipped_document
from .documents import Reader as _Reader
from .documents import campaign_document as _campaign_document

DECK_FILE = "decks/systemj.toml"
CAMPAIGN_DECK = "cards.toml"
"""A campaign's own deck, in its folder."""

_CARD_KEYS = {"name", "family", "category", "text", "att", "def", "range", "damage"}


def deck_from_data(document: Mapping[str, object], source: str) -> dict[str, Any]:
    """The cards of a deck document, by key, as :class:`meneur.core.systemj.cards.Card`.

    Raises:
        ContentError: naming ``source`` and the key of the first problem (a missing or
            mistyped field, an unknown key, family or sub-category, a value out of range).
    """
    from meneur.core.errors import RulesError
    from meneur.core.systemj.cards import FAMILIES, MAX_NAME, MAX_VALUE, Card

    read = _Reader(source)
    read.table(document, "(top)", {"deck", "cards"})
    read.table(document.get("deck", {}), "deck", {"name"})
    cards = read.table(document.get("cards"), "cards")
    if not cards:
        raise read.fail("cards", "a deck holds at least one card")
    deck: dict[str, Any] = {}
    for key, value in cards.items():
        where = f"cards.{key}"
        table = read.table(value, where, _CARD_KEYS)
        name = read.text(table, "name", where, required=True)
        if len(name) > MAX_NAME:
            raise read.fail(f"{where}.name", f"at most {MAX_NAME} characters")
        family = read.text(table, "family", where, required=True)
        if family not in FAMILIES:
            raise read.fail(f"{where}.family", f"expected one of {', '.join(FAMILIES)}")
        category = read.text(table, "category", where, required=True)
        if category not in FAMILIES[family]:
            choices = ", ".join(FAMILIES[family])
            raise read.fail(f"{where}.category", f"a {family} card is one of {choices}")
        for text in ("text", "range", "damage"):
            read.text(table, text, where)
        for number in ("att", "def"):
            if number in table and abs(read.whole(table, number, where, 0)) > MAX_VALUE:
                raise read.fail(f"{where}.{number}", f"expected a number within ±{MAX_VALUE}")
        try:
            deck[key] = Card.from_data(table)
        except RulesError as error:
            raise read.fail(where, str(error)) from error
    return deck


@cache
def example_deck() -> dict[str, Any]:
    """The example deck shipped with meneur.

    Raises:
        ContentError: when the shipped file is broken (a packaging mistake).
    """
    return deck_from_data(shipped_document(DECK_FILE), DECK_FILE)


def deck_for(directory: Path | None) -> dict[str, Any]:
    """The campaign's own deck (``cards.toml`` in its folder), else the example.

    Raises:
        ContentError: naming the campaign's file and key when it is broken.
    """
    found = _campaign_document(directory, CAMPAIGN_DECK)
    return example_deck() if found is None else deck_from_data(*found)
