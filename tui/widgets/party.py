"""The party: the campaign's characters; choosing one makes it the acting character."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from meneur.content import term
from meneur.core import sheets


def sheet_summary(
    system: str, options: dict[str, Any], sheet: dict[str, Any], items: int | None = None
) -> str:
    """A character's sheet in one line: the compact sheet's values, gauges (PV, PM, karma)
    first, each with its French label — never the sheet's raw keys; at most ``items``
    values (default: a party line's few)."""
    sections = sheets.layout(system, options, sheet)
    gauges = [s for s in sections if s.term == "sheet.section.gauges"]
    parts: list[str] = []
    for field in sheets.compact_fields([*gauges, *(s for s in sections if s not in gauges)]):
        value = field.read(sheet)
        if isinstance(value, dict):
            parts += [f"{name} {number}" for name, number in value.items()]
        elif isinstance(value, list):
            parts += [str(item) for item in value]
        elif value not in (None, ""):
            label = term(field.term)
            parts.append(f"{label.short or label.fr} {value}")
    return ", ".join(parts[: SUMMARY_ITEMS if items is None else items])


SUMMARY_ITEMS = 4
"""Values on a party member's line (the compact sheet below shows the rest)."""


class PartyList(OptionList):
    """The characters, each with a one-line summary of their sheet."""

    class Picked(Message):
        """A character was chosen to act."""

        def __init__(self, character: str) -> None:
            self.character = character
            super().__init__()

    def show(
        self,
        system: str,
        options: dict[str, Any],
        characters: dict[str, Any],
        acting: str | None,
    ) -> None:
        """List ``characters`` (id → character) of a ``system`` campaign with ``options``,
        highlighting the acting one."""
        self.clear_options()
        for ident, character in characters.items():
            text = Text(character.get("name", ident), style="bold")
            summary = sheet_summary(system, options, character.get("sheet", {}))
            if summary:
                text.append(f"\n{summary}", style="dim")
            self.add_option(Option(text, id=ident))
        if acting in characters:
            self.highlighted = list(characters).index(acting)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Picked(event.option.id))
