"""What is being tested, in a few lines, before the odds or the dice are shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meneur.content import term
from meneur.core.systems import kind_of, system_of

if TYPE_CHECKING:
    from meneur.core import expressions, oracles, solo

Translate = Callable[..., str]
"""A front end's ``t(key, **values)``: a string of the interface in its language."""

# The inputs being described come from a rules module that is loaded already; the
# functions below import from it locally so that this module loads none of them.


def signed(value: int) -> str:
    """An integer with its sign, using a true minus: ``+2``, ``−2``, ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def stat_name(group: str, name: str) -> str:
    """A stat a test names, by its French name and English gloss when the rule terms
    know it under ``group`` (``cosmos.stat``, ``force`` → ``Force (strength)``;
    ``systemj.attribute``, ``agilite`` → ``Agilité (agility)``); anything else (a skill,
    a name of the player's) as it is."""
    from meneur.content import terms

    found = terms().get(f"{group}.{name}")
    return name if found is None else found.glossed


def describe(inputs: object) -> list[str]:
    """The lines that say what is being tested.

    Raises:
        TypeError: for inputs no system describes (a programming error).
    """
    kind = kind_of(type(inputs))
    describer = _DESCRIBERS.get(kind)
    if describer is None:
        owner = system_of(kind)
        if owner is not None and owner.has_room("play"):
            from meneur.play.rooms import play_room

            describer = play_room(owner).DESCRIBED.get(kind)
    if describer is None:
        raise TypeError(f"no description for {type(inputs).__name__}")
    return describer(inputs)


def _question(text: str) -> list[str]:
    return [f"« {text} »"] if text else []


def _oracle(question: oracles.OracleQuestion) -> list[str]:
    lean = term(f"oracle.lean.{question.lean.value}")
    return [
        term("system.oracle").glossed,
        f"Score {question.lean.score} : {lean.glossed}",
        *_question(question.question),
    ]


def _yesno(question: oracles.YesNoQuestion) -> list[str]:
    likelihood = term(f"yesno.likelihood.{question.likelihood}")
    return [
        term("system.yesno").glossed,
        f"Probabilité (likelihood) {question.likelihood} : {likelihood.glossed}"
        f" — score {question.score}",
        *_tension(question.tension),
        *_question(question.question),
    ]


def _tension(tension: int | None) -> list[str]:
    if tension is None:
        return []
    return [f"Tension {tension} : {term(f'solo.tension.{tension}').glossed}"]


def _scene(test: solo.SceneTest) -> list[str]:
    return [term("system.scene").glossed, *_tension(test.tension), *_question(test.scene)]


def _progress(test: solo.ProgressTest) -> list[str]:
    lines = [term("system.progress").glossed, *_question(test.track)]
    return [*lines, f"Cases remplies (filled boxes) : {test.boxes}/10, contre (against) 2d10"]


def _dice(inputs: expressions.DiceInputs) -> list[str]:
    return [f"{term('system.dice').glossed} : {inputs.expression}"]


def _table(query: Any) -> list[str]:
    from meneur.core.tables import find

    table = find(query.tables, query.table)
    name = table.name if table is not None else query.table
    how = (
        f"{table.dice}"
        if table is not None and table.dice
        else f"1d{table.total_weight}"
        if table
        else ""
    )
    return [f"Table aléatoire (random table) : {name}", f"Dés (dice) : {how}"]


_DESCRIBERS: dict[str, Callable[[Any], list[str]]] = {
    "tables.TableQuery": _table,
    "oracles.OracleQuestion": _oracle,
    "oracles.YesNoQuestion": _yesno,
    "solo.SceneTest": _scene,
    "solo.ProgressTest": _progress,
    "expressions.DiceInputs": _dice,
}
"""How each kind of inputs no system owns is described, by its registry name; a
system's own say it in its play room (``DESCRIBED``)."""
