"""The story beside the party and its commands (solo play): threads and people added,
closed and picked at random, clocks and tracks made and moved forward, a clock asked of
the oracle — each one journal entry that undo takes back; a player never sees the GM's
clocks."""

from __future__ import annotations

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.session import Session

from .conftest import Shown, screen_text


def latest(app):
    return app.session.campaign.journal.latest(1)[0]


async def _type(pilot, text: str) -> None:
    for key in text:
        await pilot.press("space" if key == " " else key)
    await pilot.press("enter")
    await pilot.pause()


async def test_threads_and_people_are_added_shown_picked_and_closed(app_of) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#story").display  # nothing yet: no room taken
        app.screen.story.action_story_add("threads")
        await pilot.pause()
        await _type(pilot, "Le col")
        assert latest(app).text == "Fil\u00a0: Le col"
        app.screen.story.action_story_add("people")
        await pilot.pause()
        await _type(pilot, "Alix")
        text = screen_text(app)
        assert "Récit" in text
        assert "• Le col" in text
        assert "• Alix" in text
        app.screen.story.action_story_random("people")
        await pilot.pause()
        assert latest(app).roll["text"] == "Alix"
        app.screen.story.action_story_progress()
        await pilot.pause()
        await pilot.press("enter")  # the first: the thread
        await pilot.pause()
        assert "• Le col 1/10" in screen_text(app)
        app.screen.story.action_story_close()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert latest(app).text == "Fil refermé\u00a0: Le col"
        assert "• Le col" not in screen_text(app)
        app.screen.action_undo()
        await pilot.pause()
        assert "• Le col 1/10" in screen_text(app)
        assert campaign.state["lists"]["threads"] == [{"name": "Le col", "progress": 1}]


async def test_clocks_and_tracks_fill_and_the_oracle_asks_for_a_clock(app_of) -> None:
    app = app_of("traits")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.story.action_story_new_tracker("clock")
        await pilot.pause()
        await _type(pilot, "Les loups")
        await pilot.press("enter")  # 4 segments, the first choice
        await pilot.pause()
        assert campaign.state["trackers"]["les_loups"] == {
            "name": "Les loups", "kind": "clock", "value": 0, "max": 4,
        }  # fmt: skip
        assert "○○○○ 0/4" in screen_text(app)
        app.screen.story.action_story_new_tracker("track")
        await pilot.pause()
        await _type(pilot, "Le col")
        await pilot.press("enter")  # simple: 3 boxes a mark
        await pilot.pause()
        app.screen.story.action_story_progress()
        await pilot.pause()
        await pilot.press("down", "enter")  # the track, after the clock
        await pilot.pause()
        assert "■■■□□□□□□□" in screen_text(app)
        app.screen.story.action_story_ask_clock()
        await pilot.pause()
        await pilot.press("enter")  # the clock
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")  # very likely
        await pilot.pause()
        entry = latest(app)
        assert entry.roll["inputs"]["likelihood"] == 5
        filled = {"yes_and": 2, "yes_but": 1}.get(entry.roll["outcome"], 0)
        assert campaign.state["trackers"]["les_loups"]["value"] == filled
        assert entry.text.startswith("Les loups avance-t-elle\u00a0?")


async def test_a_player_never_sees_the_gms_clock(campaign_of) -> None:
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import GM_SEAT, Seat
    from meneur.play import act
    from meneur.play.presence import Presence
    from meneur.saves.campaign import Campaign
    from meneur.tui.app import MeneurApp

    campaign = campaign_of("resolution")
    act.set_value(
        campaign,
        GM_SEAT,
        ("trackers", "secret"),
        {"name": "Le traître", "kind": "clock", "value": 1, "max": 6, "gm": True},
    )
    act.set_value(
        campaign,
        GM_SEAT,
        ("trackers", "open"),
        {"name": "La tempête", "kind": "clock", "value": 2, "max": 4},
    )
    seat = Seat("player", "ana", frozenset({"kael"}))
    session = Session(
        Campaign.open(campaign.directory), strings("fr"), random.Random(3), seat=seat,
        presence=Presence(), remote=True,
    )  # fmt: skip
    app = MeneurApp(session)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "La tempête" in text
        assert "●●○○ 2/4" in text
        assert "Le traître" not in text


async def test_a_thread_is_renamed_weighted_and_reopened(app_of) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("lists", "threads"), [{"name": "Le col", "closed": True}])

    async def edit(*keys: str) -> None:
        app.screen.story.action_story_edit()
        await pilot.pause()
        await pilot.press("enter")  # the thread
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()

    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await edit("enter", "end")  # rename: the name is there, selected
        await _type(pilot, " du Nord")
        await edit("down", "down", "enter", "down", "enter")  # weight 2
        await edit("down", "down", "down", "enter")  # reopen
        assert campaign.state["lists"]["threads"] == [{"name": "Le col du Nord", "weight": 2}]
        # Said as meneur thread says it (it read "Le col du Nord : Rouvrir").
        assert latest(app).text == "Fil rouvert\u00a0: Le col du Nord"
        assert latest(app).words == {"key": "story.reopened_thread", "name": "Le col du Nord"}
        assert "• Le col du Nord" in screen_text(app)


async def test_at_a_shared_table_the_gm_may_keep_a_clock_to_themself(campaign_of) -> None:
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import Seat
    from meneur.play.presence import Presence
    from meneur.saves.campaign import Campaign
    from meneur.tui.app import MeneurApp

    campaign = campaign_of("resolution")
    session = Session(
        Campaign.open(campaign.directory), strings("fr"), random.Random(3),
        seat=Seat("gm", "gm"), presence=Presence(),
    )  # fmt: skip
    app = MeneurApp(session)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.story.action_story_new_tracker("clock")
        await pilot.pause()
        await _type(pilot, "Le traître")
        await pilot.press("enter")  # 4 segments
        await pilot.pause()
        await pilot.press("down", "enter")  # the GM alone
        await pilot.pause()
        tracker = session.campaign.state["trackers"]["le_traitre"]
        assert tracker["gm"] is True
        assert tracker["max"] == 4


async def test_a_solo_players_no_about_a_gm_clock_reaches_no_audience(app_of) -> None:
    """Play-tested: a GM-only clock showed on "no" answers (the clock did not move, so
    its entry was written public). Asked from the solo player's app until the oracle says
    no, the answer is on their screen and nowhere in the audience's view."""
    from meneur.content.strings import strings
    from meneur.core.table_rules import GM_SEAT
    from meneur.core.visibility import AUDIENCE
    from meneur.play import act
    from meneur.saves.campaign import Campaign
    from meneur.tui.watch import WatchApp

    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.set_value(
        campaign,
        GM_SEAT,
        ("trackers", "embuscade"),
        {"name": "Embuscade", "kind": "clock", "value": 0, "max": 6, "gm": True},
    )
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        for _ in range(20):
            app.screen.story.action_story_ask_clock()
            await pilot.pause()
            await pilot.press("enter")  # the clock
            await pilot.pause()
            await pilot.press("enter")  # the first likelihood: very unlikely
            await pilot.pause()
            if latest(app).roll["outcome"].startswith("no"):
                break
        entry = latest(app)
        assert entry.roll["outcome"].startswith("no")  # no, "no, and", "no, but"
        assert campaign.state["trackers"]["embuscade"]["value"] == 0
        assert entry.visibility == "gm"
        assert "Embuscade avance-t-elle\u00a0?" in screen_text(app)  # the solo player is the GM
    view = WatchApp(Campaign.open(campaign.directory, write=False), strings("fr"), AUDIENCE)
    async with view.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(view)
        assert "Embuscade" not in shown
        assert "Horloge" not in shown


@pytest.mark.parametrize("size", [(80, 24), (110, 30), (140, 40)])
async def test_the_story_shows_at_every_size(campaign_of, size: tuple[int, int]) -> None:
    """Play-tested: the story column was cut at 110×30 and hidden at 80×24, so a solo
    player at the default size never saw their scene, tension, threads and people. Now
    it is beside the party, or on a line under the tabs once the column folds away; a
    GM's clock is there for the GM only."""
    import random

    from meneur.content.strings import strings
    from meneur.core.story import StoryItem
    from meneur.core.table_rules import Seat
    from meneur.play import story
    from meneur.tui.app import MeneurApp

    campaign = campaign_of("resolution")
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    for key, name in (("threads", "Retrouver la caravane"), ("people", "Alix")):
        act.change(campaign, GM_SEAT, story.add_item(key, StoryItem(name), name))
    act.set_value(
        campaign,
        GM_SEAT,
        ("trackers", "embuscade"),
        {"name": "Embuscade", "kind": "clock", "value": 1, "max": 4, "gm": True},
    )
    act.mark(campaign, GM_SEAT, "scene", "Le col enneigé")
    seats = {"gm": Seat("gm"), "alice": Seat("player", "alice", frozenset({"kael"}))}
    for who, seat in seats.items():
        session = Session(campaign, strings("fr"), random.Random(1), seat=seat)
        app = MeneurApp(session)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause()
            shown = Shown(" ".join(screen_text(app).split()))
            assert "Scène\u00a0: Le col enneigé" in shown, (who, size)
            assert "Tension 3" in shown
            assert "Retrouver la caravane" in shown
            # What the story says whole (at 80 columns, two lines of it are shown).
            part = app.screen.query_one("#story-line" if size[0] < 110 else "#story")
            told = " ".join(str(part.render()).split())
            assert "Alix" in told
            assert ("Embuscade" in told) is (who == "gm")


async def test_a_progress_roll_shows_its_odds_before_and_its_outcome_after(app_of) -> None:
    from meneur.content.outcomes import percent_text
    from meneur.core.solo import ProgressTest, progress_odds
    from meneur.tui.screens.dialogs import ListDialog
    from tests.waiting import until_app

    from .conftest import notices

    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("lists", "threads"), [{"name": "La caravane", "progress": 4}])
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.story.action_story_progress_roll()
        await until_app(pilot, lambda: isinstance(app.screen, ListDialog))
        odds = progress_odds(ProgressTest(4)).outcomes
        shown = Shown(" ".join(screen_text(app).split()))
        assert "La caravane 4/10 — " in shown
        for key in ("strong_hit", "weak_hit", "miss"):
            assert percent_text(odds[key], "fr") in shown  # the exact odds, before the roll
        await pilot.press("enter")
        await until_app(pilot, lambda: latest(app).roll is not None)
        entry = latest(app)
        from meneur.play.reading import roll_text

        said = roll_text(entry, campaign, app.session.strings.t)
        assert said == "Jet de progression\u00a0: La caravane, 4/10"  # in the reader's language
        assert "Jet de progression" in screen_text(app)  # listed
        assert entry.roll["inputs"]["boxes"] == 4
        outcome = {"strong_hit": "Réussite totale", "weak_hit": "Réussite partielle"}
        await until_app(pilot, lambda: outcome.get(entry.roll["outcome"], "Échec") in notices(app))
