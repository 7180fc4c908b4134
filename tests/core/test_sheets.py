"""Sheets: each system's fields, how edits are read and checked, computed values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core import sheets
from meneur.core.cosmos import sheet as cosmos_sheet
from meneur.core.errors import RulesError
from meneur.core.resolution import sheet as resolution_sheet
from meneur.core.sheets import Kind


def field(system: str, key: str, options: dict[str, object] | None = None, sheet=None):
    for section in sheets.layout(system, options or {}, sheet or {}):
        for found in section.fields:
            if found.key == key:
                return found
    raise AssertionError(f"no field {key}")


def test_every_system_has_a_sheet_with_compact_fields() -> None:
    for system in ("resolution", "cosmos", "traits", "spherier", "systemj"):
        sections = sheets.layout(system, {}, {})
        assert sections
        assert sheets.compact_fields(sections)
    with pytest.raises(RulesError, match="unknown system"):
        sheets.layout("d&d", {}, {})


def test_cosmos_stats_are_capped_at_80_then_85_from_level_3() -> None:
    force = field("cosmos", "stats.force")
    assert sheets.parse_number(force, "80", {}) == 80
    with pytest.raises(RulesError, match=r"stats\.force is 20–80, not 85"):
        sheets.parse_number(force, "85", {})
    assert sheets.parse_number(field("cosmos", "stats.force", sheet={"level": 3}), "85", {}) == 85
    with pytest.raises(RulesError, match="20–80, not 19"):
        sheets.parse_number(force, "19", {})


def test_current_pv_is_bounded_by_the_maximum_on_the_sheet() -> None:
    pv = field("cosmos", "pv")
    assert sheets.parse_number(pv, "120", {"pv_max": 300}) == 120
    with pytest.raises(RulesError, match="pv is -999–300, not 301"):
        sheets.parse_number(pv, "301", {"pv_max": 300})


def test_karma_stays_within_minus_10_and_10() -> None:
    karma = field("cosmos", "karma")
    assert sheets.parse_number(karma, "-10", {}) == -10
    with pytest.raises(RulesError, match="karma is -10–10, not 11"):
        sheets.parse_number(karma, "+11", {})


def test_optional_trackers_appear_only_when_the_campaign_switches_them_on() -> None:
    keys = {f.key for s in sheets.layout("cosmos", {}, {}) for f in s.fields}
    assert not {"fp", "pmu", "affiliation_level"} & keys
    assert "affiliation" in keys  # chosen at creation, whatever the options
    options = {
        "dna": True,
        "endurance": True,
        "mental_health": True,
        "aura": True,
        "piloting": True,
        "inventory": True,
        "affiliation": True,
    }
    keys = {f.key for s in sheets.layout("cosmos", options, {}) for f in s.fields}
    assert {"pmu", "fp", "fm", "mental_health", "aura", "anti_aura", "piloting"} <= keys
    assert {"inventory", "affiliation", "affiliation_level"} <= keys
    fatigue = field("cosmos", "fp", options)
    with pytest.raises(RulesError, match="fp is -3–10"):
        sheets.parse_number(fatigue, "11", {})


def test_named_rows_read_a_name_and_a_number() -> None:
    elements = field("resolution", "elements")
    assert sheets.parse_named(elements, "Arts martiaux 3") == ("Arts martiaux", 3)
    assert sheets.parse_named(elements, "Muscles améliorés: 2") == ("Muscles améliorés", 2)
    with pytest.raises(RulesError, match="expected a name and a number"):
        sheets.parse_named(elements, "Arts martiaux")
    with pytest.raises(RulesError, match="elements is 0–10, not 11"):
        sheets.parse_named(elements, "Arts martiaux 11")
    with pytest.raises(RulesError, match="a name of 1 to"):
        sheets.parse_named(elements, " 3")


def test_what_an_element_is_typical_for_reads_a_name_and_a_text() -> None:
    typical = field("resolution", "typical")
    assert sheets.parse_described(typical, "Arts martiaux: combat à mains nues") == (
        "Arts martiaux",
        "combat à mains nues",
    )
    for wrong in ("Arts martiaux 3", "Arts martiaux:  ", ": combat"):
        with pytest.raises(RulesError):
            sheets.parse_described(typical, wrong)


def test_character_points_are_on_the_sheet_only_with_their_option() -> None:
    def keys(options: dict) -> set[str]:
        return {f.key for s in sheets.layout("resolution", options, {}) for f in s.fields}

    assert "points" not in keys({})
    assert "points" in keys({"character_points": True})
    assert resolution_sheet.CHARACTER_POINTS.compact  # shown beside the party while playing


def test_equipment_reads_parade_and_endurance_bonuses() -> None:
    equipment = field("traits", "equipment")
    assert sheets.parse_bonuses(equipment, "Bouclier: parade +1") == ("Bouclier", {"parade": 1})
    assert sheets.parse_bonuses(equipment, "Armure: endurance 2, parade 1") == (
        "Armure",
        {"endurance": 2, "parade": 1},
    )
    with pytest.raises(RulesError, match="expected parade n or endurance n"):
        sheets.parse_bonuses(equipment, "Bouclier: force 1")
    with pytest.raises(RulesError, match="expected a name, ':'"):
        sheets.parse_bonuses(equipment, "Bouclier parade 1")


def test_sphérier_entries_are_read_in_the_seeds_notation_and_written_back_normalised() -> None:
    skills = field("spherier", "skills")
    assert sheets.parse_entries(skills, "Bluff<+10, 6>; Dressage<2,1>") == [
        "Bluff<+10, 6>",
        "Dressage<+2, 1>",
    ]
    abilities = field("spherier", "abilities")
    pasted = "Coup d'estoc<Armes(Epées), Combat>\nEsquive<Acrobatie, Réaction>"
    assert sheets.parse_entries(abilities, pasted) == [
        "Coup d'estoc<Armes(Epées), Combat>",
        "Esquive<Acrobatie, Réaction>",
    ]
    with pytest.raises(RulesError, match="Limite"):
        sheets.parse_entries(skills, "Bluff<+10, -1>")
    with pytest.raises(RulesError, match="nothing to add"):
        sheets.parse_entries(skills, " ; ")


@given(st.text(max_size=80))
def test_no_typed_text_crashes_an_edit(text: str) -> None:
    for system in ("resolution", "cosmos", "traits", "spherier", "systemj"):
        options = {"inventory": True, "character_points": True}
        for section in sheets.layout(system, options, {}):
            for found in section.fields:
                try:
                    if found.kind is Kind.NUMBER:
                        sheets.parse_number(found, text, {})
                    elif found.kind is Kind.NAMED:
                        sheets.parse_named(found, text)
                    elif found.kind is Kind.BONUSES:
                        sheets.parse_bonuses(found, text)
                    elif found.kind is Kind.DESCRIBED:
                        sheets.parse_described(found, text)
                    elif found.kind is Kind.ENTRIES:
                        sheets.parse_entries(found, text)
                    elif found.kind is Kind.CARDS:
                        sheets.parse_cards(found, text)
                    else:
                        sheets.parse_text(found, text)
                except RulesError:
                    pass


# --- Computed values -------------------------------------------------------------------


def values(system: str, sheet: dict, options: dict | None = None) -> dict[str, object]:
    return {d.term: d.value for d in sheets.derived(system, options or {}, sheet)}


def test_traits_parade_and_endurance_come_from_base_values_and_equipment() -> None:
    sheet = {
        "traits": {"Mêlée": 3, "Vigueur": 5},
        "equipment": {"Bouclier": {"parade": 1}, "Cotte": {"endurance": 2, "parade": 1}},
    }
    found = values("traits", sheet)
    assert found["sheet.parade_instinctive"] == 2  # ceil(3 / 2)
    assert found["sheet.parade"] == 4
    assert found["sheet.endurance_naturelle"] == 3  # ceil(5 / 2)
    assert found["sheet.endurance"] == 5
    assert found["sheet.deplacement"] == 1
    # Without Mêlée, Parade instinctive is 0; accents and case of the names do not matter.
    assert values("traits", {"traits": {"melee": 0, "VIGUEUR": 1}})["sheet.parade"] == 0


def test_cosmos_inventory_slots_follow_force_rounded_down_to_the_ten() -> None:
    assert cosmos_sheet.inventory_slots(55) == 20  # 40 × 50 / 100
    assert cosmos_sheet.inventory_slots(80) == 32
    assert cosmos_sheet.inventory_slots(29) == 8
    sheet = {"stats": {"force": 29, "agilite": 41}, "inventory": {"Épée": 3, "Hache": 6}}
    found = values("cosmos", sheet, {"inventory": True, "movement": True})
    assert found["sheet.slots"] == "9/8"
    assert found["sheet.overload"] == -5
    # Overloaded: Agilité 41 − 5 = 36, ceil(36 / 20) = 2 squares, halved.
    assert found["sheet.movement"] == 1


def test_each_slot_over_the_limit_costs_5_agilite_everywhere_and_halves_movement() -> None:
    # Play-tested: Agilité 80, Force 30 (12 slots), 15 slots carried showed movement 4.
    options = {"inventory": True, "movement": True}
    sheet = {
        "stats": {"force": 30, "agilite": 80},
        "inventory": {"Sac": 3, "Armure": 6, "Caisse": 6},
    }
    assert cosmos_sheet.overload(options, sheet) == 3
    assert cosmos_sheet.current_stats(options, sheet)["agilite"] == 65
    assert values("cosmos", sheet, options)["sheet.movement"] == 2  # ceil(65 / 20) // 2
    # Without the inventory rule, nothing is overloaded.
    assert cosmos_sheet.current_stats({"movement": True}, sheet)["agilite"] == 80
    assert values("cosmos", sheet, {"movement": True})["sheet.movement"] == 4


def test_systemj_combat_scores_follow_the_formulas_and_the_hand() -> None:
    attributes = {
        "force": 70,
        "resistance": 61,
        "agilite": 45,
        "rapidite": 38,
        "intelligence": 50,
        "personnalite": 40,
        "chance": 52,
    }
    found = values("systemj", {"attributes": attributes})
    assert found["sheet.melee_force"] == (70 * 2 + 61 + 38) // 5
    assert found["sheet.dodge"] == (38 + 45 * 2 + 52) // 5
    assert not {"sheet.parry", "sheet.block"} & set(found)  # no weapon, no shield
    sword = {"name": "Épée", "family": "equipement", "category": "armes", "def": 5}
    shield = {"name": "Écu", "family": "equipement", "category": "armures", "def": 8}
    found = values("systemj", {"attributes": attributes, "cards": [sword, shield]})
    assert found["sheet.parry"] == (70 * 2 + 61 + 45) // 5 + 5
    assert found["sheet.block"] == (70 * 2 + 61 * 2) // 5 + 8


def test_a_hand_edited_sheet_of_the_wrong_types_still_computes() -> None:
    assert values("traits", {"traits": "nonsense", "equipment": [1]})["sheet.parade"] == 0
    assert values("systemj", {"attributes": {"force": "high"}, "cards": ["x"]})
    assert values("cosmos", {"stats": [], "level": "two"})["sheet.stat_cap"] == 80


def test_cosmos_dna_points_left_are_shown_with_the_rule_only() -> None:
    sheet = {"dna": {"left": 3, "points": {"vision": 2}}}
    assert "sheet.dna_left" not in values("cosmos", sheet)  # the rule is off
    found = sheets.derived("cosmos", {"dna": True}, sheet)
    assert [(d.term, d.value) for d in found if d.term == "sheet.dna_left"] == [
        ("sheet.dna_left", 3)
    ]


@pytest.mark.parametrize(
    ("points", "state"), [(0, "O-O"), (1, "X-O"), (2, "X-X"), (4, "X-X +2"), (-1, "O-O")]
)
def test_allele_states(points: int, state: str) -> None:
    assert cosmos_sheet.allele_state(points) == state


def test_money_takes_inventory_slots_a_started_slot_counting() -> None:
    # "5000 PO = 1 slot. Tout slot entamé est considéré comme utilisé (donc 5001 PO = 2)"
    assert [cosmos_sheet.money_slots(m) for m in (0, 1, 5000, 5001, 12000)] == [0, 1, 1, 2, 3]
    options = {"inventory": True}
    sheet = {"stats": {"force": 50}, "inventory": {"Caisses": 19}, "money": 5001}
    assert cosmos_sheet.overload(options, sheet) == 1  # 19 + 2 slots of money, 20 allowed
    shown = {d.term: d.value for d in sheets.derived("cosmos", options, sheet)}
    assert shown["sheet.slots"] == "21/20"
