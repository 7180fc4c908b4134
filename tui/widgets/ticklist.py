"""A selection list whose chosen options read ``[✔]`` and the others ``[ ]``: the state is
said by a glyph, never by colour alone (SelectionList's own box shows the same ``X`` in
both states, told apart by colour)."""

from __future__ import annotations

from typing import Generic, TypeVar

from textual import on
from textual.strip import Strip
from textual.widgets import OptionList, SelectionList

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
        return f"[✔] {label}" if selected else f"[ ] {label}"

    def on_focus(self) -> None:
        """Focused with nothing highlighted, the first option is: Space then ticks it
        (play-tested: the first Space in the Great Cosmos' stats did nothing until Down)."""
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    def _get_left_gutter_width(self) -> int:
        # No box of SelectionList's own: the text carries the state.
        return 0

    def render_line(self, y: int) -> Strip:
        return OptionList.render_line(self, y)

    @on(SelectionList.SelectedChanged)
    def _mark(self, event: SelectionList.SelectedChanged[T]) -> None:
        chosen = set(self.selected)
        for index, label in self._labels.items():
            value = self.get_option_at_index(index).value
            self.replace_option_prompt_at_index(index, self._text(label, value in chosen))
