"""Joining over SSH with an invite: the code as the user name, the first key bound to the
seat, the GM letting people in (or not), and nothing of the code in the log."""

from __future__ import annotations

import asyncio
import subprocess
from datetime import timedelta
from pathlib import Path

import asyncssh
import pytest

from meneur.core.table_rules import GM_SEAT
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
            seat=GM_SEAT,
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


async def test_a_code_is_read_before_a_table_open_to_viewers_seats_the_key_as_one(
    tmp_path: Path,
) -> None:
    """``meneur table viewers anyone``: Dana's code opened the anonymous
    viewer's screen, her key not bound and the code left unspent (the key was seated as a
    viewer before the code was read). The code is read first."""
    table = make_table(tmp_path, viewers="anyone")
    issued = invited(table, admit=True)
    async with Served(table) as served:
        logged: list[str] = []
        served.server.log = logged.append
        stranger = await served.join("stranger", username="anything")  # a viewer, still
        await stranger.wait_for("Ajouté\u00a0: Mira")
        await stranger.leave()
        # serve.log called the anonymous viewer "MJ".
        (joined,) = [line for line in logged if "a rejoint la table" in line]
        assert joined.startswith("spectateur (spectateur)"), joined
        dana = await served.join("dana", username=issued.code)
        await dana.wait_for("● Dana (Mira)")
        assert dana_keys(table) == 1
        await dana.leave()


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
        revoke(table.directory, dict(campaign.state), revoked.ident, campaign.clock(), seat=GM_SEAT)
    async with Served(table) as served:
        clock = served.server.clock
        served.server.clock = lambda: clock() + timedelta(minutes=6)
        for code in (short.code, revoked.code):
            with pytest.raises(asyncssh.PermissionDenied):
                await served.join("dana", username=code)
    assert dana_keys(table) == 0


def test_openssh_joins_with_a_printed_code_plays_and_the_code_is_spent(tmp_path: Path) -> None:
    """The real ssh client: Dana's fresh key with the code meneur invite printed joins,
    rolls and quits; the same code with another key, a revoked code and an expired one
    are refused at authentication."""
    import json
    import os
    import sys

    from .test_openssh import Terminal, ssh_args, start_server

    table = make_table(tmp_path)
    env = {**os.environ, "MENEUR_DATA_DIR": str(table.data_dir)}

    def printed(*options: str) -> dict[str, str]:
        made = subprocess.run(
            [sys.executable, "-m", "meneur.cli.main", "invite", str(table.directory),
             "--json", "--host", "127.0.0.1", *options],
            capture_output=True, text=True, env=env, timeout=PATIENCE, check=True,
        )  # fmt: skip
        return dict(json.loads(made.stdout))

    def as_user(person: str, user: str) -> list[str]:
        args = ssh_args(table, person, port, tmp_path / "known", "accept-new")
        return [*args[:-1], f"{user}@127.0.0.1"]

    def user_of(invited: dict[str, str]) -> str:
        return invited["ssh"].split()[-1].split("@")[0]

    dana = printed("--player", "dana", "--name", "Dana", "--character", "mira", "--admit")
    revoked = printed("--player", "dana", "--admit")
    subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", "table", "revoke", revoked["invite"],
         str(table.directory)],
        capture_output=True, env=env, timeout=PATIENCE, check=True,
    )  # fmt: skip
    with Campaign.open(table.directory, write=False) as campaign:
        expired = invite(
            table.directory, dict(campaign.state), seat=GM_SEAT, player="dana", admit=True,
            now=campaign.clock() - timedelta(hours=25),
        )  # fmt: skip
    server, port = start_server(table)
    try:
        player = Terminal(as_user("dana", user_of(dana)))
        player.wait_for("● Dana (Mira)")
        player.send("r")
        player.wait_for("graine")  # her roll, its seed shown: written
        player.send("\x11")  # ctrl+q
        assert player.status() == 0
        assert dana_keys(table) == 1
        for person, user in (
            ("stranger", user_of(dana)),  # spent
            ("stranger", user_of(revoked)),
            ("stranger", expired.code),
        ):
            refused = Terminal(as_user(person, user))
            assert refused.status() == 255, user
            assert b"Permission denied" in refused.said
    finally:
        server.terminate()
        output = server.communicate(timeout=PATIENCE)[0].decode()
    rolled = [e for e in Campaign.open(table.directory, write=False).journal if e.roll]
    assert [(e.character, e.by) for e in rolled] == [("mira", "dana")]
    for secret in (user_of(dana), user_of(revoked), expired.code, dana["url"].split("=")[1]):
        assert secret not in output
    assert "clé ajoutée" in output


async def test_refused_logins_wait_longer_each_time_and_the_code_is_never_logged(
    tmp_path: Path,
) -> None:
    import time

    import asyncssh

    from meneur.serve.ssh import REFUSED_DELAY

    from .seated import Served, join

    table = make_table(tmp_path)
    logged: list[str] = []
    guess = "abcd-efgh-jkmn"
    async with Served(table) as served:
        served.server.log = logged.append
        waited = []
        for _ in range(3):
            began = time.monotonic()
            with pytest.raises(asyncssh.PermissionDenied):
                await join(table, served.port, "stranger", username=guess)
            waited.append(time.monotonic() - began)
        # At least the doubled waits (a loaded machine only makes them longer).
        first = REFUSED_DELAY[0]
        assert [w >= first * 2**n for n, w in enumerate(waited)] == [True, True, True]
        alice = await join(table, served.port, "alice")  # a seat's own key is not slowed
        await alice.wait_for("● Alice (Kael)")
        await alice.leave()
    assert len([line for line in logged if line.startswith("refusé\u00a0: ")]) == 3
    assert guess not in "\n".join(logged)
