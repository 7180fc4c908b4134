"""Notes are Markdown: read here by markdown-it-py (CommonMark, with tables and struck
text), for every reader — the HTML export, the app's journal, the recap and the command
line's journal — instead of each keeping a subset of its own.

What a campaign's words may do is bounded: raw HTML is off (it reads as text), images
are off (a page opened later must load nothing from elsewhere: an image reads as a link
to it), and links are shown, never followed by meneur (markdown-it's own check leaves out
``javascript:`` and the like). markdown-it-py comes with Textual (Rich reads Markdown with
it); it is imported only when a note is read.

Three renderings: :func:`to_html` (the export's page), :func:`plain_lines` (a terminal's
text: the command line, the recap) and :func:`runs` (text with abstract marks, for a
front end to style: the app's journal).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

MARKS = ("strong", "em", "code", "struck", "heading", "link", "quote")
"""The marks a run of a note's text may carry (:func:`runs`)."""


@cache
def parser() -> MarkdownIt:
    """The one Markdown reader (see the module)."""
    from markdown_it import MarkdownIt

    reader = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    return reader.enable(["table", "strikethrough"]).disable(["image"])


_LIST_ITEM = re.compile(r"\s*(?:(?:[-+*]|\d{1,9}[.)])(?:\s|$)|-{3,}\s*$)")
"""A note that begins as a list's item (``- ``, ``1. ``), or is a rule (``---``)."""


def has_markup(text: str) -> bool:
    """Whether ``text`` may hold Markdown beyond plain words: a cheap look first, since
    most notes are a plain line, read without the parser (importing it takes ~40 ms)."""
    return (
        any(sign in text for sign in "*_`~#>[|\n\r<\\\x00")  # (a NUL is made U+FFFD)
        or ("&" in text and ";" in text)  # an entity (&amp;)
        or _LIST_ITEM.match(text) is not None
    )


def to_html(text: str, *, deeper: int = 0) -> str:
    """``text`` as HTML, its headings ``deeper`` levels down (a note's ``##`` under a
    scene's heading); a heading past the sixth level is a strong paragraph."""
    reader = parser()
    tokens = reader.parse(text)
    for token in tokens:
        if token.type in ("heading_open", "heading_close") and deeper:
            level = int(token.tag[1]) + deeper
            token.tag = f"h{level}" if level <= 6 else "p"
            if level > 6 and token.type == "heading_open":
                token.attrSet("class", "heading")
    for token in tokens:  # a link leaves for elsewhere only when its reader follows it
        for child in token.children or ():
            if child.type == "link_open":
                child.attrSet("rel", "nofollow noopener noreferrer")
    return str(reader.renderer.render(tokens, reader.options, {}))


def nest_headings(text: str, under: int) -> str:
    """``text`` (a note) with its headings nested under a heading of level ``under`` (a
    session's 2, a scene's 3): its highest heading one level below, the others kept in
    step; past the sixth level, a strong line. Anything else is left as written (code
    that looks like a heading included)."""
    if "#" not in text and "\n=" not in text and "\n-" not in text:
        return text
    tokens = parser().parse(text)
    headings = [
        (token.map, int(token.tag[1]), tokens[index + 1].content)
        for index, token in enumerate(tokens)
        if token.type == "heading_open" and token.map
    ]
    if not headings:
        return text
    shift = under + 1 - min(level for _, level, _ in headings)
    if shift <= 0:
        return text
    lines = text.split("\n")
    for (start, end), level, words in reversed(headings):
        wanted = level + shift
        line = f"{'#' * wanted} {words}" if wanted <= 6 else f"**{words}**"
        lines[start:end] = [line]
    return "\n".join(lines)


def plain_lines(text: str) -> list[str]:
    """``text`` as a terminal reads it: the words without their Markdown signs, a heading
    on its own line, each list item after ``•`` (indented by its depth), a quote after
    ``│``, code as it is, a table's cells between ``|``."""
    return ["".join(run.text for run in line) for line in runs(text)]


class Run(NamedTuple):
    """Some of a note's text, and its marks (:data:`MARKS`)."""

    text: str
    marks: frozenset[str] = frozenset()


def runs(text: str) -> list[list[Run]]:
    """``text`` as lines of marked runs (the first run of a line is its prefix: a
    list's ``•``, a quote's ``│``), for a front end to style each mark its way."""
    if not has_markup(text):
        return [[Run(text)]]
    blocks = _blocks(parser().parse(text))
    found = [[Run(prefix), *line] if prefix else line for prefix, line in blocks]
    return found or [[Run("")]]


def _blocks(tokens: list[Token]) -> Iterator[tuple[str, list[Run]]]:
    """Each line of a parsed note: its prefix (list, quote) and its runs."""
    depth: list[str] = []  # the open lists and quotes, outermost first
    numbers: list[int] = []
    pending = ""  # a list item's sign, said before its first line
    marks: set[str] = set()
    row: list[list[Run]] | None = None  # a table's row being read: its cells
    for token in tokens:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            depth.append("list")
            numbers.append(int(token.attrGet("start") or 1) if kind == "ordered_list_open" else 0)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            depth.pop()
            numbers.pop()
        elif kind == "list_item_open":
            number = numbers[-1]
            pending = f"{number}. " if number else "• "
            if number:
                numbers[-1] += 1
        elif kind == "blockquote_open":
            depth.append("quote")
            marks.add("quote")
        elif kind == "blockquote_close":
            depth.pop()
            if "quote" not in depth:
                marks.discard("quote")
        elif kind == "heading_open":
            marks.add("heading")
        elif kind == "heading_close":
            marks.discard("heading")
        elif kind in ("fence", "code_block"):
            for line in token.content.rstrip("\n").split("\n"):
                yield _prefix(depth, pending), [Run(line, frozenset({"code"}))]
                pending = ""
        elif kind == "hr":
            yield _prefix(depth, ""), [Run("———")]
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close" and row is not None:
            cells: list[Run] = []
            for number, cell in enumerate(row):
                cells += ([Run(" | ")] if number else []) + cell
            row = None
            yield _prefix(depth, ""), cells
        elif kind == "inline":
            said = _inline(token, frozenset(marks))
            if row is not None:  # a cell: its runs on the row's one line
                row.append([run for runs_of_line in said for run in runs_of_line])
                continue
            for runs_of_line in said:
                yield _prefix(depth, pending), runs_of_line
                pending = ""


def _prefix(depth: list[str], pending: str) -> str:
    """A line's prefix: a quote's ``│``, two spaces a list level, a new item's sign."""
    prefix = ""
    lists = 0
    for kind in depth:
        if kind == "quote":
            prefix += "│ "
        else:
            lists += 1
    indent = "  " * max(lists - 1, 0)
    return prefix + indent + (pending or ("  " if lists else ""))


def _inline(token: Token, around: frozenset[str]) -> list[list[Run]]:
    """An inline token's runs, split into lines at its hard breaks."""
    lines: list[list[Run]] = [[]]
    marks = set(around)
    for child in token.children or ():
        kind = child.type
        if kind == "text":
            lines[-1].append(Run(child.content, frozenset(marks)))
        elif kind == "code_inline":
            lines[-1].append(Run(child.content, frozenset(marks | {"code"})))
        elif kind == "softbreak":
            lines[-1].append(Run(" ", frozenset(marks)))
        elif kind == "hardbreak":
            lines.append([])
        elif kind.endswith("_open") or kind.endswith("_close"):
            mark = {"strong": "strong", "em": "em", "s": "struck", "link": "link"}.get(
                kind.rsplit("_", 1)[0]
            )
            if mark is not None:
                (marks.add if kind.endswith("_open") else marks.discard)(mark)
    return lines
