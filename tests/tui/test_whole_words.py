"""A line too short for a text shows its first words and "…", never a word cut in two
(the title, the command line's hint on a phone)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content

from meneur.tui.widgets.title_bar import words_within

WORD = st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=12)


@given(st.lists(WORD, min_size=1, max_size=12), st.integers(min_value=2, max_value=60))
def test_the_first_words_that_fit(words: list[str], width: int) -> None:
    text = " ".join(words)
    shown = words_within(text, width)
    assert Content(shown).cell_length <= width
    if Content(text).cell_length <= width:
        assert shown == text
        return
    assert shown.endswith("…")
    kept = shown[:-1]
    assert text.startswith(kept)
    if Content(words[0]).cell_length < width:  # the first word fits: whole words only
        assert text[len(kept)] == " "
