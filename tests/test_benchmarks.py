"""Every benchmark runs in the suite at a tiny size: a smoke run that fails when the script
breaks (a refactor once broke ``benchmarks/whole_journal.py`` unseen, and its figures could
no longer be measured again), never on a figure — a time measured here, on a machine
running the suite beside it, would say nothing; the figures are measured by running the
benchmark by hand on a quiet machine.

Each runs in a process of its own, in the suite's home (the environment it inherits), with
a temporary folder of its own that it must leave empty, bounded in time; it must end with
status 0, having printed its figures, and every process it started must end too.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.serve.browser import CHROMIUM
from tests.serve.nginx import NGINX
from tests.waiting import PATIENCE, until

pytestmark = pytest.mark.e2e

BENCHMARKS = Path(__file__).parent.parent / "benchmarks"

NUMBER = r"-?\d+(\.\d+)?"

SMOKE: dict[str, tuple[list[str], list[str]]] = {
    "audience.py": (
        ["--feeds", "3", "--notes", "1"],
        [
            rf"3 feeds: all accepted; from the CLI's return p50 {NUMBER} ms, p95 {NUMBER} ms",
            rf"missed by 0; server memory {NUMBER} → {NUMBER} MB",
            # nginx is measured where it is installed, and said to be missing elsewhere.
            rf"3 clients of the published folder .*: from the CLI's return p50 {NUMBER} ms"
            r".* missed by 0"
            if NGINX is not None
            else r"published folder: skipped, no nginx",
        ],
    ),
    "cli_startup.py": (["--runs", "1"], [rf"worst ratio {NUMBER} over 1 runs each"]),
    "concurrent_changes.py": (
        ["--runs", "1", "--writers", "2", "--writes", "2"],
        [  # each change acknowledged is kept: the final state is what they give in turn
            r"(?m)^2 × clock advance by 1 +(\d+) +\1 +\1$",
            r"(?m)^1 × tension up from 1 +\d+ +(\d+) +\1$",
            r"(?m)^2 × track mark \(boxes\) +\d+ +(\d+) +\1$",
            r"(?m)^2 × person add +(\d+) +\1 +\1$",
            r"(?m)^2 writers × 2 mixed writes +\d+ +(\d+) +\1 ",
        ],
    ),
    "journal_speed.py": (
        ["--entries", "300", "--appends", "2"],
        [rf"ratio big/small: {NUMBER}", rf"open 300 entries .*: median {NUMBER} ms"],
    ),
    "live_campaign.py": (
        ["--samples", "2", "--idle", "0.2", "--long", "300", "--writers", "2", "--writes", "2"],
        [
            rf"p50 {NUMBER} ms, p95 {NUMBER} ms",
            rf"idle cost while following: {NUMBER} % of a core",
            rf"ratio 300 / 100: {NUMBER}",
            r"acknowledged \d+/4 .* ids contiguous: True",
        ],
    ),
    "lonelog_import_speed.py": (
        ["--lines", "60"],
        [
            r"log of 60 lines: \d+ entries",
            rf"in steps of 1,000 entries: wall {NUMBER} s, CPU {NUMBER} s",
            rf"entry by entry: +wall {NUMBER} s, CPU {NUMBER} s",
            r"same entries: yes",
        ],
    ),
    "lonelog_verbatim.py": (
        [],  # the test corpus: every line back as it came
        [r"logs 5, lines in \d+, not back verbatim 0 \(0\.0%\), lost 0"],
    ),
    "luck.py": (
        ["--entries", "300", "--runs", "1"],
        [rf"meneur stats --json +{NUMBER} s = {NUMBER} × tomllib"],
    ),
    "odds_speed.py": (
        ["--runs", "1"],
        [rf"dice 3d6 +{NUMBER}ms +{NUMBER}ms", rf"dice 20d100kh10 +{NUMBER}ms +refused"],
    ),
    "shared_table.py": (
        ["--sessions", "2", "--rolls", "2", "--keys", "10", "--feeds", "3"],
        [
            rf"per extra session: {NUMBER} MB",
            rf"keystroke echo, 2 sessions: p50 {NUMBER} ms",
            rf"with 3 audience feeds: {NUMBER} MB",
            rf"a roll reaching all 2 screens \(3 audience feeds attached\): p50 {NUMBER} ms",
        ],
    ),
    "stream_view.py": (
        ["--rolls", "2", "--idle", "0.2"],
        [
            rf"meneur watch, CLI roll to the view: p50 {NUMBER} ms",
            rf"meneur watch idle: {NUMBER} % of a core",
            # Chromium is measured where it is installed, and said to be missing elsewhere.
            rf"meneur web, CLI roll to the page's terminal: p50 {NUMBER} ms"
            if CHROMIUM is not None
            else r"meneur web: skipped, no Chromium",
        ],
    ),
    "tui_speed.py": (
        ["--runs", "1", "--journal", "10"],
        [rf"ratio {NUMBER} wall clock", rf"80×24 next roll: median +{NUMBER} ms"],
    ),
    "typed_paste.py": (
        ["--runs", "1", "--size", "2000"],
        [
            rf"2,000 bytes typed into the editor: p50 {NUMBER} s",
            rf"2,000 bytes typed into the command line: p50 {NUMBER} s",
        ],
    ),
    "whole_journal.py": (
        ["--entries", "300", "--runs", "1"],
        [
            "today's journal, sealed",
            "the older meneur's journal written once",
            *(
                rf"(?m)^  {command} +{NUMBER} s = {NUMBER} × tomllib"
                for command in (
                    "check",
                    "check --verify-rolls",
                    "export -o FILE",
                    r"journal --json \(all\)",
                )
            ),
            r"files of the campaign unchanged by them: yes",
            r"sealed after it: yes",
            r"caught up after it: yes",
            rf"app: Home to entry 1 {NUMBER} ms",
        ],
    ),
}
"""Each benchmark's smoke run: its own options at a tiny size, and what it must print (its
figures, whatever they are)."""

BOUND = 5 * PATIENCE
"""Seconds a smoke run may take before it is said to hang (each takes 2 to 15 seconds on
two idle cores; generous, as the suite runs several at once on a busy machine)."""


MARKER = "MENEUR_SMOKE_RUN"
"""The variable each smoke run's processes carry, set to a value of the run's own."""


def _carrying(marker: str) -> list[int]:
    """The processes running with ``marker`` in their environment (one that has ended but
    not yet been reaped has none left to read)."""
    found = []
    for environ in Path("/proc").glob("[0-9]*/environ"):
        with contextlib.suppress(OSError):  # ended meanwhile, or not ours
            if marker.encode() in environ.read_bytes():
                found.append(int(environ.parent.name))
    return found


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(path.name for path in BENCHMARKS.glob("*.py")))
def test_a_benchmark_runs_at_a_tiny_size_and_prints_its_figures(name: str, tmp_path: Path) -> None:
    assert name in SMOKE, f"benchmarks/{name} has no smoke run: give it one in SMOKE"
    arguments, figures = SMOKE[name]
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    # Every process the benchmark starts inherits its environment, in a session of its own
    # or not: this variable finds them all.
    run = uuid.uuid4().hex
    marker = f"{MARKER}={run}"
    process = subprocess.Popen(
        [sys.executable, str(BENCHMARKS / name), *arguments],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "TMPDIR": str(temporary), MARKER: run},
    )
    try:
        try:
            said, _ = process.communicate(timeout=BOUND)
        except subprocess.TimeoutExpired:
            process.kill()
            said, _ = process.communicate()
            raise AssertionError(f"{name} did not end in {BOUND:.0f} s:\n{said}") from None
        assert process.returncode == 0, said
        for figure in figures:
            assert re.search(figure, said), f"{figure!r} not printed:\n{said}"
        until(lambda: not _carrying(marker), f"every process {name} started ended")
    finally:
        for pid in _carrying(marker):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    assert sorted(path.name for path in temporary.iterdir()) == []
