"""``POST /act`` at a served table: a seat acts through the table's feed (a chat bot, a
stream deck, a script acting for a player), with an API token (``meneur invite --api``)
or a seat's link.

What it may do is what that seat's app may do, decided by :mod:`meneur.play` as at the
table (a viewer writes nothing; a player's note is theirs; a blind-by-default roll stays
blind), with the same one sentence when refused. Each request is small (4 KiB), and a
seat acts at most once per :data:`ACT_SECONDS` (429 otherwise). The answer is JSON: the
entry as that seat reads it, or ``{"error": sentence}``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from meneur.content.strings import strings

if TYPE_CHECKING:
    from meneur.core.table_rules import Seat

    from .ssh import TableServer

MAX_BODY = 4096
"""The largest action a request may carry."""
ACT_SECONDS = 0.5
"""A seat's actions through the feed are at most this often."""


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
    return web.json_response({"error": said}, status=status, dumps=_dumps)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


async def act(server: TableServer, request: web.Request, invite: Any, seat: Seat) -> web.Response:
    """Do what the request asks, as ``seat``; the entry written, as that seat reads it."""
    words = strings(server.lang)
    if request.content_length is None or request.content_length > MAX_BODY:
        return _refused(413, words.t("api.too_big", most=MAX_BODY))
    if not PACE.allows(invite.ident):
        return _refused(429, words.t("api.too_often", seconds=ACT_SECONDS))
    try:
        asked = json.loads(await request.read())
    except (UnicodeDecodeError, ValueError):
        return _refused(400, words.t("api.not_json"))
    if not isinstance(asked, dict) or len(asked.keys() & {"note", "roll", "question"}) != 1:
        return _refused(400, words.t("api.one_action"))
    return _do(server, seat, asked)


def _do(server: TableServer, seat: Seat, asked: dict[str, Any]) -> web.Response:
    from meneur.core.errors import RulesError
    from meneur.play.campaigns import Campaign
    from meneur.play.errors import CampaignError
    from meneur.play.reading import read_entry, secret_reading
    from meneur.play.session import Session
    from meneur.play.views import entries_for

    words = strings(server.lang)
    campaign = Campaign.open(server.directory, clock=server.clock)
    try:
        session = Session(campaign, words, server.rng(server.serial()), seat=seat, remote=True)
        try:
            entry = _write(session, asked)
        except (RulesError, CampaignError) as error:
            key = getattr(error, "message_key", None) or ""
            status = 403 if key.startswith("refused") else 400
            said = words.explain(error).replace(str(campaign.directory), campaign.directory.name)
            return _refused(status, said)
        shown = next(iter(entries_for([entry], seat.viewer, campaign.journal, campaign.state)))
        if shown.redacted:  # written, but not for this seat to read (a blind roll)
            text = secret_reading(shown, words.t, campaign)
            return web.json_response({"written": True, "text": text, "result": ""}, dumps=_dumps)
        reading = read_entry(shown, campaign, words.t)
        return web.json_response(
            {"written": True, "text": reading.text, "result": reading.result}, dumps=_dumps
        )
    finally:
        campaign.close()


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
