"""The live campaign: how fast and how cheaply every process follows the others.

- Follow latency: from a write acknowledged by another process (a note, as ``meneur
  note`` writes it) to its text drawn by the app in a real pseudo-terminal; p50/p95.
  Goal: p95 ≤ 250 ms.
- Idle cost: the CPU the app spends following an idle campaign, as a share of a core.
  Goal: ≤ 1 %.
- Catch-up cost against the journal's length: one new entry picked up by a follower of
  a journal of 100 entries and of 20,000 (ratio; goal: about 1, it reads only the new
  bytes).
- Parallel writers: 8 processes × 40 ``meneur roll --campaign`` at once: acknowledged
  share, ids contiguous, throughput.

    .venv/bin/python benchmarks/live_campaign.py [--samples 30] [--idle 10] [--long 20000]
        [--writers 8] [--writes 40]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from meneur.core.table_rules import GM_SEAT
from meneur.play import act

sys.path.insert(0, str(Path(__file__).parent))
from tui_speed import _cpu_time, launch, wait_for


def follow_latency(folder: Path, samples: int, idle: float) -> None:
    from meneur.saves.campaign import Campaign

    env = {**os.environ, "MENEUR_DATA_DIR": str(folder / "data"), "TERM": "xterm-256color"}
    directory = folder / "data" / "campaigns" / "default"
    meneur = str(Path(sys.executable).parent / "meneur")
    process, fd = launch([meneur, "--seed", "1", "--lang", "fr"], env)
    try:
        wait_for(fd, b"Lancer")
        time.sleep(1.0)  # the journal and the hidden tabs are built
        writer = Campaign.open(directory)
        delays = []
        for i in range(samples):
            marker = f"Repère{i:03d}"
            act.note(writer, GM_SEAT, marker)  # acknowledged: on disk when this returns
            acknowledged = time.perf_counter()
            delays.append(wait_for(fd, marker.encode()) - acknowledged)
            time.sleep(0.137)  # not in step with the app's polling
        delays.sort()
        p95 = delays[int(0.95 * (len(delays) - 1))]
        print(f"follow latency, {samples} notes written by another process:")
        print(
            f"  p50 {statistics.median(delays) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms,"
            f" worst {delays[-1] * 1000:.0f} ms   (goal: p95 ≤ 250 ms)"
        )
        time.sleep(1.0)
        before, started = _cpu_time(process.pid), time.perf_counter()
        end = started + idle
        while time.perf_counter() < end:  # keep the terminal drained, as a terminal does
            try:
                os.read(fd, 65536)
            except BlockingIOError:
                time.sleep(0.05)
        after = _cpu_time(process.pid)
        assert before is not None
        assert after is not None
        share = (after - before) / (time.perf_counter() - started)
        print(f"idle cost while following: {share * 100:.2f} % of a core over {idle:g} s")
        print("  (goal ≤ 1 %)")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait()
        os.close(fd)


def catch_up_cost(folder: Path, long: int) -> None:
    from meneur.saves.campaign import Campaign

    costs = {}
    for length in (100, long):
        directory = folder / f"long{length}"
        Campaign.create(directory, system="resolution").close()
        _fill(directory, length)
        writer = Campaign.open(directory)
        follower = Campaign.open(directory, write=False)
        times = []
        for i in range(25):
            act.note(writer, GM_SEAT, f"new {i}")
            started = time.perf_counter()
            assert len(follower.sync().entries) == 1
            times.append(time.perf_counter() - started)
        idle = []
        for _ in range(200):
            started = time.perf_counter()
            follower.sync()
            idle.append(time.perf_counter() - started)
        costs[length] = (statistics.median(times), statistics.median(idle))
    print("catch-up of one new entry (median of 25), and a look when nothing changed:")
    for length, (new, idle_look) in costs.items():
        print(
            f"  journal of {length:>6}: {new * 1e6:6.0f} µs new entry,"
            f" {idle_look * 1e6:4.0f} µs idle look"
        )
    ratio = costs[long][0] / costs[100][0]
    print(f"  ratio {long:,} / 100: {ratio:.2f} (goal ≈ 1: it reads only new bytes)")


def _fill(directory: Path, length: int) -> None:
    """Write ``length`` notes quickly: whole chunks at once, as meneur appends them."""
    from datetime import UTC, datetime

    from meneur.saves.atomic import atomic_write
    from meneur.saves.journal import CHUNK_SIZE, Entry, chunk_header, chunk_name, entry_block

    now = datetime(2026, 11, 23, tzinfo=UTC)
    for number in range(1, (length - 1) // CHUNK_SIZE + 2):
        first = (number - 1) * CHUNK_SIZE + 1
        ids = range(first, min(first + CHUNK_SIZE, length + 1))
        blocks = [entry_block(Entry(i, now, "session" if i % 2 else "scene", f"e{i}")) for i in ids]
        text = chunk_header(number) + "\n".join(blocks)
        atomic_write(directory / "journal" / chunk_name(number), text.encode())


def parallel_writers(folder: Path, writers: int = 8, rolls: int = 40) -> None:
    from meneur.saves.campaign import Campaign

    directory = folder / "parallel"
    Campaign.create(directory, system="resolution").close()
    meneur = str(Path(sys.executable).parent / "meneur")
    script = (
        f'for i in $(seq {rolls}); do "{meneur}" roll resolution --score 3'
        f' --campaign "{directory}" >/dev/null || echo refused; done'
    )
    started = time.perf_counter()
    running = [
        subprocess.Popen(["sh", "-c", script], stdout=subprocess.PIPE, text=True)
        for _ in range(writers)
    ]
    refused = sum(process.communicate()[0].count("refused") for process in running)
    elapsed = time.perf_counter() - started
    with Campaign.open(directory, write=False) as campaign:
        ids = [entry.id for entry in campaign.journal]
    total = writers * rolls
    print(f"parallel writers, {writers} processes × {rolls} CLI rolls at once:")
    print(
        f"  acknowledged {total - refused}/{total} ({(total - refused) / total:.0%}),"
        f" {len(ids)} entries, ids contiguous: {ids == list(range(1, len(ids) + 1))},"
        f" {total / elapsed:.0f} rolls/s"
    )
    check = subprocess.run(
        [meneur, "check", str(directory), "--verify-rolls"], capture_output=True, text=True
    )
    print(f"  check --verify-rolls: {check.stdout.strip() or check.stderr.strip()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=30)
    parser.add_argument("--idle", type=float, default=10.0)
    parser.add_argument("--long", type=int, default=20_000, help="the long journal caught up")
    parser.add_argument("--writers", type=int, default=8, help="processes writing at once")
    parser.add_argument("--writes", type=int, default=40, help="CLI rolls of each writer")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        follow_latency(folder, args.samples, args.idle)
        catch_up_cost(folder, args.long)
        parallel_writers(folder, args.writers, args.writes)


if __name__ == "__main__":
    main()
