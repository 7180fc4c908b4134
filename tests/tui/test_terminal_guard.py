"""The last line of defence: no control character of a text drawn by the app reaches
the terminal, and what has none is drawn byte for byte as Textual draws it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.strip import Strip

from meneur.tui.terminal_guard import TEXTUAL_RENDER, guard_terminal, harmless
from meneur.tui.watch import WatchApp  # noqa: F401  (an app module: the guard is in place)

CONSOLE = Console(color_system="truecolor", width=200)

styles = st.one_of(
    st.none(),
    st.builds(
        lambda bold, colour, link: RichStyle(
            bold=bold, color=colour, link="https://example.org" if link else None
        ),
        st.booleans(),
        st.sampled_from([None, "red", "#336699"]),
        st.booleans(),
    ),
)
pieces = st.lists(st.tuples(st.text(max_size=12), styles), min_size=1, max_size=5)
CONTROLS = {chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]}


def strip_of(parts: list[tuple[str, RichStyle | None]]) -> Strip:
    return Strip([Segment(text, style) for text, style in parts])


def drawn_text(rendered: str, parts: list[tuple[str, RichStyle | None]]) -> str:
    """What ``rendered`` holds besides the styles' own sequences (which Textual writes)."""
    for _, style in parts:
        if style is not None:
            wrapper = Strip.render_style(style, "\0", color_system=CONSOLE._color_system)
            before, _, after = wrapper.partition("\0")
            rendered = rendered.replace(before, "", 1).replace(after, "", 1)
    return rendered


@settings(max_examples=200)
@given(pieces)
def test_no_control_character_of_a_text_reaches_the_terminal(
    parts: list[tuple[str, RichStyle | None]],
) -> None:
    guard_terminal()
    rendered = strip_of(parts).render(CONSOLE)
    assert not CONTROLS & set(drawn_text(rendered, parts))
    assert rendered == TEXTUAL_RENDER(
        strip_of([(harmless(text), style) for text, style in parts]), CONSOLE
    )


@settings(max_examples=200)
@given(pieces.map(lambda parts: [(harmless(text), style) for text, style in parts]))
def test_text_without_controls_is_drawn_as_textual_draws_it(
    parts: list[tuple[str, RichStyle | None]],
) -> None:
    guard_terminal()
    assert strip_of(parts).render(CONSOLE) == TEXTUAL_RENDER(strip_of(parts), CONSOLE)


def test_the_guard_keeps_every_cell_where_textual_put_it() -> None:
    """The characters dropped take no cell: the strip is as wide as before."""
    text = "avant\x1b[2J\x1b]2;pwned\x07\u009bfin"
    assert Strip([Segment(text)]).cell_length == len(harmless(text))
