"""Whole-journal operations at 100,000 entries, as ratios to tomllib's parse of the same
journal measured in the same run (machines differ several times over; a ratio does not).

The goals (issue 25): once the journal is sealed (meneur remembers which chunks it read
whole, journal/checked.toml), ``export`` ≤ 0.2 × tomllib, ``check`` ≤ 0.1 ×,
``journal --json`` ≤ 0.2 ×, ``check --verify-rolls`` ≤ 0.35 ×, each ≤ 150 MB. A journal
written before meneur sealed its chunks (no checked.toml) is read by every read-only
command without a byte rewritten and within the same memory; the first write seals it.
So is one whose campaign.toml lags behind the whole journal (issue 40: 442 MB before it
was caught up a chunk at a time). The journal's rolls go round every system's tests.
Also measured: the app's journal at that length — Home to the first entry, scrolling
back, and a search run in a worker (the interface's longest pause while it runs, and
when the first and last results show).

    .venv/bin/python benchmarks/whole_journal.py [--entries 100000] [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A benchmark never writes into the person's own meneur (the campaign used last, the
# settings): its commands keep their data in a folder of their own.
os.environ.setdefault("MENEUR_DATA_DIR", tempfile.mkdtemp(prefix="meneur-bench-"))

BUILD = """
import sys
from pathlib import Path
from journal_speed import fill
from meneur.saves.campaign import Campaign
fill(Path(sys.argv[1]), int(sys.argv[2]), every_system=True)
# As meneur keeps a journal it writes: the first write seals the chunks read whole.
with Campaign.open(Path(sys.argv[1])) as campaign:
    act.note(campaign, GM_SEAT, "La partie reprend.")
"""

COMMANDS = {
    "check": (["check"], 0.1),
    "check --verify-rolls": (["check", "--verify-rolls"], 0.35),
    "export -o FILE": (["export", "-o", "{out}"], 0.2),
    "journal --json (all)": (["journal", "--json", "--last", "1000000"], 0.2),
}
"""Each command and its goal, as a ratio to tomllib's parse of the journal."""
MEMORY_GOAL = 150
"""Megabytes any command may use, a worker's included."""
# As on a player's machine, Python keeps the compiled bytecode of meneur's modules; some
# sandboxes set PYTHONDONTWRITEBYTECODE, which would time compiling them at every run.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


PARSE = """
import importlib, sys, time
from pathlib import Path
parse = importlib.import_module(sys.argv[2]).loads
texts = [path.read_text() for path in sorted((Path(sys.argv[1]) / "journal").glob("0*.toml"))]
start = time.perf_counter()
for text in texts:
    parse(text)
print(time.perf_counter() - start)
"""


def parse_seconds(directory: Path, loads: str) -> float:
    """The parse of every chunk by ``tomllib`` or ``rtoml``, on this machine. In a
    process of its own: on Linux a process's peak memory survives ``exec``, so the
    commands measured from this one would count what the parse held."""
    done = subprocess.run(
        [sys.executable, "-c", PARSE, str(directory), loads],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    )
    return float(done.stdout)


MEASURED = """
import contextlib, os, resource, sys
from meneur.cli.main import main
with open(os.devnull, "w") as nowhere, contextlib.redirect_stdout(nowhere):
    status = main(sys.argv[1:])
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(status, own, workers, file=sys.stderr)
"""


def run_command(words: list[str], directory: Path, out: Path) -> tuple[float, float]:
    """Seconds, and peak memory in MB of the command or of its largest worker."""
    argv = [w.format(out=out) for w in words]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, argv[0], str(directory), *argv[1:]],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
    )
    seconds = time.perf_counter() - start
    status, own, workers = (int(x) for x in done.stderr.split()[-3:])
    assert status == 0, done.stderr
    return seconds, max(own, workers) / 1024


def files_of(directory: Path) -> dict[str, tuple[int, int]]:
    """Every file of a campaign with its size and modification time."""
    return {
        str(p.relative_to(directory)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in directory.rglob("*")
        if p.is_file()
    }


def measure(
    name: str, directory: Path, out: Path, runs: int, yardstick: float, *, timed: bool = True
) -> None:
    """Run a command ``runs`` times and say how it did against its goals (``timed``:
    its time has a goal; a journal not yet caught up or sealed has only the memory's)."""
    words, goal = COMMANDS[name]
    timings = [run_command(words, directory, out) for _ in range(runs)]
    seconds = statistics.median(t for t, _ in timings)
    memory = max(m for _, m in timings)
    ratio = seconds / yardstick
    fast = ratio <= goal or not timed
    verdict = "ok" if fast and memory <= MEMORY_GOAL else "MISSED"
    aim = f"goal ≤ {goal}" if timed else "no time goal"
    print(
        f"  {name:24} {seconds:5.2f} s = {ratio:.3f} × tomllib ({aim}),"
        f" peak {memory:3.0f} MB  {verdict}"
    )


async def app_figures(directory: Path) -> None:
    """The app on the long journal: Home, scrolling back, a search."""
    from meneur.saves.campaign import Campaign
    from meneur.tui.app import make_app
    from meneur.tui.widgets.journal import JournalView

    campaign = Campaign.open(directory)
    app = make_app(campaign, lang="fr", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        journal = app.screen.query_one(JournalView)
        journal.listing.focus()
        start = time.perf_counter()
        await pilot.press("home")
        await pilot.pause()
        home = time.perf_counter() - start
        assert journal.entries[0].id == 1
        await pilot.press("end")
        await pilot.pause()
        start = time.perf_counter()
        for _ in range(10):  # ten pages back past the first entry listed
            journal.listing.highlighted = 1
            await pilot.press("up")
            await pilot.pause()
        back = (time.perf_counter() - start) / 10
        listed = len(journal.entries)
        await pilot.press("ctrl+f")
        # A timer every 20 ms, as the interface's own would run: the longest gap between
        # two of its ticks during the search is the longest the interface froze.
        ticks: list[float] = []
        timer = app.set_interval(0.02, lambda: ticks.append(time.perf_counter()))
        await pilot.press(*"Escalader le mur 4242", "enter")
        start = time.perf_counter()
        first = None
        while journal.found and "…" in str(journal.query_one("#journal-status").render()):
            await asyncio.sleep(0.01)
            if first is None and journal.entries:
                first = time.perf_counter() - start
        total = time.perf_counter() - start
        timer.stop()
        gaps = [b - a for a, b in itertools.pairwise(ticks) if a >= start]
        longest = max(gaps, default=0.0)
        found = len(journal.entries)
    print(f"app: Home to entry 1 {home * 1000:.0f} ms; a step back {back * 1000:.0f} ms;")
    print(f"     {listed} entries listed after ten steps back (window 400)")
    print(
        f"     search: first result {1000 * (first or 0):.0f} ms, all {total:.2f} s"
        f" ({found} found), longest pause of the interface meanwhile {longest * 1000:.0f} ms"
    )


def _applied(directory: Path) -> int:
    """The last entry campaign.toml has caught up with."""
    found = re.search(r"(?m)^journal_applied = (\d+)$", (directory / "campaign.toml").read_text())
    assert found is not None
    return int(found[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (median)")
    parser.add_argument("--no-app", action="store_true", help="skip the app's figures")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sealed = Path(folder) / "sealed"
        # Built in a process of its own: the commands measured are started from this
        # one, and a child's peak memory counts what it shared with its parent at fork.
        subprocess.run(
            [sys.executable, "-c", BUILD, str(sealed), str(options.entries)],
            check=True,
            cwd=Path(__file__).parent,
            env=ENV,
        )
        # As an older meneur left it: no record of which chunks were read whole.
        unsealed = Path(folder) / "unsealed"
        shutil.copytree(sealed, unsealed)
        (unsealed / "journal" / "checked.toml").unlink()
        # As a writer that died between the two left it, or an older meneur: campaign.toml
        # behind every entry of its journal, which nothing has sealed either.
        lagging = Path(folder) / "lagging"
        shutil.copytree(unsealed, lagging)
        state = lagging / "campaign.toml"
        state.write_text(
            re.sub(r"(?m)^journal_applied = \d+$", "journal_applied = 0", state.read_text())
        )
        assert _applied(lagging) == 0
        out = Path(folder) / "out"
        size = sum(p.stat().st_size for p in (sealed / "journal").iterdir()) / 1e6
        run_command(["check"], sealed, out)  # a first run writes the bytecode caches
        yardstick = parse_seconds(sealed, "tomllib")
        rtoml = parse_seconds(sealed, "rtoml")
        print(
            f"{options.entries} entries, {size:.0f} MB; tomllib parses them in"
            f" {yardstick:.2f} s, rtoml in {rtoml:.2f} s ({rtoml / yardstick:.3f} ×)"
        )
        print(f"sealed journal, median of {options.runs} runs:")
        for name in COMMANDS:
            measure(name, sealed, out, options.runs, yardstick)
        print("unsealed journal (written before meneur sealed chunks), read-only:")
        before = files_of(unsealed)
        for name in COMMANDS:
            measure(name, unsealed, out, 1, yardstick)
        unchanged = files_of(unsealed) == before
        print(f"  files of the campaign unchanged by them: {'yes' if unchanged else 'NO'}")
        seconds, memory = run_command(["note", "La nuit tombe."], unsealed, out)
        sealed_now = (unsealed / "journal" / "checked.toml").exists()
        print(
            f"  the first write (meneur note): {seconds:.2f} s, peak {memory:.0f} MB;"
            f" sealed after it: {'yes' if sealed_now else 'NO'}"
        )
        print("lagging campaign.toml (behind its journal: an older meneur's, a writer that died),")
        print("unsealed, read-only:")
        before = files_of(lagging)
        for name in COMMANDS:
            measure(name, lagging, out, 1, yardstick, timed=False)
        unchanged = files_of(lagging) == before
        print(f"  files of the campaign unchanged by them: {'yes' if unchanged else 'NO'}")
        seconds, memory = run_command(["note", "La nuit tombe."], lagging, out)
        caught_up = _applied(lagging) >= options.entries  # every filled entry taken in
        print(
            f"  the first write (meneur note): {seconds:.2f} s, peak {memory:.0f} MB;"
            f" caught up after it: {'yes' if caught_up else 'NO'}"
        )
        if not options.no_app:
            asyncio.run(app_figures(sealed))


if __name__ == "__main__":
    main()
