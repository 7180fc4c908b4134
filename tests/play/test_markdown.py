"""Notes read as Markdown (meneur.play.markdown): what each reader makes of them, and
that a campaign's words never become markup of their own nor load anything."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meneur.play.markdown import nest_headings, plain_lines, runs, to_html
from meneur.play.story_words import boxes

FRAGMENTS = [*"ab <>&\"'*_`~#>[]()!|-+=:/\n\\.1", "javascript:", "http:", "<img ", "<script>"]
MARKDOWNISH = st.lists(st.sampled_from(FRAGMENTS), max_size=80).map("".join)


@given(MARKDOWNISH)
def test_no_note_makes_markup_of_its_own_or_loads_anything(note: str) -> None:
    page = to_html(note, deeper=2)
    assert "<img" not in page
    assert "<script" not in page
    assert "src=" not in page
    assert 'href="javascript:' not in page
    # Every tag is one markdown-it writes: what the note typed as a tag is text.
    for tag in page.split("<")[1:]:
        name = tag.split(">")[0].split()[0].lstrip("/") if tag.strip() else ""
        assert name in {
            "p", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "s", "code", "pre",
            "blockquote", "ul", "ol", "li", "a", "table", "thead", "tbody", "tr", "th",
            "td", "hr", "br",
        }, tag  # fmt: skip


@given(MARKDOWNISH)
def test_every_note_reads_as_lines_and_runs(note: str) -> None:
    lines = plain_lines(note)
    assert all("\n" not in line for line in lines)
    marked = runs(note)
    assert ["".join(run.text for run in line) for line in marked] == lines or note.strip() == ""


def test_a_notes_headings_nest_under_its_scene() -> None:
    note = "## Au col\n\nLe vent.\n\n### Plus haut\n\nTitre\n=====\n\n```\n# pas un titre\n```"
    assert nest_headings(note, 3).split("\n") == [
        "##### Au col", "", "Le vent.", "", "###### Plus haut", "", "#### Titre",
        "", "```", "# pas un titre", "```",
    ]  # fmt: skip
    assert nest_headings("# Un\n\n#### Quatre", 3) == "#### Un\n\n**Quatre**"
    assert nest_headings("Sans titre.", 3) == "Sans titre."
    assert nest_headings("#### Déjà bas", 2) == "#### Déjà bas"  # deep enough already


def test_a_terminal_reads_a_note_without_its_signs() -> None:
    note = (
        "## Au col\n\nLes loups **hurlent**.\n\n- un\n  - deux\n\n1. a\n\n> cite\n\n"
        "| x | y |\n|-|-|\n| 1 | 2 |"
    )
    assert plain_lines(note) == [
        "Au col", "Les loups hurlent.", "• un", "  • deux", "1. a", "│ cite", "x | y", "1 | 2",
    ]  # fmt: skip
    assert [(run.text, sorted(run.marks)) for run in runs("un **deux** `x`")[0]] == [
        ("un ", []), ("deux", ["strong"]), (" ", []), ("x", ["code"]),
    ]  # fmt: skip


def test_a_tracks_ticks_read_as_boxes() -> None:
    assert [boxes(ticks) for ticks in (0, 1, 2, 3, 4, 9, 40)] == [
        "0", "¼", "½", "¾", "1", "2¼", "10",
    ]  # fmt: skip


@given(st.text(max_size=80))
def test_a_note_said_to_hold_no_markup_reads_as_typed(note: str) -> None:
    """The cheap look that spares the parser never spares it a note it would read
    otherwise: what the parser makes of such a note is its words as typed."""
    from unittest import mock

    from meneur.play import markdown

    fast = markdown.plain_lines(note)
    if markdown.has_markup(note):
        return
    with mock.patch.object(markdown, "has_markup", return_value=True):
        parsed = markdown.plain_lines(note)
    assert [line.strip() for line in parsed if line.strip()] == [
        line.strip() for line in fast if line.strip()
    ]
