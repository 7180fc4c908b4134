"""What is typed fast is what is kept: keys typed one by one each go where they were typed,
in order; a burst of lines (a paste without brackets, SSH, tmux send-keys — one paste,
meneur.tui.typed_bursts) and a pasted block are shown before anything is sent, then sent
as the player chooses, none dropped or merged."""

from __future__ import annotations

from typing import Any

from textual import events

from meneur.tui.widgets.command_line import CommandLine

from .conftest import dialog_text, screen_text


def burst(app, text: str) -> None:  # type: ignore[no-untyped-def]
    """Hand the app ``text`` as the terminal driver does a burst of keys from one read:
    every key at once, before any is handled (``\\n`` is Enter), through its grouping."""
    from meneur.tui.typed_bursts import coalesce

    keys = [
        events.Key("enter", "\r") if character == "\n" else events.Key(character, character)
        for character in text
    ]
    for message in coalesce(keys):
        app.post_message(message)


def read(app: Any, entry: Any) -> str:
    """An entry's words as the journal reads them."""
    from meneur.play.reading import read_entry

    return read_entry(entry, app.session.campaign, app.session.strings.t).text


async def test_keys_in_one_burst_are_one_paste_shown_before_any_is_sent(app_of) -> None:
    """A burst with Enters in it (a paste the terminal typed) writes nothing until the
    player says; sent line by line, each is its own command, in order."""
    app = app_of("resolution")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon")
        start = journal.last_id
        burst(app, "note1\nnote2\n1d20+1\nnote3\n")
        await pilot.pause()
        assert journal.last_id == start  # nothing written yet
        assert "Collé\u00a0: 4 lignes (25 caractères)" in dialog_text(app)
        await pilot.press("down", "enter")  # send each line as its own command
        await pilot.pause()
        written = [read(app, e) for e in journal.latest(journal.last_id - start)]
        assert written == ["note1", "note2", "Kael — Jet de dés\u00a0: 1d20+1", "note3"]
        assert journal.entry(start + 3).kind == "roll"
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
