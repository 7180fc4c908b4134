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
It still listens on this machine only unless asked otherwise in so many words.
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
    """The shell command each page runs: ``meneur watch`` with these options."""
    command = [sys.executable, "-m", "meneur.cli.main", "watch", str(directory)]
    command += ["--layout", layout]
    options = (("background", background), ("lang", lang), ("role", role), ("theme", theme))
    for option, value in options:
        if value:
            command += [f"--{option}", value]
    if player:
        command += ["--as", player]
    return shlex.join(command)


TOKEN_ENV = "MENEUR_WEB_TOKEN"
"""Where a token chosen ahead is read (an OBS source keeps its address across restarts)."""
TOKEN_MIN = 22
"""The shortest token taken: 22 URL-safe characters are 132 bits."""
MAX_PAGES = 8
"""Pages served at once, unless told otherwise (each runs its own process)."""


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
) -> Any:
    """A textual-serve server for ``command`` that serves only who has ``token`` (see
    the module). textual-serve is imported here, by ``meneur web`` alone."""
    import aiohttp_jinja2
    from aiohttp import web
    from textual_serve.server import Server, to_int

    from .page import client_script, from_its_page, page, security_headers

    class GuardedServer(Server):
        def __init__(self) -> None:
            super().__init__(command, host=host, port=port, title=title)
            self.digest = _digest(token)
            self.origins = frozenset(o.rstrip("/") for o in origins)
            self.max_pages = max_pages
            self.pages = 0

        def allowed(self, given: str) -> bool:
            return hmac.compare_digest(_digest(given), self.digest)

        async def _make_app(self) -> web.Application:
            import jinja2

            # textual-serve's routes, the WebSocket's address carrying the token (its
            # page script adds the terminal's size after it), and no download route.
            app = web.Application()

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
                raise web.HTTPForbidden(text="meneur web: this address needs its token\n")
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
                raise web.HTTPForbidden(text="meneur web: this address needs its token\n")
            return web.Response(status=204)

        async def handle_script(self, request: web.Request) -> web.StreamResponse:
            return web.Response(body=client_script(), content_type="application/javascript")

        async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
            if not self.allowed(request.match_info.get("token", "")):
                raise web.HTTPForbidden(text="meneur web: this address needs its token\n")
            if not from_its_page(request, self.origins):
                raise web.HTTPForbidden(text="meneur web: not from this page\n")
            if self.pages >= self.max_pages:
                raise web.HTTPServiceUnavailable(text="meneur web: too many pages open\n")
            self.pages += 1
            try:
                return await super().handle_websocket(request)
            finally:
                self.pages -= 1

        def serve(self, debug: bool = False) -> None:
            import asyncio
            import signal

            self.debug = debug
            self.initialize_logging()
            loop = asyncio.new_event_loop()
            loop.add_signal_handler(signal.SIGINT, self.request_exit)
            loop.add_signal_handler(signal.SIGTERM, self.request_exit)
            # No access log: a page's address carries its token.
            web.run_app(
                self._make_app(),
                host=self.host,
                port=self.port,
                handle_signals=False,
                loop=loop,
                print=lambda *args: None,
                access_log=None,
            )

        async def on_startup(self, app: web.Application) -> None:
            return None  # textual-serve's banner names the command and the address

    return GuardedServer()
