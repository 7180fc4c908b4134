"""The expensive doors of the table of doors, each driven once per role and kind of
secret after an evening of one of each: the app's screen (pilot) and ``meneur watch``
for every role, the plain seat in a real process for a player's own blind roll, and the
table's server (a real HTTP server and real SSH seats, in this process) for its
addresses, ``/act`` and the lines of ``serve.log``.

As at the cheap doors: a role sees no marker it may not read, no tell-tale of the GM's
table, clock or settings and no entry's number; and, where the door allows a twin run,
what anyone but the GM sees does not change with the secrets.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT
from meneur.play.campaigns import Campaign, local_now
from meneur.play.presence import Presence
from meneur.play.session import Session
from tests.serve.browser import CHROMIUM

from .doors import VIEWERS, door
from .evening import SEATS, Played, Step, furnish, play_evening, play_steps, twin
from .verdicts import difference, placed, verdicts

REAL_STEPS = [
    Step("bob", "note", "play"),
    Step("alice", "private note", "play"),
    Step("gm", "gm note", "play"),
    Step("gm", "announced gm roll", "play"),
    Step("gm", "gm roll", "play"),
    Step("alice", "blind roll", "play"),
    Step("gm", "gm table", "play"),
    Step("gm", "rumour", "play"),
    Step("gm", "gm clock", "play"),
    Step("bob", "dice", "play"),
]
"""One of each kind of secret (and a public note and roll, which everyone reads)."""
ASKED = "Qzasked"
"""The marker of the blind question a player asks at the door itself."""


@dataclasses.dataclass
class Evenings:
    """The evening of :data:`REAL_STEPS` and its twin (other secrets, same public)."""

    first: Played
    second: Played


@pytest.fixture(scope="module")
def evenings(tmp_path_factory: pytest.TempPathFactory, set_once: Path) -> Evenings:
    root = tmp_path_factory.mktemp("real")
    first = play_evening(root / "first" / "c", list(enumerate(REAL_STEPS)), 1, table=set_once)
    second = play_evening(root / "second" / "c", twin(REAL_STEPS), 2, table=set_once)
    return Evenings(first, second)


def _copy(played: Played, into: Path) -> Played:
    """``played`` in a folder of its own (a door that writes leaves the evening as it
    was), with the marker a player asks at the door: the GM's alone, as a blind roll."""
    shutil.copytree(played.directory, into)
    return dataclasses.replace(
        played,
        directory=into,
        readers={**played.readers, ASKED: "gm"},
        kinds={**played.kinds, ASKED: "blind roll asked at the door"},
    )


async def _app_screen(played: Played, role: str, seed: int) -> str:
    """What ``role``'s app shows: its table, its palette, its Tables tab; a player asks
    the oracle a question the GM keeps blind on its command line."""
    from meneur.tui.app import MeneurApp
    from tests.tui.conftest import screen_text

    session = Session(
        Campaign.open(played.directory),
        strings("fr"),
        random.Random(seed) if role == "gm" else random.SystemRandom(),
        seat=SEATS[role],
        presence=Presence(),
        remote=role != "gm",
    )
    app = MeneurApp(session)
    shown = []
    try:
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause()
            shown.append(screen_text(app))
            shown.append(" ".join(c.title for c in app.get_system_commands(app.screen)))
            if role in ("alice", "bob"):
                await pilot.press("colon", *f"? {ASKED} tient-il", "enter")
                await pilot.pause()
                shown.append(screen_text(app))
            await pilot.press("f4")  # the Tables tab
            await pilot.pause()
            shown.append(screen_text(app))
    finally:
        session.campaign.close()
    return "\n".join(shown)


@pytest.mark.parametrize("role", door("the app's screen").roles)
async def test_the_app_shows_each_seat_what_it_may_see(
    role: str, evenings: Evenings, tmp_path: Path
) -> None:
    first = _copy(evenings.first, tmp_path / "first" / "c")
    shown = placed(await _app_screen(first, role, 1), first)
    wrong = verdicts(door("the app's screen"), role, shown, first)
    if role != "gm":
        second = _copy(evenings.second, tmp_path / "second" / "c")
        changed = difference(shown, placed(await _app_screen(second, role, 2), second))
        if changed:
            wrong.append(f"changes with the secrets:\n{changed}")
    assert not wrong, f"the app's screen, as {role}:\n" + "\n".join(wrong)


async def _watched(played: Played, role: str) -> str:
    """``meneur watch``'s two layouts as ``role`` sees them."""
    from meneur.tui.watch import WatchApp
    from tests.tui.conftest import screen_text

    shown = []
    for layout in ("stream", "table"):
        campaign = Campaign.open(played.directory, write=False)
        app = WatchApp(campaign, strings("fr"), VIEWERS[role], layout=layout)
        try:
            async with app.run_test(size=(120, 40)) as pilot:
                await pilot.pause()
                shown.append(screen_text(app))
        finally:
            campaign.close()
    return "\n".join(shown)


@pytest.mark.parametrize("role", door("meneur watch").roles)
async def test_meneur_watch_shows_each_role_what_it_may_see(role: str, evenings: Evenings) -> None:
    shown = placed(await _watched(evenings.first, role), evenings.first)
    wrong = verdicts(door("meneur watch"), role, shown, evenings.first)
    if role != "gm":
        changed = difference(shown, placed(await _watched(evenings.second, role), evenings.second))
        if changed:
            wrong.append(f"changes with the secrets:\n{changed}")
    assert not wrong, f"meneur watch, as {role}:\n" + "\n".join(wrong)


def _plain(played: Played, role: str) -> str:
    """``meneur --plain --as ROLE`` in its own process, a blind question typed (with
    the system's dice: a player chooses no seed in a session whose dice are
    committed)."""
    done = subprocess.run(
        [
            sys.executable, "-m", "meneur.cli.main", "--plain", "--campaign",
            str(played.directory), "--as", role,
        ],
        input=f"? {ASKED} tient-il\nquit\n", capture_output=True, text=True, timeout=60,
        env={**os.environ, "MENEUR_DATA_DIR": str(played.directory.parent / "data")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("role", door("the plain seat in a terminal").roles)
def test_the_plain_seat_in_a_terminal_keeps_a_blind_roll_blind(
    role: str, evenings: Evenings, tmp_path: Path
) -> None:
    first = _copy(evenings.first, tmp_path / "first" / "c")
    shown = placed(_plain(first, role), first)
    wrong = verdicts(door("the plain seat in a terminal"), role, shown, first)
    second = _copy(evenings.second, tmp_path / "second" / "c")
    changed = difference(shown, placed(_plain(second, role), second))
    if changed:
        wrong.append(f"changes with the secrets:\n{changed}")
    assert not wrong, f"the plain seat, as {role}:\n" + "\n".join(wrong)


async def _drawn(browser: Any, played: Played, role: str) -> str:
    """The broadcast page as a browser draws it for ``role``'s viewer: the page and its
    feed served by their routes in this process, the words on the page once it drew
    the feed's picture."""
    import asyncio
    import time

    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    from meneur.serve.broadcast import Broadcasts, add_routes
    from tests.waiting import PATIENCE, STEP

    app = web.Application()
    viewer = VIEWERS[role]
    add_routes(app, Broadcasts(played.directory, strings("fr")), lambda r: viewer, frozenset())
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        await browser.open(str(client.make_url("/broadcast?token=t&motion=0")))
        deadline = time.monotonic() + PATIENCE
        while await browser.evaluate("document.body.dataset.ready") != "1":
            assert time.monotonic() < deadline, "the page never drew the feed"
            await asyncio.sleep(STEP)
        shown = str(await browser.evaluate("document.body.innerText"))
        await browser.open("about:blank")  # its feed closed before the server stops
    return shown


@pytest.mark.e2e
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
@pytest.mark.parametrize("role", door("the broadcast drawn by a browser").roles)
async def test_the_broadcast_drawn_by_a_browser_shows_each_role_what_it_may_see(
    role: str, evenings: Evenings
) -> None:
    from tests.serve.browser import Browser

    async with Browser() as browser:
        shown = await _drawn(browser, evenings.first, role)
        other = await _drawn(browser, evenings.second, role)
    wrong = verdicts(door("the broadcast drawn by a browser"), role, shown, evenings.first)
    changed = difference(shown, other)
    if changed:
        wrong.append(f"changes with the secrets:\n{changed}")
    assert not wrong, f"the broadcast in a browser, as {role}:\n" + "\n".join(wrong)


def _entries(directory: Path) -> int:
    with Campaign.open(directory, write=False) as campaign:
        return campaign.journal.last_id


@dataclasses.dataclass
class ServedTable:
    """A table set for serving (real SSH keys; viewers welcome), after the evening."""

    table: Any
    played: Played

    def invite(self, player: str | None, **options: Any) -> Any:
        """An invite (its code and token) for ``player``'s seat, the viewer's for None."""
        from meneur.play.invites import invite

        with Campaign.open(self.table.directory, write=False) as campaign:
            state = dict(campaign.state)
        return invite(
            self.table.directory, state, seat=GM_SEAT, player=player, now=local_now(),
            lifetime=timedelta(hours=1), **options,
        )  # fmt: skip


def _served_table(root: Path) -> ServedTable:
    from tests.serve.seated import make_table

    table = make_table(root, viewers="anyone")
    with Campaign.open(table.directory) as gm:
        furnish(gm)
    played = play_steps(table.directory, list(enumerate(REAL_STEPS)), 1)
    asked = {ASKED: "blind roll asked at the door"}
    played = dataclasses.replace(
        played, readers={**played.readers, ASKED: "gm"}, kinds={**played.kinds, **asked}
    )
    return ServedTable(table, played)


@pytest.mark.e2e
async def test_the_server_s_addresses_keep_the_secrets(tmp_path: Path) -> None:
    """``meneur serve --web``'s addresses in this process, on a real socket: each seat's
    token reads its picture (``/view.json``); ``/act`` refuses a key it does not know,
    naming it and writing nothing, answers a player's blind question without its
    outcome and a roll without its entry's number; a token that opens nothing is refused
    as JSON."""
    from aiohttp.test_utils import TestClient, TestServer

    from meneur.serve.web_seats import WebSeats
    from tests.serve.seated import Served

    served_table = _served_table(tmp_path)
    played = served_table.played
    issued = {
        "alice": served_table.invite("alice", api=True),
        "bob": served_table.invite("bob", api=True),
        "viewer": served_table.invite(None, api=True),
    }
    # Alice's bots, one a request (a seat acts once every ACT_SECONDS at most).
    bots = [{"token": served_table.invite("alice", api=True).token} for _ in range(3)]
    server_door = door("the table's server over HTTP (/view.json, /act, tokens)")
    wrong: list[str] = []
    async with Served(served_table.table) as served:
        app = WebSeats(served.server).application()
        async with TestClient(TestServer(app)) as client:
            for role, invited in issued.items():
                answer = await client.get("/view.json", params={"token": invited.token})
                assert answer.status == 200, role
                shown = await answer.text()
                wrong += [
                    f"/view.json as {role}: {w}" for w in verdicts(server_door, role, shown, played)
                ]
            refused = await client.get("/view.json", params={"token": "nothing-it-opens"})
            said_refused = await refused.text()
            if refused.status != 403 or refused.content_type != "application/json":
                wrong.append(f"a token that opens nothing: {refused.status} {said_refused!r}")
            before = _entries(played.directory)
            # (The case was "visibility": a key /act may come to know.)
            half = await client.post("/act", params=bots[0], json={"note": "Qzact", "Qzkey": 1})
            written = _entries(played.directory) - before
            said = await half.text()
            if (half.status, written, "Qzkey" in said) != (400, 0, True):
                wrong.append(
                    f"/act with a key it does not know: {half.status} {said!r},"
                    f" {written} entry written"
                )
            asked = await client.post(
                "/act", params=bots[1], json={"question": f"{ASKED} tient-il", "likelihood": 3}
            )
            said = await asked.text()
            wrong += [
                f"/act's answer to a blind question: {w}"
                for w in verdicts(server_door, "alice", said, played)
            ]
            if asked.status != 200 or json.loads(said).get("result") != "":
                wrong.append(f"/act's answer to a blind question tells its outcome: {said}")
            rolled = await client.post("/act", params=bots[2], json={"roll": "2d6"})
            said = await rolled.text()
            wrong += [
                f"/act's answer to a roll: {w}"
                for w in verdicts(server_door, "alice", said, played)
            ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.e2e
async def test_the_ssh_seats_and_serve_log_keep_the_secrets(tmp_path: Path) -> None:
    """``meneur serve``'s SSH seats (asyncssh's client, the screen as a VT draws it): a
    player, an anonymous viewer (viewers are welcome) and a newcomer with an invite's
    code, who takes her seat (the code binds her key) rather than a viewer's; each sees
    what their role may; ``serve.log`` names no secret, no code, and no viewer as the
    GM."""
    from meneur.play.seating import read_table
    from tests.serve.seated import Served

    served_table = _served_table(tmp_path)
    played = served_table.played
    dana = served_table.invite("dana", name="Dana", characters=["mira"], admit=True)
    server_door = door("the table's SSH seats and serve.log")
    wrong: list[str] = []
    lines: list[str] = []
    async with Served(served_table.table) as served:
        served.server.log = lines.append
        for person, role, username in (
            ("alice", "alice", None),
            ("stranger", "viewer", None),
            ("dana", "dana", dana.code),
        ):
            seat = await served.join(person, username=username)
            await seat.wait_for("Kael")
            shown = seat.text()
            if role == "dana":
                with Campaign.open(played.directory, write=False) as campaign:
                    found = read_table(played.directory, campaign.state)
                assert found is not None
                if not any(s.name == "dana" for s in found.seats.values()):
                    wrong.append("an invite's code at a table open to viewers seats a viewer")
                role = "bob"  # she plays Mira, as Bob does: she sees what a player sees
            wrong += [
                f"SSH seat of {person}: {w}" for w in verdicts(server_door, role, shown, played)
            ]
            await seat.leave()
    log = "\n".join(lines)
    wrong += [f"serve.log: {w}" for w in verdicts(server_door, "viewer", log, played)]
    if dana.code in log or dana.token in log:
        wrong.append("serve.log carries an invite's code or token")
    gm = strings("fr").t("serve.gm")
    viewer = strings("fr").t("serve_log.role_viewer")
    for line in lines:
        if f"{gm} ({viewer})" in line:
            wrong.append(f"serve.log calls a viewer the GM: {line!r}")
    assert not wrong, "\n".join(wrong)
