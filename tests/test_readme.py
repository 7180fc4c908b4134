"""The README's picture of the table is the app's own screen, made by a script."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "docs" / "readme_capture.py"


@pytest.fixture
def readme_capture(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path / "data"))
    spec = importlib.util.spec_from_file_location("readme_capture", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_readmes_picture_is_what_the_app_shows(readme_capture) -> None:
    readme = readme_capture.README.read_text(encoding="utf-8")
    fresh = readme_capture.updated(readme, await readme_capture.capture())
    assert fresh == readme, "README.md's picture is out of date: run docs/readme_capture.py"


def test_screen_lines_put_each_character_in_its_column(readme_capture) -> None:
    svg = (
        '<text x="0" y="20" clip-path="url(#t-line-0)">ab</text>'
        '<text x="61" y="20" clip-path="url(#t-line-0)">c&amp;d</text>'
        '<text x="12.2" y="44" clip-path="url(#t-line-1)">e</text>'
    )
    assert readme_capture.screen_lines(svg, 10) == ["ab   c&d", " e"]
