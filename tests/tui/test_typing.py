"""What is typed fast is what is kept: keys that come in one burst (a fast typist, a paste
without brackets, SSH, tmux send-keys) and pastes of several lines each make their own
command, in order, none dropped or merged."""

from __future__ import annotations

from typing import Any

from textual import events

from meneur.tui.widgets.command_line import CommandLine

from .conftest import screen_text


def burst(app, text: str) -> None:  # type: ignore[no-untyped-def]
    """Hand the app ``text`` as the terminal driver does a burst: every key at once,
    before any is handled (``\\n`` is Enter)."""
    for character in text:
        if character == "\n":
            app.post_message(events.Key("enter", "\r"))
        else:
            app.post_message(events.Key(character, character))


def read(app: Any, entry: Any) -> str:
    """An entry's words as the journal reads them."""
    from meneur.play.reading import read_entry

    return read_entry(entry, app.session.campaign, app.session.strings.t).text


async def test_keys_in_one_burst_make_one_entry_per_enter(app_of) -> None:
    app = app_of("resolution")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon")
        start = journal.last_id
        burst(app, "note1\nnote2\n1d20+1\nnote3\n")
        await pilot.pause()
        written = [read(app, e) for e in journal.latest(journal.last_id - start)]
        assert written == ["note1", "note2", "Kael — Jet de dés (dice roll) : 1d20+1", "note3"]
        assert journal.entry(start + 3).kind == "roll"
        assert app.screen.query_one(CommandLine).value == ""


async def test_a_pasted_block_is_one_command_per_line_the_last_left_to_finish(app_of) -> None:
    app = app_of("resolution")
    journal = app.session.campaign.journal
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("colon", *"Avant ")
        start = journal.last_id
        line = app.screen.query_one(CommandLine)
        line.post_message(events.Paste("la porte\r\nle couloir\n2d6\nla salle"))
        await pilot.pause()
        written = [read(app, e) for e in journal.latest(journal.last_id - start)]
        assert written == ["Avant la porte", "le couloir", "Kael — Jet de dés (dice roll) : 2d6"]
        assert line.value == "la salle"  # not sent: no Enter after it yet
        await pilot.press("enter")
        await pilot.pause()
        assert journal.entry(journal.last_id).text == "la salle"
        assert "la salle" in screen_text(app)
