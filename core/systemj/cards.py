"""SYSTEMJ cards (docs/rules/systemj.md#systemj): a hand of Équipement, Ressources, Savoir and
Pouvoirs.

A card has a name, a family, a sub-category, free text and, optionally, ATT, DEF, a
range and damage. On a sheet a card is written on one line, so that a GM can type or
paste it::

    Épée courte [Équipement/Armes] ATT 10, DEF 5, portée contact, dégâts 8 : tranchante

The family and sub-category are read without regard to case or accents (``equipement/
armes`` works); the numbers and the text after ``:`` are optional. Anything else raises
:class:`CardNotationError` with the position and what was expected.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from meneur.core.errors import NotationError, RulesError, missing_key, refused_value, unknown_key
from meneur.core.frozen import frozen
from meneur.core.words import dashed

FAMILIES: Mapping[str, tuple[str, ...]] = {
    "equipement": ("objets-usuels", "armes", "armures"),
    "ressources": ("consommables", "munitions", "titres-de-propriete"),
    "savoir": ("livres", "plans"),
    "pouvoirs": ("sorts", "capacites-technologiques", "competences-speciales"),
}
"""Each family's sub-categories, as keys (``livres`` covers books, grimoires and scrolls;
``plans`` plans and schematics)."""

NAMES: Mapping[str, str] = {
    "equipement": "Équipement",
    "ressources": "Ressources",
    "savoir": "Savoir",
    "pouvoirs": "Pouvoirs",
    "objets-usuels": "Objets usuels",
    "armes": "Armes",
    "armures": "Armures",
    "consommables": "Consommables",
    "munitions": "Munitions",
    "titres-de-propriete": "Titres de propriété",
    "livres": "Livres",
    "plans": "Plans",
    "sorts": "Sorts",
    "capacites-technologiques": "Capacités technologiques",
    "competences-speciales": "Compétences spéciales",
}
"""How the families and sub-categories are written on a card."""

MAX_NAME = 80
MAX_VALUE = 999


class CardNotationError(NotationError):
    """A card line that cannot be read."""

    kind = "card"
    kind_key = "card"


key_of = dashed
"""``Titres de propriété`` → ``titres-de-propriete`` (:func:`meneur.core.words.dashed`)."""


@frozen
class Card:
    """One card of a hand.

    Attributes:
        name: what the card is (``Épée courte``).
        family: one of :data:`FAMILIES`.
        category: one of the family's sub-categories.
        text: free text (effects, notes).
        att: the ATT a ranged weapon adds to the attack score.
        defence: the DEF a weapon or shield adds to parry or block.
        range: the range as written (``contact``, ``20 m``).
        damage: the damage as written (``8``, ``2d6``), entered by the GM.

    Raises:
        RulesError: for an unknown family or sub-category, an empty or overlong name, or
            an ATT or DEF beyond ±999.
    """

    name: str
    family: str
    category: str
    text: str = ""
    att: int | None = None
    defence: int | None = None
    range: str = ""
    damage: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip() or len(self.name) > MAX_NAME:
            raise RulesError(
                f"a card's name is 1 to {MAX_NAME} characters",
                message_key="systemj.card_name",
                most=MAX_NAME,
            )
        if self.family not in FAMILIES:
            raise RulesError(
                f"a card's family is one of {', '.join(FAMILIES)}, not {self.family!r}",
                message_key="systemj.card_family",
                known=", ".join(FAMILIES),
                value=self.family,
            )
        if self.category not in FAMILIES[self.family]:
            raise RulesError(
                f"a {self.family} card is one of {', '.join(FAMILIES[self.family])},"
                f" not {self.category!r}",
                message_key="systemj.card_category",
                family=self.family,
                known=", ".join(FAMILIES[self.family]),
                value=self.category,
            )
        for what, value in (("ATT", self.att), ("DEF", self.defence)):
            if value is not None and abs(value) > MAX_VALUE:
                raise RulesError(
                    f"{what} is within ±{MAX_VALUE}, not {value}",
                    message_key="systemj.card_value",
                    label=what,
                    most=MAX_VALUE,
                    value=value,
                )

    @property
    def notation(self) -> str:
        """The card on one line, as :func:`parse_card` reads it."""
        parts = []
        if self.att is not None:
            parts.append(f"ATT {self.att}")
        if self.defence is not None:
            parts.append(f"DEF {self.defence}")
        if self.range:
            parts.append(f"portée {self.range}")
        if self.damage:
            parts.append(f"dégâts {self.damage}")
        line = f"{self.name} [{NAMES[self.family]}/{NAMES[self.category]}]"
        if parts:
            line += " " + ", ".join(parts)
        return line + (f"\u00a0: {self.text}" if self.text else "")  # French data

    def to_data(self) -> dict[str, Any]:
        """Plain data for a sheet (empty fields left out)."""
        data: dict[str, Any] = {"name": self.name, "family": self.family}
        data["category"] = self.category
        for key, value in (
            ("text", self.text),
            ("att", self.att),
            ("def", self.defence),
            ("range", self.range),
            ("damage", self.damage),
        ):
            if value not in (None, ""):
                data[key] = value
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Card:
        """A card back from a sheet.

        Raises:
            RulesError: naming the key that is missing, unknown or of the wrong type.
        """
        known = {"name", "family", "category", "text", "att", "def", "range", "damage"}
        for key in data:
            if key not in known:
                raise unknown_key(key)
        for key in ("name", "family", "category"):
            if key not in data:
                raise missing_key(key)
            if not isinstance(data[key], str):
                raise refused_value(key, "text", data[key])
        for key in ("att", "def"):
            if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool)):
                raise refused_value(key, "whole", data[key])
        for key in ("text", "range", "damage"):
            if not isinstance(data.get(key, ""), str):
                raise refused_value(key, "text", data[key])
        return cls(
            data["name"],
            data["family"],
            data["category"],
            data.get("text", ""),
            data.get("att"),
            data.get("def"),
            data.get("range", ""),
            data.get("damage", ""),
        )


_LABELS = {"att": "att", "def": "defence", "portee": "range", "range": "range"}
_LABELS |= {"degats": "damage", "damage": "damage"}


def parse_card(text: str) -> Card:
    """Read a card line: ``Nom [Famille/Sous-catégorie] ATT n, DEF n, portée x, dégâts y : texte``.

    Raises:
        CardNotationError: with the position and what was expected.
    """
    opening = text.find("[")
    if opening < 0:
        raise CardNotationError(text, len(text), "expected [Famille/Sous-catégorie]", "no_family")
    name = text[:opening].strip()
    if not name:
        raise CardNotationError(text, 0, "expected the card's name before [", "no_name")
    closing = text.find("]", opening)
    if closing < 0:
        raise CardNotationError(text, len(text), "expected ] after the family", "unclosed")
    family_text, slash, category_text = text[opening + 1 : closing].partition("/")
    if not slash:
        raise CardNotationError(text, opening + 1, "expected Famille/Sous-catégorie", "no_slash")
    family, category = key_of(family_text), key_of(category_text)
    if family not in FAMILIES:
        choices = ", ".join(NAMES[f] for f in FAMILIES)
        raise CardNotationError(
            text, opening + 1, f"expected a family ({choices})", "family", choices=choices
        )
    if category not in FAMILIES[family]:
        choices = ", ".join(NAMES[c] for c in FAMILIES[family])
        raise CardNotationError(
            text, opening + 2 + len(family_text), f"expected {choices}", "category", choices=choices
        )
    rest, colon, free = text[closing + 1 :].partition(":")
    values: dict[str, Any] = {}
    start = closing + 1
    for part in rest.split(","):
        where = start + len(part) - len(part.lstrip())
        start += len(part) + 1
        if not part.strip():
            if rest.strip():
                raise CardNotationError(text, where, "expected ATT, DEF, portée or dégâts", "field")
            continue
        label, _, value = part.strip().partition(" ")
        field = _LABELS.get(key_of(label))
        if field is None:
            raise CardNotationError(text, where, "expected ATT, DEF, portée or dégâts", "field")
        if field in values:
            raise CardNotationError(text, where, f"{label} is given twice", "twice", label=label)
        value = value.strip()
        if not value:
            raise CardNotationError(
                text, where + len(label), f"expected a value after {label}", "no_value", label=label
            )
        if field in ("att", "defence"):
            digits = value.lstrip("+-")
            if not digits.isdecimal() or not digits.isascii() or len(digits) > 3:
                raise CardNotationError(
                    text, where + len(label) + 1, "expected a whole number", "not_a_number"
                )
            values[field] = int(value)
        else:
            values[field] = value
    if len(name) > MAX_NAME:
        raise CardNotationError(
            text,
            MAX_NAME,
            f"a card's name is at most {MAX_NAME} characters",
            "long_name",
            most=MAX_NAME,
        )
    return Card(name, family, category, free.strip() if colon else "", **values)


def hand(sheet: Mapping[str, Any]) -> tuple[Card, ...]:
    """The cards on a sheet (``cards``), leaving out any that does not read."""
    cards = []
    for data in sheet.get("cards", []):
        if isinstance(data, Mapping):
            try:
                cards.append(Card.from_data(data))
            except RulesError:
                continue
    return tuple(cards)


# Ruling: a parry takes the first weapon card (its DEF, 0 without one); a block the first
# Armures card with a DEF (a shield). Without such a card, no such defence.


def parry_def(cards: Iterable[Card]) -> int | None:
    """The DEF a parry adds: the first weapon card's (0 without one); None: no weapon."""
    return next((c.defence or 0 for c in cards if c.category == "armes"), None)


def block_def(cards: Iterable[Card]) -> int | None:
    """The DEF a block adds: the first Armures card with a DEF; None: no shield."""
    return next((c.defence for c in cards if c.category == "armures" and c.defence), None)


def weapon_att(cards: Iterable[Card]) -> int | None:
    """The ATT of the first weapon card that has one (a ranged weapon's)."""
    return next((c.att for c in cards if c.category == "armes" and c.att), None)
