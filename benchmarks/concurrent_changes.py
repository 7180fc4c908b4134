"""Changes started at the same moment: are they all kept?

Several processes run one command line change each (or fifteen mixed ones), released
together once all have started; the report counts the changes acknowledged (exit 0), the
campaign's final state, and what every acknowledged change applied in turn gives. Before
issue 26 the commands computed their change from the state read before taking the lock,
so eight clocks advanced at once moved by one or two.

    .venv/bin/python benchmarks/concurrent_changes.py [--runs 3] [--writers 8] [--writes 15]
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

# A benchmark never writes into the person's own meneur (the campaign used last, the
# settings): its commands keep their data in a folder of their own, gone when it ends.
if "MENEUR_DATA_DIR" not in os.environ:
    os.environ["MENEUR_DATA_DIR"] = tempfile.mkdtemp(prefix="meneur-bench-")
    atexit.register(shutil.rmtree, os.environ["MENEUR_DATA_DIR"], ignore_errors=True)

ONE = textwrap.dedent(
    """
    import contextlib, io, os, sys, time
    from meneur.cli.main import main
    go, words = sys.argv[1], sys.argv[2:]
    open(f"{go}.{os.getpid()}", "w").close()  # started: meneur imported
    while not os.path.exists(go):  # all start at once
        time.sleep(0.001)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(words)
    print(status)
    """
)

MIXED = textwrap.dedent(
    """
    import contextlib, io, os, random, sys, time
    from meneur.cli.main import main
    go, directory, worker, writes = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    pick = random.Random(worker)
    open(f"{go}.{os.getpid()}", "w").close()  # started: meneur imported
    while not os.path.exists(go):
        time.sleep(0.001)
    for i in range(writes):
        verb = pick.choice(["thread", "clock", "note"])
        words = {
            "thread": ["thread", directory, "add", f"t-{worker}-{i}"],
            "clock": ["clock", directory, "advance", "loups", "1"],
            "note": ["note", directory, f"note {worker} {i}"],
        }[verb]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            status = main(words)
        print(status, verb)
    """
)

ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def cli(*words: str) -> None:
    subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", *words],
        check=True,
        capture_output=True,
        env=ENV,
    )


def campaign(folder: Path) -> Path:
    """A solo campaign with a clock of 12 segments and a track."""
    directory = folder / "c"
    cli("new", str(directory), "--system", "resolution", "--option", "solo=true")
    cli("clock", str(directory), "add", "loups", "12")
    cli("track", str(directory), "add", "col", "ardu")
    return directory


def state(directory: Path) -> dict[str, Any]:
    from meneur.saves.campaign import Campaign

    return Campaign.open(directory, write=False).state


def together(folder: Path, commands: list[list[str]], script: str = ONE) -> list[str]:
    """Start one process per command, release them together; their outputs."""
    go = folder / f"go-{time.monotonic_ns()}"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", script, str(go), *words],
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
        )
        for words in commands
    ]
    # Released once every process has started and waits (each says so in a file).
    while len(list(folder.glob(f"{go.name}.*"))) < len(processes):
        if any(process.poll() is not None for process in processes):
            break  # one ended before the start: its output says why
        time.sleep(0.01)
    go.touch()
    return [process.communicate()[0] for process in processes]


def acknowledged(outputs: list[str]) -> int:
    return sum(1 for out in outputs if out.split()[:1] == ["0"])


def row(name: str, acked: int, final: int, expected: int, note: str = "") -> None:
    print(f"{name:34} {acked:>12} {final:>6} {expected:>8}  {note}".rstrip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--writers", type=int, default=8, help="processes started together")
    parser.add_argument("--writes", type=int, default=15, help="mixed writes of each")
    options = parser.parse_args()
    n, half = options.writers, max(1, options.writers // 2)
    print(f"{'started together':34} {'acknowledged':>12} {'final':>6} {'expected':>8}")
    for _ in range(options.runs):
        with tempfile.TemporaryDirectory() as name:
            folder = Path(name)
            directory = campaign(folder)
            d = str(directory)
            outs = together(folder, [["clock", d, "advance", "loups", "1"]] * n)
            final = state(directory)["trackers"]["loups"]["value"]
            row(f"{n} × clock advance by 1", acknowledged(outs), final, acknowledged(outs))
            cli("tension", d, "1")
            outs = together(folder, [["tension", d, "up"]] * half)
            final = state(directory)["solo"]["tension"]
            row(f"{half} × tension up from 1", acknowledged(outs), final, 1 + acknowledged(outs))
            outs = together(folder, [["track", d, "mark", "col"]] * n)
            final = state(directory)["trackers"]["col"]["value"] // 4
            row(f"{n} × track mark (boxes)", acknowledged(outs), final, 2 * acknowledged(outs))
            outs = together(folder, [["person", d, "add", f"p{i}"] for i in range(n)])
            final = len(state(directory)["lists"]["people"])
            row(f"{n} × person add", acknowledged(outs), final, acknowledged(outs))
            before = len(state(directory)["lists"]["threads"])
            outs = together(folder, [[d, str(i), str(options.writes)] for i in range(n)], MIXED)
            lines = [line.split() for out in outs for line in out.splitlines()]
            adds = sum(1 for status, verb in lines if status == "0" and verb == "thread")
            kept = len(state(directory)["lists"]["threads"]) - before
            total = sum(1 for status, _ in lines if status == "0")
            name = f"{n} writers × {options.writes} mixed writes"
            row(name, total, kept, adds, "(thread adds kept / made)")


if __name__ == "__main__":
    main()
