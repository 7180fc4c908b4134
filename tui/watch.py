"""``meneur watch``: a read-only view that follows a campaign live, for an audience.

Two layouts. ``stream``, made for a capture (OBS) and a viewer's eyes: the last roll big
(who rolled, the test, the dice kept and dropped, the outcome in words and symbols, the
chance it had before the roll), the party's main values and the public trackers, and the
recent journal. ``table``: the party and the journal as players see them. Neither has a
key bar, a cursor or a dialog; neither takes the lock or writes a byte, and both survive
the writers' restarts (they only read files).

What the view shows goes through :mod:`meneur.play.views` first: the viewer's role
decides which entries and which trackers it ever receives.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.driver import Driver
from textual.widgets import Static

from meneur.content.outcomes import OUTCOME_COLOURS, percent_text, style_class
from meneur.content.strings import Strings
from meneur.core.text import cut, visible
from meneur.core.visibility import GM, Viewer
from meneur.play.campaigns import Campaign
from meneur.play.errors import CampaignError
from meneur.play.journal import Entry
from meneur.play.reading import dice_shown, odds_before, read_entry, secret_reading
from meneur.play.sheets import sheet_summary
from meneur.play.views import entries_for, state_for

from .terminal_guard import guard_terminal
from .themes import HIGH_CONTRAST
from .widgets.journal import JournalView

FOLLOW_SECONDS = 0.1
"""How often the view looks for what others wrote (a ``stat`` when nothing changed)."""
FRESH_SECONDS = 4.0
"""How long a new roll stays highlighted."""
RECENT = 30
"""Entries the stream layout keeps for its recent journal."""
LAYOUTS = ("stream", "table")


def dice_text(roll: dict[str, Any], strings: Strings) -> Text:
    """A roll's dice for a viewer, as the journal says them: kept dice bold, dropped
    ones dim and struck, a die's role after it; wrapped between dice, never inside one."""
    text = Text()
    for die in dice_shown(roll, strings.t):
        if die.size:
            text.append(die.size + " ", style="dim")
        text.append(die.face, style="dim strike" if die.kept is False else "bold")
        if die.role:
            text.append(f"({die.role})", style="dim")
        text.append(" ")
    return text


class LastRoll(Static):
    """The last roll the viewer may see, big."""

    DEFAULT_CSS = """
    LastRoll {
        height: auto;
        padding: 0 1;
        border: round $primary;
    }
    LastRoll.fresh {
        border: heavy $accent;
        background: $boost;
    }
    """

    def show(self, entry: Entry | None, campaign: Campaign, strings: Strings) -> None:
        """Show ``entry`` (a roll, or an announced secret), or say none came yet."""
        if entry is None:
            self.update(Text(strings.t("watch.waiting"), style="dim italic"))
            return
        if entry.redacted:
            self.update(Text(secret_reading(entry, strings.t, campaign), style="bold"))
            return
        assert entry.roll is not None
        reading = read_entry(entry, campaign, strings.t)
        text = Text()
        text.append(reading.text + "\n", style="bold")  # who rolled is in its words
        dice = dice_text(dict(entry.roll), strings)
        if dice:
            text.append_text(dice)
            text.append("\n")
        if reading.outcome is not None:
            colour = OUTCOME_COLOURS[style_class(reading.outcome)]
            text.append(reading.result, style=f"bold {colour}")
        elif reading.result:
            text.append(f"→ {reading.result}", style="bold")
        chance = odds_before(entry.roll)
        if isinstance(chance, Fraction):
            text.append(
                "\n" + strings.t("watch.odds", percent=percent_text(chance, strings.lang)),
                style="dim",
            )
        self.update(text)


PIPS = {
    1: ("   ", " ● ", "   "),
    2: ("●  ", "   ", "  ●"),
    3: ("●  ", " ● ", "  ●"),
    4: ("● ●", "   ", "● ●"),
    5: ("● ●", " ● ", "● ●"),
    6: ("● ●", "● ●", "● ●"),
}
"""A d6's face as its pips, three rows of three places."""


class BigDice(Static):
    """The last roll's dice drawn as dice — a d6 with its pips, any other die with its
    number — kept ones bright in the outcome's colour, dropped ones dim, where the view
    has room (a stream at 160×45 is read from across a room)."""

    DEFAULT_CSS = """
    BigDice {
        width: 100%;
        height: auto;
        content-align: center top;
        text-align: center;
        padding: 0 2;
        display: none;
        &.roomy.rolled { display: block; }
    }
    """

    MOST = 12
    """Dice beyond this many are left to the line of dice (they would not fit big)."""

    def show(self, entry: Entry | None, campaign: Campaign) -> None:
        """Draw ``entry``'s dice (nothing for a secret, or a roll without plain dice)."""
        roll = {} if entry is None or entry.redacted else dict(entry.roll or {})
        outcome = roll.get("outcome")
        colour = OUTCOME_COLOURS[style_class(outcome)] if isinstance(outcome, str) else ""
        drawn = dice_drawing(roll, colour)
        self.set_class(bool(drawn), "rolled")
        self.update(drawn)

    def fit(self, width: int, height: int) -> None:
        """Shown only on a view of at least 80×30."""
        self.set_class(width >= 80 and height >= 30, "roomy")


def dice_drawing(roll: dict[str, Any], colour: str = "") -> Text:
    """``roll``'s dice as boxes side by side (see :class:`BigDice`), a dice expression's
    total after them; empty when it has none, too many, or faces that are not numbers."""
    dice = [d for d in roll.get("dice", ()) if isinstance(d, dict)]
    if not dice or len(dice) > BigDice.MOST or not all(type(d.get("face")) is int for d in dice):
        return Text()
    rows = [Text() for _ in range(5)]
    for die in dice:
        face, sides = int(die["face"]), die.get("sides")
        if sides == 6 and face in PIPS:
            middle = [f"  {line[0]} {line[1]} {line[2]}  " for line in PIPS[face]]
        else:
            middle = ["         ", f"{face:^9}", "         "]
        kept = die.get("kept") is not False
        style = f"bold {colour}".strip() if kept else "dim"
        box = ["╭─────────╮", *[f"│{m}│" for m in middle], "╰─────────╯"]
        for row, line in zip(rows, box, strict=True):
            row.append(line, style=style)
            row.append(" ")
    result = roll.get("result")
    if roll.get("system") == "dice" and isinstance(result, int):
        rows[2].append(f" = {result}", style="bold")
    return Text("\n").join(rows)


def _who(entry: Entry, campaign: Campaign) -> str:
    """Who acted: the character's name (a player is named in the journal by their
    ident, which is table.toml's key, never shown: nothing then)."""
    if entry.character:
        character = campaign.state["characters"].get(entry.character, {})
        return str(character.get("name", ""))
    return ""


class PartyStrip(Static):
    """The party's main values and the trackers the viewer may see."""

    DEFAULT_CSS = """
    PartyStrip {
        height: auto;
        max-height: 8;
        padding: 0 1;
    }
    """

    def show(self, campaign: Campaign, state: dict[str, Any], lang: str) -> None:
        text = Text()
        options = state.get("options", {})
        for ident, character in state.get("characters", {}).items():
            if text:
                text.append("\n")
            text.append(str(character.get("name", ident)), style="bold")
            summary = sheet_summary(campaign.system, options, character.get("sheet", {}), lang)
            if summary:
                text.append(f"  {summary}", style="dim")
        from meneur.core.story import tracker_shown

        for ident, tracker in state.get("trackers", {}).items():
            if text:
                text.append("\n")
            text.append(f"{tracker.get('name', ident)} {tracker_shown(tracker)}")
        self.update(text)
        self.display = bool(text)


class RecentJournal(Static):
    """The last entries the viewer may see, newest at the bottom, one line each."""

    DEFAULT_CSS = """
    RecentJournal {
        height: 1fr;
        padding: 0 1;
        content-align: left bottom;
    }
    """

    SHOWN_KINDS = ("roll", "oracle", "creation", "note", "session", "scene")
    """What an audience reads: the story, not the bookkeeping (edits, undos)."""

    def show(self, entries: list[Entry], campaign: Campaign, strings: Strings) -> None:
        text = Text()
        for entry in entries:
            if entry.kind not in self.SHOWN_KINDS or campaign.is_struck(entry):
                continue
            if text:
                text.append("\n")
            if entry.redacted:
                text.append(secret_reading(entry, strings.t, campaign), style="dim italic")
                continue
            reading = read_entry(entry, campaign, strings.t)
            who = "" if entry.roll is not None else _who(entry, campaign)
            text.append(f"{who}: " if who else "", style="bold")
            text.append(reading.text)
            if reading.outcome is not None:
                colour = OUTCOME_COLOURS[style_class(reading.outcome)]
                text.append(f"  {reading.result}", style=colour)
            elif reading.result:
                text.append(f" → {reading.result}")
        self.update(text)


class WatchApp(App[None]):
    """The read-only view of a campaign, following it live."""

    CSS = """
    Screen { layout: vertical; }
    #problem { dock: top; display: none; background: $error; color: $text; padding: 0 1; }
    #scene { height: auto; padding: 0 1; color: $warning; }
    #problem.shown { display: block; }
    #table-layout { height: 1fr; }
    #table-layout PartyStrip { width: 1fr; max-height: 100%; height: 1fr; }
    #table-layout JournalView { width: 2fr; }
    """
    BINDINGS: ClassVar[list[Any]] = [Binding("q,ctrl+q", "quit", "Quit", show=False)]
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        campaign: Campaign,
        strings: Strings,
        viewer: Viewer,
        *,
        layout: str = "stream",
        background: str | None = None,
        theme: str | None = None,
        driver_class: type[Driver] | None = None,
    ) -> None:
        guard_terminal()  # a campaign's text never drives the terminal
        super().__init__(driver_class=driver_class)
        self.theme_name = theme
        assert layout in LAYOUTS
        self.campaign = campaign
        self.strings = strings
        self.viewer = viewer
        self.layout_name = layout
        self.background = background
        self.recent: list[Entry] = []
        self.last_roll: Entry | None = None
        self.title = visible(campaign.name)
        self.follow_seconds = FOLLOW_SECONDS
        """How often the view looks for others' writes (longer at a served table,
        whose server says when to follow at once)."""

    def compose(self) -> ComposeResult:
        yield Static(id="problem")
        if self.layout_name == "stream":
            yield Static(id="scene", markup=False)
            yield LastRoll(id="last-roll")
            yield BigDice(id="big-dice")
            yield PartyStrip(id="party")
            yield RecentJournal(id="recent")
            return
        with Horizontal(id="table-layout"):
            yield PartyStrip(id="party")
            yield JournalView(self.strings, id="journal", viewer=self.viewer)

    def on_mount(self) -> None:
        from meneur.play import settings

        self.register_theme(HIGH_CONTRAST)
        chosen = self.theme_name or settings.load().get("theme")  # the player's own
        if isinstance(chosen, str) and chosen in self.available_themes:
            self.theme = chosen
        if self.background == "transparent":
            # The terminal's own background shows through (an OBS source over a scene):
            # cells are drawn with the terminal's default colour, not a painted one.
            self.ansi_color = True
            self.screen.styles.background = "ansi_default"
        elif self.background:
            self.screen.styles.background = self.background
        if self.layout_name == "stream":
            latest = self.campaign.latest(RECENT * 4)
            self.recent = self._visible(latest)[-RECENT:]
            rolls = [e for e in self.recent if e.roll is not None or e.redacted]
            self.last_roll = rolls[-1] if rolls else None
            self._redraw()
        else:
            journal = self.query_one(JournalView)
            journal.listing.can_focus = False  # a view to read, with no cursor in it
            journal.show(self.campaign)
            self._show_party()
        self.set_interval(self.follow_seconds, self.follow)

    def _say_problem(self, error: CampaignError | None) -> None:
        """Say which file cannot be read (nothing when none). The GM's view says why;
        any other names the file and the key only, which quote nothing of its content
        (a broken entry may be a secret one), and no view names a folder of the host."""
        said = self.query_one("#problem", Static)
        if error is None:
            said.remove_class("shown")
            return
        if self.viewer == GM:
            message = self.strings.explain(error, self.campaign.directory)
        else:
            home = self.campaign.directory
            inside = error.path.is_relative_to(home)
            name = str(error.path.relative_to(home) if inside else error.path.name)
            colon, entry = (
                self.strings.t("shown.colon"),
                self.strings.t("errors.campaign.entry_word"),
            )
            key = error.key_said(entry)
            message = cut(f"{name}{colon}{key}" if key else name, 200)
        said.update(Text(self.strings.t("watch.problem", message=message)))
        said.add_class("shown")

    def _visible(self, entries: list[Entry]) -> list[Entry]:
        journal = self.campaign.journal
        return list(entries_for(entries, self.viewer, journal, self.campaign.state))

    def _show_party(self) -> None:
        state = state_for(self.viewer, self.campaign.state, self.campaign.journal)
        self.query_one(PartyStrip).show(self.campaign, state, self.strings.lang)

    def on_resize(self) -> None:
        for big in self.query(BigDice):
            big.fit(self.size.width, self.size.height)

    def _redraw(self) -> None:
        from meneur.play.broadcast import scene_line

        said = scene_line(self.campaign, self.viewer, self.strings)
        scene = self.query_one("#scene", Static)
        scene.update(Text(said, style="bold"))
        scene.display = bool(said)
        self.query_one(LastRoll).show(self.last_roll, self.campaign, self.strings)
        big = self.query_one(BigDice)
        big.fit(self.size.width, self.size.height)
        big.show(self.last_roll, self.campaign)
        self._show_party()
        shown = [e for e in self.recent if e is not self.last_roll]
        self.query_one(RecentJournal).show(shown, self.campaign, self.strings)

    def follow_now(self) -> None:
        """Take in what others wrote now (a server saw the campaign change)."""
        self.follow()

    def follow(self) -> None:
        """Take in what others wrote: new entries the viewer may see, a changed party.
        A file that breaks is said at the top, and waited out (the view keeps what it
        had, and goes on as soon as it is mended)."""
        table = self.layout_name == "table"
        parts = ("#problem", "#party", *(("#journal",) if table else ("#last-roll", "#recent")))
        if not all(self.query(part) for part in parts):
            # The view is closing (its timer may fire while its parts are removed): it
            # has nothing left to show, and reading on would change what it read.
            return
        try:
            update = self.campaign.sync()
        except CampaignError as error:  # a chunk broken while the view follows
            self._say_problem(error)
            return
        self._say_problem(update.error)
        if not update:
            return
        new = self._visible(update.entries)
        if self.layout_name == "table":
            journal = self.query_one(JournalView)
            for entry in new:
                journal.add(entry)
            self._show_party()
            return
        self.recent = (self.recent + new)[-RECENT:]
        rolls = [e for e in new if e.roll is not None or e.redacted]
        if rolls:
            self.last_roll = rolls[-1]
            last = self.query_one(LastRoll)
            last.add_class("fresh")
            self.set_timer(FRESH_SECONDS, lambda: last.remove_class("fresh"))
        self._redraw()
