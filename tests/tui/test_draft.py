"""A new character in the four systems without a wizard (ctrl+n): the system's sheet as
a draft, each line checked by the core as it is typed, derived values forming, written
as one journal entry (one undo) only when created; Escape writes nothing."""

from __future__ import annotations

import re

import pytest

from meneur.tui.screens.draft import DraftScreen

from .conftest import screen_text


async def _type(pilot, text: str) -> None:
    await pilot.press("ctrl+u")
    for key in text:
        await pilot.press("space" if key == " " else key)
    await pilot.press("enter")
    await pilot.pause()


def _row(screen: DraftScreen, key: str, item: str | None = None) -> int:
    return next(
        i
        for i, row in enumerate(screen.rows)
        if row is not None and row.field.key == key and (item is None or row.item == item)
    )


async def _edit(pilot, screen: DraftScreen, key: str, text: str, item: str | None = None) -> None:
    screen.query_one("#sheet-rows").highlighted = _row(screen, key, item)
    await pilot.pause()
    screen.action_edit()
    await pilot.pause()
    await _type(pilot, text)


async def test_a_traits_character_forms_and_is_one_entry(app_of) -> None:
    app = app_of("traits")
    campaign = app.session.campaign
    before = campaign.journal.last_id
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await _type(pilot, "Mira")  # the name is asked first
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        await _edit(pilot, screen, "traits", "Vigueur 3", "Vigueur")
        await _edit(pilot, screen, "traits", "Mêlée 4", "Agilité")
        text = screen_text(app)
        assert "Nouveau personnage : Mira" in text
        assert re.search(r"Endurance +2", text)  # ceil(3 / 2)
        assert "(toughness)" not in text
        await _edit(pilot, screen, "traits", "Vigueur 99", "Vigueur")
        assert "Vigueur" in screen_text(app)  # the dialog says why, and stays
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert screen.draft["sheet"]["traits"]["Vigueur"] == 3  # refused by the rules
        assert campaign.journal.last_id == before  # nothing written while drafting
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, DraftScreen)
        entry = campaign.journal.latest(1)[0]
        assert entry.id == before + 1
        assert entry.text == "Création de Mira"
        mira = campaign.state["characters"]["mira"]
        assert mira["name"] == "Mira"
        assert mira["sheet"]["traits"]["Vigueur"] == 3
        assert app.screen.acting == "mira"
        app.screen.action_undo()
        await pilot.pause()
        assert "mira" not in campaign.state["characters"]


async def test_escape_drops_the_draft_and_a_name_is_needed(app_of) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    before = campaign.journal.last_id
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press("escape")  # no name given
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DraftScreen) or "Nom" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, DraftScreen)
        assert campaign.journal.last_id == before


@pytest.mark.parametrize(
    ("system", "key", "typed", "item", "stored"),
    [
        ("resolution", "elements", "Épée 2", None, {"Épée": 2}),
        ("spherier", "skills", "Bluff<+4, 3>", None, ["Bluff<+4, 3>"]),
        ("systemj", "attributes.force", "60", None, 60),
    ],
)
async def test_every_system_drafts_its_own_sheet(app_of, system, key, typed, item, stored) -> None:
    app = app_of(system)
    async with app.run_test(size=(110, 50)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await _type(pilot, "Nouvelle")
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        await _edit(pilot, screen, key, typed, item)
        sheet = screen.draft["sheet"]
        value = sheet["attributes"]["force"] if "." in key else sheet.get(key)
        assert value == stored
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "nouvelle" in app.session.campaign.state["characters"]
