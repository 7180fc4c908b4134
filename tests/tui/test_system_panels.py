"""The other four panels at the table: Great Cosmos, Les Traits, Le Sphérier, SYSTEMJ."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from textual.widgets import Input

from meneur.content.outcomes import percent_text
from meneur.core.cosmos import rules as cosmos_rules
from meneur.core.table_rules import GM_SEAT
from meneur.core.traits import rules as traits
from meneur.play import act
from meneur.play.reading import read_entry
from meneur.saves.entry_parts import replay_roll
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.journal import JournalView
from meneur.tui.widgets.panels.base import ActionPanel
from meneur.tui.widgets.ticklist import TickList
from tests.waiting import until_app

from .conftest import notices, region_text, screen_text


def panel(app) -> ActionPanel:
    return app.screen.query_one("#panel", ActionPanel)


async def test_cosmos_mean_of_stats_karma_and_intuition(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "karma"), 9)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Karma +9" in screen_text(app)
        stats = app.screen.query_one("#stats", TickList)
        stats.select("force")
        stats.select("agilite")
        await pilot.pause()
        text = screen_text(app)
        assert "Seuil\u00a0: 58" in text  # floor((55 + 62) / 2)
        assert "[✔] Force 55" in text
        for _ in range(40):  # until a roll moves karma (a critical failure at +9)
            await pilot.press("r")
            await pilot.pause()
            record = panel(app).last
            if record.karma_after != record.inputs.karma:
                break
        assert record.inputs.karma in (9, 10)
        sheet_karma = campaign.state["characters"]["kael"]["sheet"]["karma"]
        assert sheet_karma == record.karma_after
        assert "Karma\u00a0: +" in screen_text(app)
        await pilot.click("#intuition")
        await pilot.pause()
        assert panel(app).last.system == "intuition"
        assert "Intuition 4" in screen_text(app)


async def test_cosmos_the_first_space_in_the_stats_ticks_the_first_stat(app_of) -> None:
    """Play-tested: the first Space in the list of stats did nothing until Down."""
    app = app_of("cosmos")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        stats = app.screen.query_one("#stats", TickList)
        while not stats.has_focus:  # reached from the keyboard, as a player does
            await pilot.press("tab")
        await pilot.press("space")
        await pilot.pause()
        first = stats.get_option_at_index(0)
        assert stats.selected == [first.value]
        assert str(first.prompt).startswith("[✔] ")
        await pilot.press("down", "space")
        await pilot.pause()
        assert len(stats.selected) == 2


async def test_a_failed_concentration_leaves_the_extreme_fatigue_whole(app_of) -> None:
    app = app_of("cosmos", seed=1)  # on these dice the passive Esprit test fails
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "endurance"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "fp"), 8)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#fatigue CollapsibleTitle")
        await pilot.pause()
        await pilot.click("#concentrated")
        await pilot.pause()
        tested = campaign.journal.latest(1)[0].roll
        assert tested is not None
        assert tested["success"] is False
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.pause()
        assert "Kael n'arrive pas à se concentrer" in notices(app)
        assert "Seuil\u00a0: 25 (fatigue physique extrême −30\u00a0%," in screen_text(app)
        # Under a mental exhaustion, no concentrating at all: refused, said, unticked.
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "fm"), 10)
        panel(app).character_changed()
        await pilot.click("#concentrated")  # off
        await pilot.click("#concentrated")  # on again
        await pilot.pause()
        assert "épuisement mental (FM 10)\u00a0: impossible de se concentrer" in notices(app)
        assert not app.screen.query_one("#concentrated").value


async def test_cosmos_fatigue_and_a_backlash_change_the_test_the_panel_rolls(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "endurance"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "fp"), 8)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.pause()
        text = screen_text(app)
        # Force 55 under an extreme physical fatigue: −30 %, critical failures from 86
        assert "Seuil\u00a0: 25 (fatigue physique extrême −30\u00a0%," in text
        assert "échecs critiques +5\u00a0%)" in text
        await pilot.press("r")
        await pilot.pause()
        record = panel(app).last
        assert (record.inputs.state_bonus, record.inputs.critical_failures) == (-30, 5)
        assert record.threshold == 25
        await pilot.click("#fatigue CollapsibleTitle")
        await pilot.pause()
        before = campaign.journal.last_id
        await pilot.click("#concentrated")
        await pilot.pause()
        # An extreme fatigue asks for a passive Esprit test first (docs/rules/cosmos.md#cosmos:
        # "doit réussir un jet d'esprit passif"), journaled; the halving follows its outcome.
        tested = campaign.journal.latest(1)[0]
        assert tested.id == before + 1
        assert tested.roll is not None
        assert tested.roll["inputs"]["names"] == ["esprit"]
        assert tested.text.startswith("Kael — Concentration\u00a0: jet d'Esprit passif")
        assert tested.roll["success"] is True  # on these dice (seed 7): passed
        text = screen_text(app)
        assert "Seuil\u00a0: 40 (fatigue physique extrême −15\u00a0%," in text
        assert "échecs critiques +2\u00a0%)" in text
        assert "Kael se concentre" in notices(app)
        await pilot.click("#fatigue CollapsibleTitle")
        act.set_value(
            campaign,
            GM_SEAT,
            ("characters", "kael", "sheet", "combat"),
            {"backlash": "illumination", "backlash_turns": 2},
        )
        panel(app).character_changed()
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.pause()
        assert "contre-coup de l'Illumination\u00a0: le personnage ne" in screen_text(app)
        rolled = campaign.journal.latest(1)[0].id
        await pilot.press("r")
        await pilot.pause()
        assert campaign.journal.latest(1)[0].id == rolled
        assert "ne peut pas agir" in notices(app)


async def test_cosmos_an_overloaded_inventory_lowers_agilite_in_tests(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "inventory"), True)
    # Force 55: 20 slots; 22 carried: 2 over, Agilité 62 − 10 = 52. Objects weigh 1 to 3
    # slots, a two-handed weapon 4 to 6 (one at most).
    carried = {
        "Hache": 6, "Caisses": 3, "Vivres": 3, "Tente": 3, "Cordes": 3, "Lanterne": 2,
        "Couvertures": 2,
    }  # fmt: skip
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "inventory"), carried)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Agilité 52 (62 − 10 surcharge)" in screen_text(app)
        app.screen.query_one("#stats", TickList).select("agilite")
        await pilot.pause()
        assert "Seuil\u00a0: 52" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert panel(app).last.inputs.stats == (52,)


async def test_cosmos_needs_a_stat_or_a_threshold(app_of) -> None:
    app = app_of("cosmos")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Choisissez une statistique" in screen_text(app)
        app.screen.query_one("#threshold", Input).value = "45"
        await pilot.pause()
        assert "Seuil\u00a0: 45" in screen_text(app)


async def test_cosmos_elemental_coefficient_and_a_figure_under_it(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Feu sur Feu" not in screen_text(app)  # folded until asked for
        await pilot.click("#elements CollapsibleTitle")
        await pilot.pause()
        assert "Feu sur Feu\u00a0: ×1" in screen_text(app)
        app.screen.query_one("#target", Choice).focus()
        for _ in range(4):  # Feu → Air → Eau → Terre → Glace
            await pilot.press("right")
        await pilot.pause()
        assert "Feu sur Glace\u00a0: ×2" in screen_text(app)
        app.screen.query_one("#figure", Input).focus()
        await pilot.press("1", "5")
        await pilot.pause()
        assert "15 × 2 = 30" in screen_text(app)
        assert campaign.journal.last_id == 2  # Kael and Lyra: looking rolls nothing
        app.screen.query_one("#acting", Choice).focus()
        await pilot.press("right")  # Air on Glace: ×0,75
        await pilot.pause()
        assert "Air sur Glace\u00a0: ×0,75" in screen_text(app)
        assert "15 × 0,75 = 11,25 → 11" in screen_text(app)


async def test_cosmos_a_campaigns_own_coefficient_is_said_as_such(app_of) -> None:
    app = app_of("cosmos", lang="en")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("elements",), {"glace": {"feu": -1.5}})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#elements CollapsibleTitle")
        target = app.screen.query_one("#target", Choice)
        target.value = "glace"
        app.screen.query_one("#figure", Input).value = "15"
        await pilot.pause()
        app.screen.query_one("#panel").scroll_end(animate=False)
        await pilot.pause()
        text = screen_text(app)
        assert "Fire on Ice: ×−1.5" in text
        assert "(the campaign's coefficient; the seed's: ×2)" in text
        assert "15 × −1.5 = −22.5 → −22" in text
        assert "(inverted: damage becomes healing)" in text


async def test_cosmos_piloting_odds_and_a_journaled_roll(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "piloting"), True)
    # A positive astral score needs its talent (docs/rules/cosmos.md#cosmos).
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "talents"), ["Pilote astral"])
    act.set_value(
        campaign,
        GM_SEAT,
        ("characters", "kael", "sheet", "piloting"),
        {"Planétaire": 3, "Astral": 5},
    )
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#piloting CollapsibleTitle")
        await pilot.pause()
        # A space fighter (d4, astral): Kael's 5 reaches its faces.
        assert "Score 5 ≥ d4\u00a0: réussite automatique" in screen_text(app)
        app.screen.query_one("#vehicle", Choice).value = "heavy"  # planetary, d10
        await pilot.pause()
        assert "Score 3 sur d10\u00a0: 30,0\u00a0% de réussite" in screen_text(app)
        app.screen.query_one("#copilots", Input).value = "4"
        app.screen.query_one("#stress", Choice).value = 1  # d10 → d12
        await pilot.pause()
        assert "Score 7 sur d12\u00a0: 58,3\u00a0% de réussite" in screen_text(app)
        before = campaign.journal.last_id
        await pilot.click("#pilot")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        assert entry.id == before + 1
        # Stored as its record, worded when read (in the reader's language).
        assert entry.text == ""
        words = read_entry(entry, campaign, app.session.strings.t).text
        assert words.startswith("Kael — Jet de pilotage")
        assert "Véhicule lourd" in words
        record = replay_roll(entry.roll)
        assert record.inputs.scores == (3, 4)
        assert record.dice[0].sides == 12
        assert f"d12\u00a0: {record.result} (score 7)" in screen_text(app)
        app.screen.query_one("#vehicle", Choice).value = "titan"
        app.screen.query_one("#stress", Choice).value = 2
        await pilot.pause()
        assert "Stress au-delà du d20\u00a0: échec automatique" in screen_text(app)


async def test_cosmos_aura_spent_rolled_cancelled_gained_and_reset(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "aura"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "aura"), 2)

    def points(ident: str, key: str) -> int:
        return int(campaign.state["characters"][ident]["sheet"].get(key, 0))

    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#aura CollapsibleTitle")
        await pilot.pause()
        assert "Points d'aura\u00a0: 2/4 · anti-aura\u00a0: 0" in screen_text(app)
        app.screen.query_one("#aura-target", Choice).value = "lyra"
        await pilot.click("#aura-use")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        assert entry.text == "Kael — Jet d'aura contre Lyra"
        record = replay_roll(entry.roll)
        assert record.system == "aura"
        # Lyra's race has no aura: she gains an anti-aura point, whatever the effect.
        assert (points("kael", "aura"), points("lyra", "anti_aura")) == (1, 1)
        assert "Points d'aura\u00a0: 1/4" in screen_text(app)
        await pilot.click("#aura-cancel")
        await pilot.click("#aura-use")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        assert entry.text == "Lyra annule l'aura de Kael (un point d'anti-aura)"
        assert entry.roll is None  # no aura roll when cancelled
        assert (points("kael", "aura"), points("lyra", "anti_aura")) == (0, 0)
        last = campaign.journal.last_id
        await pilot.click("#aura-use")
        await pilot.pause()
        assert "plus de point d'aura à dépenser" in notices(app)
        assert campaign.journal.last_id == last
        await pilot.click("#aura-gain")
        await pilot.pause()
        assert points("kael", "aura") == 1
        await pilot.click("#aura-reset")
        await pilot.pause()
        assert (points("kael", "aura"), points("kael", "anti_aura")) == (0, 0)
        assert "Points d'aura\u00a0: 0/4 · anti-aura\u00a0: 0" in screen_text(app)


async def test_cosmos_rounds_in_agilite_order_and_the_acting_character_follows(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "turn_order"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "lyra", "sheet", "extra_actions"), 1)
    act.set_value(campaign, GM_SEAT, ("characters", "lyra", "sheet", "stats", "agilite"), 40)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#round CollapsibleTitle")
        await pilot.pause()
        assert "Pas de round en cours" in screen_text(app)
        await pilot.click("#round-new")
        await pilot.pause()
        combat = campaign.state["combat"]
        assert combat["round"] == 1
        who = [(slot["who"], slot["position"]) for slot in combat["slots"]]
        assert who[:2] == [("kael", 62), ("lyra", 40)]
        assert who[2][0] == "lyra"  # her extra action: 40 − (4 + 1d6)
        assert 40 - 10 <= who[2][1] <= 40 - 5
        first = "kael"
        assert app.screen.query_one("#character", Choice).value == first
        entry = campaign.journal.latest(1)[0]
        assert entry.text.startswith("Round 1\u00a0: ")
        assert replay_roll(entry.roll).slots[0].ident == first
        await pilot.click("#round-next")
        await pilot.pause()
        second = campaign.state["combat"]["slots"][1]["who"]
        assert campaign.state["combat"]["current"] == 1
        assert app.screen.query_one("#character", Choice).value == second
        assert "Au tour de" in campaign.journal.latest(1)[0].text
        await pilot.click("#round-next")
        await pilot.click("#round-next")  # past the last slot: a new round is asked for
        await pilot.pause()
        assert "Fin du round 1" in notices(app)
        await pilot.click("#round-new")
        await pilot.pause()
        assert campaign.state["combat"]["round"] == 2
        assert "Round 2" in screen_text(app)


async def test_cosmos_the_gm_chooses_who_fights_and_sees_who_cannot_act(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "turn_order"), True)
    act.set_value(campaign, GM_SEAT, ("options", "endurance"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "lyra", "sheet", "fp"), 10)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#round CollapsibleTitle")
        await pilot.pause()
        who = app.screen.query_one("#round-who", TickList)
        assert sorted(who.selected) == ["kael", "lyra"]
        await pilot.click("#round-new")
        await pilot.pause()
        assert sorted(s["who"] for s in campaign.state["combat"]["slots"]) == ["kael", "lyra"]
        assert "Lyra 62 ✖ épuisé\u00a0: passe son tour" in screen_text(app)
        who.deselect("kael")
        await pilot.pause()
        await pilot.click("#round-new")
        await pilot.pause()
        assert [s["who"] for s in campaign.state["combat"]["slots"]] == ["lyra"]
        who.deselect("lyra")
        await pilot.pause()
        await pilot.click("#round-new")
        await pilot.pause()
        assert "Personne au combat" in notices(app)
        assert campaign.state["combat"]["round"] == 2


async def test_cosmos_sprint_multiplies_the_squares_by_its_agilite_test(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "movement"), True)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#sprint")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        record = replay_roll(entry.roll)
        assert record.inputs.stats == (62,)  # Kael's Agilité
        after = {"success": 8, "critical_success": 10, "super_critical_success": 12}.get(
            record.outcome, 4
        )
        assert entry.text == f"Kael — Sprint (Agilité 62)\u00a0: 4 → {after} cases"
        assert f"Déplacement\u00a0: 4 → {after} cases" in screen_text(app)


async def test_cosmos_fatigue_events_move_fp_and_fm_with_their_states(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "endurance"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "fp"), 5)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "fm"), 9)

    def gauges() -> tuple[int, int]:
        sheet = campaign.state["characters"]["kael"]["sheet"]
        return sheet["fp"], sheet["fm"]

    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.click("#fatigue CollapsibleTitle")
        await pilot.pause()
        assert "FP 5 Fatigue légère" in screen_text(app)
        assert "FM 9 Fatigue extrême" in screen_text(app)
        app.screen.query_one("#fatigue-event", Choice).value = "psychic_attack"  # +2 FM
        await pilot.click("#fatigue-apply")
        await pilot.pause()
        assert gauges() == (6, 10)  # FM 11 overflows: one to FP
        assert campaign.journal.latest(1)[0].text == (
            "Kael\u00a0: Attaque psychique subie (+2 FM) (FP 5 → 6, FM 9 → 10)"
        )
        assert "FM 10 Épuisement mental" in screen_text(app)
        app.screen.query_one("#fatigue-event", Choice).value = "full_rest"
        await pilot.click("#fatigue-apply")
        await pilot.pause()
        assert gauges() == (-1, 10)  # 8 hours do not lift exhaustion
        app.screen.query_one("#fatigue-event", Choice).value = "full_rest_12h"
        await pilot.click("#fatigue-apply")
        await pilot.pause()
        assert gauges() == (-3, 3)
        # a meal is counted in the day's three; a potion takes its grade
        app.screen.query_one("#fatigue-event", Choice).value = "meal"
        await pilot.click("#fatigue-apply")
        await pilot.pause()
        assert "repas 1/3, pauses 0/3 aujourd'hui" in screen_text(app)
        app.screen.query_one("#fatigue-event", Choice).value = "mana"
        await pilot.click("#fatigue-apply")
        await pilot.pause()
        assert "pas de qualité standard pour cette potion, seulement plus, max" in notices(app)
        app.screen.query_one("#fatigue-grade", Choice).value = "max"
        await pilot.click("#fatigue-apply")
        await pilot.pause()
        assert campaign.journal.latest(1)[0].text == (
            "Kael\u00a0: Potion de mana (+ −1, Max −2 FM) — Max (FP -3 → -3, FM 2 → 0)"
        )


@pytest.mark.long
async def test_cosmos_postures_light_and_dark_and_defences(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    for key, value in (("light", 1), ("dark", 1), ("level", 5), ("pv_max", 200)):
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", key), value)

    def sheet() -> dict:
        return campaign.state["characters"]["kael"]["sheet"]

    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#combat CollapsibleTitle")
        await pilot.pause()
        assert "Posture défensive  ·  Light 1 · Dark 1" in screen_text(app)
        assert "Esquive (agilité 62)\u00a0:" in screen_text(app)
        await pilot.click("#stance-toggle")
        await pilot.pause()
        assert sheet()["combat"] == {"posture": "offensive"}
        assert campaign.journal.latest(1)[0].text == "Kael\u00a0: Posture offensive"
        assert "Aucune défense possible" in screen_text(app)
        assert app.screen.query_one("#dodge").disabled
        await pilot.click("#stance-toggle")
        await pilot.click("#light-point")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        assert entry.text == "Kael consomme un Light point\u00a0: posture Illumination"
        assert replay_roll(entry.roll).system == "posture_die"  # the advantage d6
        assert sheet()["light"] == 0
        assert sheet()["combat"]["special"] == "illumination"
        assert "Karma +10" in screen_text(app)  # locked while in Illumination
        assert "Tour 1/3" in screen_text(app)
        for _ in range(3):
            await pilot.click("#turn-end")
            await pilot.pause()
        text = screen_text(app)
        assert "Contre-coup Illumination" in text
        assert "Pas de nouveau Light ou Dark point avant 2" in text
        before = campaign.journal.last_id
        await pilot.click("#dark-point")
        await pilot.pause()
        assert "Pas de nouveau Light ou Dark point avant 2 tours." in notices(app)
        assert campaign.journal.last_id == before
        await pilot.click("#turn-end")
        await pilot.click("#turn-end")
        await pilot.pause()
        app.screen.query_one("#attack", Choice).value = "critical_success"
        await pilot.click("#dodge")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        record = replay_roll(entry.roll)
        held = record.outcome in ("critical_success", "super_critical_success")
        assert entry.text.startswith("Kael — Esquive (agilité 62)\u00a0: ")
        assert ("la défense tient" in entry.text) == held
        await pilot.click("#dark-point")
        await pilot.pause()
        said = str(app.screen.query_one("#defence-odds").render())
        assert "Sépulcrale\u00a0: touché, de quelque façon que ce soit, le personnage peut" in said
        # The Final Skill is the panel's test, critical failures ignored, its odds shown.
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.pause()
        test = panel(app).build()
        final = cosmos_rules.odds(replace(test, final_skill=True)).probability_of(
            cosmos_rules.SUCCESSES
        )
        assert (
            f"Final Skill sur ce test\u00a0: {percent_text(final, 'fr')} de réussite"
            in screen_text(app)
        )
        await pilot.click("#final-skill")  # level 5: Sépulcrale ends at once
        await pilot.pause()
        rolled, entry = campaign.journal.latest(2)
        assert rolled.roll is not None
        assert rolled.roll["inputs"]["final_skill"] is True
        assert rolled.text.startswith("Kael — Final Skill (échecs critiques ignorés)\u00a0:")
        assert entry.text.startswith("Kael utilise son Final Skill — Apocalypse")
        assert sheet()["pv"] == 100  # no Revive fired: back with 50 % of max PV


async def test_cosmos_the_round_tracker_counts_a_postures_turns(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "turn_order"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "lyra", "sheet", "stats", "agilite"), 80)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "light"), 1)

    def stance(ident: str) -> dict:
        return campaign.state["characters"][ident]["sheet"].get("combat", {})

    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#combat CollapsibleTitle")
        await pilot.click("#light-point")  # Kael in Illumination: Frappe éclair
        await pilot.pause()
        await pilot.click("#combat CollapsibleTitle")
        await pilot.click("#round CollapsibleTitle")
        await pilot.pause()
        await pilot.click("#round-new")
        await pilot.pause()
        order = [slot["who"] for slot in campaign.state["combat"]["slots"]]
        assert order == ["kael", "lyra"]  # Agilité 62 before 80: Illumination acts first
        await pilot.click("#round-next")  # Kael's turn is over: his posture counts it
        await pilot.pause()
        assert stance("kael")["turns"] == 1
        assert campaign.state["combat"]["current"] == 1
        assert "Kael\u00a0: fin du tour" in campaign.journal.latest(1)[0].text


async def test_cosmos_a_progressive_sheet_buys_skills_parents_first(app_of) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "skill_sheet"), "progressive")
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "skill_points"), 4)

    def sheet() -> dict:
        return campaign.state["characters"]["kael"]["sheet"]

    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#tree CollapsibleTitle")
        await pilot.pause()
        assert "4 PC à dépenser · acquises\u00a0: —" in screen_text(app)
        choice = app.screen.query_one("#tree-skill", Choice)
        choice.value = "brasier"
        app.screen.query_one("#tree-unlock").press()
        await pilot.pause()
        assert "Brasier demande d'abord Flamme" in notices(app)
        choice.value = "flamme"
        # Pressed, not clicked: the refusal's notice may lie over the button.
        app.screen.query_one("#tree-unlock").press()
        await pilot.pause()
        assert (sheet()["skill_points"], sheet()["skills_owned"]) == (3, ["Flamme"])
        assert campaign.journal.latest(1)[0].text == "Kael débloque Flamme (1 PC)"
        app.screen.query_one("#tree-skill", Choice).value = "brasier"
        await pilot.pause()
        # the seed's required categories, shown before buying
        assert "Élémentaire (Feu, Air) · Offensif, Entravant" in screen_text(app)
        assert "· Majeur" in screen_text(app)  # wrapped at this width
        # an owned skill's upgrade, bought with the points
        app.screen.query_one("#tree-upgrade", Choice).value = ("flamme", "Portée accrue")
        app.screen.query_one("#tree-upgrade-buy").press()
        await pilot.pause()
        assert sheet()["skill_upgrades"] == {"Flamme": ["Portée accrue"]}
        assert campaign.journal.latest(1)[0].text == (
            "Kael améliore Flamme\u00a0: Portée accrue (1 PC)"
        )
        app.screen.query_one("#tree-skill", Choice).value = "brasier"
        app.screen.query_one("#tree-unlock").press()
        await pilot.pause()
        assert "Brasier coûte 3 PC, il en reste 2" in notices(app)
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "skill_points"), 3)
        panel(app).character_changed()
        await pilot.pause()
        app.screen.query_one("#tree-skill", Choice).value = "brasier"
        app.screen.query_one("#tree-unlock").press()
        await pilot.pause()
        assert (sheet()["skill_points"], sheet()["skills_owned"]) == (0, ["Flamme", "Brasier"])
        assert "0 PC à dépenser · acquises\u00a0: Flamme, Brasier" in screen_text(app)


async def test_cosmos_a_fixed_sheet_shows_the_groups_skills_and_the_own_final_skill(
    app_of,
) -> None:
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "skill_sheet"), "fixed")
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#group CollapsibleTitle")
        await pilot.pause()
        text = screen_text(app)
        assert "Groupes de la campagne\u00a0: Garde" in text  # the line wraps there at 120
        assert "impériale, Cercle des mages" in text
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "skill_group"), "garde")
        act.set_value(
            campaign, GM_SEAT, ("characters", "kael", "sheet", "final_skill"), "Rempart solaire"
        )
        panel(app).character_changed()
        await pilot.pause()
        text = screen_text(app)
        assert "Garde impériale" in text
        assert "Actives\u00a0: Coup précis, Enchaînement" in text
        assert "Passives\u00a0: Vigilance, Discipline" in text
        assert "Final Skill\u00a0: Rempart solaire" in text
        assert "Dernier rempart" not in text


async def test_traits_difficulty_from_an_opponents_parade_of_0(app_of) -> None:
    # Seed 001: without Mêlée a Parade is 0, and a Difficulty may be that Parade.
    app = app_of("traits")
    act.set_value(
        app.session.campaign,
        app.session.seat,
        ("characters", "lyra", "sheet", "traits"),
        {"Force": 2, "Vigueur": 3},
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        versus = app.screen.query_one("#versus", Choice)
        labels = [label for label, _ in versus.options]
        assert "Parade de Lyra (0)" in labels
        assert "Endurance de Lyra (2)" in labels
        versus.value = 0
        await pilot.pause()
        assert app.screen.query_one("#difficulty", Input).value == "0"
        text = screen_text(app)
        assert "Difficulté 0" in text
        assert "99.5" in text or "99,5" in text  # three dice: 215/216
        await pilot.press("r")
        await pilot.pause()
        assert panel(app).last.inputs.difficulty == 0


async def test_traits_forced_poker_is_pending_until_k_is_chosen(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#forced")
        await pilot.pause()
        for _ in range(60):  # until a 6 shows: the talent then forces the poker
            await pilot.press("r")
            await pilot.pause()
            if panel(app).last.poker_owed:
                break
        owed = panel(app).last
        assert owed.outcome == "pending"
        assert "En attente du Coup de poker forcé" in screen_text(app)
        campaign = app.session.campaign
        pending_entry = campaign.journal.last_id
        await pilot.press("r")  # refused: the roll on screen is not final
        await pilot.pause()
        assert panel(app).last is owed
        assert campaign.journal.last_id == pending_entry
        assert "choisissez combien de dés relancer" in notices(app)
        app.screen.query_one("#poker").press()
        await pilot.pause()
        made = panel(app).last
        assert made.poker >= 1
        assert made.outcome in ("success", "failure")
        assert campaign.journal.entry(campaign.journal.last_id).roll["outcome"] == made.outcome


async def test_r_in_a_number_field_rolls(app_of) -> None:
    # Play-tested: "r" typed in a number field was swallowed: no roll, no word.
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        field = app.screen.query_one("#difficulty", Input)
        field.focus()
        await pilot.press("r")
        await pilot.pause()
        assert panel(app).last is not None
        assert field.value == "4"  # nothing typed into it
        await pilot.press("5")
        assert field.value == "5"  # digits still go in (focusing the field selected its text)


async def test_traits_roll_then_coup_de_poker_with_its_odds(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#trait", Choice).value = "Mêlée"
        app.screen.query_one("#need", Input).value = "3"
        await pilot.pause()
        assert "4 dés, difficulté 4, réussites requises 3" in screen_text(app).lower()
        # Roll until a 6 shows and a Coup de poker is offered.
        for _ in range(60):
            await pilot.press("r")
            await pilot.pause()
            if panel(app).last.poker_limit:
                break
        first = panel(app).last
        assert first.poker_limit
        text = screen_text(app)
        assert "Coup de poker possible" in text
        assert "d'atteindre 3" in region_text(app, "#poker-odds")
        before = app.session.campaign.journal.last_id
        await pilot.click("#poker")
        await pilot.pause()
        pokered = panel(app).last
        assert pokered.poker == first.poker_limit  # the largest k is offered first
        assert [d.face for d in pokered.dice[: len(first.dice)]] == [d.face for d in first.dice]
        assert app.session.campaign.journal.last_id == before + 1
        # The same seed reproduces the first roll and its rerolls.
        rng = random.Random(pokered.seed)
        replayed = traits.with_poker(
            replace(traits.first_roll(pokered.inputs, rng), seed=pokered.seed), pokered.poker, rng
        )
        assert replayed == pokered


async def test_traits_fields_the_coup_de_poker_and_the_story_say_what_they_are(
    app_of,
) -> None:
    """Play-tested: the panel's three numbers stood unlabelled ("3   4   1"), the Coup de
    poker's control read "k ◀ 1/1 1 ▶", the ↻ under a rerolled die was in no legend, and
    the story did not say which trait was rolled."""
    from meneur.play.reading import read_entry

    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        from textual.widgets import Static

        labels = list(app.screen.query(".fields.labels .label").results(Static))
        fields = [
            app.screen.query_one(f"#{name}", Input) for name in ("pool", "difficulty", "need")
        ]
        assert [str(label.render()) for label in labels] == ["Dés", "Difficulté", "Requises"]
        for label, field in zip(labels, fields, strict=True):  # each over its own number
            assert (label.region.x, label.region.bottom) == (field.region.x, field.region.y)
        assert [field.value for field in fields] == ["3", "4", "1"]
        app.screen.query_one("#trait", Choice).value = "Mêlée"
        app.screen.query_one("#need", Input).value = "3"
        await pilot.pause()
        for _ in range(60):  # until a Coup de poker is offered
            await pilot.press("r")
            await pilot.pause()
            if panel(app).last.poker_limit:
                break
        assert panel(app).last.poker_limit
        offered = region_text(app, "#poker-k")
        assert offered.startswith("Dés à relancer ◀ ")
        assert "/" not in offered  # a number says itself: no "1/1 1"
        await pilot.click("#poker")
        await pilot.pause()
        dice = region_text(app, "#dice")
        assert "↻" in dice.split("✓ gardé")[0]  # under the rerolled dice
        assert "✓ gardé · ✗ écarté · ↻ relancé" in dice
        rolled = app.session.campaign.journal.latest(1)[0]
        said = read_entry(rolled, app.session.campaign, app.session.strings.t).text
        assert said == "Kael — Mêlée"


async def test_traits_opposed_test_is_played_step_by_step(app_of) -> None:
    app = app_of("traits")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")  # a simple roll first: its outcome and seed must not linger
        await pilot.pause()
        simple = panel(app).last
        app.screen.query_one("#against", Input).value = "2"
        await pilot.pause()
        assert "Test opposé" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        outcome = str(app.screen.query_one("#outcome").render())
        assert "Test opposé en cours" in outcome
        assert str(simple.seed) not in screen_text(app).split("╰")[0] or "graine" not in outcome
        # Each step is said in words: never the stage's internal name.
        assert "Test opposé — l'attaquant lance" in screen_text(app)
        for _ in range(8):
            assert "attacker-" not in screen_text(app)
            assert "defender-" not in screen_text(app)
            buttons = list(app.screen.query("#opposed-row ActionButton"))
            if not buttons:
                break
            buttons[0].press()
            await pilot.pause()
        record = panel(app).last
        assert record is not None
        assert record.actions[0] == "roll"
        entry = app.session.campaign.journal.entry(app.session.campaign.journal.last_id)
        assert entry.roll["kind"] == "traits_opposed.OpposedTest"


async def test_spherier_extended_test_attempt_by_attempt(app_of) -> None:
    app = app_of("spherier")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#notation", Input).value = "[Mecanique](1, 3, 1h)"
        await pilot.pause()
        assert "Mecanique<+5, 3>" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        record = panel(app).last
        assert "Essai 1" in screen_text(app)
        steps = len(record.attempts)
        outcome = "✔ Réussite" if record.success else "✘ Échec"
        said = app.screen.query_one("#panel").query_one("#outcome")
        written = app.session.campaign.journal.last_id
        listed = app.screen.query_one(JournalView)
        assert steps > 1  # the seed gives several attempts: what is tested happens
        # Play-tested: the result showed before the attempts were stepped through, in
        # the panel and in the journal's line (on disk already, listed at the end).
        assert f"1 sur {steps}" in str(said.render())
        assert outcome not in str(said.render())
        assert written not in [entry.id for entry in listed.entries]
        for _ in range(steps - 1):
            app.screen.query_one("#next-attempt").press()
            await pilot.pause()
        await until_app(pilot, lambda: written in [entry.id for entry in listed.entries])
        text = screen_text(app)
        assert f"Essai {steps}" in text
        assert f"{steps}h" in text
        assert outcome in str(said.render())


async def test_spherier_notation_on_the_command_line(app_of) -> None:
    app = app_of("spherier")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"[Bluff](2)", "enter")
        await pilot.pause()
        record = panel(app).last
        assert record.inputs.skill.name == "Bluff"
        assert record.inputs.dd == 2


async def test_spherier_opposed_notation_takes_both_skills_from_the_sheets(app_of) -> None:
    # Play-tested: [Bluff][Psychologie] gave the defender the panel's own values.
    app = app_of("spherier")
    act.set_value(
        app.session.campaign,
        app.session.seat,
        ("characters", "lyra", "sheet", "skills"),
        ["Psychologie<+8, 4>", "Dressage<+1, 1>"],
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.query_one("#notation", Input).value = "[Bluff][Psychologie]"
        await pilot.pause()
        assert "choisissez l'opposant, ou tapez" in screen_text(app)
        app.screen.query_one("#opponent-of", Choice).value = "lyra"
        await pilot.pause()
        assert "Bluff<+4, 3> / Psychologie<+8, 4>" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        record = panel(app).last
        assert record.inputs.attacker.name == "Bluff"
        assert (record.inputs.defender.mastery, record.inputs.defender.limit) == (8, 4)
        # A skill on no sheet is named, never given the panel's values.
        app.screen.query_one("#notation", Input).value = "[Bluff][Empathie]"
        await pilot.pause()
        assert "Empathie n'est pas sur la fiche de Lyra" in screen_text(app)
        app.screen.query_one("#notation", Input).value = "[Escalade][Psychologie]"
        await pilot.pause()
        assert "Escalade n'est pas sur la fiche de Kael" in screen_text(app)
        # Typed in full, the opponent's skill needs no sheet.
        app.screen.query_one("#notation", Input).value = "[Bluff][Empathie]"
        app.screen.query_one("#opponent", Input).value = "Empathie<+2, 1>"
        await pilot.pause()
        assert "Bluff<+4, 3> / Empathie<+2, 1>" in screen_text(app)


async def test_systemj_degrees_and_the_combat_helper(app_of) -> None:
    app = app_of("systemj")
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.query_one("#value-of", Choice).value = "Détection"
        await pilot.pause()
        assert "Détection 55" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        record = panel(app).last
        assert 0 <= record.result <= 99
        app.screen.query_one("#combat").collapsed = False
        await pilot.pause()
        app.screen.query_one("#attacker", Choice).value = "kael"
        app.screen.query_one("#target", Choice).value = "lyra"
        await pilot.pause()
        text = screen_text(app)
        assert "Score d'attaque\u00a0: 47" in text  # floor((70×2 + 61 + 38) / 5)
        assert "initiative" in text
        journal_before = app.session.campaign.journal.last_id
        for _ in range(6):
            buttons = list(app.screen.query("#step-buttons ActionButton"))
            if not buttons:
                break
            buttons[0].press()
            await pilot.pause()
        campaign = app.session.campaign
        assert campaign.journal.last_id > journal_before
        assert "Étape suivante" in screen_text(app)
        # Play-tested: the helper showed no dice and the journal said each outcome twice.
        tests = campaign.journal.since(journal_before)
        for entry in tests:
            assert "Échec" not in entry.text
            assert "Réussite" not in entry.text
        last = replay_roll(tests[-1].roll)
        assert f"d100 {last.result:02d} →" in screen_text(app)


async def test_systemj_combat_helper_scores_are_the_sheets(campaign_of) -> None:
    # Play-tested: the helper gave the block the weapon's DEF (45) where the sheet said
    # Encaissement 48 with the shield's. One core function now computes both.
    from meneur.core.sheets import derived
    from meneur.tui.app import make_app

    campaign = campaign_of("systemj")
    bow = {"name": "Arc", "family": "equipement", "category": "armes", "att": 12}
    sword = {"name": "Épée", "family": "equipement", "category": "armes", "def": 5}
    shield = {"name": "Écu", "family": "equipement", "category": "armures", "def": 8}
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "cards"), [bow])
    act.set_value(campaign, GM_SEAT, ("characters", "lyra", "sheet", "cards"), [sword, shield])
    app = make_app(campaign, lang="fr", seed=3)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.query_one("#combat").collapsed = False
        await pilot.pause()
        app.screen.query_one("#attack-kind", Choice).value = "bow"
        app.screen.query_one("#attacker", Choice).value = "kael"
        app.screen.query_one("#target", Choice).value = "lyra"
        await pilot.pause()
        text = screen_text(app)
        # bow: (FOR + AGI×2 + RAP) / 5 + ATT = (70 + 90 + 38) // 5 + 12
        assert f"Score d'attaque\u00a0: {(70 + 90 + 38) // 5 + 12}" in text
        sheet = {
            d.term: d.value
            for d in derived("systemj", {}, campaign.state["characters"]["lyra"]["sheet"])
        }
        assert sheet["sheet.block"] == (70 * 2 + 61 * 2) // 5 + 8
        assert sheet["sheet.parry"] == (70 * 2 + 61 + 45) // 5 + 5
        assert f"Encaissement {sheet['sheet.block']}" in text
        assert f"Parade {sheet['sheet.parry']}" in text


async def test_systemj_offers_every_attribute_by_its_name(campaign_of) -> None:
    """Play-tested: the panel listed only the attributes that had been edited, by their
    raw keys (``agilite 72``), so one left at its default could not be tested. Now the
    seven are there, at 50 until the sheet says otherwise, by their names, then the
    skills; the journal says which was tested."""
    from meneur.content.strings import strings
    from meneur.play.reading import read_entry
    from meneur.play.session import Session
    from meneur.tui.app import MeneurApp

    campaign = campaign_of("systemj")
    act.set_value(
        campaign,
        GM_SEAT,
        ("characters", "nox"),
        {"name": "Nox", "kind": "pc", "sheet": {"attributes": {"agilite": 72}}},
    )
    import random

    app = MeneurApp(Session(campaign, strings("fr"), random.Random(3)))
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        app.screen.query_one("#panel #character", Choice).value = "nox"
        await pilot.pause()
        choice = app.screen.query_one("#value-of", Choice)
        labels = [label for label, _ in choice.options]
        assert labels[:7] == [
            "Force 50", "Résistance 50", "Agilité 72", "Rapidité 50", "Intelligence 50",
            "Personnalité 50", "Chance 50",
        ]  # fmt: skip
        choice.value = "rapidite"
        await pilot.pause()
        assert app.screen.query_one("#value", Input).value == "50"
        await pilot.press("r")
        await pilot.pause()
        entry = app.session.campaign.journal.latest(1)[0]
        said = read_entry(entry, app.session.campaign, strings("fr").t).text
        assert said.startswith("Nox — Rapidité 50 · ")
        assert "Rapidité 50 · " in screen_text(app)
        english = read_entry(entry, app.session.campaign, strings("en").t).text
        assert english.startswith("Nox — Speed (Rapidité) 50 · ")


async def test_spending_a_light_point_rests_six_fp_and_fm_with_the_endurance_rule(app_of) -> None:
    # Seed 002, endurance: "Utiliser un Light Point ou Dark Point : -6 FP et -6 FM".
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "endurance"), True)
    for key, value in (("fp", 7), ("fm", 5), ("light", 1)):
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", key), value)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#combat CollapsibleTitle")
        await pilot.pause()
        await pilot.click("#light-point")
        await pilot.pause()
        sheet = campaign.state["characters"]["kael"]["sheet"]
        assert (sheet["fp"], sheet["fm"], sheet["light"]) == (1, -1, 0)  # the gauges reach −3
        entry = campaign.journal.latest(1)[0]
        assert entry.text.endswith("la fatigue retombe (FP 1, FM -1)")
        app.screen.action_undo()
        await pilot.pause()
        sheet = campaign.state["characters"]["kael"]["sheet"]
        assert (sheet["fp"], sheet["fm"], sheet["light"]) == (7, 5, 1)  # one undo, all back


async def test_an_aura_against_the_next_test_changes_that_test_alone(app_of) -> None:
    # Seed 002, Règle d'aura: the row changes "l'action en cours uniquement".
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "aura"), True)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        app.screen.query_one("#stats", TickList).select("force")
        app.screen.query_one("#bonus", Input).value = "15"
        await pilot.click("#aura CollapsibleTitle")
        await pilot.pause()
        app.screen.query_one("#aura-against", Choice).value = 4
        await pilot.pause()
        assert "Seuil\u00a0: 35 (aura\u00a0: bonus retirés, −20\u00a0%)" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        record = panel(app).last
        assert (record.inputs.bonus, record.inputs.state_bonus, record.threshold) == (0, -20, 35)
        assert app.screen.query_one("#aura-against", Choice).value == 0  # that test alone


async def test_an_aura_on_row_5_rolls_a_plain_success_again_without_bonuses(app_of) -> None:
    # "Oblige l'adversaire a relancer une fois, sans bonus ni renforcement son jet en cas
    # de réussite (hors critiques et super-critiques)"
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "aura"), True)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        app.screen.query_one("#stats", TickList).select("force")
        app.screen.query_one("#bonus", Input).value = "15"
        await pilot.click("#aura CollapsibleTitle")
        await pilot.pause()
        app.screen.query_one("#aura-against", Choice).value = 5
        await pilot.pause()
        test = panel(app).build()
        assert (test.effective_threshold, test.reroll_threshold) == (
            test.stats[0] + 15,
            test.stats[0],
        )
        # the odds shown are the reroll's: a plain success's share spread over it
        plain = percent_text(cosmos_rules.odds(test).outcomes["success"], "fr")
        without = percent_text(
            cosmos_rules.odds(replace(test, reroll_bonus=None)).outcomes["success"], "fr"
        )
        assert plain != without
        assert any(
            line.rstrip("│").endswith(plain.replace("\xa0", " "))
            and "✔ Réussite " in line
            and "★" not in line
            for line in screen_text(app).splitlines()
        )
        # until the dice give a plain success, then it is rolled again
        for _ in range(40):
            app.screen.query_one("#aura-against", Choice).value = 5
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            if panel(app).last.first is not None:
                break
        record = panel(app).last
        assert record.first is not None
        assert record.threshold == test.stats[0]
        assert f"1er jet {record.first}\u00a0: réussite relancée par l'aura" in screen_text(app)


async def test_an_aura_on_row_6_asks_the_passive_esprit_test_first(app_of) -> None:
    # "L'adversaire doit réussir un jet d'esprit passif sans bonus ni renforcement
    # quelconque pour pouvoir agir"
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "aura"), True)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.click("#aura CollapsibleTitle")
        await pilot.pause()
        seen: set[bool] = set()
        for _ in range(30):  # until the passive test has been both passed and failed
            before = campaign.journal.last_id
            choice = app.screen.query_one("#aura-against", Choice)
            choice.value = 0
            await pilot.pause()
            choice.value = 6
            await pilot.pause()
            gate = campaign.journal.latest(1)[0]
            assert gate.id == before + 1
            assert gate.text.startswith("Kael — Aura\u00a0: jet d'Esprit passif pour agir")
            passed = bool(gate.roll["success"])
            await pilot.press("r")
            await pilot.pause()
            acted = campaign.journal.last_id == gate.id + 1
            assert acted is passed  # a failed test leaves the action unrolled
            seen.add(passed)
            if seen == {True, False}:
                break
        assert seen == {True, False}
        assert "ne peut pas agir" in notices(app)


async def test_spherier_grouped_skills_and_a_specialisation_in_the_panel(app_of) -> None:
    # Seed 000: grouped skills "partagent alors la même Maîtrise et la même Limite"; a
    # Spécialisation gives "un bonus à son Degré de maîtrise, à sa Limite, ou aux deux".
    app = app_of("spherier")
    act.set_value(
        app.session.campaign,
        app.session.seat,
        ("characters", "kael", "sheet", "passives"),
        [
            "Grouper les Compétences(Epées, Haches)<+2, 3>",
            "Spécialisation(Bluff, Face à un noble)<+1, +1>",
        ],
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        choice = app.screen.query_one("#skill", Choice)
        choice.value = "Haches"
        await pilot.pause()
        assert "Haches<+2, 3> (groupée)" in screen_text(app)
        assert not app.screen.query_one("#specialisation", Choice).display
        choice.value = "Bluff"
        await pilot.pause()
        special = app.screen.query_one("#specialisation", Choice)
        assert special.display
        special.value = "Face à un noble"
        await pilot.pause()
        assert "Bluff (Face à un noble)<+5, 4>" in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        skill = panel(app).last.inputs.skill
        assert (skill.name, skill.mastery, skill.limit) == ("Bluff (Face à un noble)", 5, 4)
        entry = app.session.campaign.journal.latest(1)[0]
        said = read_entry(entry, app.session.campaign, app.session.strings.t).text
        assert "Bluff (Face à un noble)" in said


async def test_cosmos_provocation_abusive_and_the_backlashs_negative_effect(app_of) -> None:
    # Seed 002, Sépulcrale: "Provocation abusive : si une cible subit des dégâts de la
    # part du personnage … cette cible est dans l'obligation de la diriger contre le
    # personnage"; the backlash's disadvantage 3: "Un effet négatif vient affecter la
    # prochaine action du personnage".
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(
        campaign, GM_SEAT, ("characters", "kael", "sheet", "combat"), {"special": "sepulcrale"}
    )

    def combat_of(ident: str) -> dict:
        return campaign.state["characters"][ident]["sheet"].get("combat", {})

    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#combat CollapsibleTitle")
        await pilot.pause()
        app.screen.query_one("#provoke-target", Choice).value = "lyra"
        app.screen.query_one("#provoke").press()
        await pilot.pause()
        assert combat_of("lyra") == {"provoked_by": "kael"}
        assert campaign.journal.latest(1)[0].text == (
            "Kael blesse Lyra\u00a0: Provocation abusive, "
            "sa prochaine action offensive doit viser Kael"
        )
        # Lyra's screen says whom she must target, by name
        app.screen.query_one("#character", Choice).value = "lyra"
        await pilot.pause()
        shown = screen_text(app)  # the panel wraps the line at this width
        assert "││Provocation abusive\u00a0: sa prochaine action││" in shown
        assert "││offensive doit viser Kael││" in shown
        assert not app.screen.query_one("#provoke-row").display  # she is not in Sépulcrale
        app.screen.query_one("#turn-end").press()
        await pilot.pause()
        assert "provoked_by" not in combat_of("lyra")  # spent with her turn
        # the negative effect waits for Lyra's next action, then is spent
        act.set_value(
            campaign,
            GM_SEAT,
            ("characters", "lyra", "sheet", "combat"),
            {
                "backlash": "sepulcrale",
                "backlash_turns": 2,
                "disadvantage": 3,
                "negative_due": True,
            },
        )
        panel(app).character_changed()
        await pilot.pause()
        assert "Dé 3\u00a0: effet négatif sur la prochaine action" in screen_text(app)
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.press("r")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        said = read_entry(entry, campaign, app.session.strings.t).text
        assert said.endswith("un effet négatif frappe cette action (contre-coup, dé 3)")
        assert "negative_due" not in combat_of("lyra")
        await pilot.press("r")
        await pilot.pause()
        entry = campaign.journal.latest(1)[0]
        assert "effet négatif" not in read_entry(entry, campaign, app.session.strings.t).text


async def test_cosmos_moves_on_the_grid_then_acts_and_moves_no_more(app_of) -> None:
    # Seed 002, Règle de déplacement: "ne peut pas se déplacer, agir puis se déplacer à
    # nouveau"; melee at a distance of 1.
    app = app_of("cosmos")
    campaign = app.session.campaign
    act.set_value(campaign, GM_SEAT, ("options", "movement"), True)
    act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "grid"), {"x": 0, "y": 0})
    act.set_value(campaign, GM_SEAT, ("characters", "lyra", "sheet", "grid"), {"x": 3, "y": 0})

    def grid() -> dict:
        return campaign.state["characters"]["kael"]["sheet"]["grid"]

    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        await pilot.click("#grid CollapsibleTitle")
        await pilot.pause()
        assert "Lyra en (3, 0)\u00a0: 3 cases" in screen_text(app)
        app.screen.query_one("#grid-square", Input).value = "2,0"
        app.screen.query_one("#grid-move").press()
        await pilot.pause()
        assert grid() == {"x": 2, "y": 0, "moved": 2}
        assert "Lyra en (3, 0)\u00a0: 1 case · corps à corps" in screen_text(app)
        app.screen.query_one("#stats", TickList).select("force")
        await pilot.press("r")
        await pilot.pause()
        assert grid()["acted"] is True  # moved, then acted
        app.screen.query_one("#grid-square", Input).value = "1,0"
        app.screen.query_one("#grid-move").press()
        await pilot.pause()
        assert "plus de déplacement ce tour" in notices(app)
        assert grid() == {"x": 2, "y": 0, "moved": 2, "acted": True}
        await pilot.click("#combat CollapsibleTitle")
        await pilot.pause()
        app.screen.query_one("#turn-end").press()
        await pilot.pause()
        assert grid() == {"x": 2, "y": 0}  # the next turn's moves start from nothing
