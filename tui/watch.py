"""``meneur watch``: a read-only view that follows a campaign live, for an audience.

Two layouts. ``stream``, made for a capture (OBS) and a viewer's eyes: the last roll big
(who rolled, the test, the dice kept and dropped, the outcome in words and symbols, the
chance it had before the roll), the party's main values and the public trackers, the
session's luck and the recent story — drawn from the picture the broadcast page and the
table's feed give (:func:`meneur.play.broadcast.stream_view`). From 120×34 (a capture at
160×45) the card is beside the rest and its dice are drawn as large as it has room for.
``table``: the party and the journal as players see them. Neither has a key bar, a
cursor or a dialog; neither takes the lock or writes a byte, and both survive the
writers' restarts (they only read files).

What the view shows goes through :mod:`meneur.play.views` first: the viewer's role
decides which entries and which trackers it ever receives.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.driver import Driver
from textual.widgets import Static

from meneur.content.outcomes import OUTCOME_COLOURS
from meneur.content.strings import Strings
from meneur.core.text import cut, visible
from meneur.core.visibility import GM, Viewer
from meneur.play.campaigns import Campaign
from meneur.play.errors import CampaignError
from meneur.play.journal import Entry
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


def dice_text(dice: list[dict[str, Any]]) -> Text:
    """A roll card's dice on one line, as the journal says them: kept dice bold (and in
    brackets when others are dropped), dropped ones dim and struck, a die's role after
    it; wrapped between dice, never inside one."""
    text = Text()
    size = None
    dropped = not all(die["kept"] for die in dice)
    for die in dice:
        if die["sides"] != size:  # the size once for a run of like dice ("d6 5 4 4")
            size = die["sides"]
            text.append(f"{size} ", style="dim")
        # Kept dice in brackets when some are dropped, as the journal says them: the
        # struck style is lost without colour (NO_COLOR).
        face = f"[{die['face']}]" if die["kept"] and dropped else die["face"]
        text.append(face, style="bold" if die["kept"] else "dim strike")
        if die["role"]:
            text.append(f"({die['role']})", style="dim")
        text.append(" ")
    text.rstrip()
    return text


class LastRoll(Static):
    """The last roll the viewer may see, as a card: who, what they tried, the dice (drawn
    as dice, as large as the card has room for), the outcome in its colour, the chance
    it had; an announced secret only as something that happened."""

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

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.card: dict[str, Any] | None = None
        self.waiting = ""
        self.room = (0, 0)
        """The width and height the card may fill (the dice are sized to them)."""

    def show(self, card: dict[str, Any] | None, waiting: str) -> None:
        """Show ``card`` (:func:`meneur.play.broadcast.roll_card`), or ``waiting``."""
        self.card, self.waiting = card, waiting
        self._draw()

    def fit(self, width: int, height: int) -> None:
        """The room the card has, in cells; it is drawn again to fill it."""
        if (width, height) != self.room:
            self.room = (width, height)
            self._draw()

    def _draw(self) -> None:
        card = self.card
        if card is None:
            self.update(Text(self.waiting, style="dim italic"))
            return
        text = Text()
        head = f"{card['who']} — {card['text']}" if card["who"] else card["text"]
        text.append(head, style="bold")
        if card["secret"]:
            self.update(text)
            return
        colour = OUTCOME_COLOURS.get(card["tone"], "")
        dice = card["dice"]
        # What the card says besides its dice: the head (it may wrap), the outcome, the
        # chance, the fairness, the lines between them.
        width, height = self.room
        inner = max(width - 4, 1)  # the border and the padding
        said_rows = -(-len(head) // inner) + 3 + bool(card["fairness"]) + 2
        scale = dice_scale(dice, inner, height - 2 - said_rows)
        if scale:
            text.append("\n\n")
            text.append_text(dice_drawing(dice, f"bold {colour}".strip(), scale))
            text.append("\n")
        elif dice:
            text.append("\n")
            text.append_text(dice_text(dice))
        if card["tone"] != "neutral" and card["result"]:
            text.append("\n" + card["result"], style=f"bold {colour}".strip())
        elif card["result"]:
            text.append(f"\n→ {card['result']}", style="bold")
        if card["chance"]:
            text.append("\n" + card["chance"], style="dim")
        if card["fairness"]:
            text.append("\n" + card["fairness"], style="italic")
        self.update(text)


PIPS = {
    1: ((0, 0, 0), (0, 1, 0), (0, 0, 0)),
    2: ((1, 0, 0), (0, 0, 0), (0, 0, 1)),
    3: ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    4: ((1, 0, 1), (0, 0, 0), (1, 0, 1)),
    5: ((1, 0, 1), (0, 1, 0), (1, 0, 1)),
    6: ((1, 0, 1), (1, 0, 1), (1, 0, 1)),
}
"""A d6's face as its pips, three rows of three places."""

MOST_DICE = 12
"""Dice beyond this many are left to the line of dice (they would not fit big)."""
SCALES = (3, 2, 1)
"""The sizes a die is drawn at: 1 is 11×5 cells, 2 is 22×12, 3 is 32×15."""


def die_size(scale: int) -> tuple[int, int]:
    """A die's box at ``scale``, in cells (width, height), its border included: about
    square on a terminal's cells, which are twice as high as they are wide."""
    if scale == 1:
        return 11, 5
    return 10 * scale + 2, 3 * scale + 4 * (scale // 2) + 2


def dice_scale(dice: list[dict[str, Any]], width: int, height: int) -> int:
    """The largest scale at which ``dice`` fit side by side in ``width``×``height``
    cells (0: none, they are too many or the room too small, or a face is no number)."""
    if not dice or len(dice) > MOST_DICE or not all(_number(d["face"]) for d in dice):
        return 0
    for scale in SCALES:
        box_width, box_height = die_size(scale)
        if len(dice) * (box_width + 1) - 1 <= width and box_height <= height:
            return scale
    return 0


def _number(face: str) -> bool:
    return face.lstrip("+-").isdigit()


def dice_drawing(dice: list[dict[str, Any]], style: str = "", scale: int = 1) -> Text:
    """``dice`` (a roll card's) as boxes side by side at ``scale``: a d6 with its pips,
    any other die with its number; kept ones in ``style``, dropped ones dim."""
    box_width, box_height = die_size(scale)
    inner_width, inner_height = box_width - 2, box_height - 2
    rows = [Text() for _ in range(box_height)]
    for index, die in enumerate(dice):
        face = die["face"]
        if die["sides"] == "d6" and _number(face) and int(face) in PIPS:
            middle = _pips(PIPS[int(face)], scale, inner_width, inner_height)
        else:
            middle = _face_number(face, scale, inner_width, inner_height)
        box = ["╭" + "─" * inner_width + "╮", *[f"│{m}│" for m in middle]]
        box.append("╰" + "─" * inner_width + "╯")
        for row, line in zip(rows, box, strict=True):
            if index:
                row.append(" ")
            row.append(line, style=style if die["kept"] else "dim")
    return Text("\n").join(rows)


def _pips(face: tuple[tuple[int, ...], ...], scale: int, width: int, height: int) -> list[str]:
    """A d6's pips in a box's inside: ``●`` at scale 1, blocks of ``█`` above it."""
    if scale == 1:
        return [" " + " ".join(" ●"[p] for p in row).center(7) + " " for row in face]
    gap = scale // 2
    lines = [" " * width] * gap
    for number, row in enumerate(face):
        if number:
            lines += [" " * width] * gap
        pips = (" " * scale).join(("██" * scale) if p else ("  " * scale) for p in row)
        lines += [pips.center(width)] * scale
    lines += [" " * width] * (height - len(lines))
    return lines


def _face_number(face: str, scale: int, width: int, height: int) -> list[str]:
    """A die's number in a box's inside: as text at scale 1, in tall digits above."""
    if scale == 1:
        return [" " * width, f"{face:^{width}}", " " * width]
    from textual.renderables.digits import DIGITS, DIGITS3X3_BOLD

    digits = ["", "", ""]
    for character in face:
        at = DIGITS.index(character) * 3 if character in DIGITS else 0
        for row in range(3):
            digits[row] += DIGITS3X3_BOLD[at + row].ljust(3)
    top = (height - 3) // 2
    lines = [" " * width] * top + [row.center(width) for row in digits]
    return lines + [" " * width] * (height - len(lines))


class PartyStrip(Static):
    """The party's main values and the trackers the viewer may see."""

    DEFAULT_CSS = """
    PartyStrip {
        height: auto;
        max-height: 8;
        padding: 0 1;
    }
    """

    def show(self, party: list[dict[str, str]], trackers: list[dict[str, str]]) -> None:
        """Show a picture's ``party`` and ``trackers`` (:mod:`meneur.play.broadcast`)."""
        text = Text()
        for member in party:
            if text:
                text.append("\n")
            text.append(member["name"], style="bold")
            if member["summary"]:
                text.append(f"  {member['summary']}", style="dim")
        for tracker in trackers:
            if text:
                text.append("\n")
            text.append(f"{tracker['name']} {tracker['shown']}")
        self.update(text)
        self.display = bool(text)


class RecentJournal(Static):
    """The last lines of the story the viewer may see, newest at the bottom: as many as
    the box holds once wrapped to its width, the oldest given up first and whole (a
    line is never shown cut at its top), so the newest is on screen at any size."""

    DEFAULT_CSS = """
    RecentJournal {
        height: 1fr;
        padding: 0 1;
        content-align: left bottom;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Content] = []
        """The story's lines as drawn, oldest first (all the picture had)."""

    def show(self, story: list[dict[str, Any]]) -> None:
        """Show a picture's ``story`` lines (:mod:`meneur.play.broadcast`)."""
        lines = []
        for line in story:
            text = Text(line["text"], style="dim italic" if line["secret"] else "")
            if line["tone"] != "neutral" and line["result"]:
                colour = OUTCOME_COLOURS.get(line["tone"], "")
                text.append(f"  {line['result']}", style=colour)
            elif line["result"]:
                text.append(f" → {line['result']}")
            lines.append(Content.from_rich_text(text))
        self.lines = lines
        self.refresh()

    def render(self) -> Content:
        # Laid out here, where the box's size is known: its height never depends on
        # what it holds (1fr), so a new size or a new line only draws it again.
        width, height = self.size
        return Content("\n").join(newest_that_fit(self.lines, width, height))


def newest_that_fit(lines: list[Content], width: int, height: int) -> list[Content]:
    """The last of ``lines`` that fit in ``width``×``height`` cells once each is
    wrapped to ``width``, in order: the oldest left out first, each whole. The newest
    is there whatever its height; taller than the box, its last rows are kept."""
    if width <= 0 or height <= 0 or not lines:
        return []
    kept: list[Content] = []
    room = height
    for line in reversed(lines):
        rows = line.wrap(width)
        if len(rows) > room:
            if not kept:  # the newest alone is too tall: its end is what is new
                kept = [Content("\n").join(rows[-room:])]
            break
        kept.append(line)
        room -= len(rows)
    kept.reverse()
    return kept


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
    /* The stream, one column: the card, the party, the story under them. */
    #stage { height: 1fr; layout: vertical; }
    #main { height: auto; }
    #side { height: 1fr; }
    #luck { display: none; height: auto; padding: 0 1; color: $text-muted; }
    /* A wide stream (a capture at 160x45): the card large on the left, its dice sized
       to fill it, the party, the luck and the story on the right. */
    .wide #stage { layout: horizontal; }
    .wide #main { width: 2fr; height: 100%; }
    .wide #side { width: 1fr; height: 100%; padding-left: 1; }
    .wide LastRoll { height: 100%; content-align: center middle; text-align: center; }
    .wide PartyStrip { max-height: 50%; padding-bottom: 1; }
    .wide #luck { display: block; padding-bottom: 1; }
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
        self.title = visible(campaign.name)
        self.follow_seconds = FOLLOW_SECONDS
        """How often the view looks for others' writes (longer at a served table,
        whose server says when to follow at once)."""

    def compose(self) -> ComposeResult:
        yield Static(id="problem")
        if self.layout_name == "stream":
            yield Static(id="scene", markup=False)
            with Horizontal(id="stage"):
                with Vertical(id="main"):
                    yield LastRoll(id="last-roll")
                with Vertical(id="side"):
                    yield PartyStrip(id="party")
                    yield Static(id="luck", markup=False)
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
        from meneur.play.broadcast import party_of, trackers_of

        state = state_for(self.viewer, self.campaign.state, self.campaign.journal)
        party = party_of(self.campaign, state, self.strings.lang)
        self.query_one(PartyStrip).show(party, trackers_of(state))

    WIDE = (120, 34)
    """The least size at which the stream puts the card beside the rest."""

    def on_resize(self) -> None:
        if self.layout_name == "stream":
            self._fit()

    def _fit(self) -> None:
        """Lay the stream out for its size: wide or one column; the card's dice sized
        to the room it has (none below 80×30: one line of dice)."""
        width, height = self.size
        wide = width >= self.WIDE[0] and height >= self.WIDE[1]
        self.screen.set_class(wide, "wide")
        card = self.query_one(LastRoll)
        if wide:
            # The card's share of the width (2 of 3), the height under the scene line.
            card.fit(width * 2 // 3, height - 1)
        elif width >= 80 and height >= 30:
            card.fit(width, height // 2)  # small dice under the words, half the height
        else:
            card.fit(width, 0)

    def _redraw(self) -> None:
        """Draw the picture the viewer may see (:func:`meneur.play.broadcast.stream_view`,
        the same the broadcast page and the feed give)."""
        from meneur.play.broadcast import stream_view

        picture = stream_view(self.campaign, self.viewer, self.strings, lines=RECENT)
        said = " · ".join(
            part for part in (picture["scene"]["title"], picture["scene"]["tension_said"]) if part
        )
        scene = self.query_one("#scene", Static)
        scene.update(Text(said, style="bold"))
        scene.display = bool(said)
        self._fit()
        self.query_one(LastRoll).show(picture["roll"], picture["waiting"])
        self.query_one(PartyStrip).show(picture["party"], picture["trackers"])
        luck = [picture["luck"]["said"], picture["luck"]["luck"], picture["fairness"]["said"]]
        self.query_one("#luck", Static).update("\n".join(part for part in luck if part))
        self.query_one(RecentJournal).show(picture["story"])

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
        if any(e.roll is not None or e.redacted for e in new):
            last = self.query_one(LastRoll)
            last.add_class("fresh")
            self.set_timer(FRESH_SECONDS, lambda: last.remove_class("fresh"))
        self._redraw()
