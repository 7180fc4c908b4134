"""The one-line command input: dice, test notations, ``? question``, table names, notes.

It remembers what was typed (up/down walk back through it) and completes table and
skill names. Nothing typed is dropped or merged: each Enter sends what came before it
(see :mod:`meneur.tui.widgets.line_input`), and a paste of several lines is shown first:
sent, once the player says so, a finished line a command, in order, the last one left to
finish.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding
from textual.suggester import SuggestFromList

from meneur.tui.widgets.line_input import LineInput
from meneur.tui.widgets.title_bar import words_within


class CommandLine(LineInput):
    """A command input with history (up/down) and name completion (right arrow)."""

    BINDINGS = [
        Binding("up", "history(-1)", "↑", show=False),
        Binding("down", "history(1)", "↓", show=False),
        Binding("escape", "leave", "Esc", show=False),
    ]

    def __init__(self, placeholder: str, *, id: str | None = None) -> None:
        super().__init__(placeholder=placeholder, id=id)
        self.history: list[str] = []
        self._position = 0
        self._hint = placeholder

    def on_resize(self) -> None:
        # On a narrow line (a phone) the hint's first words, never a word cut in two.
        self.placeholder = words_within(self._hint, max(1, self.content_size.width - 1))

    def complete_with(self, names: Iterable[str]) -> None:
        """Offer these names (tables, skills) as completions."""
        self.suggester = SuggestFromList(sorted(set(names)), case_sensitive=False)

    def remember(self, text: str) -> None:
        """Keep a submitted command in the history."""
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
        self._position = len(self.history)

    def action_history(self, step: int) -> None:
        if not self.history:
            return
        self._position = max(0, min(len(self.history), self._position + step))
        self.value = self.history[self._position] if self._position < len(self.history) else ""
        self.cursor_position = len(self.value)

    async def action_submit(self) -> None:
        """Send what is typed, once: the line is emptied at once, so a second Enter (a
        quick double press, a paste ending in a new line) has nothing to send again."""
        value = self.value
        if not value.strip():
            return
        self.value = ""
        self.post_message(self.Submitted(self, value))

    SENDS_EACH_LINE = True

    def send_lines(self, text: str) -> None:
        """Each finished line of a paste the player chose to send line by line, as a
        command of its own, in order (what is typed before the cursor begins the first);
        the last line is left to finish."""
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        cursor = self.cursor_position
        before, after = self.value[:cursor], self.value[cursor:]
        finished = [before + lines[0] + after, *lines[1:-1]]
        self.value = ""
        for line in finished:
            if line.strip():
                self.post_message(self.Submitted(self, line))
        self.insert_text_at_cursor(lines[-1])

    def action_leave(self) -> None:
        self.value = ""
        self.screen.focus_next()
