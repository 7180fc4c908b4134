"""SYSTEMJ's character sheet: seven attributes on 100, generic and special skills, PV,
armour, the hand of cards, and the combat scores derived (see :mod:`meneur.core.sheets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.sheets import Derived, Field, Kind, Section

from . import combat
from .combat import ATTRIBUTES

SYSTEMJ_SKILLS = (
    "Lire/écrire",
    "Parler",
    "Acrobatie",
    "Danse",
    "Nage",
    "Cuisine",
    "Premiers soins",
    "Dissimulation",
    "Détection",
    "Sang-froid",
)
"""SYSTEMJ's ten generic skills."""


def layout(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """SYSTEMJ: seven attributes on 100, generic and special skills, PV, armour, cards."""
    attributes = tuple(
        Field(
            f"attributes.{name}",
            Kind.NUMBER,
            f"systemj.attribute.{name}",
            0,
            100,
            50,
            compact=True,
        )
        for name in ATTRIBUTES
    )
    return (
        Section("sheet.section.attributes", attributes),
        Section(
            "sheet.section.skills",
            (
                Field("skills", Kind.NAMED, "sheet.skills", 0, 100, {}, names=SYSTEMJ_SKILLS),
                Field("special", Kind.NAMED, "sheet.special_skills", 0, 100, {}),
            ),
        ),
        Section(
            "sheet.section.gauges",
            (
                Field("pv", Kind.NUMBER, "sheet.wounds", 0, 999, 0, compact=True),
                Field("armour", Kind.NUMBER, "sheet.armour", 0, 999, 0),
            ),
        ),
        Section(
            "sheet.section.cards",
            (Field("cards", Kind.CARDS, "sheet.cards", default=[], parser="systemj.card"),),
        ),
    )


def derived(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Derived]:
    """The combat scores the sheet's attributes give (none for a sheet they cannot be
    read from)."""
    try:
        scores = combat.scores_of(sheet)
    except RulesError:
        return []
    found = [
        Derived("sheet.melee_force", scores.attack(combat.Attack.MELEE_FORCE)),
        Derived("sheet.melee_furtive", scores.attack(combat.Attack.MELEE_FURTIVE)),
        Derived("sheet.dodge", scores.dodge),
    ]
    if scores.parry is not None:
        found.append(Derived("sheet.parry", scores.parry))
    if scores.block is not None:
        found.append(Derived("sheet.block", scores.block))
    return found


def npc(dice: Any) -> dict[str, Any]:
    """A quick NPC's sheet (a ruling, docs/rulings.md): the seven attributes 30 + 1d40
    each (31–70); the ten generic skills are left to the GM."""
    return {"attributes": {name: 30 + dice.roll(40, name) for name in ATTRIBUTES}}
