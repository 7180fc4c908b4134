"""``meneur skill [DIR] CHARACTER [list | unlock SKILL | upgrade SKILL UPGRADE]``: a
Great Cosmos progressive skill tree (docs/rules/cosmos.md#skill-sheets, Modèle progressif) — what
the character owns and may buy, with each skill's categories, or one purchase journaled, made of the
sheet under the lock (meneur.play.cosmos.skill_tree), the same the panel makes."""

from __future__ import annotations

import argparse
from typing import Any

from meneur.cli.journaling import _directory, _open, character_named
from meneur.cli.language import written
from meneur.cli.typed import Shown, key_of
from meneur.cli.usage import UsageError

VERBS = ("list", "unlock", "upgrade")
"""The verbs' keys (typed.toml's ``skill_verb``: ``debloquer`` is ``unlock``)."""

SKILL_VERBS = ("{verb} takes nothing", "{verb} SKILL", "{verb} SKILL UPGRADE")
"""What each verb of ``meneur skill`` takes, said when it is given something else."""


def _skill(given: str, tree: Any) -> str:
    """The key of the tree's skill ``given`` (its key, or its name in any case)."""
    from meneur.core.words import folded

    if given in tree:
        return given
    for key, skill in tree.items():
        if folded(skill.name) == folded(given):
            return str(key)
    raise UsageError("meneur skill", "{given}: no such skill in the campaign's tree", given=given)


def run_skill(args: argparse.Namespace) -> str:
    """List the tree for a character, or unlock a skill, or buy an upgrade.

    Raises:
        UsageError: for words that do not fit, an unknown character or skill.
        RulesError: when the rules refuse the purchase (parents, cost, blessing, a
            contrary alignment, an upgrade of a skill not owned…): nothing is written.
    """
    from meneur.cli.seats import seat_of
    from meneur.content.cosmos import skill_tree_for
    from meneur.content.strings import default_language
    from meneur.play import act
    from meneur.play.cosmos.skill_tree import bought_upgrades, owned_keys, skill_words

    words = list(args.words)
    at = next((i for i, word in enumerate(words) if key_of("skill_verb", word)), len(words))
    who, rest = words[:at], words[at + 1 :]
    verb = key_of("skill_verb", words[at]) if at < len(words) else "list"
    if len(who) not in (1, 2) or verb is None:
        raise UsageError(
            "meneur skill", "expected [DIR] CHARACTER [{verbs} …]", verbs=Shown("skill_verb")
        )
    wanted = VERBS.index(verb)
    if len(rest) != wanted:
        raise UsageError("meneur skill", SKILL_VERBS[wanted], verb=Shown("skill_verb", (verb,)))
    directory = _directory(who[0] if len(who) == 2 else None)
    lang = args.lang or default_language()
    if verb == "list":
        with _open(directory, write=False) as campaign:
            ident = character_named(who[-1], campaign.state.get("characters", {}), "meneur skill")
            character = campaign.state["characters"][ident]
            sheet = character.get("sheet", {})
            sheet = sheet if isinstance(sheet, dict) else {}
            tree = skill_tree_for(campaign.directory)
        owned = owned_keys(tree.skills, sheet)
        bought = bought_upgrades(tree.skills, sheet)
        points = sheet.get("skill_points", 0)
        lines = [f"{character.get('name', ident)} — {points} PC"]
        for key, skill in tree.skills.items():
            mark = "✔" if key in owned else " "
            about = skill_words(skill, lang, bought.get(key, ()))
            lines.append(f"{mark} {skill.name} ({skill.cost} PC) — {about}")
        return "\n".join(lines)
    from meneur.play.cosmos.skill_tree import buy_upgrade, unlock_skill

    with _open(directory) as campaign:
        ident = character_named(who[-1], campaign.state.get("characters", {}), "meneur skill")
        tree = skill_tree_for(campaign.directory)
        key = _skill(rest[0], tree.skills)
        if verb == "unlock":
            plan = unlock_skill(ident, tree.skills, key, blessed=args.blessed)
        else:
            plan = buy_upgrade(ident, tree.skills, key, rest[1])
        entry = act.change(campaign, seat_of(args, campaign), plan)
    return written(entry, campaign, args)
