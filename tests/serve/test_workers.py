"""``meneur serve`` spreads its connections over worker processes: people on different
workers see each other at the table and each other's rolls, live."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from tests.waiting import PATIENCE

from .seated import join, make_table
from .test_openssh import start_server, workers

pytestmark = pytest.mark.e2e


def established(pid: int, port: int) -> int:
    """How many TCP connections to ``port`` process ``pid`` holds."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        target = os.readlink(fd) if fd.is_symlink() else ""
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            if local_port == port and fields[3] == "01" and fields[9] in inodes:
                count += 1
    return count


async def test_people_on_different_workers_see_each_other_and_each_others_rolls(
    tmp_path: Path,
) -> None:
    table = make_table(tmp_path)
    server, port = start_server(table, "--workers", "2")
    try:
        alice = await join(table, port, "alice")
        await alice.wait_for("● Alice (Kael)")
        bob = await join(table, port, "bob")
        await bob.wait_for("● Bob (Mira)")
        # One connection each, in different processes: what follows crosses them.
        assert sorted(established(pid, port) for pid in workers(server)) == [1, 1]
        await alice.wait_for("Bob")  # presence, gathered by the main process
        await bob.wait_for("Alice")
        await alice.send("r")
        await alice.wait_for("graine")
        await bob.wait_for("Kael — score 2")
        await bob.leave()
        await alice.wait_gone("Bob")
        await alice.leave()
    finally:
        server.send_signal(signal.SIGTERM)
        await asyncio.to_thread(server.wait, PATIENCE)
    assert server.returncode == 0
