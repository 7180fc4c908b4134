"""A character's sheet in words, for any screen: a party's line, a quick NPC's entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core import sheets
from meneur.saves.entry_parts import Worded

SUMMARY_ITEMS = 4
"""Values on a party member's line (the compact sheet below shows the rest)."""


def sheet_summary(
    system: str,
    options: Mapping[str, Any],
    sheet: dict[str, Any],
    lang: str,
    items: int | None = None,
) -> str:
    """A character's sheet in one line: the compact sheet's values, gauges (PV, PM, karma)
    first, each with its label in ``lang`` as the compact sheet gives it — never the
    sheet's raw keys; at most ``items`` values (default: a party line's few)."""
    return summary_words(system, options, sheet, items).said(lang)


def summary_words(
    system: str, options: Mapping[str, Any], sheet: dict[str, Any], items: int | None = None
) -> Worded:
    """:func:`sheet_summary` as words each reader says in their language (a quick NPC's
    entry stores them): a label is the rule term's (``term.<key>``), what the sheet
    holds (names, numbers) stays as it is."""
    sections = sheets.layout(system, options, sheet)
    gauges = [s for s in sections if s.term == "sheet.section.gauges"]
    parts: list[Worded | str] = []
    for field in sheets.compact_fields([*gauges, *(s for s in sections if s not in gauges)]):
        value = field.read(sheet)
        if isinstance(value, dict):
            parts += [f"{name} {number}" for name, number in value.items()]
        elif isinstance(value, list):
            parts += [str(item) for item in value]
        elif value not in (None, ""):
            parts.append(Worded("said.space", {"a": Worded(f"term.{field.term}"), "b": str(value)}))
    said: Worded = Worded("said.plain", {"a": ""})
    for index, part in enumerate(parts[: SUMMARY_ITEMS if items is None else items]):
        said = (
            Worded("said.plain", {"a": part})
            if index == 0
            else Worded("said.comma", {"a": said, "b": part})
        )
    return said
