"""Character sheets on the real app: F5 opens the acting character's sheet; edits are
checked by the rules, saved at once, journaled and undoable; computed values follow;
the compact panel and the action panels see the change; F6 makes a quick NPC."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import replay_roll
from meneur.tui.app import make_app
from meneur.tui.screens.sheet import SheetScreen
from meneur.tui.widgets.compact_sheet import CompactSheet

from .conftest import Shown, fixed_clock, notices, screen_text


async def open_sheet(pilot: Pilot) -> SheetScreen:
    await pilot.pause()
    await pilot.press("f5")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SheetScreen)
    return screen


async def goto(pilot: Pilot, screen: SheetScreen, key: str, item: object = None) -> None:
    """Move the highlight to a row with the arrow keys, as a player would."""
    target = next(
        i for i, row in enumerate(screen.rows) if row and row.field.key == key and row.item == item
    )
    rows = screen.query_one("#sheet-rows", OptionList)
    while rows.highlighted != target:
        await pilot.press("down" if (rows.highlighted or 0) < target else "up")
    await pilot.pause()


async def type_in_dialog(pilot: Pilot, text: str) -> None:
    field = pilot.app.screen.query_one("#dialog-input", Input)
    field.value = text
    await pilot.press("enter")
    await pilot.pause()


def shown(app) -> str:
    """The screen's text with runs of spaces as one (labels are padded into columns)."""
    return Shown(" ".join(screen_text(app).split()))


def sheet_of(app, ident: str = "kael") -> dict:
    return app.session.sheet(ident)


async def test_traits_sheet_nudges_melee_and_parade_follows_then_undo(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        text = shown(app)
        assert "Fiche de Kael" in text
        assert "Parade instinctive 2" in text  # ceil(Mêlée 4 / 2)
        # The five attributes are always there, even those the sheet lacks.
        assert "Vigueur" in text
        assert "Savoir" in text
        await goto(pilot, screen, "traits", "Mêlée")
        await pilot.press("plus")
        await pilot.pause()
        assert sheet_of(app)["traits"]["Mêlée"] == 5
        assert "Parade instinctive 3" in shown(app)
        assert (
            Campaign.open(app.session.campaign.directory, write=False).state["characters"]["kael"][
                "sheet"
            ]["traits"]["Mêlée"]
            == 5
        )  # on disk at once
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert sheet_of(app)["traits"]["Mêlée"] == 4
        assert "Parade instinctive 2" in shown(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SheetScreen)
        # Back on the table, the journal shows the change and its undo.
        table = shown(app)
        assert "Mêlée 4 → 5" in table
        assert "Parade 2" in table  # the compact sheet beside the party


async def test_equipment_adds_to_parade_and_a_bad_line_is_refused_in_the_dialog(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        await goto(pilot, screen, "equipment")
        await pilot.press("a")
        await pilot.pause()
        await type_in_dialog(pilot, "Bouclier: force 1")
        error = str(app.screen.query_one("#dialog-error").render())
        assert "Équipement — Bouclier\u00a0: parade n ou endurance n est attendu" in error
        await type_in_dialog(pilot, "Bouclier: parade 2")
        assert isinstance(app.screen, SheetScreen)
        assert sheet_of(app)["equipment"] == {"Bouclier": {"parade": 2}}
        text = shown(app)
        assert "Parade 4" in text
        assert "Parade instinctive 2" in text
        await goto(pilot, screen, "equipment", "Bouclier")
        await pilot.press("delete")
        await pilot.pause()
        assert "equipment" not in sheet_of(app)


async def test_resolution_elements_added_renamed_and_offered_by_the_panel(campaign_of) -> None:
    campaign = campaign_of("resolution")
    act.set_value(campaign, GM_SEAT, ("options", "character_points"), True)
    app = make_app(campaign, lang="fr", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        await goto(pilot, screen, "elements")
        await pilot.press("enter")  # Enter on a table's heading adds a row
        await pilot.pause()
        await type_in_dialog(pilot, "Charisme 11")
        assert "Éléments\u00a0: de 0 à 10, pas 11" in str(
            app.screen.query_one("#dialog-error").render()
        )
        await type_in_dialog(pilot, "Charisme 2")
        assert sheet_of(app)["elements"]["Charisme"] == 2
        await goto(pilot, screen, "elements", "Pilotage")
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "Pilotage spatial 2")
        assert list(sheet_of(app)["elements"]) == [
            "Arts martiaux",
            "Muscles améliorés",
            "Pilotage spatial",
            "Charisme",
        ]
        await goto(pilot, screen, "points")
        await pilot.press("minus")
        await pilot.pause()
        assert "Points de personnage\u00a0: de 0 à 99, pas -1" in notices(app)
        await pilot.press("escape")
        await pilot.pause()
        from meneur.tui.widgets.choice import Choice

        offered = app.screen.query_one("#panel").query_one("#element", Choice)
        assert "Pilotage spatial" in [value for _, value in offered.options]


async def test_spherier_entries_typed_or_pasted_in_the_seeds_notation(app_of) -> None:
    app = app_of("spherier")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        await goto(pilot, screen, "abilities")
        await pilot.press("a")
        await pilot.pause()
        await type_in_dialog(
            pilot, "Coup d'estoc<Armes(Epées), Combat>; Esquive<Acrobatie, Réaction>"
        )
        assert sheet_of(app)["abilities"] == [
            "Coup d'estoc<Armes(Epées), Combat>",
            "Esquive<Acrobatie, Réaction>",
        ]
        await goto(pilot, screen, "skills", 1)
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "Bluff<+4, x>")
        assert "caractère 11\u00a0: il faut la Limite" in str(
            app.screen.query_one("#dialog-error").render()
        )
        await type_in_dialog(pilot, "Bluff<+6, 3>")
        assert sheet_of(app)["skills"][1] == "Bluff<+6, 3>"


async def test_systemj_cards_feed_the_parry_score(app_of) -> None:
    app = app_of("systemj")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        assert "Parade " not in shown(app)  # no weapon in hand
        await goto(pilot, screen, "cards")
        await pilot.press("a")
        await pilot.pause()
        assert "✎ Taper une carte" in shown(app)  # first in the list, before the deck
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "Épée courte [Équipement/Armes] DEF 5, dégâts 8")
        assert sheet_of(app)["cards"] == [
            {
                "name": "Épée courte",
                "family": "equipement",
                "category": "armes",
                "def": 5,
                "damage": "8",
            }
        ]
        # ((FOR×2)+RES+AGI)/5 + DEF = (140 + 61 + 45) // 5 + 5
        assert f"Parade {(140 + 61 + 45) // 5 + 5}" in shown(app)
        # The ten generic skills are on the sheet even when unset.
        assert "Sang-froid" in shown(app)
        # A card dealt from the campaign's deck (the shipped example here): the shield
        # brings the block.
        await goto(pilot, screen, "cards")
        await pilot.press("a")
        await pilot.pause()
        assert "Bouclier rond [Équipement/Armures] DEF 8" in shown(app)
        from meneur.content.systemj import example_deck

        position = list(example_deck()).index("bouclier_rond") + 1
        await pilot.press(*["down"] * position, "enter")
        await pilot.pause()
        assert sheet_of(app)["cards"][-1]["name"] == "Bouclier rond"
        # ((FOR×2)+(RES×2))/5 + DEF = (140 + 122) // 5 + 8
        assert f"Encaissement {(140 + 122) // 5 + 8}" in shown(app)


async def test_cosmos_limits_hold_and_mutation_points_roll_mutations(campaign_of) -> None:
    campaign = campaign_of("cosmos")
    act.set_value(campaign, GM_SEAT, ("options", "dna"), True)
    app = make_app(campaign, lang="fr", seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        await goto(pilot, screen, "karma")
        for _ in range(10):
            await pilot.press("plus")
        await pilot.pause()
        assert sheet_of(app)["karma"] == 10
        await pilot.press("plus")
        await pilot.pause()
        assert sheet_of(app)["karma"] == 10
        assert "Karma\u00a0: de -10 à 10, pas 11" in notices(app)
        await goto(pilot, screen, "stats.force")
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "85")
        assert "Force\u00a0: de 20 à 80, pas 85" in str(
            app.screen.query_one("#dialog-error").render()
        )
        await pilot.press("escape")
        await pilot.pause()
        entries = len(app.session.campaign.journal.latest(1000))
        await pilot.press("m")
        await pilot.pause()
        await type_in_dialog(pilot, "250")
        sheet = sheet_of(app)
        assert sheet["pmu"] == 50
        rolls = [e for e in app.session.campaign.journal.latest(1000)[entries:] if e.roll]
        assert len(rolls) == 2  # 250 Pμ: two mutation rolls
        # The second roll starts from what the first left: held mutations and karma.
        first = replay_roll(rolls[0].roll)
        assert replay_roll(rolls[1].roll).inputs.held == first.held
        assert replay_roll(rolls[1].roll).inputs.karma == first.karma_after
        last = replay_roll(rolls[-1].roll)
        from meneur.core.records import as_data

        assert sheet["mutations"] == [as_data(m) for m in last.held]
        assert sheet["karma"] == last.karma_after
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert sheet_of(app)["mutations"] == [as_data(m) for m in first.held]


async def test_the_affiliation_level_stops_at_the_affiliations_own_maximum(campaign_of) -> None:
    campaign = campaign_of("cosmos")
    act.set_value(campaign, GM_SEAT, ("options", "affiliation"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "affiliation"), "guilde")
    app = make_app(campaign, lang="fr", seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        await goto(pilot, screen, "affiliation_level")
        for _ in range(4):
            await pilot.press("plus")
            await pilot.pause()
        assert sheet_of(app)["affiliation_level"] == 3  # the merchants' guild's maximum
        assert "de 0 à 3, pas 4" in notices(app)


async def test_f6_makes_a_named_npc_with_rolled_stats_and_opens_its_sheet(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SheetScreen)
        npc = app.session.characters()[screen.character]
        assert npc["kind"] == "npc"
        assert npc["name"]
        (entry,) = app.session.campaign.journal.latest(1)
        record = replay_roll(entry.roll)
        assert dict(record.sheet) == npc["sheet"]
        assert f"Fiche de {npc['name']}" in shown(app)
        assert "Mêlée" in entry.text  # the journal line names the traits as the sheet does
        await goto(pilot, screen, "name")
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "Garde du pont")
        assert app.session.characters()[screen.character]["name"] == "Garde du pont"
        await pilot.press("escape")
        await pilot.pause()
        assert "Garde du pont" in shown(app)
        await pilot.press("ctrl+z", "ctrl+z")
        await pilot.pause()
        assert screen.character not in app.session.characters()


async def test_a_systemj_npcs_journal_line_says_its_attributes_labels(app_of) -> None:
    # Play-tested: the line read "agilite 53, rapidite 41", the sheet's raw keys.
    app = app_of("systemj")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        (entry,) = app.session.campaign.journal.latest(1)
        assert "Agilité" in entry.text
        assert "Rapidité" in entry.text
        assert "agilite" not in entry.text
        assert "rapidite" not in entry.text


async def test_no_character_no_sheet(data_dir) -> None:
    campaign = Campaign.create(
        data_dir / "campaigns" / "x", system="traits", name="Vide", clock=fixed_clock()
    )
    app = make_app(campaign, lang="en", seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert not isinstance(app.screen, SheetScreen)
        assert "No character" in notices(app)


async def test_cosmos_level_up_rolls_then_asks_then_applies_in_one_undoable_entry(
    app_of,
) -> None:
    from meneur.core.cosmos.levels import Pool
    from meneur.tui.widgets.choice import Choice
    from meneur.tui.widgets.panels.cosmos.level_up import LevelUpScreen

    app = app_of("cosmos")
    async with app.run_test(size=(120, 40)) as pilot:
        await open_sheet(pilot)
        before = dict(sheet_of(app)["stats"])
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LevelUpScreen)
        assert "Passage au niveau 2" in shown(app)
        await pilot.press("enter")  # the focused button rolls
        await pilot.pause()
        record = dialog.record
        assert record is not None
        assert len(record.stat_dice) == 2  # +1d10 to two stats (the default gain)
        assert f"Dés de stat\u00a0: {record.stat_dice[0]}, {record.stat_dice[1]}" in shown(app)
        assert f"Stat qui reçoit +{record.stat_dice[0]}" in shown(app)
        await pilot.press("escape")  # rolled dice are not thrown away
        await pilot.pause()
        assert app.screen is dialog
        # Play-tested: the dialog sat in the top left corner, over the header.
        box = dialog.query_one("#level-up").region
        assert box.x > 0
        assert box.y > 1
        assert "Les dés sont lancés" in shown(app)
        await pilot.press("enter")  # no stats chosen yet: refused, with the reason
        await pilot.pause()
        assert "choisissez deux stats différentes" in shown(app)
        dialog.query_one("#stat-1", Choice).value = "force"
        dialog.query_one("#stat-2", Choice).value = "esprit"
        if record.chance_bonus:
            dialog.query_one("#chance-pool", Choice).value = Pool.PM
        dialog.query_one("#level-go").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        sheet = sheet_of(app)
        assert sheet["level"] == 2
        assert sheet["stats"]["force"] == min(80, before["force"] + record.stat_dice[0])
        assert sheet["stats"]["esprit"] == min(80, before["esprit"] + record.stat_dice[1])
        assert sheet["pm_max"] == sum(record.chance_bonus)
        assert sheet["karma"] == record.karma_after
        (entry,) = app.session.campaign.journal.latest(1)
        assert replay_roll(entry.roll) == record
        assert "Kael passe au niveau 2" in entry.text
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert sheet_of(app)["stats"] == before
        assert "level" not in sheet_of(app)


async def test_a_bare_number_typed_on_a_row_sets_that_rows_value(app_of) -> None:
    app = app_of("systemj")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        await goto(pilot, screen, "skills", "Sang-froid")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press(*"60", "enter")  # the dialog's text is selected: typing replaces it
        await pilot.pause()
        assert sheet_of(app)["skills"] == {"Détection": 55, "Sang-froid": 60}


def cosmos_with_dna(campaign_of, **sheet: object) -> Campaign:
    """Kael on a Great Cosmos campaign with the genetic rule, ``sheet`` values added."""
    campaign = campaign_of("cosmos")
    act.set_value(campaign, GM_SEAT, ("options", "dna"), True)
    for key, value in sheet.items():
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", key), value)
    return campaign


async def test_dna_points_left_are_spent_in_the_gene_tree_and_confirmed_once(
    campaign_of,
) -> None:
    from meneur.tui.widgets.panels.cosmos.genes import GenesScreen

    campaign = cosmos_with_dna(campaign_of, dna={"left": 3, "points": {"musculature": 2}})
    app = make_app(campaign, lang="fr", seed=3)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_sheet(pilot)
        assert "Musculature dense X-X" in shown(app)  # the gene by its name, not its key
        await goto(pilot, screen, "dna", "musculature")
        await pilot.press("enter")  # Enter on a gene opens the tree there
        await pilot.pause()
        genes = app.screen
        assert isinstance(genes, GenesScreen)
        assert "Points d'ADN\u00a0: 3 à dépenser" in shown(app)
        # Vision nocturne is innate: after creation it is refused, with the reason.
        genes.query_one("#genes").highlight("vision")
        await pilot.press("+")
        await pilot.pause()
        assert "Vision nocturne est inné\u00a0: il ne s'active qu'à la création." in shown(app)
        genes.query_one("#genes").highlight("ossature")
        await pilot.press("+", "+", "-")  # the last one taken back before confirming
        await pilot.pause()
        assert "Points d'ADN\u00a0: 2 à dépenser (1 dépensé ici" in shown(app)
        entries = len(campaign.journal.latest(1000))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        assert sheet_of(app)["dna"] == {"left": 2, "points": {"musculature": 2, "ossature": 1}}
        (entry,) = campaign.journal.latest(1000)[entries:]
        assert entry.text == "Kael — ADN\u00a0: Ossature renforcée X-O (2 points restants)"
        # Confirmed: the tree no longer takes that point back.
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("#genes").highlight("ossature")
        await pilot.press("-")
        await pilot.pause()
        assert "Les points de Ossature renforcée sont confirmés" in shown(app)
        await pilot.press("+", "escape")  # Escape spends nothing
        await pilot.pause()
        assert sheet_of(app)["dna"]["left"] == 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert sheet_of(app)["dna"] == {"left": 3, "points": {"musculature": 2}}


async def test_no_dna_point_left_says_where_points_come_from(campaign_of) -> None:
    app = make_app(cosmos_with_dna(campaign_of), lang="en", seed=3)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_sheet(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "Kael has no DNA point to spend: levels 3, 6 and 9 give some." in notices(app)


async def test_catalogue_keys_genes_and_mutations_show_by_their_names(campaign_of) -> None:
    campaign = cosmos_with_dna(
        campaign_of,
        race="sylvain",
        talents=["pistage", "Chant des baleines"],
        dna={"left": 0, "points": {"regeneration": 3}},
        mutations=[
            {
                "gene": "vision",
                "severity": "minor",
                "sign": "negative",
                "effect": "light_side_effect",
                "irreversible": True,
            }
        ],
        ultimates=["zombie"],
    )
    app = make_app(campaign, lang="fr", seed=3)
    async with app.run_test(size=(120, 50)) as pilot:
        screen = await open_sheet(pilot)
        text = shown(app)
        assert "Race Sylvain" in text
        assert "Pistage" in text  # a talent of the catalogue, by its name
        assert "Chant des baleines" in text  # a talent typed on the sheet, as typed
        assert "Régénération X-X+1" in text
        assert "μ Vision nocturne mineure négative, Effet secondaire léger (irréversible)" in text
        assert "Mutation ultime Zombie" in text
        # A race typed by its name is stored by its key.
        await goto(pilot, screen, "race")
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "titan")
        assert sheet_of(app)["race"] == "titan"
        await goto(pilot, screen, "race")
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "Nain des collines")  # not in the catalogue: as typed
        assert sheet_of(app)["race"] == "Nain des collines"


async def test_computed_values_can_be_reached_and_say_they_are_not_typed(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_sheet(pilot)
        await pilot.press("end")
        await pilot.pause()
        assert screen.current is not None
        assert screen.current.field.term == "sheet.section.derived"
        assert "Déplacement" in shown(app)  # the last computed value is in sight
        before = dict(sheet_of(app))
        await pilot.press("enter", "plus", "delete")
        await pilot.pause()
        assert sheet_of(app) == before
        assert "Valeur calculée depuis la fiche" in notices(app)


async def test_level_5_moves_points_between_stats_and_splits_light_and_dark(
    campaign_of,
) -> None:
    from meneur.tui.widgets.choice import Choice
    from meneur.tui.widgets.panels.cosmos.level_up import LevelUpScreen

    campaign = campaign_of("cosmos")
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "level"), 4)
    app = make_app(campaign, lang="fr", seed=5)
    async with app.run_test(size=(100, 40)) as pilot:
        await open_sheet(pilot)
        before = dict(sheet_of(app)["stats"])
        await pilot.press("l")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LevelUpScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert "Points déplacés\u00a0: 0 sur 10" in shown(app)
        dialog.query_one("#moves").focus()
        await pilot.press("+", "+", "+", "down", "-", "-", "-")  # Force +3, Esprit −3
        await pilot.pause()
        assert "Points déplacés\u00a0: 3 sur 10" in shown(app)
        dialog.query_one("#light", Choice).value = 2
        dialog.query_one("#level-go").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        sheet = sheet_of(app)
        assert sheet["level"] == 5
        assert sheet["stats"]["force"] == before["force"] + 3
        assert sheet["stats"]["esprit"] == before["esprit"] - 3
        assert (sheet["light"], sheet["dark"]) == (1 + 2, 1 + 1)


async def test_what_an_element_is_typical_for_is_written_and_shown_by_the_panel(app_of) -> None:
    app = app_of("resolution")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_sheet(pilot)
        assert "Points de personnage" not in shown(app)  # the option is off
        await goto(pilot, screen, "typical")
        await pilot.press("enter")
        await pilot.pause()
        await type_in_dialog(pilot, "Arts martiaux 3")  # a number is not what it is for
        assert "Typique pour\u00a0: un nom, «\u00a0:\u00a0» puis un texte" in str(
            app.screen.query_one("#dialog-error").render()
        )
        await type_in_dialog(pilot, "Arts martiaux: combat à mains nues")
        assert sheet_of(app)["typical"] == {"Arts martiaux": "combat à mains nues"}
        await pilot.press("escape")
        await pilot.pause()
        assert "Typique pour\u00a0: combat à mains nues" in shown(app)  # Arts martiaux is chosen


async def test_a_character_point_is_spent_to_narrate_and_given_back_on_a_veto(
    campaign_of,
) -> None:
    campaign = campaign_of("resolution")
    act.set_value(campaign, GM_SEAT, ("options", "character_points"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "points"), 1)
    app = make_app(campaign, lang="fr", seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#spend-point")
        await pilot.pause()
        assert sheet_of(app)["points"] == 0
        (entry,) = campaign.journal.latest(1)
        assert entry.text == (
            "Kael dépense un point de personnage pour narrer les conséquences (1 → 0)"
        )
        assert "Points de personnage 0" in shown(app)  # the compact sheet follows
        await pilot.click("#spend-point")
        await pilot.pause()
        assert sheet_of(app)["points"] == 0
        assert "Plus de point de personnage" in notices(app)
        await pilot.click("#veto-point")
        await pilot.pause()
        assert sheet_of(app)["points"] == 1
        assert "Veto du MJ" in campaign.journal.latest(1)[0].text


async def test_a_genes_numbers_count_on_the_sheet_and_in_the_test(campaign_of) -> None:
    """Play-tested: Musculature dense bought X-X ("+5 en Force par allèle actif") left
    the sheet and the test's threshold at Force 56. The example tree gives it as data:
    +5 an allele, counted, and said where from; a gene whose effect is words counts
    nothing."""
    from .conftest import screen_text as text_of

    campaign = cosmos_with_dna(
        campaign_of, dna={"left": 0, "points": {"musculature": 2, "ossature": 1}}
    )
    force = campaign.state["characters"]["kael"]["sheet"]["stats"]["force"]
    app = make_app(campaign, lang="fr", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stats = app.screen.query_one("#stats")
        # The panel's stat, as it counts and from what (ossature's effect is words).
        assert f"Force {force + 10} ({force} + 10 Musculature dense)" in text_of(app)
        stats.select("force")
        await pilot.pause()
        assert f"Seuil\u00a0: {force + 10}" in text_of(app)  # the test's threshold
        await pilot.press("r")
        await pilot.pause()
        rolled = campaign.journal.latest(1)[0].roll
        assert rolled["threshold"] == force + 10
        await open_sheet(pilot)
        assert f"Force {force + 10} ({force} + 10 Musculature dense)" in shown(app)


BRIEF = {
    "fr": "Force 89 (79 + 10 Musculature dense) — compte\u00a0: le plafond (80) ne borne que les"
    " 79 de la fiche",
    "en": "Strength 89 (79 + 10 Musculature dense) — counts: the cap (80) bounds only"
    " the sheet's 79",
}
"""The compact sheet's line for Force past the cap."""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "fr",
            "Force 89 (79 + 10 Musculature dense) — la valeur qui compte\u00a0: le plafond (80)"
            " borne les 79 de la fiche, les gènes s'y ajoutent au-delà",
        ),
        (
            "en",
            "Strength (Force) 89 (79 + 10 Musculature dense) — the value that counts: the cap"
            " (80) bounds the"
            " sheet's 79, the genes add beyond it",
        ),
    ],
)
async def test_a_stat_past_the_cap_says_which_value_counts(
    campaign_of, lang: str, said: str
) -> None:
    """Play-tested: Force 89 (79 + 10 Musculature dense) beside Plafond des stats 80,
    with nothing saying which applies. The cap bounds the sheet's value; the genes add
    on top, as the rule's bonuses do (docs/rulings.md, the Great Cosmos's genes): the line says
    so, and the test counts 89."""
    campaign = cosmos_with_dna(campaign_of, dna={"left": 0, "points": {"musculature": 2}})
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "stats", "force"), 79)
    app = make_app(campaign, lang=lang, seed=3)
    async with app.run_test(size=(200, 50)) as pilot:
        await pilot.pause()
        # The compact sheet beside the party says it too, briefly (issue 62).
        compact = str(app.screen.query_one("#compact", CompactSheet).content)
        assert BRIEF[lang] in compact.splitlines()
        await open_sheet(pilot)
        assert said in shown(app)
        cap = {"fr": "Plafond des stats 80", "en": "Stat cap (Plafond des stats) 80"}[lang]
        assert cap in shown(app)
    from meneur.content.cosmos import gene_tree_for
    from meneur.core.cosmos.sheet import current_stats

    sheet = campaign.state["characters"]["kael"]["sheet"]
    tree = gene_tree_for(campaign.directory)  # the tree the campaign plays with
    assert current_stats(campaign.state["options"], sheet, tree)["force"] == 89
