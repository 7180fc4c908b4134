"""Numbers and punctuation as each language writes them: in French a decimal comma and a
non-breaking space before ``:`` ``;`` ``?`` ``!`` ``%`` and inside ``« »``; in English
neither."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction

import pytest

from meneur.content.outcomes import percent_text
from meneur.content.strings import strings


def loose(text: str) -> bool:
    """Whether ``text`` breaks French typography: a plain space (or none) before a
    colon, semicolon, question or exclamation mark, percent sign or closing guillemet,
    or after an opening one."""
    return bool(re.search(r" [:;?!%»]|« ", text) or re.search(r"[^\W\d_][;?!»]", text))


def test_every_french_string_is_typeset() -> None:
    words = strings("fr")
    assert sorted(key for key in sorted(words.keys()) if loose(words.t(key))) == []


def test_every_french_term_and_shipped_row_is_typeset() -> None:
    from meneur.content import example_tables, terms

    named = [
        (key, text)
        for key, term in terms().items()
        for text in (term.fr, term.hint_fr)
        if loose(text)
    ]
    assert named == []
    rows = [row.text for table in example_tables("fr") for row in table.entries]
    assert rows
    assert [row for row in rows if loose(row)] == []


@pytest.mark.parametrize(
    ("probability", "lang", "said"),
    [
        (Fraction(1, 8), "fr", "12,5\u00a0%"),
        (Fraction(1, 8), "en", "12.5 %"),
        (Fraction(1, 10_000), "fr", "<0,1\u00a0%"),
        (Fraction(1), "fr", "100,0\u00a0%"),
    ],
)
def test_a_percentage_in_each_language(probability: Fraction, lang: str, said: str) -> None:
    assert percent_text(probability, lang) == said


def test_the_command_line_writes_french_numbers_in_french() -> None:
    def odds(lang: str) -> str:
        argv = ["odds", "yesno", "--likelihood", "4", "--lang", lang]
        done = subprocess.run(
            [sys.executable, "-m", "meneur.cli.main", *argv],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return done.stdout

    french, english = odds("fr"), odds("en")
    assert re.findall(r"\d+,\d\d\u00a0%", french)
    assert not re.search(r"\d\.\d|\d %", french)
    assert re.findall(r"\d+\.\d\d %", english)
    assert "\u00a0" not in english


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "a note or label holds at most 20,000 characters, this one 20,001;"),
        (
            "fr",
            "une note ou une étiquette tient en 20\u202f000 caractères au plus, celle-ci en a"
            " 20\u202f001\u00a0;",
        ),
    ],
)
def test_a_large_number_is_grouped_as_its_language_writes_it(lang: str, said: str) -> None:
    """Play-tested: the French refusal of a note too long read "20000" (English reads
    20,000): French groups thousands with a narrow no-break space."""
    from pathlib import Path

    from meneur.saves.errors import CampaignError
    from meneur.saves.journal import MAX_TEXT, check_text

    with pytest.raises(CampaignError) as refused:
        check_text("x" * (MAX_TEXT + 1), Path("journal"))
    assert strings(lang).explain(refused.value).startswith(said)


def test_every_number_grouped_in_thousands_is_grouped_in_both_languages() -> None:
    """A string that groups a number's thousands (``{n:,}``) does in both languages."""
    english, french = strings("en"), strings("fr")
    grouped = {key for key, text in english._table.items() if ":,}" in text}
    assert grouped
    assert {key for key in grouped if ":,}" not in french._table.get(key, "")} == set()
