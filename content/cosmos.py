"""The Great Cosmos catalogue (races, classes, talents, affiliations) read from TOML and
checked: every mistake is one :class:`~meneur.content.ContentError` naming the file and
the key. The shipped example is ``catalogues/cosmos.toml`` (its header is the schema)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from meneur.core.frozen import frozen

from . import ContentError, shipped_document
from .documents import Reader as _Reader
from .documents import campaign_document as _campaign_document

if TYPE_CHECKING:
    from meneur.core.cosmos.elements import Affinities

CATALOGUE_FILE = "catalogues/cosmos.toml"

_TALENT_KEYS = {"name", "gloss", "text"}
_CLASS_KEYS = {"name", "gloss", "text", "min", "max", "talents", "natural"}
_RACE_KEYS = _CLASS_KEYS | {"mental_health", "aura"}
_AFFILIATION_KEYS = {"name", "gloss", "text", "talents", "max_level"}


def catalogue_from_data(document: Mapping[str, object], source: str) -> Any:
    """A :class:`meneur.core.cosmos.catalogue.Catalogue` from a catalogue document.

    Raises:
        ContentError: naming ``source`` and the key of the first problem (a missing or
            mistyped field, an unknown key, a stat or talent that does not exist, bounds
            outside 20–80 or contradicting each other).
    """
    from meneur.core.cosmos.catalogue import Affiliation, Catalogue, Origin, Talent
    from meneur.core.errors import RulesError

    read = _Reader(source)
    read.table(document, "(top)", {"catalogue", "talents", "races", "classes", "affiliations"})
    head = read.table(document.get("catalogue", {}), "catalogue", {"name", "common"})
    talents = {}
    for key, value in read.table(document.get("talents", {}), "talents").items():
        where = f"talents.{key}"
        table = read.table(value, where, _TALENT_KEYS)
        talents[key] = Talent(
            key,
            read.text(table, "name", where, required=True),
            read.text(table, "text", where),
            read.text(table, "gloss", where),
        )

    def origins(kind: str, known: set[str]) -> dict[str, Any]:
        found = {}
        for key, value in read.table(document.get(kind, {}), kind).items():
            where = f"{kind}.{key}"
            table = read.table(value, where, known)
            aura = table.get("aura", False)
            if not isinstance(aura, bool):
                raise read.fail(f"{where}.aura", "expected true or false")
            try:
                found[key] = Origin(
                    key,
                    read.text(table, "name", where, required=True),
                    read.text(table, "text", where),
                    read.text(table, "gloss", where),
                    minimum=read.bounds(table, "min", where),
                    maximum=read.bounds(table, "max", where),
                    talents=read.keys(table, "talents", where),
                    natural=read.keys(table, "natural", where),
                    mental_health=read.whole(table, "mental_health", where, 100),
                    aura=aura,
                )
            except RulesError as error:
                raise read.fail(where, str(error)) from error
        return found

    affiliations = {}
    for key, value in read.table(document.get("affiliations", {}), "affiliations").items():
        where = f"affiliations.{key}"
        table = read.table(value, where, _AFFILIATION_KEYS)
        try:
            affiliations[key] = Affiliation(
                key,
                read.text(table, "name", where, required=True),
                read.text(table, "text", where),
                read.text(table, "gloss", where),
                talents=read.keys(table, "talents", where),
                max_level=read.whole(table, "max_level", where, 5),
            )
        except RulesError as error:
            raise read.fail(where, str(error)) from error
    races = origins("races", _RACE_KEYS)
    classes = origins("classes", _CLASS_KEYS)
    try:
        return Catalogue(
            races=races,
            classes=classes,
            talents=talents,
            common=read.keys(head, "common", "catalogue"),
            affiliations=affiliations,
        )
    except RulesError as error:
        # The catalogue's message starts with the key (races.x.talents: …).
        raise ContentError(f"{source}: {error}") from error


@cache
def example_catalogue() -> Any:
    """The example catalogue shipped with meneur.

    Raises:
        ContentError: when the shipped file is broken (a packaging mistake).
    """
    return catalogue_from_data(shipped_document(CATALOGUE_FILE), CATALOGUE_FILE)


CAMPAIGN_CATALOGUE = "cosmos.toml"
"""A campaign's own catalogue, in its folder."""
CAMPAIGN_GENES = "genes.toml"
"""A campaign's own gene tree, in its folder."""


def catalogue_for(directory: Path | None) -> Any:
    """The campaign's own catalogue (``cosmos.toml`` in its folder), else the example.

    Raises:
        ContentError: naming the campaign's file and key when it is broken.
    """
    found = _campaign_document(directory, CAMPAIGN_CATALOGUE)
    return example_catalogue() if found is None else catalogue_from_data(*found)


def gene_tree_for(directory: Path | None) -> Any:
    """The campaign's own gene tree (``genes.toml`` in its folder), else the example.

    Raises:
        ContentError: naming the campaign's file and key when it is broken.
    """

    found = _campaign_document(directory, CAMPAIGN_GENES)
    return example_gene_tree() if found is None else gene_tree_from_data(*found)


# --- Elemental strengths and weaknesses ----------------------------------------------------

ELEMENTS_FILE = "elements/cosmos.toml"


@frozen
class ElementTable:
    """The elemental table and the elements' names (see ``elements/cosmos.toml``)."""

    affinities: Affinities
    names: Mapping[str, Mapping[str, str]]

    def name(self, key: str, lang: str) -> str:
        """An element's name in ``lang`` (``fr`` or ``en``)."""
        return self.names[key][lang]

    def key(self, text: str) -> str:
        """The key of the element ``text`` names (a key, or its name in either language).

        Raises:
            RulesError: naming the twelve elements.
        """
        from meneur.core.cosmos.elements import element_key
        from meneur.core.errors import RulesError

        for lang in ("fr", "en"):
            try:
                return element_key(text, {k: v[lang] for k, v in self.names.items()})
            except RulesError:
                continue
        return element_key(text)


def element_table_from_data(document: Mapping[str, object], source: str) -> ElementTable:
    """The elemental table of a document shaped as ``elements/cosmos.toml``.

    Raises:
        ContentError: naming the file and the key of the first mistake.
    """
    # The rules' module is loaded here only: most of what reads content never needs it.
    from meneur.core.cosmos.elements import ELEMENTS, Affinities
    from meneur.core.errors import RulesError

    read = _Reader(source)
    table = read.table(document, "(top)", {"order", "names", "rows"})
    if table.get("order") != list(ELEMENTS):
        raise read.fail("order", f"expected the twelve elements in order: {list(ELEMENTS)}")
    names: dict[str, dict[str, str]] = {}
    given = read.table(table.get("names"), "names", set(ELEMENTS))
    for key in ELEMENTS:
        both = read.table(given.get(key), f"names.{key}", {"fr", "en"})
        for lang in ("fr", "en"):
            if not isinstance(both.get(lang), str) or not both[lang].strip():
                raise read.fail(f"names.{key}.{lang}", "expected the element's name")
        names[key] = {"fr": both["fr"], "en": both["en"]}
    rows = read.table(table.get("rows"), "rows")
    try:
        affinities = Affinities.from_rows(rows)
    except RulesError as error:
        raise read.fail("rows", str(error)) from error
    return ElementTable(affinities, MappingProxyType(names))


@cache
def element_table() -> ElementTable:
    """The seed's elemental table, shipped with meneur.

    Raises:
        ContentError: when the shipped file is broken (a packaging mistake).
    """
    return element_table_from_data(shipped_document(ELEMENTS_FILE), ELEMENTS_FILE)


# --- The progressive skill sheet's tree -------------------------------------------------------

SKILLS_FILE = "skills/example.toml"
CAMPAIGN_SKILLS = "skills.toml"
_SKILL_KEYS = {
    "name",
    "cost",
    "parents",
    "divine",
    "kind",
    "elements",
    "alignment",
    "effects",
    "power",
    "upgrades",
    "text",
}
_GROUP_KEYS = {"name", "active", "passive", "final_skill"}


@frozen
class SkillTree:
    """A campaign's skill sheets: the progressive model's tree (the rules' view of each
    skill, and what is shown) and the fixed model's sheets, one per group."""

    skills: Mapping[str, Any]
    """Key → :class:`meneur.core.cosmos.skills.TreeSkill`, in the file's order."""
    shown: Mapping[str, tuple[str, str]]
    """Key → (kind, text), for the interface."""
    groups: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Key → :class:`meneur.core.cosmos.skills.GroupSheet`, in the file's order."""


def skill_tree_from_data(document: Mapping[str, object], source: str) -> SkillTree:
    """The tree of a document shaped as ``skills/example.toml``.

    Raises:
        ContentError: naming the file and the key of the first mistake.
    """
    from meneur.core.cosmos.elements import element_key
    from meneur.core.cosmos.skills import TreeSkill, check_tree, classified
    from meneur.core.errors import RulesError

    read = _Reader(source)
    top = read.table(document, "(top)", {"skills", "groups"})
    found, shown = [], {}
    for key, value in read.table(top.get("skills", {}), "skills").items():
        where = f"skills.{key}"
        table = read.table(value, where, _SKILL_KEYS)
        name, cost = table.get("name"), table.get("cost")
        if not isinstance(name, str) or not name.strip():
            raise read.fail(f"{where}.name", "expected the skill's name")
        if not isinstance(cost, int) or isinstance(cost, bool):
            raise read.fail(f"{where}.cost", "expected a whole number of PC")
        parents = table.get("parents", [])
        if not isinstance(parents, list) or not all(isinstance(p, str) for p in parents):
            raise read.fail(f"{where}.parents", "expected a list of skill keys")
        kinds = _words(read, table.get("kind", []), f"{where}.kind")
        divine = table.get("divine", "Divin" in kinds)
        if not isinstance(divine, bool):
            raise read.fail(f"{where}.divine", "expected true or false")
        text, alignment = table.get("text", ""), table.get("alignment", "")
        if not isinstance(text, str) or not isinstance(alignment, str):
            raise read.fail(where, "alignment and text are text")
        try:
            elements = tuple(
                element_key(e) for e in _words(read, table.get("elements", []), f"{where}.elements")
            )
            skill = TreeSkill(
                key,
                name,
                cost,
                tuple(parents),
                divine,
                kinds=kinds,
                elements=elements,
                alignment=alignment.strip(),
                effects=_words(read, table.get("effects", []), f"{where}.effects"),
                power=str(table.get("power", "")).strip(),
                upgrades=_upgrades(read, table.get("upgrades", {}), f"{where}.upgrades"),
            )
            found.append(classified(skill))
        except RulesError as error:
            message = str(error)
            at, _, reason = message.partition(": ")
            if at.startswith(where):
                raise read.fail(at, reason) from error
            raise read.fail(where, message) from error
        shown[key] = (" / ".join(kinds), text)
    try:
        skills = check_tree(found)
    except RulesError as error:
        raise read.fail("skills", str(error)) from error
    groups = _group_sheets(read, top.get("groups", {}))
    return SkillTree(
        MappingProxyType(dict(skills)), MappingProxyType(shown), MappingProxyType(groups)
    )


def _words(read: _Reader, value: object, where: str) -> tuple[str, ...]:
    """A text, or a list of texts, as a tuple of trimmed texts."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise read.fail(where, "expected a text or a list of texts")
    return tuple(v.strip() for v in value)


def _upgrades(read: _Reader, value: object, where: str) -> tuple[Any, ...]:
    """A skill's upgrades: ``{ "Name" = cost }``, in the file's order."""
    from meneur.core.cosmos.skills import Upgrade

    found = []
    for name, cost in read.table(value, where).items():
        if not isinstance(cost, int) or isinstance(cost, bool):
            raise read.fail(f"{where}.{name}", "expected a whole number of PC")
        found.append(Upgrade(name.strip(), cost))
    return tuple(found)


def _group_sheets(read: _Reader, value: object) -> dict[str, Any]:
    """The fixed model's sheets: ``[groups.KEY]`` with a name, active and passive skills
    (lists of names) and the group's Final Skill."""
    from meneur.core.cosmos.skills import GroupSheet
    from meneur.core.errors import RulesError

    groups = {}
    for key, entry in read.table(value, "groups").items():
        where = f"groups.{key}"
        table = read.table(entry, where, _GROUP_KEYS)
        lists = []
        for part in ("active", "passive"):
            names = table.get(part, [])
            if not isinstance(names, list) or not all(
                isinstance(n, str) and n.strip() for n in names
            ):
                raise read.fail(f"{where}.{part}", "expected a list of skill names")
            lists.append(tuple(n.strip() for n in names))
        texts = [table.get(k, "") for k in ("name", "final_skill")]
        if not all(isinstance(t, str) for t in texts):
            raise read.fail(where, "name and final_skill are text")
        try:
            groups[key] = GroupSheet(key, str(texts[0]), lists[0], lists[1], str(texts[1]).strip())
        except RulesError as error:
            raise read.fail(f"{where}.name", "expected the group's name") from error
    return groups


def skill_tree_for(directory: Path | None) -> SkillTree:
    """The campaign's own tree (``skills.toml`` in its folder), else the example.

    Raises:
        ContentError: naming the file and key of a mistake.
    """
    found = _campaign_document(directory, CAMPAIGN_SKILLS)
    if found is None:
        return skill_tree_from_data(shipped_document(SKILLS_FILE), SKILLS_FILE)
    return skill_tree_from_data(*found)


_GENE_KEYS = {"name", "gloss", "kind", "effect", "parent", "exclusive", "max", "malus", "gives"}
GENES_FILE = "genes/example.toml"


def gene_tree_from_data(document: Mapping[str, object], source: str) -> Any:
    """A :class:`meneur.core.cosmos.genes.GeneTree` from a ``[tree]`` + ``[genes.KEY]`` document
    (the shipped example, or a campaign's own tree).

    Raises:
        ContentError: naming ``source`` and the key of the first problem: a missing or
            mistyped field, an unknown kind or key, a parent or exclusive partner that
            is not in the tree, parents that loop.
    """
    from meneur.core.cosmos.genes import Gene, GeneKind, GeneTree
    from meneur.core.errors import RulesError

    tree = document.get("tree", {})
    if not isinstance(tree, dict):
        raise ContentError(f"{source}: tree: expected a table with a name")
    name = tree.get("name", "")
    if not isinstance(name, str):
        raise ContentError(f"{source}: tree.name: expected text")
    table = document.get("genes")
    if not isinstance(table, dict) or not table:
        raise ContentError(f"{source}: genes: expected one [genes.KEY] table per gene")
    genes = {}
    for key, value in table.items():
        where = f"{source}: genes.{key}"
        if not isinstance(value, dict):
            raise ContentError(f"{where}: expected a table")
        unknown = sorted(set(value) - _GENE_KEYS)
        if unknown:
            raise ContentError(f"{where}: unknown key {unknown[0]!r}")
        for needed in ("name", "kind", "effect"):
            if needed not in value:
                raise ContentError(f"{where}: missing {needed!r}")
        for text in ("name", "gloss", "kind", "effect", "parent", "exclusive", "malus"):
            if text in value and (not isinstance(value[text], str) or not value[text]):
                raise ContentError(f"{where}.{text}: expected non-empty text")
        kinds = [kind.value for kind in GeneKind]
        if value["kind"] not in kinds:
            raise ContentError(f"{where}.kind: expected one of {', '.join(kinds)}")
        maximum = value.get("max", 2)
        if isinstance(maximum, bool) or not isinstance(maximum, int):
            raise ContentError(f"{where}.max: expected a whole number")
        gives = value.get("gives", {})
        if not isinstance(gives, dict):
            raise ContentError(f"{where}.gives: expected a table of stats (force = 5)")
        try:
            genes[str(key)] = Gene(
                key=str(key),
                name=value["name"],
                kind=GeneKind(value["kind"]),
                effect=value["effect"],
                parent=value.get("parent"),
                exclusive=value.get("exclusive"),
                maximum=maximum,
                malus=value.get("malus", ""),
                gloss=value.get("gloss", ""),
                gives={str(stat): amount for stat, amount in gives.items()},
            )
        except RulesError as error:
            raise ContentError(f"{where}: {error}") from error
    try:
        return GeneTree(name or source, genes)
    except RulesError as error:
        raise ContentError(f"{source}: genes: {error}") from error


@cache
def example_gene_tree() -> Any:
    """The documented example gene tree shipped with meneur.

    Raises:
        ContentError: when the shipped file is broken (a packaging mistake).
    """
    return gene_tree_from_data(shipped_document(GENES_FILE), GENES_FILE)
