"""F1: every key of the app and of the table, and what the command line understands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Label, Static

from .modal import Modal

if TYPE_CHECKING:
    from meneur.play.session import Session


CONTROL_KEYS = (
    ("1–9", "steps"),
    ("← →", "arrows"),
    ("↑ ↓", "lists"),
    ("⏎ / ␣", "enter"),
    ("tab / ⇧tab", "tab"),
    ("esc", "escape"),
)
"""Keys every control of the kind answers, and the string saying what each does."""


class HelpScreen(Modal[None]):
    """The list of keys, built from the bindings themselves so it cannot go stale."""

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close")]

    def __init__(self, session: Session, bindings: list[tuple[str, str]]) -> None:
        super().__init__()
        self.session = session
        self.keys = bindings

    def compose(self) -> ComposeResult:
        t = self.session.t
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        # Textual's own keys come described in English; say them in the interface's tongue.
        builtin = {
            "Focus Next": t("bindings.next"),
            "Focus Previous": t("bindings.previous"),
            "Copy selected text": t("bindings.copy"),
        }
        seen: set[str] = set()
        for key, description in self.keys:
            shown = builtin.get(description, description)
            if shown in seen:  # ^c and super+c both copy: one line is enough
                continue
            seen.add(shown)
            table.add_row(key, shown)
        # The keys every control answers (their own bindings are symbols, not words).
        controls = Table.grid(padding=(0, 2))
        controls.add_column(style="bold", no_wrap=True)
        controls.add_column()
        for key, name in CONTROL_KEYS:
            controls.add_row(key, t(f"help.control_{name}"))
        commands = Text(t("help.commands"), style="bold")
        for name in ("dice", "oracle", "notation", "table", "note"):
            commands.append(f"\n  • {t(f'help.command_{name}')}", style="")
        with VerticalScroll(classes="dialog help"):
            yield Label(t("help.title"), classes="dialog-title")
            yield Static(table)
            yield Label(t("help.controls"), classes="section")
            yield Static(controls)
            yield Static(commands)
            yield Static(Text(t("app.legend"), style="dim"))
