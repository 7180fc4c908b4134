"""The story as one self-contained HTML page (``meneur export --format html``): readable on
a phone, printable, nothing loaded from elsewhere.

It is the Markdown export (:func:`meneur.play.export.markdown_lines`) turned into HTML
line by line — the few forms that export writes: headings, paragraphs, list items, and
``**strong**``, ``*emphasis*`` and ``~~struck~~`` words. Everything else is text,
escaped: a campaign's words never become markup.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

from meneur.core.visibility import GM, Viewer
from meneur.saves.campaign import Campaign

from .export import markdown_lines

STYLE = """
:root { color-scheme: light dark; }
body { margin: 0; font: 17px/1.55 Georgia, "DejaVu Serif", serif;
  background: #fbf8f1; color: #222; }
main { max-width: 42em; margin: 0 auto; padding: 1.2em 1em 3em; }
h1 { font-size: 1.8em; margin: 0.2em 0 0.1em; }
h2 { font-size: 1.35em; margin: 1.6em 0 0.4em; border-bottom: 1px solid #d8cfbd; }
h3 { font-size: 1.12em; margin: 1.3em 0 0.3em; font-style: italic; }
ul { padding-left: 1.2em; }
li { margin: 0.15em 0; }
del { opacity: 0.6; }
@media (prefers-color-scheme: dark) {
  body { background: #1b1a17; color: #e8e3d8; }
  h2 { border-color: #4a4438; }
}
@media print {
  body { background: white; color: black; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  h2, h3 { break-after: avoid; }
  li { break-inside: avoid; }
}
"""

_STRONG = re.compile(r"\*\*(.+?)\*\*")
_EMPHASIS = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")
_STRUCK = re.compile(r"~~(.+?)~~")


def inline(text: str) -> str:
    """One line's words as HTML: escaped, then its strong, emphasised and struck parts."""
    escaped = html.escape(text, quote=False)
    escaped = _STRONG.sub(r"<strong>\1</strong>", escaped)
    escaped = _EMPHASIS.sub(r"<em>\1</em>", escaped)
    return _STRUCK.sub(r"<del>\1</del>", escaped)


def html_lines(
    campaign: Campaign, lang: str = "fr", *, viewer: Viewer = GM, detailed: bool = False
) -> Iterator[str]:
    """The page, a line at a time (the journal is never held whole)."""
    from meneur.core.text import visible

    yield "<!DOCTYPE html>"
    yield f'<html lang="{html.escape(lang)}">'
    yield '<head><meta charset="utf-8">'
    yield '<meta name="viewport" content="width=device-width, initial-scale=1">'
    yield f"<title>{html.escape(visible(campaign.name))}</title>"
    yield f"<style>{STYLE}</style></head>"
    yield "<body><main>"
    listing = False
    pieces = markdown_lines(campaign, lang, viewer=viewer, detailed=detailed)
    # A note of several lines is one piece: its own lists and paragraphs are lines too.
    for line in (line for piece in pieces for line in piece.split("\n")):
        item = line.startswith("- ")
        nested = line.startswith("  - ")
        if listing and not (item or nested):
            yield "</ul>"
            listing = False
        if not line.strip():
            continue
        if item or nested:
            if not listing:
                yield "<ul>"
                listing = True
            yield f"<li>{inline(line.lstrip()[2:])}</li>"
            continue
        level = len(line) - len(line.lstrip("#"))
        if 1 <= level <= 3 and line[level : level + 1] == " ":
            yield f"<h{level}>{inline(line[level + 1 :])}</h{level}>"
        else:
            yield f"<p>{inline(line)}</p>"
    if listing:
        yield "</ul>"
    yield "</main></body></html>"


def html_pieces(
    campaign: Campaign, lang: str = "fr", *, viewer: Viewer = GM, detailed: bool = False
) -> Iterator[str]:
    """The page in pieces of a few thousand lines, to be written as they come."""
    batch: list[str] = []
    for line in html_lines(campaign, lang, viewer=viewer, detailed=detailed):
        batch.append(line + "\n")
        if len(batch) >= 2000:
            yield "".join(batch)
            batch = []
    yield "".join(batch)
