"""``meneur web``'s broadcast page and the table's feed, with real clients on 127.0.0.1:
headless Chromium draws the page at 1080p, 720p and 1440p (an OBS source's sizes) and
the test measures what an audience sees (how much of the page holds text or dice, how
tall the text is, whether the newest line of the story is on screen); a raw HTTP client
reads the feed's events, resumes it, and is refused without the token or from another
site. The pictures are kept in tests/serve/pictures/ (which git ignores).

Skipped, saying why, where Chromium is not installed (CI installs it)."""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from meneur.cli.main import main
from tests.waiting import PATIENCE, STEP

from .browser import CHROMIUM, Browser
from .test_web import TOKEN, _cli, web_server

SHEET = '{ elements = { "Arts martiaux" = 3, "Discrétion" = 2 } }'
PICTURES = Path(__file__).parent / "pictures"
"""Where the pictures the tests take are kept (ignored by git)."""
SIZES = [(1920, 1080), (1280, 720), (2560, 1440)]

pytestmark = [pytest.mark.e2e]


@pytest.fixture
def broadcast(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """A played solo campaign (a session, a scene, two characters, a clock, a dozen
    lines of story, rolls), served by ``meneur web`` on a free port."""
    directory = tmp_path / "camp"
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data"), "MENEUR_WEB_TOKEN": TOKEN}
    # Played in this process (a command line each would start Python twenty times).
    played = [
        ["new", str(directory), "--system", "resolution", "--name", "Les docks"],
        ["set", str(directory), "options.solo", "true"],
        *(
            ["set", str(directory), f"characters.{key}", f'{{ name = "{name}", sheet = {SHEET} }}']
            for key, name in (("kael", "Kael"), ("lyra", "Lyra"))
        ),
        ["clock", str(directory), "add", "Alarme", "6"],
        ["session", str(directory), "Les docks de Néo-Lyon"],
        ["scene", str(directory), "La porte du hangar"],
        *(
            ["note", str(directory), f"Ligne {n} : Kael avance dans la pénombre du hangar."]
            for n in range(12)
        ),
        [
            "roll", "resolution", "--score", "3", "--campaign", str(directory),
            "--character", "kael", "--label", "Forcer la porte",
        ],
        ["note", str(directory), "La porte cède dans un fracas."],
    ]  # fmt: skip
    for words in played:
        assert main(words) == 0, words
    with web_server(directory, env) as port:
        yield directory, port


# What the audience sees, measured in the page: the rows of the window that hold text or
# a die (from the layout's own boxes), the smallest text drawn, the newest story line.
MEASURE = """(() => {
  const height = innerHeight, rows = new Uint8Array(height);
  const mark = (rect) => {
    const bottom = Math.min(height, Math.ceil(rect.bottom));
    for (let y = Math.max(0, Math.floor(rect.top)); y < bottom; y++) rows[y] = 1;
  };
  let smallest = 1e9;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || !node.parentElement.getClientRects().length) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) if (rect.height) mark(rect);
    smallest = Math.min(smallest, parseFloat(getComputedStyle(node.parentElement).fontSize));
  }
  document.querySelectorAll(".die").forEach((die) => mark(die.getBoundingClientRect()));
  const story = document.getElementById("story").getBoundingClientRect();
  const lines = document.querySelectorAll("#story .line");
  const newest = lines[lines.length - 1], box = newest.getBoundingClientRect();
  const first = lines[0].getBoundingClientRect();
  return {
    share: rows.reduce((a, b) => a + b, 0) / height,
    smallest,
    newest: newest.textContent,
    newestShown: box.top >= story.top - 1 && box.bottom <= Math.min(story.bottom, height) + 1,
    oldestWhole: first.top >= story.top - 1,
    dice: document.querySelectorAll(".die").length,
  };
})()"""


# The picture's share of the page: the part of the window its parts (the scene line,
# the card, the party, the story) cover, sampled every 8 px; a column left blank is not.
AREA = """(() => {
  const boxes = ["scene", "roll", "party", "story"].map((id) => document.getElementById(id))
    .filter((node) => node.getClientRects().length).map((node) => node.getBoundingClientRect());
  let inside = 0, all = 0;
  for (let y = 4; y < innerHeight; y += 8) {
    for (let x = 4; x < innerWidth; x += 8) {
      all++;
      if (boxes.some((b) => x >= b.left && x < b.right && y >= b.top && y < b.bottom)) inside++;
    }
  }
  return inside / all;
})()"""


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
async def test_the_broadcast_fills_its_page_at_every_size(broadcast) -> None:
    """At 1080p, 720p and 1440p, with a party and then without one (the story takes
    its column), the picture covers the page and reads from across a room."""
    directory, port = broadcast
    PICTURES.mkdir(exist_ok=True)
    url = f"http://127.0.0.1:{port}/broadcast?token={TOKEN}&motion=0"
    async with Browser() as browser:
        for width, height in SIZES:
            await browser.viewport(width, height)
            await browser.open(url)
            deadline = time.monotonic() + PATIENCE
            while await browser.evaluate("document.body.dataset.ready") != "1":
                assert time.monotonic() < deadline, "the page never drew the feed"
                await asyncio.sleep(STEP)
            seen: dict[str, Any] = await browser.evaluate(MEASURE)
            await browser.screenshot(PICTURES / f"broadcast-{height}p.png")
            assert seen["share"] >= 0.6, (width, height, seen)
            assert await browser.evaluate(AREA) >= 0.8, (width, height)
            # Read from a couch: ~32 px at 1080 rows, the same share of the height at any.
            assert seen["smallest"] >= 0.029 * height, (width, height, seen)
            assert seen["newest"] == "La porte cède dans un fracas."
            assert seen["newestShown"], seen
            assert seen["oldestWhole"], seen  # lines that do not fit are left out whole
            assert seen["dice"] == 3  # three d6, the two kept bright
            text = await browser.evaluate("document.body.innerText")
            assert "Forcer la porte" in text
            assert "Tension 3" in text
            assert "de chances avant le jet" in text
        # Over a streamer's scene: the page see-through, each part on a dark glass.
        await browser.open(url + "&theme=transparent&part=roll")
        deadline = time.monotonic() + PATIENCE
        while await browser.evaluate("document.body.dataset.ready") != "1":
            assert time.monotonic() < deadline, "the page never drew the feed"
            await asyncio.sleep(STEP)
        style = "getComputedStyle(document.{}).backgroundColor"
        assert await browser.evaluate(style.format("body")) == "rgba(0, 0, 0, 0)"
        glass = await browser.evaluate(style.format("getElementById('roll')"))
        assert glass.startswith("rgba(10, 12, 16,")
        shown = "getComputedStyle(document.getElementById('{}')).display"
        assert await browser.evaluate(shown.format("party")) == "none"
        assert await browser.evaluate(shown.format("story")) == "none"
        # No party on screen (a GM keeping it off, a streamer before their character):
        # its column goes to the story, which shows more of itself.
        for words in (["unset", "characters.kael"], ["unset", "characters.lyra"]):
            assert main([words[0], str(directory), words[1]]) == 0
        assert main(["clock", str(directory), "remove", "Alarme"]) == 0
        for width, height in SIZES:
            await browser.viewport(width, height)
            await browser.open(url)
            deadline = time.monotonic() + PATIENCE
            while await browser.evaluate("document.body.dataset.ready") != "1":
                assert time.monotonic() < deadline, "the page never drew the feed"
                await asyncio.sleep(STEP)
            assert await browser.evaluate(shown.format("party")) == "none"
            seen = await browser.evaluate(MEASURE)
            await browser.screenshot(PICTURES / f"broadcast-{height}p-no-party.png")
            assert await browser.evaluate(AREA) >= 0.8, (width, height)
            assert seen["share"] >= 0.6, (width, height, seen)
            assert seen["smallest"] >= 0.029 * height, (width, height, seen)
            assert seen["newest"] == "La porte cède dans un fracas."
            assert seen["newestShown"], seen
            assert seen["oldestWhole"], seen
            lines = await browser.evaluate("document.querySelectorAll('#story .line').length")
            assert lines > 6, (width, height)  # more of the story than under a party


@pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed")
async def test_the_broadcast_held_upright_on_a_phone_cuts_nothing(broadcast) -> None:
    """A viewer opens the page on a phone (390×844, upright): the card above the party,
    each part whole inside its box, its dice inside the card, text a phone reads."""
    _, port = broadcast
    url = f"http://127.0.0.1:{port}/broadcast?token={TOKEN}&motion=0"
    inside = """(() => {
      const whole = (id) => {
        const node = document.getElementById(id);
        return node.scrollHeight <= node.clientHeight + 1
          && node.scrollWidth <= node.clientWidth + 1;
      };
      const card = document.getElementById("roll").getBoundingClientRect();
      const dice = [...document.querySelectorAll(".die")].map((d) => d.getBoundingClientRect());
      const party = document.getElementById("party").getBoundingClientRect();
      return {
        whole: ["roll", "party"].every(whole) && document.body.scrollWidth <= innerWidth,
        diceInside: dice.length === 3 && dice.every((d) => d.left >= card.left
          && d.right <= card.right && d.top >= card.top && d.bottom <= card.bottom),
        stacked: party.top >= card.bottom,
      };
    })()"""
    async with Browser() as browser:
        await browser.viewport(390, 844)
        await browser.open(url)
        deadline = time.monotonic() + PATIENCE
        while await browser.evaluate("document.body.dataset.ready") != "1":
            assert time.monotonic() < deadline, "the page never drew the feed"
            await asyncio.sleep(STEP)
        seen: dict[str, Any] = await browser.evaluate(MEASURE)
        await browser.screenshot(PICTURES / "broadcast-phone.png")
        assert seen["smallest"] >= 14, seen
        assert seen["newestShown"], seen
        assert await browser.evaluate(inside) == {
            "whole": True,
            "diceInside": True,
            "stacked": True,
        }
        text = await browser.evaluate("document.body.innerText")
        assert "Forcer la porte" in text
        assert "de chances avant le jet" in text


def _get(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    connection.request("GET", path, headers=headers or {})
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, body


class Feed:
    """A raw Server-Sent Events client: the events of ``/feed``, one at a time."""

    def __init__(self, port: int, last: str | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
        headers = {"Accept": "text/event-stream"}
        if last is not None:
            headers["Last-Event-ID"] = last
        self.connection.request("GET", f"/feed?token={TOKEN}", headers=headers)
        self.answer = self.connection.getresponse()
        assert self.answer.status == 200
        assert self.answer.getheader("Content-Type", "").startswith("text/event-stream")

    def next(self) -> tuple[str, dict[str, Any]]:
        """The next view event: its id and its picture (comments and retry skipped)."""
        fields: dict[str, str] = {}
        while True:
            line = self.answer.readline().decode().rstrip("\n")
            if line == "":
                if "data" in fields:
                    return fields["id"], json.loads(fields["data"])
                fields = {}
                continue
            name, _, value = line.partition(": ")
            if not line.startswith(":"):
                fields[name] = value

    def close(self) -> None:
        self.connection.close()


def test_the_feed_sends_the_audiences_picture_live_and_resumes(broadcast) -> None:
    directory, port = broadcast
    feed = Feed(port)
    first_id, view = feed.next()
    assert view["scene"]["title"] == "La porte du hangar"
    assert view["roll"]["who"] == "Kael"
    assert view["story"][-1]["text"] == "La porte cède dans un fracas."
    assert [member["name"] for member in view["party"]] == ["Kael", "Lyra"]
    assert view["fairness"]["committed"]  # the session opened with its dice committed
    assert view["fairness"]["verified"] == 0  # and its key is not out yet
    # This session's luck: one test, a success when its card says so.
    assert view["luck"]["rolls"] == 1
    assert view["luck"]["successes"] == int(view["roll"]["tone"] == "success")
    assert view["luck"]["luck"]
    _cli(
        "roll", "resolution", "--score", "3", "--campaign", str(directory),
        "--label", "Embuscade du MJ", "--visibility", "gm",
    )  # fmt: skip
    _cli("note", str(directory), "Un chien aboie au loin.")
    seen = []
    while not seen or seen[-1]["story"][-1]["text"] != "Un chien aboie au loin.":
        event_id, view = feed.next()
        seen.append(view)
    feed.close()
    said = json.dumps(seen, ensure_ascii=False)
    assert "Embuscade" not in said  # the GM's roll never reaches the audience
    assert '"id"' not in said  # no entry number
    assert "kael" not in said  # no character's key
    # Resumed: what was seen last is not sent again; what came since is.
    again = Feed(port, last=event_id)
    _cli("note", str(directory), "Lyra se glisse par la brèche.")
    resumed_id, view = again.next()
    again.close()
    assert int(resumed_id) > int(event_id) > int(first_id)
    assert view["story"][-1]["text"] == "Lyra se glisse par la brèche."


def test_the_feed_needs_its_token_and_its_own_site(broadcast) -> None:
    _, port = broadcast
    assert _get(port, "/feed")[0] == 403
    assert _get(port, "/view.json?token=wrong-token-of-thirty-two-chars!!")[0] == 403
    assert _get(port, "/broadcast")[0] == 403
    evil = {"Origin": "http://evil.example"}
    assert _get(port, f"/feed?token={TOKEN}", evil)[0] == 403
    status, body = _get(port, f"/view.json?token={TOKEN}")
    assert status == 200
    assert json.loads(body)["campaign"] == "Les docks"
    assert _get(port, "/broadcast/broadcast.js")[0] == 200  # the page's own code: no data
    assert _get(port, "/broadcast/../web.py")[0] == 404


def test_the_documented_relay_posts_the_story_to_a_chat(broadcast) -> None:
    """docs/examples/feed_to_chat.py against a local HTTP receiver standing for a chat's
    webhook: a note and a roll made at the table arrive as messages."""
    import importlib.util
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    path = Path(__file__).parents[2] / "docs" / "examples" / "feed_to_chat.py"
    spec = importlib.util.spec_from_file_location("feed_to_chat", path)
    assert spec is not None
    assert spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    posted: list[str] = []

    class Chat(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            size = int(self.headers["Content-Length"])
            posted.append(json.loads(self.rfile.read(size))["content"])
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    chat = HTTPServer(("127.0.0.1", 0), Chat)
    threading.Thread(target=chat.serve_forever, daemon=True).start()
    directory, port = broadcast
    feed = f"http://127.0.0.1:{port}/feed?token={TOKEN}"
    webhook = f"http://127.0.0.1:{chat.server_address[1]}/hook"
    listening = threading.Event()
    events = example.events

    def heard(*args: Any) -> Iterator[tuple[str, dict[str, Any]]]:
        for got in events(*args):
            yield got
            listening.set()  # the relay has the table's picture before the table writes

    example.events = heard
    relay = threading.Thread(
        target=example.relay, args=(feed, webhook), kwargs={"once": True}, daemon=True
    )
    relay.start()
    assert listening.wait(PATIENCE), "the relay never read the feed"
    deadline = time.monotonic() + PATIENCE
    view = json.loads(_get(port, f"/view.json?token={TOKEN}")[1])
    _cli("note", str(directory), "Un garde approche.")
    _cli(
        "roll", "resolution", "--score", "3", "--campaign", str(directory),
        "--character", "lyra", "--label", "Se cacher",
    )  # fmt: skip
    while not any("Se cacher" in message for message in posted):
        assert time.monotonic() < deadline, posted
        time.sleep(STEP)
    chat.shutdown()
    assert "Un garde approche." in posted
    assert any(message.startswith("🎲 Lyra — Se cacher: ") for message in posted), posted
    assert view["campaign"] == "Les docks"
