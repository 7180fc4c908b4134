"""Snapshots of every screen at 80×24 and 120×40, seeded and on a fixed clock.

Regenerate after an intended change with ``pytest tests/tui --snapshot-update`` and look
at the SVGs in ``__snapshots__`` before committing them.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.story import move_tension
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.ticklist import TickList
from tests.waiting import steady

SIZES = [(80, 24), (120, 40)]


async def roll(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("r")
    await pilot.pause()


async def cosmos_roll(pilot: Pilot) -> None:
    await pilot.pause()
    stats = pilot.app.screen.query_one("#stats", TickList)
    stats.select("force")
    stats.select("agilite")
    await roll(pilot)


async def traits_roll(pilot: Pilot) -> None:
    await pilot.pause()
    pilot.app.screen.query_one("#trait", Choice).value = "Mêlée"
    await roll(pilot)


async def spherier_roll(pilot: Pilot) -> None:
    await pilot.pause()
    pilot.app.screen.query_one("#notation", Input).value = "[Mecanique](1, 3, 1h)"
    await roll(pilot)


async def systemj_roll(pilot: Pilot) -> None:
    await pilot.pause()
    pilot.app.screen.query_one("#value-of", Choice).value = "Détection"
    await roll(pilot)


async def oracle(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("f3")
    pilot.app.screen.query_one("#question", Input).value = "La porte est-elle verrouillée ?"
    await pilot.press("enter")  # F3 focused the question: Enter asks it
    await pilot.pause()


async def tables(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("f4")
    await roll(pilot)


async def help_screen(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("f1")
    await pilot.pause()


async def campaigns(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("ctrl+o")
    await pilot.pause()


async def physical_dice(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("ctrl+d", "r")
    await pilot.pause()
    await pilot.press(*"4 6 2")
    await pilot.pause()


async def settle(pilot: Pilot) -> None:
    """Wait until the picture no longer changes by itself."""
    # A blinking cursor would be caught on or off: the picture must not depend on it.
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await steady(pilot)


SCREENS = {
    "resolution": ("resolution", roll),
    "cosmos": ("cosmos", cosmos_roll),
    "traits": ("traits", traits_roll),
    "spherier": ("spherier", spherier_roll),
    "systemj": ("systemj", systemj_roll),
    "oracles": ("resolution", oracle),
    "tables": ("traits", tables),
    "help": ("resolution", help_screen),
    "campaigns": ("cosmos", campaigns),
    "physical-dice": ("resolution", physical_dice),
}


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("screen", list(SCREENS))
def test_screen(screen: str, size: tuple[int, int], app_of, snap_compare) -> None:
    system, before = SCREENS[screen]

    async def steady(pilot: Pilot) -> None:
        await before(pilot)
        await settle(pilot)

    assert snap_compare(app_of(system), terminal_size=size, run_before=steady)


# --- The creation wizard, one snapshot a step (Great Cosmos, seed 619: rerolls shown) ---


async def wizard_step(pilot: Pilot, step: str) -> None:
    """Walk the wizard up to ``step`` with fixed choices."""
    await pilot.pause()
    await pilot.press("ctrl+n")
    await pilot.pause()
    await pilot.press(*"Ysolde")
    path = ["pv_pm", "stats", "moves", "talents", "finish"]
    for reached in path[: path.index(step) + 1] if step != "identity" else []:
        await pilot.press("ctrl+n")
        await pilot.pause()
        if reached == "pv_pm" and step != "pv_pm":
            for _ in range(5):
                await pilot.press("space", "right")
        if reached == "talents" and step != "talents":
            for _ in range(4):
                await pilot.press("space", "down")
    if step == "pv_pm":
        await pilot.press("space", "right", "space")
    if step == "moves":
        await pilot.press("+", "+", "down", "-")
    if step == "talents":
        await pilot.press("space", "down", "space")
    await pilot.pause()


WIZARD_STEPS = ["identity", "pv_pm", "stats", "moves", "talents", "finish"]


def wizard_app(data_dir, **options: object):
    """A Great Cosmos campaign's app on seed 619 (its creation roll rerolls dice)."""
    from meneur.tui.app import make_app

    from .conftest import empty_cosmos_campaign

    return make_app(empty_cosmos_campaign(data_dir, **options), lang="fr", seed=619)


@pytest.mark.parametrize("step", WIZARD_STEPS)
def test_creation_wizard_step(step: str, data_dir, snap_compare) -> None:

    async def steady(pilot: Pilot) -> None:
        await wizard_step(pilot, step)
        await settle(pilot)

    assert snap_compare(wizard_app(data_dir), terminal_size=(80, 24), run_before=steady)


def test_creation_wizard_gene_tree(data_dir, snap_compare) -> None:

    async def steady(pilot: Pilot) -> None:
        await wizard_step(pilot, "moves")
        await pilot.press("-", "up", "ctrl+n")  # balance the moves, then the gene tree
        await pilot.pause()
        await pilot.press("+", "+", "down", "+", "down", "+")  # the last one is refused
        await settle(pilot)

    assert snap_compare(wizard_app(data_dir, dna=True), terminal_size=(100, 40), run_before=steady)


# --- Sheets: each system's, opened with F5 on Kael ---------------------------------------


async def open_sheet(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("f5")
    await pilot.pause()
    await settle(pilot)


@pytest.mark.parametrize("system", ["resolution", "cosmos", "traits", "spherier", "systemj"])
def test_sheet(system: str, app_of, snap_compare) -> None:
    assert snap_compare(app_of(system), terminal_size=(80, 24), run_before=open_sheet)


def test_cosmos_sheet_with_every_optional_tracker(campaign_of, snap_compare) -> None:
    from meneur.saves.schema import options_of
    from meneur.tui.app import make_app

    campaign = campaign_of("cosmos")
    for option, (kind, _) in options_of("cosmos").items():
        if kind is bool and campaign.state["options"][option] is not True:
            act.set_value(campaign, GM_SEAT, ("options", option), True)
    kael = ("characters", "kael", "sheet")
    act.set_value(campaign, GM_SEAT, (*kael, "race"), "sylvain")
    act.set_value(
        campaign, GM_SEAT, (*kael, "dna"), {"left": 2, "points": {"musculature": 2, "ossature": 1}}
    )
    mutation = {"gene": "ossature", "severity": "minor", "sign": "positive"}
    act.set_value(
        campaign, GM_SEAT, (*kael, "mutations"), [{**mutation, "effect": "light_modifier"}]
    )
    assert snap_compare(
        make_app(campaign, lang="en", seed=7), terminal_size=(100, 60), run_before=open_sheet
    )


def test_gene_tree_from_the_sheet(campaign_of, snap_compare) -> None:
    from meneur.tui.app import make_app

    campaign = campaign_of("cosmos")
    act.set_value(campaign, GM_SEAT, ("options", "dna"), True)
    dna = {"left": 2, "points": {"musculature": 2, "vision": 2}}
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "dna"), dna)

    async def steady(pilot: Pilot) -> None:
        await open_sheet(pilot)
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("down", "+", "down", "+")  # the second is refused: parent not X-X
        await settle(pilot)

    app = make_app(campaign, lang="fr", seed=7)
    assert snap_compare(app, terminal_size=(80, 24), run_before=steady)


# --- meneur watch: the audience's view, both layouts, at a stream's sizes ----------------

WATCH_SIZES = [(60, 17), (80, 24), (160, 45)]


def watch_app(campaign_of, layout: str):  # type: ignore[no-untyped-def]
    """A seeded table seen by its audience: a roll, twenty dice, a blind roll (announced),
    a GM-only tracker, a note, a private note."""
    from meneur.content.strings import strings
    from meneur.core.expressions import DiceInputs
    from meneur.core.expressions import roll as roll_expression
    from meneur.core.records import roll_seeded
    from meneur.core.resolution import rules as resolution
    from meneur.core.table_rules import GM_SEAT
    from meneur.core.visibility import AUDIENCE
    from meneur.play import act
    from meneur.saves.campaign import Campaign
    from meneur.saves.entry_parts import Secrecy
    from meneur.tui.watch import WatchApp

    with campaign_of("resolution") as campaign:
        act.set_value(
            campaign, GM_SEAT, ("trackers", "peur"), {"name": "Peur", "value": 2, "max": 5}
        )
        act.set_value(
            campaign, GM_SEAT, ("trackers", "menace"), {"name": "Menace", "value": 4, "gm": True}
        )
        act.note(campaign, GM_SEAT, "La caravane atteint le col au crépuscule.")
        test = resolution.ResolutionTest(score=3)
        record = roll_seeded(resolution.roll, test, 9)
        act.roll(campaign, GM_SEAT, record, "Escalader le mur du temple", character="kael")
        dice = roll_seeded(roll_expression, DiceInputs("20d6"), 3)
        act.roll(campaign, GM_SEAT, dice, "20d6", character="lyra")
        act.roll(campaign, GM_SEAT, record, "Embuscade", secrecy=Secrecy("gm", announced=True))
        act.note(campaign, GM_SEAT, "Alice cache la clé.", secrecy=Secrecy("private", "alice"))
        act.roll(campaign, GM_SEAT, record, "Convaincre le garde", character="lyra")
        directory = campaign.directory
    return WatchApp(Campaign.open(directory, write=False), strings("fr"), AUDIENCE, layout=layout)


@pytest.mark.parametrize("size", WATCH_SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("layout", ["stream", "table"])
def test_watch(layout: str, size: tuple[int, int], campaign_of, snap_compare) -> None:
    async def steady(pilot: Pilot) -> None:
        await settle(pilot)

    app = watch_app(campaign_of, layout)
    assert snap_compare(app, terminal_size=size, run_before=steady)


# --- Solo play: the story beside the party, the Oracles tab at the tension; a draft ------


def test_solo_story_and_tension(app_of, snap_compare) -> None:
    app = app_of("resolution")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "solo"), True)
    act.set_value(
        campaign,
        GM_SEAT,
        ("lists", "threads"),
        ["Retrouver la caravane", {"name": "Le traître", "progress": 3}],
    )
    act.set_value(campaign, GM_SEAT, ("lists", "people"), ["Alix"])
    act.set_value(
        campaign,
        GM_SEAT,
        ("trackers", "loups"),
        {"name": "Les loups", "kind": "clock", "value": 2, "max": 6},
    )
    act.set_value(
        campaign,
        GM_SEAT,
        ("trackers", "col"),
        {"name": "Le col", "kind": "track", "rank": "extreme", "value": 10, "max": 40},
    )
    act.change(campaign, GM_SEAT, move_tension(lambda _: 4, lambda b, a: f"Tension {b} → {a}"))

    async def steady(pilot: Pilot) -> None:
        await oracle(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=steady)


def test_draft_character(app_of, snap_compare) -> None:

    async def steady(pilot: Pilot) -> None:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.press(*"Mira", "enter")
        await pilot.pause()
        await settle(pilot)

    assert snap_compare(app_of("traits"), terminal_size=(100, 30), run_before=steady)


# --- The Luck view (F8): a Great Cosmos campaign's tests against their odds -----------------


@pytest.mark.parametrize("size", SIZES)
def test_luck_view(size: tuple[int, int], app_of, snap_compare) -> None:
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.records import roll_seeded

    from .conftest import screen_text

    app = app_of("cosmos")
    campaign = app.session.campaign
    for seed in range(1, 41):
        test = cosmos.CosmosTest(threshold=20 + seed)
        record = roll_seeded(cosmos.roll, test, seed)
        act.roll(campaign, GM_SEAT, record, f"Test {seed}", character=("kael", "lyra")[seed % 2])

    async def steady(pilot: Pilot) -> None:
        from tests.waiting import until_app

        await pilot.pause()
        await pilot.press("f8")
        await until_app(pilot, lambda: "Jets : 40" in screen_text(pilot.app))
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=steady)
