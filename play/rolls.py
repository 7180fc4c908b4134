"""A roll's words, the same from every front end.

A roll is stored as its record (inputs, dice, seed, outcome) and the words its roller
chose: a label, else the question asked — nothing a front end made up. What was tested
is said when the entry is read (:func:`tested_words`, from the record's inputs), in the
reader's language, so the app's panels and command line, ``meneur roll … --campaign``
and a player's SSH seat write the same entry for the same roll, and a French GM and an
English player each read it in their own language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Translate = Callable[..., str]

CREATION_WORDS = "Création de personnage (character creation)"
"""The stored words of a creation roll (its record says the rest)."""


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
    from meneur.saves.campaign import roll_inputs
    from meneur.saves.errors import CampaignError

    try:
        _, inputs = roll_inputs(roll)
    except CampaignError:
        return ""
    return short_words(inputs, t)


def short_words(inputs: Any, t: Translate) -> str:
    """What ``inputs`` test, in a few words (the journal's line, a panel's summary)."""
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.resolution import rules as resolution
    from meneur.core.spherier import extended as spherier_extended
    from meneur.core.spherier import rules as spherier
    from meneur.core.systemj import rules as systemj
    from meneur.core.traits import opposed as traits_opposed
    from meneur.core.traits import rules as traits

    if isinstance(inputs, resolution.ResolutionTest):
        return _resolution(inputs, t)
    if isinstance(inputs, cosmos.CosmosTest):
        threshold = t("cosmos.threshold_is", threshold=inputs.effective_threshold)
        if not inputs.names:
            return threshold
        return (
            f"{' + '.join(stat_name('cosmos.stat', name) for name in inputs.names)} · {threshold}"
        )
    if isinstance(inputs, traits_opposed.OpposedTest):
        from meneur.content import term

        sides = f"{inputs.attacker.dice} / {inputs.defender.dice}"
        return f"{term('traits.opposed').fr} : {sides} {t('traits.dice')}, 4"
    if isinstance(inputs, traits.TraitTest):
        difficulty = f"{t('traits.difficulty')} {inputs.effective_difficulty}"
        return f"{inputs.dice} {t('traits.dice')}, {difficulty}, {t('traits.need')} {inputs.need}"
    if isinstance(inputs, spherier.SkillTest):
        return f"{skill_text(inputs.skill, t)} · DD {inputs.dd}"
    if isinstance(inputs, spherier.OpposedSkillTest):
        return f"{skill_text(inputs.attacker, t)} / {skill_text(inputs.defender, t)}"
    if isinstance(inputs, spherier_extended.ExtendedTest):
        steps = f"({inputs.step_dd}, {inputs.total}, {inputs.interval.text})"
        return f"{skill_text(inputs.skill, t)} · {steps}"
    if isinstance(inputs, spherier_extended.TeamTest):
        team = f"({inputs.leader_dd}, {inputs.assistant_dd})"
        return f"{skill_text(inputs.leader, t)} · {team} · {len(inputs.assistants)}"
    if isinstance(inputs, systemj.SystemjTest):
        shown = f"{stat_name('systemj.attribute', inputs.label)} {inputs.value}".strip()
        effective = t("systemj.effective", score=inputs.effective)
        return f"{shown} · {effective} · {t('systemj.critical_on', value=inputs.value % 100)}"
    from meneur.core.solo import ProgressTest

    if isinstance(inputs, ProgressTest):
        return t("story.progress_rolled", name=inputs.track, boxes=inputs.boxes)
    return _described(inputs)


def stat_name(group: str, name: str) -> str:
    """A stat a test names, by its French name and English gloss when the rule terms
    know it under ``group`` (``cosmos.stat``, ``force`` → ``Force (strength)``;
    ``systemj.attribute``, ``agilite`` → ``Agilité (agility)``); anything else (a skill,
    a name of the player's) as it is."""
    from meneur.content import terms

    found = terms().get(f"{group}.{name}")
    return name if found is None else found.glossed


def skill_text(skill: Any, t: Translate) -> str:
    """A Sphérier skill as notation, or its Maîtrise and Limite when it has no name."""
    from .tested import signed

    if skill.name:
        return str(skill.notation)
    return f"{t('spherier.mastery')} {signed(skill.mastery)}, {t('spherier.limit')} {skill.limit}"


def _resolution(test: Any, t: Translate) -> str:
    """``score 2 (Épée 2), stable`` — a declared result by its name."""
    from meneur.content import term

    if test.declared is not None:
        return term(f"resolution.declared.{test.declared.value}").fr
    elements = " + ".join(
        f"{e.name} {e.score}" + (f" {t('resolution.lent_by', name=e.lender)}" if e.lender else "")
        for e in test.elements
    )
    alteration = term(f"resolution.alteration.{test.alteration.value}").fr
    words = (
        f"score {test.score_to_beat}" + (f" ({elements})" if elements else "") + f", {alteration}"
    )
    return f"{t('resolution.group')} · {words}" if test.group else words


def _described(inputs: Any) -> str:
    """The other tests (dice, oracles, tables, intuition…): their description's first
    lines, the French terms glossed (:mod:`meneur.play.tested`)."""
    from meneur.core.tables import TableQuery, find

    if isinstance(inputs, TableQuery):
        table = find(inputs.tables, inputs.table)
        return str(table.name if table is not None else inputs.table)
    from .tested import describe

    try:
        return " — ".join(describe(inputs)[:2])
    except TypeError:
        return ""
