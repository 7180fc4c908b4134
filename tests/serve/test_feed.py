"""The feed for an audience, served in this process as ``meneur web`` serves it: each
picture encoded once and the same bytes sent to every feed, and a client that stops
reading dropped (the others served meanwhile), told to resume, and resumed with
``Last-Event-ID``."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT
from meneur.core.visibility import AUDIENCE
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.serve import broadcast as broadcast_module
from meneur.serve.answers import answering, connections
from meneur.serve.broadcast import Broadcasts, add_routes
from meneur.serve.feed import FEED_BUFFER, MAX_FEEDS_ENV
from tests.waiting import PATIENCE, until_async

from .browser import CHROMIUM, Browser

TOKEN = "feed-test-token-of-thirty-two-ch"


@contextlib.asynccontextmanager
async def serving(directory: Path) -> AsyncIterator[tuple[int, Broadcasts]]:
    """The broadcast routes of ``directory`` served on a free local port, as ``meneur
    web`` serves them: the port, the server's pictures."""
    broadcasts = Broadcasts(directory, strings("fr"))
    app = web.Application(middlewares=[answering(lambda request: "fr", lambda *a, **k: None)])

    def viewer_of(request: web.Request) -> Any:
        return AUDIENCE if request.query.get("token") == TOKEN else None

    add_routes(app, broadcasts, viewer_of, frozenset())
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    loop = asyncio.get_running_loop()
    server = await loop.create_server(connections(runner, "fr"), "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1], broadcasts
    finally:
        server.close()
        await runner.cleanup()


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[Path, int, Broadcasts]]:
    """A campaign and its broadcast routes served: its folder, the port, the pictures."""
    directory = tmp_path / "camp"
    Campaign.create(directory, system="resolution", name="Les docks").close()
    async with serving(directory) as (port, broadcasts):
        yield directory, port, broadcasts


def note(directory: Path, text: str) -> None:
    writer = Campaign.open(directory)
    try:
        act.note(writer, GM_SEAT, text)
    finally:
        writer.close()


def events_of(body: bytes) -> list[dict[str, str]]:
    """The events (and comments) of a feed's body, each as its fields."""
    found = []
    for block in body.decode().split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.split("\n"):
            name, _, value = line.partition(": ")
            if line and not line.startswith(":"):
                fields[name] = value
        if "data" in fields:
            found.append(fields)
    return found


async def test_each_picture_is_encoded_once_for_every_feed(
    served: tuple[Path, int, Broadcasts], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Twenty feeds, a note: the picture's event is made once, and each feed receives
    the very same bytes."""
    directory, port, _ = served
    made: list[int] = []
    encode = broadcast_module.event

    def counted(view: dict[str, Any], version: int) -> bytes:
        made.append(version)
        return encode(view, version)

    monkeypatch.setattr(broadcast_module, "event", counted)
    url = f"http://127.0.0.1:{port}/feed?token={TOKEN}"
    async with aiohttp.ClientSession() as session:
        answers = [await session.get(url) for _ in range(20)]
        bodies = [b""] * len(answers)

        async def read(number: int, until: Callable[[bytes], bool]) -> None:
            while not until(bodies[number]):
                bodies[number] += await answers[number].content.readany()

        first = [
            read(n, lambda body: b"\n\n" in body.partition(b"event: view")[2]) for n in range(20)
        ]
        await asyncio.wait_for(asyncio.gather(*first), PATIENCE)
        made.clear()
        note(directory, "La porte cède dans un fracas.")
        news = [read(n, lambda body: b"fracas" in body) for n in range(20)]
        await asyncio.wait_for(asyncio.gather(*news), PATIENCE)
        for answer in answers:
            answer.close()
    assert made == [2]  # the new picture, encoded once for twenty feeds
    sent = {body[body.index(b"event: view\nid: 2") :] for body in bodies}
    assert len(sent) == 1  # the same bytes to each
    (event,) = [e for e in events_of(sent.pop()) if e["id"] == "2"]
    assert json.loads(event["data"])["story"][-1]["text"] == "La porte cède dans un fracas."


async def test_a_client_that_stops_reading_is_dropped_and_resumes(
    served: tuple[Path, int, Broadcasts],
) -> None:
    """A client stops reading while the table writes long notes: another client gets
    each of them as it is written; the stalled one, when it reads again, finds a
    ``resume`` event and the end of its feed, and comes back with ``Last-Event-ID`` to
    the newest picture."""
    directory, port, broadcasts = served
    loop = asyncio.get_running_loop()
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.setblocking(False)
    await loop.sock_connect(stalled, ("127.0.0.1", port))
    asked = f"GET /feed?token={TOKEN} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    await loop.sock_sendall(stalled, asked.encode())
    long = "Le vent hurle dans les rochers du col. " * 450  # ~18,000 characters
    url = f"http://127.0.0.1:{port}/feed?token={TOKEN}"
    written = 0
    async with aiohttp.ClientSession() as session:
        reader = await session.get(url)
        body = b""
        await until_async(
            lambda: bool(broadcasts.made) and len(broadcasts.made[AUDIENCE].feeds) == 2
        )
        (picture,) = broadcasts.made.values()
        here = stalled.getsockname()
        (stalled_feed,) = [
            f for f in picture.feeds if f.transport.get_extra_info("peername") == here
        ]
        # Long notes until the stalled client is dropped (far past what its buffers
        # hold: ~40 of these pictures are a megabyte); each reaches the reader.
        while not stalled_feed.dropped:
            assert written < 40, "the client that stopped reading was never dropped"
            note(directory, f"Note {written}. {long}")
            marker = f'"text":"Note {written}. '.encode()
            while marker not in body:
                body += await asyncio.wait_for(reader.content.readany(), PATIENCE)
            written += 1
        reader.close()
    assert written >= 3  # dropped for falling behind, not at once
    assert len(body) > FEED_BUFFER  # behind by more than its bound, when it was
    # The stalled client reads again: what was sent, a resume event, and the end.
    got = b""
    while chunk := await asyncio.wait_for(loop.sock_recv(stalled, 65536), PATIENCE):
        got += chunk
    stalled.close()
    head, _, rest = got.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    events = events_of(b"".join(_unchunked(rest)))
    assert events[-1] == {"event": "resume", "data": '{"resume": "Last-Event-ID"}'}
    seen = [e for e in events if e.get("event") == "view"]
    last = seen[-1]["id"]
    assert int(last) < picture.version  # it had fallen behind
    # Resumed where it was: the newest picture at once.
    async with aiohttp.ClientSession() as session:
        again = await session.get(url, headers={"Last-Event-ID": last})
        text = b""
        marker = f'"text":"Note {written - 1}. '.encode()
        while marker not in text:
            text += await asyncio.wait_for(again.content.readany(), PATIENCE)
        again.close()
    (newest,) = [e for e in events_of(text) if e.get("event") == "view"]
    assert newest["id"] == str(picture.version)


def _unchunked(body: bytes) -> list[bytes]:
    """The chunks of a chunked HTTP body, in order, up to its last."""
    chunks = []
    while body:
        size, _, body = body.partition(b"\r\n")
        length = int(size, 16)
        if not length:
            break
        chunks.append(body[:length])
        body = body[length + 2 :]
    return chunks


async def test_the_picture_asked_again_unchanged_is_a_304(
    served: tuple[Path, int, Broadcasts],
) -> None:
    """``/view.json`` with its last ``ETag``: 304 and no body while the picture has not
    changed (a page polls it so when its feed is refused), the new picture after."""
    directory, port, broadcasts = served
    url = f"http://127.0.0.1:{port}/view.json?token={TOKEN}"
    async with aiohttp.ClientSession() as session:
        async with session.get(url) as first:
            assert first.status == 200
            tag = first.headers["ETag"]
        async with session.get(url, headers={"If-None-Match": tag}) as again:
            assert again.status == 304
            assert await again.read() == b""
            assert again.headers["ETag"] == tag
        note(directory, "La porte cède dans un fracas.")
        (picture,) = broadcasts.made.values()
        await until_async(lambda: picture.version == 2)
        async with session.get(url, headers={"If-None-Match": tag}) as changed:
            assert changed.status == 200
            assert changed.headers["ETag"] != tag
            view = await changed.json()
    assert view["story"][-1]["text"] == "La porte cède dans un fracas."


@pytest.mark.e2e
@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
async def test_a_page_refused_a_feed_follows_by_asking_for_the_picture(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every feed taken (here the only one): the broadcast page, refused with 503, asks
    for ``/view.json`` instead and follows the table all the same."""
    monkeypatch.setenv(MAX_FEEDS_ENV, "1")
    directory = tmp_path / "camp"
    Campaign.create(directory, system="resolution", name="Les docks").close()
    note(directory, "La caravane atteint le col.")
    async with serving(directory) as (port, _), aiohttp.ClientSession() as session:
        taken = await session.get(f"http://127.0.0.1:{port}/feed?token={TOKEN}")
        assert taken.status == 200
        async with Browser() as browser:
            await browser.open(f"http://127.0.0.1:{port}/broadcast?token={TOKEN}&motion=0")
            # (null while the page has no body yet: it is still loading)
            text = "document.body ? document.body.innerText : ''"
            deadline = asyncio.get_running_loop().time() + PATIENCE
            while "La caravane atteint le col." not in (await browser.evaluate(text) or ""):
                assert asyncio.get_running_loop().time() < deadline, "the page never drew"
                await asyncio.sleep(0.05)
            note(directory, "Un chien aboie au loin.")
            while "Un chien aboie au loin." not in (await browser.evaluate(text) or ""):
                assert asyncio.get_running_loop().time() < deadline, "the page never followed"
                await asyncio.sleep(0.05)
        taken.close()
