"""The broadcast page and the table's feed, beside ``meneur web``'s terminal page.

``/broadcast`` is a page of meneur's own, drawn by the browser from the stream's picture
as data (:func:`meneur.play.broadcast.stream_view`): sized to its window (a 1080p OBS
source reads it from a couch), each part on its own with ``&part=``, a theme with
``&theme=``, no animation with ``&motion=0`` or under the browser's reduced-motion setting.
``/feed`` sends the same picture as Server-Sent Events (each change, a heartbeat, resumed
with ``Last-Event-ID``) and ``/view.json`` once, for overlays, chat bots and stream decks.

All three need the token the printed address carries, like the terminal page; a request
that says where it comes from (``Origin``) must come from the page's own host (or one
given with ``--origin``); the feeds open at once are limited
(:func:`meneur.serve.feed.max_feeds`), and a feed's place is free again the moment its
client leaves (the server hears the connection close:
:func:`meneur.serve.answers.client_gone`). Each picture is encoded once and the same
bytes written to every feed; a client too slow to read is dropped and comes back
(:mod:`meneur.serve.feed`). A feed whose token no
longer opens the view (a link revoked, a player removed) ends as soon as the table file
says so, as their seats do. The picture is the
viewer's the server was started for (the audience's by default), decided once by
:mod:`meneur.play.views`; an event's id counts the pictures this server made, never a
journal entry's number.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from meneur.content.strings import Strings
from meneur.core.visibility import Viewer

from .feed import ALIVE, Feed, Frame, max_feeds

FOLLOW_SECONDS = 0.1
"""How often the campaign is looked at for what the table wrote (a ``stat`` when
nothing changed)."""
HEARTBEAT_SECONDS = 15.0
"""A feed with nothing new says it is alive this often (a proxy closes a silent one)."""
ASSETS = ("broadcast.html", "broadcast.css", "broadcast.js")
"""The page's own files (no font or script from elsewhere)."""


class Broadcast:
    """The picture of one campaign for one viewer, kept up to date for every page and
    feed of the server: made once per change, not once per client."""

    def __init__(self, directory: Path, viewer: Viewer, strings: Strings) -> None:
        self.directory = directory
        self.viewer = viewer
        self.strings = strings
        self.version = 0
        self.view: dict[str, Any] = {}
        self.frame = Frame.of(b"")
        """The picture's event, encoded once for every feed."""
        self.changed = asyncio.Event()
        """Set (and made anew) when the table file changes or the server stops: each
        feed looks at its token again."""
        self.stopping = False
        self.feeds: set[Feed] = set()
        """The feeds open on this picture, each sent every new version."""
        self.opening = 0
        """Feeds being opened (counted against the limit before they are in ``feeds``)."""
        self._beat = 0.0
        self.watchers: list[Callable[[Broadcast], None]] = []
        """Called with the picture at each new version (a publisher: serve/publish.py)."""
        self._campaign: Any = None
        self._table: object = _table_stamp(directory)

    def _open(self) -> Any:
        from meneur.play.campaigns import Campaign

        if self._campaign is None:
            self._campaign = Campaign.open(self.directory, write=False)
        return self._campaign

    def refresh(self) -> bool:
        """Take in what the table wrote; True when the picture changed. A file that
        cannot be read keeps the last good picture, with a notice that says so. When the
        table file changed (a link revoked, a player removed), every feed is woken to
        look at its token again."""
        from meneur.play.broadcast import stream_view
        from meneur.play.errors import CampaignError

        table = _table_stamp(self.directory)
        if table != self._table:
            self._table = table
            self._wake()
        problem, changed = False, not self.version
        try:
            campaign = self._open()
            if self.version:
                update = campaign.sync()
                problem, changed = update.error is not None, bool(update)
        except CampaignError:
            problem, changed = True, False
        view = stream_view(campaign, self.viewer, self.strings) if changed else dict(self.view)
        view["problem"] = self.strings.t("broadcast.problem") if problem else ""
        if view == self.view:
            return False
        self.view = view
        self.version += 1
        self.frame = Frame.of(event(view, self.version))
        self.send(self.frame)
        for watcher in self.watchers:
            watcher(self)
        return True

    def send(self, frame: Frame) -> None:
        """Write ``frame`` to every open feed (the same bytes to each)."""
        for feed in list(self.feeds):
            feed.send(frame)
            if feed.done.is_set():
                self.feeds.discard(feed)

    def _wake(self) -> None:
        """Wake every feed, to look at its token again (the table file changed)."""
        self.changed.set()
        self.changed = asyncio.Event()

    async def follow(self, stop: Callable[[], bool] = lambda: False) -> None:
        """Look at the campaign every :data:`FOLLOW_SECONDS` until ``stop()``; say the
        feeds are alive every :data:`HEARTBEAT_SECONDS` when nothing was sent."""
        loop = asyncio.get_running_loop()
        self._beat = loop.time()
        while not stop():
            if self.refresh():
                self._beat = loop.time()
            elif loop.time() - self._beat >= HEARTBEAT_SECONDS:
                self._beat = loop.time()
                self.send(ALIVE)
            await asyncio.sleep(FOLLOW_SECONDS)


def _table_stamp(directory: Path) -> object:
    from meneur.play.seating import table_stamp

    return table_stamp(directory)


def asset(name: str) -> bytes:
    """One of the page's own files (:data:`ASSETS`)."""
    return resources.files("meneur.serve").joinpath("broadcast_page", name).read_bytes()


def event(view: dict[str, Any], version: int) -> bytes:
    """One Server-Sent Event carrying ``view`` (JSON on one line)."""
    data = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
    return f"event: view\nid: {version}\ndata: {data}\n\n".encode()


class Broadcasts:
    """The pictures a server draws, one per viewer that asked for one (a served table
    has a viewer per seat: the audience's, each player's), each followed from its first
    request until the server stops."""

    def __init__(self, directory: Path, strings: Strings) -> None:
        self.directory = directory
        self.strings = strings
        self.made: dict[Viewer, Broadcast] = {}
        self.tasks: list[asyncio.Task[None]] = []
        self.stopping = False

    def of(self, viewer: Viewer) -> Broadcast:
        """``viewer``'s picture, followed from now on."""
        found = self.made.get(viewer)
        if found is None:
            found = self.made[viewer] = Broadcast(self.directory, viewer, self.strings)
            found.refresh()
            stop = lambda: self.stopping  # noqa: E731 - read when the loop turns
            self.tasks.append(asyncio.get_running_loop().create_task(found.follow(stop)))
        return found

    def stop(self) -> None:
        """End every feed now (each woken once) and stop following."""
        self.stopping = True
        for broadcast in self.made.values():
            broadcast.stopping = True
            broadcast.changed.set()
        for task in self.tasks:
            task.cancel()


def add_routes(
    app: Any,
    broadcasts: Broadcasts,
    viewer_of: Callable[[Any], Viewer | None],
    origins: frozenset[str],
    *,
    refused: str = "no_token",
) -> None:
    """The page, its files, the feed and the JSON view, on ``app`` (aiohttp's, answering
    :class:`~meneur.serve.answers.Refused`). Each needs what ``viewer_of(request)`` reads
    (a token: None refuses, saying the ``http`` string ``refused``) and gets that
    viewer's picture; a feed whose token no longer opens the view (an invite revoked, a
    player removed) ends as soon as the table file says so."""
    from aiohttp import web

    from .answers import Refused, client_gone
    from .page import from_its_page

    def guard(request: web.Request) -> Broadcast:
        viewer = viewer_of(request)
        if viewer is None:
            raise Refused(403, refused)
        # A browser's page says where it comes from; a bot or curl says nothing.
        if "Origin" in request.headers and not from_its_page(request, origins):
            raise Refused(403, "other_site")
        return broadcasts.of(viewer)

    async def page(request: web.Request) -> web.StreamResponse:
        guard(request)
        lang = broadcasts.strings.lang
        text = asset("broadcast.html").decode().replace("{{LANG}}", lang)
        return web.Response(text=text, content_type="text/html")

    async def files(request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in ASSETS:
            raise web.HTTPNotFound()
        kind = "text/css" if name.endswith(".css") else "application/javascript"
        return web.Response(body=asset(name), content_type=kind)

    # A picture's ETag names this server's run and the version: a page that polls
    # (its feed refused, or closed) is answered 304 while nothing changed.
    run = secrets.token_hex(4)

    async def view(request: web.Request) -> web.StreamResponse:
        broadcast = guard(request)
        tag = f'"{run}-{broadcast.version}"'
        headers = {"ETag": tag, "Cache-Control": "no-cache"}
        if request.headers.get("If-None-Match") == tag:
            return web.Response(status=304, headers=headers)
        return web.json_response(
            broadcast.view, dumps=lambda v: json.dumps(v, ensure_ascii=False), headers=headers
        )

    limit = max_feeds()

    async def feed(request: web.Request) -> web.StreamResponse:
        broadcast = guard(request)
        if sum(len(b.feeds) + b.opening for b in broadcasts.made.values()) >= limit:
            raise Refused(503, "too_many_feeds")
        gone = client_gone(request)
        response = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no"}
        )
        broadcast.opening += 1
        try:
            await response.prepare(request)
            await response.write(b"retry: 2000\n\n")  # the headers go with it
        except ConnectionError:  # the client went away as it was written to
            return response
        finally:
            broadcast.opening -= 1
        transport = request.transport
        if transport is None or not isinstance(transport, asyncio.Transport):
            return response
        # From here on the feed is written to by its picture, on the transport itself,
        # the same bytes as every other feed (serve/feed.py).
        client = Feed(transport, response.headers.get("Transfer-Encoding") == "chunked")
        if _last_seen(request.headers.get("Last-Event-ID")) != broadcast.version:
            client.send(broadcast.frame)
        broadcast.feeds.add(client)
        try:
            while not (broadcast.stopping or gone.is_set() or client.done.is_set()):
                if viewer_of(request) is None:
                    break
                await _woken(broadcast.changed, gone, client.done)
        finally:
            broadcast.feeds.discard(client)
        return response  # its end written by aiohttp (not at all to a dropped client)

    app.add_routes(
        [
            web.get("/broadcast", page),
            web.get("/broadcast/{name}", files),
            web.get("/feed", feed),
            web.get("/view.json", view),
        ]
    )

    async def stop_following(app: web.Application) -> None:
        broadcasts.stop()  # the feeds end now, not after the server's grace period

    app.on_shutdown.append(stop_following)


async def _woken(*events: asyncio.Event) -> None:
    """Wait until one of ``events`` is set (the table file changed or the server stops,
    the client has gone, the feed has ended)."""
    waits = [asyncio.ensure_future(each.wait()) for each in events]
    try:
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for wait in waits:
            wait.cancel()


def _last_seen(header: str | None) -> int:
    """The version a resuming client saw last (``Last-Event-ID``); 0 when none or not
    one of ours."""
    return int(header) if header is not None and header.isdigit() and len(header) < 12 else 0
