"""Le Sphérier's passive capacities that change a skill test (docs/rules/spherier.md#abilities,
Capacités génériques aux Compétences), written on the sheet's ``passives`` in the seed's
notation with the values the seed leaves to the table:

- ``Grouper les Compétences(Epées, Haches, Lances)<+2, 3>``: "Certaines Compétences
  peuvent être groupées. Elles partagent alors la même Maîtrise et la même Limite, mais
  leurs progression sur ces deux axes s'en trouve ralentie." — every skill of the group
  is tested with the group's Maîtrise and Limite; a grouped skill is written nowhere
  else on the sheet (its values are the group's). Progression is not something meneur
  counts (the seed gives no cost): the group says "progression ralentie" and the GM
  raises its values more slowly.
- ``Spécialisation(Bluff, Face à un noble)<+1, +1>``: "Dans certaines circonstance, le
  personnage bénéficie d'un bonus à son Degré de maîtrise, à sa Limite, ou aux deux."
  — in that circumstance, the test of that skill adds the bonuses (one of them may be
  0, not both); the test then names the skill with its circumstance.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from meneur.core.errors import RulesError, refused_value, within
from meneur.core.frozen import frozen
from meneur.core.words import folded

from .notation import sheet_skills
from .rules import MAX_POOL, Skill

GROUP = "grouper les competences"
SPECIALISATION = "specialisation"
_PASSIVE = re.compile(
    r"^\s*(?P<what>[^()<>]+?)\s*\((?P<args>[^()<>]*)\)\s*"
    r"<\s*(?P<mastery>[+-]?\d{1,3})\s*,\s*(?P<limit>[+-]?\d{1,3})\s*>\s*$"
)


@frozen
class SkillGroup:
    """Skills grouped: one Maîtrise and one Limite for all of them."""

    members: tuple[str, ...]
    mastery: int
    limit: int

    def __post_init__(self) -> None:
        if len(self.members) < 2:
            raise RulesError(
                "a group holds two skills or more",
                message_key="spherier.passive.group_size",
            )
        if len({folded(m) for m in self.members}) != len(self.members):
            raise RulesError(
                "a skill is in its group once", message_key="spherier.passive.group_twice"
            )
        Skill(self.mastery, self.limit)  # the same bounds as any skill

    @property
    def notation(self) -> str:
        return (
            f"Grouper les Compétences({', '.join(self.members)})<{self.mastery:+d}, {self.limit}>"
        )


@frozen
class Specialisation:
    """A skill's bonus in a circumstance, to its Maîtrise, its Limite or both."""

    skill: str
    circumstance: str
    mastery: int
    limit: int

    def __post_init__(self) -> None:
        if self.mastery < 0 or self.limit < 0 or not (self.mastery or self.limit):
            raise RulesError(
                "a Spécialisation gives a bonus: to the Maîtrise, the Limite or both",
                message_key="spherier.passive.bonus",
            )
        if self.mastery > MAX_POOL:
            raise RulesError(
                f"a bonus of {self.mastery} is beyond any test",
                message_key="spherier.mastery",
                value=self.mastery,
            )

    @property
    def notation(self) -> str:
        return (
            f"Spécialisation({self.skill}, {self.circumstance})<{self.mastery:+d}, {self.limit:+d}>"
        )


def parse_passive(text: str) -> SkillGroup | Specialisation:
    """Read a passive capacity as the sheet writes it (see the module's notation).

    Raises:
        RulesError: for a line that is neither, saying what is expected.
    """
    found = _PASSIVE.match(text)
    if found is None:
        raise RulesError(
            "expected Grouper les Compétences(A, B)<Maîtrise, Limite> or "
            "Spécialisation(Compétence, Circonstance)<+Maîtrise, +Limite>",
            message_key="spherier.passive.notation",
        )
    what = folded(found["what"])
    args = [part.strip() for part in found["args"].split(",")]
    mastery, limit = int(found["mastery"]), int(found["limit"])
    if what == GROUP:
        if not all(args):
            raise RulesError("a group names its skills", message_key="spherier.passive.names")
        return SkillGroup(tuple(args), mastery, limit)
    if what == SPECIALISATION:
        skill, _, circumstance = found["args"].partition(",")
        if not skill.strip() or not circumstance.strip():
            raise RulesError(
                "a Spécialisation names its skill and its circumstance",
                message_key="spherier.passive.names",
            )
        return Specialisation(skill.strip(), circumstance.strip(), mastery, limit)
    raise RulesError(
        f"{found['what'].strip()} is not a passive capacity meneur applies "
        "(Grouper les Compétences, Spécialisation)",
        message_key="spherier.passive.unknown",
        what=found["what"].strip(),
    )


def passives(sheet: Mapping[str, Any]) -> tuple[SkillGroup | Specialisation, ...]:
    """The sheet's passive capacities that read (a line that does not is the sheet
    check's business)."""
    entries = sheet.get("passives", [])
    found: list[SkillGroup | Specialisation] = []
    for entry in entries if isinstance(entries, list) else []:
        try:
            found.append(parse_passive(str(entry)))
        except RulesError:
            continue
    return tuple(found)


def skills_of(sheet: Mapping[str, Any]) -> dict[str, Skill]:
    """The skills a sheet tests with: its attributes and skills, then each grouped skill
    with its group's Maîtrise and Limite."""
    found = sheet_skills(sheet)
    for passive in passives(sheet):
        if isinstance(passive, SkillGroup):
            for member in passive.members:
                found[member] = Skill(passive.mastery, passive.limit, member)
    return found


def skill_on_sheet(sheet: Mapping[str, Any], name: str, owner: str) -> Skill:
    """The skill a notation names, as ``owner``'s sheet gives it (a grouped skill with
    its group's values).

    Raises:
        RulesError: naming the skill and whose sheet lacks it; a notation never borrows
            another skill's values.
    """
    wanted = folded(name)
    for skill in skills_of(sheet).values():
        if folded(skill.name) == wanted:
            return skill
    raise RulesError(
        f"{name} is not on {owner}'s sheet",
        message_key="spherier.not_on_sheet",
        skill=name,
        owner=owner,
    )


def group_of(sheet: Mapping[str, Any], skill: str) -> SkillGroup | None:
    """The group ``skill`` belongs to, if any."""
    wanted = folded(skill)
    for passive in passives(sheet):
        if isinstance(passive, SkillGroup) and wanted in {folded(m) for m in passive.members}:
            return passive
    return None


def specialisations(sheet: Mapping[str, Any], skill: str) -> tuple[Specialisation, ...]:
    """The specialisations of ``skill`` on the sheet (its name, accents and case aside)."""
    wanted = folded(skill)
    return tuple(
        p for p in passives(sheet) if isinstance(p, Specialisation) and folded(p.skill) == wanted
    )


def specialised(skill: Skill, specialisation: Specialisation) -> Skill:
    """``skill`` in its specialisation's circumstance: the bonuses added, the test
    naming the circumstance (``Bluff (Face à un noble)``).

    Raises:
        RulesError: for a specialisation of another skill.
    """
    if folded(specialisation.skill) != folded(skill.name):
        raise RulesError(
            f"this Spécialisation is {specialisation.skill}'s, not {skill.name}'s",
            message_key="spherier.passive.other_skill",
        )
    return Skill(
        skill.mastery + specialisation.mastery,
        skill.limit + specialisation.limit,
        f"{skill.name} ({specialisation.circumstance})",
    )


def check_passives(sheet: Mapping[str, Any]) -> None:
    """A sheet's passives fit its skills: each line reads, a skill is in one group at
    most and is not written on its own besides, a specialisation names a skill the
    sheet has (grouped ones included).

    Raises:
        RulesError: naming ``passives`` and what is wrong.
    """
    entries = sheet.get("passives", [])
    if not isinstance(entries, list):
        raise refused_value("passives", "list", entries)
    for entry in entries:
        try:
            parse_passive(str(entry))
        except RulesError as error:
            raise within("passives", within(str(entry), error)) from error
    written = {folded(name) for name in sheet_skills(sheet)}
    grouped: set[str] = set()
    for passive in passives(sheet):
        if not isinstance(passive, SkillGroup):
            continue
        for member in passive.members:
            key = folded(member)
            if key in grouped:
                raise RulesError(
                    f"passives: {member} is in two groups",
                    message_key="spherier.passive.two_groups",
                    skill=member,
                )
            if key in written:
                raise RulesError(
                    f"passives: {member} is grouped: its Maîtrise and Limite are the group's,"
                    " not written among the skills",
                    message_key="spherier.passive.grouped",
                    skill=member,
                )
            grouped.add(key)
    known = written | grouped
    for passive in passives(sheet):
        if isinstance(passive, Specialisation) and folded(passive.skill) not in known:
            raise RulesError(
                f"passives: {passive.skill} is not on the sheet",
                message_key="spherier.passive.not_on_sheet",
                skill=passive.skill,
            )
