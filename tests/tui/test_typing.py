"""What is typed fast is what is kept: keys typed one by one each go where they were typed,
in order; typed lines that come in one burst (a slow app, SSH, tmux send-keys) are each
sent as typed, none held or merged; a paste (a pasted block, or a burst only a paste can
be: meneur.tui.typed_bursts) is shown before anything is sent, then sent as the player
chooses, none dropped or merged."""

from __future__ import annotations

from typing import Any

from textual import events

from meneur.tui.typed_bursts import PASTE, Bursts
from meneur.tui.widgets.command_line import CommandLine

from .conftest import dialog_text, screen_text


def burst(app, text: str) -> None:  # type: ignore[no-untyped-def]
    """Hand the app ``text`` as the terminal driver does a burst of keys from one read:
    every key at once, before any is handled (``\\n`` is Enter), as it tells them apart."""
    keys = [
        events.Key("enter", "\r") if character == "\n" else events.Key(character, character)
        for character in text
    ]
    for message in Bursts().coalesce(keys):
        app.post_message(message)


def read(app: Any, entry: Any) -> str:
    """An entry's words as the journal reads them."""
    from meneur.play.reading import read_entry

    return read_entry(entry, app.session.campaign, app.session.strings.t).text


async def test_typed_lines_in_one_burst_are_each_sent_as_typed_none_held(app_of) -> None:
    """Lines typed with Enter after each, come in one read, are each a command of their
    own, in order, at once: no dialog, nothing left in the line."""
    app = app_of("resolution")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon")
        start = journal.last_id
        burst(app, "note1\nnote2\n1d20+1\nKael pousse la lourde porte\n")
        await pilot.pause()
        written = [read(app, e) for e in journal.latest(journal.last_id - start)]
        assert written == [
            "note1",
            "note2",
            "Kael — Jet de dés\u00a0: 1d20+1",
            "Kael pousse la lourde porte",
        ]
        assert journal.entry(start + 3).kind == "roll"
        assert app.screen.query_one(CommandLine).value == ""
        assert "Collé" not in screen_text(app)


async def test_a_burst_only_a_paste_can_be_is_shown_before_any_is_sent(app_of) -> None:
    """More than typing brings in one read, with line breaks: nothing is written until the
    player says; sent line by line, each is its own command, in order."""
    app = app_of("resolution")
    journal = app.session.campaign.journal
    lines = [f"note{i} de la longue liste collée" for i in range(40)]
    text = "\n".join(lines) + "\n"
    assert len(text) > PASTE
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon")
        start = journal.last_id
        burst(app, text)
        await pilot.pause()
        assert journal.last_id == start  # nothing written yet
        assert f"Collé\u00a0: 40 lignes ({len(text)} caractères)" in dialog_text(app)
        await pilot.press("down", "enter")  # send each line as its own command
        await pilot.pause()
        written = [read(app, e) for e in journal.latest(journal.last_id - start)]
        assert written == lines
        assert app.screen.query_one(CommandLine).value == ""


async def test_a_pasted_block_is_one_command_per_line_once_chosen_the_last_left_to_finish(
    app_of,
) -> None:
    app = app_of("resolution")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon", *"Avant ")
        start = journal.last_id
        line = app.screen.query_one(CommandLine)
        line.post_message(events.Paste("la porte\r\nle couloir\n2d6\nla salle"))
        await pilot.pause()
        assert journal.last_id == start
        await pilot.press("down", "enter")
        await pilot.pause()
        written = [read(app, e) for e in journal.latest(journal.last_id - start)]
        assert written == ["Avant la porte", "le couloir", "Kael — Jet de dés\u00a0: 2d6"]
        assert line.value == "la salle"  # not sent: no Enter after it yet
        await pilot.press("enter")
        await pilot.pause()
        assert journal.entry(journal.last_id).text == "la salle"
        assert "la salle" in screen_text(app)


async def test_a_pasted_block_put_on_one_line_or_left_out_writes_nothing(app_of) -> None:
    app = app_of("resolution")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon")
        start = journal.last_id
        line = app.screen.query_one(CommandLine)
        line.post_message(events.Paste("la porte\nle couloir\n"))
        await pilot.pause()
        await pilot.press("enter")  # on one line
        await pilot.pause()
        assert line.value == "la porte le couloir"
        line.value = ""
        line.post_message(events.Paste("2d6\n2d6\n"))
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert line.value == ""
        assert journal.last_id == start
