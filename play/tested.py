"""What is being tested, in a few lines, before the odds or the dice are shown: the
words every system's room uses (a signed modifier, a stat's name), and the kinds no
system owns (:data:`COMMON_DESCRIBED`); :func:`meneur.play.rolls.describe` says any."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from meneur.core import kinds
from meneur.core.kinds import Kind

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core import expressions, oracles, solo

Translate = Callable[..., str]
"""A front end's ``t(key, **values)``: a string of the interface in its language."""
Described = Callable[[Any, "Strings"], list[str]]
"""The lines that describe a test's inputs (of its kind's class) before it is rolled, in
the language of the reader's words."""
Short = Callable[[Any, Translate], str]
"""A test's inputs (of its kind's class) in a few words, in the language of ``t``."""

# The inputs being described come from a rules module that is loaded already; the
# functions below import from it locally so that this module loads none of them.


def signed(value: int) -> str:
    """An integer with its sign, using a true minus: ``+2``, ``−2``, ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def minus(value: int) -> str:
    """An integer that is no modifier (a score), a true minus when it is below zero:
    ``2``, ``−1`` (play-tested: "Score to beat: -1" beside "Difficulty −4")."""
    return f"−{-value}" if value < 0 else str(value)


def stat_name(group: str, name: str, lang: str) -> str:
    """A stat a test names, as a reader of ``lang`` reads it when the rule terms know it
    under ``group`` (``cosmos.stat``, ``force`` → ``Force`` in French, ``Strength
    (Force)`` in English); anything else (a skill, a name of the player's) as it is."""
    from meneur.content import terms

    found = terms().get(f"{group}.{name}")
    return name if found is None else found.said(lang)


def language_of(t: Translate) -> str:
    """The language a front end's ``t`` speaks (``fr`` or ``en``)."""
    return t("tested.lang")


def _question(text: str) -> list[str]:
    return [f"« {text} »"] if text else []


def _oracle(question: oracles.OracleQuestion, words: Strings) -> list[str]:
    lean = words.term(f"oracle.lean.{question.lean.value}")
    return [
        words.term("system.oracle"),
        words.t("tested.lean", score=question.lean.score, lean=lean),
        *_question(question.question),
    ]


def _yesno(question: oracles.YesNoQuestion, words: Strings) -> list[str]:
    likelihood = words.term(f"yesno.likelihood.{question.likelihood}")
    return [
        words.term("system.yesno"),
        words.t(
            "tested.likelihood",
            value=question.likelihood,
            name=likelihood,
            score=question.score,
        ),
        *_tension(question.tension, words),
        *_question(question.question),
    ]


def _tension(tension: int | None, words: Strings) -> list[str]:
    if tension is None:
        return []
    return [words.t("tested.tension", tension=tension, name=words.term(f"solo.tension.{tension}"))]


def _scene(test: solo.SceneTest, words: Strings) -> list[str]:
    return [words.term("system.scene"), *_tension(test.tension, words), *_question(test.scene)]


def _progress(test: solo.ProgressTest, words: Strings) -> list[str]:
    lines = [words.term("system.progress"), *_question(test.track)]
    return [*lines, words.t("tested.filled_boxes", boxes=test.boxes)]


def _dice(inputs: expressions.DiceInputs, words: Strings) -> list[str]:
    return [
        words.t("tested.expression", name=words.term("system.dice"), expression=inputs.expression)
    ]


def _table(query: Any, words: Strings) -> list[str]:
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
    return [words.t("tested.random_table", name=name), words.t("tested.dice", dice=how)]


COMMON_DESCRIBED: Mapping[Kind, Described] = {
    kinds.TABLE: _table,
    kinds.ORACLE: _oracle,
    kinds.YESNO: _yesno,
    kinds.SCENE: _scene,
    kinds.PROGRESS: _progress,
    kinds.DICE: _dice,
}
"""How each kind of inputs no system owns is described; a system's own say it in its
play room (``DESCRIBED``)."""
