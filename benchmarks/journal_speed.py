"""Journal costs: appending with 100 vs 100,000 entries, and opening a big campaign.

The issue's budgets: appending an entry and saving costs the same with 100 and with
100,000 entries (ratio ≤ 1.5); opening a 100,000-entry campaign until its latest
entries can be shown takes under 1 s with under 150 MB of memory.

Building 100,000 entries through the API would fsync 100,000 times, so the big journal's
chunk files are written directly with the journal's own serialisation; every append
measured goes through ``Campaign`` as usual.

    .venv/bin/python benchmarks/journal_speed.py [--entries 100000] [--appends 60]
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
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
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


def every_system_rolls() -> list[dict[str, object]]:
    """A roll of every system's tests, and of the oracles and dice every campaign has, as
    the journal keeps them (each reproducible from its seed)."""
    from meneur.core import expressions, oracles
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.kinds import roller
    from meneur.core.spherier import rules as spherier
    from meneur.core.systemj import rules as systemj
    from meneur.core.traits import rules as traits

    skill = spherier.Skill(mastery=3, limit=2, name="Dressage")
    tests: list[object] = [
        resolution.ResolutionTest(score=3),
        cosmos.CosmosTest(threshold=55, karma=-2),
        traits.TraitTest(dice=4, difficulty=4, need=2),
        spherier.SkillTest(engine=spherier.Engine("d6"), skill=skill, dd=2),
        systemj.SystemjTest(value=55, modifier=10),
        oracles.YesNoQuestion(3, "La porte cède ?"),
        expressions.DiceInputs("4d6kh3+1d4"),
    ]
    return [
        roll_to_data(roll_seeded(roller(type(test)), test, seed))
        for seed, test in enumerate(tests, start=1)
    ]


def fill(directory: Path, count: int, *, every_system: bool = False) -> None:
    """A campaign whose journal holds ``count`` entries: two rolls for each note (one
    labelled, one worded when read); with ``every_system``, the rolls go round every
    system's tests instead of Résoudre une action's alone."""
    Campaign.create(directory, system="resolution", name=f"{count} entries").close()
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 1)
    rolls = every_system_rolls() if every_system else [roll_to_data(record)]
    chunk: list[str] = []
    for ident in range(1, count + 1):
        time_ = START + timedelta(minutes=ident)
        roll = rolls[ident % len(rolls)]
        if ident % 3 == 1:
            entry = Entry(ident, time_, "roll", f"Escalader le mur {ident}", roll=roll)
        elif ident % 3 == 2:  # no words of its own: what it tested is said when read
            entry = Entry(ident, time_, "roll", "", roll=roll)
        else:
            entry = Entry(ident, time_, "note", f"Note {ident}: la nuit tombe sur Vranberg.")
        chunk.append(entry_block(entry))
        if ident % CHUNK_SIZE == 0 or ident == count:
            number = (ident - 1) // CHUNK_SIZE + 1
            text = chunk_header(number) + "\n".join(chunk)
            (directory / "journal" / chunk_name(number)).write_text(text, encoding="utf-8")
            chunk = []
    # Opening once catches campaign.toml up with the journal, as meneur would have kept it.
    Campaign.open(directory).close()


def append_times(directory: Path, appends: int) -> list[float]:
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=4), 2)
    times = []
    with Campaign.open(directory) as campaign:
        for i in range(appends):
            start = time.perf_counter()
            if i % 2:
                act.note(campaign, GM_SEAT, f"appended {i}")
            else:
                act.roll(campaign, GM_SEAT, record, f"appended roll {i}")
            times.append(time.perf_counter() - start)
    return times


OPEN_PROBE = """
import sys, time
start = time.perf_counter()
from meneur.saves.campaign import Campaign
campaign = Campaign.open(sys.argv[1], write=False)
latest = campaign.latest(50)
elapsed = time.perf_counter() - start
assert latest[-1].id == campaign.journal.last_id
# The peak of this program (VmHWM), not ru_maxrss: that counts what the process shared
# with the benchmark's at fork.
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(elapsed, peak)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--appends", type=int, default=60)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        small, big = Path(folder) / "small", Path(folder) / "big"
        started = time.perf_counter()
        fill(small, 100)
        fill(big, options.entries)
        built = time.perf_counter() - started
        print(f"built journals of 100 and {options.entries} entries in {built:.1f} s")
        medians = {}
        for name, directory in (("100", small), (str(options.entries), big)):
            times = append_times(directory, options.appends)
            medians[name] = statistics.median(times)
            print(
                f"append + save, {name:>7} entries: median {medians[name] * 1000:6.2f} ms"
                f"  (p90 {sorted(times)[int(len(times) * 0.9)] * 1000:6.2f} ms)"
            )
        ratio = medians[str(options.entries)] / medians["100"]
        print(f"ratio big/small: {ratio:.2f}   (budget ≤ 1.5)")
        runs = []
        (big / "journal" / "checked.toml").unlink(missing_ok=True)  # as if written elsewhere
        for _ in range(5):
            out = subprocess.run(
                [sys.executable, "-c", OPEN_PROBE, str(big)],
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            runs.append((float(out[0]), int(out[1])))
        seconds = statistics.median(r[0] for r in runs[1:])
        memory = max(r[1] for r in runs) / 1024
        print(
            f"open {options.entries} entries to the latest 50 (fresh process, imports "
            f"included): median {seconds * 1000:.0f} ms, peak memory {memory:.0f} MB"
            "   (budget < 1 s, < 150 MB)"
        )
        print(
            f"  the first open of chunks written by another program (each read whole once,"
            f" then known by size and time): {runs[0][0]:.2f} s"
        )


if __name__ == "__main__":
    main()
