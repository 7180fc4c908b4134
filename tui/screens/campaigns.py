"""Campaigns: list the campaigns in the data directory, open one, or create one (name,
rule system, optional rules)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from meneur.core.errors import RulesError
from meneur.core.names import check_name
from meneur.play.campaigns import data_dir, option_choices, options_of, summary
from meneur.play.systems import system_name, systems
from meneur.tui.widgets.line_input import TextField
from meneur.tui.widgets.selector import StepSelector
from meneur.tui.widgets.ticklist import TickList

from .modal import Modal

if TYPE_CHECKING:
    from meneur.play.session import Session


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


class CampaignScreen(Modal[Path | tuple[str, str, dict[str, object]] | None]):
    """Open another campaign, or describe a new one; dismissed with the choice.

    It fits 80×24: the campaigns and the new campaign's form scroll, while the buttons
    that act stay in sight under them.
    """

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [Binding("escape", "dismiss(None)", "Close")]

    def __init__(self, session: Session, notice: str = "") -> None:
        """``notice``: a line to say first, at the top, above the list (the campaign
        used last is gone: why the dialog opened is what a player reads first)."""
        super().__init__()
        self.session = session
        self.notice = notice

    def compose(self) -> ComposeResult:
        t = self.session.t
        current = self.session.campaign.directory
        with Vertical(classes="dialog campaigns"):
            yield Label(t("campaigns.title"), classes="dialog-title")
            notice = Static(self.notice, id="campaign-notice", classes="error", markup=False)
            notice.display = bool(self.notice)
            yield notice
            with VerticalScroll(id="campaigns-body"):
                listing = OptionList(id="campaign-list")
                for path in known_campaigns(current):
                    listing.add_option(Option(self._described(path, current), id=str(path)))
                yield listing
                yield Label(t("campaigns.new"), classes="section")
                yield TextField(placeholder=t("campaigns.name"), id="new-name", compact=True)
                yield Label(t("campaigns.system"), classes="field-label")
                yield OptionList(
                    *[
                        Option(record.said(self.session.strings.lang), id=record.key)
                        for record in systems()
                    ],
                    id="new-system",
                )
                yield Label(t("campaigns.options"), classes="field-label")
                yield TickList[str](id="new-options")
                yield Vertical(id="new-choices")
            # What is wrong with the new campaign's form, said under it.
            yield Static(id="campaign-problem", classes="error", markup=False)
            with Horizontal(classes="roll-row"):
                yield Button(
                    t("campaigns.open"), id="open-campaign", variant="primary", compact=True
                )
                yield Button(t("campaigns.create"), id="create-campaign", compact=True)

    def _described(self, path: Path, current: Path) -> Text:
        """A campaign in the list: its name and system, or why it cannot be read."""
        t = self.session.t
        found = summary(path)
        if found is None:
            text = Text(path.name, style="bold")
            text.append(f"  {t('campaigns.unreadable')}", style="italic")
        else:
            name, system = found
            text = Text(name, style="bold")
            text.append(f" · {system_name(system)}")
        if path.resolve() == current.resolve():
            text.append(f"  {t('campaigns.current')}", style="dim")
        text.append(f"\n{_shown_path(path)}", style="dim")
        return text

    def on_mount(self) -> None:
        self.query_one("#new-system", OptionList).highlighted = 0
        self.query_one("#campaign-list", OptionList).focus()

    @property
    def system(self) -> str:
        """The system highlighted for the new campaign."""
        systems = self.query_one("#new-system", OptionList)
        index = systems.highlighted or 0
        return str(systems.get_option_at_index(index).id)

    @on(OptionList.OptionHighlighted, "#new-system")
    async def _system(self) -> None:
        await self._options(self.system)

    async def _options(self, system: str) -> None:
        """Offer every optional rule of ``system``: ticks for those on or off, a choice
        of its values for the others (the Sphérier's engine, a skill sheet…)."""
        ticks = self.query_one("#new-options", TickList)
        ticks.clear_choices()
        choices = self.query_one("#new-choices", Vertical)
        await choices.remove_children()
        selectors = []
        for name, (kind, default) in options_of(system).items():
            label = self.session.strings.term(f"option.{name}")
            if kind is bool:
                ticks.add_choice(label, name, bool(default))
                continue
            values = option_choices(system, name)
            selectors.append(
                StepSelector(
                    label,
                    [
                        (value, self.session.strings.term(f"option_value.{name}.{value}"))
                        for value in values
                    ],
                    value=str(default),
                    id=f"option-{name}",
                )
            )
        ticks.display = ticks.option_count > 0
        await choices.mount_all(selectors)

    @on(Button.Pressed, "#open-campaign")
    @on(OptionList.OptionSelected, "#campaign-list")
    def open_selected(self) -> None:
        listing = self.query_one("#campaign-list", OptionList)
        if listing.highlighted is not None:
            option_id = listing.get_option_at_index(listing.highlighted).id
            if option_id is not None:
                self.dismiss(Path(option_id))

    @on(Button.Pressed, "#create-campaign")
    @on(Input.Submitted, "#new-name")
    def create(self) -> None:
        name = self.query_one("#new-name", Input).value.strip()
        if not name:
            self.query_one("#campaign-problem", Static).update(self.session.t("campaigns.no_name"))
            self.query_one("#new-name", Input).focus()
            return
        try:  # the rule of every name, said here before anything is made
            check_name(name, "campaign")
        except RulesError as error:
            said = self.session.strings.explain(error)
            self.query_one("#campaign-problem", Static).update(said)
            self.query_one("#new-name", Input).focus()
            return
        system = self.system
        chosen = set(self.query_one("#new-options", TickList).selected)
        options: dict[str, object] = {}
        for option, (kind, _) in options_of(system).items():
            if kind is bool:
                options[option] = option in chosen
            else:
                options[option] = self.query_one(f"#option-{option}", StepSelector).value
        self.dismiss((name, system, options))
