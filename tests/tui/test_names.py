"""The rule of names in the app: a title or a name pasted with a control character (or
a line break) is refused in its dialog, in the player's language, the dialog kept open
to mend it; nothing is written until it is mended."""

from __future__ import annotations

from textual import events
from textual.widgets import Input, OptionList, Static

from meneur.tui.screens.dialogs import TextDialog
from tests.waiting import until_app

from .conftest import dialog_text

REFUSED = "tient sur une ligne, sans caractère de contrôle (les tabulations sont admises)"


async def _paste(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    field = pilot.app.screen.query_one("#dialog-input", Input)
    field.post_message(events.Paste(text))
    await until_app(pilot, lambda: field.value == text)


async def test_a_scene_title_with_a_control_character_is_refused_in_its_dialog(app_of) -> None:
    app = app_of("traits")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = journal.last_id
        app.screen.scenes.action_new_scene()
        await until_app(pilot, lambda: isinstance(app.screen, TextDialog))
        await _paste(pilot, "Le col\x1b[2J")
        await pilot.press("enter")
        error = app.screen.query_one("#dialog-error", Static)
        await until_app(pilot, lambda: REFUSED in str(error.render()))
        assert isinstance(app.screen, TextDialog)  # still open, to mend the title
        said = dialog_text(app)
        assert "Le titre de la scène " + REFUSED in said
        assert "le caractère 7 est un caractère de contrôle (␛)" in said
        assert journal.last_id == before
        field = app.screen.query_one("#dialog-input", Input)
        field.value = "Le col"
        await pilot.press("enter")
        await until_app(pilot, lambda: journal.last_id == before + 1)
        scene = journal.latest(1)[0]
        assert (scene.kind, scene.text) == ("scene", "Le col")


async def test_a_clocks_name_with_a_bell_is_refused_in_its_dialog(app_of) -> None:
    app = app_of("traits")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.story.action_story_new_tracker("clock")
        await until_app(pilot, lambda: isinstance(app.screen, TextDialog))
        await _paste(pilot, "Les\x07loups")
        await pilot.press("enter")
        error = app.screen.query_one("#dialog-error", Static)
        await until_app(pilot, lambda: REFUSED in str(error.render()))
        assert "Le nom de l'horloge " + REFUSED in dialog_text(app)
        assert "le caractère 4 est un caractère de contrôle (␇)" in dialog_text(app)
        app.screen.query_one("#dialog-input", Input).value = "Les loups"
        await pilot.press("enter")  # then its segments: 4, the first choice
        await until_app(pilot, lambda: isinstance(app.screen.focused, OptionList))
        await pilot.press("enter")
        await until_app(pilot, lambda: "les_loups" in campaign.state["trackers"])
        assert campaign.state["trackers"]["les_loups"]["name"] == "Les loups"


async def test_a_new_campaigns_name_is_refused_before_anything_is_made(app_of, data_dir) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await until_app(pilot, lambda: app.screen.query("#new-name"))
        app.screen.query_one("#new-name", Input).value = "Les\x1bOmbres"
        app.screen.query_one("#create-campaign").press()
        problem = app.screen.query_one("#campaign-problem", Static)
        await until_app(pilot, lambda: REFUSED in str(problem.render()))
        assert "Le nom de la campagne " + REFUSED in str(problem.render())
        assert not (data_dir / "campaigns" / "les-ombres").exists()
        assert app.session.campaign.name != "Les\x1bOmbres"
