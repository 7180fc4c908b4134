"""Le Sphérier's character sheet: attributes, skills and abilities in the seed's
notation, each line checked as typed (see :mod:`meneur.core.sheets`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.sheets import Field, Kind, Section, field_error


def layout(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    context: Mapping[str, Any] | None = None,
) -> tuple[Section, ...]:
    """Le Sphérier: the three attributes, skills and abilities in the seed's notation."""
    return (
        Section(
            "sheet.section.skills",
            (
                Field(
                    "attributes",
                    Kind.ENTRIES,
                    "sheet.spherier_attributes",
                    default=[],
                    parser="spherier.skill",
                ),
                Field(
                    "skills",
                    Kind.ENTRIES,
                    "sheet.skills",
                    default=[],
                    parser="spherier.skill",
                    compact=True,
                ),
            ),
        ),
        Section(
            "sheet.section.abilities",
            (
                Field(
                    "abilities",
                    Kind.ENTRIES,
                    "sheet.abilities",
                    default=[],
                    parser="spherier.ability",
                ),
                # Grouper les Compétences(…)<M, L>, Spécialisation(Compétence, Circonstance)<+M, +L>
                Field(
                    "passives",
                    Kind.ENTRIES,
                    "sheet.passives",
                    default=[],
                    parser="spherier.passive",
                ),
            ),
        ),
    )


def check(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> None:
    """What the fields alone do not say: grouped skills and specialisations against the
    sheet's skills.

    Raises:
        RulesError: naming the sheet key.
    """
    if "passives" not in sheet:
        return
    from .passives import check_passives

    try:
        check_passives(sheet)
    except RulesError as error:
        where, _, reason = str(error).partition(": ")
        raise field_error(where, reason, "bad_sheet", detail=reason) from error


ATTRIBUTES = ("Vitalité", "Vitesse", "Volonté")
"""The three attributes a quick NPC has."""


def npc(dice: Any) -> dict[str, Any]:
    """A quick NPC's sheet (a ruling, docs/rulings.md): the three attributes, each
    Maîtrise 1d4 and Limite 1d3."""
    attributes = []
    for name in ATTRIBUTES:
        mastery, limit = dice.roll(4, f"{name}.maitrise"), dice.roll(3, f"{name}.limite")
        attributes.append(f"{name}<+{mastery}, {limit}>")
    return {"attributes": attributes}
