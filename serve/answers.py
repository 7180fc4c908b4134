"""Every request a server of meneur's is sent is answered with its status and one
sentence in its reader's language: never a 500, never a traceback or an address in the
log.

aiohttp's defaults do otherwise: an exception in a route is a 500 whose traceback goes
to the log; a request line or a header past its limit (8,190 bytes) is answered by the
low-level server, which logs the traceback with the start of the line (an address
carries its token: ``/view.json?token=…``); an unknown address or method is answered in
English. Here, for ``meneur web`` and ``meneur serve --web`` alike:

- a route refuses by raising :class:`Refused` (a status and a key of the ``http``
  strings); :func:`answering`, a middleware, answers it — and aiohttp's own refusals (an
  unknown address, a method) — with the sentence: JSON ``{"error": …}`` at the
  addresses bots read (:data:`JSON_ADDRESSES`), plain text elsewhere. Anything else a
  route raises is a 400 and one line in the log (its kind, no traceback);
- :class:`Connection` serves each connection as aiohttp does, but answers a request
  that does not parse with 400, 414 (an address too long) or 431 (a header too long)
  and a sentence in the table's language, and logs nothing of it (the internet's noise:
  aiohttp itself is silent about a first request that is not HTTP at all); it also says
  when its client has gone (:func:`client_gone`), so a feed frees its place at once
  rather than at its next heartbeat.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError, LineTooLong
from aiohttp.web_protocol import RequestHandler

from meneur.content.strings import strings

MAX_ADDRESS = 8190
"""The longest request line (method, address, version) read: aiohttp's own limit."""
MAX_HEADER = 8192
"""The longest header read. Not :data:`MAX_ADDRESS` on purpose: aiohttp's parser names
the limit a line went past, and that tells an address too long (414) from a header too
long (431)."""
JSON_ADDRESSES = frozenset({"/act", "/feed", "/view.json"})
"""The addresses bots and overlays read: refused in JSON (``{"error": …}``)."""
SAID = {
    400: "unreadable",
    404: "not_found",
    405: "method",
    408: "too_slow",
    413: "too_big",
    414: "address_too_long",
    417: "expectation",
    431: "header_too_long",
}
"""What a refusal aiohttp makes by itself says (a key of the ``http`` strings); another
of its refusals keeps its status and says :data:`REFUSED`."""
REFUSED = "refused"
"""What a refusal of aiohttp's own that :data:`SAID` does not name says."""
CLOSING = frozenset({400, 408, 413, 414, 431})
"""Refusals after which the connection is closed: what the client sends next may be the
rest of what was refused (a body not read)."""

Said = Callable[..., None]
"""How a server logs: ``said(key, **values)``, a key of the ``serve_log`` strings."""


class Refused(Exception):
    """A request refused: its status, and a key of the ``http`` strings with its values."""

    def __init__(self, status: int, key: str, **values: object) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.values = values


def refusal(request: web.BaseRequest, status: int, said: str) -> web.Response:
    """The answer refusing ``request`` with ``status``: ``said`` in JSON at
    :data:`JSON_ADDRESSES`, as plain text elsewhere."""
    if request.path in JSON_ADDRESSES:
        response = web.json_response({"error": said}, status=status, dumps=_dumps)
    else:
        response = web.Response(status=status, text=f"{said}\n")
    if status in CLOSING:
        response.force_close()
    return response


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def answering(language: Callable[[web.Request], str], said: Said) -> Any:
    """The middleware that answers every refusal with its sentence in the reader's
    language (``language(request)``), and anything else a route raises with a 400,
    logged in one line through ``said`` (see the module)."""

    @web.middleware
    async def answer(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except Refused as refused:
            words = strings(language(request))
            return refusal(
                request, refused.status, words.t(f"http.{refused.key}", **refused.values)
            )
        except web.HTTPException as raised:  # aiohttp's own: an unknown address, a method
            if raised.status < 400:
                raise
            status = raised.status if raised.status < 500 else 400
            key = SAID.get(status, REFUSED)
            return refusal(request, status, strings(language(request)).t(f"http.{key}"))
        except ConnectionError:
            raise  # the client has gone: nobody to answer
        except Exception as error:
            said("unanswered", kind=type(error).__name__, where=request.remote or "?")
            if request.writer.output_size > 0:
                # An answer was begun (a feed): no status can be given any more.
                raise ConnectionResetError("an answer was begun already") from None
            return refusal(request, 400, strings(language(request)).t("http.unanswered"))

    return answer


class Connection(RequestHandler):
    """One client's connection, served as aiohttp serves it but for what the module
    says: a request that does not parse refused with its status and a sentence, and an
    event set when the client has gone."""

    def __init__(self, manager: web.Server, *, lang: str, **options: Any) -> None:
        super().__init__(manager, **options)
        self.lang = lang
        self.gone = asyncio.Event()
        """Set once the connection is lost (the client has gone)."""

    def connection_lost(self, exc: BaseException | None) -> None:
        super().connection_lost(exc)
        self.gone.set()

    def handle_error(
        self,
        request: web.BaseRequest,
        status: int = 500,
        exc: BaseException | None = None,
        message: str | None = None,
    ) -> web.StreamResponse:
        """The answer to a request that does not parse (or that the routes' middleware
        could not answer): its status and a sentence in the table's language, the
        connection closed after it; nothing logged but what escaped the middleware, in
        one line."""
        if request.writer.output_size > 0:  # as aiohttp's own: nothing more can be sent
            raise ConnectionError("an answer was begun already")
        if isinstance(exc, LineTooLong):
            limit = exc.args[1] if len(exc.args) > 1 else None
            status = 414 if limit == MAX_ADDRESS else 431 if limit == MAX_HEADER else 400
            key = SAID[status]
        elif isinstance(exc, HttpProcessingError):
            status = exc.code if exc.code in SAID else 400
            key = SAID[status]
        else:  # past the middleware (it answers what a route raises): a fault of ours
            self.logger.error("a request could not be answered", exc_info=exc)
            status, key = 400, "unanswered"
        response = web.Response(status=status, text=strings(self.lang).t(f"http.{key}") + "\n")
        response.force_close()
        return response


def connections(runner: web.AppRunner, lang: str) -> Callable[[], Connection]:
    """What serves each connection to ``runner``'s application (set up already): a
    protocol factory for ``loop.create_server`` or ``connect_accepted_socket``, with no
    access log (an address carries its token)."""
    server = runner.server
    if server is None:
        raise RuntimeError("the runner is not set up")
    loop = asyncio.get_running_loop()

    def connection() -> Connection:
        return Connection(
            server,
            loop=loop,
            lang=lang,
            access_log=None,
            max_line_size=MAX_ADDRESS,
            max_field_size=MAX_HEADER,
        )

    return connection


def client_gone(request: web.BaseRequest) -> asyncio.Event:
    """An event set once ``request``'s client has gone (its connection closed): a feed
    waits on it beside the picture's changes. Never set for a connection served
    otherwise than by :class:`Connection` (such a feed ends at its next write)."""
    protocol = request.protocol
    if isinstance(protocol, Connection):
        return protocol.gone
    return asyncio.Event()
