"""An audience at scale: N feeds on one ``meneur web``, and the same through the folder
``meneur web --publish`` writes, behind a static web server.

- Feeds: N clients of ``/feed`` (raw HTTP, in this process), a note written by the CLI
  M times; each feed's arrival of each note timed from the moment the CLI's process
  returned (an arrival before it counts as 0), p50/p95 over all, the feeds that missed
  one, and the server's memory (VmRSS) before the feeds and after the notes.
  Goal (issue 63): 1,000 feeds all accepted, p95 ≤ 250 ms, none missed, ≤ 100 MB more.
- Published: ``meneur web --publish DIR --no-serve`` writing the audience's picture into
  a folder that nginx serves (skipped, saying so, without nginx); N clients poll its
  ``view.json`` every 300 ms with ``If-None-Match``, as the page does; each one's
  arrival of each note timed the same way.

    .venv/bin/python benchmarks/audience.py [--feeds 10 100 1000] [--notes 10]
"""

from __future__ import annotations

import argparse
import asyncio
import atexit
import os
import secrets
import shutil
import signal
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

sys.path.insert(0, str(Path(__file__).parent.parent / "tests" / "serve"))
from browser import free_port  # type: ignore[import-not-found]

CLI = [sys.executable, "-m", "meneur.cli.main"]
POLL_SECONDS = 0.3
"""How often a client of the published folder asks for the picture (as the page does)."""


def percentiles(times: list[float]) -> str:
    ordered = sorted(max(t, 0.0) for t in times)
    if not ordered:
        return "no arrival"
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"p50 {statistics.median(ordered) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms"


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def write_note(directory: Path, text: str) -> tuple[float, float]:
    """Write ``text`` as a note with the CLI; the moments its process started and
    returned."""
    started = time.perf_counter()
    process = await asyncio.create_subprocess_exec(
        *CLI, "note", str(directory), text,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    assert await process.wait() == 0
    return started, time.perf_counter()


class Arrivals:
    """When each client saw each note (by its marker), from the clients' reading."""

    def __init__(self, clients: int) -> None:
        self.seen: list[dict[str, float]] = [{} for _ in range(clients)]

    def look(self, client: int, data: bytes, markers: list[str]) -> None:
        now = time.perf_counter()
        for marker in markers:
            if marker not in self.seen[client] and marker.encode() in data:
                self.seen[client][marker] = now


class Measured:
    """What a run measured: each client's delay after each write's return, the spread
    of each note from its first client to its last, the clients that missed one."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self.from_start: list[float] = []
        self.spreads: list[float] = []
        self.missed = 0

    def said(self) -> str:
        early = sum(1 for delay in self.delays if delay <= 0) / max(len(self.delays), 1)
        worst = max(self.delays, default=0.0) * 1000
        return (
            f"from the CLI's return {percentiles(self.delays)} ({early:.0%} before it"
            f" returned), worst {worst:.0f} ms; from the CLI's start"
            f" {percentiles(self.from_start)}; first to last client"
            f" {percentiles(self.spreads)}; missed by {self.missed}"
        )


async def measure(directory: Path, notes: int, arrivals: Arrivals, markers: list[str]) -> Measured:
    """Write ``notes`` notes, each once every client has seen the one before (or after
    ten seconds), and time their arrivals."""
    measured = Measured()
    for number in range(notes):
        marker = f"Repère {number} {secrets.token_hex(4)}"
        markers.append(marker)
        started, returned = await write_note(directory, f"{marker}, la caravane passe le col.")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not all(marker in s for s in arrivals.seen):
            await asyncio.sleep(0.01)
        times = [seen[marker] for seen in arrivals.seen if marker in seen]
        measured.delays += [at - returned for at in times]
        measured.from_start += [at - started for at in times]
        measured.spreads.append(max(times) - min(times) if times else 0.0)
    measured.missed = sum(1 for seen in arrivals.seen if len(seen) < len(markers))
    return measured


async def open_feed(port: int, token: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A feed opened on ``port``, its answer's headers read (its writer kept: one
    forgotten closes its connection)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /feed?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head[:80]
    return reader, writer


async def feeds_run(directory: Path, clients: int, notes: int) -> None:
    token = secrets.token_urlsafe(24)
    server = start(
        [*CLI, "web", str(directory), "--port", "{port}", "--lang", "fr"],
        {"MENEUR_WEB_TOKEN": token},
    )
    process, port = server
    try:
        before = rss_mb(process.pid)
        readers = []
        for _ in range(clients):
            readers.append(await open_feed(port, token))
        arrivals, markers = Arrivals(clients), []

        async def follow(client: int, reader: asyncio.StreamReader) -> None:
            tail = b""
            while data := await reader.read(65536):
                arrivals.look(client, tail + data, markers)
                tail = data[-200:]

        tasks = [asyncio.create_task(follow(n, r)) for n, (r, _) in enumerate(readers)]
        await asyncio.sleep(1.0)  # every feed has its first picture
        measured = await measure(directory, notes, arrivals, markers)
        after = rss_mb(process.pid)
        for task in tasks:
            task.cancel()
        print(
            f"{clients} feeds: all accepted; {measured.said()}; server memory"
            f" {before:.0f} → {after:.0f} MB (+{after - before:.0f} MB)"
        )
    finally:
        stop(process)


def start(command: list[str], environ: dict[str, str]) -> tuple[subprocess.Popen[bytes], int]:
    """``command`` (its ``{port}`` a free port) started until it answers on that port."""
    import socket

    for _ in range(5):
        port = free_port()
        process = subprocess.Popen(
            [word.replace("{port}", str(port)) for word in command],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
            env={**os.environ, **environ},
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while process.poll() is None and time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    return process, port
            time.sleep(0.05)
        stop(process)
    raise SystemExit(f"{command[0]} never listened")


def stop(process: subprocess.Popen[bytes]) -> None:
    with_group = process.pid
    try:
        os.killpg(with_group, signal.SIGTERM)
        process.wait(20)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(with_group, signal.SIGKILL)
        process.wait()


async def poll_run(directory: Path, clients: int, notes: int, nginx: str, folder: Path) -> None:
    """The same through the published folder behind nginx."""
    from nginx import nginx_serving  # type: ignore[import-not-found]

    publisher = subprocess.Popen(
        [*CLI, "web", str(directory), "--publish", str(folder), "--no-serve", "--lang", "fr"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not (folder / "view.json").exists():
            assert publisher.poll() is None, "meneur web --publish ended"
            assert time.monotonic() < deadline, "meneur web --publish never published"
            time.sleep(0.05)
        with nginx_serving(folder, nginx) as port:
            arrivals, markers = Arrivals(clients), []
            pollers = [
                asyncio.create_task(poll(port, n, arrivals, markers)) for n in range(clients)
            ]
            await asyncio.sleep(1.0)
            measured = await measure(directory, notes, arrivals, markers)
            for task in pollers:
                task.cancel()
        print(
            f"{clients} clients of the published folder (nginx, polled every"
            f" {POLL_SECONDS * 1000:.0f} ms): {measured.said()}"
        )
    finally:
        stop(publisher)


async def poll(port: int, client: int, arrivals: Arrivals, markers: list[str]) -> None:
    """Ask for the published picture every :data:`POLL_SECONDS`, as the page does (with
    the last ``ETag``), on one kept-alive connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    etag = ""
    await asyncio.sleep(POLL_SECONDS * (client % 100) / 100)  # spread, as pages are
    while True:
        asked = "GET /view.json HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if etag:
            asked += f"If-None-Match: {etag}\r\n"
        writer.write((asked + "\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n"):
            name, _, value = line.partition(b": ")
            if name.lower() == b"content-length":
                length = int(value)
            elif name.lower() == b"etag":
                etag = value.decode()
        body = await reader.readexactly(length) if length else b""
        if body:
            arrivals.look(client, body, markers)
        await asyncio.sleep(POLL_SECONDS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--feeds", type=int, nargs="+", default=[10, 100, 1000])
    parser.add_argument("--notes", type=int, default=10)
    options = parser.parse_args()
    nginx = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None
    )
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch) / "camp"
        subprocess.run(
            [*CLI, "new", str(directory), "--system", "resolution"], check=True,
            capture_output=True,
        )  # fmt: skip
        for clients in options.feeds:
            asyncio.run(feeds_run(directory, clients, options.notes))
        if nginx is None:
            print("published folder: skipped, no nginx (apt install nginx)")
            return
        for clients in options.feeds:
            folder = Path(scratch) / f"published-{clients}"
            asyncio.run(poll_run(directory, clients, options.notes, nginx, folder))


if __name__ == "__main__":
    main()
