"""A player's app at a shared table: every action that is the GM's is refused by the
table (the campaign), whatever key, command or palette entry tried it, and nothing is
written; what is the player's works, as theirs."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meneur.content.strings import strings
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act
from meneur.play.presence import Presence
from meneur.play.session import Session
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError
from meneur.tui.app import MeneurApp
from meneur.tui.widgets.journal import JournalView
from tests.waiting import forget_told, told_messages, until_app

from .conftest import screen_text

ALICE = Seat("player", "alice", frozenset({"kael"}))


def campaign(directory: Path) -> Campaign:
    gm = Campaign.create(directory, system="resolution", name="Table")
    for ident, name in (("kael", "Kael"), ("mira", "Mira")):
        act.set_value(
            gm,
            GM_SEAT,
            ("characters", ident),
            {"name": name, "kind": "pc", "sheet": {"elements": {"Épée": 2}}},
        )
    act.note(gm, GM_SEAT, "Le MJ prépare la scène")
    return gm


def player_app(directory: Path) -> MeneurApp:
    session = Session(
        Campaign.open(directory),
        strings("fr"),
        random.Random(3),
        seat=ALICE,
        presence=Presence(),
        remote=True,
    )
    return MeneurApp(session)


def messages(app: MeneurApp) -> str:
    return told_messages(app)


async def test_every_gm_action_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    gm = campaign(tmp_path / "c")
    before = gm.journal.last_id
    app = player_app(gm.directory)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.acting == "kael"  # her own character acts first
        tried = [
            # In her language, one sentence, no key (it was "refused: alice takes…").
            ("ctrl+z", "Rien à annuler de votre part"),
            ("f7", "Aucun tour n'attend"),  # opening a turn
        ]
        for key, said in tried:
            forget_told(app)
            await pilot.press(key)
            await until_app(pilot, lambda said=said: said in messages(app), f"{key}: {said}")
            while len(app.screen_stack) > 1:  # a sheet or dialog it may have opened
                await pilot.press("escape")
                await pilot.pause()
            assert str(tmp_path) not in messages(app)  # nothing of the server's disk
        # What is the GM's is not offered: no quick NPC key, no GM command in the palette.
        footer = " ".join(b.binding.description for b in app.active_bindings.values())
        assert "PNJ" not in footer
        # A quick NPC, a new character, the server's campaigns, a file: the GM's.
        for key in ("f6", "ctrl+n", "ctrl+o", "ctrl+e"):
            assert key not in app.active_bindings, key  # pressed, it does nothing
        # ctrl+b makes her entries private, and says so (it said "Secret (MJ)").
        assert app.active_bindings["ctrl+b"].binding.description == "Privé (vous et le MJ)"
        titles = [command.title for command in app.get_system_commands(screen)]
        for gm_only in ("Nouvelle scène", "Nouvelle session", "Nouvelle horloge", "Nouveau fil"):
            assert not any(gm_only in title for title in titles), gm_only
        # u on the GM's note in the journal: take back another's change.
        journal = screen.query_one(JournalView)
        journal.listing.focus()
        journal.listing.highlighted = next(
            i for i, e in enumerate(journal.entries) if e.kind == "note"
        ) + int(journal.earlier)
        forget_told(app)
        await pilot.press("u")
        await until_app(
            pilot, lambda: "Vous ne reprenez que vos propres changements" in messages(app)
        )
        # Rolling for Bob's character, picked in the party.
        await pilot.press("ctrl+g", "down", "enter")
        await until_app(pilot, lambda: screen.acting == "mira")
        forget_told(app)
        await pilot.press("r")
        await until_app(pilot, lambda: "Ce personnage n'est pas le vôtre." in messages(app))
        assert "mira" not in messages(app)  # no internal key reaches her
        # Crafted writes straight to the campaign the app holds, as a palette entry or
        # a patched screen would make them: refused by the table all the same.
        held = app.session.campaign
        attempts = (
            lambda: act.mark(held, app.session.seat, "scene", "La scène du MJ"),
            lambda: act.set_value(
                held, app.session.seat, ("trackers", "alarme"), {"name": "Alarme", "value": 1}
            ),
            lambda: act.open_phase(held, app.session.seat, "Tour", ["Action"], ["kael"]),
            lambda: act.request_roll(held, app.session.seat, "Chance", ["kael"]),
        )
        for attempt in attempts:
            with pytest.raises(CampaignError, match="refused"):
                attempt()
        turn = str(
            act.open_phase(gm, GM_SEAT, "Tour", ["Action", "Mouvement"], ["kael", "mira"]).id
        )
        held.sync()
        with pytest.raises(CampaignError, match="refused: only the GM reveals"):
            act.reveal_phase(held, app.session.seat, turn)
        with pytest.raises(CampaignError, match="refused: mira is not one of alice's"):
            act.choose(held, app.session.seat, turn, "mira", "Action")
        before += 1  # the GM's own turn
        titles = [command.title for command in app.get_system_commands(screen)]
        assert "Capture d'écran" not in " ".join(titles)
        assert not any(title == "Campagnes" for title in titles)
    gm.sync()
    assert gm.journal.last_id == before  # nothing at all was written


async def test_what_is_hers_works_as_hers(tmp_path: Path) -> None:
    gm = campaign(tmp_path / "c")
    app = player_app(gm.directory)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        journal = app.session.campaign.journal
        start = journal.last_id
        await pilot.press("r")
        await until_app(pilot, lambda: journal.last_id == start + 1)
        await pilot.press("ctrl+b")  # private: hers and the GM's
        await pilot.press("colon", *"une note privée", "enter")
        await until_app(pilot, lambda: journal.last_id == start + 2)
        await pilot.press("ctrl+b")  # public again
        await pilot.press("ctrl+z")
        await until_app(pilot, lambda: journal.last_id == start + 3)
    gm.sync()
    roll, note, undo = gm.journal.latest(3)
    assert (roll.kind, roll.by, roll.character, roll.visibility) == (
        "roll",
        "alice",
        "kael",
        "public",
    )
    assert (note.kind, note.visibility, note.player) == ("note", "private", "alice")
    assert (undo.kind, undo.target) == ("undo", note.id)


async def test_the_gm_seats_a_player_from_the_app(tmp_path: Path) -> None:
    import subprocess

    from textual.widgets import Input

    from meneur.saves.table_file import read_table
    from meneur.tui.screens.dialogs import TextDialog

    gm = campaign(tmp_path / "c")
    key = tmp_path / "alice"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    session = Session(Campaign.open(gm.directory), strings("fr"), random.Random(3))
    app = MeneurApp(session)

    async def answer(text: str, *, refused: bool = False) -> None:
        # As pasted into the dialog's field (a key path is long to type key by key).
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        dialog.query_one(Input).value = text
        await pilot.press("enter")
        if refused:  # the dialog stays, saying why
            await until_app(pilot, lambda: str(dialog.query_one("#dialog-error").render()))
        else:
            await until_app(pilot, lambda: app.screen is not dialog)

    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.turns.action_seat_player()
        await until_app(pilot, lambda: isinstance(app.screen, TextDialog))
        for text in ("alice", "Alice"):
            await answer(text)
        await answer("pas une clé", refused=True)
        for text in (f"{key}.pub", "kael, nobody"):
            await answer(text)
        refusal = "nobody\u00a0: ce personnage n'est pas dans campaign.toml"  # in French
        await until_app(pilot, lambda: refusal in messages(app))
        assert app.screen is screen
        assert read_table(gm.directory, gm.state) is None  # nothing written
        screen.turns.action_seat_player()
        await until_app(pilot, lambda: isinstance(app.screen, TextDialog))
        for text in ("alice", "Alice", f"{key}.pub", "kael"):
            await answer(text)
        await until_app(pilot, lambda: "Alice peut rejoindre la table" in messages(app))
    table = read_table(gm.directory, gm.state)
    assert table is not None
    (seat,) = table.seats.values()
    assert (seat.name, set(seat.characters), table.names["alice"]) == ("alice", {"kael"}, "Alice")


async def test_a_players_screen_shows_nothing_of_the_gms_clocks_and_tables(
    tmp_path: Path,
) -> None:
    # Leaked: a player's Tables tab listed the GM's tables (and rolled on them), the
    # palette listed the GM's hidden clocks with their values.
    from tests.tui.conftest import screen_text

    gm = campaign(tmp_path / "c")
    act.set_value(gm, GM_SEAT, ("options", "solo"), True)
    act.set_value(
        gm,
        GM_SEAT,
        ("trackers", "piege"),
        {"name": "Piège du MJ", "kind": "clock", "value": 3, "max": 6, "gm": True},
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("tables", "secrets"),
        {"name": "Secrets du MJ", "entries": ["Traître"], "gm": True},
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("tables", "rumeurs"),
        {"name": "Rumeurs", "entries": ["On dit\u00a0: {secrets}"]},
    )
    act.set_value(gm, GM_SEAT, ("tables", "meteo"), {"name": "Météo du col", "entries": ["Pluie"]})
    app = player_app(gm.directory)
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        await pilot.press("f4")  # the Tables tab
        await until_app(pilot, lambda: "Météo du col" in screen_text(app), "tables listed")
        shown = screen_text(app)
        titles = " ".join(command.title for command in app.get_system_commands(app.screen))
        for secret in ("Piège du MJ", "Secrets du MJ", "Traître"):
            assert secret not in shown, secret
            assert secret not in titles, secret
        # A public table that rolls on the GM's is not offered either (its result
        # would show the GM's entries); that it exists is public, in the journal.
        from textual.widgets import OptionList

        listing = app.screen.query_one("#table-list", OptionList)
        listed = " ".join(
            str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)
        )
        assert "Météo du col" in listed
        assert "Rumeurs" not in listed
        assert "{meteo}" not in listed  # the key tables are rolled by is the GM's
    gm.close()


async def test_a_players_roll_says_who_sees_it_and_keeps_its_seed_until_the_session_ends(
    tmp_path: Path,
) -> None:
    # The panel showed every roll's seed: on a session's committed dice, a player who
    # collects them works towards the rolls to come.
    from tests.tui.conftest import screen_text

    gm = campaign(tmp_path / "c")
    act.mark(gm, GM_SEAT, "session", "Séance 1")
    app = player_app(gm.directory)
    app.session.rng = random.SystemRandom()  # live dice, as a connection's are
    app.session.chosen = False
    async with app.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        before = gm.journal.last_id
        await pilot.press("r")
        await until_app(pilot, lambda: "Vu par tous" in screen_text(app), "the roll's reader")
        shown = screen_text(app)
        gm.sync()
        written = gm.journal.entry(before + 1)
        assert written.roll is not None
        assert written.roll["draw"] == 1
        assert str(written.roll["seed"]) not in shown
        assert "graine montrée à la fin de la séance" in shown
    gm.close()


async def test_a_players_own_fatigue_and_moves_are_hers_and_anothers_sheet_is_not(
    tmp_path: Path,
) -> None:
    # This wave's Great Cosmos steps go through meneur.play and the campaign's seat rules:
    # a meal or a move for her own character is written as hers; marking Mira (a
    # Provocation abusive) touches another's sheet and is the GM's.
    gm = Campaign.create(
        tmp_path / "c",
        system="cosmos",
        name="Table",
        options={"endurance": True, "movement": True},
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("characters", "kael"),
        {"name": "Kael", "kind": "pc", "sheet": {"fp": 6, "combat": {"special": "sepulcrale"}}},
    )
    act.set_value(gm, GM_SEAT, ("characters", "mira"), {"name": "Mira", "kind": "pc", "sheet": {}})
    act.set_value(gm, GM_SEAT, ("characters", "kael", "sheet", "grid"), {"x": 0, "y": 0})
    app = player_app(gm.directory)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        from meneur.tui.widgets.choice import Choice

        screen = app.screen
        await pilot.click("#fatigue CollapsibleTitle")
        await pilot.pause()
        screen.query_one("#fatigue-event", Choice).value = "meal"
        screen.query_one("#fatigue-apply").press()
        await pilot.pause()
        entry = Campaign.open(gm.directory, write=False).journal.latest(1)[0]
        assert (entry.by, entry.text) == (
            "alice",
            "Kael\u00a0: Repas (−1 FP, −1 FM) · 1/3 aujourd'hui (FP 6 → 5, FM 0 → -1)",
        )
        await pilot.click("#grid CollapsibleTitle")
        await pilot.pause()
        from textual.widgets import Input

        screen.query_one("#grid-square", Input).value = "1,0"
        screen.query_one("#grid-move").press()
        await pilot.pause()
        state = Campaign.open(gm.directory, write=False).state
        assert state["characters"]["kael"]["sheet"]["grid"] == {"x": 1, "y": 0, "moved": 1}
        before = Campaign.open(gm.directory, write=False).journal.last_id
        await pilot.click("#combat CollapsibleTitle")
        await pilot.pause()
        screen.query_one("#provoke-target", Choice).value = "mira"
        screen.query_one("#provoke").press()
        await until_app(
            pilot, lambda: "Ce personnage n'est pas le vôtre" in messages(app), "refused"
        )
        assert Campaign.open(gm.directory, write=False).journal.last_id == before
        assert "provoked_by" not in str(
            Campaign.open(gm.directory, write=False).state["characters"]["mira"]
        )


async def test_another_s_sheet_and_the_gm_s_note_open_read_only(tmp_path: Path) -> None:
    # Play-tested: a player opened Carol's sheet and the GM's note in the editor, and
    # was refused only on saving, with the undo's sentence.
    from meneur.tui.screens.note_editor import NoteEditor
    from meneur.tui.screens.sheet import SheetScreen
    from tests.tui.conftest import screen_text

    gm = campaign(tmp_path / "c")
    note = gm.journal.latest(1)[0]
    before = gm.journal.last_id
    app = player_app(gm.directory)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        app.screen.action_sheet("mira")
        await until_app(pilot, lambda: isinstance(app.screen, SheetScreen), "no sheet")
        sheet = app.screen
        assert "lecture seule" in screen_text(app).splitlines()[0]
        assert "Lecture seule\u00a0: ce personnage n'est pas le vôtre" in screen_text(app)
        for key in ("enter", "plus", "a", "delete"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is sheet, key  # no editor, no dialog
        await pilot.press("escape")
        await pilot.pause()
        app.screen.action_sheet("kael")  # her own opens to edit
        await until_app(pilot, lambda: isinstance(app.screen, SheetScreen), "no sheet")
        assert "lecture seule" not in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        app.screen.journal_desk.edit_note(note.id)
        await until_app(pilot, lambda: isinstance(app.screen, NoteEditor), "no editor")
        assert "Lecture seule\u00a0: cette note n'est pas la vôtre" in screen_text(app)
        await pilot.press(*"ajout", "ctrl+s")
        await pilot.pause()
        assert app.screen.typed == "Le MJ prépare la scène"  # nothing typed in it
        assert "Écrire" not in screen_text(app).splitlines()[-1]  # no key offers to save
    assert Campaign.open(gm.directory, write=False).journal.last_id == before


async def test_a_players_journal_offers_no_earlier_or_newer_entries_that_are_all_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The "▲ earlier" and "▼ newer" lines are offered to a player only for entries she
    may see: offered for the GM's secrets before and after hers, they told her that the
    GM had written some (and, reading back, that the GM was writing some now)."""
    from meneur.saves.entry_parts import Secrecy
    from meneur.tui.widgets import journal as journal_module
    from meneur.tui.widgets.journal import EARLIER_ID, LATER_ID

    gm = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    for number in range(2):  # the GM prepares, in secret, before anything she sees
        act.note(gm, GM_SEAT, f"Préparation {number}", secrecy=Secrecy("gm"))
    act.set_value(gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "kind": "pc", "sheet": {}})
    act.note(gm, GM_SEAT, "Le MJ prépare la scène")
    act.note(gm, GM_SEAT, "La nuit tombe")
    for number in range(3):  # and again after
        act.note(gm, GM_SEAT, f"Complot {number}", secrecy=Secrecy("gm"))
    app = player_app(gm.directory)
    async with app.run_test(size=(120, 36)) as pilot:
        journal = app.screen.query_one(JournalView)
        await until_app(pilot, lambda: len(journal.entries) == 3, "her three entries")
        ids = [journal.listing.get_option_at_index(i).id for i in range(3)]
        assert EARLIER_ID not in ids
        assert not journal.earlier
        assert not journal.later
        assert "plus anciennes" not in screen_text(app)
        # Home lists the journal's first entries a page at a time: a page of two, then
        # the "▼ newer" line for her third, and none past it for the GM's last three.
        monkeypatch.setattr(journal_module, "EARLIER", 2)
        journal.listing.focus()
        await pilot.press("home")
        await until_app(pilot, lambda: len(journal.entries) == 2, "her first two entries")
        assert journal.listing.get_option_at_index(2).id == LATER_ID
        assert "plus récentes" in screen_text(app)
        await pilot.press("down", "down")  # onto the "▼ newer" line: her third joins
        await until_app(pilot, lambda: len(journal.entries) == 3, "her third entry")
        assert not journal.later
        assert "plus récentes" not in screen_text(app)


async def test_a_players_cursor_stays_where_she_reads_when_the_gm_writes_a_secret(
    tmp_path: Path,
) -> None:
    """A player reading back in her journal stays on the entry she reads while the GM
    writes secrets she never sees, and follows to the end when an entry she may see
    comes: pulled to the end by the GM's secret, her cursor told her one was written."""
    from meneur.saves.entry_parts import Secrecy

    gm = campaign(tmp_path / "c")
    for number in range(5):
        act.note(gm, GM_SEAT, f"Note publique {number}")
    app = player_app(gm.directory)
    async with app.run_test(size=(120, 36)) as pilot:
        journal = app.screen.query_one(JournalView)
        public = gm.journal.last_id  # every entry so far is public
        await until_app(pilot, lambda: len(journal.entries) == public, "every entry")
        journal.listing.highlighted = 2  # she reads back, onto an older entry
        act.note(gm, GM_SEAT, "Le traître est Varn", secrecy=Secrecy("gm"))
        app.follow_now()
        await until_app(
            pilot,
            lambda: gm.journal.last_id == app.session.campaign.journal.last_id,
            "the GM's secret taken in",
        )
        await pilot.pause()
        assert journal.listing.highlighted == 2
        assert len(journal.entries) == public
        act.note(gm, GM_SEAT, "La nuit tombe")
        app.follow_now()
        await until_app(pilot, lambda: len(journal.entries) == public + 1, "the entry she sees")
        assert journal.listing.highlighted == journal.listing.option_count - 1
