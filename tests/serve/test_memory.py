"""A session that ends gives back what its app held: a server that has seen many
sessions come and go holds what one holds (a worker grew about a megabyte a session,
which Textual's memo of a widget's colours kept alive through the lines it had drawn)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from textual._styles_cache import StylesCache

from tests.waiting import until_async

from .seated import Served, make_table


def drawn_caches() -> int:
    """The widgets' caches of drawn lines alive in this process (frozen ones too)."""
    gc.unfreeze()
    gc.collect()
    alive = sum(1 for each in gc.get_objects() if isinstance(each, StylesCache))
    gc.freeze()
    return alive


@pytest.mark.long
async def test_ended_sessions_give_back_what_they_drew(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        before = drawn_caches()
        for _ in range(4):
            bob = await served.join("bob")
            await bob.wait_for("● Bob (Mira)")
            await bob.leave()
            await until_async(lambda: not served.server.apps, "Bob's app ended")
        # What an app's last tasks hold goes as they end (a few turns of the loop).
        await until_async(
            lambda: drawn_caches() <= before, "what four ended sessions drew given back"
        )
