"""A progressive tree's skills are classified as the seed requires, divine skills of
contrary alignments exclude each other, and a PC buys an owned skill's upgrades (seed
002, Modèle progressif)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from meneur.core.cosmos import skills
from meneur.core.cosmos.skills import TreeSkill, Upgrade, classified
from meneur.core.errors import RulesError

FIRE = TreeSkill(
    "flamme",
    "Flamme",
    1,
    kinds=("Élémentaire",),
    elements=("feu",),
    effects=("Offensif",),
    power="Mineur",
    upgrades=(Upgrade("Portée accrue", 1), Upgrade("Flamme bleue", 2)),
)


def divine(key: str, alignment: str) -> TreeSkill:
    return TreeSkill(
        key, key.title(), 1, divine=True, kinds=("Divin",), alignment=alignment,
        effects=("Soin",), power="Majeur",
    )  # fmt: skip


def test_a_classified_skill_passes() -> None:
    assert classified(FIRE) is FIRE
    assert classified(divine("grace", "Neutre")).alignment == "Neutre"
    # "Une compétence de type divin peut cumuler un second type général"
    both = replace(divine("fracture", "Chaos"), kinds=("Divin", "Magie explosive"))
    assert classified(both) is both


@pytest.mark.parametrize(
    ("changed", "key"),
    [
        ({"kinds": ()}, "kind"),
        ({"kinds": ("Magie noire",)}, "kind"),
        ({"kinds": ("Élémentaire", "Physique")}, "kind"),  # a second type: Divin only
        ({"elements": ()}, "elements"),
        ({"elements": ("feu", "air", "eau")}, "elements"),  # "maximum 2"
        ({"elements": ("lave",)}, "elements"),
        ({"effects": ()}, "effects"),
        ({"effects": ("Offensif", "Offensif")}, "effects"),
        ({"power": ""}, "power"),
        ({"power": "Légendaire"}, "power"),
        ({"alignment": "Chaos"}, "alignment"),  # not divine
        ({"divine": True}, "divine"),  # not of type Divin
    ],
)
def test_a_missing_or_wrong_category_is_refused_naming_it(changed: dict, key: str) -> None:
    # "Une compétence est obligatoirement classifiée selon les catégories suivantes"
    with pytest.raises(RulesError, match=rf"^skills\.flamme\.{key}: "):
        classified(replace(FIRE, **changed))


def test_a_divine_skill_has_an_alignment() -> None:
    with pytest.raises(RulesError, match=r"skills\.grace\.alignment"):
        classified(divine("grace", ""))


def test_contrary_deities_exclude_each_other() -> None:
    # "Un PJ ne peut pas recevoir la bénédiction d'une divinité contraire à l'alignement
    # … d'autres compétences divines possédées"
    tree = skills.check_tree(
        [divine("ordre", "Ordre"), divine("chaos", "Chaos"), divine("neutre", "Neutre")]
    )
    with pytest.raises(RulesError) as refused:
        skills.unlock(tree, ("ordre",), 5, "chaos", blessed=True)
    assert refused.value.message_key == "cosmos.skill.contrary"
    assert skills.unlock(tree, ("ordre",), 5, "neutre", blessed=True)[0] == ("ordre", "neutre")
    assert skills.unlock(tree, ("neutre",), 5, "chaos", blessed=True)[1] == 4


def test_an_owned_skills_upgrade_is_bought_once_at_its_cost() -> None:
    # "Amélioration(s) éventuelle(s) et coût d'obtention de celle(s)-ci (PC)"
    tree = skills.check_tree([FIRE])
    with pytest.raises(RulesError) as refused:
        skills.upgrade(tree, (), {}, 5, "flamme", "Portée accrue")
    assert refused.value.message_key == "cosmos.skill.not_owned"
    bought, left = skills.upgrade(tree, ("flamme",), {}, 5, "flamme", "Flamme bleue")
    assert (bought, left) == ({"flamme": ("Flamme bleue",)}, 3)
    with pytest.raises(RulesError) as twice:
        skills.upgrade(tree, ("flamme",), bought, left, "flamme", "Flamme bleue")
    assert twice.value.message_key == "cosmos.skill.upgraded"
    with pytest.raises(RulesError) as dear:
        skills.upgrade(tree, ("flamme",), bought, 0, "flamme", "Portée accrue")
    assert dear.value.message_key == "cosmos.skill.cost"
    with pytest.raises(RulesError) as unknown:
        skills.upgrade(tree, ("flamme",), bought, 5, "flamme", "Soleil")
    assert unknown.value.message_key == "cosmos.skill.no_upgrade"


def test_upgrades_have_a_name_each_and_a_cost_in_range() -> None:
    with pytest.raises(RulesError):
        replace(FIRE, upgrades=(Upgrade("A", 1), Upgrade("A", 2)))
    with pytest.raises(RulesError):
        replace(FIRE, upgrades=(Upgrade("A", 100),))
