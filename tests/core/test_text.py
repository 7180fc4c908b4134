"""Text made safe to show: control characters as pictures, messages on one line and cut,
text that cannot be UTF-8 named."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meneur.core.text import LIMIT, cut, not_utf8, visible

CONTROLS = {chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]}
any_text = st.text(st.characters(codec=None, exclude_categories=("Cs",)), max_size=300)


@given(any_text)
def test_visible_text_holds_no_control_but_lines_and_tabs(text: str) -> None:
    shown = visible(text)
    assert not (CONTROLS - {"\n", "\t"}) & set(shown)
    assert shown.count("\n") == text.count("\n")
    if not CONTROLS & set(text):
        assert shown == text


@given(any_text, st.integers(1, 500))
def test_a_message_is_one_line_and_cut(text: str, limit: int) -> None:
    shown = cut(text, limit)
    assert not CONTROLS & set(shown)
    more = f"… ({len(text) - limit:,} more characters)" if len(text) > limit else ""
    assert shown.endswith(more)
    kept = shown[: len(shown) - len(more)]
    # Each character kept is one character shown, but a C1 control: <9B>, four.
    assert len(kept) == sum(4 if "\x80" <= c <= "\x9f" else 1 for c in text[:limit])


def test_controls_have_pictures() -> None:
    assert visible("a\x1b[2Jb\x07\x7f\x9b\tc\nd") == "a␛[2Jb␇␡<9B>\tc\nd"
    assert cut("x\ny\tz") == "x␊y␉z"
    assert len(cut("k" * 10**6)) == LIMIT + len("… (999,880 more characters)")


def test_a_text_from_another_encoding_is_named_by_its_byte() -> None:
    argument = b"caf\xe9 au lait".decode("utf-8", "surrogateescape")
    assert not_utf8(argument) == "not UTF-8 (byte 0xe9 at character 3)"
    assert not_utf8("café") is None
