"""Fixtures for driving the real app: a temporary data directory, campaigns of every
system with two characters, a fixed clock, and seeded dice."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.tui.app import MeneurApp, make_app
from tests.waiting import told_messages

SHEETS = {
    "resolution": {"elements": {"Arts martiaux": 3, "Muscles améliorés": 2, "Pilotage": 1}},
    "cosmos": {
        "stats": {
            "force": 55,
            "esprit": 40,
            "charisme": 35,
            "agilite": 62,
            "precision": 48,
            "chance": 51,
        },
        "karma": 0,
        "intuition": 4,
    },
    "traits": {"traits": {"Force": 3, "Mêlée": 4, "Agilité": 2}},
    "spherier": {"skills": ["Dressage<+3, 2>", "Bluff<+4, 3>", "Mecanique<+5, 3>"]},
    "systemj": {
        "attributes": {
            "force": 70,
            "resistance": 61,
            "agilite": 45,
            "rapidite": 38,
            "intelligence": 50,
            "personnalite": 40,
            "chance": 52,
        },
        "skills": {"Détection": 55},
    },
}


def fixed_clock() -> Callable[[], datetime]:
    """21/11/2026 from 20:00 (+01:00), a minute a call: journals read the same each run."""
    moment = [datetime(2026, 11, 21, 20, 0, tzinfo=timezone(timedelta(hours=1)))]

    def now() -> datetime:
        moment[0] += timedelta(minutes=1)
        return moment[0]

    return now


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep settings and remembered campaigns inside the test."""
    folder = tmp_path / "data"
    monkeypatch.setenv("MENEUR_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def campaign_of(data_dir: Path) -> Iterator[Callable[[str], Campaign]]:
    """Make a campaign of a system, with Kael and Lyra, in the data directory."""
    made: list[Campaign] = []

    def make(system: str) -> Campaign:
        campaign = Campaign.create(
            data_dir / "campaigns" / system,
            system=system,
            name=f"Table {system}",
            clock=fixed_clock(),
        )
        for ident, name in (("kael", "Kael"), ("lyra", "Lyra")):
            act.set_value(
                campaign,
                GM_SEAT,
                ("characters", ident),
                {"name": name, "sheet": SHEETS[system]},
                f"{name} arrive",
            )
        made.append(campaign)
        return campaign

    yield make
    for campaign in made:
        campaign.close()


@pytest.fixture
def app_of(campaign_of: Callable[[str], Campaign]) -> Callable[..., MeneurApp]:
    """The real app on a new campaign of ``system``, in French, with seeded dice."""

    def make(system: str, lang: str = "fr", seed: int = 7) -> MeneurApp:
        return make_app(campaign_of(system), lang=lang, seed=seed)

    return make


class Shown(str):
    """Text as a terminal shows it: a non-breaking space is a blank cell like any other
    (the screenshot writes every blank as U+00A0), so ``"Score\u00a0: 5" in shown``
    looks for ``"Score : 5"``. French typography is held to the strings themselves
    (``tests/content/test_typography.py``)."""

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and super().__contains__(text.replace("\xa0", " "))


def screen_text(app: MeneurApp) -> Shown:
    """What the terminal shows, as plain text lines (from the app's own screenshot)."""
    import html
    import re

    svg = app.export_screenshot()
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in re.findall(r'<text[^>]*x="([\d.]+)"[^>]*y="([\d.]+)"[^>]*>(.*?)</text>', svg):
        rows.setdefault(float(y), []).append((float(x), html.unescape(text)))
    lines = ["".join(part for _, part in sorted(parts)) for _, parts in sorted(rows.items())]
    return Shown("\n".join(line.replace("\xa0", " ") for line in lines))


def region_text(app: MeneurApp, selector: str) -> Shown:
    """The words the widget ``selector`` draws on the screen, its rows joined by spaces:
    a line it wraps reads whole, whatever the width makes it wrap."""
    from textual.geometry import Region

    widget = app.screen.query_one(selector)
    rows = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return Shown(" ".join(" ".join(row.text for row in rows).split()))


def dialog_text(app: MeneurApp) -> Shown:
    """The words of the dialog on show (the lines between its edges, drawn as ``█``), as
    one line: a sentence the dialog wraps reads whole. A word the dialog cuts at its edge
    (a long folder) is read with a space where it was cut."""
    inside = [
        part.strip() for line in screen_text(app).splitlines() for part in line.split("█")[1:-1]
    ]
    return Shown(" ".join(" ".join(inside).split()))


def notices(app: MeneurApp) -> str:
    """What the app told its player in a corner, joined by ``|``."""
    return told_messages(app, " | ")


def empty_cosmos_campaign(data_dir: Path, **options: object) -> Campaign:
    """A Great Cosmos campaign with nobody in it yet (for the creation wizard)."""
    return Campaign.create(
        data_dir / "campaigns" / "cosmos",
        system="cosmos",
        name="Table cosmos",
        clock=fixed_clock(),
        options=options or None,
    )
