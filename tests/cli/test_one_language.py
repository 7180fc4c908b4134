"""Every test's odds and roll on the command line speak one language: in French, no
word of meneur's own in English; in English, no French word outside the French names
given beside the English ones (in parentheses) and the games' own names.

A small lexicon of each language's common words, the ones meneur's sentences are made
of, finds a word of the other language; what a person typed and proper names are not in
these outputs' words, or are excepted below."""

from __future__ import annotations

import re

import pytest

from meneur.cli.main import main

TESTS = [
    ["oracle", "--lean", "neutral", "--question", "Ouverte ?"],
    ["yesno", "--likelihood", "3", "--tension", "4"],
    ["scene", "--tension", "3"],
    ["dice", "3d6"],
    ["dice", "40d6"],
    ["table", "noms"],
    [
        "resolution",
        "--intrinsic", "dementielle", "--interest", "neutral",
        "--element", "3", "--typical", "--element", "2", "--alteration", "adoucie",
    ],
    ["resolution", "--score", "0"],
    ["resolution", "--opposed", "2", "--element", "3", "--group"],
    ["cosmos", "--stat", "50", "--stat", "60", "--karma", "-10", "--bonus", "5"],
    ["intuition", "--intuition", "3"],
    ["piloting", "--vehicle", "fighter", "--score", "8", "--stress", "2"],
    ["aura"],
    ["traits", "--dice", "4", "--difficulty", "4", "--poker", "max"],
    ["traits", "--dice", "3", "--difficulty", "4", "--against", "3"],
    [
        "spherier", "--engine", "d6", "--notation", "[Mecanique](2, 10, 1h)",
        "--mastery", "4", "--limit", "3",
    ],
    ["spherier", "--engine", "d20", "--dd", "15", "--mastery", "4", "--limit", "3"],
    ["systemj", "--value", "74", "--modifier", "facilite"],
]  # fmt: skip

ENGLISH = {
    "the", "and", "of", "with", "against", "roll", "dice", "die", "kept", "success",
    "successes", "failure", "difficulty", "side", "effect", "any", "random", "event",
    "attempt", "attempts", "value", "threshold", "mean", "totals", "beat", "no", "none",
    "needed", "typical", "elements", "filled", "boxes", "likelihood", "defender",
    "attacker", "tie", "true", "past", "pilots",
}  # fmt: skip
FRENCH = {
    "le", "la", "les", "des", "du", "de", "et", "sans", "avec", "dés", "jet", "réussite",
    "échec", "difficulté", "conservé", "conservés", "contre", "aucun", "seuil", "valeur",
    "moyenne", "essai", "essais", "possibles", "requises", "égalité", "défenseur",
    "attaquant", "typique", "éléments", "événement", "aléatoire", "probabilité", "vraie",
    "au-delà", "pilotes", "écart", "marge",
}  # fmt: skip
PROPER_NAMES = ("The Tale of Great Cosmos", "Les Traits", "Le Sphérier", "Final Skill")
"""The games' own names, which are the same in both languages."""


def _words(text: str) -> set[str]:
    for name in PROPER_NAMES:
        text = text.replace(name, " ")
    return {word.lower() for word in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", text)}


def _outside_parentheses(text: str) -> str:
    """An English line without the French names given beside its words."""
    while True:
        shorter = re.sub(r"\([^()]*\)", " ", text)
        if shorter == text:
            return text
        text = shorter


@pytest.mark.parametrize("command", ["odds", "roll"])
@pytest.mark.parametrize("test", TESTS, ids=lambda test: " ".join(test[:3]))
def test_the_command_line_speaks_one_language(
    command: str, test: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    seeded = ["--seed", "3"] if command == "roll" else []
    assert main([command, *test, *seeded, "--lang", "fr"]) == 0
    french = capsys.readouterr().out
    assert french.strip()
    assert not _words(french) & ENGLISH, french
    assert main([command, *test, *seeded, "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert not _words(_outside_parentheses(english)) & FRENCH, english
    assert english != french
