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


def load_or_refusal(
    load: Callable[[Mapping[str, Any], str], Any], document: Mapping[str, Any], source: str
) -> tuple[Any, str]:
    """What ``load`` makes of ``document``, or its ContentError's message; anything else
    it raises is a crash, and fails the test."""
    try:
        return load(document, source), ""
    except ContentError as error:
        return None, str(error)


def toml_documents() -> Any:
    """Hypothesis strategy: TOML-shaped documents (tables of tables, text, numbers, lists)
    with the keys content files use, so that the loaders get near-misses as well as junk."""
    from hypothesis import strategies as st

    keys = st.sampled_from(
        [
            "cards", "deck", "name", "family", "category", "att", "def", "range", "text",
            "equipement", "armes", "races", "classes", "talents", "catalogue", "min", "max",
            "force", "natural", "genes", "kind", "effect", "parent", "exclusive", "maximum",
            "malus", "normal", "special", "innate", "negative", "tree", "x",
        ]
    )  # fmt: skip
    leaves = (
        st.text(max_size=8)
        | st.integers(-2000, 2000)
        | st.booleans()
        | st.sampled_from(["equipement", "armes", "savoir", "livres", "normal", "special"])
    )
    values = st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=4),
        max_leaves=12,
    )
    return st.dictionaries(keys, values, max_size=4)
