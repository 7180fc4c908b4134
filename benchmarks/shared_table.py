"""The shared table (``meneur serve``) with many players connected, over SSH or, with
``--door web``, in browsers (``--web``: each player a WebSocket, as the page's script
speaks it).

The server runs in its own process (``meneur serve --headless``), the players are
asyncssh (or aiohttp WebSocket) clients in this one, each screen drawn by pyte as a
terminal would:

- memory: the server's (its main process and its workers, one per core) with 1, 10
  and 20 sessions connected and drawn, as their proportional set sizes summed (shared
  pages counted once); per extra session = (at 20 − at 1) / 19 (goal ≤ 10 MB);
- a keystroke's echo with 20 sessions connected: a character typed into one player's
  command line until it is drawn on that player's screen, p50/p95 (goal p95 ≤ 50 ms);
- one roll reaching all 20 screens: from a roll acknowledged by the CLI until every
  client has received the bytes that draw it, p50/p95 (goal p95 ≤ 100 ms).

With ``--flood``, one more SSH seat and one more browser seat each send a megabyte of
random bytes, 64 KB before every other roll, until the server closes them for flooding:
the rolls with and without a flood under way are compared (goal: p95 within 20 %), and
the server's memory is followed (goal: it grows ≤ 50 MB, and comes back). The rolls
alone grow it too, for a while (caches filling): a control run first, with the same two
seats silent, tells that from what the flood leaves behind. The rolls compared start once
the two seats' arrival is drawn on every screen and its notice gone: a seat joining
builds its own app and relays out every other screen (a few hundred ms of a worker),
which is the join's cost, not the flood's.

With ``--feeds N``, N audience feeds (``/feed`` with a viewer's link, raw HTTP clients in
a process of their own, each read as it comes) are attached before the rolls: the roll's p95 with
them is compared with a run without (issue 63's goal: within 20 %).

The keystroke's echo is read on the typist's emulated screen; for the roll the clients
only look for the roll's label in what they receive (twenty pure-Python VT emulators in
one process would otherwise be most of what is measured).

    .venv/bin/python benchmarks/shared_table.py [--sessions 20] [--rolls 15] [--workers N]
        [--door ssh|web|mixed] [--viewers N] [--flood] [--feeds N]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte

from meneur.core.table_rules import GM_SEAT
from meneur.play import act

CLI = [sys.executable, "-m", "meneur.cli.main"]


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def percentiles(times: list[float]) -> str:
    return f"p50 {statistics.median(times) * 1000:.0f} ms, p95 {p95(times) * 1000:.0f} ms"


async def echo(typist: Screen, sessions: int, keys: int = 205) -> None:
    """A keystroke's echo in one player's command line, the others connected: ``keys``
    keys typed, the first five left out of the figures (the line's first drawing)."""
    # The command line has the keys once the key bar no longer offers a roll.
    await typist.wait_for(lambda text: "r Lancer" in text.splitlines()[-1])
    typist.type(b":")
    await typist.wait_for(lambda text: "r Lancer" not in text.splitlines()[-1])
    echoes = []
    for i in range(keys):
        letter = "7"  # digits: the command line suggests no completion for them
        # Counted on the command line's row only: elsewhere, names with digits come
        # and go (a join's notice fading) and would be counted too.
        before = command_row(typist.text()).count(letter)
        start = time.perf_counter()
        typist.type(letter.encode())
        await typist.wait_for(lambda text, key=letter, b=before: command_row(text).count(key) > b)
        echoes.append(time.perf_counter() - start)
        await asyncio.sleep(0.03)
        if i % 20 == 19:  # keep the line short: clear it
            typist.type(b"\x7f" * 20)
            await typist.wait_for(lambda text, key=letter: key not in command_row(text))
            await asyncio.sleep(0.3)
    print(f"keystroke echo, {sessions} sessions: {percentiles(echoes[5:])} (goal p95 ≤ 50 ms)")
    typist.type(b"\x1b")


def pss_mb(pid: int) -> float:
    """The memory of ``pid`` and its workers: their proportional set sizes summed (a
    page the processes share counts once in all, not once in each)."""
    total = 0
    for each in server_pids(pid):
        for line in Path(f"/proc/{each}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                total += int(line.split()[1])
    return total / 1024


def server_pids(pid: int) -> list[int]:
    """``pid`` and its workers."""
    return [pid, *map(int, Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]


def cpu_seconds(pids: list[int]) -> float:
    """The CPU time ``pids`` have used so far (user and system)."""
    ticks = 0
    for each in pids:
        fields = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


async def settled(pid: int, most: float = 20.0) -> None:
    """Until the server is idle (under 5 % of a core over half a second): a seat that
    joins builds its own app and every other screen draws its arrival, and a roll in
    the middle of that measures the join, not the roll."""
    pids = server_pids(pid)
    end = time.perf_counter() + most
    while time.perf_counter() < end:
        before = cpu_seconds(pids)
        await asyncio.sleep(0.5)
        if cpu_seconds(pids) - before < 0.025:
            return
    raise TimeoutError("the server never fell idle")


def make_table(root: Path, players: int) -> tuple[Path, list[asyncssh.SSHKey]]:
    from meneur.saves.campaign import Campaign
    from meneur.saves.table_file import edit_table

    directory = root / "camp"
    campaign = Campaign.create(directory, system="resolution", name="Banc")
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(players)]
    for n in range(players):
        sheet = {"elements": {"Épée": 2}}
        act.set_value(
            campaign,
            GM_SEAT,
            ("characters", f"c{n}"),
            {"name": f"Perso{n}", "kind": "pc", "sheet": sheet},
        )
    campaign.close()

    def seat(document: dict[str, Any]) -> None:
        document["players"] = {
            f"p{n}": {
                "name": f"Joueur{n}",
                "keys": [keys[n].export_public_key().decode().strip()],
                "characters": [f"c{n}"],
            }
            for n in range(players)
        }

    edit_table(directory, Campaign.open(directory, write=False).state, seat)
    return directory, keys


class Screen:
    def __init__(self, process: asyncssh.SSHClientProcess[bytes] | None) -> None:
        self.process = process
        self.screen = pyte.Screen(120, 36)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()
        self.emulate = True
        """Draw what arrives (pyte); off, only the raw bytes are kept (pyte, pure Python,
        would otherwise be most of what is measured with 20 screens in one process)."""
        self.raw = b""
        if process is not None:
            asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.process is not None
        while data := await self.process.stdout.read(65536):
            self.take(data)

    def take(self, data: bytes) -> None:
        if self.emulate:
            self.stream.feed(data)
        else:
            self.raw = self.raw[-4096:] + data
        self.changed.set()

    def type(self, data: bytes) -> None:
        assert self.process is not None
        self.process.stdin.write(data)

    def gone(self) -> bool:
        """The server closed this seat."""
        assert self.process is not None
        return self.process.is_closing() or self.process.exit_status is not None

    def close(self) -> None:
        assert self.process is not None
        self.process.close()

    def text(self) -> str:
        if not self.emulate:
            return self.raw.decode("utf-8", "replace")
        return "\n".join(self.screen.display)

    async def wait_for(self, test: Any, timeout: float = 120) -> None:
        end = time.perf_counter() + timeout
        while not test(self.text()):
            self.changed.clear()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(self.text())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)


class WebScreen(Screen):
    """A browser seat as its page's script speaks to it: text frames in, bytes out."""

    def __init__(self, socket: Any) -> None:
        super().__init__(None)
        self.socket = socket
        asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        import aiohttp

        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.take(message.data)

    def type(self, data: bytes) -> None:
        import json

        try:
            typed = data.decode()
        except UnicodeDecodeError:  # random bytes: each the character of its value
            typed = data.decode("latin-1")
        text = json.dumps(["stdin", typed])
        if not self.socket.closed:
            asyncio.get_running_loop().create_task(self.socket.send_str(text))

    def gone(self) -> bool:
        return bool(self.socket.closed)

    def close(self) -> None:
        asyncio.get_running_loop().create_task(self.socket.close())


async def connect(port: int, key: asyncssh.SSHKey) -> Screen:
    connection = await asyncssh.connect(
        "127.0.0.1", port, username="x", client_keys=[key], known_hosts=None, agent_path=None
    )
    process = await connection.create_process(
        term_type="xterm-256color", term_size=(120, 36), encoding=None, env={"LANG": "fr_FR.UTF-8"}
    )
    return Screen(process)


def command_row(text: str) -> str:
    """The command line's row: the one above the key bar."""
    rows = text.splitlines()
    return rows[-2] if len(rows) > 1 else ""


def tokens(directory: Path, players: int, viewers: int = 0) -> list[str]:
    """A browser link's token for each player, then for each viewer (invites that need
    no GM)."""
    return [
        token_for(directory, f"p{n}" if n < players else None) for n in range(players + viewers)
    ]


def token_for(directory: Path, player: str | None) -> str:
    """A browser link's token for ``player`` (a viewer's for None): an invite that needs
    no GM."""
    from meneur.core.table_rules import GM_SEAT
    from meneur.play.invites import invite
    from meneur.saves.campaign import Campaign

    with Campaign.open(directory, write=False) as campaign:
        issued = invite(
            directory,
            dict(campaign.state),
            seat=GM_SEAT,
            player=player,
            now=campaign.clock(),
            admit=True,
        )
    return issued.token


async def connect_web(client: Any, port: int, token: str) -> Screen:
    base = f"http://127.0.0.1:{port}"
    socket = await client.ws_connect(
        f"{base}/ws/{token}/fr?width=120&height=36", headers={"Origin": base}, max_msg_size=0
    )
    return WebScreen(socket)


MEGABYTE = 1024 * 1024
FLOOD_CHUNK = 64 * 1024


class Flooder:
    """A seat that sends random bytes (never ctrl+q, which would only quit its app), a
    chunk at a time, a megabyte in all, until the server closes it for flooding; a
    silent one sends nothing (the control run: the same seats and rolls, no flood)."""

    def __init__(self, screen: Screen, silent: bool = False) -> None:
        self.screen = screen
        self.sent = 0
        self.silent = silent

    def push(self) -> bool:
        """Send the next chunk; False when there is none to send (a megabyte sent, or the
        seat closed)."""
        if self.sent >= MEGABYTE or self.screen.gone():
            return False
        if not self.silent:
            self.screen.type(os.urandom(FLOOD_CHUNK).replace(b"\x11", b"q"))
        self.sent += FLOOD_CHUNK
        return True


async def run(
    sessions: int,
    rolls: int,
    workers: int | None,
    door: str = "ssh",
    viewers: int = 0,
    flood: str | None = None,
    typed: int = 205,
    feeds: int = 0,
) -> float | None:
    """One run; with ``flood`` ("noise", or "silent" for the control run), what the
    server's memory kept after the flooders left, in MB over what it was before them."""
    import aiohttp

    root = Path(tempfile.mkdtemp())
    directory, keys = make_table(root, sessions + (2 if flood else 0))
    keys, flood_keys = keys[:sessions], keys[sessions:]
    links = tokens(directory, sessions, viewers) if door != "ssh" or viewers else []
    flood_link = token_for(directory, f"p{sessions + 1}") if flood else None
    feed_link = token_for(directory, None) if feeds else None
    web = bool(links or flood or feeds)
    server = subprocess.Popen(
        [
            *CLI,
            "serve",
            str(directory),
            "--headless",
            # Port 0: the system chooses free ones, which the server says.
            "--ssh",
            "127.0.0.1:0",
            *(["--web", "127.0.0.1:0"] if web else []),
            *([] if workers is None else ["--workers", str(workers)]),
        ],
        stdout=subprocess.PIPE,
        env={**os.environ, "MENEUR_DATA_DIR": str(root / "data")},
    )
    assert server.stdout is not None
    said = b""
    while b"table.toml" not in said:
        line = server.stdout.readline()
        assert line, said  # it ended
        said += line
    ssh_port = re.search(rb"ssh -p (\d+) ", said)
    web_port = re.search(rb"http://127\.0\.0\.1:(\d+)/", said)
    assert ssh_port is not None, said
    assert web_port is not None or not web, said
    port = int(ssh_port[1])
    page = int(web_port[1]) if web_port is not None else 0
    client = aiohttp.ClientSession()
    try:
        print(f"server alone: {pss_mb(server.pid):.1f} MB ({door})")
        screens: list[Screen] = []
        figures = {}
        for n, key in enumerate(keys):
            if door == "web" or (door == "mixed" and n % 2):
                screen = await connect_web(client, page, links[n])
            else:
                screen = await connect(port, key)
            await screen.wait_for(lambda text, n=n: f"Personnage ▾ Perso{n}" in text)
            screens.append(screen)
            if len(screens) in (1, 10, sessions):
                await asyncio.sleep(1.0)  # every screen's journal and hidden tabs built
                figures[len(screens)] = pss_mb(server.pid)
                print(f"{len(screens):>2} sessions: {figures[len(screens)]:.1f} MB")
        extra = (figures[sessions] - figures[1]) / (sessions - 1)
        print(f"per extra session: {extra:.2f} MB (goal ≤ 10 MB)")
        watching: list[Screen] = []
        for token in links[sessions:]:
            viewer = await connect_web(client, page, token)
            await viewer.wait_for(lambda text: "En attente du premier jet" in text)
            watching.append(viewer)
        if watching:
            print(f"with {len(watching)} viewers (the stream): {pss_mb(server.pid):.1f} MB")
        # The audience reads in a process of its own, as it would on other machines: in
        # this one, a thousand readers waking on each change would delay the twenty
        # screens measured here (this process's loop), which is not the server's cost.
        # It shares this machine's two cores with the server all the same, at the lowest
        # priority (nice 19): its readers take what the server leaves, as clients on
        # other machines would, while the kernel's work of sending to them stays the
        # server's.
        audience = None
        if feeds:
            audience = subprocess.Popen(
                ["nice", "-n", "19", sys.executable, __file__, "--audience", str(page),
                 str(feed_link), str(feeds)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            )  # fmt: skip
            assert audience.stdout is not None
            assert audience.stdout.readline() == b"ready\n", "the audience never got its feeds"
            print(f"with {feeds} audience feeds: {pss_mb(server.pid):.1f} MB")

        if not flood:
            await echo(screens[0], sessions, typed)

        # One roll reaching every screen: the bytes that draw it received by each client.
        await asyncio.sleep(1.0)
        # The first screen keeps drawing while the flooders arrive (below).
        for screen in [*screens[1:], *watching]:
            screen.emulate = False
        flooders = []
        if flood:
            for screen in (
                await connect(port, flood_keys[0]),
                await connect_web(client, page, str(flood_link)),
            ):
                await screen.wait_for(lambda text: "Personnage ▾" in text)
                screen.emulate = False
                flooders.append(Flooder(screen, silent=flood == "silent"))
            # Their arrival drawn on every screen (the list of who is there, a notice
            # that goes a few seconds later): the rolls compared start once it is gone.
            joined = "Arrivée"  # on the edge of the list of who is there
            await screens[0].wait_for(lambda text: joined in text)
            await screens[0].wait_for(lambda text: joined not in text)
            await settled(server.pid)
        screens[0].emulate = False
        quiet: list[float] = []
        flooded: list[float] = []
        before = peak = pss_mb(server.pid)
        busy = 0.0
        for n in range(rolls):
            label = f"Coup{n:02d}x"
            # Every other roll with a flood under way (alternating, so that what else
            # this machine does weighs on both alike).
            pushed = [flooder.push() for flooder in flooders] if n % 2 else []  # each one
            flooding = any(pushed)
            subprocess.run(
                [*CLI, "roll", "resolution", "--score", "3", "--campaign", str(directory),
                 "--label", label, "--seed", str(n)],
                check=True, capture_output=True,
            )  # fmt: skip
            start, cpu = time.perf_counter(), time.process_time()
            everyone = [*screens, *watching]
            shown = [s.wait_for(lambda t, wanted=label: wanted in t) for s in everyone]
            await asyncio.gather(*shown)
            (flooded if flooding else quiet).append(time.perf_counter() - start)
            busy += time.process_time() - cpu
            if flooders:
                peak = max(peak, pss_mb(server.pid))
            await asyncio.sleep(0.3)
        if audience is not None:
            audience.communicate(b"")  # its stdin closed: it ends
        count = f"{sessions} screens" + (f" and {len(watching)} viewers" if watching else "")
        count += f" ({feeds} audience feeds attached)" if feeds else ""
        if not flooders:
            print(f"a roll reaching all {count}: {percentiles(quiet)} (goal p95 ≤ 100 ms)")
            # The clients share this machine's cores with the server: what they took.
            print(
                f"  the {sessions} clients' own CPU meanwhile: {busy / rolls * 1000:.0f} ms a roll"
            )
            return None
        print(f"{flood} run:")
        print(f"a roll reaching all {count}, no flood:      {percentiles(quiet)}")
        print(f"a roll reaching all {count}, flood going on: {percentiles(flooded)}")
        ratio = p95(flooded) / p95(quiet)
        print(f"  p95 with a flood / without: {ratio:.2f} (goal ≤ 1.20)")
        sent = ", ".join(
            f"{kind} silent"
            if f.silent
            else f"{kind} {f.sent // 1024} KB sent"
            + (", closed by the server" if f.screen.gone() else "")
            for kind, f in zip(("SSH", "browser"), flooders, strict=True)
        )
        print(f"  the flooders: {sent}")
        for flooder in flooders:  # they leave: what they held must be given back
            if not flooder.screen.gone():
                flooder.screen.close()
        # The lowest within ten seconds, the same wait in both runs: an ended session's
        # memory is collected once the table has been quiet a moment.
        after = pss_mb(server.pid)
        for _ in range(20):
            await asyncio.sleep(0.5)
            after = min(after, pss_mb(server.pid))
        print(
            f"server memory: {before:.1f} MB before, {peak:.1f} MB at most"
            f" (+{peak - before:.1f} MB; goal ≤ +50 MB), {after:.1f} MB after"
            f" (+{after - before:.1f} MB)"
        )
        return after - before
    finally:
        await client.close()
        server.terminate()
        server.wait(20)
        shutil.rmtree(root)


async def open_feed(port: int, token: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """An audience feed on ``port``, its answer's headers read (its writer kept: one
    forgotten closes its connection)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET /feed?token={token} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        "Accept: text/event-stream\r\n\r\n".encode()
    )
    head = await reader.readuntil(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200"), head[:80]
    return reader, writer


async def drain(reader: asyncio.StreamReader) -> None:
    """Read a feed as it comes, as an overlay would."""
    while await reader.read(65536):
        pass


async def audience(port: int, token: str, feeds: int) -> None:
    """``feeds`` audience feeds on ``port``, each read as it comes, until this process's
    standard input closes; "ready" printed once every feed has its first picture."""
    opened = [await open_feed(port, token) for _ in range(feeds)]
    for reader, _ in opened:
        await reader.readuntil(b"\n\n")  # its first picture (an event ends so)
    draining = [asyncio.create_task(drain(reader)) for reader, _ in opened]
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.buffer.read)
    for task in draining:
        task.cancel()


def main() -> None:
    if sys.argv[1:2] == ["--audience"]:  # the audience's own process (see run)
        port, token, feeds = sys.argv[2:5]
        asyncio.run(audience(int(port), token, int(feeds)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--rolls", type=int, default=15)
    parser.add_argument("--workers", type=int, help="the server's (default: one per core)")
    parser.add_argument(
        "--door", choices=["ssh", "web", "mixed"], default="ssh", help="mixed: every other one"
    )
    parser.add_argument("--viewers", type=int, default=0, help="browser viewers (the stream)")
    parser.add_argument("--keys", type=int, default=205, help="keys typed for the echo")
    parser.add_argument(
        "--flood", action="store_true", help="a megabyte of random bytes into two more seats"
    )
    parser.add_argument("--feeds", type=int, default=0, help="audience feeds attached")
    args = parser.parse_args()
    rolls = args.rolls if not args.flood or args.rolls != 15 else 34  # 17 with a flood
    if not args.flood:
        asyncio.run(
            run(
                args.sessions,
                rolls,
                args.workers,
                args.door,
                args.viewers,
                typed=args.keys,
                feeds=args.feeds,
            )
        )
        return
    # The rolls themselves grow the server a while (every screen's caches filling, the
    # journal's new entries): a control run, the same seats and rolls with silent
    # flooders, tells that growth from what the flood leaves behind.
    kept = {
        flood: asyncio.run(run(args.sessions, rolls, args.workers, args.door, args.viewers, flood))
        for flood in ("silent", "noise")
    }
    assert kept["silent"] is not None
    assert kept["noise"] is not None
    print(
        f"what the flood left behind: {kept['noise'] - kept['silent']:+.1f} MB"
        f" (after the flooders left: +{kept['noise']:.1f} MB with the flood,"
        f" +{kept['silent']:.1f} MB with silent seats instead; goal: it comes back, ≤ +5 MB)"
    )


if __name__ == "__main__":
    main()
