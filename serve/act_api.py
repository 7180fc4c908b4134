"""``POST /act`` at a served table: a seat acts through the table's feed (a chat bot, a
stream deck, a script acting for a player), with an API token (``meneur invite --api``)
or a seat's link.

What it may do is what that seat's app may do, decided by :mod:`meneur.play` as at the
table (a viewer writes nothing; a player's note is theirs; a blind-by-default roll stays
blind), with the same one sentence when refused. Each request is small (4 KiB: a larger
one is refused from its ``Content-Length`` before any of it is read, and a body sent
without one is read no further than that), and a seat acts at most once per
:data:`ACT_SECONDS` (429 otherwise). The answer is JSON: the entry as that seat reads it,
or ``{"error": sentence}``.

A system's test (``{"test": "--character kael --score 3"}``) is set up with the options
of ``meneur roll SYSTEM``, as the plain seat's ``test`` sets it up, and rolled by that
command as the seat (``--as``): the same grammar, sheets, karma, secrecy and refusals as
the command line and the plain seat, without the server importing the command line. The
seat may not choose the campaign, the seat, the language or the dice's seed.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import HttpVersion11, web
from aiohttp.web_protocol import RequestPayloadError

from meneur.content.strings import strings

if TYPE_CHECKING:
    from meneur.core.table_rules import Seat

    from .ssh import TableServer

MAX_BODY = 4096
"""The largest action a request may carry."""
BODY_SECONDS = 10.0
"""The longest an action's body may take to arrive (408 after)."""
ACT_SECONDS = 0.5
"""A seat's actions through the feed are at most this often."""
TEST_SECONDS = 30.0
"""The longest a test's roll may take (its own process) before it is given up."""
ACTIONS = frozenset({"note", "roll", "question", "test"})
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
    if not isinstance(asked, dict) or len(asked.keys() & ACTIONS) != 1:
        return _refused(400, words.t("api.one_action"))
    if "test" in asked:
        return await _test(server, seat, asked["test"])
    return _do(server, seat, asked)


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


def _do(server: TableServer, seat: Seat, asked: dict[str, Any]) -> web.Response:
    from meneur.core.errors import RulesError
    from meneur.play.campaigns import Campaign
    from meneur.play.errors import CampaignError
    from meneur.play.session import Session

    words = strings(server.lang)
    try:
        campaign = Campaign.open(server.directory, clock=server.clock)
    except CampaignError as error:  # busy, or a file that does not read: said, not a fault
        return _refused(503, words.explain(error, server.directory))
    try:
        session = Session(campaign, words, server.rng(server.serial()), seat=seat, remote=True)
        try:
            entry = _write(session, asked)
        except (RulesError, CampaignError) as error:
            key = getattr(error, "message_key", None) or ""
            status = 403 if key.startswith("refused") else 400
            said = words.explain(error).replace(str(campaign.directory), campaign.directory.name)
            return _refused(status, said)
        return _written(campaign, seat, words, entry)
    finally:
        campaign.close()


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


def test_command(server: TableServer, seat: Seat, options: list[str]) -> list[str]:
    """The command that rolls a test as ``seat``: ``meneur roll SYSTEM`` with the seat's
    options first and the table's last (argparse keeps an option's last value)."""
    from meneur.play.campaigns import Campaign

    with Campaign.open(server.directory, write=False) as campaign:
        system = campaign.system
    command = [
        sys.executable, "-m", "meneur.cli.main", "roll", system, *options,
        "--campaign", str(server.directory), "--json", "--lang", server.lang,
    ]  # fmt: skip
    if seat.role == "player" and seat.name is not None:
        command += ["--as", seat.name]
        # A player's one character acts when the test names none, as at the plain seat
        # (and answers the GM's request for a roll).
        named = any(
            word.startswith("--ch") and "character".startswith(word[2:].split("=", 1)[0])
            for word in options
        )
        if len(seat.characters) == 1 and not named:
            command += ["--character", next(iter(seat.characters))]
    if server.seeded:
        command += ["--seed", str(server.rng(server.serial()).getrandbits(63))]
    return command


async def _test(server: TableServer, seat: Seat, asked: object) -> web.Response:
    """Roll the test ``asked`` describes as ``seat`` (see the module)."""
    from meneur.core.errors import RulesError
    from meneur.core.table_rules import check_entry
    from meneur.play.campaigns import Campaign
    from meneur.play.errors import CampaignError

    words = strings(server.lang)
    try:
        # A viewer writes nothing: refused here, before any process (without --as, the
        # command line is the GM's).
        check_entry(seat, kind="roll", character=None, visibility="public",
                    player=seat.name, changed=())  # fmt: skip
        options = test_options(asked)
        command = test_command(server, seat, options)
    except (RulesError, CampaignError) as error:
        key = getattr(error, "message_key", None) or ""
        return _refused(403 if key.startswith("refused") else 400, words.explain(error))
    process = await asyncio.create_subprocess_exec(
        *command,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), TEST_SECONDS)
    except TimeoutError:
        process.kill()
        await process.wait()
        return _refused(503, words.t("api.test_slow", seconds=round(TEST_SECONDS)))
    if process.returncode != 0:
        said = _sentence(err.decode("utf-8", "replace")).replace(
            str(server.directory), server.directory.name
        )
        # The table's refusals (a character not theirs, a viewer) are a 403, as the
        # other actions' are; what the options do not describe, a 400.
        known = words.keys()
        refusals = {words.t(key) for key in known if key.startswith("errors.refused.")}
        return _refused(403 if said in refusals else 400, said)
    rolled = json.loads(out)
    campaign = Campaign.open(server.directory, write=False, clock=server.clock)
    try:
        return _written(campaign, seat, words, campaign.journal.entry(int(rolled["entry_id"])))
    finally:
        campaign.close()


def _sentence(said: str) -> str:
    """The command line's one line of error without its ``meneur roll …: error:``."""
    line = said.strip().splitlines()[-1] if said.strip() else said
    return re.sub(r"^meneur[^:]*?\s*:\s*(error|erreur)\s*:\s*", "", line)


def _write(session: Any, asked: dict[str, Any]) -> Any:
    from meneur.core.errors import RulesError

    if "note" in asked:
        text = asked["note"]
        if not isinstance(text, str) or not text.strip():
            raise RulesError("a note is text", message_key="api.note")
        return session.note(text.strip())
    if "roll" in asked:
        from meneur.core.expressions import DiceInputs
        from meneur.core.notation import parse
        from meneur.play.rolls import roll_words

        expression = asked["roll"]
        if not isinstance(expression, str):
            raise RulesError("a roll is a dice expression", message_key="api.roll")
        parse(expression)  # a mistyped roll says what is wrong
        record = session.roll(DiceInputs(expression))
        return session.record(record, roll_words(record))
    from meneur.core.oracles import YesNoQuestion

    question, likelihood = asked["question"], asked.get("likelihood", 3)
    if not isinstance(question, str) or type(likelihood) is not int:
        raise RulesError("a question is text, its likelihood 1 to 5", message_key="api.question")
    record = session.roll(YesNoQuestion(question=question.strip(), likelihood=likelihood))
    from meneur.play.rolls import roll_words

    return session.record(record, roll_words(record))
