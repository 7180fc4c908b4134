"""Whole-journal operations at 100,000 entries, against the issue's goals.

The goals were set on a machine where tomllib alone parsed the 52 MB journal in 9.5 s:
``export`` and ``check`` ≤ 2 s, ``check --verify-rolls`` ≤ 5 s, memory ≤ 150 MB for every
command. Machines differ several times over, so each figure is also given as a ratio to
tomllib's parse of the same chunks on this machine (the goals as ratios: 0.21 for export
and check, 0.53 for --verify-rolls). Also measured: the app's journal at that length —
Home to the first entry, scrolling back, and a search run in a worker (the interface's
longest pause while it runs, and when the first and last results show).

    .venv/bin/python benchmarks/whole_journal.py [--entries 100000]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BUILD = """
import sys
from pathlib import Path
from journal_speed import fill
fill(Path(sys.argv[1]), int(sys.argv[2]))
"""

COMMANDS = {
    "check": (["check"], 2.0),
    "check --verify-rolls": (["check", "--verify-rolls"], 5.0),
    "export -o FILE": (["export", "-o", "{out}"], 2.0),
    "journal --json --last 1000000": (["journal", "--json", "--last", "1000000"], None),
}
REFERENCE_TOMLLIB = 9.5
"""tomllib's parse of the whole journal where the goals were set, in seconds."""


def tomllib_seconds(directory: Path) -> float:
    """tomllib's parse of every chunk, on this machine (the yardstick)."""
    import tomllib

    texts = [path.read_text() for path in sorted((directory / "journal").glob("0*.toml"))]
    start = time.perf_counter()
    for text in texts:
        tomllib.loads(text)
    return time.perf_counter() - start


MEASURED = """
import contextlib, os, resource, sys
from meneur.cli.main import main
with open(os.devnull, "w") as nowhere, contextlib.redirect_stdout(nowhere):
    status = main(sys.argv[1:])
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(status, own, workers, file=sys.stderr)
"""


def run_command(words: list[str], directory: Path, out: Path) -> tuple[float, float, float]:
    """Seconds, and peak memory in MB of the command and of its largest worker process."""
    argv = [w.format(out=out) for w in words]
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", MEASURED, argv[0], str(directory), *argv[1:]],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seconds = time.perf_counter() - start
    status, own, workers = (int(x) for x in done.stderr.split()[-3:])
    assert status == 0, done.stderr
    return seconds, own / 1024, workers / 1024


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder) / "big"
        # Built in a process of its own: the commands measured are started from this
        # one, and a child's peak memory counts what it shared with its parent at fork.
        subprocess.run(
            [sys.executable, "-c", BUILD, str(directory), str(options.entries)],
            check=True,
            cwd=Path(__file__).parent,
        )
        size = sum(p.stat().st_size for p in (directory / "journal").iterdir()) / 1e6
        yardstick = tomllib_seconds(directory)
        print(f"{options.entries} entries, {size:.0f} MB; tomllib parses them in {yardstick:.1f} s")
        print(f"(where the goals were set: {REFERENCE_TOMLLIB} s for 52 MB)")
        for name, (words, goal) in COMMANDS.items():
            seconds, memory, workers = run_command(words, directory, Path(folder) / "out")
            ratio = seconds / yardstick
            target = f"goal ≤ {goal / REFERENCE_TOMLLIB:.2f}" if goal else "no time goal"
            helpers = f", each worker ≤ {workers:.0f} MB" if workers else ""
            print(
                f"{name:30} {seconds:6.2f} s = {ratio:.2f} × tomllib ({target}),"
                f" peak {memory:.0f} MB{helpers} (goal ≤ 150)"
            )
        asyncio.run(app_figures(directory))


if __name__ == "__main__":
    main()
