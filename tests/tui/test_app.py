"""Opening, campaigns, help, languages, themes and the command palette."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.widgets import Input, Label, OptionList, Static

from meneur.core.table_rules import GM_SEAT
from meneur.play import act, settings
from meneur.saves.campaign import Campaign
from meneur.tui.app import make_app, open_campaign, start_app
from tests.waiting import PATIENCE, steady, told, until_app

from .conftest import dialog_text, fixed_clock, screen_text


async def test_the_first_run_creates_a_campaign_with_razors_and_later_runs_reopen_it(
    data_dir: Path,
) -> None:
    campaign = open_campaign(None, "fr", fixed_clock())
    assert campaign.directory == data_dir / "campaigns" / "default"
    assert campaign.system == "resolution"
    assert campaign.state["characters"]["razors"]["name"] == "Razors"
    app = make_app(campaign, lang="fr", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Première campagne" in text
        assert "Razors" in text
        assert "Arts martiaux (3)" in text
    again = open_campaign(None, "fr")
    assert again.directory == campaign.directory
    assert again.journal.last_id == campaign.journal.last_id
    again.close()


async def test_the_interface_speaks_english_with_french_rule_terms(app_of) -> None:
    app = app_of("resolution", lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Score to beat: 3" in text
        assert "Roll" in text
        assert "Complex (Complexe) 0" in text  # with the rule's French name beside
        assert "Help" in text


async def test_f1_lists_every_key(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        text = screen_text(app)
        assert "Aide — toutes les touches" in text
        for key in ("ctrl+z", "ctrl+y", "ctrl+e", "ctrl+o", "ctrl+p", "f2", "f3", "f4"):
            assert key in text.replace("^", "ctrl+"), key
        assert "? question" in text
        assert text.count("Copier le texte choisi") == 1  # ^c and super+c: one line
        assert "Palette" in text
        await pilot.press("escape")
        await pilot.pause()
        assert "Aide — toutes les touches" not in screen_text(app)


async def test_the_campaign_screen_creates_and_switches(app_of, data_dir: Path) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert "Campagnes" in screen_text(app)
        app.screen.query_one("#new-name", Input).value = "Les Ombres"
        app.screen.query_one("#new-system", OptionList).highlighted = 1  # Great Cosmos
        await pilot.pause()
        app.screen.query_one("#create-campaign").press()
        await pilot.pause()
        await pilot.pause()
        assert app.session.campaign.name == "Les Ombres"
        assert app.session.campaign.system == "cosmos"
        assert (data_dir / "campaigns" / "les-ombres" / "campaign.toml").is_file()
        assert "The Tale of Great Cosmos" in screen_text(app)
        await pilot.press("ctrl+o")
        await pilot.pause()
        listing = app.screen.query_one("#campaign-list", OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        listing.highlighted = next(
            i for i, ident in enumerate(ids) if ident and ident.endswith("resolution")
        )
        app.screen.query_one("#open-campaign").press()
        await pilot.pause()
        await pilot.pause()
        assert app.session.campaign.system == "resolution"


async def test_the_new_campaign_dialog_fits_80x24_and_offers_every_option(
    app_of, data_dir: Path
) -> None:
    # Play-tested: the Sphérier engine and the skill sheet could not be chosen, the Create
    # button was off screen at 80×24, and an empty name was refused without a word.
    from meneur.tui.widgets.selector import StepSelector

    app = app_of("resolution")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        text = screen_text(app)
        assert "Créer" in text
        assert "Ouvrir" in text
        for system in ("Résoudre une action", "Great Cosmos", "Les Traits", "Sphérier", "SYSTEMJ"):
            assert system in text
        app.screen.query_one("#create-campaign").press()
        await pilot.pause()
        assert "Donnez un nom à la nouvelle campagne." in screen_text(app)
        app.screen.query_one("#new-system", OptionList).highlighted = 3  # Le Sphérier
        await pilot.pause()
        engine = app.screen.query_one("#option-engine", StepSelector)
        engine.focus()
        await pilot.press("right")
        await pilot.pause()
        assert "Score au d20" in screen_text(app)
        app.screen.query_one("#new-name", Input).value = "Sphères"
        app.screen.query_one("#create-campaign").press()
        await pilot.pause()
        await pilot.pause()
        assert app.session.campaign.system == "spherier"
        assert app.session.campaign.state["options"]["engine"] == "d20"
        assert "Moteur\u00a0: Score de dé" in screen_text(app)


async def test_a_campaign_open_elsewhere_opens_too(app_of, data_dir: Path) -> None:
    other = Campaign.create(data_dir / "campaigns" / "held", system="traits")
    app = app_of("resolution")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        listing = app.screen.query_one("#campaign-list", OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        listing.highlighted = ids.index(str(other.directory))
        app.screen.query_one("#open-campaign").press()
        await pilot.pause()
        await pilot.pause()
        assert app.session.campaign.system == "traits"
        act.note(other, GM_SEAT, "written by the other process")  # both write, in turn
        await pilot.press("r")
        await pilot.pause()
        assert [e.id for e in app.session.campaign.journal] == [1, 2]


async def test_the_theme_is_chosen_and_remembered(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.theme = "meneur-contrast"
        await pilot.pause()
    assert settings.load()["theme"] == "meneur-contrast"
    again = app_of("traits")
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "meneur-contrast"


async def test_every_action_is_in_the_command_palette(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        for title in (
            "Lancer",
            "Annuler",
            "Rétablir",
            "Exporter",
            "Chercher",
            "Campagnes",
            "Aide",
            "Oracles",
            "Tables",
        ):
            assert title in titles


async def test_at_80_by_24_the_party_folds_into_the_panel(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one("#side").display
        assert "Kael" in screen_text(app)  # the panel's character picker
        await pilot.press("r")
        await pilot.pause()
        assert (
            app.session.campaign.journal.entry(app.session.campaign.journal.last_id).roll
            is not None
        )


@pytest.mark.parametrize(
    ("system", "line"),
    [
        ("cosmos", "PV 0, PM 0, Karma 0, Niveau 1"),
        ("systemj", "PV 0, Force 70, Résistance 61, Agilité 45"),
        ("traits", "Force 3, Mêlée 4, Agilité 2"),
    ],
)
async def test_the_party_lists_each_character_with_labelled_values(
    app_of, system: str, line: str
) -> None:
    app = app_of(system)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        party = " ".join(
            str(o.prompt).replace("\n", " ") for o in app.screen.query_one("#party").options
        )
        assert line in party
        assert "agilite" not in party  # a sheet's keys are never shown


async def test_the_campaign_list_shows_names_systems_and_unreadable_folders(
    app_of, data_dir: Path
) -> None:
    app = app_of("resolution")
    broken = data_dir / "campaigns" / "abimee"
    broken.mkdir(parents=True)
    (broken / "campaign.toml").write_text("system = ")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+o")
        await pilot.pause()
        text = screen_text(app)
        assert "Table resolution · Résoudre une action" in text
        assert "abimee  (illisible" in text
        await pilot.press("escape")
    assert (broken / "campaign.toml").read_text() == "system = "


async def test_textuals_own_palette_commands_are_translated(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Thème", "Quitter", "Capture d'écran"} <= titles
        assert "Theme" not in titles


@pytest.mark.parametrize("width", [80, 110])
async def test_the_key_bar_keeps_the_essential_keys(app_of, width: int) -> None:
    # Play-tested: at 110 columns Quit fell off the key bar.
    app = app_of("resolution")
    async with app.run_test(size=(width, 30)) as pilot:
        await steady(pilot)  # the bar settles after its burst of changes
        bar = screen_text(app).splitlines()[-1]
        for key in ("f1 Aide", "r Lancer", ": Commande", "^z Annuler", "^q Quitter"):
            assert key in bar
        assert len(bar) <= width


async def test_the_key_bar_follows_the_keys_and_clicks_press_them(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = screen_text(app).splitlines()[-1]
        assert "r Lancer" in bar
        journal_before = len(app.session.campaign.latest(1000))
        # A click on "r Lancer" rolls, as the key does.
        from meneur.tui.widgets.footer import KeyFooter

        footer = app.screen.query_one(KeyFooter)
        column = bar.index("r Lancer")
        await pilot.click(KeyFooter, offset=(column, 0))
        await pilot.pause()
        assert len(app.session.campaign.latest(1000)) == journal_before + 1
        await pilot.resize_terminal(80, 30)  # another width fits other keys
        await pilot.pause()
        narrow = screen_text(app).splitlines()[-1]
        assert len(narrow.rstrip()) <= 80
        assert "^q Quitter" in narrow
        assert footer.placed()
        assert footer.placed()[-1].end <= 80


async def test_f1_lists_the_keys_of_the_controls_too(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        help_screen = app.screen
        help_screen.query_one(".help").scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert "choisir un cran d'une échelle" in text  # 1–9
        assert "← →" in text
        assert "ouvrir une liste ▾" in text


async def test_the_english_interface_says_undo_in_english(app_of) -> None:
    # Play-tested: "Annulé" showed in the English interface.
    app = app_of("resolution", lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        text = screen_text(app)
        assert "Undone: Lyra arrive" in text
        assert "Annulé" not in text


async def test_a_note_s_control_characters_are_shown_as_pictures(app_of) -> None:
    """A note holding escape sequences is drawn with them visible (␛), never acted on
    (a name holds none: the rule of names refuses it)."""
    from meneur.play.errors import CampaignError

    app = app_of("resolution", lang="en")
    campaign = app.session.campaign
    with pytest.raises(CampaignError, match="must be one line without control characters"):
        act.set_value(campaign, GM_SEAT, ("name",), "Evil\x1b]2;pwned\x07", "renamed")
    act.note(campaign, GM_SEAT, "avant\x1b[2J\x1b[31mROUGE\u009bfin")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "avant␛[2J␛[31mROUGE<9B>fin" in text
        assert "\x1b" not in text


async def test_the_gm_s_quit_asks_first_while_people_are_at_the_served_table(
    tmp_path: Path,
) -> None:
    # Was: the GM's ctrl+q closed the whole table at once, players and all.
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import Present, Seat
    from meneur.play.presence import Presence
    from meneur.play.session import Session
    from meneur.saves.campaign import Campaign
    from meneur.tui.app import MeneurApp
    from meneur.tui.screens.dialogs import ListDialog

    presence = Presence()
    session = Session(
        Campaign.create(tmp_path / "c", system="resolution", name="Table"),
        strings("fr"),
        random.Random(1),
        presence=presence,
    )
    session.served = ["ssh -p 2222 127.0.0.1"]
    app = MeneurApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        alice = Present(Seat("player", "alice"), "Alice", "20:00", "127.0.0.1")
        presence.join(alice)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ListDialog)
        assert "Personnes connectées\u00a0: 1" in app.screen.title_text
        await pilot.press("enter")  # Rester
        await pilot.pause()
        assert app.is_running
        assert not isinstance(app.screen, ListDialog)
        presence.leave(alice)
        await pilot.press("ctrl+q")  # nobody left at the table: quits at once
        await pilot.pause()
    assert app.return_code == 0


async def test_who_comes_and_goes_is_said_on_the_list_s_edge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a wide table, someone joining or leaving is said on the edge of the list of
    who is there, covering nothing (no notice in a corner, where the journal's newest
    lines are); a full list keeps its height as one leaves; with the list folded away
    (a narrow terminal) it is a notice."""
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import Present, Seat
    from meneur.play.presence import Presence
    from meneur.play.session import Session
    from meneur.tui.app import MeneurApp
    from meneur.tui.widgets import presence as presence_module
    from meneur.tui.widgets.presence import PresenceList

    # Who came within the edge's few seconds is said together: the test's steps, slow on
    # a loaded machine, are all within them.
    monkeypatch.setattr(presence_module, "NOTICE_SECONDS", 10 * PATIENCE)

    presence = Presence()
    session = Session(
        Campaign.create(tmp_path / "c", system="resolution", name="Table"),
        strings("fr"),
        random.Random(1),
        presence=presence,
    )
    people = [
        Present(Seat("player", f"p{n}"), name, "20:00", "127.0.0.1")
        for n, name in enumerate(["Alice", "Bob", "Chloé", "Dan", "Éva", "Fred", "Gus", "Hugo"])
    ]
    app = MeneurApp(session)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        await pilot.pause()
        listed = app.screen.query_one(PresenceList)
        presence.join(people[0])
        await until_app(pilot, lambda: "Arrivée : Alice" in screen_text(app), "joined")
        presence.join(people[1])
        await until_app(pilot, lambda: "Arrivée : Bob, Alice" in screen_text(app), "both")
        presence.leave(people[0])
        await until_app(pilot, lambda: "Départ : Alice" in screen_text(app), "left")
        assert "● Bob 20:00" in screen_text(app)
        assert "● Alice" not in screen_text(app)
        assert not told(app)  # nothing in a corner
        for person in people[2:]:
            presence.join(person)
        await until_app(pilot, lambda: "Arrivée : Hugo" in screen_text(app), "all there")
        full = listed.outer_size.height
        presence.leave(people[3])
        await until_app(pilot, lambda: "Départ : Dan" in screen_text(app), "Dan left")
        assert "● Dan" not in screen_text(app)
        assert listed.outer_size.height == full
        await pilot.resize_terminal(90, 30)  # the side column folds away
        await until_app(pilot, lambda: not listed.is_on_screen, "folded")
        presence.leave(people[1])
        await until_app(pilot, lambda: "Bob a quitté" in screen_text(app), "a notice")
        # At the top, under the title: the journal's newest lines, at the bottom, stay.
        from textual.widgets._toast import Toast

        assert app.screen.query_one(Toast).region.y <= 3


async def test_the_gm_lets_someone_in_from_the_line_at_the_door(tmp_path: Path) -> None:
    """A join through an invite waits at the door: the GM's screen names who and from
    where, ctrl+t lets them in, the Refuse button turns the next one away; with the
    GM's app gone, nobody answers and a knock is refused at once."""
    import asyncio
    import random

    from meneur.content.strings import strings
    from meneur.core.table_rules import GM_SEAT, Seat
    from meneur.play import act
    from meneur.play.door import Door
    from meneur.play.presence import Presence
    from meneur.play.session import Session
    from meneur.saves.campaign import Campaign
    from meneur.tui.app import MeneurApp

    campaign = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    act.set_value(campaign, GM_SEAT, ("characters", "mira"), {"name": "Mira", "kind": "pc"})
    session = Session(campaign, strings("fr"), random.Random(1), presence=Presence())
    session.door = door = Door()
    app = MeneurApp(session)
    dana = Seat("player", "dana", frozenset({"mira"}))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert "veut entrer" not in screen_text(app)
        first = asyncio.ensure_future(door.knock("Dana", dana, "web", "192.0.2.7"))
        second = asyncio.ensure_future(door.knock("Dana", dana, "ssh", "192.0.2.8"))
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Dana (joueur·euse, Mira) veut entrer (dans le navigateur, depuis 192.0.2.7)" in text
        assert "1 autre qui attendent" in text
        await pilot.press("ctrl+t")
        assert await first is True
        await pilot.pause()
        assert "(par SSH, depuis 192.0.2.8)" in screen_text(app)
        await pilot.click("#refuse")
        assert await second is False
        await pilot.pause()
        assert "veut entrer" not in screen_text(app)
    assert await door.knock("Dana", dana, "ssh", "192.0.2.9") is False


async def test_a_phone_held_upright_gets_one_column(app_of) -> None:
    """At 48 columns (a phone's browser seat) the panel and the last results are one
    column: the journal under the panel, as wide as the screen, the roll button and the
    latest entry both on screen."""
    app = app_of("resolution", lang="fr")
    act.note(app.session.campaign, app.session.seat, "La porte grince.")
    async with app.run_test(size=(48, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one("#center").region
        journal = screen.query_one("#journal").region
        assert journal.y >= panel.bottom
        assert journal.width == 48
        text = screen_text(app)
        assert "Lancer" in text
        assert "La porte grince." in text


async def test_a_390_px_phone_shows_whole_words(app_of) -> None:
    """A phone's browser seat, 390 px wide, is 40 columns: the title, the ticks, the
    command line's hint and the keys show whole words (a part left out is said with
    "…"), never a word cut in two."""
    from meneur.tui.widgets.footer import KeyFooter

    app = app_of("resolution", lang="fr")
    async with app.run_test(size=(40, 44)) as pilot:
        await pilot.pause()
        await pilot.pause()
        rows = screen_text(app).splitlines()
        assert rows[0].strip() == "Table resolution — Résoudre une action"  # whole words
        text = "\n".join(rows)
        for tick in ("Typique (2ᵉ élément)", "De groupe"):
            assert tick in text
        hint = app.session.t("command.placeholder").replace("\xa0", " ")  # a blank cell
        shown = rows[-2].strip()
        assert shown.endswith("…")
        assert hint.startswith(shown[:-1])
        assert not hint[len(shown) - 1].isalnum()  # cut between two words
        keys = app.screen.query_one(KeyFooter).placed()
        assert len(keys) >= 3
        for _, end, key in keys:
            assert end <= 40
            assert f"{key.display} {key.description}" in rows[-1]


GONE_SAID = {
    "fr": (
        "La campagne de la dernière fois n'est plus là\u00a0: {moved} (déplacée, supprimée, "
        "ou sur un disque débranché). Choisissez-en une ici, ou créez-en une."
    ),
    "en": (
        "The campaign used last is gone: {moved} (moved, deleted, or on a disk not plugged "
        "in). Choose one here, or make one."
    ),
}


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_a_remembered_campaign_that_is_gone_opens_the_list_instead_of_refusing(
    data_dir: Path, tmp_path: Path, lang: str
) -> None:
    """The campaign used last was moved away: the app opens the default campaign (made
    for the occasion) with the campaigns list over it, whose first words, at its top
    above the list, say why; and remembers the default one from then on."""
    moved = tmp_path / "usb" / "campagne"
    Campaign.create(moved, system="traits", name="Sur la clé").close()
    from meneur.saves.locations import remember

    remember(moved)
    shutil.rmtree(tmp_path / "usb")
    app = start_app(None, lang, 1)
    title = {"fr": "Campagnes", "en": "Campaigns"}[lang]
    async with app.run_test(size=(120, 40)) as pilot:
        await until_app(pilot, lambda: title in screen_text(app), "the list")
        said = GONE_SAID[lang].format(moved=moved)
        notice = app.screen.query_one("#campaign-notice", Static)
        # The folder is cut where it meets the dialog's edge: compared without spaces.
        assert "".join(said.split()) in "".join(dialog_text(app).split())
        assert "".join(str(notice.render()).split()) == "".join(said.split())
        # First: right under the title, above the campaigns and the new campaign's form.
        heading = app.screen.query_one(".dialog-title", Label)
        listing = app.screen.query_one("#campaign-list", OptionList)
        assert heading.region.bottom <= notice.region.y
        assert notice.region.bottom <= listing.region.y
        assert str(app.screen.query_one("#campaign-problem", Static).render()) == ""
        first = {"fr": "Première campagne", "en": "First campaign"}[lang]
        assert first in screen_text(app)  # the one made, listed as the current one
    assert app.session.campaign.directory == data_dir / "campaigns" / "default"
    app.session.campaign.close()
    assert (data_dir / "current-campaign").read_text().strip() == str(
        (data_dir / "campaigns" / "default").resolve()
    )


def test_the_command_line_names_the_gone_campaign_and_how_to_choose_another(
    data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from meneur.cli.main import main
    from meneur.saves.locations import remember

    moved = tmp_path / "gone"
    Campaign.create(moved, system="traits", name="Partie").close()
    remember(moved)
    shutil.rmtree(moved)
    assert main(["note", "Le col est fermé"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert said == [
        f"meneur: error: the campaign used last is gone: {moved} (moved, deleted, or on a "
        "disk not plugged in); name another campaign's folder on the command line (meneur "
        "journal DIR), or choose one in the app (meneur, then ctrl+o)"
    ]
    assert not (data_dir / "campaigns").exists()  # nothing made or written in its place


async def test_ctrl_j_and_ctrl_g_pressed_before_the_journal_and_party_are_built_go_there(
    app_of, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a loaded machine the keys can come before the journal's list and the party are
    mounted (just after the first frame): the key builds them and moves there, where it
    once stopped the app on a missing widget."""
    from meneur.tui.screens.table import TableScreen
    from meneur.tui.widgets.journal_list import JournalList
    from meneur.tui.widgets.party import PartyList

    async def not_yet(self: TableScreen) -> None:  # the first frame's sequel, held back
        return None

    monkeypatch.setattr(TableScreen, "_after_first_frame", not_yet)
    app = app_of("resolution")
    async with app.run_test(size=(100, 32)) as pilot:
        assert not app.screen.query(JournalList)
        assert not app.screen.query(PartyList)
        await pilot.press("ctrl+j")
        await until_app(pilot, lambda: isinstance(app.focused, JournalList))
        await pilot.press("ctrl+g")
        await until_app(pilot, lambda: isinstance(app.focused, PartyList))


async def test_the_party_shown_again_while_the_side_column_is_taken_down_stops_nothing(
    app_of,
) -> None:
    """An app told to end just after its first frame takes its side column down while
    the party is being shown (SIGTERM then: 'no nodes match #party', seen by the docs'
    test): showing the party then does nothing."""
    from meneur.tui.widgets.party import PartyList

    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await until_app(pilot, lambda: app.screen.query(PartyList))
        await app.screen.query_one(PartyList).remove()
        app.screen.show_party()
        await pilot.pause()
        assert app.is_running


async def test_ctrl_c_outside_a_field_says_how_to_quit_in_the_reader_s_language(app_of) -> None:
    """Textual's own hint was English, its markup shown as typed ('[b]ctrl+q[/b]')."""
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+c")
        await until_app(pilot, lambda: told(app))
        assert [message for _, message in told(app)] == [
            "ctrl+q quitte meneur (ctrl+c copie dans un champ)"
        ]
