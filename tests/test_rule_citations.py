"""The rules the code cites are in the repository: every citation in the sources, the
tests and the content (``docs/rules/cosmos.md#aura``) points at a heading of a page of
``docs/rules/``, and no citation points outside it (the rulebook restatement the work
started from, or a seed's number, is nowhere a contributor can read). Each page has its
French twin (``cosmos.fr.md``) with the same headings' anchors, so that a citation leads
to the same rule in either language."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("core", "content", "saves", "play", "tui", "serve", "cli", "tests", "benchmarks")
CITATION = re.compile(r"docs/rules/(?P<page>[a-z]+)\.md#(?P<anchor>[a-z0-9-]+)")
OUTSIDE = re.compile(r"RULES(?:\.md)? ?§|RULES\.md|\bseed 00[0-9]\b")
ANCHOR = re.compile(r"\{#(?P<anchor>[a-z0-9-]+)\}\s*$")


def _sources() -> list[Path]:
    found: list[Path] = []
    for folder in FOLDERS:
        for pattern in ("*.py", "*.toml", "*.tcss"):
            found += (ROOT / folder).rglob(pattern)
    return sorted(path for path in found if "__pycache__" not in path.parts)


def anchors(page: Path) -> set[str]:
    """The headings' anchors of a rules page (each heading names its own: ``{#aura}``)."""
    return {
        found["anchor"]
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("#") and (found := ANCHOR.search(line))
    }


def _pages() -> list[Path]:
    """The English rules pages (``cosmos.md``; its French twin is ``cosmos.fr.md``)."""
    return sorted(p for p in (ROOT / "docs" / "rules").glob("*.md") if "." not in p.stem)


def _french(page: Path) -> Path:
    return page.with_suffix(".fr.md")


def test_every_heading_of_a_rules_page_names_its_anchor() -> None:
    pages = _pages()
    assert len(pages) == 7
    for page in [*pages, *map(_french, pages)]:
        headings = [
            line for line in page.read_text(encoding="utf-8").splitlines() if line[:1] == "#"
        ]
        assert headings, page.name
        assert all(ANCHOR.search(line) for line in headings), page.name


def test_every_citation_points_at_a_heading_of_the_rules() -> None:
    known = {page.stem: anchors(page) for page in _pages()}
    cited = 0
    wrong = []
    for path in _sources():
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for found in CITATION.finditer(text):
            cited += 1
            if found["anchor"] not in known.get(found["page"], set()):
                line = text.count("\n", 0, found.start()) + 1
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {found[0]}")
    assert wrong == []
    assert cited >= 100  # the code cites its rules: an empty scan would prove nothing


def test_every_rules_page_has_a_french_twin_with_the_same_anchors() -> None:
    # A French page renamed an anchor, or lost a heading: a citation would lead a French
    # reader nowhere, or to another rule than the English reader's.
    missing = [page.name for page in _pages() if not _french(page).exists()]
    assert missing == []
    different = {
        page.name: sorted(anchors(page) ^ anchors(_french(page)))
        for page in _pages()
        if anchors(page) != anchors(_french(page))
    }
    assert different == {}


def test_no_citation_points_outside_the_repository() -> None:
    outside = []
    for path in [*_sources(), *(ROOT / "docs").rglob("*.md"), ROOT / "README.md"]:
        if path.name == Path(__file__).name:
            continue
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        for number, line in enumerate(lines, 1):
            if OUTSIDE.search(line):
                outside.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert outside == []


def test_a_citation_to_a_heading_that_is_not_there_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "cosmos.md"
    page.write_text("# The Tale of Great Cosmos {#cosmos}\n\n## Aura {#aura}\n", encoding="utf-8")
    assert anchors(page) == {"cosmos", "aura"}
    assert "grid" not in anchors(page)
