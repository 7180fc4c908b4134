"""The meneur app: opens a campaign and plays it at the table screen.

:func:`make_app` builds the app for the command line and for the tests alike (a given
campaign directory, language, seed and clock), so tests drive exactly what players run.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.driver import Driver
from textual.notifications import SeverityLevel
from textual.screen import Screen

from meneur.core.errors import RulesError
from meneur.core.table_rules import Seat, offers
from meneur.play import settings
from meneur.play.campaigns import Campaign, Clock, local_now
from meneur.play.errors import CampaignError
from meneur.play.session import Session, SessionStrings

from . import css_cache
from .i18n import Strings, default_language, strings, translate_bindings
from .terminal_guard import guard_terminal
from .themes import HIGH_CONTRAST

BUILTIN_COMMANDS = {
    "Theme": "theme",
    "Quit": "quit",
    "Keys": "keys",
    "Maximize": "maximize",
    "Minimize": "minimize",
    "Screenshot": "screenshot",
}
"""Textual's palette commands, by their English title, and their names in the strings."""


class MeneurApp(SessionStrings, App[None]):
    """The terminal assistant at the table."""

    CSS_PATH = "app.tcss"
    TITLE = "meneur"

    BINDINGS = [
        Binding("f1", "help", "Help", id="help"),
        Binding("ctrl+o", "campaigns", "Campaigns", show=False, id="campaigns"),
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
        # Textual adds this one itself when it is missing, described in English only.
        Binding("ctrl+p", "command_palette", "Palette", show=False, priority=True, id="palette"),
    ]

    def action_help_quit(self) -> None:
        """ctrl+c outside a field: say how to quit, in the reader's language (Textual's
        own says it in English, its markup shown as typed: '[b]ctrl+q[/b]')."""
        self.notify(self.t("app.how_to_quit"))

    async def on_event(self, event: events.Event) -> None:
        # A paste is handed to the focused widget as it is read: the table moves the
        # keys to its command line first when they are on a control that takes no text
        # (see TableScreen.paste_arrives), so that the Enter read after it follows.
        if isinstance(event, events.Paste) and not event.is_forwarded:
            from .screens.table import TableScreen

            if isinstance(self.screen, TableScreen):
                self.screen.paste_arrives()
        await super().on_event(event)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notice shown as written: meneur's notices carry what people typed (a note,
        a table's or a character's name, "[Dressage](2"), which Rich markup would eat
        or refuse, so no notice is read as markup (every widget's ``notify`` comes here)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def __init__(
        self,
        session: Session,
        *,
        driver_class: type[Driver] | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        """``driver_class`` and ``environ`` are a remote terminal's (``meneur serve``):
        the driver that draws on it, and the variables that say what it can show
        (TERM, COLORTERM)."""
        guard_terminal()  # a campaign's text never drives the terminal
        css_cache.install()
        super().__init__(driver_class=driver_class or local_driver())
        self.session = session
        if environ is not None:
            from .remote import remote_console

            remote_console(self, environ)
        self.register_theme(HIGH_CONTRAST)
        # A connection's app never reads or writes the server's own settings.
        remembered = None if session.remote else settings.load().get("theme")
        if isinstance(remembered, str) and remembered in self.available_themes:
            self.theme = remembered

    def get_default_screen(self) -> Screen[None]:
        # The table is the app's first screen itself: no blank screen to mount and leave.
        from .screens.table import TableScreen

        return TableScreen(self.session)

    owns_terminal = False
    """Whether this app plays in the process's own terminal (``meneur`` run by hand), not
    for a connection of a server: it then leaves when that terminal goes away."""

    gone: Path | None = None
    """The campaign used last, when it was gone at start-up (see :func:`open_campaign`):
    the app says so in one line and opens the campaigns list."""

    def on_mount(self) -> None:
        self._translate_bindings()
        if self.owns_terminal:
            self._leave_with_the_terminal()
        if self.gone is not None:
            from meneur.core.text import visible

            self.action_campaigns(self.t("campaigns.gone", folder=visible(str(self.gone))))
        elif not self.session.remote:
            self._offer_draft()

    def _offer_draft(self) -> None:
        """A note typed and not written when the app last had to stop: the editor opens
        on it again, saying so."""
        from meneur.play import drafts

        from .screens.table import TableScreen

        draft = drafts.kept(self.session.campaign.directory)
        table = self.screen
        if draft is None or not isinstance(table, TableScreen):
            return
        last = self.session.campaign.journal.last_id
        if draft.edits is not None and 1 <= draft.edits <= last:
            table.edit_note(draft.edits, draft.text)
        else:
            table.action_note(draft.text)
        self.notify(self.t("note.kept"), timeout=10)

    def _leave_with_the_terminal(self) -> None:
        """Quit cleanly (the campaign closed, its lock released) when the terminal hangs
        up: SIGHUP from a closed window or a dropped SSH session, or a terminal that no
        longer answers (checked each second: no signal comes to a process outside the
        terminal's foreground group)."""
        import asyncio
        import signal
        import sys
        import termios

        loop = asyncio.get_running_loop()

        def hang_up(signum: int, frame: object) -> None:
            # A plain handler, run before Textual's own SIGCONT one (signals are handled
            # in number order, and a hang-up sends both): its output already goes to
            # /dev/null when it tries to redraw on the dead terminal.
            self._detach_terminal()
            loop.call_soon_threadsafe(self._hung_up)

        signal.signal(signal.SIGHUP, hang_up)

        def terminate(signum: int, frame: object) -> None:
            # Told to end (SIGTERM: a shutdown, `kill`): a note being typed is kept, the
            # campaign released, and the app quits as from ctrl+q, so that the terminal
            # it still has is given back as it was.
            loop.call_soon_threadsafe(self._terminated)

        signal.signal(signal.SIGTERM, terminate)
        descriptor = sys.stdin.fileno()

        def check() -> None:
            try:
                termios.tcgetattr(descriptor)
            except (termios.error, OSError):
                self._detach_terminal()
                self._hung_up()

        self.set_interval(1.0, check, name="terminal watch")

    @staticmethod
    def _detach_terminal() -> None:
        """Point the process's standard files at /dev/null: nothing is left to draw on,
        and writes to a hung-up terminal fail (Textual's output thread would stop, and
        its last writes block)."""
        import os

        null = os.open(os.devnull, os.O_RDWR)
        for descriptor in (0, 1, 2):
            os.dup2(null, descriptor)
        os.close(null)

    async def action_quit(self) -> None:
        """Quit; at a served table, the GM's own screen asks first when people are
        connected (quitting closes the table for them)."""
        session = self.session
        present = session.presence.everyone() if session.presence is not None else ()
        others = [p for p in present if p.seat.role != "gm"] if session.served else []
        if others and not self._asked_to_quit:
            from .screens.dialogs import ListDialog

            self._asked_to_quit = True
            choices = [self.t("serve.quit_stay"), self.t("serve.quit_close")]
            title = self.t("serve.quit_title", count=len(others))

            def answered(choice: int | None) -> None:
                self._asked_to_quit = False
                if choice == 1:
                    self.exit()

            self.push_screen(ListDialog(title, choices), answered)
            return
        if not self._asked_to_quit:
            self.exit()

    _asked_to_quit = False
    """The GM is being asked whether to close the table (a second ctrl+q waits)."""

    def _keep_drafts(self) -> None:
        """Keep every note being typed, before the app must stop."""
        from .screens.note_editor import NoteEditor

        for screen in self.screen_stack:
            if isinstance(screen, NoteEditor):
                screen.keep_draft()

    def _terminated(self) -> None:
        self._keep_drafts()
        self.exit(return_code=0)

    def _hung_up(self) -> None:
        """The terminal is gone: release the campaign at once, then quit. Should quitting
        still stall, the process ends anyway a few seconds later: every change was saved
        when it was made."""
        import os
        import threading

        self._keep_drafts()
        self.session.campaign.close()
        deadline = threading.Timer(3.0, os._exit, (0,))
        deadline.daemon = True
        deadline.start()
        self.exit(return_code=0)

    def _translate_bindings(self) -> None:
        """Give the keys their descriptions in the interface's language."""
        # A player's ctrl+b makes their entries private (theirs and the GM's), not secret.
        renamed = {"secret": "secret_player"} if self.session.seat.role != "gm" else {}
        for node in (self, *self.screen_stack):
            translate_bindings(node, self.session.strings, renamed)

    def watch_theme(self, theme: str) -> None:
        # The theme set while starting up is the remembered one: nothing new to save.
        if self.is_running and not self.session.remote:
            settings.save(theme=theme)

    def key_bindings(self) -> list[tuple[str, str]]:
        """Every key of the app and the current screen, with what it does."""
        shown: list[tuple[str, str]] = []
        seen: set[str] = set()
        for screen in (self.screen, self):
            for bindings in screen._bindings.key_to_bindings.values():
                for binding in bindings:
                    label = binding.key_display or self.get_key_display(binding)
                    if label in seen or not binding.description:
                        continue
                    action = binding.action.split("(")[0]
                    if screen.check_action(action, ()) is False:
                        continue  # not this seat's (a player's quick NPC, a solo admit)
                    seen.add(label)
                    shown.append((label, binding.description))
        return shown

    def reseat(self, seat: Seat) -> None:
        """The GM gave this seat other characters (a served table's file changed): it
        acts as ``seat`` from now on, and its party, panel and completions say so."""
        from .screens.table import TableScreen

        self.session.reseat(seat)
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.seat_changed()

    def follow_now(self) -> None:
        """Take in what others wrote now rather than at the next look (a server that
        saw the campaign change tells every app it plays)."""
        from .screens.table import TableScreen

        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.follow()

    def action_command_palette(self) -> None:
        """ctrl+p: the palette, unless one is open anywhere in the stack (Textual checks
        only the top screen: ctrl+p in a dialog a palette command opened, while that
        palette was still closing, stacked a second palette with the same id and ended
        the app — found by feeding the shared table random bytes)."""
        from textual.command import CommandPalette

        from .widgets.palette import Palette

        if any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        if self.use_command_palette:
            # Its searches end quietly when it closes first (a burst of keys).
            self.push_screen(Palette(id="--command-palette"))

    def action_language(self) -> None:
        """Speak the other language from now on: every screen is drawn again in it (a
        dialog open closes: nothing it held was written yet), and the choice is
        remembered for the next start and the command line (not at a shared table:
        the server's settings are not a connection's)."""
        lang = "en" if self.session.strings.lang == "fr" else "fr"
        self.session.strings = strings(lang)
        if not self.session.remote:
            settings.save(language=lang)
        self.call_later(self._speak_again)

    async def _speak_again(self) -> None:
        from .screens.table import TableScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TableScreen):
            await self.pop_screen()
        self._translate_bindings()
        table = next(s for s in self.screen_stack if isinstance(s, TableScreen))
        await table.reopen()
        self.notify(self.t("app.language_set"))

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        self.push_screen(HelpScreen(self.session, self.key_bindings()))

    def action_campaigns(self, notice: str = "") -> None:
        """ctrl+o: the campaigns list, saying ``notice`` first if given."""
        from .screens.campaigns import CampaignScreen

        if self.session.remote:
            # The server's disk is not the players' to browse: the GM picks the campaign.
            self.notify(self.t("serve.not_here"), severity="warning")
            return
        self.push_screen(CampaignScreen(self.session, notice), self._campaign_chosen)

    async def _campaign_chosen(
        self, choice: Path | tuple[str, str, dict[str, object]] | None
    ) -> None:
        if choice is None:
            return
        from meneur.play.campaigns import data_dir, remember

        try:
            if isinstance(choice, tuple):
                name, system, options = choice
                folder = data_dir() / "campaigns" / _folder_name(name)
                author = self.session.campaign.author  # the same GM, another campaign
                campaign = Campaign.create(
                    folder, system=system, name=name, options=options, author=author
                )
                message = self.t("campaigns.created", name=name)
            else:
                if choice.resolve() == self.session.campaign.directory.resolve():
                    return
                # Open the new one first: if it fails, the current one stays open.
                campaign = Campaign.open(choice, author=self.session.campaign.author)
                message = self.t("campaigns.opened", name=campaign.name)
        except (CampaignError, RulesError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        if campaign.directory != self.session.campaign.directory:
            self.session.campaign.close()
        self.session.campaign = campaign
        remember(campaign.directory)
        from .screens.table import TableScreen

        # The table is the app's first screen: rebuilt in place, not replaced.
        table = next(s for s in self.screen_stack if isinstance(s, TableScreen))
        await table.reopen()
        self.notify(message)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A connection's screen is not offered the server's other campaigns."""
        if action == "campaigns":
            return not self.session.remote
        return True

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """Every action in the command palette (ctrl+p)."""
        for command in super().get_system_commands(screen):
            # Textual's own commands, said in the interface's language.
            name = BUILTIN_COMMANDS.get(command.title)
            if name == "screenshot" and self.session.remote:
                continue  # it would write a file on the server
            if name is not None:
                command = command._replace(
                    title=self.t(f"palette.{name}"), help=self.t(f"palette.{name}_help")
                )
            yield command
        from .screens.table import TABS, TableScreen

        t = self.t
        table = screen if isinstance(screen, TableScreen) else None
        yield SystemCommand(t("bindings.help"), "F1", self.action_help)
        yield SystemCommand(t("palette.language"), t("palette.language_help"), self.action_language)
        if not self.session.remote:
            yield SystemCommand(t("bindings.campaigns"), "ctrl+o", self.action_campaigns)
        if table is not None:
            seat = self.session.seat
            player = seat.role != "gm"
            for name, action in (
                ("roll", "roll"),
                ("undo", "undo"),
                ("redo", "redo"),
                ("export", "export"),
                ("search", "search"),
                ("physical", "physical"),
                ("secret_player" if player else "secret", "secret"),
                ("turn", "turn"),
                ("command", "command"),
                ("note", "note"),
                ("luck", "luck"),
            ):
                if action == "export" and self.session.remote:
                    continue  # a file on the server: not a connection's to write
                yield SystemCommand(t(f"bindings.{name}"), "", getattr(table, f"action_{action}"))
            # Only what this seat may do: a player is not offered the GM's commands
            # (the table would refuse them all the same: meneur.core.table_rules).
            if offers(seat, "seat"):
                yield SystemCommand(t("seat.title"), t("seat.help"), table.turns.action_seat_player)
                yield SystemCommand(
                    t("serve.give_title"), t("serve.give_help"), table.turns.action_give_character
                )
            if offers(seat, "seat") and self.session.presence is not None:
                yield SystemCommand(
                    t("serve.manage_title"), t("serve.manage_help"), table.turns.action_manage_seats
                )
            from meneur.play.chronoste import game_now

            if game_now(self.session.campaign.state) is not None and offers(seat, "time"):
                yield SystemCommand(t("time.title"), t("time.help"), table.scenes.action_time)
            if offers(seat, "session"):
                yield SystemCommand(
                    t("solo.session_title"), t("solo.session_help"), table.scenes.action_new_session
                )
            if offers(seat, "scene"):
                yield SystemCommand(
                    t("solo.scene_title"), t("solo.scene_help"), table.scenes.action_new_scene
                )
            if self.session.options.get("solo") and offers(seat, "end_scene"):
                yield SystemCommand(
                    t("solo.end_title"), t("solo.end_help"), table.scenes.action_end_scene
                )
            story: list[tuple[str, Callable[[], object]]] = []
            if offers(seat, "story"):
                story += [
                    ("story.add_thread", lambda: table.story.action_story_add("threads")),
                    ("story.add_person", lambda: table.story.action_story_add("people")),
                    ("story.close", table.story.action_story_close),
                    ("story.edit", table.story.action_story_edit),
                    ("story.random_thread", lambda: table.story.action_story_random("threads")),
                    ("story.random_person", lambda: table.story.action_story_random("people")),
                ]
            if offers(seat, "trackers"):
                story += [
                    ("story.progress", table.story.action_story_progress),
                    ("story.progress_roll", table.story.action_story_progress_roll),
                    ("story.new_clock", lambda: table.story.action_story_new_tracker("clock")),
                    ("story.new_track", lambda: table.story.action_story_new_tracker("track")),
                    ("story.ask_clock", table.story.action_story_ask_clock),
                ]
            for story_title, run in story:
                yield SystemCommand(t(story_title), t("story.help"), run)
            for tab in TABS:
                yield SystemCommand(t(f"bindings.{tab}"), "", lambda tab=tab: table.action_tab(tab))

    def on_unmount(self) -> None:
        self.session.campaign.close()


def local_driver() -> type[Driver] | None:
    """The driver for the process's own terminal: Textual's, each read told apart (typed
    lines a line at a time, a paste as one: :mod:`meneur.tui.typed_bursts`); None
    (Textual's choice) where Textual would not use its Linux driver (Windows,
    ``TEXTUAL_DRIVER``: the browser)."""
    import os
    import sys

    if sys.platform == "win32" or os.environ.get("TEXTUAL_DRIVER"):
        return None
    from .terminal_driver import TerminalDriver

    return TerminalDriver


def _folder_name(name: str) -> str:
    folder = re.sub(r"[^\w-]+", "-", name.strip().lower()).strip("-")
    return folder or "campagne"


def open_campaign(
    directory: Path | None, lang: str | None = None, clock: Clock = local_now
) -> Campaign:
    """Open ``directory`` (default: the campaign used last, or create the default one).

    Raises:
        CampaignError: when the campaign cannot be opened.
    """
    from meneur.play.campaigns import (
        current_campaign,
        default_author,
        default_campaign,
        gone_campaign,
        remember,
    )
    from meneur.play.session import create_default

    # The campaign used last is gone (moved, deleted, its disk unplugged): the default
    # one opens (made if need be) and the app offers the list (MeneurApp.gone).
    gone = gone_campaign() if directory is None else None
    target = directory or (default_campaign() if gone else current_campaign())
    if (
        directory is None
        and target == default_campaign()
        and not (target / "campaign.toml").exists()
    ):
        campaign = create_default(
            target,
            strings(lang or settings.language() or default_language()),
            clock,
            author=default_author(),  # its undo takes back this user's changes
        )
    else:
        campaign = Campaign.open(target, clock=clock, author=default_author())
    remember(campaign.directory)
    return campaign


def make_app(
    campaign: Campaign,
    *,
    lang: str | None = None,
    seed: int | None = None,
) -> MeneurApp:
    """The app on an open ``campaign``, in ``lang`` (default: the one the user chose last
    in the app, else the locale's), its dice from ``seed`` (default: system entropy)."""
    words: Strings = strings(lang or settings.language() or default_language())
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    return MeneurApp(Session(campaign, words, rng))


def start_app(
    directory: Path | None, lang: str | None = None, seed: int | None = None
) -> MeneurApp:
    """The app ``meneur`` runs: on ``directory``, else the campaign used last — or, when
    that one is gone, the default one with the campaigns list open over it.

    Raises:
        CampaignError: when the campaign cannot be opened.
    """
    from meneur.play.campaigns import gone_campaign

    gone = None if directory is not None else gone_campaign()
    app = make_app(open_campaign(directory, lang), lang=lang, seed=seed)
    app.gone = gone
    return app
