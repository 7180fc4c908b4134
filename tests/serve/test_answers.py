"""Every request gets its status and a sentence in its reader's language, never a 500,
and the server's log never holds a traceback, a token or an address with its query:
``meneur serve --web`` and ``meneur web`` as they run, a raw HTTP client on 127.0.0.1
(bytes as an attacker writes them), bounded in time."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from meneur.play.campaigns import Campaign
from meneur.serve.act_api import MAX_BODY
from meneur.serve.feed import MAX_FEEDS_ENV
from tests.waiting import PATIENCE, STEP, until

from .browser import free_port
from .raw_http import Answer, Client, ask, request
from .seated import Table, make_table

pytestmark = [pytest.mark.e2e]

CLI = [sys.executable, "-m", "meneur.cli.main"]
WEB_TOKEN = "qz-test-token-of-thirty-two-chars"
FEEDS = 32
"""The feeds the door's server keeps open at once (its limit lowered: reaching the
default's would open thousands of connections)."""


@dataclass
class Door:
    """``meneur serve --headless --web`` on one worker, its log (what it prints) in a
    file."""

    table: Table
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    def cli(self, *words: str) -> str:
        done = subprocess.run(
            [*CLI, *words], capture_output=True, text=True, timeout=PATIENCE, check=False,
            env={**os.environ, "MENEUR_DATA_DIR": str(self.table.data_dir)},
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        return done.stdout

    def token(self, *options: str) -> str:
        """A new invite's token (``meneur invite … --json``)."""
        made = json.loads(
            self.cli("invite", str(self.table.directory), "--json", "--host", "127.0.0.1",
                     "--web-port", str(self.port), *options)
        )  # fmt: skip
        return str((made.get("url") or made["act"]).split("token=")[1].split("&")[0])

    def said(self) -> str:
        return self.log.read_text(encoding="utf-8")

    def stop(self) -> str:
        """Stop the server; its whole log."""
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return self.said()


def open_door(root: Path) -> Door:
    table = make_table(root)
    log = root / "serve.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*CLI, "serve", str(table.directory), "--headless", "--ssh", "127.0.0.1:0",
             "--web", "127.0.0.1:0", "--lang", "fr", "--workers", "1"],
            stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, "MENEUR_DATA_DIR": str(table.data_dir), MAX_FEEDS_ENV: str(FEEDS)},
        )  # fmt: skip
    until(lambda: "table.toml" in log.read_text() or process.poll() is not None)
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", log.read_text())
    assert found is not None, log.read_text()
    return Door(table, process, int(found[1]), log)


@pytest.fixture
def door(tmp_path: Path) -> Iterator[Door]:
    opened = open_door(tmp_path)
    try:
        yield opened
    finally:
        opened.stop()


def clean(log: str, *secrets: str) -> None:
    """The log holds no traceback, none of ``secrets`` and no address with its query."""
    assert "Traceback" not in log
    assert "?" not in log.replace("(?)", "")  # no query string, whatever its name
    for secret in secrets:
        assert secret[:12] not in log


def act(port: int, token: str, body: bytes, **headers: str) -> Answer:
    """``POST /act`` with ``body``, waiting its turn (one action per half second a seat)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = ask(port, request("POST", f"/act?token={token}", headers=headers, body=body))
        if answer.status != 429:
            return answer
        assert time.monotonic() < deadline, "never our turn"
        time.sleep(STEP)


def test_json_nested_2000_deep_is_a_400_said_in_the_table_s_language(door: Door) -> None:
    token = door.token("--player", "dana", "--api")
    deep = b"[" * 2000 + b"]" * 2000
    assert len(deep) <= MAX_BODY
    answer = act(door.port, token, deep, **{"Content-Type": "application/json"})
    assert answer.status == 400
    assert answer.json() == {
        "error": "du JSON est attendu, avec une note, un jet, une question ou un test"
        " (voir la référence du flux)"
    }
    nested = b'{"note": ' + b"[" * 3000 + b"]" * 3000 + b"}"
    assert act(door.port, token, nested[:MAX_BODY]).status == 400  # cut: not JSON
    # The seat still acts: nothing broke.
    answer = act(door.port, token, b'{"note": "La porte grince."}')
    assert answer.status == 200, answer
    assert answer.json()["text"] == "La porte grince."
    clean(door.stop(), token)


def test_an_address_or_a_header_too_long_is_refused_and_never_logged(door: Door) -> None:
    token = door.token("--viewer", "--admit")
    long_token = "A" * 9000
    answer = ask(door.port, request("GET", f"/view.json?token={long_token}"))
    assert (answer.status, answer.text) == (414, "Cette adresse est trop longue.\n")
    answer = ask(door.port, request("GET", f"/feed?token={token}&x={'B' * 9000}"))
    assert answer.status == 414
    header = {"X-Padding": "C" * 9000}
    answer = ask(door.port, request("GET", f"/view.json?token={token}", headers=header))
    assert (answer.status, answer.text) == (431, "Un en-tête de cette requête est trop long.\n")
    answer = ask(door.port, b"GARBAGE\r\n\r\n")
    assert (answer.status, answer.text) == (400, "Cette requête est illisible.\n")
    answer = ask(door.port, b"GET /view.json?token=" + token.encode() + b" HTTP/1.1\r\nX\r\n\r\n")
    assert answer.status == 400
    # The server still answers as it should.
    assert ask(door.port, request("GET", f"/view.json?token={token}")).status == 200
    clean(door.stop(), long_token, token, "B" * 100, "C" * 100)


def test_a_body_too_large_is_refused_before_it_is_sent(door: Door) -> None:
    token = door.token("--player", "dana", "--api")
    said = {"error": f"une action tient en {MAX_BODY} octets au plus"}
    # Five megabytes announced, none sent: the answer comes without them.
    client = Client(door.port)
    client.send(request("POST", f"/act?token={token}", headers={"Content-Length": "5000000"}))
    answer = client.answer()
    client.close()
    assert (answer.status, answer.json()) == (413, said)
    assert answer.headers["connection"] == "close"
    # Asked before sending (as curl does for a large body): no "100 Continue", a 413.
    client = Client(door.port)
    headers = {"Content-Length": "5000000", "Expect": "100-continue"}
    client.send(request("POST", f"/act?token={token}", headers=headers))
    answer = client.answer()
    client.close()
    assert (answer.status, answer.json()) == (413, said)
    # Sent in chunks, without a length: read no further than the limit.
    client = Client(door.port)
    client.send(request("POST", f"/act?token={token}", headers={"Transfer-Encoding": "chunked"}))
    chunk = b"x" * 1000
    for _ in range(MAX_BODY // len(chunk) + 1):
        client.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    answer = client.answer()  # the rest is never sent: it is not waited for
    client.close()
    assert (answer.status, answer.json()) == (413, said)
    # A small body in chunks is an action like another.
    note = b'{"note": "En morceaux."}'
    deadline = time.monotonic() + PATIENCE
    while True:
        client = Client(door.port)
        headers = {"Transfer-Encoding": "chunked"}
        client.send(request("POST", f"/act?token={token}", headers=headers, length=False))
        client.send(b"%x\r\n%s\r\n0\r\n\r\n" % (len(note), note))
        answer = client.answer()
        client.close()
        if answer.status != 429:
            break
        assert time.monotonic() < deadline
        time.sleep(STEP)
    assert answer.status == 200, answer
    assert answer.json()["text"] == "En morceaux."
    clean(door.stop(), token)


def _feed(port: int, token: str) -> tuple[Client, Answer]:
    """A feed opened, its answer's headers read (and its body when it is refused)."""
    asked = request("GET", f"/feed?token={token}", headers={"Connection": "close"})
    client = Client(port)
    client.send(asked)
    answer = client.answer(body=False)
    if answer.status != 200:
        client.read_body(answer)
    return client, answer


def test_a_feed_s_place_is_free_the_moment_its_client_leaves(door: Door) -> None:
    token = door.token("--viewer", "--admit")
    feeds = [_feed(door.port, token) for _ in range(FEEDS)]
    assert [answer.status for _, answer in feeds] == [200] * FEEDS
    client, answer = _feed(door.port, token)
    assert answer.status == 503
    assert answer.json() == {"error": "Trop de flux sont ouverts\u00a0: réessayez dans un moment."}
    client.close()
    for client, _ in feeds:
        client.close()
    # A new feed is taken within a second of the others leaving (not at their next
    # heartbeat, 15 s on): asked again until it is.
    left = time.monotonic()
    while True:
        client, answer = _feed(door.port, token)
        client.close()
        if answer.status == 200:
            break
        assert answer.status == 503
        assert time.monotonic() - left < 1.0, "a feed's place was not freed when it left"
    clean(door.stop(), token)


def test_a_removed_player_s_feed_ends_with_their_seat(door: Door) -> None:
    token = door.token("--player", "dana", "--character", "mira", "--admit")
    client, answer = _feed(door.port, token)
    assert answer.status == 200
    client.read_until(b"data: ")  # the picture, first
    with Campaign.open(door.table.directory, write=False) as campaign:
        entries = len(list(campaign.journal))
    removed = time.monotonic()
    door.cli("table", "remove", "dana", str(door.table.directory))
    rest = client.rest()  # until the server ends the feed (and, so, the connection)
    ended = time.monotonic() - removed
    client.close()
    # Ended by the removal itself, not at the feed's next heartbeat (15 s) nor at a
    # change of the story: nothing was written since.
    assert b": alive" not in rest
    assert ended < 15.0
    with Campaign.open(door.table.directory, write=False) as campaign:
        assert len(list(campaign.journal)) == entries
    answer = ask(door.port, request("GET", f"/feed?token={token}"))
    assert answer.status == 403
    clean(door.stop(), token)


def test_each_refusal_says_why_in_its_reader_s_language(door: Door) -> None:
    api = door.token("--player", "dana", "--api")
    viewer_invite = json.loads(
        door.cli("invite", str(door.table.directory), "--viewer", "--admit", "--json",
                 "--host", "127.0.0.1", "--web-port", str(door.port))
    )  # fmt: skip
    viewer = viewer_invite["url"].split("token=")[1].split("&")[0]
    wrong = "w" * 32
    no_seat_fr = (
        "Ce lien n'ouvre aucune place\u00a0: il a expiré, ou le MJ l'a révoqué."
        " Demandez-en un autre au MJ."
    )
    no_seat_en = (
        "This link opens no seat: it has expired, or the GM revoked it. Ask the GM for another."
    )
    # A page: in the page's language (its own ?lang=, else the browser's).
    answer = ask(door.port, request("GET", f"/?token={wrong}", headers={"Accept-Language": "en"}))
    assert (answer.status, answer.text) == (403, no_seat_en + "\n")
    answer = ask(door.port, request("GET", f"/?token={wrong}&lang=fr"))
    assert (answer.status, answer.text) == (403, no_seat_fr + "\n")
    answer = ask(door.port, request("GET", f"/?token={api}", headers={"Accept-Language": "fr"}))
    assert answer.status == 403
    assert answer.text == "Un jeton d'API n'ouvre aucune page\u00a0: il sert à /feed et à /act.\n"
    # What bots read: JSON, in the table's language (as /act's own sentences).
    answer = act(door.port, wrong, b'{"note": "x"}', **{"Accept-Language": "en"})
    assert (answer.status, answer.json()) == (403, {"error": no_seat_fr})
    other_site = {"error": "Refusé\u00a0: cette requête vient de la page d'un autre site."}
    evil = {"Origin": "http://evil.example"}
    answer = ask(door.port, request("GET", f"/view.json?token={viewer}", headers=evil))
    assert (answer.status, answer.json()) == (403, other_site)
    answer = act(door.port, api, b'{"note": "x"}', **evil)
    assert (answer.status, answer.json()) == (403, other_site)
    # Too often: a second action right behind the first (sent together, answered in
    # turn); the first, refused at once, counts all the same.
    deadline = time.monotonic() + PATIENCE
    while True:
        client = Client(door.port)
        client.send(request("POST", f"/act?token={api}", body=b"{}") * 2)
        first, second = client.answer(), client.answer()
        client.close()
        if first.status != 429:  # our turn (half a second since the last)
            break
        assert time.monotonic() < deadline, "never our turn"
        time.sleep(STEP)
    assert first.json() == {"error": "une action à la fois : note, roll, question ou test"}
    assert (second.status, second.json()) == (429, {"error": "une action toutes les 0.5 s au plus"})
    # Nothing there, or not that way.
    answer = ask(door.port, request("GET", "/nothing"))
    assert (answer.status, answer.text) == (404, "Rien à cette adresse.\n")
    answer = ask(door.port, request("DELETE", f"/act?token={api}"))
    assert (answer.status, answer.json()) == (
        405,
        {"error": "Cette adresse n'accepte pas cette méthode."},
    )
    # A revoked link: said so, and the log says it once however often it comes back.
    door.cli("table", "revoke", viewer_invite["invite"], str(door.table.directory))
    for _ in range(5):
        answer = ask(door.port, request("GET", f"/view.json?token={viewer}"))
        assert (answer.status, answer.json()) == (403, {"error": no_seat_fr})
        answer = ask(door.port, request("GET", f"/alive?token={viewer}&lang=fr"))
        assert (answer.status, answer.text) == (403, no_seat_fr + "\n")
    log = door.stop()
    assert log.count("un lien qui n'ouvre aucune place, depuis 127.0.0.1") == 1
    clean(log, api, viewer, wrong)


@dataclass
class Web:
    """``meneur web`` as it runs: its port, its process, its standard error (its log)."""

    port: int
    process: subprocess.Popen[bytes]
    errors: Path

    def views(self) -> list[str]:
        """The views (``meneur watch``) its pages run now."""
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid), "-f", "cli.main watch"],
            capture_output=True, text=True, timeout=PATIENCE, check=False,
        )  # fmt: skip
        return found.stdout.split()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Web]:
    """``meneur web`` in English on a free port."""
    directory = tmp_path / "camp"
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data"), "MENEUR_WEB_TOKEN": WEB_TOKEN}
    subprocess.run([*CLI, "new", str(directory), "--system", "resolution"], env=env,
                   check=True, capture_output=True, timeout=PATIENCE)  # fmt: skip
    errors = tmp_path / "web.err"
    for _ in range(5):  # a port free now may be taken before the server listens
        port = free_port()
        with errors.open("wb") as err:
            server = subprocess.Popen(
                [*CLI, "web", str(directory), "--port", str(port), "--lang", "en"],
                stdout=subprocess.DEVNULL, stderr=err, env=env, start_new_session=True,
            )  # fmt: skip

        def answers(port: int = port, server: Any = server) -> bool:
            if server.poll() is not None:
                return True
            try:
                return ask(port, request("GET", "/alive")).status == 403
            except OSError:
                return False

        until(answers)
        if server.poll() is None:
            break
    else:
        raise AssertionError("meneur web never answered")
    try:
        yield Web(port, server, errors)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(PATIENCE)


def test_meneur_web_answers_every_request_and_logs_no_address(web: Web) -> None:
    port, errors = web.port, web.errors
    answer = ask(port, request("GET", f"/view.json?token={'A' * 9000}"))
    assert (answer.status, answer.text) == (414, "This address is too long.\n")
    answer = ask(port, request("GET", "/", headers={"X-Padding": "C" * 9000}))
    assert (answer.status, answer.text) == (431, "A header of this request is too long.\n")
    answer = ask(port, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n")  # TLS, say
    assert answer.status == 400
    answer = ask(port, request("GET", "/?token=wrong-token-of-enough-length"))
    assert (answer.status, answer.text) == (
        403,
        "This address needs its token: open the one meneur printed.\n",
    )
    answer = ask(port, request("GET", "/view.json"))
    assert (answer.status, answer.json()) == (
        403,
        {"error": "This address needs its token: open the one meneur printed."},
    )
    answer = ask(port, request("GET", f"/view.json?token={WEB_TOKEN}"))
    assert answer.status == 200
    assert errors.read_text() == ""


# --- Hostile requests, drawn by Hypothesis ---------------------------------------------

ADDRESSES = (
    "/", "/act", "/feed", "/view.json", "/broadcast", "/broadcast/broadcast.js",
    "/broadcast/..%2fweb.py", "/alive", "/ws/x", "/static/js/textual.js",
    "/static/../../../etc/passwd", "//act", "/act/", "/%00", "*", "http://evil.example/act",
)  # fmt: skip
HEADERS = (
    "Origin", "Accept-Language", "Expect", "Last-Event-ID", "Content-Type",
    "Transfer-Encoding", "Content-Encoding", "Cookie", "X-Forwarded-For", "Upgrade",
)  # fmt: skip


def hostile_requests(
    tokens: tuple[str, ...], origins: tuple[str, ...], *, well_formed: bool
) -> Any:
    """Requests as an attacker writes them, each ending so that the server has all it
    will get: odd methods, addresses, queries and headers, bodies (JSON nested thousands
    deep, bytes, a body announced and never sent). ``well_formed``: requests that reach
    the routes (live tokens among the values drawn); else, ones that mostly stop at the
    parser (methods that are none, line breaks, bytes that are not text)."""
    from urllib.parse import quote

    from hypothesis import strategies as st

    printable = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=40)
    anything = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)
    method = st.sampled_from(["GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS"])
    address = st.sampled_from(ADDRESSES)
    value = st.sampled_from(tokens) | printable
    header_value = st.sampled_from(
        [*origins, "fr", "en-GB,en;q=0.9", "100-continue", "chunked", "gzip",
         "application/json", "websocket", "12", "99999999999999999999"]
    ) | printable  # fmt: skip
    if not well_formed:
        method |= st.sampled_from(["get", "PRI", "TRACE", "CONNECT", "BREW", "G T", "GET\x00"])
        address |= anything.map(lambda t: "/" + t)
        value |= anything
        header_value |= anything
    # What the servers have, with the token that opens it (the first one acts, the last
    # one views): an action, a feed, a view, a page; and anything else, with any token.
    acting, viewing = tokens[0], tokens[-1]
    route = st.sampled_from(
        [("POST", "/act", acting), ("GET", "/feed", viewing), ("GET", "/view.json", viewing),
         ("GET", "/", viewing), ("GET", "/alive", viewing), ("GET", "/broadcast", viewing),
         ("HEAD", "/view.json", viewing)]
    ) | st.tuples(method, address, st.sampled_from(tokens) | value)  # fmt: skip
    more = st.lists(
        st.tuples(st.sampled_from(["lang", "fontsize", "reader", "part", "x"]), value), max_size=2
    )
    header = st.tuples(
        st.sampled_from(HEADERS) | st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=12),
        header_value,
    )
    json_value = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | anything,
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(["note", "roll", "question", "likelihood"]) | anything,
                inner,
                max_size=4,
            )
        ),
        max_leaves=12,
    )
    action = st.fixed_dictionaries(
        {}, optional={"note": anything, "roll": printable, "question": anything,
                      "likelihood": st.integers(-3, 9) | anything}
    )  # fmt: skip
    body = st.one_of(
        st.just(b""),
        action.map(lambda v: json.dumps(v).encode()),
        json_value.map(lambda v: json.dumps(v).encode()),
        st.integers(1, 6000).map(lambda n: b"[" * n + b"]" * n),
        st.integers(1, 3000).map(lambda n: b'{"note": ' * n + b"1" + b"}" * n),
        st.binary(max_size=6000),
    )

    @st.composite
    def requests(draw: Any) -> tuple[str, bytes]:
        verb, path, token = draw(route)
        raw = not well_formed and draw(st.booleans())  # unquoted: spaces, line breaks
        given = [
            (name, text if raw else quote(text)) for name, text in [("token", token), *draw(more)]
        ]
        path += "?" + "&".join(f"{name}={text}" for name, text in given)
        lines = [f"{verb} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
        lines += [f"{name}: {given}" for name, given in draw(st.lists(header, max_size=4))]
        content = draw(body)
        how = draw(st.sampled_from(["length", "length", "chunked", "announced", "none"]))
        if how == "length" and content:
            lines.append(f"Content-Length: {len(content)}")
        elif how == "chunked" and content:
            lines.append("Transfer-Encoding: chunked")
            content = b"%x\r\n%s\r\n0\r\n\r\n" % (len(content), content)
        elif how == "announced":  # a large body announced, none sent
            lines.append(f"Content-Length: {draw(st.integers(MAX_BODY + 1, 10**9))}")
            content = b""
        else:
            content = b""
        return verb, "\r\n".join(lines).encode("utf-8") + b"\r\n\r\n" + content

    return requests()


def _answered(port: int, verb: str, data: bytes) -> int:
    client = Client(port)
    try:
        client.send(data)
        return client.answer(body=False).status
    finally:
        client.close()


@contextlib.contextmanager
def web_door(table: Table, logged: list[str]) -> Iterator[int]:
    """``meneur serve --web``'s browser door in a thread of this process, on a port of
    127.0.0.1 (so that a test may give it a clock: see the fuzzing test); its port."""
    import asyncio
    import socket
    import threading

    from meneur.serve.ssh import TableServer

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    held: set[Any] = set()

    async def start() -> tuple[Any, socket.socket, Any]:
        server = TableServer(table.directory, lang="fr", seed=1, log=logged.append)
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        listener.setblocking(False)

        async def accept() -> None:
            while True:
                conn, _ = await loop.sock_accept(listener)
                conn.setblocking(False)
                task = loop.create_task(server.accept_web(conn))
                held.add(task)
                task.add_done_callback(held.discard)

        return server, listener, loop.create_task(accept())

    server, listener, accepting = asyncio.run_coroutine_threadsafe(start(), loop).result(PATIENCE)

    async def stop() -> None:
        accepting.cancel()
        listener.close()
        await server.close_web()
        server.close()
        others = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)

    try:
        yield int(listener.getsockname()[1])
    finally:
        asyncio.run_coroutine_threadsafe(stop(), loop).result(PATIENCE)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(PATIENCE)
        loop.close()


def test_no_hostile_request_is_a_500_or_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Hypothesis writes requests against the browser door of a served table (its
    pages, feed and ``/act``, with live tokens among the values it draws); each is
    answered with its status, never a 5xx, and nothing is logged but refusals: no
    traceback, no token, no query, no library's error, nothing left unanswered."""
    import itertools
    import logging

    from hypothesis import given, settings

    from meneur.serve import act_api

    table = make_table(tmp_path)
    env = {**os.environ, "MENEUR_DATA_DIR": str(table.data_dir)}

    def invite(*options: str) -> str:
        done = subprocess.run(
            [*CLI, "invite", str(table.directory), "--json", "--host", "127.0.0.1", *options],
            capture_output=True, text=True, timeout=PATIENCE, check=True, env=env,
        )  # fmt: skip
        made = json.loads(done.stdout)
        return str((made.get("url") or made["act"]).split("token=")[1].split("&")[0])

    tokens = (invite("--player", "dana", "--api"), invite("--viewer", "--admit"))
    # Every action its turn (a clock a second on at each look), so that bodies are read.
    monkeypatch.setattr(act_api, "PACE", act_api.Pace(clock=itertools.count().__next__))
    caplog.set_level(logging.WARNING)
    logged: list[str] = []
    with web_door(table, logged) as port:
        origins = (f"http://127.0.0.1:{port}", "http://evil.example", "null")

        for well_formed, examples in ((True, 300), (False, 150)):

            @settings(max_examples=examples)
            @given(hostile_requests(tokens, origins, well_formed=well_formed))
            def answered(drawn: tuple[str, bytes]) -> None:
                assert 200 <= _answered(port, *drawn) < 500  # (no feed stays open: no 503)

            answered()
    said = "\n".join(logged)
    clean(said, *tokens)
    assert "n'a pas pu recevoir de réponse" not in said  # nothing escaped the routes
    assert [record.getMessage() for record in caplog.records] == []


def test_no_hostile_request_to_meneur_web_is_a_500_or_a_traceback(web: Web) -> None:
    """The same against ``meneur web`` (textual-serve's server, as meneur guards it):
    nothing on its standard error, where it logs."""
    from hypothesis import given, settings

    port, errors = web.port, web.errors
    origins = (f"http://127.0.0.1:{port}", "http://evil.example")

    for well_formed, examples in ((True, 150), (False, 75)):

        @settings(max_examples=examples)
        @given(hostile_requests((WEB_TOKEN,), origins, well_formed=well_formed))
        def answered(drawn: tuple[str, bytes]) -> None:
            assert 200 <= _answered(port, *drawn) < 500  # (no feed stays open: no 503)

        answered()
    assert errors.read_text() == ""


def test_a_page_closed_as_it_opens_leaves_no_view_running(web: Web) -> None:
    """A page that opens, says its size and is gone at once (closed, reloaded): its view
    ends. Was: textual-serve told the view to quit as it started, and it stayed, drawing
    at 60 frames a second, a core busy for as long as the server ran, one a reload. A
    message no page sends is left aside, and the page plays on."""
    import asyncio

    import aiohttp

    base = f"http://127.0.0.1:{web.port}"
    address = f"{base}/ws/{WEB_TOKEN}?width=80&height=24"

    async def pages() -> str:
        async with aiohttp.ClientSession() as client:
            for _ in range(3):
                sock = await client.ws_connect(address, headers={"Origin": base})
                await sock.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
                await sock.close()
            sock = await client.ws_connect(address, headers={"Origin": base})
            for junk in ("nope", "[]", "{}", '["resize", 3]', '["stdin", 5]', "[" * 5000):
                await sock.send_str(junk)
            await sock.send_str('["ping", "still here"]')
            while True:
                message = await sock.receive(timeout=PATIENCE)
                assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT)
                if message.type == aiohttp.WSMsgType.TEXT:
                    await sock.close()
                    return str(message.data)

    assert asyncio.run(pages()) == '["pong", "still here"]'
    until(lambda: web.views() == [], "the closed pages' views never ended")
    assert web.errors.read_text() == ""
