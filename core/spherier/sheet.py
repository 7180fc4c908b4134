"""Le Sphérier's character sheet: attributes, skills and abilities in the seed's
notation, each line checked as typed (see :mod:`meneur.core.sheets`)."""

from __future__ import annotations

from meneur.core.sheets import Field, Kind, Section


def layout() -> tuple[Section, ...]:
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
