"""The Great Cosmos creation wizard, driven through the real app with seeded dice: every
step, its checks, rerolls shown, back steps that keep the dice, an illegal gene move
explained, the character saved and its creation roll journaled (one undo)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input

from meneur.core.cosmos.creation import CreationOptions, roll_creation
from meneur.core.records import roll_seeded
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.characters import character_key
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import record_part, replay_roll, roll_to_data
from meneur.tui.app import make_app
from meneur.tui.widgets.panels.cosmos.creation import CreationScreen

from .conftest import empty_cosmos_campaign, fixed_clock, screen_text

SEED = 619
"""The app's seed: its creation roll rerolls all ten PV/PM dice once (total 205) and
two stat dice on their own (5 → 62, 12 → 80)."""


def creation_of(seed: int):
    """The creation roll the app makes with ``seed`` (its first draw is the roll's seed)."""
    return roll_seeded(roll_creation, CreationOptions(), random.Random(seed).getrandbits(63))


def cosmos_app(data_dir: Path, **options: object):
    campaign = empty_cosmos_campaign(data_dir, **options)
    return make_app(campaign, lang="fr", seed=SEED), campaign


async def wizard(pilot: Pilot) -> CreationScreen:
    await pilot.press("ctrl+n")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, CreationScreen)
    return screen


async def advance(pilot: Pilot) -> None:
    await pilot.press("ctrl+n")
    await pilot.pause()


def problem(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one("#problem").render())


async def to_pv_pm(pilot: Pilot, name: str = "Ysolde") -> CreationScreen:
    screen = await wizard(pilot)
    await pilot.press(*name)
    await advance(pilot)
    return screen


async def split_first_five(pilot: Pilot) -> None:
    for _ in range(5):
        await pilot.press("space", "right")
    await pilot.pause()


def test_character_keys_are_plain_and_unique() -> None:
    # One way, whatever makes the character (the wizard, a draft, a quick NPC).
    assert character_key("Ysolde d'Aubépine", set()) == "ysolde_d_aubepine"
    assert character_key("Kael", {"kael"}) == "kael_2"
    assert character_key("…", set()) == "personnage"


async def test_the_wizard_walks_from_a_name_to_a_saved_character(data_dir: Path) -> None:
    app, campaign = cosmos_app(data_dir)
    dice = creation_of(SEED)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await wizard(pilot)
        assert "▸1 Identité◂" in screen_text(app)
        await advance(pilot)  # no name yet
        assert screen.step == "identity"
        assert "Donnez un nom" in problem(pilot)
        await pilot.press(*"Ysolde")
        await advance(pilot)

        # Step 2: the rejected attempt is shown, then the ten dice to split.
        assert screen.step == "pv_pm"
        text = screen_text(app)
        assert "Tentative 1\u00a0: 12 9 4 73 1 23 16 35 3 29 = 205, hors 250–750" in text
        assert f"Total {sum(dice.pv_pm.dice)}, dans 250–750\u00a0: accepté" in text
        await advance(pilot)
        assert screen.step == "pv_pm"
        assert "Donnez exactement 5 dés aux PM" in problem(pilot)
        await split_first_five(pilot)
        await pilot.press("space")  # a sixth die for PM is refused
        await pilot.pause()
        pm = sum(dice.pv_pm.dice[:5])
        assert f"PV {sum(dice.pv_pm.dice) - pm} · PM {pm} (5 dés sur 5 aux PM)" in screen_text(app)
        await advance(pilot)

        # Step 3: dice rerolled on their own show their chain.
        assert screen.step == "stats"
        text = screen_text(app)
        assert "[5 → 62]" in text
        assert "[12 → 80]" in text
        await pilot.press("right")  # Force takes die 2 (62), Esprit die 1 (78)
        await pilot.pause()
        assert screen.draft.assigned_stats()["force"] == 62
        await advance(pilot)

        # Step 4: move two points, unbalanced first.
        assert screen.step == "moves"
        await pilot.press("+", "+")
        await pilot.pause()
        assert "2 points ajoutés" in problem(pilot)
        await advance(pilot)
        assert screen.step == "moves"
        for _ in range(5):
            await pilot.press("down")
        await pilot.press("-", "-")
        await pilot.pause()
        assert "Points déplacés\u00a0: 2 sur 10" in screen_text(app)

        # Back to the dice and forward again: the same dice, the moves kept.
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert screen.step == "stats"
        assert screen.draft.creation == dice
        await advance(pilot)
        assert screen.draft.stats()["force"] == 64
        await advance(pilot)

        # Step 5: four talents; a fifth is refused.
        assert screen.step == "talents"
        for _ in range(5):
            await pilot.press("space", "down")
        await pilot.pause()
        assert len(screen.draft.talents) == 4
        assert "4 sur 4 choisis" in screen_text(app)
        await advance(pilot)

        # Step 6: money from the d100, changed by the GM; create.
        assert screen.step == "finish"
        money = screen.query_one("#money", Input)
        assert money.value == str(dice.money)
        # Play-tested: a number TOML cannot even store was accepted.
        money.value = "99999999999999999999999"
        await pilot.pause()
        await advance(pilot)
        assert screen.step == "finish"
        assert "L'argent est un nombre entier de 0 à 10000000." in screen_text(app)
        money.value = "120"
        await pilot.pause()
        assert "Ysolde · Humain · Guerrier" in screen_text(app)
        await advance(pilot)
        await pilot.pause()
        assert not isinstance(app.screen, CreationScreen)

        character = campaign.state["characters"]["ysolde"]
        sheet = character["sheet"]
        assert sheet["money"] == 120
        assert sheet["stats"]["force"] == 64
        assert sheet["stats"]["chance"] == dice.stats.dice[5] - 2
        assert (sheet["pv"], sheet["pm"]) == (sum(dice.pv_pm.dice) - pm, pm)
        assert len(sheet["talents"]) == 4
        (entry,) = campaign.journal.latest(1)
        assert entry.character == "ysolde"
        assert entry.roll is not None
        record = replay_roll(entry.roll)
        assert roll_to_data(record) == record_part(entry.roll)  # replays from its seed
        assert entry.roll["chosen_seed"] is True  # the app was given its seed (a test)
        assert record.pv_pm == dice.pv_pm
        assert record.stats == dice.stats
        assert record.inputs.pm_positions == (0, 1, 2, 3, 4)
        assert "Ysolde" in screen_text(app)  # in the party

        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "ysolde" not in campaign.state["characters"]


async def test_escape_on_the_first_step_leaves_without_a_trace(data_dir: Path) -> None:
    app, campaign = cosmos_app(data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await to_pv_pm(pilot)
        await pilot.press("escape")  # back to the identity step
        await pilot.pause()
        await pilot.press("escape")  # and out
        await pilot.pause()
        assert not isinstance(app.screen, CreationScreen)
    assert campaign.state["characters"] == {}


HARSH = """
[races.geant]
name = "Géant"
min = { force = 80 }
[races.humain]
name = "Humain"
[classes.sage]
name = "Sage"
min = { esprit = 80, charisme = 80 }
[talents.t]
name = "T"
"""


async def test_unreachable_limits_send_the_player_back_to_race_and_class(
    data_dir: Path,
) -> None:
    app, campaign = cosmos_app(data_dir)
    (campaign.directory / "cosmos.toml").write_text(HARSH, encoding="utf-8")
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await to_pv_pm(pilot)
        dice = screen.draft.creation
        await split_first_five(pilot)
        await advance(pilot)
        assert screen.step == "stats"
        assert "Aucune répartition de ces dés" in problem(pilot)
        await advance(pilot)
        assert screen.step == "stats"  # refused
        await pilot.press("ctrl+b", "ctrl+b")
        await pilot.pause()
        assert screen.step == "identity"
        screen.query_one("#race").highlighted = 1  # Humain
        await pilot.pause()
        await advance(pilot)
        await advance(pilot)
        assert screen.step == "stats"
        assert screen.draft.creation == dice  # the same dice
        assert "Aucune répartition" not in problem(pilot)


async def test_with_the_genetic_rule_dna_points_go_into_the_gene_tree(
    data_dir: Path,
) -> None:
    app, campaign = cosmos_app(data_dir, dna=True)
    dice = creation_of(SEED)
    async with app.run_test(size=(100, 50)) as pilot:
        screen = await to_pv_pm(pilot)
        assert "5 ADN" in screen_text(app)
        await split_first_five(pilot)
        for _ in range(3):
            await advance(pilot)
        assert screen.step == "talents"
        assert f"Points d'ADN\u00a0: {dice.dna_points} à dépenser" in screen_text(app)
        # Ossature renforcée (second row) needs Musculature dense at X-X first.
        await pilot.press("down", "+")
        await pilot.pause()
        assert "attend que son parent Musculature dense soit X-X" in problem(pilot)
        assert screen.draft.genome.left == dice.dna_points
        await pilot.press("up", "+", "+", "down", "+")
        await pilot.pause()
        assert screen.draft.genome.points["ossature"] == 1
        await pilot.press("-")  # taken back before creating
        await pilot.pause()
        assert screen.draft.genome.points["ossature"] == 0
        await advance(pilot)
        assert screen.step == "talents"
        left = dice.dna_points - 2
        s = "s" if left >= 2 else ""  # French: below two is one
        assert f"{left} point{s} d'ADN non dépensé{s}" in problem(pilot)
        # Spend all but one wherever they go: the warning comes again for the new count.
        view = screen.query_one("#genes")
        while screen.draft.genome.left > 1:
            from meneur.core.cosmos.genes import legal_additions

            key = legal_additions(view.gene_tree, screen.draft.genome, creation=True)[0]
            view.highlight(key)
            await pilot.press("+")
            await pilot.pause()
        await advance(pilot)
        assert "1 point d'ADN non dépensé" in problem(pilot)
        await advance(pilot)  # Next again keeps it
        assert screen.step == "finish"
        assert "1 point gardé pour plus tard" in screen_text(app)
        await advance(pilot)
    sheet = campaign.state["characters"]["ysolde"]["sheet"]
    assert sheet["dna"]["left"] == 1
    assert sum(1 for v in sheet["dna"]["points"].values() if v) >= 1
    assert sheet["pmu"] == 0
    assert sheet["talents"] == []  # no race or class natural talents for Humain/Guerrier


async def test_a_character_from_before_v4_arrives_as_typed_then_converts(data_dir: Path) -> None:
    # Play-tested: the conversion rebuilt the character at level 1 with new talents.
    app, campaign = cosmos_app(data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await wizard(pilot)
        await pilot.press(*"Vieux")
        # Off reads blank, on reads ✔: never a colour alone (it read "▐X▌" both ways).
        box = screen.query_one("#convert")
        assert str(box.render()).startswith("▐ ▌")
        box.value = True
        await pilot.pause()
        assert str(box.render()).startswith("▐✔▌")
        assert "PV/PM" not in str(screen.query_one("#steps").render())
        await advance(pilot)
        assert "Tapez les 4 statistiques" in problem(pilot)
        screen.query_one("#old-stats", Input).value = "84 45 40 60"  # 84: level 4 allows 85
        screen.query_one("#old-pv-pm", Input).value = "310 220"
        screen.query_one("#old-level", Input).value = "4"
        await advance(pilot)
        assert screen.step == "stats"
        arrived = campaign.state["characters"]["vieux"]["sheet"]
        assert (arrived["level"], arrived["stats"]["force"], arrived["pv"]) == (4, 84, 310)
        conversion = screen.draft.conversion
        assert conversion is not None
        assert screen.draft.assigned_stats()["precision"] == conversion.dice_roll.dice[0]
        await pilot.press("escape")  # the dice are rolled: no way out but converting
        await pilot.pause()
        assert app.screen is screen
        assert "dés de la conversion sont lancés" in problem(pilot)
        await advance(pilot)
        assert "sur 20" in screen_text(app)
        # Force may go up to the level's cap, 85: one point taken from Esprit.
        await pilot.press("plus", "down", "minus")
        await pilot.pause()
        await advance(pilot)
        assert app.screen is not screen
    sheet = campaign.state["characters"]["vieux"]["sheet"]
    assert sheet["level"] == 4
    assert (sheet["pv"], sheet["pm"]) == (310, 220)
    assert (sheet["stats"]["force"], sheet["stats"]["esprit"]) == (85, 44)
    assert sheet["stats"]["precision"] == conversion.dice_roll.dice[0]
    assert "talents" not in sheet  # nothing invented: the GM types what the character had
    arrival, converted = campaign.journal.latest(2)
    assert "tel qu'il était avant la v4" in arrival.text
    assert "Conversion de Vieux" in converted.text
    assert converted.roll is not None
    assert replay_roll(converted.roll).dice_roll.dice == conversion.dice_roll.dice


async def test_a_sheet_from_before_v4_converts_and_keeps_everything_else(
    data_dir: Path,
) -> None:
    from meneur.tui.screens.sheet import SheetScreen

    campaign = empty_cosmos_campaign(data_dir)
    old = {
        "level": 2,
        "stats": {"force": 50, "esprit": 45, "charisme": 40, "agilite": 60},
        "karma": -4,
        "talents": ["vigilance"],
        "light": 3,
        "pv": 200,
        "pv_max": 250,
    }
    act.set_value(campaign, GM_SEAT, ("characters", "ancien"), {"name": "Ancien", "sheet": old})
    app = make_app(campaign, lang="fr", seed=SEED)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("c")
        await pilot.pause()
        assert "Convertir Ancien" in screen_text(app)
        await pilot.press("enter")  # roll 2d100
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, CreationScreen)
        await advance(pilot)
        await advance(pilot)
        assert isinstance(app.screen, SheetScreen)
        await pilot.press("ctrl+z")  # one undo takes the conversion back
        await pilot.pause()
        assert "precision" not in campaign.state["characters"]["ancien"]["sheet"]["stats"]
        await pilot.press("ctrl+y")
        await pilot.pause()
    sheet = campaign.state["characters"]["ancien"]["sheet"]
    assert {k: v for k, v in sheet.items() if k != "stats"} == {
        k: v for k, v in old.items() if k != "stats"
    }
    assert set(sheet["stats"]) == {"force", "esprit", "charisme", "agilite", "precision", "chance"}


async def test_other_systems_are_told_the_wizard_is_great_cosmoss(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert not isinstance(app.screen, CreationScreen)


@pytest.mark.parametrize("lang", ["fr", "en"])
async def test_the_wizard_speaks_both_languages(data_dir: Path, lang: str) -> None:
    campaign = Campaign.create(
        data_dir / "campaigns" / "c", system="cosmos", name="c", clock=fixed_clock()
    )
    app = make_app(campaign, lang=lang, seed=SEED)
    async with app.run_test(size=(100, 40)) as pilot:
        await wizard(pilot)
        text = screen_text(app)
        assert ("Identité" if lang == "fr" else "Identity") in text
        # A rule's name: French alone in French; in English, English with the French name.
        assert ("Humain" if lang == "fr" else "Human (Humain)") in text
        assert ("(human)" if lang == "fr" else "Humain (human)") not in text


async def test_next_pressed_right_after_a_change_sees_that_change(data_dir: Path) -> None:
    # Keys typed fast arrive together: Next must see the change the key before it made.
    app, _ = cosmos_app(data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await wizard(pilot)
        await pilot.press(*"Ysolde", "ctrl+n")
        assert screen.step == "pv_pm"
        for _ in range(4):
            await pilot.press("space", "right")
        await pilot.pause()
        # Both keys at once, as a fast typist sends them (pilot.press waits in between).
        for key, char in (("space", " "), ("ctrl+n", None)):
            event = events.Key(key, char)
            event.set_sender(app)
            app._driver.send_message(event)
        await pilot.pause()
        assert screen.step == "stats"


async def test_leaving_after_the_dice_were_rolled_leaves_them_in_the_journal(
    data_dir: Path,
) -> None:
    """Play-tested: Escape back to the start and out, then a new creation, rolled new
    dice with no trace. The dice rolled stay in the journal, said as abandoned."""
    app, campaign = cosmos_app(data_dir)
    async with app.run_test(size=(100, 40)) as pilot:
        await to_pv_pm(pilot)
        before = campaign.journal.last_id
        await pilot.press("escape")  # back to the name
        await pilot.pause()
        assert isinstance(app.screen, CreationScreen)
        assert campaign.journal.last_id == before  # a step back is not leaving
        await pilot.press("escape")  # out of the wizard
        await pilot.pause()
        assert not isinstance(app.screen, CreationScreen)
        (entry,) = campaign.journal.since(before)
        assert entry.text == "Création abandonnée\u00a0: Ysolde (ses dés restent au journal)"
        assert entry.roll is not None
        assert entry.roll["seed"] == creation_of(SEED).seed
        assert campaign.state["characters"] == {}
        # Without dice rolled yet, leaving writes nothing.
        await wizard(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert campaign.journal.last_id == entry.id
