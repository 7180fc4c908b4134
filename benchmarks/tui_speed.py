"""The app's speed as a player feels it, in a real pseudo-terminal.

- Cold start: from launching ``meneur`` to its first frame (the roll button drawn),
  against a minimal Textual app (one Static) measured the same way in the same run,
  the runs interleaved. Budget (issue 62): within 1.3× of the minimal app. A third app
  gives the figure its floor: Textual alone, laid out as the table is (a side column,
  the centre, the journal's column) with as many widgets as meneur's first frame holds
  (36), each one line of text, and none of meneur's code: what any Textual app showing
  that many widgets pays. Both the wall-clock time
  and the CPU time the process spent until then are reported: on a busy machine the
  wall clock swings by a third from run to run, the CPU time much less. The campaign
  has a journal of ``--journal`` entries (200 by default, rolls and notes, as a played
  campaign has); the journal's entries are drawn just after the first frame, and the
  time until its newest one shows is reported too.
- Key press: from writing ``r`` to the terminal to the roll's result drawn.
  Budget: under 50 ms.

    .venv/bin/python benchmarks/tui_speed.py [--runs 11] [--journal 200] [--start-only]
        [--cold-css]

meneur keeps the CSS it parsed between runs (tui/css_cache.py): the runs timed find it,
as every start after a player's first does; ``--cold-css`` times the first start after
an install instead.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.locations import cache_dir
from meneur.tui.css_cache import CACHE_FILE
from meneur.tui.screens.table import CSS_KEPT_AFTER

MINIMAL = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("MINIMAL-READY")

Minimal().run()
"""

LAID_OUT = """
from textual.app import App
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

class LaidOut(App):
    CSS = "Static { height: 1; } #side { width: 26; } #journal { width: 43; }"

    def compose(self):
        # 36 nodes, as the table's first frame: the screen, its toast rack and tooltip,
        # 3 containers and a row, 2 lines above and below, 27 lines in the centre.
        yield Static("meneur")
        with Horizontal():
            yield Vertical(id="side")
            with Vertical():
                for number in range(26):
                    yield Static(f"Line {number} of the action panel, with its words")
                yield Static("LAID-OUT-READY")
            yield Vertical(id="journal")
        yield Static("f1 Help  r Roll  : Command")

LaidOut().run()
"""


def wait_for(
    fd: int, marker: bytes, timeout: float = 120.0, seen: bytearray | None = None
) -> float:
    """Read the terminal until ``marker`` shows; return when it did (perf_counter).
    ``seen``: what was read before, kept with what is read now, so that a wait after
    this one finds what this one read past its marker (in the same read as it). The
    ``timeout`` only tells a hung app from a slow one (a busy machine is slow)."""
    seen = bytearray() if seen is None else seen
    deadline = time.perf_counter() + timeout
    while marker not in seen:
        if time.perf_counter() > deadline:
            raise TimeoutError(f"{marker!r} never appeared")
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                raise TimeoutError(f"{marker!r} never appeared: the terminal closed") from None
    return time.perf_counter()


def launch(
    command: list[str], env: dict[str, str], size: tuple[int, int] = (120, 40)
) -> tuple[subprocess.Popen[bytes], int]:
    """Start ``command`` in a new pseudo-terminal of ``size`` (columns, lines)."""
    master, slave = pty.openpty()
    columns, lines = size
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    os.set_blocking(master, False)
    process = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    return process, master


def cold_start(
    command: list[str], env: dict[str, str], marker: bytes, then: bytes | None = None
) -> tuple[float, float, float]:
    """Seconds from launching ``command`` to ``marker`` drawn: wall clock, CPU time, and
    the wall clock until ``then`` is drawn too (``marker``'s when there is none).

    The process is killed as soon as ``marker`` shows (or ``then``), so its CPU time (user
    + system, from the kernel's accounting) is what it spent to draw the first frame.
    """
    started = time.perf_counter()
    process, fd = launch(command, env)
    seen = bytearray()  # ``then`` may come in the same read as ``marker``
    wall = wait_for(fd, marker, seen=seen) - started
    usage_at_marker = _cpu_time(process.pid)
    later = wait_for(fd, then, seen=seen) - started if then else wall
    os.killpg(process.pid, signal.SIGKILL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    os.close(fd)
    cpu = usage_at_marker if usage_at_marker is not None else usage.ru_utime + usage.ru_stime
    return wall, cpu, later


def _cpu_time(pid: int) -> float | None:
    """The CPU time (user + system) process ``pid`` has spent so far, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def fill_journal(folder: str, entries: int) -> bytes:
    """Give the default campaign a played journal of ``entries`` entries (rolls, notes);
    return the text its newest entry shows."""
    import random

    from meneur.core.records import roll_seeded
    from meneur.core.resolution import rules as resolution
    from meneur.saves.campaign import Campaign
    from meneur.saves.locations import DATA_DIR_ENV, default_campaign

    os.environ[DATA_DIR_ENV] = folder
    campaign = Campaign.open(default_campaign())
    rng = random.Random(1)
    for number in range(entries - 1):
        if number % 3:
            test = resolution.ResolutionTest(score=rng.randint(1, 5))
            record = roll_seeded(resolution.roll, test, number)
            act.roll(campaign, GM_SEAT, record, f"Razors — test {number}")
        else:
            act.note(campaign, GM_SEAT, f"Note {number}: the caravan reaches the pass at dusk.")
    last = "Fin du journal de test"
    act.note(campaign, GM_SEAT, last)
    campaign.close()
    return last.encode()


def stop(process: subprocess.Popen[bytes], fd: int) -> None:
    """End the app as a shutdown does (SIGTERM), reading what it draws meanwhile: it
    gives the terminal back as it was, and a terminal nobody reads would block those
    last writes (and the app with them)."""
    os.killpg(process.pid, signal.SIGTERM)
    deadline = time.perf_counter() + 20
    while process.poll() is None and time.perf_counter() < deadline:
        drain(fd)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    os.close(fd)


def drain(fd: int) -> None:
    """Read whatever the app is still drawing, until it has been quiet a moment."""
    while select.select([fd], [], [], 0.2)[0]:
        try:
            os.read(fd, 65536)
        except OSError:
            return


def press_r(fd: int) -> float:
    """Seconds from the key ``r`` written to the roll's seed line drawn."""
    drain(fd)
    pressed = time.perf_counter()
    os.write(fd, b"r")
    return wait_for(fd, b"graine") - pressed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--journal", type=int, default=200, help="entries in the journal")
    parser.add_argument("--start-only", action="store_true", help="skip the key presses")
    parser.add_argument(
        "--cold-css",
        action="store_true",
        help="start meneur without its parsed CSS each time (as the first start after an install)",
    )
    options = parser.parse_args()
    runs = options.runs
    meneur = str(Path(sys.executable).parent / "meneur")
    with tempfile.TemporaryDirectory() as folder:
        # As on a player's machine, Python keeps the compiled bytecode of meneur's modules
        # (some sandboxes set PYTHONDONTWRITEBYTECODE, which would time compiling them).
        env = {
            **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
            "MENEUR_DATA_DIR": folder,
            "TERM": "xterm-256color",
            "LANG": "fr_FR.UTF-8",
        }
        minimal_file = Path(folder) / "minimal.py"
        minimal_file.write_text(MINIMAL)
        laid_out_file = Path(folder) / "laid_out.py"
        laid_out_file.write_text(LAID_OUT)
        # A first run creates the default campaign and writes the bytecode caches and the
        # parsed CSS (tui/css_cache.py, kept a moment after the first frame): start-up is
        # measured on the later runs, as every start after a player's first.
        process, fd = launch([meneur, "--seed", "1"], env)
        wait_for(fd, b"Lancer")
        css_file = cache_dir() / CACHE_FILE
        deadline = time.monotonic() + 60
        while not css_file.exists() and time.monotonic() < deadline:
            drain(fd)
            time.sleep(0.05)
        time.sleep(CSS_KEPT_AFTER + 1)  # the CSS parsed just after the first frame too
        drain(fd)
        stop(process, fd)
        newest = fill_journal(folder, options.journal)
        # The key presses roll in a campaign of their own: the one timed keeps its journal.
        presses_env = {**env, "MENEUR_DATA_DIR": str(Path(folder) / "presses")}
        starts: dict[str, list[tuple[float, float, float]]] = {
            "minimal": [],
            "laid_out": [],
            "meneur": [],
        }
        # The first roll of a session (it lays the result out for the first time) and the
        # next ones, in a large terminal and in the smallest one meneur supports.
        presses: dict[tuple[int, int], dict[str, list[float]]] = {
            size: {"first": [], "next": []} for size in ((120, 40), (80, 24))
        }
        for _ in range(runs):
            starts["minimal"].append(
                cold_start([sys.executable, str(minimal_file)], env, b"MINIMAL-READY")
            )
            starts["laid_out"].append(
                cold_start([sys.executable, str(laid_out_file)], env, b"LAID-OUT-READY")
            )
            if options.cold_css:
                css_file.unlink(missing_ok=True)
            starts["meneur"].append(cold_start([meneur, "--seed", "1"], env, b"Lancer", newest))
            if options.start_only:
                continue
            for size, timings in presses.items():
                process, fd = launch([meneur, "--seed", "1"], presses_env, size)
                wait_for(fd, b"Lancer")
                timings["first"].append(press_r(fd))
                timings["next"].extend(press_r(fd) for _ in range(3))
                stop(process, fd)
        print(
            f"cold start to the first frame, 120×40, journal of {options.journal} entries,"
            f" median of {runs} runs:"
        )
        print("                                       wall clock    CPU time")
        medians = {
            name: [statistics.median(run[i] for run in values) * 1000 for i in (0, 1, 2)]
            for name, values in starts.items()
        }
        for name, label in (
            ("minimal", "minimal Textual app (one Static)"),
            ("laid_out", "Textual app, the table's 36 widgets"),
            ("meneur", "meneur (the table, odds shown)"),
        ):
            wall, cpu, _ = medians[name]
            print(f"  {label:36} {wall:6.0f} ms   {cpu:6.0f} ms")
        (wall_minimal, cpu_minimal, _), (wall_ours, cpu_ours, filled) = (
            medians["minimal"],
            medians["meneur"],
        )
        print(
            f"  ratio {wall_ours / wall_minimal:.2f} wall clock, {cpu_ours / cpu_minimal:.2f} CPU"
            "   (budget ≤ 1.3)"
        )
        wall_laid, cpu_laid, _ = medians["laid_out"]
        print(
            f"  Textual's own floor for that many widgets: {wall_laid / wall_minimal:.2f} wall"
            f" clock, {cpu_laid / cpu_minimal:.2f} CPU; meneur over it: {wall_ours / wall_laid:.2f}"
            f" wall clock, {cpu_ours / cpu_laid:.2f} CPU"
        )
        print(f"  the journal's newest entry drawn: {filled:.0f} ms after launch")
        if options.start_only:
            return
        print("key 'r' to the result drawn (budget < 50 ms):")
        for (columns, lines), timings in presses.items():
            for which, values in timings.items():
                median, worst = statistics.median(values) * 1000, max(values) * 1000
                print(
                    f"  {columns}×{lines} {which} roll: median {median:5.1f} ms,"
                    f" worst {worst:5.1f} ms   [{len(values)} rolls]"
                )


if __name__ == "__main__":
    main()
