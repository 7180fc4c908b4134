"""``meneur web`` in a real browser: headless Chromium opens the page, a roll is made on
the command line, and the page's terminal shows it; a GM's roll never reaches it.

Skipped, saying why, where Chromium is not installed (Debian: ``apt install chromium``;
CI installs it)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.waiting import PATIENCE, STEP

from .browser import CHROMIUM, Browser, free_port

CLI = [sys.executable, "-m", "meneur.cli.main"]
TOKEN = "qz-test-token-of-thirty-two-chars"

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        CHROMIUM is None, reason="headless Chromium is not installed (apt install chromium)"
    ),
]


def _cli(*words: str) -> None:
    done = subprocess.run([*CLI, *words], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr


def _answers(url: str, server: subprocess.Popen[bytes]) -> bool:
    """Whether the server at ``url`` answers (False when it ended first)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            with urllib.request.urlopen(url, timeout=PATIENCE) as page:
                assert page.status == 200
                return True
        except OSError:
            if server.poll() is not None:
                return False
            assert time.monotonic() < deadline, "meneur web did not answer"
            time.sleep(STEP)


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A campaign with a character, served by ``meneur web`` on a free local port."""
    directory = tmp_path / "camp"
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data"), "MENEUR_WEB_TOKEN": TOKEN}
    _cli("new", str(directory), "--system", "resolution", "--name", "Vranberg")
    _cli("set", str(directory), "characters.kael", '{ name = "Kael" }')
    with web_server(directory, env, "--max-pages", "2") as port:
        yield directory, f"http://127.0.0.1:{port}/?token={TOKEN}"


@contextlib.contextmanager
def web_server(directory: Path, env: dict[str, str], *words: str) -> Iterator[int]:
    """``meneur web`` on ``directory`` (in French, with ``words``) on a free local port,
    stopped with its pages' processes on exit; the port."""
    # A port free now may be taken before the server listens (tests run side by side):
    # then the server ends at once, and another port is tried.
    for _ in range(5):
        port = free_port()
        server = subprocess.Popen(
            [*CLI, "web", str(directory), "--port", str(port), "--lang", "fr", *words],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # the pages' processes go with it
        )
        if _answers(f"http://127.0.0.1:{port}/?token={TOKEN}", server):
            break
    else:
        raise AssertionError("meneur web never answered")
    try:
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(PATIENCE)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


async def test_the_browser_shows_a_roll_made_on_the_command_line(served, tmp_path) -> None:
    directory, url = served
    async with Browser() as browser:
        await browser.open(url + "&fontsize=18")
        assert await browser.wait_for("En attente du premier jet", PATIENCE) is not None
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(directory),
            "--character", "kael", "--label", "Escalader le mur du temple", "--seed", "9",
        )  # fmt: skip
        # The roll reaches the page in several frames: each thing read is waited for.
        for words in ("Escalader le mur du temple", "Kael", "de chances avant le jet"):
            assert await browser.wait_for(words, PATIENCE) is not None, words
        await browser.screenshot(tmp_path / "page.png")
        assert (tmp_path / "page.png").stat().st_size > 1000
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(directory),
            "--label", "Embuscade du MJ", "--visibility", "gm", "--seed", "2",
        )  # fmt: skip
        _cli("note", str(directory), "La porte grince.")
        assert await browser.wait_for("La porte grince.", PATIENCE) is not None
        assert "Embuscade" not in await browser.text()


def _web_at_once(tmp_path: Path, *words: str) -> subprocess.CompletedProcess[str]:
    """``meneur web`` on ``tmp_path`` with ``words``, refused before it serves."""
    return subprocess.run(
        [*CLI, "web", str(tmp_path), *words],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        env={**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")},
    )


def test_another_address_needs_to_be_asked_for_in_so_many_words(tmp_path: Path) -> None:
    done = _web_at_once(tmp_path, "--host", "0.0.0.0")
    assert done.returncode == 2
    assert "--allow-remote" in done.stderr
    assert "token" in done.stderr


async def test_without_its_token_or_from_another_site_nothing_is_served(served) -> None:
    # Leaked: any page of any site could open the view's WebSocket and receive the
    # campaign, and any number of pages could.
    import aiohttp

    _, url = served
    base = url.split("?", 1)[0]
    socket = base.replace("http://", "ws://") + f"ws/{TOKEN}?width=80&height=24"
    own = base.rstrip("/")
    async with aiohttp.ClientSession() as session:
        for page in (base, base + "?token=wrong-token-of-enough-length"):
            async with session.get(page) as answer:
                assert answer.status == 403
        wrong = base.replace("http://", "ws://") + "ws/wrong-token-of-enough-length"
        for address, origin in ((wrong, own), (socket, "http://evil.example.com"), (socket, "")):
            headers = {"Origin": origin} if origin else {}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(address, headers=headers)
            assert refused.value.status == 403
        # The page's own Origin is served, up to --max-pages at once.
        first = await session.ws_connect(socket, headers={"Origin": own})
        second = await session.ws_connect(socket, headers={"Origin": own})
        with pytest.raises(aiohttp.WSServerHandshakeError) as full:
            await session.ws_connect(socket, headers={"Origin": own})
        assert full.value.status == 503
        await first.close()
        await second.close()


def test_a_background_that_is_not_a_colour_is_refused(tmp_path: Path) -> None:
    done = _web_at_once(tmp_path, "--background", "notacolour")
    assert done.returncode == 2
    assert done.stderr == "meneur web: error: --background: “notacolour” is not a colour\n"


async def test_a_transparent_background_lets_the_scene_show_through(tmp_path: Path) -> None:
    """Was: the page's body stayed opaque, and so did every cell. With --background
    transparent, what is under the page (here magenta, as an OBS scene would be) shows
    through everywhere but the words and borders."""
    from .browser import png_pixels

    directory = tmp_path / "camp"
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data"), "MENEUR_WEB_TOKEN": TOKEN}
    _cli("new", str(directory), "--system", "resolution", "--name", "Vranberg")
    _cli("roll", "dice", "3d6", "--campaign", str(directory), "--seed", "1")
    for _ in range(5):
        port = free_port()
        server = subprocess.Popen(
            [*CLI, "web", str(directory), "--port", str(port), "--lang", "fr",
             "--background", "transparent"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
            start_new_session=True,
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}/?token={TOKEN}"
        if _answers(url, server):
            break
    else:
        raise AssertionError("meneur web never answered")
    try:
        async with Browser(640, 360) as browser:
            magenta = {"r": 255, "g": 0, "b": 255, "a": 1}
            await browser.call("Emulation.setDefaultBackgroundColorOverride", color=magenta)
            await browser.open(url)
            assert await browser.wait_for("3d6", PATIENCE) is not None
            shot = tmp_path / "page.png"
            await browser.screenshot(shot)
            width, _height, rows = png_pixels(shot.read_bytes())
            step = len(rows[0]) // width
            pixels = [row[x : x + 3] for row in rows for x in range(0, len(row), step)]
            shown = sum(pixel == b"\xff\x00\xff" for pixel in pixels) / len(pixels)
            assert shown > 0.8, f"only {shown:.0%} of the page lets the scene through"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(PATIENCE)


def test_serving_the_gm_s_view_says_what_it_shows(tmp_path: Path) -> None:
    """Was: --role gm served every secret to whoever reached the port, without a word."""
    directory = tmp_path / "camp"
    _cli("new", str(directory), "--system", "resolution")
    server = subprocess.Popen(
        [*CLI, "web", str(directory), "--port", str(free_port()), "--role", "gm"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")},
        start_new_session=True,
    )  # fmt: skip
    try:
        assert server.stderr is not None
        said = server.stderr.readline()
        assert "--role gm shows everything, secrets included" in said
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(PATIENCE)
