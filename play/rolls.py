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
from typing import Any

from .tested import Translate

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


def short_words(inputs: Any, t: Translate) -> str:
    """What ``inputs`` test, in a few words (the journal's line, a panel's summary): its
    system's play room says it (``SHORT``), else its description's first lines."""
    from meneur.core import kinds

    from .rooms import room_of

    found = room_of(inputs)
    kind, room = (None, None) if found is None else found
    short = None if kind is None or room is None else room.SHORT.get(kind)
    if short is not None:
        return short(inputs, t)
    if kind == kinds.PROGRESS:
        return t("story.progress_rolled", name=inputs.track, boxes=inputs.boxes)
    return _described(inputs, kind == kinds.TABLE, t)


def _described(inputs: Any, table: bool, t: Translate) -> str:
    """The other tests (dice, oracles, tables, intuition…): their description's first
    lines in the language of ``t`` (:func:`meneur.play.rooms.describe`), a table's
    name for a roll on a table."""
    from .rooms import describe
    from .tested import language_of

    if table:
        from .table_words import table_name

        return table_name(inputs, language_of(t))
    from meneur.content.strings import strings

    try:
        return " — ".join(describe(inputs, strings(language_of(t)))[:2])
    except TypeError:
        return ""
