"""Choices in the panels (element, trait, bonus die…): arrows step, Enter or a click opens
the list, a letter jumps in it, Escape leaves the choice as it was."""

from __future__ import annotations

from meneur.play import act
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.choice_menu import ChoiceMenu

from .conftest import screen_text


async def test_enter_opens_the_list_and_the_chosen_element_moves_the_score(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        element = app.screen.query_one("#element", Choice)
        assert element.value == "Arts martiaux"
        element.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        text = screen_text(app)
        assert "Muscles améliorés (2)" in text
        assert "Pilotage (1)" in text
        await pilot.press("down", "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceMenu)
        assert element.value == "Muscles améliorés"
        assert app.focused is element
        assert "Score à battre : 2" in screen_text(app)


async def test_a_click_opens_the_list_and_escape_keeps_the_choice(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#element")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceMenu)
        await pilot.press("down", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceMenu)
        assert app.screen.query_one("#element", Choice).value == "Arts martiaux"


async def test_a_letter_jumps_to_the_option_it_starts(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#element", Choice).focus()
        await pilot.press("enter", "p", "enter")
        await pilot.pause()
        assert app.screen.query_one("#element", Choice).value == "Pilotage"
        assert "Score à battre : 1" in screen_text(app)


async def test_arrows_step_through_the_options_and_wrap(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        element = app.screen.query_one("#element", Choice)
        element.focus()
        await pilot.press("right")
        assert element.value == "Muscles améliorés"
        await pilot.press("left", "left")
        await pilot.pause()
        assert element.value == "@situational"  # the last option: a situational element
        assert "Élément de situation (1)" in screen_text(app)


async def test_a_choice_that_allows_none_steps_back_to_none(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bonus_die = app.screen.query_one("#bonus-die", Choice)
        assert bonus_die.value is None
        bonus_die.focus()
        await pilot.press("right")
        await pilot.pause()
        assert bonus_die.value == "+d4"
        assert "+d4" in screen_text(app)
        await pilot.press("left")
        await pilot.pause()
        assert bonus_die.value is None


async def test_a_disabled_choice_does_not_open(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        second = app.screen.query_one("#second", Choice)
        assert second.disabled
        await pilot.click("#second")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceMenu)


async def test_a_very_long_name_still_shows_in_a_choice(app_of) -> None:
    # Play-tested: a 300-character name left the character picker blank.
    app = app_of("resolution")
    act.set_value(
        app.session.campaign, app.session.seat, ("characters", "kael", "name"), "Kael" + "X" * 296
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from .conftest import screen_text

        line = next(line for line in screen_text(app).splitlines() if "Personnage" in line)
        assert "KaelXX" in line
        assert "…" in line
        picker = app.screen.query_one("#character")
        picker.focus()
        await pilot.press("enter")  # the list of characters, opened, within the screen
        await pilot.pause()
        assert "Lyra" in screen_text(app)
        assert all(len(line) <= 80 for line in screen_text(app).splitlines())
