"""The headless Chromium the tests start leaves nothing behind: it writes in a folder of
its own under the suite's home — never in the home it was started from — and once closed
no process of it runs and its folder is gone.

Skipped, saying why, where Chromium is not installed."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from pathlib import Path

import pytest

from tests.isolation import HOME_VARIABLES
from tests.waiting import PATIENCE, STEP

from .browser import CHROMIUM, Browser, group_alive

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        CHROMIUM is None, reason="headless Chromium is not installed (apt install chromium)"
    ),
]


async def _shown(browser: Browser, text: str) -> None:
    """Wait until the page's body reads ``text`` (it may still be loading, or between
    two documents, when first asked)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        with contextlib.suppress(RuntimeError):  # no document to ask, for a moment
            if await browser.evaluate("document.body && document.body.innerText") == text:
                return
        assert time.monotonic() < deadline, f"the page never read {text!r}"
        await asyncio.sleep(STEP)


def _everything_under(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


async def test_a_browser_writes_only_in_its_own_folder_and_removes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The home it is started from: Chromium, left to itself, makes its crash reports in
    # ~/.config/chromium and dconf's file in ~/.cache/dconf (or the runtime folder).
    home = tmp_path / "home"
    for variable, folder in {
        "HOME": home,
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_STATE_HOME": home / ".local" / "state",
        "XDG_RUNTIME_DIR": tmp_path / "run",
        "TMPDIR": tmp_path / "tmp",
    }.items():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        monkeypatch.setenv(variable, str(folder))
    assert set(HOME_VARIABLES) <= set(os.environ)
    before = _everything_under(tmp_path)
    async with Browser() as browser:
        await browser.open("data:text/html;charset=utf-8,<p>Le col est fermé</p>")
        await _shown(browser, "Le col est fermé")
        folder, group = browser.folder, browser.process.pid
        assert folder.is_relative_to(os.environ["MENEUR_SUITE_HOME"])
        assert (browser.profile / "DevToolsActivePort").exists()  # its profile, in it
    assert not group_alive(group)
    assert not folder.exists()
    assert _everything_under(tmp_path) == before
