"""``POST /act`` played in the server, in this process: the routes of the browser door
(serve/web_seats.py) on an aiohttp test server, the table's pace on a clock the test
moves. Every action is played through ``play`` on the server's one open campaign (no
``meneur roll`` process, no campaign opened a request), and a request with a key its
action does not take is refused, naming it, nothing written."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.campaigns import Campaign
from meneur.play.invites import invite
from meneur.play.lines import register_test_reader, registered_test_reader
from meneur.serve import act_api
from meneur.serve.ssh import TableServer
from meneur.serve.web_seats import WebSeats


def _folder(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name != ".lock"
    }


class Door:
    """The browser door's routes, and a token for Dana (Mira's player) and a viewer."""

    def __init__(self, directory: Path, client: TestClient[Any, Any], server: TableServer):
        self.directory = directory
        self.client = client
        self.server = server
        self.dana = ""
        self.viewer = ""

    async def post(self, token: str, body: object) -> tuple[int, Any]:
        async with self.client.post(f"/act?token={token}", json=body) as answer:
            return answer.status, await answer.json()


@pytest.fixture
async def door(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Door]:
    from meneur.cli.plain import read_test

    ticks = itertools.count(step=10)
    monkeypatch.setattr(act_api, "PACE", act_api.Pace(clock=lambda: float(next(ticks))))
    if registered_test_reader() is None:  # as ``meneur serve`` registers it
        register_test_reader(read_test)
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution", name="Soirée", language="fr") as made:
        act.set_value(made, GM_SEAT, ("characters", "mira"), {"name": "Mira", "sheet": {}})
        act.set_value(made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
        dana = invite(
            directory,
            made.state,
            seat=GM_SEAT,
            player="dana",
            characters=["mira"],
            now=made.clock(),
            api=True,
        )
        viewer = invite(
            directory, made.state, seat=GM_SEAT, player=None, now=made.clock(), admit=True
        )
    server = TableServer(directory, lang="fr", seed=1)
    client = TestClient(TestServer(WebSeats(server).application()))
    await client.start_server()
    opened = Door(directory, client, server)
    opened.dana, opened.viewer = dana.token, viewer.token
    try:
        yield opened
    finally:
        await client.close()
        server.close()


async def test_a_request_with_a_key_its_action_does_not_take_is_refused_naming_it(
    door: Door,
) -> None:
    """``{"note": "x", "visibility": "gm"}`` wrote a public note and answered 200: the key
    it did not know is now refused (400, naming it), and nothing is written."""
    before = _folder(door.directory)
    status, said = await door.post(door.dana, {"note": "Le traître est Varn", "visibility": "gm"})
    assert status == 400
    assert said["error"].startswith("visibility\u00a0: clé inconnue")
    status, said = await door.post(door.dana, {"roll": "1d6", "character": "mira"})
    assert (status, said["error"].split("\u00a0")[0]) == (400, "character")
    assert _folder(door.directory) == before
    status, said = await door.post(door.dana, {"question": "Il pleut ?", "likelihood": 4})
    assert status == 200, said  # the keys of a question


async def test_every_action_is_played_in_the_server_as_the_seat(
    door: Door, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A note, dice, a question and a system's test are played through play on the
    server's one open campaign, as Dana: no process is started, the campaign is opened
    once, a test's refusal is a 403 by its key (not by comparing sentences)."""
    import asyncio

    def no_process(*_: object, **__: object) -> None:
        raise AssertionError("a process was started")

    monkeypatch.setattr(asyncio, "create_subprocess_exec", no_process)
    opened = []
    real_open = Campaign.open

    def counted(*args: Any, **kwargs: Any) -> Campaign:
        if kwargs.get("write", True):
            opened.append(args)
        return real_open(*args, **kwargs)

    monkeypatch.setattr(Campaign, "open", counted)
    for body in (
        {"note": "Dana crochète la serrure."},
        {"roll": "2d6"},
        {"question": "La porte cède-t-elle ?"},
        {"test": "--score 3 --label Crochetage"},
    ):
        status, said = await door.post(door.dana, body)
        assert status == 200, (body, said)
    assert "Crochetage" in said["text"]
    assert said["result"]
    status, said = await door.post(door.dana, {"test": ["--score", "4", "--character", "kael"]})
    assert (status, said["error"]) == (403, "Ce personnage n'est pas le vôtre.")
    status, said = await door.post(door.dana, {"test": "--score x"})
    assert status == 400
    assert "--score" in said["error"]
    status, said = await door.post(door.viewer, {"test": "--score 3"})
    assert status == 403
    assert len(opened) == 1  # the server's campaign, opened at the first action
    with Campaign.open(door.directory, write=False) as campaign:
        written = [(e.kind, e.by, e.character) for e in campaign.journal.latest(10)]
    assert written[-4:] == [
        ("note", "dana", None),
        ("roll", "dana", None),
        ("oracle", "dana", None),
        ("roll", "dana", "mira"),
    ]


async def test_a_refused_token_or_origin_is_told_in_json_in_the_table_s_language(
    door: Door,
) -> None:
    """At the addresses bots read, a refusal of a token or of an Origin is ``{"error":
    …}`` in the table's language, as ``/act``'s own; a revoked token is told it expired
    or was revoked, not that the address needs its token."""
    from meneur.content.strings import strings
    from meneur.play.invites import revoke

    words = strings("fr")
    evil = {"Origin": "http://evil.example"}
    async with door.client.post(f"/act?token={door.dana}", json={"note": "x"}, headers=evil) as a:
        assert (a.status, await a.json()) == (403, {"error": words.t("http.other_site")})
    async with door.client.get(f"/view.json?token={door.dana}", headers=evil) as answer:
        assert (answer.status, await answer.json()) == (403, {"error": words.t("http.other_site")})
    with Campaign.open(door.directory, write=False) as campaign:
        table = door.server.table()
        assert table is not None
        (ident,) = [i for i, found in table.invites.items() if found.seat == "dana"]
        revoke(door.directory, dict(campaign.state), ident, campaign.clock(), seat=GM_SEAT)
    for address in (f"/view.json?token={door.dana}", f"/feed?token={door.dana}"):
        async with door.client.get(address) as answer:
            assert (answer.status, await answer.json()) == (403, {"error": words.t("http.no_seat")})
    status, said = await door.post(door.dana, {"note": "Après la révocation"})
    assert (status, said) == (403, {"error": words.t("http.no_seat")})
    assert "révoqué" in words.t("http.no_seat")


@pytest.mark.parametrize(
    "options",
    ["--visibility public", "--visibility private", "--announce", "--visibility public --announce"],
)
async def test_a_test_of_a_kind_the_gm_keeps_stays_blind_whatever_the_player_asks(
    door: Door, options: str
) -> None:
    """The GM keeps resolution tests blind: Dana's ``{"test": "… --visibility public"}``
    (``private``, ``--announce``) answered her the outcome and wrote it public or private."""
    with Campaign.open(door.directory) as gm:
        act.set_value(gm, GM_SEAT, ("secrecy",), {"resolution": "gm"})
    status, said = await door.post(door.dana, {"test": f"--score 3 --character mira {options}"})
    assert (status, said) == (
        200,
        {"written": True, "text": "🔒 Jet à l'aveugle (le MJ seul voit le résultat)", "result": ""},
    )
    with Campaign.open(door.directory, write=False) as campaign:
        entry = campaign.journal.entry(campaign.journal.last_id)
    assert (entry.kind, entry.visibility, entry.player, entry.announced) == (
        "roll",
        "gm",
        "dana",
        True,
    )
