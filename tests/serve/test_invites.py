"""Joining over SSH with an invite: the code as the user name, the first key bound to the
seat, the GM letting people in (or not), and nothing of the code in the log."""

from __future__ import annotations

import asyncio
import subprocess
from datetime import timedelta
from pathlib import Path

import asyncssh
import pytest

from meneur.play.invites import Issued, invite
from meneur.saves.campaign import Campaign
from meneur.saves.table_file import TABLE_FILE, read_table
from tests.waiting import PATIENCE, until_async

from .seated import Served, Table, make_table

pytestmark = pytest.mark.e2e


def invited(table: Table, **options: object) -> Issued:
    """An invite for Dana, who plays Mira (as Bob does)."""
    with Campaign.open(table.directory, write=False) as campaign:
        return invite(
            table.directory,
            dict(campaign.state),
            player="dana",
            name="Dana",
            characters=["mira"],
            now=campaign.clock(),
            **options,  # type: ignore[arg-type]
        )


def dana_keys(table: Table) -> int:
    with Campaign.open(table.directory, write=False) as campaign:
        found = read_table(table.directory, campaign.state)
    assert found is not None
    return sum(seat.name == "dana" for seat in found.seats.values())


async def test_an_admitted_code_binds_the_first_key_and_is_spent(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    issued = invited(table, admit=True)
    async with Served(table) as served:
        logged: list[str] = []
        served.server.log = logged.append
        dana = await served.join("dana", username=issued.code)
        await dana.wait_for("● Dana (Mira)")
        assert dana_keys(table) == 1
        await dana.leave()
        # Spent: another key with the same code is refused…
        with pytest.raises(asyncssh.PermissionDenied):
            await served.join("stranger", username=issued.code)
        # …and Dana's key now opens her seat whatever the user name.
        again = await served.join("dana", username="anything")
        await again.wait_for("● Dana (Mira)")
        await again.leave()
    assert not [line for line in logged if issued.code in line or issued.token in line]


async def test_a_join_waits_for_the_gm_who_admits_or_refuses(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    first, second = invited(table), invited(table)
    async with Served(table) as served:
        door = served.server.door
        stop = door.answering()  # as the GM's app does while it runs
        dana = await served.join("dana", username=first.code)
        await dana.wait_for("en attente du MJ")
        await until_async(lambda: door.waiting(), "Dana never knocked")
        (knock,) = door.waiting()
        assert (knock.name, knock.seat.name, knock.via) == ("Dana", "dana", "ssh")
        assert knock.seat.characters == frozenset({"mira"})
        assert dana_keys(table) == 0  # nothing bound before the GM says so
        door.answer(knock.ticket, True)
        await dana.wait_for("● Dana (Mira)")
        assert dana_keys(table) == 1
        await dana.leave()

        before = (table.directory / TABLE_FILE).read_bytes()
        stranger = await served.join("stranger", username=second.code)
        await until_async(lambda: door.waiting(), "the stranger never knocked")
        door.answer(door.waiting()[0].ticket, False)
        await stranger.wait_for("le MJ n'a pas ouvert")
        assert stranger.process is not None
        await asyncio.wait_for(stranger.process.wait_closed(), PATIENCE)
        assert stranger.process.exit_status == 1
        assert (table.directory / TABLE_FILE).read_bytes() == before
        stop()


async def test_with_nobody_to_answer_an_invite_is_turned_away(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    issued = invited(table)
    async with Served(table) as served:
        dana = await served.join("dana", username=issued.code)
        await dana.wait_for("le MJ n'a pas ouvert")
        assert dana_keys(table) == 0


async def test_ctrl_c_at_the_door_leaves_it(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    issued = invited(table)
    async with Served(table) as served:
        door = served.server.door
        stop = door.answering()
        dana = await served.join("dana", username=issued.code)
        await until_async(lambda: door.waiting(), "Dana never knocked")
        await dana.send(b"\x03")
        await until_async(lambda: not door.waiting(), "the knock stayed")
        assert dana.process is not None
        await asyncio.wait_for(dana.process.wait_closed(), PATIENCE)
        assert dana_keys(table) == 0
        stop()


async def test_an_expired_or_revoked_code_opens_nothing(tmp_path: Path) -> None:
    from meneur.play.invites import revoke

    table = make_table(tmp_path)
    short = invited(table, admit=True, lifetime=timedelta(minutes=5))
    revoked = invited(table, admit=True)
    with Campaign.open(table.directory, write=False) as campaign:
        revoke(table.directory, dict(campaign.state), revoked.ident, campaign.clock())
    async with Served(table) as served:
        clock = served.server.clock
        served.server.clock = lambda: clock() + timedelta(minutes=6)
        for code in (short.code, revoked.code):
            with pytest.raises(asyncssh.PermissionDenied):
                await served.join("dana", username=code)
    assert dana_keys(table) == 0


def test_openssh_joins_with_the_code_meneur_invite_printed(tmp_path: Path) -> None:
    import json
    import os
    import sys

    from .test_openssh import start_server

    table = make_table(tmp_path)
    env = {**os.environ, "MENEUR_DATA_DIR": str(table.data_dir)}
    made = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", "invite", str(table.directory),
         "--player", "dana", "--character", "mira", "--admit", "--json", "--host", "127.0.0.1"],
        capture_output=True, text=True, env=env, timeout=PATIENCE, check=True,
    )  # fmt: skip
    printed = json.loads(made.stdout)
    server, port = start_server(table)
    try:
        user = printed["ssh"].split()[-1].split("@")[0]
        ssh = subprocess.run(
            ["ssh", "-tt", "-p", str(port), "-i", str(table.keys["dana"]),
             "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
             "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes", f"{user}@127.0.0.1"],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=PATIENCE,
        )  # fmt: skip
        assert ssh.returncode == 0, ssh.stderr
        assert dana_keys(table) == 1
    finally:
        server.terminate()
        output = server.communicate(timeout=PATIENCE)[0]
    assert user not in output.decode()
    assert "clé ajoutée" in output.decode()
