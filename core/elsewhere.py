"""A roll made elsewhere: a test or an oracle's answer a player rolled at another table,
in a notebook or with another tool, and brought to meneur as it was played — what was
rolled, against what, and what it came to, in the words it was written with.

meneur did not roll it and cannot roll it again: its outcome is the one played, never
one meneur decides. Its dice are kept when the log says their faces (``d6=5``,
``3d6 [4, 5, 3]``), so that a check reads them back; a roll whose dice are a total or
untold (``Stealth 4 vs TN 5``) keeps no die. Two kinds:

- :class:`RolledElsewhere`: a test (``d: Stealth d6=5 vs TN 4 -> Success``): the skill
  or what was rolled, the dice as written, the target as written, the outcome;
- :class:`AnsweredElsewhere`: a question put to another oracle (``? Does backup arrive?
  (Likely)`` then ``-> Yes, and they have dogs``): the question, its likelihood, the
  roll as written, the answer.

>>> test = RolledElsewhere(skill="Stealth", rolled="4", target="TN 5", outcome="Fail")
>>> test.target_number
5
>>> resolve_rolled(test, ()).text
'Fail'
"""

from __future__ import annotations

import random
import re
from typing import ClassVar

from meneur.core.frozen import frozen

from .dice import FATE, Die, Sides, faces_of
from .errors import RulesError
from .records import RollRecord

SYSTEM = "elsewhere"
"""The system a test rolled elsewhere is journaled under."""
ORACLE_SYSTEM = "elsewhere_oracle"
"""The system another oracle's answer is journaled under (an oracle answer's entry)."""

_DIE = re.compile(r"(?<![\w.])(\d*)d(\d+)\s*=\s*(-?\d+)|(\d*)d(\d+|F)\s*\[([-\d,\s]+)\]")
"""Dice whose faces are written: ``d6=5``, ``1d20=17``, ``3d6 [4, 5, 3]``."""


@frozen
class RolledElsewhere:
    """A test rolled elsewhere, as written.

    Attributes:
        skill: what was rolled, in the log's words (``Stealth``), "" when unsaid.
        rolled: the dice or the result as written (``d6=5``, ``4``, ``2d6=8``).
        target: what it was rolled against as written (``TN 5``, ``DC 15``, ``4+``),
            "" for none.
        outcome: what it came to as played (``Fail``, ``Strong Hit``), "" when unsaid.
    """

    skill: str = ""
    rolled: str = ""
    target: str = ""
    outcome: str = ""

    @property
    def target_number(self) -> int | None:
        """The target's number (5 for ``TN 5``), None when it says none."""
        return _number(self.target)


@frozen
class AnsweredElsewhere:
    """A question another oracle answered, as written.

    Attributes:
        question: the question asked.
        likelihood: its likelihood as written (``Likely``), "" when unsaid.
        rolled: the roll that answered it as written (``d100=60 vs 35``), "" for none.
        answer: the oracle's answer (``Yes, and they have dogs``), "" when unanswered.
    """

    question: str = ""
    likelihood: str = ""
    rolled: str = ""
    answer: str = ""


@frozen(kw_only=True)
class ElsewhereRecord(RollRecord[RolledElsewhere]):
    """A test rolled elsewhere: its dice (those written), its outcome as played in
    :attr:`text` (meneur's own outcome keys say nothing of another game's)."""

    system: ClassVar[str] = SYSTEM
    text: str = ""


@frozen(kw_only=True)
class AnswerRecord(RollRecord[AnsweredElsewhere]):
    """Another oracle's answer: its dice (those written), its answer in :attr:`text`."""

    system: ClassVar[str] = ORACLE_SYSTEM
    text: str = ""


def _number(text: str) -> int | None:
    found = re.search(r"-?\d+", text)
    return int(found.group()) if found else None


def written_dice(rolled: str) -> tuple[Die, ...]:
    """The dice ``rolled`` says the faces of, in order (a total of several dice says
    none: ``2d6=8``); a Fate die's faces are -1, 0 and 1.

    >>> [(d.sides, d.face) for d in written_dice("d6=5 + 3d6 [4, 5, 3]")]
    [(6, 5), (6, 4), (6, 5), (6, 3)]
    """
    dice: list[Die] = []
    for found in _DIE.finditer(rolled):
        count, sides, face, listed_count, listed_sides, listed = found.groups()
        if sides is not None:
            if count in ("", "1") and int(sides) > 0 and 1 <= int(face) <= int(sides):
                dice.append(Die(int(sides), int(face)))
            continue
        faces = [int(x) for x in listed.replace(" ", "").split(",") if x.lstrip("-").isdigit()]
        size: Sides = FATE if listed_sides == FATE else int(listed_sides)
        if listed_count and int(listed_count) != len(faces):
            continue
        if size != 0 and all(x in faces_of(size) for x in faces):
            dice += [Die(size, x) for x in faces]
    return tuple(dice)


def _result(rolled: str, dice: tuple[Die, ...]) -> int:
    """The number the roll came to: its written total (the last ``= n``), else its dice'
    sum, else the first number it says (``4`` in ``Stealth 4``), else 0."""
    total = re.findall(r"=\s*(-?\d+)", rolled)
    if total:
        return int(total[-1])
    if dice:
        return sum(int(die.face) for die in dice)
    return _number(rolled) or 0


def _refused() -> RulesError:
    return RulesError(
        "a roll made elsewhere is played as it was: meneur does not roll it",
        message_key="elsewhere.not_rolled",
    )


def _faces(dice: tuple[Die, ...], faces: tuple[int, ...]) -> tuple[Die, ...]:
    """The written dice read on ``faces`` (a check gives them back as stored)."""
    if len(faces) != len(dice):
        raise RulesError(
            f"a roll made elsewhere holds {len(dice)} dice, {len(faces)} faces given",
            message_key="elsewhere.faces",
            dice=len(dice),
            faces=len(faces),
        )
    return tuple(Die(die.sides, face) for die, face in zip(dice, faces, strict=True))


def resolve_rolled(inputs: RolledElsewhere, faces: tuple[int, ...]) -> ElsewhereRecord:
    """The record of a test rolled elsewhere on ``faces`` (its written dice's)."""
    dice = _faces(written_dice(inputs.rolled), faces)
    return ElsewhereRecord(
        inputs=inputs,
        dice=dice,
        result=_result(inputs.rolled, dice),
        outcome=None,
        success=None,
        text=inputs.outcome,
    )


def resolve_answered(inputs: AnsweredElsewhere, faces: tuple[int, ...]) -> AnswerRecord:
    """The record of another oracle's answer on ``faces`` (its written dice's)."""
    dice = _faces(written_dice(inputs.rolled), faces)
    return AnswerRecord(
        inputs=inputs,
        dice=dice,
        result=_result(inputs.rolled, dice),
        outcome=None,
        success=None,
        text=inputs.answer,
    )


def rolled_record(inputs: RolledElsewhere) -> ElsewhereRecord:
    """The record of a test rolled elsewhere, on the faces it wrote."""
    return resolve_rolled(inputs, tuple(int(d.face) for d in written_dice(inputs.rolled)))


def answered_record(inputs: AnsweredElsewhere) -> AnswerRecord:
    """The record of another oracle's answer, on the faces it wrote."""
    return resolve_answered(inputs, tuple(int(d.face) for d in written_dice(inputs.rolled)))


def roll_rolled(_inputs: RolledElsewhere, _rng: random.Random) -> ElsewhereRecord:
    """A test rolled elsewhere is never rolled here: refused."""
    raise _refused()


def roll_answered(_inputs: AnsweredElsewhere, _rng: random.Random) -> AnswerRecord:
    """Another oracle's answer is never rolled here: refused."""
    raise _refused()
