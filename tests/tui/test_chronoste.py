"""The Chronoste in the app: the in-game time in the title, advanced from the palette's
command, one journal entry, every later entry carrying it."""

from __future__ import annotations

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from tests.waiting import told_messages

from .conftest import screen_text


async def test_time_passes_from_the_app_and_entries_carry_it(app_of) -> None:
    app = app_of("systemj")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "chronoste"), True)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert "1 Janvier 1, 00:00" in screen_text(app)  # in the title
        app.screen.scenes.action_time()
        await pilot.pause()
        for key in "+2h":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        assert entry.text == "Le temps passe (+2h)\u00a0: 1 Janvier 1, 02:00"
        assert entry.game_time == "1 Janvier 1, 02:00"
        assert "1 Janvier 1, 02:00" in screen_text(app)
        act.note(campaign, GM_SEAT, "Arrivée au col")
        assert campaign.journal.latest(1)[0].game_time == "1 Janvier 1, 02:00"
        app.screen.scenes.action_time()
        await pilot.pause()
        for key in "nuit":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert "1 Janvier 1, 20:00" in screen_text(app)


async def test_without_the_chronoste_entries_carry_no_game_time(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        act.note(campaign, GM_SEAT, "Rien")
        assert campaign.journal.latest(1)[0].game_time is None
        app.screen.scenes.action_time()
        await pilot.pause()
        assert "Chronoste n'est pas activé" in told_messages(app, " ")
