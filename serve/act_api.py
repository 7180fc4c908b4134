"""``POST /act`` at a served table: a seat acts through the table's feed (a chat bot, a
stream deck, a script acting for a player), with an API token (``meneur invite --api``)
or a seat's link.

What it may do is what that seat's app may do, decided by :mod:`meneur.play` as at the
table (a viewer writes nothing; a player's note is theirs; a roll of a kind the GM keeps
is blind whatever its options ask), with the same one sentence when refused. Each
request is small (4 KiB: a larger one is refused from its ``Content-Length`` before any
of it is read, and a body sent without one is read no further than that), and a seat
acts at most once per :data:`ACT_SECONDS` (429 otherwise). The answer is JSON: the entry
as that seat reads it, or ``{"error": sentence}``.

Every action is played here, in the server, through :mod:`meneur.play` on the server's
open campaign (:meth:`meneur.serve.ssh.TableServer.acting_campaign`): a note, dice and a
question are the commands of the one grammar of typed lines (:mod:`meneur.play.lines`);
a system's test (``{"test": "--character kael --score 3"}``) is set up with the options
of ``meneur roll SYSTEM`` by the reader the command line registered
(:func:`meneur.play.lines.registered_test_reader`), as the plain seat's ``test`` sets it up, and
rolled as every door rolls one (:meth:`meneur.play.session.Session.roll_test`). The seat
may not choose the campaign, the seat, the language or the dice's seed. A request with a
key its action does not take is refused (400, naming the key), nothing done.
"""

from __future__ import annotations

import asyncio
import json
import re
import shlex
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import HttpVersion11, web
from aiohttp.web_protocol import RequestPayloadError

from meneur.content.strings import strings

if TYPE_CHECKING:
    from meneur.core.table_rules import Seat
    from meneur.play.journal import Entry
    from meneur.play.session import Session

    from .ssh import TableServer

MAX_BODY = 4096
"""The largest action a request may carry."""
BODY_SECONDS = 10.0
"""The longest an action's body may take to arrive (408 after)."""
ACT_SECONDS = 0.5
"""A seat's actions through the feed are at most this often."""
ACTIONS = {
    "note": ("note",),
    "roll": ("roll",),
    "question": ("question", "likelihood"),
    "test": ("test",),
}
"""Each action, and the keys a request for it may hold."""
CHOSEN_BY_THE_TABLE = ("as", "campaign", "help", "json", "lang", "role", "seed")
"""The options of ``meneur roll`` a seat may not give a test through the feed (or any
abbreviation argparse would take for one): the table chooses them."""


class Pace:
    """At most one action per :data:`ACT_SECONDS` for each seat's token."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last: dict[str, float] = {}

    def allows(self, ident: str) -> bool:
        """Whether the invite ``ident`` may act now (and, if so, it has)."""
        now = self.clock()
        if now - self.last.get(ident, now - ACT_SECONDS) < ACT_SECONDS:
            return False
        self.last[ident] = now
        return True


PACE = Pace()


def _refused(status: int, said: str) -> web.Response:
    response = web.json_response({"error": said}, status=status, dumps=_dumps)
    if status in (408, 413):
        response.force_close()  # what the client sends next may be the rest of the body
    return response


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


async def act(server: TableServer, request: web.Request, invite: Any, seat: Seat) -> web.Response:
    """Do what the request asks, as ``seat``; the entry written, as that seat reads it."""
    words = strings(server.lang)
    if request.content_length is not None and request.content_length > MAX_BODY:
        return _refused(413, words.t("api.too_big", most=MAX_BODY))  # before reading any
    if not PACE.allows(invite.ident):
        return _refused(429, words.t("api.too_often", seconds=ACT_SECONDS))
    try:
        body = await _body(request)
    except TimeoutError:
        return _refused(408, words.t("api.too_slow", seconds=round(BODY_SECONDS)))
    except RequestPayloadError:  # a chunked body that does not parse
        return _refused(400, words.t("api.unreadable"))
    if body is None:
        return _refused(413, words.t("api.too_big", most=MAX_BODY))
    try:
        asked = json.loads(body)
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: [[[[…]]]]
        return _refused(400, words.t("api.not_json"))
    if not isinstance(asked, dict) or len(asked.keys() & ACTIONS.keys()) != 1:
        return _refused(400, words.t("api.one_action"))
    (action,) = asked.keys() & ACTIONS.keys()
    unknown = sorted(str(key) for key in asked if key not in ACTIONS[action])
    if unknown:  # never half-done: a key it does not know may have meant something
        known = ", ".join(ACTIONS[action])
        said = words.t("errors.api.unknown_key", name=unknown[0], action=action, known=known)
        return _refused(400, said)
    return _do(server, seat, action, asked)


async def expect(server: TableServer, request: web.Request) -> web.StreamResponse | None:
    """A client that asks before sending its body (``Expect: 100-continue``, as curl does
    for a large one) is told at once when it is too large, and sends none of it."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        return _refused(413, strings(server.lang).t("api.too_big", most=MAX_BODY))
    if request.headers.get("Expect", "").lower() != "100-continue":
        return _refused(417, strings(server.lang).t("http.expectation"))
    if request.version >= HttpVersion11:
        await request.writer.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        request.writer.output_size = 0  # as aiohttp's own: the answer itself is yet to come
    return None


async def _body(request: web.Request) -> bytes | None:
    """The request's body, read to :data:`MAX_BODY` bytes at most within
    :data:`BODY_SECONDS`; None when it is longer (the rest is not read).

    Raises:
        TimeoutError: when it takes longer.
        RequestPayloadError: when it does not parse (a chunk's size that is not one).
    """
    body = bytearray()
    async with asyncio.timeout(BODY_SECONDS):
        while chunk := await request.content.read(MAX_BODY + 1 - len(body)):
            body += chunk
            if len(body) > MAX_BODY:
                return None
    return bytes(body)


def _do(server: TableServer, seat: Seat, action: str, asked: dict[str, Any]) -> web.Response:
    """Play ``action`` as ``seat`` on the server's open campaign, through play."""
    from meneur.core.errors import RulesError
    from meneur.play.errors import CampaignError
    from meneur.play.session import Session

    words = strings(server.lang)
    try:
        campaign = server.acting_campaign()
    except CampaignError as error:  # busy, or a file that does not read: said, not a fault
        return _refused(503, words.explain(error, server.directory))
    session = Session(campaign, words, server.rng(server.serial()), seat=seat, remote=True)
    try:
        entry = _play(session, action, asked)
    except (RulesError, CampaignError) as error:
        # A refusal by the table's rules is a 403 (its key says so, whatever the words).
        key = getattr(error, "message_key", None) or ""
        status = 403 if key.startswith("refused") else 400
        said = words.explain(error).replace(str(campaign.directory), campaign.directory.name)
        return _refused(status, said)
    except ValueError as error:  # what a test's options do not describe, in words
        return _refused(400, str(error))
    return _written(campaign, seat, words, entry)


def _written(campaign: Any, seat: Seat, words: Any, entry: Any) -> web.Response:
    """The answer to an action done: the entry written, as ``seat`` reads it."""
    from meneur.play.reading import read_entry, secret_reading
    from meneur.play.views import entries_for

    shown = next(iter(entries_for([entry], seat.viewer, campaign.journal, campaign.state)))
    if shown.redacted:  # written, but not for this seat to read (a blind roll)
        text = secret_reading(shown, words.t, campaign)
        return web.json_response({"written": True, "text": text, "result": ""}, dumps=_dumps)
    reading = read_entry(shown, campaign, words.t)
    return web.json_response(
        {"written": True, "text": reading.text, "result": reading.result}, dumps=_dumps
    )


def test_options(asked: object) -> list[str]:
    """The options of ``meneur roll SYSTEM`` a test asks for (a string, split as a shell
    would, or a list of words).

    Raises:
        RulesError: when they are neither, or name an option the table chooses
            (:data:`CHOSEN_BY_THE_TABLE`).
    """
    from meneur.core.errors import RulesError

    if isinstance(asked, str):
        try:
            words = shlex.split(asked)
        except ValueError:  # an unclosed quote
            raise RulesError("a test is options", message_key="api.test") from None
    elif isinstance(asked, list) and all(isinstance(word, str) for word in asked):
        words = list(asked)
    else:
        raise RulesError("a test is options", message_key="api.test")
    for word in words:
        # Short options (-h) and long ones the table chooses, however abbreviated; a
        # negative number (--score -1) is a value.
        name = word[2:].split("=", 1)[0] if word.startswith("--") else None
        short = re.fullmatch(r"-[^-\d.].*", word) is not None
        if short or (name and any(chosen.startswith(name) for chosen in CHOSEN_BY_THE_TABLE)):
            raise RulesError(
                f"{word}: chosen by the table", message_key="api.test_option", option=word
            )
    return words


def _play(session: Session, action: str, asked: dict[str, Any]) -> Entry:
    """The entry ``action`` writes as the session's seat: a note, dice and a question as
    the commands of a typed line (:mod:`meneur.play.lines`), a test as every door rolls
    one.

    Raises:
        RulesError: for a request that says no action (naming what it should be), or
            what the rules refuse.
        CampaignError: what the table's rules refuse.
        ValueError: what a test's options do not describe.
    """
    from meneur.core.errors import RulesError
    from meneur.play import lines

    line: lines.Line
    if action == "test":
        reader = lines.registered_test_reader()
        if reader is None:
            raise RulesError("no tests here", message_key="api.no_tests")
        prepared = reader(test_options(asked["test"]), session)
        return session.roll_test(prepared.asked()).entry
    if action == "note":
        text = asked["note"]
        if not isinstance(text, str) or not text.strip():
            raise RulesError("a note is text", message_key="api.note")
        line = lines.Note(text.strip())
    elif action == "roll":
        from meneur.core.notation import parse

        expression = asked["roll"]
        if not isinstance(expression, str):
            raise RulesError("a roll is a dice expression", message_key="api.roll")
        parse(expression)  # a mistyped roll says what is wrong
        line = lines.Dice(expression)
    else:
        question, likelihood = asked["question"], asked.get("likelihood", 3)
        if not isinstance(question, str) or type(likelihood) is not int:
            raise RulesError(
                "a question is text, its likelihood 1 to 5", message_key="api.question"
            )
        line = lines.Question(question.strip(), likelihood)
    return lines.play_line(session, line, tension=lines.tension_for(session))[0]
