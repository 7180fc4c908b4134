"""Great Cosmos skill sheets (docs/rules/cosmos.md#skill-sheets, Fiche compétences): the standard
model's counts, the progressive model's points per level and its tree."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core import sheets
from meneur.core.cosmos import skills
from meneur.core.cosmos.skills import LevelSkillPoints, TreeSkill
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.replay import replay


@pytest.mark.parametrize(
    ("level", "active", "passive"),
    [(1, 3, 5), (2, 5, 5), (3, 8, 5), (4, 9, 5), (5, 9, 5), (6, 9, 5), (7, 12, 8),
     (8, 14, 8), (9, 17, 8), (10, 18, 8), (11, None, None)],
)  # fmt: skip
def test_the_standard_models_counts_by_level(level: int, active: int, passive: int) -> None:
    # "Niveau 1 : 3 compétences actives, Niveau 2 : 2 … Niveaux 1 à 6 : pas plus de 5
    # passifs, 7 à 10 : pas plus de 8"
    assert skills.active_allowed(level) == active
    assert skills.passive_allowed(level) == passive


def test_a_standard_sheet_over_its_counts_is_refused_naming_the_key() -> None:
    options = {"skill_sheet": "standard"}
    sheet = {"level": 2, "skills_active": ["a", "b", "c", "d", "e"], "skills_passive": []}
    sheets.check_sheet("cosmos", options, sheet)
    with pytest.raises(RulesError, match="skills_active: 5 active skills at level 2"):
        sheets.check_sheet("cosmos", options, {**sheet, "skills_active": [*"abcdef"]})
    with pytest.raises(RulesError, match="skills_passive"):
        sheets.check_sheet("cosmos", options, {**sheet, "skills_passive": [*"abcdef"]})
    shown = {d.term: d.value for d in sheets.derived("cosmos", options, sheet)}
    assert shown["sheet.skills_active_count"] == "5/5"
    assert shown["sheet.skills_passive_count"] == "0/5"


def test_a_level_gives_1d4_minus_1_points_and_2_more_after_a_zero() -> None:
    # "le PJ y obtient 1d4-1 PC … s'il reçoit 0 PC … 2 PC supplémentaires au niveau suivant"
    assert skills.resolve_points(LevelSkillPoints(), (1,)).result == 0
    assert skills.resolve_points(LevelSkillPoints(), (4,)).result == 3
    assert skills.resolve_points(LevelSkillPoints(after_zero=True), (1,)).result == 2
    odds = skills.points_odds(LevelSkillPoints())
    counts = {0: 0, 1: 0, 2: 0, 3: 0}
    for face in range(1, 5):
        counts[skills.resolve_points(LevelSkillPoints(), (face,)).result] += 1
    assert odds.distribution == {k: Fraction(n, 4) for k, n in counts.items()}
    assert odds.outcomes["none"] == Fraction(1, 4)


@given(st.booleans(), st.integers(0, 2**32))
def test_level_points_replay(after_zero: bool, seed: int) -> None:
    record = roll_seeded(skills.roll_points, LevelSkillPoints(after_zero), seed)
    assert replay(record) == record


TREE = skills.check_tree(
    [
        TreeSkill("flamme", "Flamme", 2),
        TreeSkill("brasier", "Brasier", 3, parents=("flamme",)),
        TreeSkill("jugement", "Jugement", 1, divine=True),
    ]
)


def test_a_skill_is_bought_parents_first_with_its_cost() -> None:
    # "Posséder toutes les compétences parentes … Payer le coût total de déblocage"
    with pytest.raises(RulesError, match="needs Flamme first"):
        skills.unlock(TREE, (), 10, "brasier")
    owned, left = skills.unlock(TREE, (), 5, "flamme")
    assert (owned, left) == (("flamme",), 3)
    owned, left = skills.unlock(TREE, owned, left, "brasier")
    assert (owned, left) == (("flamme", "brasier"), 0)
    with pytest.raises(RulesError, match="costs 2 PC, 1 left"):
        skills.unlock(TREE, (), 1, "flamme")
    with pytest.raises(RulesError, match="owned already"):
        skills.unlock(TREE, ("flamme",), 5, "flamme")


def test_a_divine_skill_needs_a_blessing_given_in_play() -> None:
    with pytest.raises(RulesError, match="blessing"):
        skills.unlock(TREE, (), 5, "jugement")
    assert skills.unlock(TREE, (), 5, "jugement", blessed=True)[1] == 4


def test_a_tree_with_a_missing_parent_or_a_cycle_is_refused() -> None:
    with pytest.raises(RulesError, match="not in the tree"):
        skills.check_tree([TreeSkill("a", "A", 1, parents=("b",))])
    with pytest.raises(RulesError, match="its own ancestor"):
        skills.check_tree(
            [TreeSkill("a", "A", 1, parents=("b",)), TreeSkill("b", "B", 1, parents=("a",))]
        )


def test_the_shipped_tree_reads_and_a_broken_one_names_file_and_key() -> None:
    from meneur.content import ContentError
    from meneur.content.cosmos import skill_tree_for, skill_tree_from_data

    tree = skill_tree_for(None)
    assert tree.skills["lame_de_feu"].parents == ("enchainement", "flamme")
    assert tree.skills["jugement"].divine
    with pytest.raises(ContentError, match=r"x\.toml: skills\.a\.cost"):
        skill_tree_from_data({"skills": {"a": {"name": "A", "cost": "deux"}}}, "x.toml")
    classified = {"kind": "Physique", "effects": ["Offensif"], "power": "Mineur"}
    with pytest.raises(ContentError, match=r"x\.toml: skills: skills\.a\.parents"):
        skill_tree_from_data(
            {"skills": {"a": {"name": "A", "cost": 1, "parents": ["b"], **classified}}},
            "x.toml",
        )
    # "Une compétence est obligatoirement classifiée"
    with pytest.raises(ContentError, match=r"x\.toml: skills\.a\.power: one of Mineur"):
        skill_tree_from_data(
            {"skills": {"a": {"name": "A", "cost": 1, "kind": "Physique", "effects": "Soin"}}},
            "x.toml",
        )
    with pytest.raises(ContentError, match=r"x\.toml: skills\.a\.upgrades\.B"):
        skill_tree_from_data(
            {"skills": {"a": {"name": "A", "cost": 1, **classified, "upgrades": {"B": "x"}}}},
            "x.toml",
        )
    with pytest.raises(ContentError, match=r"x\.toml: skills\.a: unknown element"):
        skill_tree_from_data(
            {
                "skills": {
                    "a": {**classified, "name": "A", "cost": 1, "kind": "Élémentaire",
                          "elements": ["lave"]}
                }
            },
            "x.toml",
        )  # fmt: skip


# --- Fixed: one sheet per group (docs/rules/cosmos.md#cosmos, "Modèle fixe") ---

GROUPS = {
    "garde": skills.GroupSheet(
        "garde", "Garde impériale", ("Coup précis",), ("Vigilance",), "Dernier rempart"
    ),
    "mage": skills.GroupSheet("mage", "Cercle des mages", ("Flamme",)),
}


def test_a_group_is_found_by_key_or_by_name_and_an_unknown_one_is_refused() -> None:
    # "C'est au MJ de définir à l'avance les divers groupes … ainsi que les fiches."
    assert skills.find_group(GROUPS, "garde") is GROUPS["garde"]
    assert skills.find_group(GROUPS, "  garde IMPERIALE ") is GROUPS["garde"]
    assert skills.find_group(GROUPS, "") is None
    with pytest.raises(RulesError, match=r"skill_group: no group 'pirates'.*Garde impériale"):
        skills.find_group(GROUPS, "pirates")


def test_every_member_has_the_group_sheet_but_may_have_their_own_final_skill() -> None:
    # "une fiche identique en quasi-totalité (le Final Skill pouvant tout de même différer
    # d'un personnage à un autre)"
    garde = GROUPS["garde"]
    assert skills.member_sheet(garde) == garde
    own = skills.member_sheet(garde, " Rempart solaire ")
    assert (own.active, own.passive, own.final_skill) == (
        garde.active,
        garde.passive,
        "Rempart solaire",
    )


def test_the_shipped_groups_read_and_a_broken_group_names_file_and_key() -> None:
    from meneur.content import ContentError
    from meneur.content.cosmos import skill_tree_for, skill_tree_from_data

    groups = skill_tree_for(None).groups
    assert groups["garde"].final_skill == "Dernier rempart"
    assert "Flamme" in groups["mage"].active
    with pytest.raises(ContentError, match=r"x\.toml: groups\.g\.active"):
        skill_tree_from_data({"groups": {"g": {"name": "G", "active": "Flamme"}}}, "x.toml")
    with pytest.raises(ContentError, match=r"x\.toml: groups\.g\.name"):
        skill_tree_from_data({"groups": {"g": {"active": []}}}, "x.toml")
    with pytest.raises(ContentError, match=r"x\.toml: groups\.g\.colour"):
        skill_tree_from_data({"groups": {"g": {"name": "G", "colour": "red"}}}, "x.toml")
