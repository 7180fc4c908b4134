"""A lexicon of each language's common words, to find meneur's own words of the other
language in what a reader sees (the tests of one language per reader).

The lists hold words meneur's sentences are made of and that do not exist in the other
language; what a person typed and proper names are kept out of the texts checked, or
excepted by the caller. In English, a rule's French name may stand beside its English
word in parentheses (``Failure (Échec)``): what is in parentheses is not read."""

from __future__ import annotations

import re

ENGLISH = frozenset({
    "the", "and", "of", "with", "against", "roll", "rolled", "dice", "die", "kept",
    "success", "successes", "failure", "difficulty", "side", "effect", "any", "random",
    "event", "attempt", "attempts", "value", "threshold", "mean", "totals", "beat",
    "no", "none", "needed", "typical", "elements", "filled", "boxes", "likelihood",
    "defender", "attacker", "tie", "true", "past", "pilots", "entry", "entries",
    "created", "campaign", "scene", "undone", "redone", "changed", "edited", "added",
    "removed", "joined", "refused", "closed", "character", "characters", "player",
    "players", "yes", "but", "before", "after", "outcome", "would", "could", "should",
    "this", "that", "which", "who", "what", "when", "where", "your", "you", "has",
    "have", "had", "was", "were", "been", "being", "from", "into", "than", "then",
    "there", "their", "them", "they", "its", "also", "only", "every", "each", "other",
    "others", "more", "most", "less", "least", "some", "many", "much", "such", "same",
    "own", "given", "left", "right", "new", "old", "first", "last", "next", "previous",
})  # fmt: skip
FRENCH = frozenset({
    "le", "la", "les", "des", "du", "de", "et", "sans", "avec", "dés", "jet", "jets",
    "réussite", "échec", "difficulté", "conservé", "conservés", "contre", "aucun",
    "aucune", "seuil", "valeur", "moyenne", "essai", "essais", "possibles", "requises",
    "égalité", "défenseur", "attaquant", "typique", "éléments", "événement",
    "aléatoire", "probabilité", "vraie", "au-delà", "pilotes", "écart", "marge",
    "entrée", "entrées", "créée", "créé", "campagne", "séance", "scène", "annulé",
    "rétabli", "modifiée", "modifié", "ajouté", "ajoutée", "retiré", "retirée",
    "rejoint", "refusé", "refusée", "fermée", "personnage", "personnages", "joueur",
    "joueuse", "joueurs", "oui", "non", "mais", "avant", "après", "résultat", "une",
    "un", "est", "sont", "été", "être", "par", "sur", "dans", "chez", "qui", "que",
    "quoi", "où", "quand", "votre", "vous", "leur", "leurs", "aussi", "seulement",
    "chaque", "autre", "autres", "moins", "même", "mêmes", "nouveau", "nouvelle",
    "premier", "première", "dernier", "dernière", "suivant", "précédent",
})  # fmt: skip
PROPER_NAMES = ("The Tale of Great Cosmos", "Les Traits", "Le Sphérier", "Final Skill")
"""The games' own names, which are the same in both languages."""


def words(text: str) -> set[str]:
    """The lower-case words of ``text``, the games' names left out."""
    for name in PROPER_NAMES:
        text = text.replace(name, " ")
    return {word.lower() for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", text)}


def outside_parentheses(text: str) -> str:
    """An English text without the French names given beside its words (one that a
    dialog drawn over the screen cuts, its parenthesis left open to the cut or closed
    after it, is left out too)."""
    while True:
        shorter = re.sub(r"\([^()]*\)", " ", text)
        if shorter == text:
            break
        text = shorter
    edge = "█▊▎│\n"  # a dialog's or a panel's edge, a line's end
    cut = rf"\([^(){edge}]*(?=[{edge}]|$)|(?:^|(?<=[{edge}]))[^(){edge}]*\)"
    return re.sub(cut, " ", text)


def foreign(text: str, lang: str) -> set[str]:
    """meneur's words of the other language in a text meant for a ``lang`` reader."""
    if lang == "fr":
        return (words(text) & ENGLISH) - FRENCH
    return (words(outside_parentheses(text)) & FRENCH) - ENGLISH
