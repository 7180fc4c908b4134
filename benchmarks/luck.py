"""``meneur stats`` on a 100,000-entry campaign (issue 29: ≤ 2 s and ≤ 150 MB, a
worker's included), as seconds and as a ratio to tomllib's parse of the same journal.

The campaign is a Great Cosmos one with tests at every threshold from 5 to 95 by four
characters (about 91 different chances: the harder case for the Poisson-binomial, which
groups tests by their chance), a note between them.

    .venv/bin/python benchmarks/luck.py [--entries 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

from whole_journal import parse_seconds, run_command

from meneur.core.cosmos import rules as cosmos
from meneur.core.records import roll_seeded
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import roll_to_data
from meneur.saves.journal import CHUNK_SIZE, Entry, chunk_header, chunk_name, entry_block

# A benchmark never writes into the person's own meneur (the campaign used last, the
# settings): its commands keep their data in a folder of their own, gone when it ends.
if "MENEUR_DATA_DIR" not in os.environ:
    os.environ["MENEUR_DATA_DIR"] = tempfile.mkdtemp(prefix="meneur-bench-")
    atexit.register(shutil.rmtree, os.environ["MENEUR_DATA_DIR"], ignore_errors=True)

START = datetime(2026, 1, 1, 20, 0, tzinfo=timezone(timedelta(hours=1)))
GOAL_SECONDS = 2.0
GOAL_MB = 150
CHARACTERS = ("kael", "mira", "oskar", "vela")


def fill(directory: Path, count: int) -> None:
    """A Great Cosmos campaign of ``count`` entries: two tests for each note."""
    with Campaign.create(directory, system="cosmos", name=f"{count} entries") as campaign:
        for ident in CHARACTERS:
            act.set_value(
                campaign, GM_SEAT, ("characters", ident), {"name": ident.title(), "sheet": {}}
            )
    first = Campaign.open(directory).journal.last_id + 1
    rolls = [
        roll_to_data(roll_seeded(cosmos.roll, cosmos.CosmosTest(threshold=t), seed))
        for seed, t in enumerate(range(5, 96))
    ]
    chunk: list[str] = []
    number = (first - 1) // CHUNK_SIZE + 1
    for ident in range(first, first + count):
        time_ = START + timedelta(minutes=ident)
        if ident % 3:
            who = CHARACTERS[ident % len(CHARACTERS)]
            roll = rolls[(ident * 7) % len(rolls)]
            entry = Entry(ident, time_, "roll", f"Test {ident}", roll=roll, character=who)
        else:
            entry = Entry(ident, time_, "note", f"Note {ident}: la nuit tombe sur Vranberg.")
        chunk.append(entry_block(entry))
        if ident % CHUNK_SIZE == 0 or ident == first + count - 1:
            path = directory / "journal" / chunk_name(number)
            head = path.read_text(encoding="utf-8") if path.exists() else chunk_header(number)
            path.write_text(head + "\n".join(chunk), encoding="utf-8")
            chunk, number = [], number + 1
    # As meneur keeps a journal it writes: the first write seals the chunks read whole.
    with Campaign.open(directory) as campaign:
        act.note(campaign, GM_SEAT, "La partie reprend.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--build", nargs=2, metavar=("DIR", "ENTRIES"), help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.build:
        fill(Path(options.build[0]), int(options.build[1]))
        return
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder) / "luck"
        # Built in a process of its own: on Linux a process's peak memory survives
        # exec, so the commands measured from this one would count what building held.
        subprocess.run(
            [sys.executable, __file__, "--build", str(directory), str(options.entries)],
            check=True,
        )
        yardstick = parse_seconds(directory, "tomllib")
        print(f"{options.entries:,} entries; tomllib parses them in {yardstick:.2f} s")
        for words in (["stats"], ["stats", "--character", "kael"], ["stats", "--json"]):
            timings = [
                run_command([*words, "--role", "gm"], directory, directory / "out")
                for _ in range(options.runs)
            ]
            seconds = statistics.median(t for t, _ in timings)
            memory = max(m for _, m in timings)
            verdict = "ok" if seconds <= GOAL_SECONDS and memory <= GOAL_MB else "MISSED"
            print(
                f"  meneur {' '.join(words):26} {seconds:5.2f} s = {seconds / yardstick:.3f}"
                f" × tomllib, peak {memory:3.0f} MB  (goal ≤ {GOAL_SECONDS} s, ≤ {GOAL_MB} MB)"
                f"  {verdict}"
            )


if __name__ == "__main__":
    main()
