"""``meneur serve --web``: seats in a browser, the same table as over SSH.

A player opens the link ``meneur invite`` printed; the page (:mod:`meneur.serve.page`)
draws a terminal with xterm.js and opens a WebSocket back here, over which this module
plays that seat's app — the same :class:`~meneur.serve.seat.Seated` an SSH connection
plays, in the same process and event loop, through the same channel driver: the
browser's terminal is a terminal like any other. A viewer's link opens the stream.

What guards it, since it may be put on a network:

- every page, WebSocket and reconnection check needs a live invite's token (403
  without; compared as hashes, never logged: there is no access log);
- every request is answered with its status and a sentence in its reader's language,
  never a 500 or a traceback (:mod:`meneur.serve.answers`);
- the WebSocket upgrade checks the Origin against the page's host (or ``--origin``,
  behind a reverse proxy), so another site's page cannot open a seat with a token it
  learned;
- pages open at once are limited per link and in all (:class:`meneur.play.door.Door`);
- a join through an invite waits for the GM unless the invite said otherwise;
- messages are small (64 KiB at most), and a page that stops answering pings is closed.

aiohttp (textual-serve's own dependency) is imported here, by ``meneur serve --web``
alone.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterable
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from meneur.content.strings import strings

from .answers import JSON_ADDRESSES, Refused, answering, connections
from .channel_driver import clamp_size
from .page import client_script, from_its_page, page, security_headers
from .seat import Seated, keep_running

if TYPE_CHECKING:
    from .ssh import TableServer

MAX_MESSAGE = 64 * 1024
HEARTBEAT_SECONDS = 15.0


class WebSeat(Seated):
    """A seat carried by a browser's WebSocket."""

    via = "web"

    def __init__(self, *args: Any, socket: web.WebSocketResponse, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.socket = socket
        self._out: list[bytes] = []
        self._out_size = 0
        self._wake = asyncio.Event()
        self._pump = asyncio.get_running_loop().create_task(self._send_all())

    def send(self, data: bytes) -> None:
        self._out.append(data)
        self._out_size += len(data)
        self._wake.set()

    async def _send_all(self) -> None:
        """Send what the app drew, in order, joined while the socket was busy."""
        while not self.socket.closed:
            await self._wake.wait()
            self._wake.clear()
            data, self._out, self._out_size = b"".join(self._out), [], 0
            if not data:
                continue
            try:
                await self.socket.send_bytes(data)
            except (ConnectionError, RuntimeError):
                self.end()
                return

    def backlog(self) -> int:
        # Bytes wait here while the socket drains what it was given: a page that stops
        # reading lets them grow, and is hung up on (see channel_driver.MAX_BACKLOG).
        return self._out_size

    def closing(self) -> bool:
        return self.socket.closed

    def finish(self, status: int = 0) -> None:
        async def close() -> None:
            # What is still queued (a last line: "the GM did not let you in") goes first.
            while self._out and not self.socket.closed:
                await asyncio.sleep(0.01)
            await self.socket.close(code=1000 if status == 0 else 4000 + status)

        keep_running(asyncio.get_running_loop().create_task(close()))


class WebSeats:
    """The browser door of one :class:`~meneur.serve.ssh.TableServer`."""

    def __init__(self, server: TableServer, *, origins: Iterable[str] = ()) -> None:
        self.server = server
        self.origins = frozenset(o.rstrip("/") for o in origins)
        self._runner: web.AppRunner | None = None
        self._ready = asyncio.Lock()
        self.broadcasts: Any = None

    def application(self) -> web.Application:
        """The routes: the page, its WebSocket, the reconnection check, the statics."""
        app = web.Application(
            client_max_size=MAX_MESSAGE, middlewares=[answering(self._reader, self.server.said)]
        )
        app.add_routes(
            [
                web.get("/", self.index),
                web.get("/ws/{token}", self.websocket),
                web.get("/ws/{token}/{lang}", self.websocket),
                web.get("/alive", self.alive),
                web.get("/static/js/textual.js", self.script),
                web.static("/static", str(files("textual_serve") / "static")),
            ]
        )
        # The broadcast page and the table's feed, each token's seat's picture
        # (serve/broadcast.py): a viewer's link, the audience's; a player's, theirs.
        from .broadcast import Broadcasts, add_routes

        def viewer_of(request: web.Request) -> Any:
            found = self.server.invite_for_token(request.query.get("token", ""))
            return None if found is None else found[1].viewer

        self.broadcasts = Broadcasts(self.server.directory, strings(self.server.lang))
        add_routes(app, self.broadcasts, viewer_of, self.origins, refused="no_seat")
        app.add_routes([web.post("/act", self.act, expect_handler=self.expect)])
        app.on_response_prepare.append(security_headers)
        return app

    async def accept(self, sock: socket.socket) -> None:
        """Serve HTTP on ``sock``, a connection accepted elsewhere (see
        :mod:`meneur.serve.workers`)."""
        async with self._ready:
            if self._runner is None:
                self._runner = web.AppRunner(self.application(), access_log=None)
                await self._runner.setup()
        factory = connections(self._runner, self.server.lang)
        await asyncio.get_running_loop().connect_accepted_socket(factory, sock)

    async def close(self) -> None:
        """Close every page and feed, and stop serving."""
        if self.broadcasts is not None:
            self.broadcasts.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- Routes ----------------------------------------------------------------------

    def _reader(self, request: web.Request) -> str:
        """The language a request's answer is read in: the table's at the addresses bots
        read (as /act's own sentences), the page's elsewhere."""
        if request.path in JSON_ADDRESSES:
            return self.server.lang
        return _language(request, self.server.lang)

    def _invited(self, request: web.Request, token: str, *, page: bool = True) -> Any:
        found = self.server.invite_for_token(token)
        if found is None:
            # Said without the token (the log may be read by others than the GM), once
            # an address a while however often it comes back.
            self.server.said_once("no_seat", where=request.remote or "?")
            raise Refused(403, "no_seat")
        if page and found[0].api:
            raise Refused(403, "api_no_page")
        return found

    async def index(self, request: web.Request) -> web.StreamResponse:
        _, seat, _ = self._invited(request, request.query.get("token", ""))
        lang = _language(request, self.server.lang)
        reader = request.query.get("reader", "") == "1"
        try:
            font_size = int(request.query.get("fontsize", "16"))
        except ValueError:
            font_size = 16
        title = self.server.title
        viewer = seat.role == "viewer"
        text = page(title=title, lang=lang, font_size=font_size, reader=reader, viewer=viewer)
        return web.Response(text=text, content_type="text/html")

    async def act(self, request: web.Request) -> web.StreamResponse:
        """``POST /act?token=…``: a seat acts through the table's feed (a bot, a stream
        deck), as at the table: ``{"note": text}``, ``{"roll": "2d6"}`` or
        ``{"question": text, "likelihood": 1-5}``. Allowed and refused by ``play``
        exactly as that seat's app is; one action per :data:`ACT_SECONDS` a seat."""
        from .act_api import act

        invite, seat, _ = self._invited(request, request.query.get("token", ""), page=False)
        if "Origin" in request.headers and not from_its_page(request, self.origins):
            raise Refused(403, "other_site")
        return await act(self.server, request, invite, seat)

    async def expect(self, request: web.Request) -> web.StreamResponse | None:
        """``POST /act`` that asks before sending its body: a body too large is refused
        before it is sent."""
        from .act_api import expect

        return await expect(self.server, request)

    async def alive(self, request: web.Request) -> web.StreamResponse:
        self._invited(request, request.query.get("token", ""))
        return web.Response(status=204)

    async def script(self, request: web.Request) -> web.StreamResponse:
        return web.Response(body=client_script(), content_type="application/javascript")

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        invite, seat, name = self._invited(request, request.match_info.get("token", ""))
        if not from_its_page(request, self.origins):
            self.server.said_once("other_site", name=name, where=request.remote or "?")
            raise Refused(403, "other_site")
        door = self.server.door
        if not await door.enter(invite.ident):
            self.server.said("too_many_pages", name=name)
            return await _busy(request)
        try:
            sock = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, max_msg_size=MAX_MESSAGE)
            await sock.prepare(request)
            where = request.remote or "?"
            seated = WebSeat(
                self.server, seat, name, where, self.server.serial(), invite=invite, socket=sock
            )
            seated.lang = _language(request, self.server.lang)
            seated.terminal = "xterm-256color"
            seated.environment["COLORTERM"] = "truecolor"
            seated.size = clamp_size(
                _number(request.query.get("width"), 80), _number(request.query.get("height"), 24)
            )
            task = keep_running(asyncio.get_running_loop().create_task(seated.play()))
            await _listen(sock, seated)
            seated.end()
            await asyncio.wait({task}, timeout=10)
            return sock
        finally:
            door.leave(invite.ident)


async def _busy(request: web.Request) -> web.WebSocketResponse:
    """A page more than its link may hold: told why, in its language, once; closed so
    that it does not come back by itself (see meneur.serve.page.ENDED)."""

    from .page import ENDED

    sock = web.WebSocketResponse(max_msg_size=MAX_MESSAGE)
    await sock.prepare(request)
    line = strings(_language(request, "en")).t("serve.busy")
    await sock.send_bytes(f"\r\n  {line}\r\n".encode())
    await sock.close(code=next(code for code, why in ENDED.items() if why == "busy"))
    return sock


async def _listen(sock: web.WebSocketResponse, seated: WebSeat) -> None:
    """Pass what the page sends to the seat until the page goes: ``["stdin", text]``,
    ``["resize", {"width": W, "height": H}]``, ``["ping", x]`` (answered with a pong)."""
    async for message in sock:
        if message.type != WSMsgType.TEXT:
            continue
        try:
            what = json.loads(message.data)
        except ValueError:
            continue
        if not isinstance(what, list) or not what:
            continue
        if what[0] == "stdin" and len(what) > 1 and isinstance(what[1], str):
            seated.feed(what[1].encode("utf-8", "replace"))
        elif what[0] == "resize" and len(what) > 1 and isinstance(what[1], dict):
            seated.resize(_number(what[1].get("width"), 80), _number(what[1].get("height"), 24))
        elif what[0] == "ping" and len(what) > 1:
            await sock.send_str(json.dumps(["pong", str(what[1])[:40]]))


def _number(value: object, default: int) -> int:
    try:
        return int(str(value))
    except ValueError:
        return default


def _language(request: web.Request, default: str) -> str:
    """The page's language: ``?lang=`` (on the WebSocket's address: ``/ws/TOKEN/LANG``),
    else the browser's first that meneur speaks."""
    asked = request.match_info.get("lang") or request.query.get("lang", "")
    if asked in ("fr", "en"):
        return asked
    for part in request.headers.get("Accept-Language", "").split(","):
        code = part.strip()[:2].lower()
        if code in ("fr", "en"):
            return code
    return default
