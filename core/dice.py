"""The record of one die and the single place where a face is drawn."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal, TypeAlias

from .errors import RulesError

FATE: Literal["F"] = "F"
"""The ``sides`` of a Fate/Fudge die, whose faces are -1, 0 and +1."""

Sides: TypeAlias = int | Literal["F"]


@dataclass(frozen=True, slots=True)
class Die:
    """One die as it was rolled.

    Attributes:
        sides: number of faces, or ``"F"`` for a Fate die (-1, 0, +1).
        face: the face shown.
        role: what the die was for when a roll mixes purposes (``"karma"``, ``"reroll"``,
            ``"bonus"``…); ``None`` for the plain dice of a test.
        kept: whether the die counts, when the rule keeps or discards dice;
            ``None`` when every die counts.
    """

    sides: Sides
    face: int
    role: str | None = None
    kept: bool | None = None

    def to_data(self) -> dict[str, object]:
        """Plain data for JSON or TOML, leaving out ``role`` and ``kept`` when unset."""
        data: dict[str, object] = {"sides": self.sides, "face": self.face}
        if self.role is not None:
            data["role"] = self.role
        if self.kept is not None:
            data["kept"] = self.kept
        return data


def faces_of(sides: Sides) -> range:
    """Every face a die can show, lowest first: 1…sides, or -1…+1 for a Fate die."""
    return range(-1, 2) if sides == FATE else range(1, sides + 1)


def draw(rng: random.Random, sides: Sides) -> int:
    """Draw one uniformly random face of a die from the injected generator.

    Every die in meneur is drawn here, so the sequence of calls on ``rng`` (and with it
    what a seed reproduces) depends only on the order in which the rules roll dice.
    """
    if sides == FATE:
        return rng.randint(1, 3) - 2
    return rng.randint(1, sides)


def typed_faces(text: str) -> tuple[int, ...]:
    """The faces of physical dice as a player types them: ``4 6 2`` or ``4,6,2``.

    Raises:
        RulesError: naming the first word that is not a whole number (said in the
            player's language through ``dice.not_a_face``).
    """
    faces: list[int] = []
    for word in text.replace(",", " ").split():
        if not (word.isascii() and word.isdigit()):
            raise RulesError(
                f"{word!r} is not a die's face: type each face as a number, separated by spaces",
                message_key="dice.not_a_face",
                found=word,
            )
        faces.append(int(word))
    return tuple(faces)


def impossible_face(sides: int, face: int) -> RulesError:
    """The error for a face typed that a d``sides`` cannot show (said in the player's
    language through ``dice.impossible_face``)."""
    return RulesError(
        f"a d{sides} cannot show {face}", message_key="dice.impossible_face", sides=sides, face=face
    )


def check_faces(faces: tuple[int, ...] | list[int], sides: int) -> None:
    """Refuse the first of ``faces`` a d``sides`` cannot show.

    Raises:
        RulesError: :func:`impossible_face`.
    """
    for face in faces:
        if not 1 <= face <= sides:
            raise impossible_face(sides, face)


def face_count_error(expected: int, given: int) -> RulesError:
    """The error for ``given`` faces typed where a roll throws ``expected`` dice."""
    return RulesError(
        f"this roll throws {expected} dice, got {given}",
        message_key="dice.face_count",
        expected=expected,
        given=given,
    )
