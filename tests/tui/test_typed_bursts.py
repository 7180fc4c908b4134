"""A terminal's typed paste is one paste (meneur.tui.typed_bursts): what each read of the
terminal brings, grouped."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual import events
from textual.message import Message

from meneur.tui.typed_bursts import BURST, coalesce


def keys_of(text: str) -> list[Message]:
    """``text`` as a terminal without bracketed paste types it: a key a character,
    Enter for a line break."""
    return [
        events.Key("enter", "\r") if character == "\n" else events.Key(character, character)
        for character in text
    ]


def said(messages: list[Message]) -> str:
    """The text the messages type, pasted or key by key."""
    parts = []
    for message in messages:
        if isinstance(message, events.Paste):
            parts.append(message.text)
        elif isinstance(message, events.Key):
            parts.append("\n" if message.key == "enter" else message.character or "")
    return "".join(parts)


def test_a_person_s_keys_stay_keys() -> None:
    typed = keys_of("2d6+1\n")
    assert list(coalesce(typed)) == typed


def test_a_long_run_is_one_paste_and_two_lines_are_one_paste_whatever_their_length() -> None:
    (long,) = coalesce(keys_of("x" * (BURST + 1)))
    assert isinstance(long, events.Paste)
    assert long.text == "x" * (BURST + 1)
    (short,) = coalesce(keys_of("r\nr\n"))  # two rolls typed at once: one paste
    assert isinstance(short, events.Paste)
    assert short.text == "r\nr\n"


def test_one_line_then_enter_is_the_line_pasted_then_enter() -> None:
    line, enter = coalesce(keys_of("?4 La porte cède ?\n"))
    assert isinstance(line, events.Paste)
    assert line.text == "?4 La porte cède ?"
    assert isinstance(enter, events.Key)
    assert enter.key == "enter"


def test_other_keys_end_a_run_and_keep_their_place() -> None:
    up = events.Key("up", None)
    messages = [*keys_of("a" * 20), up, *keys_of("bc")]
    paste, arrow, b, c = coalesce(messages)
    assert isinstance(paste, events.Paste)
    assert paste.text == "a" * 20
    assert (arrow, b, c) == (up, messages[-2], messages[-1])


@given(st.lists(st.one_of(st.text(alphabet="ab\n ", max_size=40), st.just("<up>")), max_size=8))
def test_nothing_typed_is_lost_or_reordered(pieces: list[str]) -> None:
    messages: list[Message] = []
    for piece in pieces:
        messages += [events.Key("up", None)] if piece == "<up>" else keys_of(piece)
    out = list(coalesce(messages))
    assert said(out) == "".join(piece for piece in pieces if piece != "<up>")
    assert [m for m in out if isinstance(m, events.Key) and m.key == "up"] == [
        m for m in messages if isinstance(m, events.Key) and m.key == "up"
    ]
    for message in out:  # a paste is never a person's typing: more than a burst or lines
        if isinstance(message, events.Paste):
            assert len(message.text) > BURST or "\n" in message.text
