"""Le Sphérier's notations, as the seed writes them, and what they refuse."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.spherier.notation import (
    ExtendedNotation,
    Interval,
    OpposedNotation,
    SimpleNotation,
    SpherierNotationError,
    TeamNotation,
    parse_ability,
    parse_sheet_entry,
    parse_skill,
    parse_test,
    typed_opponent,
)
from meneur.core.spherier.passives import skill_on_sheet
from meneur.core.spherier.rules import Ability, Skill


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[Dressage](2)", SimpleNotation("Dressage", 2)),
        ("[Dressage](10)", SimpleNotation("Dressage", 10)),
        ("[Bluff][Psychologie]", OpposedNotation("Bluff", "Psychologie")),
        ("[Mecanique](2, 10, 1h)", ExtendedNotation("Mecanique", 2, 10, Interval(1, "h"))),
        ("[Mecanique](10, 50, 1h)", ExtendedNotation("Mecanique", 10, 50, Interval(1, "h"))),
        ("[Rituel satanique](10,  2)", TeamNotation("Rituel satanique", 10, 2)),
        ("[Rituel satanique](50,  10)", TeamNotation("Rituel satanique", 50, 10)),
        ("[Rituel satanique](10, 2, 3)", TeamNotation("Rituel satanique", 10, 2, 3)),
        ("[Rituel satanique](10, 2, 3, 1)", TeamNotation("Rituel satanique", 10, 2, 3, 1)),
        ("  [Armes(Epées)] ( 3 ) ", SimpleNotation("Armes(Epées)", 3)),
        ("[Mécanique](2, 10, 30 min)", ExtendedNotation("Mécanique", 2, 10, Interval(30, "min"))),
    ],
)
def test_reads_the_seed_notations(text: str, expected: object) -> None:
    assert parse_test(text) == expected


def test_interval_times_attempts() -> None:
    assert Interval(1, "h").times(3).text == "3h"


@pytest.mark.parametrize(
    ("text", "position", "reason"),
    [
        ("", 0, "a skill in brackets"),
        ("Dressage(2)", 0, "a skill in brackets"),
        ("[Dressage(2)", 12, 'expected "]"'),
        ("[ ](2)", 1, "a skill name"),
        ("[Dressage]", 10, "a DD in parentheses"),
        ("[Dressage](", 11, "expected a number"),
        ("[Dressage](x)", 11, "expected a number"),
        ("[Dressage](2", 12, '"," or ")"'),
        ("[Dressage](2h)", 14, "only the third number"),
        ("[Dressage](2)!", 13, "expected the end"),
        ("[A](1, 2, 3, 4, 5)", 16, "at most 4"),
        ("[A](2, 0, 1h)", 13, "total of 1 or more"),
        ("[A](10, 2, 1, 3)", 16, "at least 3 assistants but at most 1"),
        ("[A][B](2)", 6, "expected the end"),
        ("[A](9999999)", 4, "too large"),
    ],
)
def test_refuses_with_position_and_reason(text: str, position: int, reason: str) -> None:
    with pytest.raises(SpherierNotationError) as caught:
        parse_test(text)
    assert reason in caught.value.reason
    assert caught.value.position == position


def test_reads_skills_and_abilities() -> None:
    assert parse_skill("Bluff<+10, 6>") == Skill(10, 6, "Bluff")
    assert parse_skill("Nage< -1 ,0 >") == Skill(-1, 0, "Nage")
    assert parse_ability("Coup d'estoc<Armes(Epées), Combat>") == Ability(
        "Coup d'estoc", "Armes(Epées)", "Combat"
    )
    assert parse_sheet_entry("Invisibilité<Furtivité, Exploration>") == Ability(
        "Invisibilité", "Furtivité", "Exploration"
    )
    assert parse_sheet_entry("Bluff<+10, 6>") == Skill(10, 6, "Bluff")
    assert Skill(10, 6, "Bluff").notation == "Bluff<+10, 6>"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Bluff", '"<"'),
        ("<+10, 6>", "a name"),
        ("Bluff<+10, 6", '">"'),
        ("Bluff<+10>", "two parts"),
        ("Bluff<+10, 6, 2>", "two parts"),
        ("Bluff<x, 6>", "the Maîtrise"),
        ("Bluff<+10, six>", "the Limite"),
        ("Bluff<+10, 6 7>", "a whole number for the Limite"),
        ("Bluff<+10, -1>", "0 or more"),
        ("Bluff<+10, >", "a value"),
        ("Bluff<+10, 6>>", '"," or ">"'),
    ],
)
def test_refuses_bad_skills(text: str, reason: str) -> None:
    with pytest.raises(SpherierNotationError, match=reason):
        parse_skill(text)


@given(st.text(max_size=60))
def test_any_text_parses_or_raises_the_notation_error(text: str) -> None:
    for parser in (parse_test, parse_skill, parse_ability, parse_sheet_entry):
        try:
            parser(text)
        except SpherierNotationError as error:
            assert 0 <= error.position <= len(text)  # noqa: PT017 - checking every parser in one example


near_misses = st.text(alphabet="[]()<>,+-0123456789 hminBluf", max_size=30)


@given(near_misses)
def test_near_misses_parse_or_raise_the_notation_error(text: str) -> None:
    for parser in (parse_test, parse_sheet_entry):
        try:
            parser(text)
        except SpherierNotationError as error:
            assert error.reason  # noqa: PT017 - checking every parser in one example


# --- Skills a notation names, found on the sheets -------------------------------------

KAEL = {"attributes": ["Volonté<+2, 2>"], "skills": ["Bluff<+10, 6>", "Mecanique<+5, 3>"]}


def test_a_named_skill_comes_from_the_sheet_whatever_its_case_and_accents() -> None:
    assert skill_on_sheet(KAEL, "Mécanique", "Kael") == Skill(5, 3, "Mecanique")
    assert skill_on_sheet(KAEL, "bluff", "Kael") == Skill(10, 6, "Bluff")
    assert skill_on_sheet(KAEL, "Volonte", "Kael") == Skill(2, 2, "Volonté")


def test_a_skill_on_no_sheet_is_an_error_naming_it_never_other_values() -> None:
    with pytest.raises(RulesError, match="Psychologie is not on Kael's sheet") as caught:
        skill_on_sheet(KAEL, "Psychologie", "Kael")
    assert caught.value.message_key == "spherier.not_on_sheet"
    assert caught.value.values == {"skill": "Psychologie", "owner": "Kael"}


def test_a_typed_opponent_must_be_the_skill_the_test_names() -> None:
    assert typed_opponent("Psychologie<+8, 4>", "psychologie") == Skill(8, 4, "Psychologie")
    with pytest.raises(RulesError, match="opponent's Psychologie, not Empathie"):
        typed_opponent("Empathie<+8, 4>", "Psychologie")
