"""The rule of names: any text is a name kept exactly as it came, or refused in one
sentence naming the field and the character — never changed on the way."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content.strings import strings
from meneur.core.errors import RulesError
from meneur.core.names import NAMED, check_name, one_line

BREAKS = ["\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
SINGLE = [b for b in BREAKS if len(b) == 1]
OVERRIDES = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


def breaks_a_line(character: str) -> bool:
    """Whether a reader of lines (Python's own) sees a new line at ``character``."""
    return len(f"a{character}b".splitlines()) == 2


def refused(character: str) -> bool:
    """The rule, said again from Unicode's own tables: what a name may not hold."""
    return character != "\t" and (
        breaks_a_line(character)
        or unicodedata.category(character) == "Cc"
        or character in OVERRIDES
    )


# Text of every kind, with the characters the rule is about often among them.
any_text = st.text(
    st.one_of(
        st.characters(exclude_categories=("Cs",)),
        st.sampled_from([*SINGLE, *OVERRIDES, "\t", "\x1b", "\x07", "\x00", "\x7f", "\x9b"]),
        st.sampled_from(["\u200e", "\u200f", "\u061c", "\u200d", "\xa0", " "]),  # kept
    ),
    max_size=30,
)


@pytest.mark.parametrize("line_break", BREAKS)
def test_every_line_break_is_refused_saying_where(line_break: str) -> None:
    with pytest.raises(RulesError) as refusal:
        check_name(f"Le col{line_break}des loups", "scene")
    assert refusal.value.message_key == "names.line_break"
    assert str(refusal.value) == (
        "The scene's title must be one line without control characters (tabs are fine):"
        " character 7 is a line break"
    )


@pytest.mark.parametrize(
    ("character", "picture"),
    [("\x1b", "␛"), ("\x07", "␇"), ("\x00", "␀"), ("\x7f", "␡"), ("\x9b", "U+009B"),
     ("\u202e", "U+202E"), ("\u2066", "U+2066")],
)  # fmt: skip
def test_every_control_character_is_refused_by_its_picture(character: str, picture: str) -> None:
    with pytest.raises(RulesError) as refusal:
        check_name(f"Kael{character}", "clock")
    assert refusal.value.message_key == "names.control"
    assert str(refusal.value).endswith(f": character 5 is a control character ({picture})")


@pytest.mark.parametrize("kept", ["Le\tcol", "\u05e9\u05dc\u05d5\u05dd\u200f", "👩\u200d🚀", ""])
def test_a_tab_the_marks_and_joiners_are_kept(kept: str) -> None:
    assert check_name(kept, "thread") == kept


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("named", NAMED)
def test_the_refusal_names_the_field_in_the_readers_language_on_one_line(
    lang: str, named: str
) -> None:
    with pytest.raises(RulesError) as refusal:
        check_name("a\x1b[2Jb", named, field="talents")
    said = strings(lang).explain(refusal.value)
    field = strings(lang).t(f"errors.names.named.{named}", field="talents")
    assert said.startswith(field + " ")
    assert "{" not in said  # every field filled…
    assert "errors." not in said  # …and no key said for want of words
    assert said.endswith("␛)")
    assert not any(refused(c) for c in said)  # what it shows is no control itself


def test_the_french_sentence() -> None:
    with pytest.raises(RulesError) as refusal:
        check_name("Séance\n2", "session")
    assert strings("fr").explain(refusal.value) == (
        "Le titre de la séance tient sur une ligne, sans caractère de contrôle (les"
        " tabulations sont admises)\u00a0: le caractère 7 est un saut de ligne"
    )


@given(any_text, st.sampled_from(NAMED))
def test_any_text_is_kept_exactly_or_refused_at_its_first_forbidden_character(
    text: str, named: str
) -> None:
    first = next((i for i, c in enumerate(text) if refused(c)), None)
    if first is None:
        assert check_name(text, named, field="x") is text
        return
    with pytest.raises(RulesError) as refusal:
        check_name(text, named, field="x")
    expected = "names.line_break" if breaks_a_line(text[first]) else "names.control"
    assert refusal.value.message_key == expected
    assert refusal.value.values["at"] == first + 1


@given(any_text)
def test_one_line_makes_any_text_a_name_and_keeps_a_name_as_it_is(text: str) -> None:
    made = one_line(text)
    assert check_name(made, "scene") == made
    assert one_line(made) == made
    if not any(refused(c) for c in text):
        assert made == text
    # Nothing added but the spaces that stand for line breaks; the rest kept in order.
    kept = iter(made)
    assert all(c in kept for c in text if not refused(c))


def test_one_line_puts_a_space_for_each_run_of_line_breaks() -> None:
    assert one_line("\r\nLe col\r\n\r\ndes\x07 loups\u2028") == "Le col des loups"
