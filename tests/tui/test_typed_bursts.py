"""What each read of a terminal brings, told apart (meneur.tui.typed_bursts): typed lines a
line at a time, however many one read brings; a paste as one paste. The reads are parsed
by Textual's own parser, from the bytes a terminal sends."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from textual import events
from textual._xterm_parser import XTermParser
from textual.message import Message

from meneur.tui.typed_bursts import BURST, GAP, PASTE, Bursts

ENTER = "\r"
"""What a terminal sends for the Enter key."""


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Terminal:
    """One terminal's reads: its bytes parsed as the drivers parse them, then told apart."""

    def __init__(self) -> None:
        self.clock = Clock()
        self.parser = XTermParser(False)
        self.bursts = Bursts(self.clock)

    def parsed(self, text: str) -> list[Message]:
        return list(self.parser.feed(text))

    def read(self, text: str, *, after: float = 10.0) -> list[Message]:
        """What the app is handed for one read of ``text``, ``after`` seconds after the
        read before."""
        self.clock.now += after
        if not text:  # the drivers never pass on an empty read (to the parser: its end)
            return []
        return list(self.bursts.coalesce(self.parsed(text)))


def said(messages: list[Message]) -> str:
    """The text the messages type, pasted or key by key (Enter as a line break)."""
    parts = []
    for message in messages:
        if isinstance(message, events.Paste):
            parts.append(message.text)
        elif isinstance(message, events.Key):
            breaks = {"enter": "\n", "ctrl+j": "\n", "tab": "\t"}
            parts.append(breaks.get(message.key, message.character or ""))
    return "".join(parts)


def lines_sent(messages: list[Message]) -> list[str]:
    """Each line the messages type before an Enter, as the command line would send it.

    Raises:
        AssertionError: when a message holds a line break (two lines in one, or a line
            held with its Enter), or something else than a typed line's keys comes.
    """
    lines, line = [], ""
    for message in messages:
        assert isinstance(message, events.Paste | events.Key), message
        if isinstance(message, events.Paste):
            assert "\n" not in message.text, message
            assert "\r" not in message.text, message
            line += message.text
        elif message.key == "enter":
            lines.append(line)
            line = ""
        else:
            assert message.is_printable, message
            line += message.character or ""
    assert line == "", f"{line!r} left without its Enter"
    return lines


def test_a_person_s_keys_stay_keys() -> None:
    terminal = Terminal()
    typed = terminal.parsed("2d6+1" + ENTER)
    assert list(Bursts().coalesce(typed)) == typed


def test_eight_notes_in_one_read_are_eight_lines_each_with_its_enter() -> None:
    """The issue's burst: ``n0z`` Enter … ``n7z`` Enter, in one read, are the same keys,
    each line and its Enter where they were typed."""
    terminal = Terminal()
    text = "".join(f"n{i}z{ENTER}" for i in range(8))
    typed = terminal.parsed(text)
    assert list(terminal.bursts.coalesce(typed)) == typed
    assert lines_sent(typed) == [f"n{i}z" for i in range(8)]


def test_a_long_typed_line_is_that_line_pasted_then_its_enter() -> None:
    terminal = Terminal()
    out = terminal.read(f"?4 La porte cède ?{ENTER}n1z{ENTER}Kael grimpe le long du mur{ENTER}")
    assert len("?4 La porte cède ?") > BURST
    first, enter = out[:2]
    assert isinstance(first, events.Paste)
    assert first.text == "?4 La porte cède ?"
    assert isinstance(enter, events.Key)
    assert enter.key == "enter"
    assert lines_sent(out) == ["?4 La porte cède ?", "n1z", "Kael grimpe le long du mur"]


def test_what_a_read_ends_with_before_its_enter_is_given_as_typed() -> None:
    """tmux send-keys writes a line and its Enter apart: a read may end mid-line."""
    terminal = Terminal()
    out = terminal.read(f"n0z{ENTER}n1z{ENTER}n2", after=0.001)
    assert said(out) == "n0z\nn1z\nn2"
    assert not any(isinstance(message, events.Paste) for message in out)
    rest = terminal.read(f"z{ENTER}n3z{ENTER}", after=0.001)
    assert lines_sent(out + rest) == ["n0z", "n1z", "n2z", "n3z"]


def test_a_run_longer_than_a_paste_is_one_paste_enters_and_all() -> None:
    text = "\n".join(f"ligne {i} du collage" for i in range(80)) + "\n"
    assert len(text) > PASTE
    (paste,) = Terminal().read(text.replace("\n", ENTER))
    assert isinstance(paste, events.Paste)
    assert paste.text == text


def test_the_pieces_of_a_paste_are_one_paste_each_however_short_the_last() -> None:
    terminal = Terminal()
    (first,) = terminal.read("x" * 4000 + ENTER + "y" * 95)
    assert isinstance(first, events.Paste)
    (last,) = terminal.read(f"yy{ENTER}fin{ENTER}", after=0.0001)  # its last piece
    assert isinstance(last, events.Paste)
    assert last.text == "yy\nfin\n"
    # A line typed once the paste is in is typed.
    typed = terminal.read(f"n0z{ENTER}n1z{ENTER}", after=GAP * 2)
    assert lines_sent(typed) == ["n0z", "n1z"]


def test_a_paste_continues_only_from_the_start_of_the_next_read() -> None:
    terminal = Terminal()
    terminal.read("x" * (PASTE + 1))
    up = "\x1b[A"  # an arrow key first: what follows is not the paste's rest
    out = terminal.read(f"{up}n0z{ENTER}", after=0.001)
    assert isinstance(out[0], events.Key)
    assert out[0].key == "up"
    assert lines_sent(out[1:]) == ["n0z"]
    # A paste followed by another key in its read ended in that read.
    terminal.read("x" * (PASTE + 1) + up, after=GAP * 2)
    assert lines_sent(terminal.read(f"n1z{ENTER}", after=0.001)) == ["n1z"]


def test_a_bracketed_paste_is_one_paste_whole_across_reads_and_left_untouched() -> None:
    terminal = Terminal()
    out = terminal.read(f"n0z{ENTER}\x1b[200~une ligne{ENTER}une autre", after=0.001)
    out += terminal.read(f"{ENTER}fin\x1b[201~n1z{ENTER}", after=0.001)
    pastes = [message for message in out if isinstance(message, events.Paste)]
    assert [paste.text for paste in pastes] == [f"une ligne{ENTER}une autre{ENTER}fin"]
    before = out[: out.index(pastes[0])]
    after = out[out.index(pastes[0]) + 1 :]
    assert lines_sent(before) == ["n0z"]
    assert lines_sent(after) == ["n1z"]


def test_a_shortcut_tab_and_ctrl_j_in_typed_keys_stay_the_keys_they_are() -> None:
    terminal = Terminal()
    out = terminal.read(f"n0z\tn1z\nn2z\x05{ENTER}")  # Tab, ctrl+j, ctrl+e
    assert [message.key for message in out if isinstance(message, events.Key)] == [
        *("n", "0", "z", "tab", "n", "1", "z", "ctrl+j", "n", "2", "z", "ctrl+e", "enter")
    ]


TYPED_LINE = st.text(
    alphabet=st.characters(categories=("L", "N", "P", "S", "Zs")).filter(str.isprintable),
    max_size=120,
)
"""A line a person types: letters, digits, punctuation, symbols, spaces."""


@given(st.lists(TYPED_LINE, min_size=1, max_size=12), st.booleans())
def test_typed_lines_in_one_read_are_those_lines_each_then_enter(
    lines: list[str], after_a_paste: bool
) -> None:
    """However many typed lines one read brings (up to a paste's size), each is sent on
    its own, in order, whole — also right after a paste had come and gone."""
    while len("".join(line + ENTER for line in lines)) > PASTE:  # no more than typing
        lines.pop()
    text = "".join(line + ENTER for line in lines)
    terminal = Terminal()
    if after_a_paste:
        terminal.read("x" * (PASTE + 1))
    out = terminal.read(text, after=GAP * 1.01)
    assert lines_sent(out) == lines
    enters = [m for m in out if isinstance(m, events.Key) and m.key == "enter"]
    assert len(enters) == len(lines)


@given(st.lists(TYPED_LINE, min_size=1, max_size=200), st.booleans())
def test_a_paste_shaped_run_is_one_paste_with_all_its_text(
    lines: list[str], ends_with_a_break: bool
) -> None:
    text = "\n".join(lines) + ("\n" if ends_with_a_break else "")
    text += "." * (PASTE + 1 - len(text))  # more than a paste's worth
    (paste,) = Terminal().read(text.replace("\n", ENTER))
    assert isinstance(paste, events.Paste)
    assert paste.text == text


PIECE = st.one_of(
    st.text(alphabet="ab \r\t\n", max_size=40),
    st.just("x" * (PASTE + 5)),
    st.sampled_from(["\x1b[A", "\x1b[200~c\rd\x1b[201~", "\x05"]),
)
"""What one read may bring: typing, a run longer than a paste, an arrow, a bracketed
paste, a shortcut."""


def shortcuts(messages: list[Message]) -> list[str]:
    """The keys no paste is made of (arrows, shortcuts), in order."""
    return [
        message.key
        for message in messages
        if isinstance(message, events.Key)
        and not message.is_printable
        and message.key not in ("enter", "tab", "ctrl+j")
    ]


@pytest.mark.long
@given(st.lists(st.tuples(st.lists(PIECE, max_size=4), st.sampled_from([0.0001, GAP * 2]))))
def test_nothing_typed_is_lost_or_reordered(reads: list[tuple[list[str], float]]) -> None:
    """Whatever the reads and however soon they come, the app gets every character in
    the order it came, and every key no paste is made of as the key it is."""
    terminal = Terminal()
    out: list[Message] = []
    for pieces, after in reads:
        out += terminal.read("".join(pieces), after=after)
    keys = Terminal().parsed("".join("".join(pieces) for pieces, _ in reads))
    assert said(out) == said(keys)
    assert shortcuts(out) == shortcuts(keys)
