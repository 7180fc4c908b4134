"""The Great Cosmos room of the save schema: what a Great Cosmos campaign.toml holds
beyond any campaign's, checked against the campaign's own files.

- ``[elements]``: the campaign's own elemental coefficients (docs/rules/cosmos.md#combat);
- a sheet's ``affiliation_level`` is bounded by its affiliation's highest level in the
  campaign's catalogue (``cosmos.toml``);
- a fixed skill sheet's ``skill_group`` names a group of the campaign's ``skills.toml``;
- with the genetic-manipulation rule, the campaign's ``genes.toml`` reads (its genes'
  numbers count on the sheets and in the tests).

:mod:`meneur.saves.schema` calls these through the system's record (``rooms["saves"]``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from .errors import CampaignError

TOP_KEYS = ("elements",)
"""The top-level tables a Great Cosmos campaign.toml may add."""


class Checker(Protocol):
    """What the schema's checker offers a room (:class:`meneur.saves.schema_checker.Checker`)."""

    @property
    def path(self) -> Any: ...

    def table(self, value: object, key: str) -> dict[str, Any]: ...

    def fail(self, key: str, reason: str) -> CampaignError: ...

    def refused(self, error: Exception, within: str) -> CampaignError: ...

    def rules(
        self,
        error: Exception,
        key: str,
        reason: str | None = None,
        *,
        said_where: str | None = None,
    ) -> CampaignError: ...


def check_top(checker: Checker, key: str, value: object) -> Any:
    """One of :data:`TOP_KEYS`, checked: the cells of the elemental table the campaign
    overrides (``elements.ACTED_UPON.ACTING = coefficient``).

    Raises:
        CampaignError: naming the key.
    """
    from meneur.content.cosmos import element_table
    from meneur.core.errors import RulesError

    table = checker.table(value, key)
    try:
        element_table().affinities.with_overrides(table)
    except RulesError as error:
        raise checker.refused(error, key) from error
    return {row: dict(columns) for row, columns in table.items()}


def sheet_context(checker: Checker, sheets: Mapping[str, Mapping[str, Any]]) -> Any:
    """What the sheets' limits read from the campaign's files: each affiliation's highest
    level, from its catalogue (or the example) — read only when a sheet has a level of
    affiliation to hold to it.

    Raises:
        CampaignError: naming the catalogue's file when it does not read.
    """
    if not any("affiliation_level" in sheet for sheet in sheets.values()):
        return None
    from meneur.content import ContentError
    from meneur.content.cosmos import catalogue_for

    try:
        catalogue = catalogue_for(checker.path.parent)
    except ContentError as error:
        raise _content(checker.path.parent / "cosmos.toml", error) from error
    return {key: item.max_level for key, item in catalogue.affiliations.items()}


def check_character(
    checker: Checker,
    ident: str,
    sheet: Mapping[str, Any],
    options: Mapping[str, Any],
    memo: dict[str, Any],
) -> None:
    """What a sheet alone does not say: a fixed skill sheet's group must be one of the
    campaign's ``skills.toml`` (read once per check, kept in ``memo``).

    Raises:
        CampaignError: naming the character's key.
    """
    if options.get("dna") and "genes" not in memo:
        memo["genes"] = _gene_tree(checker)  # what the sheets' genes give counts
    group = sheet.get("skill_group")
    if not (isinstance(group, str) and group.strip() and options.get("skill_sheet") == "fixed"):
        return
    from meneur.core.cosmos.skills import find_group
    from meneur.core.errors import RulesError

    if "groups" not in memo:
        memo["groups"] = _group_sheets(checker)
    try:
        find_group(memo["groups"], group)
    except RulesError as error:
        reason = str(error).removeprefix("skill_group: ")
        where = f"characters.{ident}.sheet"
        raise checker.rules(error, f"{where}.skill_group", reason, said_where=where) from error


def _content(path: Path, error: Exception) -> CampaignError:
    """A campaign's own content file that does not read, said by the reader's words."""
    return CampaignError(path, str(error), message_key="campaign.content", values={"error": error})


def _gene_tree(checker: Checker) -> object:
    """The campaign's gene tree (its ``genes.toml``, or the example): a gene's numbers
    count on the sheet and in the tests, so a tree that does not read is refused here.

    Raises:
        CampaignError: naming that file when it does not read.
    """
    from meneur.content import ContentError
    from meneur.content.cosmos import CAMPAIGN_GENES, gene_tree_for

    try:
        return gene_tree_for(checker.path.parent)
    except ContentError as error:
        raise _content(checker.path.parent / CAMPAIGN_GENES, error) from error


def _group_sheets(checker: Checker) -> Mapping[str, Any]:
    """The fixed skill sheets' groups, from the campaign's ``skills.toml`` (or the example).

    Raises:
        CampaignError: naming that file when it does not read.
    """
    from meneur.content import ContentError
    from meneur.content.cosmos import CAMPAIGN_SKILLS, skill_tree_for

    try:
        return skill_tree_for(checker.path.parent).groups
    except ContentError as error:
        raise _content(checker.path.parent / CAMPAIGN_SKILLS, error) from error
