"""Résoudre une action at the table: scales by keys, elements, odds before, dice after."""

from __future__ import annotations

import pytest

from meneur.play.reading import read_entry
from meneur.tui.widgets.panels.base import ActionPanel
from meneur.tui.widgets.selector import StepSelector

from .conftest import dialog_text, screen_text


async def test_the_odds_are_shown_before_rolling_and_follow_the_choices(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Score à battre\u00a0: 3" in text  # Complexe 0 + Neutre 0 + Arts martiaux 3
        assert "50,0\u00a0%" in text
        intrinsic = app.screen.query_one("#intrinsic", StepSelector)
        intrinsic.focus()
        await pilot.press("1")  # Simple +4
        await pilot.pause()
        assert intrinsic.value == "simple"
        text = screen_text(app)
        assert "Score à battre\u00a0: 7" in text
        assert "automatique" in text
        await pilot.press("right", "right")  # Ardue +2 → Complexe 0
        await pilot.pause()
        assert intrinsic.value == "complexe"
        app.screen.query_one("#alteration", StepSelector).focus()
        await pilot.press("2")  # Adoucie: four outcomes can happen
        await pilot.pause()
        text = screen_text(app)
        assert "Réussite + contrepartie" in text
        assert "Échec + contrepartie" in text


async def test_a_score_to_beat_below_zero_takes_the_true_minus(app_of) -> None:
    """Play-tested: "Score to beat: -1" stood beside "Difficulty −4"."""
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#intrinsic", StepSelector).focus()
        await pilot.press("5")  # Insensée −4
        app.screen.query_one("#interest", StepSelector).focus()
        await pilot.press("5")  # Devrait échouer −4
        await pilot.pause()
        text = screen_text(app)
        assert "Difficulté −8 · Score à battre : −5" in text  # Arts martiaux 3 − 8
        assert "-5" not in text


async def test_a_roll_shows_the_dice_big_and_the_outcome_in_french_alone(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        panel = app.screen.query_one("#panel", ActionPanel)
        record = panel.last
        assert record is not None
        text = screen_text(app)
        for die in record.dice:
            assert f"║ {die.face} ║" in text if die.kept else f"│ {die.face} │" in text
        assert "gardé" in text
        from meneur.content import term

        said = term(f"resolution.outcome.{record.outcome}")
        assert said.fr in text
        assert f"({said.en}" not in text  # no English gloss for a French reader
        entry = app.session.campaign.journal.entry(app.session.campaign.journal.last_id)
        assert entry.roll is not None
        assert entry.roll["seed"] == record.seed
        assert entry.character == "kael"


async def test_typical_opens_a_second_element(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        second = app.screen.query_one("#second")
        assert second.disabled
        await pilot.click("#typical")
        await pilot.pause()
        assert not second.disabled
        second.value = "Muscles améliorés"
        await pilot.pause()
        assert "Score à battre\u00a0: 5" in screen_text(app)


async def test_the_second_element_is_never_the_first_again(app_of) -> None:
    # Play-tested: the panel offered "Arts martiaux" again as the second element and
    # journaled "Arts martiaux 3 + Arts martiaux 3" at score 4.
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#typical")
        await pilot.pause()
        second = app.screen.query_one("#second")
        offered = [value for _, value in second.options]
        assert "Arts martiaux" not in offered
        assert "Muscles améliorés" in offered
        second.focus()
        for _ in range(len(offered) + 1):
            await pilot.press("right")
            await pilot.pause()
            assert second.value != "Arts martiaux"
        # Another first element: the old first comes back among the second's choices.
        app.screen.query_one("#element").value = "Pilotage"
        await pilot.pause()
        assert "Arts martiaux" in [value for _, value in second.options]
        assert "Pilotage" not in [value for _, value in second.options]


async def test_the_gm_declares_an_action_trivial_or_impossible_without_a_roll(app_of) -> None:
    from meneur.tui.widgets.selector import StepSelector

    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#declared", StepSelector).value = "impossible"
        await pilot.pause()
        assert "Déclarée impossible par le MJ\u00a0: échec" in screen_text(app)
        assert "100,0\u00a0%" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        record = app.screen.query_one("#panel").last
        assert (record.outcome, record.dice) == ("failure", ())
        campaign = app.session.campaign
        entry = campaign.journal.entry(campaign.journal.last_id)
        # Stored as its record, worded when read: who, and what the GM declared.
        assert entry.text == ""
        words = read_entry(entry, campaign, app.session.strings.t).text
        assert words == "Kael — Déclarée impossible par le MJ\u00a0: échec"
        assert entry.roll["inputs"]["declared"] == "impossible"


@pytest.mark.parametrize("size", [(110, 30), (80, 24)])
async def test_scale_values_are_never_cut(app_of, size: tuple[int, int]) -> None:
    # Play-tested: "Réussite intéressante" was cut at 110 columns.
    from meneur.tui.widgets.selector import StepSelector

    app = app_of("resolution")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.screen.query_one("#interest", StepSelector).value = "interesting-success"
        app.screen.query_one("#intrinsic", StepSelector).value = "dementielle"
        await pilot.pause()
        shown = screen_text(app)
        assert "intéressante +2 ▶" in shown  # whole, on a second line if need be
        for selector in app.screen.query_one("#panel").query(StepSelector):
            room = selector.content_size
            lines = selector.render().wrap(app.console, room.width)
            assert len(lines) == room.height, selector.id


async def test_the_seed_reproduces_the_same_rolls(campaign_of) -> None:
    from meneur.tui.app import make_app

    rolls = []
    for system in ("cosmos", "systemj"):
        # Two campaigns, one seed: the same table roll, die for die.
        app = make_app(campaign_of(system), lang="fr", seed=99)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("f4", "r")
            await pilot.pause()
            campaign = app.session.campaign
            roll = campaign.journal.entry(campaign.journal.last_id).roll
            rolls.append((roll["seed"], roll["dice"], roll["text"]))
    assert rolls[0] == rolls[1]


async def test_physical_dice_are_typed_and_marked_in_the_journal(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d", "r")
        await pilot.pause()
        # The dialog says which dice to roll: three d6 here.
        assert "Lancez 3d6 et tapez leurs faces dans cet ordre, séparées par des espaces" in (
            dialog_text(app)
        )
        await pilot.press(*"4 9 2", "enter")  # a d6 cannot show 9: the dialog says so and stays
        await pilot.pause()
        assert "Un d6 ne montre pas 9." in screen_text(app)
        dialog_input = app.screen.query_one("#dialog-input")
        dialog_input.value = ""
        await pilot.press(*"7 1 1x", "enter")  # a typo: said in French, not as Python's words
        await pilot.pause()
        said = dialog_text(app)
        assert (
            "Tapez la face de chaque dé en chiffres, séparées par des espaces\u00a0: "
            "«\u00a01x\u00a0» n'en est pas une."
        ) in said
        assert "invalid" not in said
        dialog_input.value = "4 6 2"
        campaign = app.session.campaign
        before = campaign.journal.last_id
        from textual import events

        for _ in range(2):  # a double Enter answers the dialog once
            app.post_message(events.Key("enter", "\r"))
        await pilot.pause()
        assert campaign.journal.last_id == before + 1
        entry = campaign.journal.entry(campaign.journal.last_id)
        assert entry.roll is not None
        assert entry.roll["physical"] is True
        assert [d["face"] for d in entry.roll["dice"]] == [4, 6, 2]
        assert "seed" not in entry.roll
        assert "dés physiques" in screen_text(app)


async def test_a_helper_lends_an_element_and_a_group_action_takes_two_characters(app_of) -> None:
    """Seed 003: "ceux qui l'aident peuvent lui prêter un élément"; a group action with
    individual failure takes its two elements from two different characters, and on a
    failure one of them fails."""
    from textual.widgets import Checkbox

    app = app_of("resolution")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#typical")
        await pilot.pause()
        second = app.screen.query_one("#second")
        lent = "@lent:lyra:Muscles améliorés"
        assert lent in [value for _, value in second.options]  # Lyra's elements offered
        second.value = lent
        await pilot.pause()
        # Arts martiaux 3 (Kael's) + Muscles améliorés 2 (Lyra's): score 5 at Complexe.
        assert "Score à battre\u00a0: 5" in screen_text(app)
        app.screen.query_one("#group", Checkbox).value = True
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        inputs = entry.roll["inputs"]
        assert inputs["group"] is True
        assert inputs["elements"][1] == {
            "score": 2, "typical": False, "name": "Muscles améliorés", "situational": False,
            "lender": "Lyra",
        }  # fmt: skip
        said = read_entry(entry, campaign, app.session.strings.t).text
        assert said.startswith("Kael — Action de groupe · score 5 (Arts martiaux 3 +")
        assert "Muscles améliorés 2 (prêté par Lyra)" in said
        failed = "l'un des personnages échoue" in screen_text(app)
        assert failed == (entry.roll["success"] is False)
        # Both of Kael's own: refused for a group action, said where the odds were.
        second.value = "Muscles améliorés"
        await pilot.pause()
        assert "deux personnages différents" in screen_text(app)
