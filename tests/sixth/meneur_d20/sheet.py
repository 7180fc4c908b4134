"""Dé vingt's character sheet: one stat, Talent, and a line of text for the concept."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.sheets import Field, Kind, Section

TALENT = Field("talent", Kind.NUMBER, "d20.sheet.talent", 0, 10, 3, compact=True)
"""The one stat: 0 to 10, 3 when the sheet does not say."""


def layout(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """The sheet: Talent, and the character's concept."""
    concept = Field("concept", Kind.TEXT, "d20.sheet.concept", default="")
    return (Section("d20.sheet.section", (TALENT, concept)),)


def npc(dice: Any) -> dict[str, Any]:
    """A quick NPC: Talent 1d6 − 1 (0 to 5)."""
    return {"talent": dice.roll(6, "talent") - 1}
