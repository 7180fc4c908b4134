"""The README's picture of the table, made from the app itself, so it cannot drift.

    .venv/bin/python docs/readme_capture.py          # rewrite the picture in README.md
    .venv/bin/python docs/readme_capture.py --check  # exit 1 if README.md differs

The app runs headless at 110×30 on a first-run campaign (Résoudre une action, with
Razors), in French, on seed 7, and makes the roll the README describes: *Ardue*, one
element, the *Instable* alteration. The screen is read back column for column from the
app's own screenshot and written between the README's ``capture:table`` markers.
"""

from __future__ import annotations

import asyncio
import html
import re
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
START = "<!-- capture:table (made by docs/readme_capture.py: do not edit by hand) -->\n```\n"
END = "```\n<!-- /capture:table -->"
SIZE = (110, 30)
CELL_WIDTH = 12.2
"""The width of one cell in Textual's SVG screenshots (its x coordinates are multiples)."""


def screen_lines(svg: str, width: int) -> list[str]:
    """The terminal's text from a Textual SVG screenshot, each character in its column."""
    rows: dict[int, list[str]] = {}
    pattern = re.compile(
        r'<text[^>]*x="([\d.]+)"[^>]*clip-path="url\(#[\w-]+-line-(\d+)\)"[^>]*>(.*?)</text>'
    )
    for x, row, text in pattern.findall(svg):
        line = rows.setdefault(int(row), [" "] * width)
        column = round(float(x) / CELL_WIDTH)
        for offset, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            if column + offset < width:
                line[column + offset] = char
    return ["".join(rows[row]).rstrip() for row in sorted(rows)]


async def capture() -> str:
    """The table just after the README's roll, as text."""
    from meneur.content.strings import strings
    from meneur.tui.app import make_app
    from meneur.tui.session import create_default
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
            await pilot.pause()
            await pilot.pause(0.3)  # the key bar settles after its burst of changes
            lines = screen_lines(app.export_screenshot(), SIZE[0])
        campaign.close()
    return "\n".join(lines) + "\n"


def updated(readme: str, picture: str) -> str:
    """The README with ``picture`` between its markers."""
    start = readme.index(START) + len(START)
    end = readme.index(END, start)
    return readme[:start] + picture + readme[end:]


def main() -> int:
    readme = README.read_text(encoding="utf-8")
    fresh = updated(readme, asyncio.run(capture()))
    if "--check" in sys.argv[1:]:
        if fresh != readme:
            print("README.md's picture of the table is out of date: run docs/readme_capture.py")
            return 1
        return 0
    README.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
