"""The GM governs the table live: removing, banning a player or revoking their link ends
every seat of theirs at once — OpenSSH's ``ssh`` and a browser's WebSocket alike, on
any worker — tells them why in one sentence in their language, and refuses them from
then on; the others play on. Real clients on 127.0.0.1, bounded in time."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from meneur.play.campaigns import Campaign
from tests.waiting import PATIENCE, told_messages

from .seated import Table, make_table
from .test_openssh import Terminal, ssh_args, start_server

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's ssh is missing"),
]

REMOVED_FR = "Le MJ vous a retiré de la table."


def _meneur(table: Table, *words: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", *words],
        capture_output=True, text=True, timeout=PATIENCE, check=False,
        env={**os.environ, "MENEUR_DATA_DIR": str(table.data_dir)},
    )  # fmt: skip


def test_a_removed_player_is_thrown_out_of_every_seat_and_kept_out(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    known = tmp_path / "known_hosts"
    server, port = start_server(table, "--workers", "2")
    try:
        # Alice twice (so on both workers, whatever the dispatcher chose), Bob once.
        alices = [Terminal(ssh_args(table, "alice", port, known, "accept-new")) for _ in "12"]
        bob = Terminal(ssh_args(table, "bob", port, known, "accept-new"))
        for terminal, seen in ((alices[0], "● Alice (Kael)"), (alices[1], "● Alice (Kael)"),
                               (bob, "● Bob (Mira)")):  # fmt: skip
            terminal.wait_for(seen)
        done = _meneur(table, "table", "remove", "alice", str(table.directory))
        assert done.returncode == 0, done.stderr
        for alice in alices:
            assert alice.status() != 0  # her session ended: no prompt to come back to
            said = alice.said.decode(errors="replace")
            assert REMOVED_FR in said
            assert "removed you" not in said  # one sentence, in her language
        bob.send("r")
        bob.wait_for("graine")  # Bob plays on
        again = Terminal(ssh_args(table, "alice", port, known, "accept-new"))
        assert again.status() == 255  # her key opens nothing any more
        assert b"Permission denied" in again.said
        # A ban ends Bob's seat too, refuses his key, and keeps him from an invite.
        assert _meneur(table, "table", "ban", "bob", str(table.directory)).returncode == 0
        assert bob.status() != 0
        assert REMOVED_FR in bob.said.decode(errors="replace")
        refused = _meneur(table, "invite", str(table.directory), "--player", "bob")
        assert refused.returncode == 2
        assert "bob is banned from this table: meneur table unban bob first" in refused.stderr
        assert _meneur(table, "table", "unban", "bob", str(table.directory)).returncode == 0
        assert _meneur(table, "invite", str(table.directory), "--player", "bob",
                       "--character", "mira", "--json").returncode == 0  # fmt: skip
    finally:
        server.terminate()
        output = server.communicate(timeout=PATIENCE)[0].decode()
    assert "Traceback" not in output
    assert "Alice\u00a0: retiré·e par le MJ" in output
    # Her characters and what she wrote stay the campaign's.
    with Campaign.open(table.directory, write=False) as campaign:
        assert "kael" in campaign.state["characters"]


def test_a_revoked_link_closes_its_page_for_good(tmp_path: Path) -> None:
    import aiohttp

    table = make_table(tmp_path)
    words = ["invite", str(table.directory), "--player", "dana", "--character", "mira"]
    invited = json.loads(_meneur(table, *words, "--admit", "--json", "--host", "127.0.0.1").stdout)
    token = invited["url"].split("token=")[1]
    server, _ = start_server(table, "--workers", "2", "--web", "127.0.0.1:0")
    try:
        assert server.stdout is not None
        web = ""
        while "http://" not in web:
            line = server.stdout.readline().decode()
            assert line, web
            web += line
        base = web[web.index("http://") :].split()[0].split("/?")[0].rstrip("/")

        async def page() -> tuple[int | None, str, int]:
            async with aiohttp.ClientSession() as client:
                sock = await client.ws_connect(
                    f"{base}/ws/{token}/en?width=100&height=30", headers={"Origin": base}
                )
                drawn = b""
                while b"Palette" not in drawn:  # her table, drawn to its last line
                    message = await sock.receive(timeout=PATIENCE)
                    assert message.type == aiohttp.WSMsgType.BINARY, message
                    drawn += message.data
                revoked = await asyncio.to_thread(
                    _meneur, table, "table", "revoke", invited["invite"], str(table.directory)
                )
                assert revoked.returncode == 0, revoked.stderr
                said = b""
                while True:
                    message = await sock.receive(timeout=PATIENCE)
                    if message.type != aiohttp.WSMsgType.BINARY:
                        break
                    said += message.data
                # The code the server's closing frame carries, as a browser reads it:
                # the client's own close_code says 1006 when the server has hung up
                # before the client's answer to that frame could be written.
                assert message.type == aiohttp.WSMsgType.CLOSE, message
                async with client.get(f"{base}/alive?token={token}") as answer:
                    alive = answer.status
                return int(message.data), said.decode(errors="replace"), alive

        code, said, alive = asyncio.run(page())
    finally:
        server.terminate()
        output = server.communicate(timeout=PATIENCE)[0].decode()
    assert code == 4010  # the page stays closed (meneur.serve.page.ENDED)
    assert "The GM has removed you from the table." in said
    assert alive == 403
    assert "Traceback" not in output
    assert token not in output
    with Campaign.open(table.directory, write=False) as campaign:
        assert "mira" in campaign.state["characters"]
    assert "dana" not in (table.directory / "table.toml").read_text()  # no leftover


async def test_the_gm_ends_a_session_or_removes_a_player_from_the_app(tmp_path: Path) -> None:
    import random

    from meneur.content.strings import strings
    from meneur.play.seating import read_table
    from meneur.play.session import Session
    from meneur.tui.app import MeneurApp
    from meneur.tui.screens.dialogs import ListDialog
    from tests.waiting import until_async

    from .seated import Served

    table = make_table(tmp_path)
    async with Served(table) as served:
        session = Session(
            Campaign.open(table.directory),
            strings("fr"),
            random.Random(1),
            presence=served.server.presence,
        )
        app = MeneurApp(session)
        async with app.run_test(size=(120, 36)) as pilot:
            for verb, down, said, status in (
                ("end", 0, "Le MJ a mis fin à cette session.", 11),
                ("remove", 1, REMOVED_FR, 10),
            ):
                alice = await served.join("alice")
                await alice.wait_for("● Alice (Kael)")
                app.screen.turns.action_manage_seats()
                await until_async(lambda: isinstance(app.screen, ListDialog), "no list")
                assert "Alice (Kael) · 127.0.0.1" in app.screen.lines[0]
                await pilot.press("enter")
                await until_async(
                    lambda: isinstance(app.screen, ListDialog) and "Alice" in app.screen.title_text,
                    "no actions",
                )
                for _ in range(down):
                    await pilot.press("down")
                await pilot.press("enter")
                assert alice.process is not None
                await asyncio.wait_for(alice.process.wait_closed(), PATIENCE)
                assert alice.process.exit_status == status, verb
                await alice.wait_for(said)  # her last screen may still be on its way
            with Campaign.open(table.directory, write=False) as campaign:
                found = read_table(table.directory, campaign.state)
            assert found is not None
            assert "alice" not in found.players
            assert "bob" in found.players


async def test_the_gm_gives_a_removed_players_character_to_another(tmp_path: Path) -> None:
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import GM_SEAT
    from meneur.play.seating import govern, read_table, removing
    from meneur.play.session import Session
    from meneur.tui.app import MeneurApp
    from meneur.tui.screens.dialogs import ListDialog
    from tests.waiting import until_async

    from .seated import Served

    table = make_table(tmp_path)
    async with Served(table) as served:
        alice = await served.join("alice")
        await alice.wait_for("● Alice (Kael)")
        with Campaign.open(table.directory, write=False) as campaign:
            govern(table.directory, campaign.state, GM_SEAT, removing("bob"))
        session = Session(Campaign.open(table.directory), strings("fr"), random.Random(1))
        app = MeneurApp(session)
        async with app.run_test(size=(120, 36)) as pilot:
            app.screen.turns.action_give_character()
            await until_async(lambda: isinstance(app.screen, ListDialog), "no characters")
            # Bob's Mira is nobody's now; Kael is still Alice's.
            assert app.screen.lines == ["Kael · joué par Alice", "Mira · joué par personne"]
            await pilot.press("down", "enter")
            await until_async(
                lambda: isinstance(app.screen, ListDialog) and "Mira" in app.screen.title_text,
                "no players",
            )
            assert app.screen.title_text == "À qui donner Mira\u00a0?"
            assert app.screen.lines == ["Alice", "À personne\u00a0: le MJ le garde"]
            await pilot.press("enter")
            await until_async(
                lambda: "Mira est maintenant joué par Alice" in told_messages(app, " "),
                "not said",
            )
        with Campaign.open(table.directory, write=False) as campaign:
            found = read_table(table.directory, campaign.state)
        assert found is not None
        assert found.players["alice"].characters == frozenset({"kael", "mira"})
        # Alice plays Mira at once, without coming back: her seat follows the file.
        seated = served.app_of("alice")
        await until_async(
            lambda: seated.session.seat.characters == frozenset({"kael", "mira"}),
            "Alice's seat did not follow",
        )
        # The table's presence says so, as a change: she did not leave and come back.
        await alice.wait_for("● Alice (Kael, Mira)")
        assert "Départ" not in alice.text()
        assert [p.seat.characters for p in served.server.presence.everyone()] == [
            frozenset({"kael", "mira"})
        ]
        await alice.leave()


def test_giving_a_character_takes_it_from_whoever_played_it() -> None:
    from meneur.play.seating import giving, seating

    document: dict[str, object] = {
        "players": {
            "alice": {"name": "Alice", "characters": ["kael"]},
            "bob": {"name": "Bob", "characters": ["mira", "tom"]},
        }
    }
    giving("mira", "alice")(document)
    assert document["players"] == {
        "alice": {"name": "Alice", "characters": ["kael", "mira"]},
        "bob": {"name": "Bob", "characters": ["tom"]},
    }
    giving("kael", None)(document)  # the GM keeps it
    seating("bob", characters=["mira"])(document)  # the command line gives the same way
    assert document["players"] == {
        "alice": {"name": "Alice", "characters": []},
        "bob": {"name": "Bob", "characters": ["tom", "mira"]},
    }
    with pytest.raises(KeyError):
        giving("tom", "nobody")(document)
