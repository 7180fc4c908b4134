"""``meneur web``: the read-only view in a browser (an OBS Browser Source, a second
screen), served by textual-serve.

textual-serve runs one command per page, its terminal drawn by xterm.js in the page:
here ``meneur watch`` on the campaign, with the layout and the viewer asked for, so a
page receives exactly what that viewer's terminal would.

Each page is meneur's own (:mod:`meneur.serve.page`): the campaign's name as its title,
no font or script from elsewhere, the font size from ``&fontsize=``, the terminal's
screen-reader mode with ``&reader=1``, no button bar (a capture shows the view alone), and
with ``--background transparent`` a page truly transparent for an OBS Browser Source.

textual-serve itself lets anyone who reaches the port in, from any page of any site.
:class:`GuardedServer` does not: the page and its WebSocket need the secret token the
printed address carries (compared by hash, in constant time); the WebSocket's Origin must
be the page's own host (or one given with ``--origin``, behind a reverse proxy); the
pages open at once are limited; requests are not logged (the token is in the address).
Every request is answered with its status and a sentence in the server's language, never
a 500, and what aiohttp and textual-serve log is one line on the standard error, never a
traceback (:mod:`meneur.serve.answers`, :mod:`meneur.serve.quiet_logs`); a message the
page's WebSocket sends that is not one textual-serve's page sends is left aside. It
still listens on this machine only unless asked otherwise in so many words.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""Addresses only this machine reaches."""


def watch_command(
    directory: Path,
    *,
    layout: str,
    background: str | None = None,
    lang: str | None = None,
    role: str | None = None,
    player: str | None = None,
    theme: str | None = None,
) -> str:
    """The shell command each page runs: ``meneur watch`` with these options, the shell
    replaced by it (``exec``), so that the process textual-serve holds is the view's own
    and ending it ends the view."""
    command = [sys.executable, "-m", "meneur.cli.main", "watch", str(directory)]
    command += ["--layout", layout]
    options = (("background", background), ("lang", lang), ("role", role), ("theme", theme))
    for option, value in options:
        if value:
            command += [f"--{option}", value]
    if player:
        command += ["--as", player]
    return "exec " + shlex.join(command)


TOKEN_ENV = "MENEUR_WEB_TOKEN"
"""Where a token chosen ahead is read (an OBS source keeps its address across restarts)."""
TOKEN_MIN = 22
"""The shortest token taken: 22 URL-safe characters are 132 bits."""
MAX_PAGES = 8
"""Pages served at once, unless told otherwise (each runs its own process)."""
QUIT_SECONDS = 5.0
"""How long a page's view is given to end once its page has gone, before it is ended."""


def is_colour(text: str) -> bool:
    """Whether ``text`` names a colour a page's background may take (as Textual reads
    colours: ``green``, ``#00ff00``, ``rgb(0,255,0)``)."""
    from textual.color import Color, ColorParseError

    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True


def new_token() -> str:
    """A fresh secret token for the address: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8")).digest()


def guarded_server(
    command: str,
    *,
    host: str,
    port: int,
    title: str,
    token: str,
    origins: Iterable[str] = (),
    max_pages: int = MAX_PAGES,
    lang: str = "fr",
    background: str | None = None,
    broadcasts: Any = None,
    viewer: Any = None,
    publish: Path | None = None,
) -> Any:
    """A textual-serve server for ``command`` that serves only who has ``token`` (see
    the module), writing the audience's picture into the folder ``publish`` as well when
    one is given (:mod:`meneur.serve.publish`). textual-serve is imported here, by
    ``meneur web`` alone."""
    import asyncio
    import json
    import signal

    import aiohttp_jinja2
    from aiohttp import WSCloseCode, WSMsgType, web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server, to_int

    from meneur.content.strings import strings

    from .answers import Refused, answering, connections
    from .channel_driver import clamp_size
    from .page import client_script, from_its_page, page, security_headers
    from .quiet_logs import logger, quiet_library_logs

    class GuardedServer(Server):
        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title=title)
            self.digest = _digest(token)
            self.origins = frozenset(o.rstrip("/") for o in origins)
            self.max_pages = max_pages
            self.pages = 0
            self.sockets: set[web.WebSocketResponse] = set()
            """The pages' connections open now (closed first when the server stops)."""
            self.log = logger(sys.stderr)

        def allowed(self, given: str) -> bool:
            return hmac.compare_digest(_digest(given), self.digest)

        def said(self, key: str, **values: object) -> None:
            self.log(strings(lang).t(f"serve_log.{key}", **values))

        async def _make_app(self) -> web.Application:
            import jinja2

            # textual-serve's routes, the WebSocket's address carrying the token (its
            # page script adds the terminal's size after it), and no download route.
            app = web.Application(middlewares=[answering(lambda request: lang, self.said)])

            aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
            app.add_routes(
                [
                    web.get("/", self.handle_index, name="index"),
                    web.get("/alive", self.handle_alive),
                    web.get("/ws/{token}", self.handle_websocket, name="websocket"),
                    web.get("/ws/{token}/{lang}", self.handle_websocket),
                    web.get("/static/js/textual.js", self.handle_script),
                    web.static("/static", self.statics_path, name="static"),
                ]
            )
            if broadcasts is not None:  # the broadcast page and its feed (serve/broadcast.py)
                from .broadcast import add_routes

                def viewer_of(request: web.Request) -> Any:
                    return viewer if self.allowed(request.query.get("token", "")) else None

                add_routes(app, broadcasts, viewer_of, self.origins)
            app.on_response_prepare.append(security_headers)
            app.on_startup.append(self.on_startup)
            app.on_shutdown.append(self.on_shutdown)
            return app

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            if not self.allowed(request.query.get("token", "")):
                raise Refused(403, "no_token")
            text = page(
                title=self.title,
                lang=lang,
                font_size=to_int(request.query.get("fontsize", "16"), 16),
                reader=request.query.get("reader", "") == "1",
                background=background,
                bar=False,
            )
            return web.Response(text=text, content_type="text/html")

        async def handle_alive(self, request: web.Request) -> web.StreamResponse:
            if not self.allowed(request.query.get("token", "")):
                raise Refused(403, "no_token")
            return web.Response(status=204)

        async def handle_script(self, request: web.Request) -> web.StreamResponse:
            return web.Response(body=client_script(), content_type="application/javascript")

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if not self.allowed(request.match_info.get("token", "")):
                raise Refused(403, "no_token")
            if not from_its_page(request, self.origins):
                raise Refused(403, "other_site")
            if self.pages >= self.max_pages:
                raise Refused(503, "too_many_pages")
            self.pages += 1
            try:
                return await self._play(request)
            finally:
                self.pages -= 1

        async def _play(self, request: web.Request) -> web.WebSocketResponse:
            """textual-serve's ``handle_websocket``, but the view's process ends with
            its page: textual-serve asks it to quit and leaves it at that, and a view
            told to quit as it started (a page closed or reloaded the moment it opened)
            stayed, drawing, a core busy, for as long as the server ran."""
            websocket = web.WebSocketResponse(heartbeat=15)
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)

            async def close() -> None:
                await websocket.close()

            service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            self.sockets.add(websocket)
            try:
                await websocket.prepare(request)
                await service.start(*clamp_size(width, height))
                try:
                    await self._process_messages(websocket, service)
                finally:
                    await service.stop()
            except asyncio.CancelledError:  # the server stops
                await websocket.close()
            finally:
                self.sockets.discard(websocket)
                await _ended(service)
            return websocket

        async def _process_messages(
            self, websocket: web.WebSocketResponse, app_service: Any
        ) -> None:
            """textual-serve's, but a message its page would not send (not JSON, not a
            list, a field of another type) is left aside: textual-serve's own ends the
            page's view with a traceback in the log."""
            async for message in websocket:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except (ValueError, RecursionError):
                    continue
                if not isinstance(envelope, list) or not envelope:
                    continue
                kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
                if kind == "stdin" and isinstance(data, str):
                    await app_service.send_bytes(data.encode("utf-8", "replace"))
                elif kind == "resize" and isinstance(data, dict):
                    width = to_int(str(data.get("width")), 80)
                    height = to_int(str(data.get("height")), 24)
                    await app_service.set_terminal_size(*clamp_size(width, height))
                elif kind == "ping":
                    await websocket.send_json(["pong", str(data)[:40]])
                elif kind == "blur":
                    await app_service.blur()
                elif kind == "focus":
                    await app_service.focus()

        def initialize_logging(self) -> None:
            # Not textual-serve's: it logs with tracebacks and their local variables.
            quiet_library_logs(self.log, lang)

        def serve(self, debug: bool = False) -> None:
            self.debug = debug
            self.initialize_logging()
            asyncio.run(self._serve())

        async def _serve(self) -> None:
            """Serve until SIGINT or SIGTERM, each connection answered as
            :mod:`meneur.serve.answers` says (aiohttp's run_app would answer as aiohttp
            does). No access log: a page's address carries its token."""
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGINT, stop.set)
            loop.add_signal_handler(signal.SIGTERM, stop.set)
            runner = web.AppRunner(await self._make_app(), access_log=None)
            await runner.setup()
            if publish is not None and broadcasts is not None:
                from .publish import start_publishing

                start_publishing(broadcasts, publish)
            try:
                listening = await loop.create_server(
                    connections(runner, lang), self.host, self.port, reuse_address=True
                )
                try:
                    await stop.wait()
                finally:
                    listening.close()
                    # The pages first, so that their views end now: aiohttp would wait
                    # for them a minute.
                    for websocket in list(self.sockets):
                        await websocket.close(code=WSCloseCode.GOING_AWAY)
            finally:
                await runner.cleanup()

        async def on_startup(self, app: web.Application) -> None:
            return None  # textual-serve's banner names the command and the address

    async def _ended(service: AppService) -> None:
        """The view's process, told to quit, is waited for a moment, then killed.
        (textual-serve keeps it as ``_process``: it is pinned exactly.)"""
        process = service._process
        if process is None or process.returncode is not None:
            return
        try:
            await asyncio.wait_for(process.wait(), QUIT_SECONDS)
        except TimeoutError:
            pass
        finally:
            if process.returncode is None:  # still there (or the server is stopping)
                process.kill()

    return GuardedServer()
