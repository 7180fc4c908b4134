"""Broken-content fixtures: each file's first line says what the error must contain."""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from meneur.content import ContentError


def broken_fixtures(kind: str) -> list[Path]:
    """The broken files under ``fixtures/<kind>/``."""
    return sorted((Path(__file__).parent / "fixtures" / kind).glob("*.toml"))


def assert_refused(load: Callable[[Mapping[str, Any], str], Any], fixture: Path) -> None:
    """Loading ``fixture`` fails with one message naming the file, holding the text its
    first line expects (``# expect: …``)."""
    text = fixture.read_text(encoding="utf-8")
    expected = text.splitlines()[0].removeprefix("# expect: ")
    with pytest.raises(ContentError) as caught:
        load(tomllib.loads(text), fixture.name)
    message = str(caught.value)
    assert message.startswith(f"{fixture.name}: ")
    assert expected in message
