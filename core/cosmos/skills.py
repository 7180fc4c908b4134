"""Great Cosmos skill sheets (docs/rules/cosmos.md#extensions; docs/rules/cosmos.md#skill-sheets,
Fiche compétences), an extension rule with three models.

**Standard**: active skills come with the levels (3 at level 1, 2 at 2, 3 at 3, 1 at 4 —
a 100 PM one —, the Final Skill at 5, none at 6, then 3, 2, 3 and 1 at 7 to 10; the GM's
choice from 11); passive ones are the player's, at most 5 up to level 6 and 8 up to 10.
**Progressive**: a tree of skills bought with skill points (PC), parents first; PC at
creation (see :mod:`meneur.core.cosmos.creation`), then 1d4 − 1 per level, a 0 giving 2
more at the next. **Fixed**: one sheet shared by a group (a class, a race…), the GM's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from meneur.core.dice import Die, draw
from meneur.core.errors import RulesError, refused_value
from meneur.core.frozen import frozen
from meneur.core.odds import Odds, distribution_from_counts, outcome_odds
from meneur.core.records import RollRecord

ACTIVE_BY_LEVEL = {1: 3, 2: 2, 3: 3, 4: 1, 5: 0, 6: 0, 7: 3, 8: 2, 9: 3, 10: 1}
"""Active skills each level brings (level 5 brings the Final Skill instead)."""
GM_LEVEL = 11
"""From this level on, what a level brings is the GM's choice."""


def active_allowed(level: int) -> int | None:
    """Active skills a character of ``level`` may have (the levels' sum); None from
    level 11, where the GM decides."""
    if level < 1:
        raise RulesError(
            f"a level is 1 or more, not {level}", message_key="cosmos.level", value=level
        )
    if level >= GM_LEVEL:
        return None
    return sum(count for at, count in ACTIVE_BY_LEVEL.items() if at <= level)


def passive_allowed(level: int) -> int | None:
    """Passive skills allowed: 5 up to level 6, 8 up to level 10; None beyond (the GM)."""
    if level < 1:
        raise RulesError(
            f"a level is 1 or more, not {level}", message_key="cosmos.level", value=level
        )
    if level <= 6:
        return 5
    if level <= 10:
        return 8
    return None


def check_standard(level: int, active: int, passive: int) -> None:
    """A standard sheet's counts at ``level``.

    Raises:
        RulesError: naming ``skills_active`` or ``skills_passive`` when over.
    """
    most = active_allowed(level)
    if most is not None and active > most:
        raise RulesError(
            f"skills_active: {most} active skills at level {level}, not {active}",
            message_key="cosmos.skill.too_many_active",
            most=most,
            level=level,
            value=active,
        )
    most = passive_allowed(level)
    if most is not None and passive > most:
        raise RulesError(
            f"skills_passive: {most} passive skills at level {level}, not {passive}",
            message_key="cosmos.skill.too_many_passive",
            most=most,
            level=level,
            value=passive,
        )


# --- Progressive: skill points per level, the tree ----------------------------------------

SYSTEM = "level_skill_points"


@frozen
class LevelSkillPoints:
    """The skill points a level-up gives: 1d4 − 1, plus 2 when the last level gave 0.

    Attributes:
        after_zero: the previous level gave 0 points.
    """

    after_zero: bool = False


@frozen(kw_only=True)
class LevelSkillPointsRoll(RollRecord[LevelSkillPoints]):
    """The d4 and the points it gives (``result``); ``outcome`` ``points`` or ``none``."""

    system: ClassVar[str] = SYSTEM


def resolve_points(test: LevelSkillPoints, faces: tuple[int, ...]) -> LevelSkillPointsRoll:
    """Read the level's d4.

    Raises:
        RulesError: for anything but one face 1–4.
    """
    if len(faces) != 1 or not 1 <= faces[0] <= 4:
        raise RulesError(
            "a level's skill points read one d4 showing 1 to 4",
            message_key="dice.read_as",
            count=1,
            sides=4,
        )
    points = faces[0] - 1 + (2 if test.after_zero else 0)
    return LevelSkillPointsRoll(
        inputs=test,
        dice=(Die(4, faces[0]),),
        result=points,
        outcome="points" if points else "none",
        success=points > 0,
    )


def roll_points(test: LevelSkillPoints, rng: random.Random) -> LevelSkillPointsRoll:
    """Roll the level's d4 from ``rng``."""
    return resolve_points(test, (draw(rng, 4),))


def points_odds(test: LevelSkillPoints) -> Odds[LevelSkillPoints]:
    """Each face a quarter: 0–3 points (2–5 after a level that gave none)."""
    base = 2 if test.after_zero else 0
    distribution = distribution_from_counts({face - 1 + base: 1 for face in range(1, 5)})
    outcomes = outcome_odds(
        distribution, lambda points: "points" if points else "none", ("points", "none")
    )
    return Odds(system=SYSTEM, inputs=test, outcomes=outcomes, distribution=distribution)


KINDS = ("Élémentaire", "Physique", "Magie astrale", "Magie explosive", "Divin", "Autre")
"""A skill's general types (docs/rules/cosmos.md#cosmos: "Son type général")."""
ALIGNMENTS = ("Chaos", "Ordre", "Neutre")
"""A divine skill's alignments."""
CONTRARY = {"Chaos": "Ordre", "Ordre": "Chaos"}
"""The alignments contrary to each other (Neutre is contrary to neither)."""
EFFECTS = ("Offensif", "Défensif", "Entravant", "Soin", "Renforcement", "Utilitaire")
"""A skill's effect types (one or more)."""
POWERS = ("Mineur", "Intermédiaire", "Majeur", "Supérieur", "Transcendant")
"""A skill's power levels."""
MAX_ELEMENTS = 2


@frozen
class Upgrade:
    """An upgrade of a tree's skill ("Amélioration(s) éventuelle(s) et coût d'obtention
    de celle(s)-ci (PC)"): its name and its cost."""

    name: str
    cost: int


@frozen
class TreeSkill:
    """A skill of a progressive tree.

    Attributes:
        key: its key; name: its name.
        cost: the PC it takes to unlock.
        parents: the skills it needs first.
        divine: needs a deity's blessing, given in play (the GM marks it).
        kinds: its general type, and a second one beside Divin (see :func:`classified`).
        elements: an elemental skill's elements (keys, one or two).
        alignment: a divine skill's: Chaos, Ordre or Neutre.
        effects: its effect types.
        power: its power level.
        upgrades: the upgrades a PC may buy once it is owned.
    """

    key: str
    name: str
    cost: int
    parents: tuple[str, ...] = ()
    divine: bool = False
    kinds: tuple[str, ...] = ()
    elements: tuple[str, ...] = ()
    alignment: str = ""
    effects: tuple[str, ...] = ()
    power: str = ""
    upgrades: tuple[Upgrade, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.cost <= 99:
            raise RulesError(
                f"skills.{self.key}.cost: 0 to 99 PC, not {self.cost}",
                message_key="cosmos.skill.cost_range",
                where=f"skills.{self.key}.cost",
                value=self.cost,
            )
        seen = set()
        for upgrade in self.upgrades:
            if not upgrade.name.strip() or upgrade.name in seen:
                raise RulesError(
                    f"skills.{self.key}.upgrades: a name each, never twice",
                    message_key="cosmos.skill.upgrade_names",
                    where=f"skills.{self.key}.upgrades",
                )
            if not 0 <= upgrade.cost <= 99:
                raise RulesError(
                    f"skills.{self.key}.upgrades.{upgrade.name}: 0 to 99 PC, not {upgrade.cost}",
                    message_key="cosmos.skill.cost_range",
                    where=f"skills.{self.key}.upgrades.{upgrade.name}",
                    value=upgrade.cost,
                )
            seen.add(upgrade.name)


def classified(skill: TreeSkill) -> TreeSkill:
    """``skill``, once checked classified as the seed requires: "Une compétence est
    obligatoirement classifiée selon les catégories suivantes" — one general type
    ("Une compétence de type divin peut cumuler un second type général"), its elements
    when elemental ("maximum 2"), its alignment when divine, one or more effect types,
    a power level. A divine skill is one whose types include Divin.

    Raises:
        RulesError: naming the skill's key and the category that is wrong or missing.
    """
    from .elements import ELEMENTS

    where = f"skills.{skill.key}"
    kinds = skill.kinds
    if not kinds or any(kind not in KINDS for kind in kinds) or len(set(kinds)) != len(kinds):
        raise RulesError(
            f"{where}.kind: one of {', '.join(KINDS)}",
            message_key="cosmos.skill.kind",
            where=f"{where}.kind",
            known=", ".join(KINDS),
        )
    if len(kinds) > 1 and ("Divin" not in kinds or len(kinds) > 2):
        raise RulesError(
            f"{where}.kind: a second type only beside Divin",
            message_key="cosmos.skill.second_kind",
            where=f"{where}.kind",
        )
    if skill.divine != ("Divin" in kinds):
        raise RulesError(
            f"{where}.divine: a divine skill is of type Divin, and only it",
            message_key="cosmos.skill.divine",
            where=f"{where}.divine",
        )
    elemental = "Élémentaire" in kinds
    if elemental and not 1 <= len(skill.elements) <= MAX_ELEMENTS:
        raise RulesError(
            f"{where}.elements: an elemental skill has one or two elements",
            message_key="cosmos.skill.elements_count",
            where=f"{where}.elements",
        )
    if not elemental and skill.elements:
        raise RulesError(
            f"{where}.elements: only an elemental skill has elements",
            message_key="cosmos.skill.elements_only",
            where=f"{where}.elements",
        )
    if any(element not in ELEMENTS for element in skill.elements):
        raise RulesError(
            f"{where}.elements: the elements are {', '.join(ELEMENTS)}",
            message_key="cosmos.skill.elements_known",
            where=f"{where}.elements",
            known=", ".join(ELEMENTS),
        )
    if skill.divine and skill.alignment not in ALIGNMENTS:
        raise RulesError(
            f"{where}.alignment: a divine skill is {', '.join(ALIGNMENTS)}",
            message_key="cosmos.skill.alignment",
            where=f"{where}.alignment",
            known=", ".join(ALIGNMENTS),
        )
    if not skill.divine and skill.alignment:
        raise RulesError(
            f"{where}.alignment: only a divine skill has an alignment",
            message_key="cosmos.skill.alignment_only",
            where=f"{where}.alignment",
        )
    effects = skill.effects
    if not effects or any(e not in EFFECTS for e in effects) or len(set(effects)) != len(effects):
        raise RulesError(
            f"{where}.effects: one or more of {', '.join(EFFECTS)}",
            message_key="cosmos.skill.effects",
            where=f"{where}.effects",
            known=", ".join(EFFECTS),
        )
    if skill.power not in POWERS:
        raise RulesError(
            f"{where}.power: one of {', '.join(POWERS)}",
            message_key="cosmos.skill.power",
            where=f"{where}.power",
            known=", ".join(POWERS),
        )
    return skill


def check_tree(skills: Sequence[TreeSkill]) -> Mapping[str, TreeSkill]:
    """The skills by key, each parent a skill of the tree and no skill its own ancestor.

    Raises:
        RulesError: naming the skill that is wrong.
    """
    tree = {skill.key: skill for skill in skills}
    if len(tree) != len(skills):
        raise RulesError("skills: a key twice", message_key="cosmos.skill.key_twice")
    for skill in skills:
        for parent in skill.parents:
            if parent not in tree:
                raise RulesError(
                    f"skills.{skill.key}.parents: {parent!r} is not in the tree",
                    message_key="cosmos.skill.parent_unknown",
                    where=f"skills.{skill.key}.parents",
                    parent=parent,
                )
    for skill in skills:
        seen, todo = set(), list(skill.parents)
        while todo:
            parent = todo.pop()
            if parent == skill.key:
                raise RulesError(
                    f"skills.{skill.key}: it is its own ancestor",
                    message_key="cosmos.skill.own_ancestor",
                    where=f"skills.{skill.key}",
                )
            if parent not in seen:
                seen.add(parent)
                todo.extend(tree[parent].parents)
    return tree


def unlock(
    tree: Mapping[str, TreeSkill],
    owned: Sequence[str],
    points: int,
    key: str,
    *,
    blessed: bool = False,
) -> tuple[tuple[str, ...], int]:
    """Buy ``key`` with skill points: the owned skills and the points left after.

    Raises:
        RulesError: for a skill not in the tree, owned already, whose parents are not all
            owned, too dear, or divine without the blessing.
    """
    skill = tree.get(key)
    if skill is None:
        raise RulesError(
            f"no skill {key!r} in the tree", message_key="cosmos.skill.unknown", skill=key
        )
    if key in owned:
        raise RulesError(
            f"{skill.name} is owned already", message_key="cosmos.skill.owned", skill=skill.name
        )
    missing = [tree[p].name for p in skill.parents if p not in owned]
    if missing:
        raise RulesError(
            f"{skill.name} needs {', '.join(missing)} first",
            message_key="cosmos.skill.parents",
            skill=skill.name,
            parents=", ".join(missing),
        )
    if skill.divine:
        _same_faith(tree, owned, skill)
    if skill.divine and not blessed:
        raise RulesError(
            f"{skill.name} needs a deity's blessing, given in play",
            message_key="cosmos.skill.blessing",
            skill=skill.name,
        )
    if skill.cost > points:
        raise RulesError(
            f"{skill.name} costs {skill.cost} PC, {points} left",
            message_key="cosmos.skill.cost",
            skill=skill.name,
            cost=skill.cost,
            left=points,
        )
    return (*owned, key), points - skill.cost


def _same_faith(tree: Mapping[str, TreeSkill], owned: Sequence[str], skill: TreeSkill) -> None:
    """ "Un PJ ne peut pas recevoir la bénédiction d'une divinité contraire à l'alignement
    … d'autres compétences divines possédées" (docs/rules/cosmos.md#cosmos): Chaos and Ordre exclude
    each other; Neutre goes with either.

    Raises:
        RulesError: naming the owned skill of the contrary alignment.
    """
    contrary = CONTRARY.get(skill.alignment)
    for key in owned:
        other = tree.get(key)
        if other is not None and other.divine and contrary and other.alignment == contrary:
            raise RulesError(
                f"{skill.name} ({skill.alignment}) goes against {other.name} ({other.alignment})",
                message_key="cosmos.skill.contrary",
                skill=skill.name,
                alignment=skill.alignment,
                other=other.name,
                other_alignment=other.alignment,
            )


def upgrade(
    tree: Mapping[str, TreeSkill],
    owned: Sequence[str],
    upgrades: Mapping[str, Sequence[str]],
    points: int,
    key: str,
    name: str,
) -> tuple[dict[str, tuple[str, ...]], int]:
    """Buy the upgrade ``name`` of the owned skill ``key`` with skill points
    ("Amélioration(s) éventuelle(s) et coût d'obtention de celle(s)-ci (PC)"):
    ``upgrades`` (skill key → upgrade names bought) and the points left after.

    Raises:
        RulesError: for a skill not in the tree or not owned, an upgrade it does not
            have or bought already, or one too dear.
    """
    skill = tree.get(key)
    if skill is None:
        raise RulesError(
            f"no skill {key!r} in the tree", message_key="cosmos.skill.unknown", skill=key
        )
    if key not in owned:
        raise RulesError(
            f"{skill.name} is not owned: unlock it first",
            message_key="cosmos.skill.not_owned",
            skill=skill.name,
        )
    found = next((u for u in skill.upgrades if u.name == name), None)
    if found is None:
        raise RulesError(
            f"{skill.name} has no upgrade {name!r}"
            + (f" (its upgrades: {', '.join(u.name for u in skill.upgrades)})"
               if skill.upgrades else ""),
            message_key="cosmos.skill.no_upgrade",
            skill=skill.name,
            upgrade=name,
        )  # fmt: skip
    bought = tuple(upgrades.get(key, ()))
    if name in bought:
        raise RulesError(
            f"{skill.name}: {name} is bought already",
            message_key="cosmos.skill.upgraded",
            skill=skill.name,
            upgrade=name,
        )
    if found.cost > points:
        raise RulesError(
            f"{name} costs {found.cost} PC, {points} left",
            message_key="cosmos.skill.cost",
            skill=name,
            cost=found.cost,
            left=points,
        )
    after = {k: tuple(v) for k, v in upgrades.items()}
    after[key] = (*bought, name)
    return after, points - found.cost


def check_upgrades(sheet: Mapping[str, object]) -> None:
    """The sheet's ``skill_upgrades`` reads: a table of lists of names.

    Raises:
        RulesError: naming the key that is wrong.
    """
    data = sheet.get("skill_upgrades", {})
    if not isinstance(data, Mapping):
        raise refused_value("skill_upgrades", "table", data)
    for name, names in data.items():
        if not isinstance(names, list) or not all(isinstance(u, str) for u in names):
            raise RulesError(
                f"skill_upgrades.{name}: expected a list of upgrade names",
                message_key="cosmos.skill.upgrade_list",
                where=f"skill_upgrades.{name}",
            )


# --- Fixed: one sheet per group, written by the GM ----------------------------------------


@frozen
class GroupSheet:
    """A fixed skill sheet, the same for every member of a group (a class, a race, an
    affiliation…), written by the GM beforehand.

    Attributes:
        key: the group's key; name: its name.
        active, passive: the sheet's skills, by name.
        final_skill: the group's Final Skill, which a member may replace with their own.
    """

    key: str
    name: str
    active: tuple[str, ...] = ()
    passive: tuple[str, ...] = ()
    final_skill: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise RulesError(
                f"groups.{self.key}.name: a group has a name",
                message_key="cosmos.skill.group_name",
                where=f"groups.{self.key}.name",
            )


def find_group(groups: Mapping[str, GroupSheet], called: str) -> GroupSheet | None:
    """The group a sheet's ``skill_group`` names, by key or by name (accents and case
    aside); None when it is empty."""
    from meneur.core.words import folded

    if not called.strip():
        return None
    wanted = folded(called.strip())
    for key, group in groups.items():
        if wanted in (folded(key), folded(group.name)):
            return group
    raise RulesError(
        f"skill_group: no group {called.strip()!r}; the campaign's groups: "
        + (", ".join(group.name for group in groups.values()) or "none"),
        message_key="cosmos.skill.no_group",
        group=called.strip(),
        known=", ".join(group.name for group in groups.values()) or "—",
    )


def member_sheet(group: GroupSheet, final_skill: str = "") -> GroupSheet:
    """A member's sheet: the group's, with the member's own Final Skill when they have
    one (the seed lets it differ from one member to another)."""
    if not final_skill.strip():
        return group
    return GroupSheet(group.key, group.name, group.active, group.passive, final_skill.strip())
