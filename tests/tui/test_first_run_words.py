"""The first run in the reader's language: the sample character's sheet in their words,
and a refusal said as a sentence for a player (no "Cannot:", no folder's path)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.tui.app import make_app, open_campaign
from meneur.tui.widgets.command_line import CommandLine
from tests.waiting import until_app

from .conftest import fixed_clock, notices, screen_text

ELEMENTS = {
    "en": {"Martial arts": 3, "Enhanced muscles": 2, "Cyber-samurai": 2},
    "fr": {"Arts martiaux": 3, "Muscles améliorés": 2, "Cyber-samouraï": 2},
}
TOO_LONG = {
    "en": "A note or label holds at most 20,000 characters, this one 20,001; nothing was"
    " written (split it into several notes).",
    "fr": "Une note ou une étiquette tient en 20\u202f000 caractères au plus, celle-ci en a"
    " 20\u202f001"
    "\u00a0; rien n'a été écrit (coupez-la en plusieurs notes).",
}


@pytest.mark.parametrize("lang", ["en", "fr"])
async def test_the_first_run_speaks_the_readers_language_sample_and_refusals(
    data_dir: Path, lang: str
) -> None:
    campaign = open_campaign(None, lang, fixed_clock())
    razors = campaign.state["characters"]["razors"]
    assert razors["sheet"]["elements"] == ELEMENTS[lang]
    other = ELEMENTS["fr" if lang == "en" else "en"]
    app = make_app(campaign, lang=lang, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        first = next(iter(ELEMENTS[lang]))
        assert f"{first} (3)" in text
        assert next(iter(other)) not in text
        before = campaign.journal.last_id
        line = app.screen.query_one(CommandLine)
        line.focus()
        line.value = "x" * 20_001
        await pilot.press("enter")
        await until_app(pilot, lambda: notices(app) != "", "the refusal")
        assert notices(app) == TOO_LONG[lang]
        assert str(campaign.directory) not in notices(app)
        assert campaign.journal.last_id == before
