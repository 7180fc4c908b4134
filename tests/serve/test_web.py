"""``meneur web`` in a real browser: headless Chromium opens the page, a roll is made on
the command line, and the page's terminal shows it; a GM's roll never reaches it.

Skipped, saying why, where Chromium is not installed (Debian: ``apt install chromium``;
CI installs it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .browser import CHROMIUM, Browser, free_port

CLI = [sys.executable, "-m", "meneur.cli.main"]

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="headless Chromium is not installed (apt install chromium)"
)


def _cli(*words: str) -> None:
    done = subprocess.run([*CLI, *words], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A campaign with a character, served by ``meneur web`` on a free local port."""
    directory = tmp_path / "camp"
    env = {**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")}
    _cli("new", str(directory), "--system", "resolution", "--name", "Vranberg")
    _cli("set", str(directory), "characters.kael", '{ name = "Kael" }')
    port = free_port()
    server = subprocess.Popen(
        [*CLI, "web", str(directory), "--port", str(port), "--lang", "fr"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,  # the pages' processes go with it
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as page:
                assert page.status == 200
                break
        except OSError:
            assert server.poll() is None, "meneur web ended"
            assert time.monotonic() < deadline, "meneur web did not answer"
            time.sleep(0.1)
    try:
        yield directory, url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


async def test_the_browser_shows_a_roll_made_on_the_command_line(served, tmp_path) -> None:
    directory, url = served
    async with Browser() as browser:
        await browser.open(url + "?fontsize=18")
        assert await browser.wait_for("En attente du premier jet", 30) is not None
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(directory),
            "--character", "kael", "--label", "Escalader le mur du temple", "--seed", "9",
        )  # fmt: skip
        shown_after = await browser.wait_for("Escalader le mur du temple", 10)
        assert shown_after is not None  # measured in benchmarks/web_view.py
        text = await browser.text()
        assert "Kael" in text
        assert "de chances avant le jet" in text
        await browser.screenshot(tmp_path / "page.png")
        assert (tmp_path / "page.png").stat().st_size > 1000
        _cli(
            "roll", "resolution", "--score", "3", "--campaign", str(directory),
            "--label", "Embuscade du MJ", "--visibility", "gm", "--seed", "2",
        )  # fmt: skip
        _cli("note", str(directory), "La porte grince.")
        assert await browser.wait_for("La porte grince.", 10) is not None
        assert "Embuscade" not in await browser.text()


def test_another_address_needs_to_be_asked_for_in_so_many_words(tmp_path: Path) -> None:
    done = subprocess.run(
        [*CLI, "web", str(tmp_path), "--host", "0.0.0.0"],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "MENEUR_DATA_DIR": str(tmp_path / "data")},
    )
    assert done.returncode == 2
    assert "--allow-remote" in done.stderr
    assert "no password" in done.stderr
