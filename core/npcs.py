"""Quick NPCs: one roll makes a sheet for the campaign's system, for the GM to edit.

None of the five rule texts says how to make a non-player character, so these are
rulings (README, "Quick NPC"): an average person of the system, rolled the way its
players' characters are where the rules roll them, small where they do not.

- ``resolution``: two elements, *Métier* (trade) 1d3 and *Trait marquant* (striking
  trait) 1d2;
- ``cosmos``: the six stats each 1d100 rerolled on its own until within 20–80 (as at
  creation, without the 200–400 total rule), PV and PM each 5d100, karma 0, level 1;
- ``traits``: the five attributes 1d3 each, Mêlée 1d3;
- ``spherier``: the three attributes, each Maîtrise 1d4 and Limite 1d3;
- ``systemj``: the seven attributes 30 + 1d40 each (31–70), the ten generic skills
  left to the GM.

Every die is in the record (role = the value it made), so the NPC replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar

from .cosmos.creation import STAT_MAX, STAT_MIN, STATS
from .dice import Die, draw
from .errors import RulesError
from .records import RollRecord
from .systemj.combat import ATTRIBUTES as SYSTEMJ_ATTRIBUTES

SYSTEMS = ("resolution", "cosmos", "traits", "spherier", "systemj")

TRAITS = ("Agilité", "Savoir", "Mental", "Force", "Vigueur", "Mêlée")
SPHERIER = ("Vitalité", "Vitesse", "Volonté")


@dataclass(frozen=True)
class NpcInputs:
    """A quick NPC to roll.

    Attributes:
        system: the campaign's system.
        name: the NPC's name.

    Raises:
        RulesError: for an unknown system or an empty name.
    """

    system: str
    name: str

    def __post_init__(self) -> None:
        if self.system not in SYSTEMS:
            raise RulesError(f"a quick NPC is for one of {', '.join(SYSTEMS)}, not {self.system!r}")
        if not self.name.strip():
            raise RulesError("a quick NPC needs a name")


@dataclass(frozen=True, kw_only=True)
class NpcRoll(RollRecord[NpcInputs]):
    """A quick NPC's dice and the sheet they make. ``result`` is the number of dice,
    ``outcome`` always ``made``.

    Attributes:
        sheet: the NPC's sheet, as campaign.toml holds it.
    """

    system: ClassVar[str] = "npc"
    sheet: Mapping[str, Any]

    def __post_init__(self) -> None:
        object.__setattr__(self, "sheet", MappingProxyType(dict(self.sheet)))


class _Dice:
    """Draws dice and remembers each with its role."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.dice: list[Die] = []

    def roll(self, sides: int, role: str) -> int:
        face = draw(self.rng, sides)
        self.dice.append(Die(sides, face, role=role))
        return face

    def stat(self, role: str) -> int:
        """A d100 rerolled on its own until within 20–80 (rejected faces recorded)."""
        while True:
            face = draw(self.rng, 100)
            fits = STAT_MIN <= face <= STAT_MAX
            self.dice.append(Die(100, face, role=role if fits else "reroll", kept=fits))
            if fits:
                return face


def _sheet(system: str, dice: _Dice) -> dict[str, Any]:
    if system == "resolution":
        return {
            "elements": {
                "Métier": dice.roll(3, "Métier"),
                "Trait marquant": dice.roll(2, "Trait marquant"),
            }
        }
    if system == "cosmos":
        stats = {stat: dice.stat(stat) for stat in STATS}
        pv = sum(dice.roll(100, "pv") for _ in range(5))
        pm = sum(dice.roll(100, "pm") for _ in range(5))
        return {
            "level": 1,
            "stats": stats,
            "pv": pv,
            "pv_max": pv,
            "pm": pm,
            "pm_max": pm,
            "karma": 0,
            "intuition": 3,
        }
    if system == "traits":
        return {"traits": {name: dice.roll(3, name) for name in TRAITS}}
    if system == "spherier":
        attributes = []
        for name in SPHERIER:
            mastery, limit = dice.roll(4, f"{name}.maitrise"), dice.roll(3, f"{name}.limite")
            attributes.append(f"{name}<+{mastery}, {limit}>")
        return {"attributes": attributes}
    return {"attributes": {name: 30 + dice.roll(40, name) for name in SYSTEMJ_ATTRIBUTES}}


def roll(inputs: NpcInputs, rng: random.Random) -> NpcRoll:
    """Roll a quick NPC's sheet."""
    dice = _Dice(rng)
    sheet = _sheet(inputs.system, dice)
    return NpcRoll(
        inputs=inputs,
        dice=tuple(dice.dice),
        result=len(dice.dice),
        outcome="made",
        success=True,
        sheet=sheet,
    )
