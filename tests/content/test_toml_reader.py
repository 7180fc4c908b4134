"""The fast TOML reader reads exactly what the standard library reads."""

from __future__ import annotations

import copy
import pickle
import tomllib
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from meneur.content.toml_reader import TomlError, loads

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "content").rglob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_reads_as_tomllib_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert loads(text) == tomllib.loads(text)


keys = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8)
scalars = st.one_of(
    st.integers(-(2**63), 2**63 - 1),
    st.booleans(),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.datetimes(timezones=st.sampled_from([UTC, timezone(timedelta(hours=1))])),
)
documents = st.recursive(
    st.dictionaries(keys, scalars, max_size=4),
    lambda inner: st.dictionaries(keys, st.one_of(scalars, inner, st.lists(inner, max_size=3))),
    max_leaves=20,
)


@given(documents)
def test_any_document_reads_back_as_tomllib_reads_it(document: dict) -> None:
    text = tomli_w.dumps(document)
    read = loads(text)
    assert read == tomllib.loads(text)
    # States are deep copied before each change, and offsets must survive it.
    assert copy.deepcopy(read) == read
    assert pickle.loads(pickle.dumps(read)) == read


def test_an_offset_time_copies_as_a_standard_time_zone() -> None:
    read = loads("t = 2026-11-21T20:01:00+01:00")
    copied = copy.deepcopy(read)["t"]
    assert copied.tzinfo == timezone(timedelta(hours=1))
    assert copied == datetime(2026, 11, 21, 19, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "where"),
    [("a = 1\nb = [1,\nc = 2", "(at line 3, column 3)"), ("a = 1\na = 2", "(at line 2, column 1)")],
)
def test_errors_say_the_line_and_column(text: str, where: str) -> None:
    with pytest.raises(TomlError, match=r"\(at line \d+, column \d+\)") as caught:
        loads(text)
    assert where in str(caught.value)
    assert "\n" not in str(caught.value)


def test_tables_nested_thousands_deep_are_an_error_not_a_crash() -> None:
    # The stress test crashed tomllib with a RecursionError at 1,000–5,000 levels.
    for depth in (1000, 5000):
        with pytest.raises(TomlError):
            loads("a = " + "[" * depth + "]" * depth)
