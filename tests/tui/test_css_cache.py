"""The parsed CSS kept between runs: a second start parses nothing and looks the same;
a cache that is not the user's own, or does not read back, is never used."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meneur.play import settings
from meneur.saves.campaign import Campaign
from meneur.saves.locations import cache_dir
from meneur.tui import css_cache
from meneur.tui.app import make_app
from tests.tui.conftest import screen_text
from tests.waiting import steady, until_async

KEEPS: list[int] = []
"""How many times the running app asked for the cache to be kept."""


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache directory of the test's own: the suite's other apps, in other processes,
    keep their CSS in the suite's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture
def fresh_process(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Make the cache's state a new process's, reading the cache file anew; counts the
    texts Textual itself parses in ``parsed``, and the app's calls to keep them."""
    parsed: list[str] = []
    textual_parse = css_cache._parse_rules
    keep = css_cache.keep

    def counted(self: Any, css: str, *args: Any) -> Any:
        parsed.append(css)
        return textual_parse(self, css, *args)

    def kept() -> None:
        KEEPS.append(1)
        keep()

    monkeypatch.setattr(css_cache, "_parse_rules", counted)
    monkeypatch.setattr(css_cache, "keep", kept)

    def restart() -> None:
        parsed.clear()
        KEEPS.clear()
        monkeypatch.setattr(css_cache, "_kept", css_cache._read())
        monkeypatch.setattr(css_cache, "_used", {})
        monkeypatch.setattr(css_cache, "_fresh", False)
        monkeypatch.setattr(css_cache, "_variables_seen", (None, ""))

    restart.parsed = parsed  # type: ignore[attr-defined]
    return restart


def written() -> bool:
    """Whether the cache file holds what this run used, no more and no less."""
    on_disk = {fingerprint: set(rules) for fingerprint, rules in css_cache._read().items()}
    return on_disk == css_cache._used


async def started(campaign: Campaign, theme: str = "") -> str:
    """What the table shows once started, colours included (its screenshot), and
    start-up's CSS kept (both calls to keep it made, the second a while after the first
    frame, and the file written)."""
    app = make_app(campaign, lang="fr", seed=7)
    if theme:
        app.theme = theme
    async with app.run_test(size=(120, 40)) as pilot:
        await steady(pilot)
        assert "Lancer" in screen_text(app)
        shown = app.export_screenshot()
        await until_async(lambda: len(KEEPS) == 2 and not css_cache._fresh and written())
    return shown


async def test_a_second_start_parses_no_css_and_shows_the_same(
    campaign_of: Callable[[str], Campaign], fresh_process: Any
) -> None:
    (cache_dir() / css_cache.CACHE_FILE).unlink(missing_ok=True)
    fresh_process()
    campaign = campaign_of("resolution")
    first = await started(campaign)
    assert fresh_process.parsed  # the first start parses (app.tcss among the rest)

    fresh_process()
    second = await started(campaign)
    assert fresh_process.parsed == []
    assert second == first


async def test_another_theme_is_parsed_then_kept_instead(
    campaign_of: Callable[[str], Campaign], fresh_process: Any
) -> None:
    campaign = campaign_of("resolution")
    fresh_process()
    default = await started(campaign)
    fresh_process()
    nord = await started(campaign, "nord")
    assert fresh_process.parsed  # other variables: parsed again
    assert nord != default
    # What the last start used is kept: the theme now used, not the one before.
    assert len(css_cache._read()) == 1
    fresh_process()
    assert await started(campaign, "nord") == nord
    assert fresh_process.parsed == []


def write_cache(content: bytes, mode: int) -> Path:
    folder = cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / css_cache.CACHE_FILE
    path.unlink(missing_ok=True)
    path.write_bytes(content)
    path.chmod(mode)
    return path


class Runs:
    """A pickle that, read, would create the file it names."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


def test_a_cache_others_may_write_is_never_read(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    write_cache(pickle.dumps({"x": Runs(marker)}), 0o666)
    assert settings.cached(css_cache.CACHE_FILE) is None
    assert css_cache._read() == {}
    assert not marker.exists()
    # Written again, it is made anew, the user's alone (a replaced file would keep its
    # permissions, and never be read again).
    assert settings.cache(css_cache.CACHE_FILE, pickle.dumps({}))
    assert (cache_dir() / css_cache.CACHE_FILE).stat().st_mode & 0o022 == 0
    assert settings.cached(css_cache.CACHE_FILE) == pickle.dumps({})


def test_a_cache_through_a_link_or_not_a_file_is_never_read(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_bytes(pickle.dumps({}))
    path = write_cache(b"", 0o600)
    path.unlink()
    path.symlink_to(target)
    assert settings.cached(css_cache.CACHE_FILE) is None
    path.unlink()
    os.mkfifo(path, 0o600)
    assert settings.cached(css_cache.CACHE_FILE) is None  # and did not wait on the FIFO
    path.unlink()


@pytest.mark.parametrize(
    "content",
    [b"", b"not a pickle", pickle.dumps(["a list"]), pickle.dumps({1: {}}), b"\x80\x05\x95"],
)
def test_a_cache_that_does_not_read_back_is_parsed_anew(content: bytes) -> None:
    write_cache(content, 0o600)
    assert css_cache._read() == {}
