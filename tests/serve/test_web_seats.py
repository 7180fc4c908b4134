"""``meneur serve --web``: a player's seat in a real browser (headless Chromium), the
guards of a server that may be put on a network, and a seat that comes back by itself.

Skipped, saying why, where Chromium is not installed."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from meneur.saves.campaign import Campaign
from tests.waiting import PATIENCE, until_async

from .browser import CHROMIUM, Browser
from .seated import Table, make_table

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        CHROMIUM is None, reason="headless Chromium is not installed (apt install chromium)"
    ),
]
CLI = [sys.executable, "-m", "meneur.cli.main"]


@dataclass
class Door:
    table: Table
    server: subprocess.Popen[bytes]
    web: int
    said: bytes
    ssh: int = 0

    def invite(self, *options: str) -> dict[str, str]:
        """``meneur invite`` for this table's browser door, as JSON."""
        made = subprocess.run(
            [*CLI, "invite", str(self.table.directory), "--json", "--host", "127.0.0.1",
             "--web-port", str(self.web), *options],
            capture_output=True, text=True, timeout=PATIENCE, check=True,
            env={**os.environ, "MENEUR_DATA_DIR": str(self.table.data_dir)},
        )  # fmt: skip
        return dict(json.loads(made.stdout))

    def output(self) -> str:
        """Everything the server printed (once it has ended)."""
        return self.said.decode()


def open_door(table: Table, ssh: int = 0, web: int = 0) -> Door:
    """``meneur serve --headless --web``, one worker, on these ports (by default ones the
    system chooses)."""
    server = subprocess.Popen(
        [*CLI, "serve", str(table.directory), "--headless", "--ssh", f"127.0.0.1:{ssh}",
         "--web", f"127.0.0.1:{web}", "--lang", "fr", "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        env={**os.environ, "MENEUR_DATA_DIR": str(table.data_dir)},
    )  # fmt: skip
    assert server.stdout is not None
    said = b""
    while b"table.toml" not in said:
        line = server.stdout.readline()
        assert line, said
        said += line
    found = re.search(rb"http://127\.0\.0\.1:(\d+)/", said)
    ssh = re.search(rb"ssh -p (\d+) ", said)
    assert found is not None, said
    assert ssh is not None, said
    return Door(table, server, int(found[1]), said, int(ssh[1]))


def close_door(door: Door) -> None:
    door.server.send_signal(signal.SIGTERM)
    try:
        door.said += door.server.communicate(timeout=PATIENCE)[0]
    except subprocess.TimeoutExpired:
        door.server.kill()
        door.said += door.server.communicate()[0]


@pytest.fixture
def door(tmp_path: Path) -> Iterator[Door]:
    opened = open_door(make_table(tmp_path))
    try:
        yield opened
    finally:
        close_door(opened)


def journal_entries(table: Table) -> list[Any]:
    with Campaign.open(table.directory, write=False) as campaign:
        return list(campaign.journal)


async def press(browser: Browser, text: str) -> None:
    """Type ``text`` into the page's terminal, as a player on a keyboard does."""
    await browser.call("Runtime.evaluate", expression="window.meneurTerminal.focus()")
    await browser.call("Input.insertText", text=text)


async def typed_shown(browser: Browser, words: str) -> None:
    """Wait until ``words``, just typed, are drawn; failing, say what the page shows and
    what it was last sent (a key lost, or a page that reconnected meanwhile)."""
    if await browser.wait_for(words, PATIENCE) is None:
        sent = (await browser.text())[-1500:]
        raise AssertionError(
            f"{words!r} never drawn; the page shows:\n{await browser.screen()}\n"
            f"and was last sent:\n{sent}"
        )


async def press_enter(browser: Browser) -> None:
    for kind in ("keyDown", "keyUp"):
        await browser.call(
            "Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter",
            windowsVirtualKeyCode=13, text="\r" if kind == "keyDown" else "",
        )  # fmt: skip


async def test_a_player_s_link_opens_their_seat_and_they_play(door: Door) -> None:
    from .seated import join

    invited = door.invite("--player", "dana", "--name", "Dana", "--character", "mira", "--admit")
    alice = await join(door.table, door.ssh, "alice")  # another player, over SSH
    gm = await join(door.table, door.ssh, "gm")
    try:
        async with Browser(1100, 760) as browser:
            await browser.open(invited["url"] + "&lang=fr")
            assert await browser.wait_for("● Dana (Mira)", PATIENCE) is not None
            assert await browser.wait_for("Lancer", PATIENCE) is not None  # the table, French
            await gm.wait_for("● Dana (Mira)")
            # A roll from the keyboard: it reaches the GM's screen and Alice's.
            assert "Mira —" not in alice.text()
            await press(browser, "r")
            await alice.wait_for("Mira —")
            await gm.wait_for("Mira —")
            rolls = [e for e in journal_entries(door.table) if e.roll is not None]
            assert [(e.character, e.by) for e in rolls] == [("mira", "dana")]
            # A note typed on the command line reaches the journal.
            await browser.call("Runtime.evaluate", expression="window.__frames = []")
            await press(browser, ":")
            # The command line has the keys once the footer is drawn again without "r".
            assert await browser.wait_for("^q Quitter", PATIENCE) is not None
            await press(browser, "La porte grince, dit Dana.")
            await typed_shown(browser, "La porte grince, dit Dana.")
            await press_enter(browser)
            await alice.wait_for("La porte grince, dit Dana.")
    finally:
        await alice.leave()
        await gm.leave()
    close_door(door)
    printed = door.output()
    assert "dana (joueur) a rejoint la table par web" in printed.lower()
    token = invited["url"].split("token=")[1]
    code = invited["ssh"].split()[-1].split("@")[0]
    assert token not in printed
    assert code not in printed


async def test_nothing_opens_without_a_live_token_or_from_another_site(door: Door) -> None:
    invited = door.invite("--player", "dana", "--admit")
    token = invited["url"].split("token=")[1]
    base = f"http://127.0.0.1:{door.web}"
    async with aiohttp.ClientSession() as client:
        for address in ("/", "/?token=", "/?token=" + "x" * 32, "/alive?token=nope"):
            async with client.get(base + address) as answer:
                assert answer.status == 403, address
        async with client.get(f"{base}/?token={token}") as answer:
            assert answer.status == 200
            assert answer.headers["Referrer-Policy"] == "no-referrer"
            assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
            page = await answer.text()
            assert "googleapis" not in page
            assert token not in page  # the page reads it from its own address
        for origin in (None, "http://evil.example.com", "null"):
            headers = {} if origin is None else {"Origin": origin}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"{base}/ws/{token}", headers=headers)
            assert refused.value.status == 403, origin
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await client.ws_connect(f"{base}/ws/{'y' * 32}", headers={"Origin": base})
        assert refused.value.status == 403
        # Two pages a link (a phone and a laptop); a third is turned away.
        sockets = [
            await client.ws_connect(f"{base}/ws/{token}", headers={"Origin": base})
            for _ in range(2)
        ]
        # The third is told why, once, and closed with the code after which the page
        # stays closed (it does not reload itself every second).
        third = await client.ws_connect(f"{base}/ws/{token}", headers={"Origin": base})
        said = await third.receive(timeout=PATIENCE)
        assert said.type == aiohttp.WSMsgType.BINARY
        assert "This link is open in two places already" in said.data.decode()
        closing = await third.receive(timeout=PATIENCE)
        assert closing.type == aiohttp.WSMsgType.CLOSE
        assert closing.data == 4009  # the frame's code, which the page's script reads
        await sockets[0].close()
        # Its place is free again once the page has gone (the door hears of it).
        for _ in range(int(PATIENCE / 0.05)):
            page = await client.ws_connect(f"{base}/ws/{token}", headers={"Origin": base})
            first = await page.receive(timeout=PATIENCE)
            if first.type == aiohttp.WSMsgType.BINARY and b"two places" not in first.data:
                sockets[0] = page
                break
            await page.close()
            import asyncio

            await asyncio.sleep(0.05)
        else:
            raise AssertionError("a closed page's place never came back")
        for sock in sockets:
            await sock.close()
        subprocess.run(
            [*CLI, "table", "revoke", invited["invite"], str(door.table.directory)],
            check=True, capture_output=True, timeout=PATIENCE,
            env={**os.environ, "MENEUR_DATA_DIR": str(door.table.data_dir)},
        )  # fmt: skip
        for address in (f"/?token={token}", f"/alive?token={token}"):
            async with client.get(base + address) as answer:
                assert answer.status == 403, address
    close_door(door)
    printed = door.output()
    assert "une page d'un autre site, depuis" in printed
    assert "trop de pages ouvertes" in printed
    assert "un lien qui n'ouvre aucune place" in printed
    assert token not in printed
    assert "x" * 32 not in printed


async def test_with_nobody_to_let_them_in_a_page_is_told_so(door: Door) -> None:
    invited = door.invite("--player", "dana")
    async with Browser() as browser:
        await browser.open(invited["url"])
        # in the page's language: the browser's (headless Chromium's is English)
        assert await browser.wait_for("the GM did not let you in", PATIENCE) is not None
    assert door.table.directory.joinpath("table.toml").read_text().count("admitted = false") == 1


async def test_a_viewer_s_link_opens_the_stream_read_aloud_to_a_screen_reader(
    door: Door,
) -> None:
    invited = door.invite("--viewer", "--admit")
    async with Browser() as browser:
        await browser.open(invited["url"] + "&reader=1&lang=fr")
        assert await browser.wait_for("En attente du premier jet", PATIENCE) is not None
        tree = "document.querySelector('.xterm-accessibility-tree')"
        read = f"{tree} ? {tree}.innerText : ''"
        for _ in range(int(PATIENCE / 0.05)):
            result = await browser.call("Runtime.evaluate", expression=read, returnByValue=True)
            if "En attente du premier jet" in str(result["result"].get("value", "")):
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError("the screen reader's text never had the view")
        # A viewer types nothing: no keyboard button, and no bar while it says nothing.
        shown = "getComputedStyle(document.getElementById('{}')).display"
        for element in ("keyboard", "bar"):
            found = await browser.call(
                "Runtime.evaluate", expression=shown.format(element), returnByValue=True
            )
            assert found["result"]["value"] == "none", element
        # A story of notes that wrap, rolls between them: the newest stays on the page.
        from tests.tui.test_watch_newest import shown_notes, story

        writer = Campaign.open(door.table.directory)
        try:
            story(writer, 0, 24)
        finally:
            writer.close()
        for _ in range(int(PATIENCE / 0.05)):
            result = await browser.call("Runtime.evaluate", expression=read, returnByValue=True)
            screen = str(result["result"].get("value", ""))
            if "Jet 23" in screen and "(23)." in screen:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"the newest note never showed whole:\n{screen}")
        first_words, last_words = shown_notes(screen)
        assert first_words == list(range(24 - len(first_words), 24))
        assert last_words == first_words  # each line of the stream's story whole


async def test_a_dropped_seat_comes_back_by_itself(door: Door) -> None:
    invited = door.invite("--player", "dana", "--name", "Dana", "--character", "mira", "--admit")
    async with Browser() as browser:
        await browser.open(invited["url"] + "&lang=fr")
        assert await browser.wait_for("● Dana (Mira)", PATIENCE) is not None
        keyboard = "getComputedStyle(document.getElementById('keyboard')).display"
        found = await browser.call("Runtime.evaluate", expression=keyboard, returnByValue=True)
        assert found["result"]["value"] != "none"  # a player's phone needs it
        # The worker playing the seat dies (kill -9): the page's connection drops.
        workers = subprocess.run(
            ["pgrep", "-P", str(door.server.pid)], capture_output=True, text=True, check=True
        ).stdout.split()
        await browser.call("Runtime.evaluate", expression="window.__frames = []")
        for pid in workers:
            os.kill(int(pid), signal.SIGKILL)
        assert await browser.wait_for("● Dana (Mira)", PATIENCE) is not None


@pytest.mark.long
async def test_kill_9_loses_nothing_and_a_restarted_table_takes_everyone_back(
    tmp_path: Path,
) -> None:
    from .seated import join

    table = make_table(tmp_path)
    first = open_door(table)
    try:
        invited = first.invite(
            "--player", "dana", "--name", "Dana", "--character", "mira", "--admit"
        )
        async with Browser() as browser:
            await browser.open(invited["url"] + "&lang=fr")
            assert await browser.wait_for("● Dana (Mira)", PATIENCE) is not None
            await browser.call("Runtime.evaluate", expression="window.__frames = []")
            await press(browser, ":")
            assert await browser.wait_for("^q Quitter", PATIENCE) is not None
            await press(browser, "Avant la panne.")
            await typed_shown(browser, "Avant la panne.")
            await press_enter(browser)
            await until_async(
                lambda: "Avant la panne." in [e.text for e in journal_entries(table)],
                "the note never reached the journal",
            )
            # The server dies at once (its workers follow when they see it gone).
            first.server.send_signal(signal.SIGKILL)
            first.server.wait(PATIENCE)
            await browser.call("Runtime.evaluate", expression="window.__frames = []")
            again = None
            for _ in range(int(PATIENCE / 0.2)):  # the old workers may still hold the ports
                try:
                    again = open_door(table, first.ssh, first.web)
                    break
                except AssertionError:
                    import asyncio

                    await asyncio.sleep(0.2)
            assert again is not None, "the table never listened again on its ports"
            try:
                # The page finds its seat again by itself, with the same link.
                assert await browser.wait_for("● Dana (Mira)", PATIENCE) is not None
                assert "Avant la panne." in [e.text for e in journal_entries(table)]
                alice = await join(table, again.ssh, "alice")
                await alice.wait_for("● Dana (Mira)")
                await alice.leave()
            finally:
                close_door(again)
    finally:
        if first.server.poll() is None:  # a step failed before the kill: no server left
            first.server.kill()
            first.server.wait()


async def test_a_seat_s_token_gives_its_picture_as_a_feed_until_revoked(door: Door) -> None:
    """``serve --web``: a viewer's link, with /view.json and /feed, gives the audience's
    picture (no GM clock); revoked, its feed ends at the next change and its token opens
    nothing."""
    import asyncio

    import aiohttp

    env = {**os.environ, "MENEUR_DATA_DIR": str(door.table.data_dir)}

    def cli(*words: str) -> None:
        subprocess.run([*CLI, *words], check=True, capture_output=True, timeout=PATIENCE, env=env)

    directory = str(door.table.directory)
    cli("clock", directory, "add", "Menace", "6", "--gm")
    cli("clock", directory, "add", "Alarme", "4")
    invited = door.invite("--viewer", "--admit")
    token = invited["url"].split("token=")[1].split("&")[0]
    base = f"http://127.0.0.1:{door.web}"
    async with aiohttp.ClientSession() as client:
        async with client.get(f"{base}/view.json?token={token}") as answer:
            assert answer.status == 200
            view = await answer.json()
        assert [t["name"] for t in view["trackers"]] == ["Alarme"]  # not the GM's Menace
        async with client.get(f"{base}/view.json?token={'x' * 32}") as answer:
            assert answer.status == 403
        async with client.get(f"{base}/feed?token={token}") as feed:
            assert feed.status == 200
            line = b""
            while not line.startswith(b"data: "):
                line = await asyncio.wait_for(feed.content.readline(), PATIENCE)
            assert json.loads(line[6:])["trackers"] == view["trackers"]
            cli("table", "revoke", invited["invite"], directory)
            cli("note", directory, "Un bruit dans la nuit.")  # a change: the feed looks again
            rest = await asyncio.wait_for(feed.content.read(), PATIENCE)  # until it ends
            assert b"Un bruit dans la nuit." not in rest
        async with client.get(f"{base}/view.json?token={token}") as answer:
            assert answer.status == 403


async def post(client: aiohttp.ClientSession, url: str, body: object) -> tuple[int, Any]:
    """``POST /act``'s status and answer (JSON, or the door's text), waiting its turn: one
    action per half second a seat."""
    import asyncio

    for _ in range(int(PATIENCE / 0.1)):
        async with client.post(url, json=body) as answer:
            if answer.status != 429:
                json_body = answer.content_type == "application/json"
                return answer.status, await (answer.json() if json_body else answer.text())
        await asyncio.sleep(0.1)
    raise AssertionError("never our turn")


async def test_an_api_token_acts_for_its_seat_as_at_the_table(door: Door) -> None:
    """``meneur invite --player dana --api``: a token that opens no page but acts for
    Dana through ``POST /act`` (a note, a roll, a question), refused as her app is, at
    most one action per half second, ended by a revoke; a viewer's token writes
    nothing."""
    import aiohttp

    env = {**os.environ, "MENEUR_DATA_DIR": str(door.table.data_dir)}
    made = subprocess.run(
        [*CLI, "invite", str(door.table.directory), "--player", "dana", "--api", "--json",
         "--host", "127.0.0.1", "--web-port", str(door.web)],
        capture_output=True, text=True, timeout=PATIENCE, check=True, env=env,
    )  # fmt: skip
    issued = json.loads(made.stdout)
    assert issued["api"] is True
    assert "ssh" not in issued
    act, feed = issued["act"], issued["feed"]
    token = act.split("token=")[1]
    base = f"http://127.0.0.1:{door.web}"
    viewer = door.invite("--viewer", "--admit")["url"].split("token=")[1].split("&")[0]

    async with aiohttp.ClientSession() as client:
        async with client.get(f"{base}/?token={token}") as answer:
            assert answer.status == 403  # no page
        async with client.get(feed) as answer:
            assert answer.status == 200
        status, said = await post(client, act, {"note": "Dana crochète la serrure."})
        assert status == 200, said
        assert said["text"] == "Dana crochète la serrure."
        status, said = await post(client, act, {"roll": "2d6"})
        assert status == 200, said
        status, said = await post(client, act, {"question": "La porte cède-t-elle ?"})
        assert status == 200, said
        status, said = await post(client, act, {"roll": "2d"})
        assert status == 400  # a mistyped roll says what is wrong, in the table's language
        assert "nombre de faces" in said["error"]
        status, said = await post(client, f"{base}/act?token={viewer}", {"note": "Spectateur"})
        assert status == 403
        assert said["error"]  # the table's own sentence
        entries = journal_entries(door.table)
        notes = [e for e in entries if e.kind == "note"]
        assert [e.text for e in notes if e.by == "dana"][:1] == ["Dana crochète la serrure."]
        assert "Spectateur" not in [e.text for e in entries]
        subprocess.run(
            [*CLI, "table", "revoke", issued["invite"], str(door.table.directory)],
            check=True, capture_output=True, timeout=PATIENCE, env=env,
        )  # fmt: skip
        status, _ = await post(client, act, {"note": "Après la révocation"})
        assert status == 403


async def test_an_api_token_rolls_its_system_s_test_and_a_ban_ends_it(door: Door) -> None:
    """``{"test": options}``: the campaign's test set up with the options of ``meneur
    roll SYSTEM`` and rolled as the seat (its one character by default), refused as at
    the table; the options the table chooses (the campaign, the seat, the seed) are
    refused whatever their spelling; a ban ends the token and its feed."""
    import asyncio

    env = {**os.environ, "MENEUR_DATA_DIR": str(door.table.data_dir)}
    made = subprocess.run(
        [*CLI, "invite", str(door.table.directory), "--player", "dana", "--api", "--json",
         "--character", "mira", "--host", "127.0.0.1", "--web-port", str(door.web)],
        capture_output=True, text=True, timeout=PATIENCE, check=True, env=env,
    )  # fmt: skip
    issued = json.loads(made.stdout)
    act, feed = issued["act"], issued["feed"]
    base = f"http://127.0.0.1:{door.web}"
    viewer = door.invite("--viewer", "--admit")["url"].split("token=")[1].split("&")[0]

    async with aiohttp.ClientSession() as client:
        status, said = await post(client, act, {"test": "--score 3 --label Crochetage"})
        assert status == 200, said
        assert "Crochetage" in said["text"]
        assert said["result"]  # the outcome, in the table's language
        status, said = await post(client, act, {"test": ["--score", "4", "--character", "kael"]})
        assert (status, said["error"]) == (403, "Ce personnage n'est pas le vôtre.")
        status, said = await post(client, act, {"test": "--score x"})
        assert status == 400
        assert "--score" in said["error"]
        assert "nombre entier" in said["error"]
        for chosen in ("--campaign=/tmp", "--camp /tmp", "--seed 4", "--as alice", "-h"):
            status, said = await post(client, act, {"test": f"--score 3 {chosen}"})
            assert status == 400, chosen
            assert said["error"].startswith(chosen.split()[0]), said
        status, said = await post(client, act, {"test": 3})
        assert status == 400
        status, said = await post(client, f"{base}/act?token={viewer}", {"test": "--score 3"})
        assert status == 403
        assert said["error"] == (
            "Un spectateur regarde la table\u00a0: seuls le MJ et les joueurs écrivent."
        )
        rolls = [e for e in journal_entries(door.table) if e.kind == "roll"]
        assert [(e.by, e.character) for e in rolls] == [("dana", "mira")]
        assert "Crochetage" in rolls[0].text

        async with client.get(feed) as stream:
            assert stream.status == 200
            await stream.content.readline()  # the feed is open
            subprocess.run(
                [*CLI, "table", "ban", "dana", str(door.table.directory)],
                check=True, capture_output=True, timeout=PATIENCE, env=env,
            )  # fmt: skip
            subprocess.run(
                [*CLI, "note", str(door.table.directory), "Après le bannissement."],
                check=True, capture_output=True, timeout=PATIENCE, env=env,
            )  # fmt: skip
            rest = await asyncio.wait_for(stream.content.read(), PATIENCE)  # until it ends
            assert "Après le bannissement.".encode() not in rest
        status, _ = await post(client, act, {"note": "Après le bannissement"})
        assert status == 403
        async with client.get(feed) as answer:
            assert answer.status == 403
