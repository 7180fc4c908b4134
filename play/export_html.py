"""The story as one self-contained HTML page (``meneur export --format html``): readable on
a phone, printable, nothing loaded from elsewhere.

It is the Markdown export (:func:`meneur.play.export.markdown_lines`) read by the one
Markdown reader (:mod:`meneur.play.markdown`, markdown-it-py: raw HTML off, images off,
links shown, never followed), a block at a time: a note's quotes, code, tables and links
read as written, and a campaign's words never become markup of their own.
"""

from __future__ import annotations

import html
from collections.abc import Iterator

from meneur.core.visibility import GM, Viewer
from meneur.saves.campaign import Campaign

from .export import markdown_lines
from .markdown import to_html

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
h4, h5, h6, p.heading { font-size: 1em; margin: 1em 0 0.2em; font-weight: bold; }
del, s { opacity: 0.6; }
blockquote { margin: 0.6em 0; padding: 0 0 0 0.9em; border-left: 3px solid #d8cfbd; }
code, pre { font: 0.9em/1.4 "DejaVu Sans Mono", monospace; }
pre { padding: 0.5em 0.7em; overflow-x: auto; background: rgba(127, 127, 127, 0.1); }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid #d8cfbd; padding: 0.2em 0.5em; text-align: left; }
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
    # The export's blocks are apart by a blank line; a note of several paragraphs is one
    # piece, read whole. Each block is read alone: the journal is never held whole.
    block: list[str] = []
    for piece in markdown_lines(campaign, lang, viewer=viewer, detailed=detailed):
        if piece.strip():
            block.append(piece)
            continue
        if block:
            yield to_html("\n".join(block)).rstrip("\n")
            block = []
    if block:
        yield to_html("\n".join(block)).rstrip("\n")
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
