"""What the conformance suite's tests share: a table set once for the whole run."""

from __future__ import annotations

from pathlib import Path

import pytest

from .evening import frozen_clock, set_table


@pytest.fixture(scope="session")
def set_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A table :func:`~tests.conformance.evening.set_table` set (each evening copies it)."""
    directory = tmp_path_factory.mktemp("table") / "c"
    with frozen_clock():
        set_table(directory)
    return directory
