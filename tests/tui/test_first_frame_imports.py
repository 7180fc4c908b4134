"""The table's first frame imports what it draws, and what only comes after it waits.

A module imported before the first frame costs every start-up (``meneur`` alone, the
benchmark's first frame against a bare Textual app's: issue 62). What the first frame
does not show — the journal's entries and how they are read, the story column, the
party, the Chronoste of a campaign that does not run it, a Choice's open list, the
Oracles and Tables tabs, the actions that write entries — is imported when it is first
needed, just after that frame.
The app runs in a process of its own, so that what other tests imported says nothing.
"""

from __future__ import annotations

import subprocess
import sys

from tests.waiting import PATIENCE

PROBE = """
import asyncio, sys
import meneur.tui.screens.table as table
from meneur.tui.app import start_app

seen = []
drawn = table.first_frame_drawn

def first_frame_drawn():
    seen.append(sorted(sys.modules))
    drawn()

table.first_frame_drawn = first_frame_drawn

async def play():
    app = start_app(None, "fr", 1)
    async with app.run_test(size=(120, 40)) as pilot:
        while not seen:
            await pilot.pause()

asyncio.run(play())
print(" ".join(seen[0]))
"""

AFTER_FIRST_FRAME = {
    "importlib.resources",  # a string of a system another package adds
    "meneur.play.journal",  # the journal's entries, read as a seat sees them
    "meneur.play.reading",
    "meneur.saves.secrecy",
    "meneur.play.story",  # the story column, the solo scene test
    "meneur.core.story",
    "meneur.play.chronoste",  # the default campaign does not run the Chronoste
    "meneur.core.chronoste",
    "meneur.tui.widgets.party",  # the side column
    "meneur.tui.widgets.compact_sheet",
    "meneur.tui.widgets.journal_list",
    "meneur.tui.widgets.choice_menu",  # a Choice opened
    "meneur.tui.screens.modal",
    "meneur.tui.widgets.oracles",  # the hidden tabs
    "meneur.tui.widgets.tables",
    "meneur.core.tables",
    "meneur.core.notation",
    "meneur.play.act",  # every action: the first frame writes no entry
    "meneur.play.act.entries",
    "meneur.play.act.turns",
    "meneur.saves.library",
}


def test_the_first_frame_imports_only_what_it_draws() -> None:
    # A first start makes the default campaign (as a player's very first does): the
    # start measured is a later one, as the benchmark's are.
    make = "from meneur.tui.app import open_campaign; open_campaign(None, 'fr').close()"
    subprocess.run([sys.executable, "-c", make], timeout=PATIENCE, check=True)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=True,
    )
    loaded = set(done.stdout.split())
    # What the frame draws is there: the table and its action panel, the journal's view.
    assert {"meneur.tui.screens.table", "meneur.tui.widgets.panels.resolution"} <= loaded
    assert "meneur.tui.widgets.journal" in loaded
    assert sorted(loaded & AFTER_FIRST_FRAME) == []
