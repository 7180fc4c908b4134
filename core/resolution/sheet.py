"""Résoudre une action's character sheet: elements, what each is typical for, and
character points when the campaign uses them (see :mod:`meneur.core.sheets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.sheets import Field, Kind, Section

CHARACTER_POINTS = Field("points", Kind.NUMBER, "sheet.points", 0, 99, 0, compact=True)
"""Résoudre une action's character points (the ``character_points`` option)."""


def layout(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """Résoudre une action: elements, what they are typical for, and character points
    when the campaign uses them."""
    sections = [
        Section(
            "sheet.section.elements",
            (
                Field("elements", Kind.NAMED, "sheet.elements", 0, 10, {}, compact=True),
                Field("typical", Kind.DESCRIBED, "sheet.typical", default={}),
            ),
        )
    ]
    if options.get("character_points"):
        sections.append(Section("sheet.section.points", (CHARACTER_POINTS,)))
    return tuple(sections)


def npc(dice: Any) -> dict[str, Any]:
    """A quick NPC's sheet (a ruling, docs/rulings.md): two elements, *Métier* (trade)
    1d3 and *Trait marquant* (striking trait) 1d2."""
    return {
        "elements": {
            "Métier": dice.roll(3, "Métier"),
            "Trait marquant": dice.roll(2, "Trait marquant"),
        }
    }
