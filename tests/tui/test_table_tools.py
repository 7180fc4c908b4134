"""Oracles, random tables, the command line and the journal, driven as a player would."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events
from textual.widgets import Input, TextArea

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.tui.widgets.command_line import CommandLine
from meneur.tui.widgets.journal import JournalView
from meneur.tui.widgets.selector import StepSelector
from tests.waiting import until_app

from .conftest import Shown, notices, region_text, screen_text


def last_entry(app):
    campaign = app.session.campaign
    return campaign.journal.entry(campaign.journal.last_id)


async def test_yesno_oracle_records_the_question_and_its_answer(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        await pilot.pause()
        question = app.screen.query_one("#question", Input)
        assert app.focused is question  # F3 puts the keys where the question is typed
        app.screen.query_one("#likelihood", StepSelector).value = "5"
        await pilot.pause()
        assert "Très probable" in screen_text(app)
        question.value = "La porte est-elle verrouillée\u00a0?"
        await pilot.press("enter")
        await pilot.pause()
        entry = last_entry(app)
        assert entry.kind == "oracle"
        assert entry.text == "La porte est-elle verrouillée\u00a0?"
        assert entry.roll["inputs"]["likelihood"] == 5
        assert "«\u00a0La porte est-elle verrouillée\u00a0?\u00a0»" in screen_text(app)


async def test_environment_oracle(app_of) -> None:
    app = app_of("cosmos")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f3")
        app.screen.query_one("#lean", StepSelector).value = "for"
        await pilot.pause()
        assert "74,1\u00a0%" in screen_text(app)  # 20/27 favourable when leaning for
        app.screen.query_one("#ask-oracle").press()
        await pilot.pause()
        assert last_entry(app).roll["system"] == "oracle"


async def test_random_tables_roll_references_and_journal(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f4", "enter")  # F4 focuses the list: Enter rolls the first table
        await pilot.pause()
        entry = last_entry(app)
        assert entry.roll["kind"] == "tables.TableQuery"
        assert entry.roll["text"] in region_text(app, "#table-result")
        assert "{" not in entry.roll["text"]
        assert "[[" not in entry.roll["text"]


async def _first_table_listed(app: Any, pilot: Any) -> str:
    """The first line of the Tables tab (F4), as ``app`` shows it."""
    from textual.widgets import OptionList

    await pilot.pause()
    await pilot.press("f4")
    await pilot.pause()
    return str(app.screen.query_one("#table-list", OptionList).get_option_at_index(0).prompt)


async def test_the_tables_are_listed_in_words(app_of) -> None:
    """Play-tested: the Tables tab read "Encounters on the road  {encounters} · 5 ·
    shipped"; the GM is told the key another table rolls one by, a player is not."""
    from .test_player_seat import player_app

    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        first = await _first_table_listed(app, pilot)
        table = app.session.tables()[0]
        rows = len(table.entries)
        assert first == (
            f"{table.name}  {rows} lignes · fournie avec meneur"
            f" · une autre table la tire par {{{table.key}}}"
        )
    player = player_app(app.session.campaign.directory)  # a player's seat at a table
    async with player.run_test(size=(120, 40)) as pilot:
        first = await _first_table_listed(player, pilot)
        table = player.session.tables()[0]
        assert first == f"{table.name}  {len(table.entries)} lignes · fournie avec meneur"


async def test_a_campaigns_own_table_after_a_reload(app_of) -> None:
    app = app_of("traits")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        path = campaign.directory / "campaign.toml"
        path.write_text(
            path.read_text(encoding="utf-8").replace(
                "[tables]\n", '[tables.butin]\nname = "Butin"\nentries = ["[[2d6]] pièces d\'or"]\n'
            ),
            encoding="utf-8",
        )
        await pilot.press("f4")
        app.screen.query_one("#reload-tables").press()
        await pilot.pause()
        assert "Butin" in screen_text(app)
        # The command line completes the new table's name at once.
        await pilot.press("colon", *"Bu")
        await pilot.pause()
        await pilot.press("right")
        assert app.screen.query_one(CommandLine).value == "Butin"
        await pilot.press("enter")
        await pilot.pause()
        assert last_entry(app).roll["text"].endswith("pièces d'or")


async def test_an_invalid_table_is_refused_at_reload_not_at_roll_time(app_of) -> None:
    # Play-tested: weights that do not fill the die were refused only when rolled.
    app = app_of("traits")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        path = campaign.directory / "campaign.toml"
        path.write_text(
            path.read_text(encoding="utf-8").replace(
                "[tables]\n", '[tables.butin]\nname = "Butin"\ndice = "2d6"\nentries = ["A", "B"]\n'
            ),
            encoding="utf-8",
        )
        await pilot.press("f4")
        app.screen.query_one("#reload-tables").press()
        await pilot.pause()
        said = notices(app)
        assert "tables.butin" in said
        assert "mais ses poids font 2, pas 11" in said  # the app speaks French
        assert "Butin" not in screen_text(app)  # the last good tables stay in use


async def test_the_command_line_reads_dice_questions_tables_and_notes(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"4d6kh3", "enter")
        await pilot.pause()
        roll = last_entry(app).roll
        assert roll["inputs"]["expression"] == "4d6kh3"
        # Not only a toast: the journal shows the faces, kept and dropped, and what the
        # total was worth by the exact distribution (mean of 4d6kh3: 15869/1296).
        shown = Shown(" ".join(screen_text(app).split()))
        faces = " ".join(
            f"[{d['face']}]" if d.get("kept") else str(d["face"]) for d in roll["dice"]
        )
        assert f"d6 {faces}" in shown
        assert f"total {roll['result']} · moyenne 12.24 ·" in shown
        await pilot.press(*"?4 Il pleut ?", "enter")
        await pilot.pause()
        assert last_entry(app).roll["inputs"] == {"likelihood": 4, "question": "Il pleut ?"}
        await pilot.press(*"meteo", "enter")
        await pilot.pause()
        assert last_entry(app).roll["inputs"]["table"] == "weather"  # found by its French name
        await pilot.press(*"Razors hésite.", "enter")
        await pilot.pause()
        assert last_entry(app).kind == "note"
        line = app.screen.query_one(CommandLine)
        await pilot.press("up")
        assert line.value == "Razors hésite."
        await pilot.press("up", "up")
        assert line.value == "?4 Il pleut ?"
        await pilot.press("down", "down", "down")
        assert line.value == ""


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("3d0", "un dé a au moins 1 face"),
        ("2d6+", "il faut des dés comme 2d6 ou un nombre, pas la fin"),
        ("1001d6", "une expression lance au plus 1000 dés"),
        ("1d10001", "un dé a au plus 10000 faces"),
        ("[Dressage](2)", "[Dressage](2) est la notation du Sphérier"),
    ],
)
async def test_bad_dice_on_the_command_line_are_said_not_noted(
    app_of, typed: str, said: str
) -> None:
    # Play-tested: mistyped rolls were silently journaled as notes.
    app = app_of("resolution")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        before = app.session.campaign.journal.last_id
        await pilot.press("colon", *typed, "enter")
        await pilot.pause()
        assert app.session.campaign.journal.last_id == before
        assert said in notices(app)
        # As typed on the screen too: brackets are not read as markup.
        await until_app(pilot, lambda: said.split()[0] in screen_text(app))


async def test_a_note_that_looks_like_dice_starts_with_a_quote(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *'"2d6 gobelins surgissent', "enter")
        await pilot.pause()
        assert last_entry(app).kind == "note"
        assert last_entry(app).text == "2d6 gobelins surgissent"
        await pilot.press(*"4 chevaliers arrivent", "enter")  # no dice here: a note
        await pilot.pause()
        assert last_entry(app).text == "4 chevaliers arrivent"


def journal_text(app) -> str:
    """The journal's column (the right-most box) as one line of words."""
    lines = [line.split("│")[-2] for line in screen_text(app).splitlines() if line.count("│") >= 2]
    words = " ".join(lines).translate({ord(c): " " for c in "▁▂▃▄▅▆▇█"})  # the scrollbar
    return Shown(" ".join(words.split()))


async def test_the_journal_wraps_whole_entries_and_follows_the_newest_across_resizes(
    data_dir: Path,
) -> None:
    # Play-tested: an entry wrapped before the scrollbar appeared lost its last words
    # under it, and after a resize the journal stopped following the newest entry.
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    from meneur.saves.campaign import Campaign
    from meneur.tui.app import make_app

    from .conftest import fixed_clock

    campaign = Campaign.create(data_dir / "j", system="resolution", clock=fixed_clock())
    for number in range(8):
        act.note(
            campaign,
            GM_SEAT,
            f"Note numéro {number} assez longue pour occuper presque toute la largeur "
            "du journal à droite",
        )
    app = make_app(campaign, lang="fr", seed=5)
    long = "qui est elle aussi assez longue pour se replier"
    async with app.run_test(size=(110, 30)) as pilot:
        await pilot.pause()
        from meneur.tui.widgets.command_line import CommandLine

        for number in range(6):
            # Typed as pasted: key by key, six long notes took half a minute of the suite.
            await pilot.press("colon")
            app.screen.query_one(CommandLine).insert_text_at_cursor(
                f"Nouvelle note {number} {long}"
            )
            await pilot.press("enter")
            await pilot.pause()
            shown = journal_text(app)
            # Every entry in view reads whole, the newest as much as those wrapped before
            # the scrollbar came.
            for earlier in range(number + 1):
                if f"note {earlier} qui" in shown:
                    assert f"note {earlier} {long}" in shown
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.resize_terminal(130, 30)
        await pilot.pause()
        await pilot.pause()
        assert f"note 5 {long}" in journal_text(app)
    campaign.close()


async def test_a_note_is_struck_from_the_journal_and_brought_back(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"Une note à barrer", "enter")
        await pilot.pause()
        note = last_entry(app)
        journal = app.screen.query_one(JournalView)
        journal.listing.focus()
        await pilot.press("end", "delete")
        await pilot.pause()
        campaign = app.session.campaign
        assert campaign.is_struck(note)
        assert "Une note à barrer (barrée)" in Shown(" ".join(screen_text(app).split()))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not campaign.is_struck(note)
        assert "(barrée)" not in screen_text(app)


async def test_one_enter_one_entry(app_of) -> None:
    # Play-tested: a fast double Enter, or a paste ending in a new line and then Enter,
    # journaled the same note twice. Both keys reach the line before it answers the first.

    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        campaign = app.session.campaign
        before = campaign.journal.last_id
        line = app.screen.query_one(CommandLine)
        line.focus()
        for text in ("Une note", "Un jet 2d6"):
            line.value = text
            for _ in range(3):
                app.post_message(events.Key("enter", "\r"))
            await pilot.pause()
        assert [entry.text for entry in campaign.journal.since(before)] == [
            "Une note",
            "Un jet 2d6",
        ]


async def test_the_command_line_completes_table_and_element_names(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"Rencon")
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        assert app.screen.query_one(CommandLine).value == "Rencontres"


async def test_the_journal_expands_a_rolls_dice_and_searches(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        journal = app.screen.query_one(JournalView)
        record = app.screen.query_one("#panel").last
        journal.listing.focus()
        await pilot.press("end", "enter")
        await pilot.pause()
        faces = " ".join(f"[{d.face}]" if d.kept else str(d.face) for d in record.dice)
        shown = Shown(" ".join(screen_text(app).split()))
        assert f"d6 {faces}" in shown
        assert f"graine {record.seed}" in shown
        await pilot.press("ctrl+f")
        await pilot.press(*"Lyra", "enter")
        await pilot.pause()
        assert "1 entrées trouvées" in screen_text(app)


async def test_notes_are_edited_from_the_journal_and_undone(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"Razors arive.", "enter")
        await pilot.pause()
        note = last_entry(app)
        journal = app.screen.query_one(JournalView)
        journal.listing.focus()
        await pilot.press("end", "enter")
        await until_app(pilot, lambda: app.screen.query("#note-text"))
        app.screen.query_one("#note-text", TextArea).text = "Razors arrive."
        await pilot.press("ctrl+s")
        await until_app(pilot, lambda: not app.screen.query("#note-text"))
        campaign = app.session.campaign
        assert campaign.note_text(campaign.journal.entry(note.id)) == "Razors arrive."
        assert "Razors arrive." in screen_text(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert campaign.note_text(campaign.journal.entry(note.id)) == "Razors arive."
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert campaign.note_text(campaign.journal.entry(note.id)) == "Razors arrive."


async def test_undo_reverts_a_rolls_consequence_but_keeps_the_roll(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "karma"), 9)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#threshold", Input).value = "50"
        for _ in range(60):
            await pilot.press("r")
            await pilot.pause()
            if campaign.state["characters"]["kael"]["sheet"]["karma"] != 9:
                break
        moved = campaign.state["characters"]["kael"]["sheet"]["karma"]
        assert moved != 9
        assert moved == app.screen.query_one("#panel").last.karma_after
        rolls = sum(1 for e in campaign.journal if e.roll is not None)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert campaign.state["characters"]["kael"]["sheet"]["karma"] == 9
        assert sum(1 for e in campaign.journal if e.roll is not None) == rolls
        assert "Karma +9" in screen_text(app)


async def test_export_to_markdown_from_the_app(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r", "ctrl+e")
        await pilot.pause()
        target = app.session.campaign.directory / "journal.md"
        assert app.screen.query_one("#dialog-input", Input).value == str(target)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        text = Path(target).read_text(encoding="utf-8")
        assert text.startswith("# Table resolution")
        assert "Kael — score 3" in text


async def test_tabs_by_click_and_by_arrows(app_of) -> None:
    from meneur.tui.widgets.tabbar import TabBar

    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#tabs", TabBar)

        def shown() -> list[str]:
            panes = ("#panel", "#oracle-panel", "#tables-panel")
            return [pane for pane in panes if app.screen.query_one(pane).display]

        assert "▸Action◂" in screen_text(app)
        # " ▸Action◂  " then " Tables " starts at column 1 + 8 + 2 + 9 + 2 = 22.
        await pilot.click(bar, offset=(23, 0))
        await pilot.pause()
        assert shown() == ["#tables-panel"]
        assert "▸Tables◂" in screen_text(app)
        assert "▸Action◂" not in screen_text(app)
        bar.focus()
        await pilot.press("left")
        await pilot.pause()
        assert shown() == ["#oracle-panel"]
        await pilot.press("right", "right")
        await pilot.pause()
        assert shown() == ["#panel"]
        await pilot.press("r")  # the roll key follows the tab shown
        await pilot.pause()
        assert last_entry(app).kind == "roll"


@pytest.mark.long
async def test_a_long_journal_lists_its_latest_entries_and_earlier_ones_on_demand(
    app_of, monkeypatch
) -> None:
    # Measured: listing 200 entries before the first frame cost ~130 ms of start-up.
    import os

    from meneur.tui.widgets import journal as journal_module
    from meneur.tui.widgets.journal import EARLIER_ID, FIRST, LATER_ID

    # The window and its steps made small, the journal a few windows long.
    monkeypatch.setattr(journal_module, "WINDOW", 100)
    monkeypatch.setattr(journal_module, "EARLIER", 40)
    app = app_of("resolution")
    campaign = app.session.campaign
    with monkeypatch.context() as quick:
        quick.setattr(os, "fsync", lambda fd: None)  # building it, not testing it
        for number in range(1, 321):
            act.note(campaign, GM_SEAT, f"Note {number}")
    total = campaign.journal.last_id  # two arrivals, then the notes
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        journal = app.screen.query_one(JournalView)
        listing = journal.listing
        assert listing.option_count == FIRST + 1
        assert listing.get_option_at_index(0).id == EARLIER_ID
        assert f"▲ {total - FIRST} entrées plus anciennes" in str(
            listing.get_option_at_index(0).prompt
        )
        assert "Note 320" in screen_text(app)
        # Up past the first entry listed: the earlier ones join the list, above, the
        # highlight staying where it was; far enough up, the newest listed go.
        listing.focus()
        listing.highlighted = 1
        await pilot.press("up")
        await pilot.pause()
        assert len(journal.entries) == FIRST + 40
        assert listing.highlighted is not None
        assert journal.entries[listing.highlighted - 1].id == total - FIRST
        for _ in range(4):
            listing.highlighted = 1
            await pilot.press("up")
            await pilot.pause()
        assert len(journal.entries) == 100
        assert listing.get_option_at_index(listing.option_count - 1).id == LATER_ID
        newer = total - journal.entries[-1].id
        last_line = listing.get_option_at_index(listing.option_count - 1).prompt
        assert f"▼ {newer} entrées plus récentes" in str(last_line)
        # Home: the journal's very first entry; End: back to the newest.
        await pilot.press("home")
        await pilot.pause()
        assert journal.entries[0].id == 1
        assert listing.get_option_at_index(0).id == "1"
        assert listing.highlighted == 0
        await pilot.press("end")
        await pilot.pause()
        assert journal.entries[-1].id == total
        assert "Note 320" in screen_text(app)
        # The mouse wheel at the top lists earlier entries.
        first_listed = journal.entries[0].id
        listing.scroll_to(y=0, animate=False)
        await pilot.pause()
        wheel = events.MouseScrollUp(listing, 5, 5, 0, -1, 0, False, False, False)
        listing.post_message(wheel)
        await pilot.pause()
        assert journal.entries[0].id < first_listed
        # Down from the top of the journal to its end, listing at most the window.
        await pilot.press("home")
        await pilot.pause()
        for _ in range(8):
            listing.highlighted = listing.option_count - 1
            await pilot.pause()
            assert len(journal.entries) <= 100
        assert journal.entries[-1].id == total
        assert listing.get_option_at_index(listing.option_count - 1).id == str(total)
        # A search reaches back to the start, newest first, and lists what it finds as
        # it finds it; a rewritten note found there can be opened.
        await pilot.press("ctrl+f")
        await pilot.press(*"Note 3", "enter")
        await app.workers.wait_for_complete()
        await pilot.pause()
        texts = [entry.text for entry in journal.entries]
        assert texts[0] == "Note 320"
        assert texts[-1] == "Note 3"
        assert len(texts) == 1 + 10 + 21  # 3, 30–39 and 300–320
        assert f"{len(texts)} entrées trouvées" in screen_text(app)
        journal.listing.focus()
        await pilot.press("end", "enter")
        await pilot.pause()
        assert app.screen.query_one("#note-text", TextArea).text == "Note 3"


async def test_a_very_long_note_is_drawn_a_screen_at_most(app_of) -> None:
    # Stress-tested: a 1 MB note took 4.3 s and 208 MB to open. Notes are now bounded
    # when written; one written by hand past the bound still opens, drawn cut.
    from meneur.saves.journal import MAX_TEXT
    from meneur.tui.widgets.journal import SHOWN_CHARACTERS

    app = app_of("resolution")
    campaign = app.session.campaign
    act.note(campaign, GM_SEAT, "début " + "la nuit tombe sur Vranberg. " * (MAX_TEXT // 30))
    chunk = campaign.journal.chunk_path(1)
    huge = "ligne\n" * 200_000  # 1.2 MB, by hand
    chunk.write_text(
        chunk.read_text()
        + '\n[[entry]]\nid = 4\ntime = 2026-11-21T21:00:00+01:00\nkind = "note"\n'
        + f'text = """{huge}"""\n'
    )
    campaign.sync()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        journal = app.screen.query_one(JournalView)
        prompts = [str(journal.listing.get_option_at_index(i).prompt) for i in (-2, -1)]
        assert len(prompts[0]) < SHOWN_CHARACTERS + 200
        assert "caractères" in prompts[0]
        assert "début" in prompts[0]
        assert prompts[1].count("ligne") == 20
        hidden = len(huge) - len("\n".join(["ligne"] * 20))
        assert f"encore {hidden:,} caractères" in prompts[1]
        assert "la nuit tombe" in shown


async def test_the_journal_search_reads_what_a_reader_reads_and_escape_ends_it(
    app_of,
) -> None:
    """Play-tested: ctrl+f matched entries' titles only (not notes' results, people,
    threads), and Escape did not clear it."""
    from meneur.core.records import roll_seeded
    from meneur.core.resolution import rules as resolution
    from meneur.core.story import StoryItem
    from meneur.play import story
    from tests.waiting import until_app

    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    for key, name in (("people", "Alix la passeuse"), ("threads", "Retrouver la caravane")):
        act.change(campaign, GM_SEAT, story.add_item(key, StoryItem(name), f"{key}\u00a0: {name}"))
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 9)
    act.roll(campaign, GM_SEAT, record, "Escalader le mur")
    outcome = app.session.campaign.journal.latest(1)[0].roll["outcome"]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        journal = app.screen.query_one(JournalView)
        for wanted, found in (("passeuse", "Alix la passeuse"), ("caravane", "caravane")):
            await pilot.press("ctrl+f")
            field = app.screen.query_one("#journal-search", Input)
            field.value = wanted
            await pilot.press("enter")
            await until_app(pilot, lambda: "trouvée" in screen_text(app))
            assert [found in e.text or found in read(app, e) for e in journal.entries] == [True]
        # A roll is found by what it came to (seed 9 fails: "Échec sans effet…").
        assert outcome.startswith("failure")
        await pilot.press("ctrl+f")
        app.screen.query_one("#journal-search", Input).value = "sans effet secondaire"
        await pilot.press("enter")
        await until_app(pilot, lambda: "trouvée" in screen_text(app))
        assert [e.text for e in journal.entries] == ["Escalader le mur"]
        # Escape ends the search: the latest entries again, the keyboard in the list.
        await pilot.press("ctrl+f")
        await pilot.press("escape")
        await pilot.pause()
        assert not journal.found
        assert app.screen.query_one("#journal-search", Input).has_class("hidden")
        assert journal.listing.has_focus
        assert "Escalader le mur" in screen_text(app)


def read(app, entry) -> str:  # type: ignore[no-untyped-def]
    from meneur.play.reading import read_entry

    return read_entry(entry, app.session.campaign, app.session.strings.t).text


async def test_a_table_takes_real_dice_too(app_of) -> None:
    """Play-tested: physical dice were for the Action tab only. With them on (ctrl+d), a
    table asks for the faces of the player's dice, those its references roll included."""
    from meneur.tui.screens.dialogs import TextDialog

    app = app_of("traits")
    campaign = app.session.campaign
    butin = {"name": "Butin", "dice": "1d6", "entries": ["Rien"] * 5 + ["[[2d6]] pièces d'or"]}
    act.set_value(campaign, GM_SEAT, ("tables", "butin"), butin)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d", "colon", *"Butin", "enter")
        await until_app(pilot, lambda: isinstance(app.screen, TextDialog))
        assert "1d6" in Shown(" ".join(screen_text(app).split()))
        await pilot.press("6", "enter")  # the sixth entry rolls 2d6 more: asked for
        await until_app(
            pilot, lambda: "un d6 maintenant" in Shown(" ".join(screen_text(app).split()))
        )
        assert isinstance(app.screen, TextDialog)
        await pilot.press(*" 3 4", "enter")
        await until_app(pilot, lambda: not isinstance(app.screen, TextDialog))
        entry = last_entry(app)
        assert entry.roll["physical"] is True
        assert [d["face"] for d in entry.roll["dice"]] == [6, 3, 4]
        assert entry.roll["text"] == "7 pièces d'or"
        await until_app(pilot, lambda: "7 pièces d'or" in screen_text(app))


async def test_a_note_of_several_lines_in_markdown(app_of) -> None:
    """F9: a note of several lines, rendered as Markdown beside it; Esc once changed
    keeps it, a second Esc leaves; ctrl+s writes it; e on it rewrites it the same way."""
    from meneur.tui.screens.note_editor import NoteEditor

    app = app_of("resolution")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f9")
        await until_app(pilot, lambda: isinstance(app.screen, NoteEditor))
        await pilot.press(*"La caravane", "enter", "enter", "-", "space", *"trois", "space")
        await pilot.press("asterisk", "asterisk", *"chariots", "asterisk", "asterisk")
        await until_app(pilot, lambda: "• trois chariots" in screen_text(app))  # rendered
        await pilot.press("escape")  # changed: kept, and said so
        await until_app(pilot, lambda: "Échap de nouveau" in screen_text(app))
        assert isinstance(app.screen, NoteEditor)
        await pilot.press("ctrl+s")
        await until_app(pilot, lambda: not isinstance(app.screen, NoteEditor))
        entry = last_entry(app)
        assert (entry.kind, entry.text) == ("note", "La caravane\n\n- trois **chariots**")
        assert "La caravane" in screen_text(app)  # listed in the journal
        journal = app.screen.query_one(JournalView)
        journal.listing.focus()
        await pilot.press("end", "e")
        await until_app(pilot, lambda: isinstance(app.screen, NoteEditor))
        await pilot.press("ctrl+end", "enter", *"- un guide")
        await pilot.press("ctrl+s")
        await until_app(pilot, lambda: not isinstance(app.screen, NoteEditor))
        assert campaign.note_text(entry) == "La caravane\n\n- trois **chariots**\n- un guide"
        # Esc on an unchanged note leaves at once, writing nothing.
        last = campaign.journal.last_id
        await pilot.press("f9")
        await until_app(pilot, lambda: isinstance(app.screen, NoteEditor))
        await pilot.press("escape")
        await until_app(pilot, lambda: not isinstance(app.screen, NoteEditor))
        assert campaign.journal.last_id == last


async def test_the_journal_reads_a_notes_markdown(app_of) -> None:
    """Play-tested: the journal showed notes as typed (``**hurlent**``, ``## Au col``)."""
    from textual.widgets import OptionList

    app = app_of("resolution")
    act.note(app.session.campaign, app.session.seat, "## Au col\n\nLes loups **hurlent**.\n\n- un")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = screen_text(app)
        assert "Au col" in shown
        assert "Les loups hurlent." in shown
        assert "• un" in shown
        assert "**" not in shown
        assert "##" not in shown
        listing = app.screen.query_one("#journal-list", OptionList)
        prompt = listing.get_option_at_index(listing.option_count - 1).prompt
        bold = {
            prompt.plain[span.start : span.end]
            for span in prompt.spans
            if "bold" in str(span.style)
        }
        assert "hurlent" in bold


async def test_the_gms_library_is_listed_with_each_rows_chance_and_a_player_sees_none(
    app_of,
) -> None:
    """The library's tables sit beside the campaign's for the GM, marked as theirs; the
    highlighted table shows each row as the book prints it and its exact chance."""
    from textual.widgets import OptionList

    from meneur.play.library import import_into_library

    from .test_player_seat import player_app

    app = app_of("traits")
    book = app.session.campaign.directory.parent / "livre.md"
    book.write_text(
        "## Présages\n\n| d100 | Présage |\n|---|---|\n| 01-10 | Un corbeau |\n| 11-00 | Rien |\n",
        encoding="utf-8",
    )
    import_into_library(book)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        listing = app.screen.query_one("#table-list", OptionList)
        shown = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        mine = "Présages  2 lignes · votre bibliothèque · une autre table la tire par {presages}"
        assert mine in shown
        listing.highlighted = shown.index(next(s for s in shown if s.startswith("Présages")))
        await pilot.pause()
        rows = region_text(app, "#table-rows")
        assert rows == "01–10 10,0 % Un corbeau 11–00 90,0 % Rien"
    player = player_app(app.session.campaign.directory)
    async with player.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert "Présages" not in screen_text(player)


async def test_the_gm_imports_a_file_and_copies_a_table_from_the_tables_tab(app_of) -> None:
    """A file refused keeps the dialog open with its sentence; a good one is imported,
    and its table copied into the campaign for the GM alone, journaled."""
    from textual.widgets import OptionList

    app = app_of("traits")
    folder = app.session.campaign.directory.parent
    (folder / "cassé.md").write_text("## Butin\n| d6 | B |\n|--|--|\n| 1-3 | a |\n| 5-6 | b |\n")
    good = "## Butin\n| d6 | B |\n|--|--|\n| 1-4 | Or |\n| 5-6 | Rien |\n"
    (folder / "butin.md").write_text(good)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        app.screen.query_one("#import-tables").press()
        await pilot.pause()
        dialog = app.screen.query_one("#dialog-input", Input)
        dialog.value = str(folder / "cassé.md")
        await pilot.press("enter")
        await pilot.pause()
        assert "cassé.md : Butin : aucune ligne ne couvre 4 (avant la ligne 5 du fichier)" in (
            region_text(app, "#dialog-error")
        )
        dialog.value = str(folder / "butin.md")
        await pilot.press("enter")
        await until_app(pilot, lambda: "Butin" in screen_text(app))
        listing = app.screen.query_one("#table-list", OptionList)
        shown = [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]
        listing.highlighted = next(i for i, s in enumerate(shown) if s.startswith("Butin"))
        await pilot.pause()
        app.screen.query_one("#copy-table").press()
        await pilot.pause()
        await pilot.press("down", "enter")  # the GM's alone
        await until_app(pilot, lambda: "butin" in app.session.campaign.state["tables"])
        entry = last_entry(app)
        assert (entry.text, entry.visibility) == ("Table ajoutée\u00a0: Butin", "gm")
        assert app.session.campaign.state["tables"]["butin"]["gm"] is True
