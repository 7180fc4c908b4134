"""Les Traits' derived values (docs/rules/traits.md#traits), computed from base trait values only.

Temporary bonuses to a trait (a spell giving +1 Mêlée) never change a derived value, so
these functions take the sheet's base values; equipment bonuses are added separately and
the *instinctive*/*natural* values leave them out.
"""

from __future__ import annotations

from math import ceil

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

ATTRIBUTES = ("agilite", "savoir", "mental", "force", "vigueur")
"""The five attributes, each a number of d6 (0 allowed)."""
COMMON_SKILLS = ("melee", "tir", "lancer", "arcane")
DEFAULT_DEPLACEMENT = 1


def half_up(value: int) -> int:
    """Half of a trait value rounded up; a trait of 0 (or none) gives 0."""
    if value < 0:
        raise RulesError(
            f"a trait is 0 or more, not {value}", message_key="traits.negative", value=value
        )
    return ceil(value / 2)


@frozen
class DerivedValues:
    """A character's derived values.

    Attributes:
        parade: to hit in melee: ceil(Mêlée / 2) + shield and weapon bonuses.
        parade_instinctive: the same without those bonuses.
        endurance: to wound: ceil(Vigueur / 2) + armour and item bonuses.
        endurance_naturelle: the same without those bonuses.
        deplacement: zones per Mouvement action (a fixed value, usually 1).
    """

    parade: int
    parade_instinctive: int
    endurance: int
    endurance_naturelle: int
    deplacement: int


def derived_values(
    *,
    melee: int | None,
    vigueur: int,
    parade_bonus: int = 0,
    endurance_bonus: int = 0,
    deplacement: int = DEFAULT_DEPLACEMENT,
) -> DerivedValues:
    """Derived values from base Mêlée (``None`` without the skill) and base Vigueur.

    Args:
        melee: the base Mêlée skill, or ``None`` when the character lacks it.
        vigueur: the base Vigueur attribute.
        parade_bonus: shields, weapons and talents adding to Parade.
        endurance_bonus: armour, items and talents adding to Endurance.
        deplacement: the fixed Déplacement value (0 for a static figure).

    Raises:
        RulesError: for a negative trait or Déplacement.
    """
    if deplacement < 0:
        raise RulesError(
            f"Déplacement is 0 or more, not {deplacement}",
            message_key="traits.deplacement",
            value=deplacement,
        )
    instinctive = half_up(melee or 0)
    natural = half_up(vigueur)
    return DerivedValues(
        parade=instinctive + parade_bonus,
        parade_instinctive=instinctive,
        endurance=natural + endurance_bonus,
        endurance_naturelle=natural,
        deplacement=deplacement,
    )
