"""The audience's views: how soon a roll written elsewhere shows, and what watching costs.

- ``meneur watch`` (stream layout): from an acknowledged CLI roll to the roll drawn in
  the view, p50/p95 over N rolls (goal: the live campaign's 250 ms p95); its CPU while
  nothing happens, in a real process in a pseudo-terminal (goal ≤ 1 % of a core).
- ``meneur web``: from an acknowledged CLI roll to its words sent to the page's
  terminal in headless Chromium (skipped without Chromium).

    .venv/bin/python benchmarks/stream_view.py [--rolls 20] [--idle 10]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import pty
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

# A benchmark never writes into the person's own meneur (the campaign used last, the
# settings): its commands keep their data in a folder of their own, gone when it ends.
if "MENEUR_DATA_DIR" not in os.environ:
    os.environ["MENEUR_DATA_DIR"] = tempfile.mkdtemp(prefix="meneur-bench-")
    atexit.register(shutil.rmtree, os.environ["MENEUR_DATA_DIR"], ignore_errors=True)

CLI = [sys.executable, "-m", "meneur.cli.main"]


def roll(directory: Path, label: str, seed: int) -> None:
    subprocess.run(
        [*CLI, "roll", "resolution", "--score", "3", "--campaign", str(directory),
         "--label", label, "--seed", str(seed)],
        check=True, capture_output=True,
    )  # fmt: skip


def percentiles(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"


async def watch_latency(directory: Path, rolls: int) -> list[float]:
    from meneur.content.strings import strings
    from meneur.core.visibility import AUDIENCE
    from meneur.saves.campaign import Campaign
    from meneur.tui.watch import LastRoll, WatchApp

    app = WatchApp(Campaign.open(directory, write=False), strings("fr"), AUDIENCE)
    times = []
    async with app.run_test(size=(80, 24)):
        await asyncio.sleep(0.5)
        view = app.query_one(LastRoll)
        for number in range(rolls):
            label = f"Jet numéro {number}"
            await asyncio.to_thread(roll, directory, label, number)
            start = time.perf_counter()
            while label not in str(view.render()):
                await asyncio.sleep(0.005)
            times.append(time.perf_counter() - start)
    return times


def idle_cpu(directory: Path, seconds: float = 10.0) -> float:
    """Percent of a core ``meneur watch`` uses while nothing is written."""
    master, slave = pty.openpty()
    process = subprocess.Popen(
        [*CLI, "watch", str(directory)], stdin=slave, stdout=slave, stderr=slave,
        start_new_session=True, env={**os.environ, "TERM": "xterm-256color"},
    )  # fmt: skip
    os.close(slave)
    try:
        time.sleep(3)  # started and drawn
        ticks = os.sysconf("SC_CLK_TCK")

        def used() -> float:
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / ticks

        before = used()
        time.sleep(seconds)
        return 100 * (used() - before) / seconds
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(10)
        os.close(master)


def answers(url: str, server: subprocess.Popen[bytes]) -> bool:
    """Whether the server at ``url`` answers, once it does (False when it ended first)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=60):
                return True
        except OSError:
            if server.poll() is not None:
                return False
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)


async def web_latency(directory: Path, rolls: int) -> list[float] | None:
    sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "serve"))
    from browser import CHROMIUM, Browser, free_port  # type: ignore[import-not-found]

    if CHROMIUM is None:
        return None
    token = secrets.token_urlsafe(24)  # the page opens with its token only
    # A port free now may be taken before the server listens (by anything else on this
    # machine): then the server ends at once, and another port is tried.
    for _ in range(5):
        port = free_port()
        server = subprocess.Popen(
            [*CLI, "web", str(directory), "--port", str(port), "--lang", "fr"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env={**os.environ, "MENEUR_WEB_TOKEN": token},
        )  # fmt: skip
        if answers(f"http://127.0.0.1:{port}/?token={token}", server):
            break
    else:
        raise SystemExit("meneur web never listened")
    try:
        times = []
        async with Browser() as browser:
            await browser.open(f"http://127.0.0.1:{port}/?token={token}")
            assert await browser.wait_for("de chances avant le jet", 120) is not None
            for number in range(rolls):
                label = f"Web numéro {number}"
                await asyncio.to_thread(roll, directory, label, number)
                waited = await browser.wait_for(label, 120)
                assert waited is not None
                times.append(waited)
        return times
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=20)
    parser.add_argument("--idle", type=float, default=10.0, help="seconds the idle view is watched")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        directory = Path(folder) / "camp"
        subprocess.run([*CLI, "new", str(directory), "--system", "resolution"], check=True)
        roll(directory, "premier", 0)
        times = asyncio.run(watch_latency(directory, options.rolls))
        print(f"meneur watch, CLI roll to the view: {percentiles(times)}   (goal p95 ≤ 250 ms)")
        idle = idle_cpu(directory, options.idle)
        print(f"meneur watch idle: {idle:.2f} % of a core   (goal ≤ 1 %)")
        web = asyncio.run(web_latency(directory, options.rolls))
        if web is None:
            print("meneur web: skipped, no Chromium (apt install chromium)")
        else:
            print(f"meneur web, CLI roll to the page's terminal: {percentiles(web)}")


if __name__ == "__main__":
    main()
