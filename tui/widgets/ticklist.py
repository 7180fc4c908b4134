"""A selection list whose chosen options also read ✔ (their colour is not the only sign)."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual import on
from textual.widgets import SelectionList

T = TypeVar("T")


class TickList(SelectionList[T], Generic[T]):
    """A SelectionList that marks chosen options with ✔ in their text."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._labels: dict[int, str] = {}

    def add_choice(self, label: str, value: T, selected: bool = False) -> None:
        """Add an option showing ``label``."""
        self._labels[self.option_count] = label
        self.add_option((self._text(label, selected), value, selected))

    def clear_choices(self) -> None:
        """Remove every option."""
        self._labels.clear()
        self.clear_options()

    @staticmethod
    def _text(label: str, selected: bool) -> str:
        return f"✔ {label}" if selected else f"  {label}"

    @on(SelectionList.SelectedChanged)
    def _mark(self, event: SelectionList.SelectedChanged[T]) -> None:
        chosen = set(self.selected)
        for index, label in self._labels.items():
            value = self.get_option_at_index(index).value
            self.replace_option_prompt_at_index(index, self._text(label, value in chosen))
