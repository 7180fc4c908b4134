"""The README's screenshot of the table, made by the app itself, so it cannot drift.

    .venv/bin/python docs/screenshot.py          # rewrite docs/images/table.svg
    .venv/bin/python docs/screenshot.py --check  # exit 1 if it is out of date

The app runs headless at 110×30 on a first-run campaign (Résoudre une action, with
Razors), in French, on seed 7 and a fixed clock, and makes the roll the README describes:
*Ardue*, one element, the *Instable* alteration. The picture is the app's own SVG
screenshot (what ``ctrl+p`` → *Capture d'écran* saves).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

PICTURE = Path(__file__).resolve().parent / "images" / "table.svg"
SIZE = (110, 30)
PATIENCE = 60.0
"""Seconds the picture may take to settle before the script gives up."""


async def _settled(pilot: Any) -> str:
    """The screenshot once three taken a moment apart agree (a layout asked for "after
    the next refresh" may still be on its way after one)."""
    await pilot.pause()
    picture, agreeing = pilot.app.export_screenshot(title="meneur"), 0
    deadline = time.monotonic() + PATIENCE
    while agreeing < 2:
        if time.monotonic() > deadline:
            raise RuntimeError("the screen kept changing")
        await pilot.pause(0.05)
        again = pilot.app.export_screenshot(title="meneur")
        agreeing = agreeing + 1 if again == picture else 0
        picture = again
    return str(picture)


async def capture() -> str:
    """The table just after the README's roll, as an SVG."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from meneur.content.strings import strings
    from meneur.play.session import create_default
    from meneur.tui.app import make_app
    from meneur.tui.widgets.selector import StepSelector

    moment = [datetime(2026, 11, 21, 20, 0, tzinfo=timezone(timedelta(hours=1)))]

    def clock() -> datetime:
        moment[0] += timedelta(minutes=1)
        return moment[0]

    with tempfile.TemporaryDirectory() as folder:
        campaign = create_default(Path(folder) / "campagne", strings("fr"), clock)
        app = make_app(campaign, lang="fr", seed=7)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.screen.query_one("#intrinsic", StepSelector).value = "ardue"
            app.screen.query_one("#alteration", StepSelector).value = "instable"
            await pilot.pause()
            await pilot.press("r")
            picture = await _settled(pilot)
        campaign.close()
    return picture


def main() -> int:
    picture = asyncio.run(capture())
    if "--check" in sys.argv[1:]:
        current = PICTURE.read_text(encoding="utf-8") if PICTURE.exists() else ""
        if current != picture:
            print("docs/images/table.svg is out of date: run docs/screenshot.py")
            return 1
        return 0
    PICTURE.parent.mkdir(parents=True, exist_ok=True)
    PICTURE.write_text(picture, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
