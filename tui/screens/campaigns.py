"""Campaigns: list the campaigns in the data directory, open one, or create one (name,
rule system, optional rules)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select
from textual.widgets.option_list import Option

from meneur.content import term
from meneur.saves.campaign import summary
from meneur.saves.locations import data_dir
from meneur.saves.schema import OPTIONS, SYSTEMS
from meneur.tui.widgets.ticklist import TickList

if TYPE_CHECKING:
    from meneur.tui.session import Session


def known_campaigns(current: Path) -> list[Path]:
    """The campaigns in the data directory, and the current one wherever it lives."""
    folder = data_dir() / "campaigns"
    found = (
        sorted(p for p in folder.iterdir() if (p / "campaign.toml").is_file())
        if folder.is_dir()
        else []
    )
    if current.resolve() not in {p.resolve() for p in found}:
        found.insert(0, current)
    return found


def _shown_path(path: Path) -> str:
    """A campaign's folder, relative to the data directory when it lives there."""
    try:
        return str(path.resolve().relative_to(data_dir().resolve()))
    except ValueError:
        return str(path)


class CampaignScreen(ModalScreen[Path | tuple[str, str, dict[str, object]] | None]):
    """Open another campaign, or describe a new one; dismissed with the choice."""

    BINDINGS = [Binding("escape", "dismiss(None)", "Close")]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        t = self.session.t
        current = self.session.campaign.directory
        with Vertical(classes="dialog campaigns"):
            yield Label(t("campaigns.title"), classes="dialog-title")
            listing = OptionList(id="campaign-list")
            for path in known_campaigns(current):
                found = summary(path)
                if found is None:
                    text = Text(path.name, style="bold")
                    text.append(f"  {t('campaigns.unreadable')}", style="italic")
                else:
                    name, system = found
                    text = Text(name, style="bold")
                    text.append(f" · {term(f'system.{system}').fr}")
                if path.resolve() == current.resolve():
                    text.append(f"  {t('campaigns.current')}", style="dim")
                text.append(f"\n{_shown_path(path)}", style="dim")
                listing.add_option(Option(text, id=str(path)))
            yield listing
            yield Button(t("campaigns.open"), id="open-campaign", variant="primary", compact=True)
            yield Label(t("campaigns.new"), classes="section")
            yield Input(placeholder=t("campaigns.name"), id="new-name")
            yield Select[str](
                [(term(f"system.{system}").glossed, system) for system in SYSTEMS],
                value="resolution",
                allow_blank=False,
                id="new-system",
            )
            yield Label(t("campaigns.options"))
            yield TickList[str](id="new-options")
            with Horizontal(classes="roll-row"):
                yield Button(t("campaigns.create"), id="create-campaign", compact=True)

    def on_mount(self) -> None:
        self._options("resolution")

    @on(Select.Changed, "#new-system")
    def _system(self, event: Select.Changed) -> None:
        self._options(str(event.value))

    def _options(self, system: str) -> None:
        options = self.query_one("#new-options", TickList)
        options.clear_choices()
        for name, (kind, default) in OPTIONS[system].items():
            if kind is bool:
                options.add_choice(name.replace("_", " "), name, bool(default))

    @on(Button.Pressed, "#open-campaign")
    @on(OptionList.OptionSelected, "#campaign-list")
    def open_selected(self) -> None:
        listing = self.query_one("#campaign-list", OptionList)
        if listing.highlighted is not None:
            option_id = listing.get_option_at_index(listing.highlighted).id
            if option_id is not None:
                self.dismiss(Path(option_id))

    @on(Button.Pressed, "#create-campaign")
    def create(self) -> None:
        name = self.query_one("#new-name", Input).value.strip()
        if not name:
            self.query_one("#new-name", Input).focus()
            return
        system = str(self.query_one("#new-system", Select).value)
        chosen = set(self.query_one("#new-options", TickList).selected)
        options: dict[str, object] = {
            option: option in chosen
            for option, (kind, _) in OPTIONS[system].items()
            if kind is bool
        }
        self.dismiss((name, system, options))
