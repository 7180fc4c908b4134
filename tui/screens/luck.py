"""F8: luck you can see — the rolls this seat may see, measured against the odds each had
(see :mod:`meneur.play.stats`): the same words as ``meneur stats``, a plot of the
successes against those expected roll after roll, and the faces of the d100s and d6s
against an even spread. ``c`` counts one character after another, ``s`` the last
session only.

The journal is read in a thread (a long one takes a few seconds): the screen says so
meanwhile, and a newer count replaces one still running.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static
from textual_plotext import PlotextPlot

from meneur.play.errors import CampaignError
from meneur.play.session import SessionStrings
from meneur.tui.i18n import translate_bindings
from meneur.tui.widgets.footer import KeyFooter
from meneur.tui.widgets.title_bar import TitleBar

if TYPE_CHECKING:
    from meneur.play.recap import Session as JournalSession
    from meneur.play.session import Session
    from meneur.play.stats import Stats

PLOTTED = 240
"""Points of the course plotted at most (a long campaign is sampled evenly)."""


class LuckScreen(SessionStrings, Screen[None]):
    """How lucky this seat's view of the campaign has been."""

    CSS_PATH = "screens.tcss"  # read when the screen first opens (see the file)

    BINDINGS = [
        Binding("escape,f8,q", "close", "Back", id="close"),
        Binding("c", "next_character", "Character", id="luck_character"),
        Binding("s", "session", "Session", id="luck_session"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.character: str | None = None
        self.last_session = False
        self.sessions: list[JournalSession] = []

    def compose(self) -> ComposeResult:
        yield TitleBar()
        with Horizontal(id="luck-body"):
            with Vertical(id="luck-left"):
                yield Static(id="luck-summary")
                yield PlotextPlot(id="luck-course")
            with Vertical(id="luck-faces"):
                yield PlotextPlot(id="luck-d100")
                yield PlotextPlot(id="luck-d6")
        with VerticalScroll(id="luck-details"):
            yield Static(id="luck-outcomes")
        yield KeyFooter()

    def on_mount(self) -> None:
        translate_bindings(self, self.session.strings)
        self.sub_title = self.term(f"system.{self.session.campaign.system}")
        from meneur.play.recap import sessions

        self.sessions = sessions(self.session.campaign)
        self.measure()

    @property
    def names(self) -> dict[str, str]:
        """The characters this seat knows, by key, with their names."""
        return {
            ident: str(item.get("name") or ident)
            for ident, item in self.session.characters().items()
        }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "session":
            return bool(self.sessions)
        if action == "next_character":
            return bool(self.names)
        return True

    def action_close(self) -> None:
        self.dismiss(None)

    def action_next_character(self) -> None:
        """Count the next character's rolls only (after the last: everyone's)."""
        order: list[str | None] = [None, *self.names]
        self.character = order[(order.index(self.character) + 1) % len(order)]
        self.measure()

    def action_session(self) -> None:
        """Count the last session only, or the whole campaign again."""
        self.last_session = not self.last_session
        self.measure()

    # --- Counting ----------------------------------------------------------------------

    def measure(self) -> None:
        """Count again for the scope chosen; say so until it is done."""
        from meneur.play.stats_words import title

        self.title = title(
            self.session.campaign.name,
            self.t,
            session=len(self.sessions) if self.last_session else None,
            whom=self.names.get(self.character) if self.character else None,
        )
        self.query_one("#luck-summary", Static).update(self.t("luck.counting"))
        within = None
        if self.last_session and self.sessions:
            last = self.sessions[-1]
            within = (last.entry.id, last.until)
        self._count(self.character, within)

    @work(thread=True, exclusive=True, group="luck")
    def _count(self, character: str | None, within: tuple[int, int] | None) -> None:
        from meneur.play.stats import stats

        try:
            measured = stats(
                self.session.campaign,
                self.session.seat.viewer,
                character=character,
                within=within,
                course=True,
            )
        except CampaignError as error:
            self.app.call_from_thread(self._failed, str(error))
            return
        self.app.call_from_thread(self.show, measured)

    def _failed(self, message: str) -> None:
        self.query_one("#luck-summary", Static).update(self.t("app.error", message=message))

    def show(self, measured: Stats) -> None:
        """Show a count: its words, its course, its dice."""
        from meneur.play.stats_words import stats_lines

        lines = stats_lines(measured, self.names, self.t, character=self.character)
        # The words: the summary first (up to the first blank line), the rest below.
        cut = lines.index("") if "" in lines else len(lines)
        self.query_one("#luck-summary", Static).update("\n".join(lines[:cut]))
        self.query_one("#luck-outcomes", Static).update("\n".join(lines[cut + 1 :]))
        self._plot_course(measured)
        for sides in (100, 6):
            self._plot_faces(sides, measured.faces.get(sides))

    def _plot_course(self, measured: Stats) -> None:
        widget = self.query_one("#luck-course", PlotextPlot)
        plt = widget.plt
        plt.clear_data()
        plt.clear_figure()
        course = measured.course
        if not course:
            widget.display = False
            return
        widget.display = True
        step = max(1, len(course) // PLOTTED)
        numbers = [*range(1, len(course) + 1, step)]
        if numbers[-1] != len(course):
            numbers.append(len(course))
        plt.plot(
            numbers,
            [course[n - 1][1] for n in numbers],
            label=self.t("luck.expected"),
            color="gray",
            # Told apart by their marks too, not by colour alone.
            marker="dot",
        )
        plt.plot(
            numbers,
            [course[n - 1][0] for n in numbers],
            label=self.t("luck.observed"),
            color="green",
            marker="braille",
        )
        plt.title(self.t("luck.course"))
        plt.xlabel(self.t("luck.rolls"))
        widget.refresh()

    def _plot_faces(self, sides: int, counts: tuple[int, ...] | None) -> None:
        from meneur.play.stats_words import face_groups

        widget = self.query_one(f"#luck-d{sides}", PlotextPlot)
        plt = widget.plt
        plt.clear_data()
        plt.clear_figure()
        if not counts:
            widget.display = False
            return
        widget.display = True
        groups = face_groups(counts)
        # Short labels, few enough never to collide: plotext drops colliding ones in an
        # order that changes from one run to the next (a set of strings).
        positions: list[float] = [float(n) for n in range(1, len(groups) + 1)]
        plt.bar(positions, [count for _, count in groups], color="cyan", width=0.6)
        every = 2 if len(groups) > 6 else 1
        plt.xticks(
            positions[::every], [label.split("-")[0].lstrip("0") for label, _ in groups][::every]
        )
        plt.hline(sum(counts) / len(groups), "gray")
        plt.title(self.t("luck.faces", die=f"d{sides}", thrown=sum(counts)))
        widget.refresh()
