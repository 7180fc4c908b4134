"""The party: the campaign's characters; choosing one makes it the acting character."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


def sheet_summary(sheet: dict[str, Any]) -> str:
    """A character's sheet in one short line (its elements, stats or traits)."""
    for key in ("elements", "traits", "stats", "attributes", "skills"):
        values = sheet.get(key)
        if isinstance(values, dict) and values:
            return ", ".join(f"{name} {value}" for name, value in list(values.items())[:4])
        if isinstance(values, list) and values:
            return ", ".join(str(value) for value in values[:3])
    karma = sheet.get("karma")
    return f"karma {karma}" if karma is not None else ""


class PartyList(OptionList):
    """The characters, each with a one-line summary of their sheet."""

    class Picked(Message):
        """A character was chosen to act."""

        def __init__(self, character: str) -> None:
            self.character = character
            super().__init__()

    def show(self, characters: dict[str, Any], acting: str | None) -> None:
        """List ``characters`` (id → character), highlighting the acting one."""
        self.clear_options()
        for ident, character in characters.items():
            text = Text(character.get("name", ident), style="bold")
            summary = sheet_summary(character.get("sheet", {}))
            if summary:
                text.append(f"\n{summary}", style="dim")
            self.add_option(Option(text, id=ident))
        if acting in characters:
            self.highlighted = list(characters).index(acting)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Picked(event.option.id))
