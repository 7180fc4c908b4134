"""Quick NPCs: one roll makes a sheet for the campaign's system, for the GM to edit.

None of the five rule texts says how to make a non-player character, so these are
rulings (README, "Quick NPC"): an average person of the system, rolled the way its
players' characters are where the rules roll them, small where they do not. Each system
says how in its sheet module (:attr:`meneur.core.systems.System.npc`), given a
:class:`NpcDice`.

Every die is in the record (role = the value it made), so the NPC replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from meneur.core.frozen import frozen

from .dice import Die, draw
from .errors import RulesError
from .records import RollRecord
from .systems import is_system, keys, load, system


@frozen
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
        if not is_system(self.system) or not system(self.system).npc:
            with_npcs = [key for key in keys() if system(key).npc]
            raise RulesError(
                f"a quick NPC is for one of {', '.join(with_npcs)}, not {self.system!r}",
                message_key="npc.system",
                known=", ".join(with_npcs),
                value=self.system,
            )
        if not self.name.strip():
            raise RulesError("a quick NPC needs a name", message_key="npc.name")


@frozen(kw_only=True)
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


class NpcDice:
    """Draws dice and remembers each with its role."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.dice: list[Die] = []

    def roll(self, sides: int, role: str) -> int:
        """One die, recorded under ``role``."""
        face = draw(self.rng, sides)
        self.dice.append(Die(sides, face, role=role))
        return face

    def until(self, sides: int, role: str, fits: Callable[[int], bool]) -> int:
        """A die rerolled on its own until its face ``fits`` (rejected faces recorded as
        ``reroll``, not kept)."""
        while True:
            face = draw(self.rng, sides)
            kept = fits(face)
            self.dice.append(Die(sides, face, role=role if kept else "reroll", kept=kept))
            if kept:
                return face


def roll(inputs: NpcInputs, rng: random.Random) -> NpcRoll:
    """Roll a quick NPC's sheet."""
    dice = NpcDice(rng)
    sheet = load(system(inputs.system).npc)(dice)
    return NpcRoll(
        inputs=inputs,
        dice=tuple(dice.dice),
        result=len(dice.dice),
        outcome="made",
        success=True,
        sheet=sheet,
    )
