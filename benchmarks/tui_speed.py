"""The app's speed as a player feels it, in a real pseudo-terminal.

- Cold start: from launching ``meneur`` to its first frame (the roll button drawn),
  against a minimal Textual app (one Static) measured the same way in the same run.
  Budget: within 1.5× of the minimal app.
- Key press: from writing ``r`` to the terminal to the roll's result drawn.
  Budget: under 50 ms.

    .venv/bin/python benchmarks/tui_speed.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MINIMAL = """
from textual.app import App
from textual.widgets import Static

class Minimal(App):
    def compose(self):
        yield Static("MINIMAL-READY")

Minimal().run()
"""


def wait_for(fd: int, marker: bytes, timeout: float = 20.0) -> float:
    """Read the terminal until ``marker`` shows; return when it did (perf_counter)."""
    seen = b""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            seen += chunk
            if marker in seen:
                return time.perf_counter()
            seen = seen[-4096:]
    raise TimeoutError(f"{marker!r} never appeared")


def launch(command: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    process = subprocess.Popen(
        command, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
    )
    os.close(slave)
    return process, master


def stop(process: subprocess.Popen[bytes], fd: int) -> None:
    os.killpg(process.pid, signal.SIGTERM)
    process.wait()
    os.close(fd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    meneur = str(Path(sys.executable).parent / "meneur")
    with tempfile.TemporaryDirectory() as folder:
        # As on a player's machine, Python keeps the compiled bytecode of meneur's modules
        # (some sandboxes set PYTHONDONTWRITEBYTECODE, which would time compiling them).
        env = {
            **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
            "MENEUR_DATA_DIR": folder,
            "TERM": "xterm-256color",
            "COLUMNS": "120",
            "LINES": "40",
            "LANG": "fr_FR.UTF-8",
        }
        minimal_file = Path(folder) / "minimal.py"
        minimal_file.write_text(MINIMAL)
        # A first run creates the default campaign and writes the bytecode caches: start-up is
        # measured on the later runs.
        process, fd = launch([meneur, "--seed", "1"], env)
        wait_for(fd, b"Lancer")
        stop(process, fd)
        starts: dict[str, list[float]] = {"minimal": [], "meneur": []}
        presses: list[float] = []
        for _ in range(runs):
            started = time.perf_counter()
            process, fd = launch([sys.executable, str(minimal_file)], env)
            starts["minimal"].append(wait_for(fd, b"MINIMAL-READY") - started)
            stop(process, fd)
            started = time.perf_counter()
            process, fd = launch([meneur, "--seed", "1"], env)
            starts["meneur"].append(wait_for(fd, b"Lancer") - started)
            time.sleep(0.3)  # let the first frame settle before the key
            pressed = time.perf_counter()
            os.write(fd, b"r")
            presses.append(wait_for(fd, b"graine") - pressed)
            stop(process, fd)
        minimal = statistics.median(starts["minimal"])
        ours = statistics.median(starts["meneur"])
        print(f"minimal Textual app to first frame: median {minimal * 1000:.0f} ms")
        print(f"meneur to its first frame:          median {ours * 1000:.0f} ms")
        print(f"ratio {ours / minimal:.2f}   (budget ≤ 1.5)")
        print(
            f"key 'r' to the result drawn: median {statistics.median(presses) * 1000:.1f} ms,"
            f" worst {max(presses) * 1000:.1f} ms   (budget < 50 ms)   [{runs} runs]"
        )


if __name__ == "__main__":
    main()
