"""The party: the campaign's characters; choosing one makes it the acting character."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from meneur.play.sheets import sheet_summary


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
        lang: str,
    ) -> None:
        """List ``characters`` (id → character) of a ``system`` campaign with ``options``,
        highlighting the acting one."""
        self.clear_options()
        for ident, character in characters.items():
            text = Text(character.get("name", ident), style="bold")
            summary = sheet_summary(system, options, character.get("sheet", {}), lang)
            if summary:
                text.append(f"\n{summary}", style="dim")
            self.add_option(Option(text, id=ident))
        if acting in characters:
            self.highlighted = list(characters).index(acting)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(self.Picked(event.option.id))
