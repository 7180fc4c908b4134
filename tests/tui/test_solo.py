"""Solo play in the app: the tension on the Oracles tab (shown, set, undone, followed by
the odds), the random event an answer brings journaled after it, a word pair alone, and
scenes started and ended from the palette's commands."""

from __future__ import annotations

from textual.widgets import Input

from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.reading import read_entry
from meneur.play.story import move_tension, tension_of
from meneur.tui.widgets.selector import StepSelector
from tests.waiting import told

from .conftest import Shown, screen_text


def latest(app, count: int = 1):
    return app.session.campaign.journal.latest(count)


async def test_the_tension_is_set_on_the_oracles_tab_and_bends_its_odds(app_of) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert "Tension" in text
        assert "Incertaine" in text
        assert "Événement aléatoire\u00a0: 14,8\u00a0%" in text
        app.screen.query_one("#tension", StepSelector).value = "5"
        await pilot.pause()
        assert tension_of(campaign.state) == 5
        assert latest(app)[0].text == "Tension 3 → 5"
        assert "Événement aléatoire\u00a0: 29,6\u00a0%" in screen_text(app)
        app.screen.action_undo()
        await pilot.pause()
        assert tension_of(campaign.state) == 3
        assert app.screen.query_one("#tension", StepSelector).value == "3"
        assert "Événement aléatoire\u00a0: 14,8\u00a0%" in screen_text(app)


async def test_an_answer_under_tension_brings_its_random_event(app_of) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.change(campaign, GM_SEAT, move_tension(lambda _: 5, lambda b, a: f"Tension {b} → {a}"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        app.screen.query_one("#question", Input).value = "Le pont tient-il\u00a0?"
        for _ in range(60):  # 64 chances in 216 each time
            await pilot.press("enter")
            await pilot.pause()
            answer, event = latest(app, 2)
            if event.roll is not None and event.roll["system"] == "tables":
                break
        assert answer.roll["inputs"]["tension"] == 5
        assert answer.roll["event"] is True
        assert event.text == ""  # named by its table, in each reader's language
        assert read_entry(event, app.session.campaign, strings("en").t).text == "Random event"
        assert " / " in event.roll["text"]  # the word pair
        assert "⚡ Événement aléatoire" in screen_text(app)


async def test_a_word_pair_alone_and_no_tension_without_solo_play(app_of) -> None:
    app = app_of("cosmos")
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        assert not app.screen.query("#tension")
        assert "Événement aléatoire" not in screen_text(app)
        app.screen.query_one("#words").press()
        await pilot.pause()
        entry = latest(app)[0]
        assert entry.text == ""
        said = read_entry(entry, app.session.campaign, app.session.strings.t).text
        assert said == "Paire de mots"
        assert " / " in entry.roll["text"]
        app.screen.query_one("#question", Input).value = "Pleut-il\u00a0?"
        await pilot.press("enter")
        await pilot.pause()
        assert "tension" not in latest(app)[0].roll["inputs"]


async def test_scenes_start_with_their_test_and_end_moving_the_tension(app_of) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.scenes.action_new_scene()
        await pilot.pause()
        for key in "Le col":
            await pilot.press(key if key != " " else "space")
        await pilot.press("enter")
        await pilot.pause()
        scene, test = latest(app, 2)
        assert (scene.kind, scene.text) == ("scene", "Le col")
        assert test.roll["system"] == "scene"
        assert test.roll["inputs"]["tension"] == 3
        assert test.text == ""  # worded when read, in each reader's language
        said = read_entry(test, app.session.campaign, app.session.t).text
        assert said == "Test de scène — Tension 3\u00a0: Incertaine"
        app.screen.scenes.action_end_scene()
        await pilot.pause()
        await pilot.press("down", "enter")  # no: it went against them
        await pilot.pause()
        assert tension_of(campaign.state) == 4
        assert latest(app)[0].text == "Fin de scène, à leur désavantage\u00a0: tension 3 → 4"


async def test_without_solo_play_a_scene_is_only_its_title(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.scenes.action_new_session()
        await pilot.pause()
        await pilot.press("S", "1", "enter")
        await pilot.pause()
        app.screen.scenes.action_new_scene()
        await pilot.pause()
        await pilot.press("A", "enter")
        await pilot.pause()
        session, scene = latest(app, 2)
        assert (session.kind, session.text, scene.kind, scene.text) == (
            "session", "S1", "scene", "A",
        )  # fmt: skip


async def test_a_tension_for_one_question_leaves_the_campaigns(app_of) -> None:
    from meneur.tui.widgets.tick import Tick

    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        before = campaign.journal.last_id
        app.screen.query_one("#tension-once", Tick).value = True
        app.screen.query_one("#tension", StepSelector).value = "1"
        await pilot.pause()
        assert campaign.journal.last_id == before  # nothing written
        assert "Événement aléatoire\u00a0: 0,0\u00a0%" in screen_text(app)
        app.screen.query_one("#question", Input).value = "Calme\u00a0?"
        await pilot.press("enter")
        await pilot.pause()
        assert latest(app)[0].roll["inputs"]["tension"] == 1
        assert tension_of(campaign.state) == 3
        assert app.screen.query_one("#tension", StepSelector).value == "3"
        assert not app.screen.query_one("#tension-once", Tick).value


def last_question(app):  # the last yes/no answer (a random event may follow it)
    return [e for e in latest(app, 4) if e.roll and e.roll["system"] == "yesno"][-1]


async def test_the_question_box_gives_the_keyboard_back(app_of) -> None:
    """Play-tested: the Oracles tab's question box kept the keyboard (Escape did not
    leave it, ``:`` and ctrl+e were typed into it), the next question was typed after
    the last one, and ``? question`` on the command line reset the likelihood to 3."""
    from meneur.tui.screens.dialogs import TextDialog
    from meneur.tui.widgets.command_line import CommandLine

    app = app_of("resolution")
    act.set_value(app.session.campaign, app.session.seat, ("options", "solo"), True)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        question = app.screen.query_one("#question", Input)
        question.focus()
        await pilot.press(*"dort", "enter")
        await pilot.pause()
        assert last_question(app).text == "dort"
        assert "«\u00a0dort\u00a0»" in screen_text(app)
        assert question.value == ""  # ready for the next one
        await pilot.press(*"fuit", "enter")
        await pilot.pause()
        assert last_question(app).text == "fuit"
        # ctrl+e exports, even from the box.
        await pilot.press("ctrl+e")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        await pilot.press("escape")
        await pilot.pause()
        # Escape leaves the box: ":" is the command line again, not a character.
        question.focus()
        await pilot.press("escape")
        await pilot.pause()
        assert not question.has_focus
        app.screen.query_one("#likelihood", StepSelector).value = "5"
        await pilot.press("colon")
        await pilot.pause()
        command = app.screen.query_one(CommandLine)
        assert command.has_focus
        assert question.value == ""
        command.value = "? La porte cède-t-elle\u00a0?"
        await pilot.press("enter")
        await pilot.pause()
        asked = last_question(app)
        assert asked.text == "La porte cède-t-elle\u00a0?"
        assert asked.roll["inputs"]["likelihood"] == 5
        assert app.screen.query_one("#likelihood", StepSelector).value == "5"


async def test_a_colon_after_a_question_opens_the_command_line(app_of) -> None:
    """Play-tested: right after a question (the box keeps the keyboard, ready for the
    next one), ``:`` then ``?4 Le vent tourne-t-il ?`` was typed into the question box
    and asked at the panel's likelihood, the export keeping « :?4 … ». A ``:`` typed
    into the empty box is the command line's; typed into a question, it is the
    question's."""
    from meneur.tui.widgets.command_line import CommandLine

    app = app_of("resolution")
    act.set_value(app.session.campaign, app.session.seat, ("options", "solo"), True)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        question = app.screen.query_one("#question", Input)
        question.focus()
        await pilot.press(*"dort", "enter")
        await pilot.pause()
        assert question.has_focus  # ready for the next question
        await pilot.press("colon", *"?4 Le vent tourne-t-il ?", "enter")
        await pilot.pause()
        asked = last_question(app)
        assert asked.text == "Le vent tourne-t-il ?"
        assert asked.roll["inputs"]["likelihood"] == 4
        assert app.screen.query_one(CommandLine).value == ""  # nothing left behind
        assert question.value == ""
        question.focus()
        await pilot.press(*"Note", "colon", *" oui", "enter")  # a colon inside a question
        await pilot.pause()
        assert last_question(app).text == "Note: oui"


async def test_opening_a_session_says_what_happened_last_time(app_of) -> None:
    """Previously on…: opening a session shows the last one in a few lines."""
    from .conftest import notices

    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.mark(campaign, GM_SEAT, "session", "Séance 1")
    act.mark(campaign, GM_SEAT, "scene", "Le col enneigé")
    act.note(campaign, GM_SEAT, "La caravane atteint le col.")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.scenes.action_new_session()
        await pilot.pause()
        await pilot.press(*"Deux", "enter")
        await pilot.pause()
        await pilot.pause()
        titles = [title for title, _ in told(app)]
        assert "Précédemment, dans «\u00a0Séance 1\u00a0»\u00a0:" in titles
        said = notices(app)
        assert "Scènes\u00a0: Le col enneigé" in said
        assert "— La caravane atteint le col." in said
        assert "Tension\u00a0: 3" in said


async def test_the_oracles_take_real_dice_too(app_of) -> None:
    """Play-tested: physical dice were for the Action tab only. With them on (ctrl+d),
    an oracle's question asks for the faces of the player's dice and answers by them."""
    from meneur.tui.screens.dialogs import TextDialog

    app = app_of("resolution")
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d")
        await pilot.press("f3")
        await pilot.pause()
        app.screen.query_one("#question", Input).value = "Le garde dort-il\u00a0?"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TextDialog)
        assert "3d6" in Shown(" ".join(screen_text(app).split()))
        await pilot.press(*"6 6 6", "enter")
        await pilot.pause()
        entry = last_question(app)
        assert entry.text == "Le garde dort-il\u00a0?"
        assert entry.roll["physical"] is True
        assert [d["face"] for d in entry.roll["dice"]] == [6, 6, 6]
        assert "Oui" in screen_text(app)


async def test_a_random_event_offers_to_add_the_thread_it_opens(app_of) -> None:
    """A random event whose focus is someone new or a new thread offers to note it in
    the story: one key more, the name asked as the story's own Add asks it."""
    from meneur.play.story import items_of
    from meneur.tui.screens.dialogs import TextDialog
    from tests.waiting import until_app

    app = app_of("resolution", seed=43)  # at tension 5, its first question opens a thread
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.change(campaign, GM_SEAT, move_tension(lambda _: 5, lambda b, a: f"Tension {b} → {a}"))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        app.screen.query_one("#question", Input).value = "Quelqu'un vient-il\u00a0?"
        await pilot.press("enter")
        await until_app(pilot, lambda: "Ajouter ce fil à l'histoire" in screen_text(app))
        assert "un nouveau fil s'ouvre" in screen_text(app)
        app.screen.query_one("#event-offer").press()
        await until_app(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.press(*"La lettre volée", "enter")
        await until_app(pilot, lambda: not isinstance(app.screen, TextDialog))
        await until_app(pilot, lambda: "Ajouter ce fil" not in screen_text(app))
    assert [item.name for item in items_of(campaign.state, "threads")] == ["La lettre volée"]
