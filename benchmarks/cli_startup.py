"""Whole-process time of `meneur odds …` / `meneur roll …` against a bare Python.

The budget (issue 25): within 2x of `python -c "import json, fractions, random, argparse,
tomllib"` on the same machine. Machines here are noisy, so this reports medians of many
interleaved runs and the ratio, not absolute times.

    .venv/bin/python benchmarks/cli_startup.py [--runs 40]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A benchmark never writes into the person's own meneur (the campaign used last, the
# settings): its commands keep their data in a folder of their own, gone when it ends.
if "MENEUR_DATA_DIR" not in os.environ:
    os.environ["MENEUR_DATA_DIR"] = tempfile.mkdtemp(prefix="meneur-bench-")
    atexit.register(shutil.rmtree, os.environ["MENEUR_DATA_DIR"], ignore_errors=True)

BIN = Path(sys.executable).parent
# As on a player's machine, Python keeps the compiled bytecode of meneur's modules; some
# sandboxes set PYTHONDONTWRITEBYTECODE, which would time compiling them at every run.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
BASELINE = [sys.executable, "-c", "import json, fractions, random, argparse, tomllib"]
COMMANDS = {
    command: shlex.split(command)
    for command in (
        "odds resolution --intrinsic ardue --interest neutral --element 2",
        "odds resolution --score 3 --alteration instable --json",
        "roll resolution --score 3 --seed 1",
        "odds cosmos --threshold 55 --karma -6 --json",
        "roll cosmos --threshold 55 --karma -6 --json",
        "odds yesno --likelihood 4",
        "odds dice '12d6>=5' --json",
        "roll dice 4d6kh3 --json",
        "create cosmos --json",
    )
}


def wall_time(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=ENV
    )
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    runs = parser.parse_args().runs
    meneur = str(BIN / "meneur")
    timings: dict[str, list[float]] = {"baseline": []}
    timings.update({name: [] for name in COMMANDS})
    for arguments in COMMANDS.values():  # a first run writes the bytecode caches
        wall_time([meneur, *arguments])
    for _ in range(runs):  # interleaved, so a noisy moment hits every command alike
        timings["baseline"].append(wall_time(BASELINE))
        for name, arguments in COMMANDS.items():
            timings[name].append(wall_time([meneur, *arguments]))
    baseline = statistics.median(timings["baseline"])
    print(f"{'command':58} {'median':>9} {'ratio':>6}   (budget: ratio <= 2.0)")
    print(f"{'bare python baseline':58} {baseline * 1000:7.1f}ms {1:6.2f}")
    worst = 0.0
    for name in COMMANDS:
        median = statistics.median(timings[name])
        worst = max(worst, median / baseline)
        print(f"{'meneur ' + name:58} {median * 1000:7.1f}ms {median / baseline:6.2f}")
    print(f"worst ratio {worst:.2f} over {runs} runs each")


if __name__ == "__main__":
    main()
