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
