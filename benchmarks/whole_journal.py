"""Whole-journal operations at 100,000 entries, as ratios to tomllib's parse of the same
journal measured in the same run (machines differ several times over; a ratio does not).

The goals (issue 25): once the journal is sealed (meneur remembers which chunks it read
whole, journal/checked.toml), ``export`` ≤ 0.2 × tomllib, ``check`` ≤ 0.1 ×,
``journal --json`` ≤ 0.2 ×, ``check --verify-rolls`` ≤ 0.35 ×, each ≤ 150 MB. Two
journals are measured:

- one as today's meneur writes it, sealed;
- one as an older meneur wrote it (meneur 0.1, issue 25's: a roll made without a label
  kept its test's summary as its text, no entry held words for each reader, and nothing
  was sealed). Such a journal is read by every read-only command without a byte
  rewritten and within the same memory; the first write (``meneur note``) seals it,
  and from then on the goals are the same as for today's (issue 59).

Also a copy of the older journal whose campaign.toml lags behind the whole journal (a
writer that died between the two; issue 40: 442 MB before it was caught up a chunk at a
time), read-only then written once. The journal's rolls go round every system's tests.
Also measured: the app's journal at that length — Home to the first entry, scrolling
back, and a search run in a worker (the interface's longest pause while it runs, and
when the first and last results show).

    .venv/bin/python benchmarks/whole_journal.py [--entries 100000] [--runs 3] [--no-app]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import itertools
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

# meneur is imported by the functions that need it, never here: the commands measured are
# started from this process, and on Linux a child's peak memory counts its parent's.

# A benchmark never writes into the person's own meneur (the campaign used last, the
# settings): its commands keep their data in a folder of their own, gone when it ends.
if "MENEUR_DATA_DIR" not in os.environ:
    os.environ["MENEUR_DATA_DIR"] = tempfile.mkdtemp(prefix="meneur-bench-")
    atexit.register(shutil.rmtree, os.environ["MENEUR_DATA_DIR"], ignore_errors=True)

OLDER_SUMMARIES = (
    "Résoudre une action (resolve an action) — Score à battre (score to beat) : 3",
    "The Tale of Great Cosmos (Great Cosmos test) — Seuil (threshold) : 55",
    "Les Traits (trait roll) — Jet (roll) : 4 dés (dice) ; Difficulté 4",
    "Le Sphérier — Test simple (simple test), Dés à succès (success dice, d6) —"
    " Dressage<+3, 2> contre DD 2, Moyenne (average)",
    "SYSTEMJ (d100 test) — Valeur (value) 55, +10 → score 65",
    "La porte cède ?",
    "Jet de dés (dice roll) : 4d6kh3+1d4",
)
"""The text meneur 0.1 (commit 1a3560c, when this benchmark was first written) stored for
a roll made without a label, for each test of ``journal_speed.every_system_rolls`` in
turn: its test's summary in both languages at once (an oracle's, its question), as that
version's ``cli.describe`` wrote them. Today's meneur reads such a text as it is."""


def older_journal(directory: Path, count: int) -> None:
    """A campaign of ``count`` entries as meneur 0.1 left it: the entries of
    ``journal_speed.fill`` (a labelled roll, a roll without a label, a note, in turn),
    each with its author, a roll without a label holding its stored summary
    (:data:`OLDER_SUMMARIES`), no entry holding words; campaign.toml caught up with the
    whole journal; no record of chunks read whole (``journal/checked.toml``)."""
    from journal_speed import START, every_system_rolls

    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import CHUNK_SIZE, Entry, chunk_header, chunk_name, entry_block

    Campaign.create(directory, system="resolution", name=f"{count} entries").close()
    rolls = every_system_rolls()
    chunk: list[str] = []
    for ident in range(1, count + 1):
        time_ = START + timedelta(minutes=ident)
        roll, summary = rolls[ident % len(rolls)], OLDER_SUMMARIES[ident % len(rolls)]
        if ident % 3 == 1:
            entry = Entry(ident, time_, "roll", f"Escalader le mur {ident}", roll=roll)
        elif ident % 3 == 2:
            entry = Entry(ident, time_, "roll", summary, roll=roll)
        else:
            entry = Entry(ident, time_, "note", f"Note {ident}: la nuit tombe sur Vranberg.")
        chunk.append(entry_block(replace(entry, by="mj@vranberg")))
        if ident % CHUNK_SIZE == 0 or ident == count:
            number = (ident - 1) // CHUNK_SIZE + 1
            text = chunk_header(number) + "\n".join(chunk)
            (directory / "journal" / chunk_name(number)).write_text(text, encoding="utf-8")
            chunk = []
    _set_applied(directory, count)
    (directory / "journal" / "checked.toml").unlink(missing_ok=True)


def build(kind: str, directory: Path, count: int) -> None:
    """The journal ``kind`` (``today`` or ``older``) of ``count`` entries, in
    ``directory``; today's as meneur keeps a journal it writes, the first write having
    sealed the chunks it read whole."""
    from journal_speed import fill

    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    from meneur.saves.campaign import Campaign

    if kind == "older":
        older_journal(directory, count)
        return
    fill(directory, count, every_system=True)
    with Campaign.open(directory) as campaign:
        act.note(campaign, GM_SEAT, "La partie reprend.")


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


def _set_applied(directory: Path, applied: int) -> None:
    """campaign.toml said to have caught up with the journal's first ``applied``
    entries (entries that change nothing: only its count moves)."""
    state = directory / "campaign.toml"
    text, found = re.subn(
        r"(?m)^journal_applied = \d+$", f"journal_applied = {applied}", state.read_text()
    )
    assert found == 1, "campaign.toml says how far it caught up"
    state.write_text(text)
    assert _applied(directory) == applied


def _build(kind: str, directory: Path, entries: int) -> None:
    """:func:`build`, in a process of its own: the commands measured are started from
    this one, and a child's peak memory counts what it shared with its parent at fork."""
    subprocess.run(
        [sys.executable, __file__, "--build", kind, str(directory), str(entries)],
        check=True,
        cwd=Path(__file__).parent,
        env=ENV,
    )


def _first_write(directory: Path, out: Path) -> tuple[float, float]:
    """``meneur note`` on ``directory``: its seconds and peak memory."""
    return run_command(["note", "La nuit tombe."], directory, out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3, help="runs of each command (median)")
    parser.add_argument("--no-app", action="store_true", help="skip the app's figures")
    parser.add_argument(
        "--build", nargs=3, metavar=("KIND", "DIR", "ENTRIES"), help=argparse.SUPPRESS
    )
    options = parser.parse_args()
    if options.build:
        kind, directory, entries = options.build
        build(kind, Path(directory), int(entries))
        return
    with tempfile.TemporaryDirectory() as folder:
        sealed, older = Path(folder) / "sealed", Path(folder) / "older"
        _build("today", sealed, options.entries)
        _build("older", older, options.entries)
        # As a writer that died between the two left it: campaign.toml behind every
        # entry of its journal, which nothing has sealed either.
        lagging = Path(folder) / "lagging"
        shutil.copytree(older, lagging)
        _set_applied(lagging, 0)
        out = Path(folder) / "out"
        size = sum(p.stat().st_size for p in (sealed / "journal").iterdir()) / 1e6
        run_command(["check"], sealed, out)  # a first run writes the bytecode caches
        yardstick = parse_seconds(sealed, "tomllib")
        rtoml = parse_seconds(sealed, "rtoml")
        print(
            f"{options.entries} entries, {size:.0f} MB; tomllib parses them in"
            f" {yardstick:.2f} s, rtoml in {rtoml:.2f} s ({rtoml / yardstick:.3f} ×)"
        )
        print(f"today's journal, sealed, median of {options.runs} runs:")
        for name in COMMANDS:
            measure(name, sealed, out, options.runs, yardstick)

        older_yardstick = parse_seconds(older, "tomllib")
        print(
            f"an older meneur's journal (meneur 0.1's: rolls' summaries stored, unsealed);"
            f" tomllib parses it in {older_yardstick:.2f} s. Read-only:"
        )
        before = files_of(older)
        for name in COMMANDS:
            measure(name, older, out, 1, older_yardstick)
        unchanged = files_of(older) == before
        print(f"  files of the campaign unchanged by them: {'yes' if unchanged else 'NO'}")
        seconds, memory = _first_write(older, out)
        sealed_now = (older / "journal" / "checked.toml").exists()
        print(
            f"  the first write (meneur note): {seconds:.2f} s, peak {memory:.0f} MB;"
            f" sealed after it: {'yes' if sealed_now else 'NO'}"
        )
        print(f"the older meneur's journal written once, median of {options.runs} runs:")
        for name in COMMANDS:
            measure(name, older, out, options.runs, older_yardstick)

        print("lagging campaign.toml (behind its journal: a writer that died), unsealed,")
        print("read-only:")
        before = files_of(lagging)
        for name in COMMANDS:
            measure(name, lagging, out, 1, older_yardstick, timed=False)
        unchanged = files_of(lagging) == before
        print(f"  files of the campaign unchanged by them: {'yes' if unchanged else 'NO'}")
        seconds, memory = _first_write(lagging, out)
        caught_up = _applied(lagging) >= options.entries  # every entry taken in
        print(
            f"  the first write (meneur note): {seconds:.2f} s, peak {memory:.0f} MB;"
            f" caught up after it: {'yes' if caught_up else 'NO'}"
        )
        if not options.no_app:
            asyncio.run(app_figures(sealed))


if __name__ == "__main__":
    main()
