"""100 KB typed into the note editor by a terminal without bracketed paste (as ``tmux
paste-buffer`` without ``-p`` sends it: every character a key, line breaks as Enter),
in a real pseudo-terminal: from the first byte written to the last line drawn in the
editor. Goal (issue 40): within 3 s on the 2-core machine, against over five minutes
before a read of the terminal bringing more keys than anybody types was taken as one
paste (meneur.tui.typed_bursts; issue 59 keeps typed lines apart, the goal stands).
Also, the same text into the command line: from the first byte to the dialog that shows
it whole (nothing is sent before the player says).

    .venv/bin/python benchmarks/typed_paste.py [--runs 5] [--size 100000]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import random
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

GOAL = 3.0


def story(size: int) -> bytes:
    rng = random.Random(size)
    words = "le vent tourne sur le col et la neige tombe fort ce soir".split()  # noqa: SIM905
    lines: list[str] = []
    while sum(len(line) + 1 for line in lines) < size - 20:
        lines.append(" ".join(rng.choice(words) for _ in range(12)))
    return "\r".join([*lines, "FIN-DU-COLLAGE"]).encode()


def run_once(size: int, where: str) -> float:
    data = tempfile.mkdtemp()
    pid, fd = pty.fork()
    if pid == 0:
        # The terminal's size before the app asks for it (the parent's, after the fork,
        # may come late on a loaded machine).
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.environ.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "MENEUR_DATA_DIR": data})
        os.execv(sys.executable, [sys.executable, "-m", "meneur.cli.main"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen = b""

    def until(marker: bytes, timeout: float = 600) -> None:
        nonlocal seen
        deadline = time.monotonic() + timeout
        while marker not in seen:
            if time.monotonic() > deadline:
                raise SystemExit(f"{marker!r} never shown")
            if select.select([fd], [], [], 0.05)[0]:
                seen += os.read(fd, 1 << 16)

    try:
        until(b"Roll")
        os.write(fd, b"\x1b[20~" if where == "editor" else b":")
        until(b"New note" if where == "editor" else b"Command")
        time.sleep(0.3)
        seen = b""
        text = story(size)
        # The editor: its last line drawn; the command line: the dialog counting it all.
        marker = b"FIN-DU-COLLAGE" if where == "editor" else b"(%d characters)" % len(text)
        start = time.perf_counter()
        while text:
            readable, writable, _ = select.select([fd], [fd], [], 0.05)
            if readable:
                seen += os.read(fd, 1 << 16)
            if writable:
                text = text[os.write(fd, text[:4096]) :]
        until(marker)
        return time.perf_counter() - start
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(fd)
        shutil.rmtree(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--size", type=int, default=100_000)
    args = parser.parse_args()
    for where in ("editor", "command line"):
        times = sorted(run_once(args.size, where) for _ in range(args.runs))
        p50 = statistics.median(times)
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(
            f"{args.size:,} bytes typed into the {where}: p50 {p50:.2f} s, p95 {p95:.2f} s "
            f"({p50 / GOAL:.2f}× the {GOAL:.0f} s goal)"
        )


if __name__ == "__main__":
    main()
