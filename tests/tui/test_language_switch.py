"""The app's language switch: from the palette, every screen speaks the other language
at once — the table, its keys, the journal's words for what meneur wrote — and the
choice is remembered for the next start (and the command line's default)."""

from __future__ import annotations

from meneur.core.table_rules import GM_SEAT
from meneur.play import act, settings
from meneur.play.campaigns import Campaign, Worded
from meneur.tui.app import make_app

from .conftest import screen_text


async def test_the_app_switches_language_and_remembers_it(campaign_of) -> None:
    campaign = campaign_of("resolution")
    app = make_app(campaign, lang="fr", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        with Campaign.open(campaign.directory) as other:  # another writer: the CLI
            act.change(other, GM_SEAT, Worded("solo.end_entry_yes", {"before": 4, "after": 3}))
        app.follow_now()
        await pilot.pause()
        french = screen_text(app)
        assert "Fin de scène, à l'avantage des" in french
        assert "Quitter" in french
        app.action_language()
        await pilot.pause()
        await pilot.pause()
        english = screen_text(app)
        assert "End of the scene, the" in english
        assert "characters' way: tension 4 → 3" in english
        assert "Personnage" not in english
        assert "Quit" in english
        assert "Fin de scène" not in english
        assert "Quitter" not in english
    assert settings.language() == "en"
    again = make_app(campaign_of("cosmos"), seed=7)  # no language asked: the one chosen
    assert again.session.strings.lang == "en"
