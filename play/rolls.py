"""A roll's words, the same from every front end.

A roll is stored as its record (inputs, dice, seed, outcome) and the words its roller
chose: a label, else the question asked — nothing a front end made up. What was tested
is said when the entry is read (:func:`tested_words`, from the record's inputs), in the
reader's language, so the app's panels and command line, ``meneur roll … --campaign``
and a player's SSH seat write the same entry for the same roll, and a French GM and an
English player each read it in their own language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .tested import COMMON_DESCRIBED, Described, Translate

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core.kinds import Kind

    from .rooms import PlayRoom

CREATION_WORDS = "Création de personnage"
"""The stored words of a creation roll (its record says the rest); each reader reads
them in their language (earlier meneurs added an English gloss)."""
CREATION_GLOSSED = "Création de personnage (character creation)"


def roll_words(record: Any, label: str = "") -> str:
    """The words a roll is journaled with: what the player labelled it, else the
    question asked, else nothing (the reader says what was tested)."""
    label = label.strip()
    if label:
        return label
    question = getattr(getattr(record, "inputs", None), "question", "")
    if isinstance(question, str) and question.strip():
        return question.strip()
    if not hasattr(record, "outcome"):
        return CREATION_WORDS
    return ""


def tested_words(roll: Mapping[str, Any], t: Translate) -> str:
    """What a journaled roll tested, in a few words in the language of ``t``
    (``Score à battre : 2``, ``Seuil : 55``, a table's name); empty when its inputs no
    longer read back (the campaign's check says why)."""
    # A journal's many rolls of the same test are worded once per reader's language:
    # the key is the stored inputs as written, cheaper than reading them back.
    key = (str(roll.get("kind")), repr(roll.get("inputs")), t)
    words = _WORDS.get(key)
    if words is None:
        if len(_WORDS) >= _WORDS_KEPT:
            _WORDS.clear()
        words = _WORDS[key] = _worded(roll, t)
    return words


_WORDS: dict[tuple[str, str, Translate], str] = {}
_WORDS_KEPT = 2048


def _worded(roll: Mapping[str, Any], t: Translate) -> str:
    from meneur.saves.entry_parts import roll_inputs
    from meneur.saves.errors import CampaignError

    try:
        _, inputs = roll_inputs(roll)
    except CampaignError:
        return ""
    return short_words(inputs, t)


def room_of(inputs: object) -> tuple[Kind | None, PlayRoom | None]:
    """The kind of ``inputs`` (None for inputs of no kind) and the play room of the
    system they belong to (None for a kind no system owns, or a system without a play
    room): the rooms are asked for a system's test alone."""
    from meneur.core.kinds import kind_of, system_of

    kind = kind_of(type(inputs))
    owner = None if kind is None else system_of(kind)
    if owner is None:
        return kind, None
    from .rooms import ROOMS

    return kind, ROOMS.find(owner.key)


def describe(inputs: object, words: Strings) -> list[str]:
    """The lines that say what is being tested, in the language of ``words``: a system's
    test as its room says it (``DESCRIBED``), another as :mod:`meneur.play.tested` does.

    Raises:
        TypeError: for inputs no system describes (a programming error).
    """
    kind, room = room_of(inputs)
    describer: Described | None = None
    if kind is not None:
        describer = COMMON_DESCRIBED.get(kind) if room is None else room.DESCRIBED.get(kind)
    if describer is None:
        raise TypeError(f"no description for {type(inputs).__name__}")
    return describer(inputs, words)


def short_words(inputs: Any, t: Translate) -> str:
    """What ``inputs`` test, in a few words (the journal's line, a panel's summary): its
    system's play room says it (``SHORT``), else its description's first lines."""
    from meneur.core import kinds

    kind, room = room_of(inputs)
    short = None if kind is None or room is None else room.SHORT.get(kind)
    if short is not None:
        return short(inputs, t)
    if kind == kinds.PROGRESS:
        return t("story.progress_rolled", name=inputs.track, boxes=inputs.boxes)
    return _described(inputs, kind == kinds.TABLE, t)


def _described(inputs: Any, table: bool, t: Translate) -> str:
    """The other tests (dice, oracles, tables, intuition…): their description's first
    lines in the language of ``t`` (:func:`describe`), a table's name for a roll on a
    table."""
    from .tested import language_of

    if table:
        from .table_words import table_name

        return table_name(inputs, language_of(t))
    from meneur.content.strings import strings

    try:
        return " — ".join(describe(inputs, strings(language_of(t)))[:2])
    except TypeError:
        return ""
