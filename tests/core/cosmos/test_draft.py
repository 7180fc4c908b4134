"""A Great Cosmos character in the making: each wizard step's decisions and checks, and
the sheet it makes, on dice rolled once from a seed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from meneur.content.cosmos import catalogue_from_data, example_catalogue, example_gene_tree
from meneur.core.cosmos.creation import (
    STATS,
    ConversionOptions,
    CreationOptions,
    roll_conversion,
    roll_creation,
)
from meneur.core.cosmos.draft import Draft, Problem
from meneur.core.cosmos.genes import Genome, add_point

CATALOGUE = example_catalogue()
CREATION = roll_creation(CreationOptions(), random.Random(5))


def drafted(**changes: object) -> Draft:
    values: dict[str, object] = {
        "catalogue": CATALOGUE,
        "name": "Ysolde",
        "race": "humain",
        "klass": "guerrier",
        "creation": CREATION,
    }
    values.update(changes)
    return Draft(**values)  # type: ignore[arg-type]


def test_identity_needs_a_name_race_and_class() -> None:
    assert drafted(name=" ").identity_problem().code == "name"  # type: ignore[union-attr]
    assert drafted(race="orc").identity_problem().code == "race"  # type: ignore[union-attr]
    assert drafted(klass="").identity_problem().code == "class"  # type: ignore[union-attr]
    assert drafted().identity_problem() is None


def test_five_dice_to_pm_and_five_to_pv() -> None:
    draft = drafted()
    for position in (0, 2, 4, 6, 8, 9):  # the sixth is refused
        draft = draft.toggle_pm(position)
    assert draft.pm_dice == frozenset({0, 2, 4, 6, 8})
    dice = CREATION.pv_pm.dice
    assert draft.pv_pm == (sum(dice[1::2]), sum(dice[0::2]))
    assert draft.pv_pm_problem() is None
    assert draft.toggle_pm(8).pv_pm_problem().values == {"pm": 4}  # type: ignore[union-attr]


def test_swapping_dice_keeps_a_permutation_and_clears_moves() -> None:
    draft = drafted().move("force", 2).move("esprit", -2)
    assert draft.moved == 2
    swapped = draft.swap(0, 1)
    assert swapped.moves == {}
    assert sorted(swapped.assigned_stats().values()) == sorted(CREATION.stats.dice)
    assert swapped.assigned_stats()["force"] == CREATION.stats.dice[1]
    assert swapped.assigned_stats()["esprit"] == CREATION.stats.dice[0]


def test_moves_must_balance_and_stay_within_ten() -> None:
    draft = drafted()  # Humain, Guerrier: Force at least 35
    assert draft.move("force", 1).stats_problem() == Problem("unbalanced_added", {"points": 1})
    assert draft.move("force", -2).stats_problem() == Problem("unbalanced_taken", {"points": 2})
    far = draft.suggested()
    for _ in range(11):
        far = far.move("agilite", 1).move("chance", -1)
    assert far.moved == 11
    assert far.stats_problem().code == "too_many_moves"  # type: ignore[union-attr]


def test_each_way_the_limits_can_fail_is_told_apart() -> None:
    # Seed 1: (49, 27, 63, 50, 56, 78); Titan + Mage want Force and Esprit at least 40.
    dice = roll_creation(CreationOptions(), random.Random(1))
    draft = drafted(race="titan", klass="mage", creation=dice)
    assert draft.stats_problem().code == "assignment_cannot"  # type: ignore[union-attr]
    # Esprit 27 in that order needs 13 points; another order needs none.
    fixed = draft.suggested()
    assert fixed.stats_problem() is None
    assert fixed.stats()["esprit"] >= 40
    # A Guerrier with Force 27 is 8 points short of 35: moves can fix it.
    warrior = drafted(creation=dice).assign(dict(zip(STATS, (27, 49, 63, 50, 56, 78), strict=True)))
    problem = warrior.stats_problem()
    assert problem is not None
    assert (problem.code, problem.values["by"]) == ("out_of_bounds", -8)
    assert warrior.move("force", 8).move("chance", -8).stats_problem() is None


def test_unreachable_limits_ask_for_another_race_or_class() -> None:
    harsh = catalogue_from_data(
        {
            "races": {"geant": {"name": "Géant", "min": {"force": 75}}},
            "classes": {"sage": {"name": "Sage", "min": {"esprit": 75}}},
        },
        "test",
    )
    dice = roll_creation(CreationOptions(), random.Random(1))  # one die above 75
    draft = Draft(harsh, "Ysolde", "geant", "sage", creation=dice)
    assert not draft.limits_possible()
    assert draft.stats_problem().code == "limits_unreachable"  # type: ignore[union-attr]
    assert draft.suggested() == draft


def test_four_talents_or_dna_points_that_may_be_kept() -> None:
    draft = drafted()
    for key in ("maniement_armes", "cri_de_guerre", "endurance", "vigilance", "orientation"):
        draft = draft.toggle_talent(key)
    assert draft.talents == ("maniement_armes", "cri_de_guerre", "endurance", "vigilance")
    assert draft.talents_problem() is None
    assert draft.toggle_talent("vigilance").talents_problem().code == "talent_count"  # type: ignore[union-attr]
    tree = example_gene_tree()
    genome = add_point(tree, Genome(left=2), "musculature", creation=True)
    dna = drafted(dna_rule=True, genome=genome)
    assert dna.talents_problem() is None
    assert dna.sheet()["dna"] == {"left": 1, "points": {"musculature": 1}}


def test_the_sheet_has_everything_the_wizard_decided() -> None:
    draft = drafted(race="sylvain", klass="eclaireur", money=55, affiliation="aube")
    for position in range(5):
        draft = draft.toggle_pm(position)
    for key in ("tir_precis", "pistage", "endurance", "vigilance"):
        draft = draft.toggle_talent(key)
    sheet = draft.sheet()
    assert sheet["stats"] == draft.stats()
    assert (sheet["pv"], sheet["pm"]) == draft.pv_pm
    assert sheet["talents"][:2] == ["vision_nocturne", "chant_des_arbres"]  # natural first
    assert "serment" in sheet["talents"]  # the affiliation's
    assert sheet["affiliation_level"] == 0
    assert (sheet["light"], sheet["dark"], sheet["karma"], sheet["money"]) == (1, 1, 0, 55)


def test_a_conversion_keeps_pv_pm_and_moves_twenty() -> None:
    conversion = roll_conversion(ConversionOptions(), random.Random(3))
    old = {"force": 50, "esprit": 45, "charisme": 40, "agilite": 60}
    draft = drafted(creation=None, conversion=conversion, old_stats=old, old_pv_pm=(300, 210))
    assert draft.budget == 20
    assert draft.pv_pm_problem() is None
    assert draft.pv_pm == (300, 210)
    stats = draft.assigned_stats()
    assert (stats["precision"], stats["chance"]) == conversion.dice_roll.dice
    swapped = draft.swap(0, 1)
    assert swapped.assigned_stats()["precision"] == conversion.dice_roll.dice[1]
    assert replace(draft, moves={}).stats_problem() is None


@pytest.mark.parametrize(
    ("money", "fine"), [(0, True), (10**7, True), (-1, False), (10**23, False), (None, False)]
)
def test_money_is_a_whole_number_within_the_sheets_bounds(money: int | None, fine: bool) -> None:
    problem = drafted(money=money).money_problem()
    assert (problem is None) == fine
