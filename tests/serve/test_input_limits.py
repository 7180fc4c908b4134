"""A seat's input gate (meneur.serve.input_limits): a paste passes whole or not at all,
however it is cut into packets; typed keys beyond the budget are dropped, and a flood
that goes on is said to be one."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from meneur.serve.input_limits import CLOSE_AFTER, PASTE_END, PASTE_MOST, PASTE_START, InputGate


def _through(gate: InputGate, data: bytes, cuts: list[int]) -> tuple[bytes, bool]:
    out, refused = b"", False
    points = sorted({min(c, len(data)) for c in cuts} | {0, len(data)})
    for start, end in itertools.pairwise(points):
        let = gate.let(data[start:end])
        out += let.data
        refused |= let.refused_paste
    return out, refused


@given(size=st.integers(0, PASTE_MOST), cuts=st.lists(st.integers(0, PASTE_MOST + 20)))
def test_a_paste_within_the_limit_passes_whole_however_it_is_cut(
    size: int, cuts: list[int]
) -> None:
    pasted = PASTE_START + b"n" * size + PASTE_END
    assert _through(InputGate(clock=lambda: 0.0), b"ab" + pasted + b"cd", cuts) == (
        b"ab" + pasted + b"cd",
        False,
    )


@given(cuts=st.lists(st.integers(0, 3 * PASTE_MOST), max_size=30))
def test_a_paste_over_the_limit_is_refused_whole_and_typing_goes_on(cuts: list[int]) -> None:
    pasted = PASTE_START + b"x" * (PASTE_MOST + 1) + PASTE_END
    assert _through(InputGate(clock=lambda: 0.0), b"a" + pasted + b"r", cuts) == (b"ar", True)


def test_typed_keys_beyond_the_budget_are_dropped_and_a_flood_is_one() -> None:
    now = [0.0]
    gate = InputGate(clock=lambda: now[0])
    assert gate.let(b"r" * 100).data == b"r" * 100
    sent = 0
    while not gate.flooding:
        let = gate.let(b"z" * 32 * 1024)
        assert let.data == b""
        assert let.dropped
        sent += 32 * 1024
    assert sent == CLOSE_AFTER
    now[0] += 3600.0  # a long pause: the budget is full again, the flood forgotten
    assert gate.let(b"r").data == b"r"
    assert not gate.flooding
