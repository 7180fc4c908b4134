"""How outcomes look: a symbol and a word for each (colour is never the only sign)."""

from __future__ import annotations

from fractions import Fraction

from . import ContentError, term

SYMBOLS = {
    "success_bonus": "✔⊕",
    "success": "✔",
    "success_cost": "✔⊖",
    "failure_bonus": "✘⊕",
    "failure": "✘",
    "failure_cost": "✘⊖",
    "favourable": "✔",
    "unfavourable": "✘",
    "yes_and": "✔⊕",
    "yes_but": "✔⊖",
    "no_but": "✘⊕",
    "no_and": "✘⊖",
    "super_critical_success": "✔★★",
    "critical_success": "✔★",
    "critical_failure": "✘★",
    "super_critical_failure": "✘★★",
    "notable": "✔+",
    "average": "✔",
    "narrow": "✔−",
    "true_intuition": "✔",
    "false_intuition": "✘",
    "major_positive": "⊕⊕",
    "minor_positive_and_companion": "⊕+",
    "minor_positive": "⊕",
    "minor_negative": "⊖",
    "major_negative": "⊖⊖",
    "major_negative_and_children": "⊖⊖+",
    "made": "✔",
    "ordered": "⇅",
    "avoided": "✔",
    "points": "✔",
    "none": "·",
    "not_avoided": "✘",
    "advantage_1": "·",
    "advantage_2": "⊕",
    "advantage_3": "⊕",
    "advantage_4": "⊕",
    "advantage_5": "⊕",
    "advantage_6": "⊕",
    "disadvantage_1": "·",
    "disadvantage_2": "⊖",
    "disadvantage_3": "⊖",
    "disadvantage_4": "⊖",
    "disadvantage_5": "⊖",
    "disadvantage_6": "⊖",
    "effect_1": "·",
    "effect_2": "⊖",
    "effect_3": "⊖",
    "effect_4": "⊖",
    "effect_5": "⊖",
    "effect_6": "⊖",
    "strong_hit": "✔⊕",
    "weak_hit": "✔⊖",
    "miss": "✘",
    "pending": "…",
    "expected": "✔",
    "altered": "≈",
    "interrupted": "⚡",
}
"""A symbol for every outcome key: ✔/✘ success or failure, ⊕/⊖ the side effect, ★ critical."""

SUCCESS_KEYS = frozenset(
    {
        "success_bonus",
        "success",
        "success_cost",
        "favourable",
        "yes_and",
        "yes_but",
        "super_critical_success",
        "critical_success",
        "notable",
        "average",
        "narrow",
        "true_intuition",
        "major_positive",
        "minor_positive_and_companion",
        "minor_positive",
        "made",
        "expected",
        "strong_hit",
        "weak_hit",
        "avoided",
        "ordered",
        "points",
        "advantage_2",
        "advantage_3",
        "advantage_4",
        "advantage_5",
        "advantage_6",
        "disadvantage_1",
        # An aura roll that harms the opponent succeeds for its holder.
        "effect_2",
        "effect_3",
        "effect_4",
        "effect_5",
        "effect_6",
    }
)


def symbol(key: str) -> str:
    """The outcome's symbol (``?`` for an unknown key)."""
    found = SYMBOLS.get(key)
    if found is None:
        own = _added(key)
        found = "?" if own is None else own[0]
    return found


def _added(key: str) -> tuple[str, bool] | None:
    """An outcome a system another package adds declares (its symbol, whether it is a
    success), among the systems registered so far."""
    from meneur.core.systems import BUILT_IN, loaded

    for record in loaded():
        if record.key not in BUILT_IN and key in record.outcomes:
            return record.outcomes[key]
    return None


PENDING_KEYS = frozenset({"pending"})
"""Outcomes that are not final yet (a forced Coup de poker still owed)."""


def style_class(key: str) -> str:
    """``success``, ``failure`` or ``pending``: the CSS class (and colour) of an outcome."""
    if key in PENDING_KEYS:
        return "pending"
    if key in SUCCESS_KEYS:
        return "success"
    own = _added(key)
    return "success" if own is not None and own[1] else "failure"


def label(system: str, key: str, lang: str = "fr") -> str:
    """The outcome in a few words, for tight rows (the odds bars): in French its short
    form where it has one; in English its English words alone (the line under the bars,
    and the result, give the French name beside them)."""
    try:
        found = term(f"{system}.outcome.{key}")
    except ContentError:
        return key
    return found.tight(lang)


def outcome_said(system: str, key: str, lang: str) -> str:
    """The outcome as a reader of ``lang`` reads it (:meth:`meneur.content.Term.said`)."""
    try:
        return term(f"{system}.outcome.{key}").said(lang)
    except ContentError:
        return key


OUTCOME_COLOURS = {"success": "green", "failure": "red", "pending": "yellow"}
"""The colour of each style class (the symbol says it too)."""
OUTCOME_STYLES = {key: f"bold {colour}" for key, colour in OUTCOME_COLOURS.items()}
"""The bold style of a result line in each class."""


def percent_text(probability: Fraction, lang: str) -> str:
    """``37.5 %`` in English, ``37,5 %`` in French (a comma, a non-breaking space); a
    possible result never reads 0.0 %."""
    if 0 < probability < Fraction(1, 2000):
        return typeset_number("<0.1 %", lang)
    return typeset_number(f"{float(probability) * 100:.1f} %", lang)


def typeset_number(text: str, lang: str) -> str:
    """A number written the English way (``12.5 %``, ``−4``) as ``lang`` writes it: in
    French a decimal comma and a non-breaking space before ``%``."""
    if lang != "fr":
        return text
    return text.replace(".", ",").replace(" %", "\u00a0%")


def colon(lang: str) -> str:
    """A colon and what goes around it in ``lang`` (the interface's ``shown.colon``):
    ``"\u00a0: "`` in French (a non-breaking space before it), ``": "`` in English."""
    from .strings import strings

    return strings(lang).t("shown.colon")
