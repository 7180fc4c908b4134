"""A Great Cosmos progressive skill tree bought from (docs/rules/cosmos.md#skill-sheets, Modèle
progressif): a skill unlocked or an upgrade bought with skill points, the same from the panel, the
shared table and ``meneur skill``, each one journal entry made of the sheet under the lock (two
screens spending the last points at once: the second is refused, never both).

The sheet keeps ``skill_points``, ``skills_owned`` (the skills' names) and
``skill_upgrades`` (a skill's name → the names of its upgrades bought)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.content.outcomes import colon
from meneur.core.cosmos.skills import TreeSkill, check_upgrades, unlock, upgrade
from meneur.core.sheets import whole_or
from meneur.play.characters import sheet_change, sheet_of
from meneur.saves.entry_parts import Plan, Planned, Worded

Words = Callable[..., str]


def owned_keys(tree: Mapping[str, TreeSkill], sheet: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys of the tree's skills the sheet owns (it keeps their names)."""
    names = sheet.get("skills_owned", [])
    names = set(names) if isinstance(names, list) else set()
    return tuple(key for key, skill in tree.items() if skill.name in names)


def bought_upgrades(
    tree: Mapping[str, TreeSkill], sheet: Mapping[str, Any]
) -> dict[str, tuple[str, ...]]:
    """The upgrades the sheet bought, by skill key (``skill_upgrades`` keeps names)."""
    data = sheet.get("skill_upgrades", {})
    data = data if isinstance(data, Mapping) else {}
    keys = {skill.name: key for key, skill in tree.items()}
    return {
        keys[name]: tuple(str(u) for u in names)
        for name, names in data.items()
        if name in keys and isinstance(names, list)
    }


def skill_words(skill: TreeSkill, lang: str, bought: tuple[str, ...] = ()) -> str:
    """A tree's skill in words, its categories as the seed names them (French terms):
    ``Élémentaire (Feu, Air) · Offensif, Entravant · Majeur · améliorations : Portée
    accrue (1 PC)`` — an upgrade ``bought`` marked ✔."""
    from meneur.content.cosmos import element_table

    table = element_table()
    kinds = " / ".join(skill.kinds)
    if skill.elements:
        kinds += f" ({', '.join(table.name(e, lang) for e in skill.elements)})"
    if skill.alignment:
        kinds += f" — {skill.alignment}"
    parts = [kinds, ", ".join(skill.effects), skill.power]
    if skill.upgrades:
        label = "améliorations" if lang == "fr" else "upgrades"
        shown = ", ".join(
            f"{u.name} ({u.cost} PC{', ✔' if u.name in bought else ''})" for u in skill.upgrades
        )
        parts.append(f"{label}{colon(lang)}{shown}")
    return " · ".join(part for part in parts if part)


def unlock_skill(character: str, tree: Mapping[str, TreeSkill], key: str, *, blessed: bool) -> Plan:
    """Unlock the tree's skill ``key`` for ``character``: parents owned, the blessing
    for a divine one (and no owned divine skill of the contrary alignment), its cost in
    the points the sheet has under the lock.

    Refused (RulesError) as :func:`meneur.core.cosmos.skills.unlock` refuses.
    """

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = sheet_of(state, character)
        points = whole_or(sheet.get("skill_points"))
        owned, left = unlock(tree, owned_keys(tree, sheet), points, key, blessed=blessed)
        changes = (
            sheet_change(state, character, "skill_points", left),
            sheet_change(state, character, "skills_owned", [tree[k].name for k in owned]),
        )
        text = Worded("tree.entry", {"who": name, "name": tree[key].name, "cost": tree[key].cost})
        return Planned(text, changes, character=character)

    return plan


def buy_upgrade(character: str, tree: Mapping[str, TreeSkill], key: str, upgrade_name: str) -> Plan:
    """Buy the upgrade ``upgrade_name`` of ``character``'s owned skill ``key``.

    Refused (RulesError) as :func:`meneur.core.cosmos.skills.upgrade` refuses.
    """

    def plan(state: Mapping[str, Any]) -> Planned:
        sheet, name = sheet_of(state, character)
        check_upgrades(sheet)
        points = whole_or(sheet.get("skill_points"))
        after, left = upgrade(
            tree,
            owned_keys(tree, sheet),
            bought_upgrades(tree, sheet),
            points,
            key,
            upgrade_name,
        )
        data = {tree[k].name: list(names) for k, names in after.items()}
        cost = next(u.cost for u in tree[key].upgrades if u.name == upgrade_name)
        changes = (
            sheet_change(state, character, "skill_points", left),
            sheet_change(state, character, "skill_upgrades", data),
        )
        text = Worded(
            "tree.upgrade_entry",
            {"who": name, "skill": tree[key].name, "name": upgrade_name, "cost": cost},
        )
        return Planned(text, changes, character=character)

    return plan
