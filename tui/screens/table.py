"""The table: the party, the action panel of the campaign's system (with oracles and
random tables beside it), the live journal and the command line — one screen to play.

Why it is ~800 lines: it is the one screen that puts every part of play together —
laying them out for a wide terminal, a narrow one and a phone, following what other
writers do, the keys, characters made and opened, and the command line, whose reading
routes a line to the part that plays it. What the table's commands do are widgets of it
that say what they wrote by messages: the story's commands
(:class:`~meneur.tui.widgets.story_desk.StoryDesk`), the turns
(:class:`~meneur.tui.widgets.turn_desk.TurnDesk`), the journal's requests, the note
editor and the export (:class:`~meneur.tui.widgets.journal_desk.JournalDesk`), sessions,
scenes and the in-game time (:class:`~meneur.tui.widgets.scene_desk.SceneDesk`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget

from meneur.core.errors import RulesError
from meneur.core.table_rules import offers
from meneur.core.text import visible
from meneur.play.campaigns import Secrecy, Update
from meneur.play.errors import CampaignError
from meneur.play.session import SessionStrings
from meneur.tui import css_cache
from meneur.tui.startup import first_frame_drawn
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.command_line import CommandLine
from meneur.tui.widgets.desk import Desk
from meneur.tui.widgets.footer import KeyFooter
from meneur.tui.widgets.journal import JournalView
from meneur.tui.widgets.journal_desk import JournalDesk
from meneur.tui.widgets.panels import app_room, panel_class
from meneur.tui.widgets.panels.base import ActionPanel
from meneur.tui.widgets.scene_desk import SceneDesk
from meneur.tui.widgets.story import StoryLine, StoryView
from meneur.tui.widgets.story_desk import StoryDesk
from meneur.tui.widgets.tabbar import TabBar
from meneur.tui.widgets.title_bar import TitleBar
from meneur.tui.widgets.turn_desk import TurnDesk

if TYPE_CHECKING:
    from meneur.play.journal import Entry
    from meneur.play.session import Session
    from meneur.tui.widgets.oracles import OraclePanel
    from meneur.tui.widgets.party import PartyList
    from meneur.tui.widgets.tables import TablesPanel

NARROW = 110
"""Below this many columns the party list folds away (the panel picks the character)."""
PHONE = 72
"""Below this many columns (a phone held upright, a split pane) the table is one column:
the panel (the character, the roll asked for) above the last results."""


TABS = ("action", "oracles", "tables")
"""The tabs beside the party: the system's panel, the oracles, the random tables."""
FOLLOW_SECONDS = 0.1
"""How often the table looks for what other processes wrote: a stat or two each time
(see Campaign.sync), so following is live (within ~0.15 s) and idle cost stays tiny."""
SERVED_FOLLOW_SECONDS = 1.0
"""The same for a connection's screen at a served table: its server looks for everyone
(see TableServer.watch) and says when to follow at once; this is the safety net."""
PANES = {"action": "panel", "oracles": "oracle-panel", "tables": "tables-panel"}
"""The pane (its widget's id) each tab shows."""

CSS_KEPT_AFTER = 2.0
"""Seconds after the first frame when the CSS parsed since is kept for the next start
(:mod:`meneur.tui.css_cache`): start-up has built the journal and the hidden tabs by then."""

TAB_FOCUS = {"action": "#panel", "oracles": "#question", "tables": "#table-list"}
"""Where the keys go when a tab is shown."""


class TableScreen(SessionStrings, Screen[None]):
    """Where play happens."""

    BINDINGS = [
        Binding("f1", "app.help", "Help", id="help"),
        Binding("r", "roll", "Roll", id="roll"),
        # A priority binding: handled as the key is read, before the keys after it go
        # anywhere (see action_command).
        Binding("colon,slash", "command", "Command", key_display=":", id="command", priority=True),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
        Binding("ctrl+f", "search", "Search", show=False, id="search"),
        Binding("ctrl+e", "export", "Export", id="export"),
        Binding("ctrl+n", "new_character", "Character", id="new_character"),
        Binding("f5", "sheet", "Sheet", id="sheet"),
        Binding("f6", "quick_npc", "Quick NPC", id="npc"),
        Binding("ctrl+o", "app.campaigns", "Campaigns", id="campaigns"),
        Binding("f2", "tab('action')", "Action", show=False, id="action"),
        Binding("f3", "tab('oracles')", "Oracles", show=False, id="oracles"),
        Binding("f4", "tab('tables')", "Tables", show=False, id="tables"),
        Binding("ctrl+d", "physical", "Physical dice", show=False, id="physical"),
        Binding("ctrl+b", "secret", "Secret", show=False, id="secret"),
        Binding("f7", "turn", "Turn", show=False, id="turn"),
        Binding("f8", "luck", "Luck", show=False, id="luck"),
        Binding("f9", "note", "Note", show=False, id="note"),
        Binding("ctrl+g", "goto('party')", "Party", show=False, id="focus_party"),
        Binding("ctrl+j", "goto('journal-list')", "Journal", show=False, id="focus_journal"),
        Binding("ctrl+t", "admit", "Admit", show=False, id="admit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.acting: str | None = _first_character(session)
        self._shown = False
        self._problem_said: str | None = None
        # The parts that show nothing, made with the screen: they answer from the start
        # (a note's draft reopens before the screen has composed).
        self.story = StoryDesk(session)
        """The story's commands (the palette's)."""
        self.turns = TurnDesk(session)
        """Turns of secret choices, roll requests, players seated."""
        self.journal_desk = JournalDesk(session)
        """The journal's requests, the note editor, the export."""
        self.scenes = SceneDesk(session)
        """Sessions, scenes and the in-game time."""
        self._options = dict(session.campaign.state.get("options", {}))
        """The campaign's rules as the panel was built for them."""
        self._side = False
        """Whether the side column holds its parts yet (see _mount_side)."""
        self._scene: tuple[str | None] | None = None
        """The scene being played, once looked for (a party redraw does not look through
        the journal again): forgotten when a scene or session is written."""
        self._held: Entry | None = None
        """A roll on disk that the Action panel is stepping through: listed at its end."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys a seat may not use are neither shown nor run (a player's quick NPC is
        the GM's: meneur.core.table_rules.offers)."""
        if action == "quick_npc":
            return offers(self.session.seat, "npc")
        if action == "new_character":  # a player's characters are the GM's to make
            return offers(self.session.seat, "new_character")
        if action == "admit":  # the GM's own screen at a served table
            return self.session.door is not None and self.session.seat.role == "gm"
        if action == "export":  # a file written on the server: not a connection's
            return not self.session.remote
        return True

    def compose(self) -> ComposeResult:
        # Fold before the children exist: restyling the whole table later costs a frame.
        self._fold(self.app.size.width)
        yield TitleBar()
        with Horizontal(id="body"):
            # The party, the acting character's sheet and the story fill this column just
            # after the first frame (see _after_first_frame): the controls come first.
            yield Vertical(id="side")
            with Vertical(id="center"):
                yield TabBar([(tab, self.t(f"tabs.{tab}")) for tab in TABS], id="tabs")
                yield StoryLine(id="story-line")
                # One pane per tab, shown by the tab bar; the hidden tabs' panes are mounted
                # after the first frame (see _after_first_frame).
                yield panel_class(self.session.campaign.system)(self.session, id=PANES["action"])
            yield JournalView(self.session.strings, id="journal", viewer=self.session.seat.viewer)
        yield CommandLine(self.t("command.placeholder"), id="command")
        yield self.story
        yield self.journal_desk
        yield self.turns
        yield self.scenes
        if self.session.door is not None and self.session.seat.role == "gm":
            from meneur.tui.widgets.door import DoorBar

            yield DoorBar(self.session, self.session.door, id="door")
        yield KeyFooter()

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # The first time, every widget was styled as it mounted a moment ago: restyling the
        # whole table again would only delay the first frame (~15 ms). Later resumes (back
        # from a dialog, another theme) restyle as usual.
        if not self._shown:
            self._shown = True
            event.refresh_styles = False
        super()._on_screen_resume(event)

    async def reopen(self) -> None:
        """Play the session's campaign anew (another one was opened): rebuild the table."""
        self.acting = _first_character(self.session)
        self._side = False
        self._scene = None
        await self.recompose()
        self.on_mount()

    def on_mount(self) -> None:
        if not self.query(f"#{PANES['action']}"):
            return  # taken down while it mounted: a connection gone the moment it came
        campaign = self.session.campaign

        self.title = visible(campaign.name)
        self.sub_title = self._sub_title()
        self.show_party()
        self.query_one("#panel", ActionPanel).character = self.acting
        self.query_one("#panel", ActionPanel).focus()
        self.call_after_refresh(self._after_first_frame)

    async def _after_first_frame(self) -> None:
        """What the first frame does not show: the journal's entries, the hidden tabs, the
        command line's names.

        The player sees the table and its controls sooner; the journal fills in the next
        frame (drawing a full view of entries is most of its cost), then the hidden tabs
        are built.
        """
        first_frame_drawn()
        self._mount_side()
        self.show_party()
        self.query_one(JournalView).show(self.session.campaign)
        every = SERVED_FOLLOW_SECONDS if self.session.remote else FOLLOW_SECONDS
        self.set_interval(every, self.follow, name="follow the campaign")
        # What start-up parsed, for the next start: the first frame's at once, then what
        # came just after it (the journal's entries, the hidden tabs), if anything did.
        self.call_after_refresh(css_cache.keep)
        self.set_timer(CSS_KEPT_AFTER, css_cache.keep, name="keep the CSS start-up parsed")
        self.call_after_refresh(self.turns.offer_choices)  # a turn open when the player joined
        if self.session.served:
            self.notify("\n".join(self.session.served), title=self.t("serve.open"), timeout=30)
        # The journal is drawn before the hidden tabs are built (those take longer).
        self.call_after_refresh(self._build_hidden_tabs)

    async def _build_hidden_tabs(self) -> None:
        """Mount the Oracles and Tables tabs (hidden unless one was asked for already)."""
        from meneur.tui.widgets.oracles import OraclePanel
        from meneur.tui.widgets.tables import TablesPanel

        if not self.is_attached:
            return  # the table was closed meanwhile
        center = self.query_one("#center", Vertical)
        shown = self.query_one("#tabs", TabBar).active
        oracles = OraclePanel(self.session, id=PANES["oracles"])
        tables = TablesPanel(self.session, id=PANES["tables"])
        oracles.display, tables.display = shown == "oracles", shown == "tables"
        await center.mount_all([oracles, tables])
        self.refresh_completions()

    def on_resize(self) -> None:
        self._fold(self.size.width)

    def _fold(self, width: int) -> None:
        self.set_class(width < NARROW, "narrow")
        self.set_class(width < PHONE, "phone")

    @property
    def oracle_panel(self) -> OraclePanel:
        """The oracles' tab (mounted just after the first frame)."""
        from meneur.tui.widgets.oracles import OraclePanel

        return self.query_one("#oracle-panel", OraclePanel)

    @property
    def tables_panel(self) -> TablesPanel:
        """The random tables' tab (mounted just after the first frame)."""
        from meneur.tui.widgets.tables import TablesPanel

        return self.query_one("#tables-panel", TablesPanel)

    def on_tables_panel_reloaded(self, event: TablesPanel.Reloaded) -> None:
        self.refresh_completions()

    def refresh_completions(self) -> None:
        """Offer table names and the party's skills and elements to the command line."""
        names = [name for table in self.session.tables() for name in (table.name, table.key)]
        for character in self.session.characters().values():
            sheet = character.get("sheet", {})
            for key in self.session.named_keys(sheet):  # elements, skills, traits…
                values = sheet.get(key, {})
                names += list(values) if isinstance(values, dict) else []
        self.query_one(CommandLine).complete_with(names)

    # --- What the panels say ---------------------------------------------------------

    def _mount_side(self) -> None:
        """Put the party, the compact sheet, the story (and at a shared table who is
        there) in the side column, once."""
        if self._side:
            return
        self._side = True
        # Imported here, after the first frame, which has no side column yet.
        from meneur.tui.widgets.compact_sheet import CompactSheet
        from meneur.tui.widgets.party import PartyList

        parts: list[Widget] = [
            PartyList(id="party"),
            CompactSheet(id="compact"),
            StoryView(id="story"),
        ]
        if self.session.presence is not None:
            from meneur.tui.widgets.presence import PresenceList

            parts.append(PresenceList(self.session, id="presence"))
        self.query_one("#side", Vertical).mount_all(parts)

    def show_party(self) -> None:
        """List the party again and show the acting character's compact sheet."""
        if not self._side:
            return  # shown as the side column is filled, just after the first frame
        from meneur.tui.widgets.party import PartyList

        parties = self.query("#party").results(PartyList)
        party = next(parties, None)
        if party is None:
            return  # the side column taken down as it was filled: the app is ending
        characters = self.session.characters()
        if self.acting not in characters:
            self.acting = _first_character(self.session)
        campaign = self.session.campaign
        party.show(
            campaign.system,
            campaign.state.get("options", {}),
            characters,
            self.acting,
            self.session.strings.lang,
        )
        self._show_compact()
        self._show_story()

    def _show_story(self) -> None:
        """The story beside the party: what this seat may see of it (a player never
        receives the GM's clocks and tracks)."""
        from meneur.play.story import current_scene, tension_of
        from meneur.play.views import state_for

        campaign = self.session.campaign
        viewer = self.session.seat.viewer
        # What this seat's view receives, from the one filter every view uses.
        state = state_for(viewer, campaign.state, campaign.journal)
        titles = {key: self.t(f"story.{key}") for key in ("threads", "people", "trackers", "part")}
        heading = []
        if self._scene is None:
            self._scene = (current_scene(campaign, viewer),)
        (scene,) = self._scene
        if scene:
            heading.append(self.t("story.scene", title=visible(scene)))
        if state.get("options", {}).get("solo"):
            tension = tension_of(state)
            name = self.term(f"solo.tension.{tension}")
            heading.append(self.t("story.tension", value=tension, name=name))
        # At every size: beside the party, or on a line under the tabs once the side
        # column has folded away (under 110 columns).
        self.query_one("#story-line", StoryLine).show(state, titles, heading)
        if not self._side:
            return
        view = self.query_one("#story", StoryView)
        view.border_title = self.t("story.title")
        view.show(state, titles, heading)

    @on(Desk.Written)
    def _desk_written(self, event: Desk.Written) -> None:
        self.sub_title = self._sub_title()  # the in-game time may have moved
        self.characters_changed(event.entries)

    @on(JournalDesk.Noted)
    def _noted(self, event: JournalDesk.Noted) -> None:
        journal = self._journal_view()
        for entry in event.entries:
            if entry.target is not None:
                journal.refresh_entry(entry.target)  # the note it rewrote
            journal.add(entry)

    @on(JournalView.StrikeRequested)
    def _strike(self, event: JournalView.StrikeRequested) -> None:
        self.journal_desk.strike(event.entry_id)

    @on(JournalView.CountRequested)
    def _count(self, event: JournalView.CountRequested) -> None:
        self.journal_desk.count(event.entry_id)

    @on(JournalView.UndoRequested)
    def _undo_entry(self, event: JournalView.UndoRequested) -> None:
        self.journal_desk.undo_entry(event.entry_id)

    @on(JournalView.EditRequested)
    def _edit(self, event: JournalView.EditRequested) -> None:
        self.edit_note(event.entry_id)

    def edit_note(self, entry_id: int, typed: str | None = None) -> None:
        """Rewrite note ``entry_id`` in the editor (a draft kept: ``typed``)."""
        self.journal_desk.edit_note(entry_id, typed)

    def action_note(self, typed: str = "") -> None:
        """F9: a note of several lines, in Markdown (a draft kept: ``typed``)."""
        self.journal_desk.write_note(typed)

    def command(self, event: CommandLine.Submitted) -> None:
        event.stop()
        line = self._command_line()
        # A ":" or "/" typed to reach the line is not part of the command.
        text = event.value.strip().lstrip(":/").strip()
        line.remember(text)
        if not text:
            return
        try:
            self.run_command(text)
        except (RulesError, CampaignError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")

    def run_command(self, text: str) -> None:
        """Read a command line as every door reads a typed line
        (:mod:`meneur.play.lines`): ``? question``, a table, a system's notation, dice,
        or a note."""
        from meneur.play import lines

        line = lines.read_line(text, self.session.tables())
        if isinstance(line, lines.Question):
            self.oracle_panel.ask_question(line.asked, line.likelihood)
            self.show_tab("oracles")
            return
        if isinstance(line, lines.TableRoll):
            self.tables_panel.roll_table(line.table)
            self.show_tab("tables")
            return
        if isinstance(line, lines.Notation):
            if not self._action_panel().run_notation(line.text):
                raise RulesError(
                    f"{text} is Le Sphérier's notation",
                    message_key="command.not_spherier",
                    notation=line.text,
                )
            self.show_tab("action")
            return
        if line is None:
            return
        (entry,) = lines.play_line(self.session, line, character=self.acting)
        self._journal_view().add(entry)
        if not isinstance(line, lines.Dice):
            return
        if self.session.blind(entry):  # the GM alone sees the result
            self.notify(f"{line.expression} · {self.session.seen_by(entry)}")
            return
        result = (entry.roll or {}).get("result", "")
        self.notify(f"{line.expression} → {result} · {self.session.seen_by(entry)}")

    @on(TurnDesk.ActAs)
    def _asked_to_roll(self, event: TurnDesk.ActAs) -> None:
        """A player answers the GM's request: they act as that character, in the Action
        tab, where their roll answers it."""
        self._act_as(event.character)
        self._show_compact()
        self.action_tab("action")

    def action_turn(self) -> None:
        """F7: the turns (see :meth:`TurnDesk.action_turn`)."""
        self.turns.action_turn()

    def _journal_view(self) -> JournalView:
        return self.query_one(JournalView)

    @on(CommandLine.Submitted, "#command")
    def _command_submitted(self, event: CommandLine.Submitted) -> None:
        self.command(event)

    def _command_line(self) -> CommandLine:
        return self.query_one(CommandLine)

    def _action_panel(self) -> ActionPanel:
        return self.query_one("#panel", ActionPanel)

    def _act_as(self, character: str) -> None:
        """Make ``character`` the acting one, in the panel too."""
        self.acting = character
        self.query_one("#panel", ActionPanel).character = character

    def _show_compact(self) -> None:
        if not self._side:
            return
        campaign = self.session.campaign
        acting = self.session.characters().get(self.acting or "", None)
        from meneur.tui.widgets.compact_sheet import CompactSheet

        self.query_one("#compact", CompactSheet).show(
            campaign.system,
            campaign.state.get("options", {}),
            None if acting is None else acting.get("name", self.acting),
            self.session.sheet(self.acting),
            self.session.strings.lang,
            self.session.sheet_content(),
        )

    def on_party_list_picked(self, event: PartyList.Picked) -> None:
        """A character picked in the party list acts now (the list is in the side
        column, made after the first frame: the handler is found by its name, so the
        list is not imported before that frame)."""
        self.acting = event.character
        self.query_one("#panel", ActionPanel).character = event.character
        self._show_compact()

    @on(Choice.Changed, "#panel #character")
    def _panel_picked(self, event: Choice.Changed) -> None:
        """The character chosen in the panel (or by the round tracker) acts now: the table
        follows, so a later refresh does not bring the previous one back."""
        value = event.control.value
        if isinstance(value, str) and value != self.acting:
            self.acting = value
            self._show_compact()

    @on(ActionPanel.Journaled)
    def roll_journaled(self, event: ActionPanel.Journaled) -> None:
        """List a roll a panel journaled (through the session), and redraw the party
        when it changed a sheet. A roll the panel steps through is listed once its last
        step shows (or as soon as anything else is rolled)."""
        self.list_held()
        if event.held:
            self._held = event.entry
        else:
            self.query_one(JournalView).add(event.entry)
        if event.changed:
            self.show_party()

    @on(ActionPanel.Revealed)
    def list_held(self) -> None:
        """List the roll held back while its panel stepped through it."""
        held, self._held = self._held, None
        if held is not None:
            self.query_one(JournalView).add(held)

    @on(ActionPanel.SheetChanged)
    def sheet_changed(self, event: ActionPanel.SheetChanged) -> None:
        """Journal a change a panel made to a sheet (one entry, one undo), then show it."""
        from meneur.play import act

        try:
            entry = act.change(
                self.session.campaign,
                self.session.seat,
                event.text,
                changes=event.changes,
                character=event.character,
            )
        except (CampaignError, RulesError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        if event.character in self.session.characters():
            self.acting = event.character  # the round tracker hands the turn on
        self.characters_changed([entry])

    @on(ActionPanel.PhysicalFaces)
    def physical_faces(self, event: ActionPanel.PhysicalFaces) -> None:
        from meneur.core.dice import typed_faces

        from .dialogs import TextDialog  # dialogs load when first opened

        panel, inputs = event.panel, event.inputs

        def read(faces: tuple[int, ...]) -> Any:
            if event.read is not None:
                return event.read(faces)
            return self.session.read_faces(inputs, faces)

        def check(text: str) -> str | None:
            try:
                read(typed_faces(text))
            except (ValueError, RulesError) as error:
                return self.explain(error)
            return None

        def done(text: str | None) -> None:
            if text is not None:
                panel.finish(read(typed_faces(text)), physical=True)

        try:
            dice = event.dice or panel.physical_dice(inputs)
        except RulesError:
            dice = ""
        prompt = self.t("dice.prompt", dice=dice) if dice else self.t("app.physical_hint")
        self.app.push_screen(
            TextDialog(
                self.t("dice.title"),
                prompt,
                check=check,
                hint=self.t("app.dialog_hint"),
            ),
            done,
        )

    # --- Keys ------------------------------------------------------------------------

    def action_roll(self) -> None:
        active = self.query_one("#tabs", TabBar).active
        if active == "action":
            self.query_one("#panel", ActionPanel).action_roll()
        elif active == "oracles":
            self.oracle_panel.action_ask()
        else:
            self.tables_panel.action_roll()

    def action_command(self) -> None:
        """``:`` or ``/``: the command line takes the keys, and the keys typed after it
        in the same read with it (the binding is a priority one, run as the key is read:
        otherwise the keys after it were already on their way to the action panel, as
        shortcuts, and the command line stayed empty — seen in a browser's seat under
        load). Typed into a field, they are the field's (the question box, empty, sends
        them on to the command line: see QuestionField)."""
        from textual.actions import SkipAction

        from meneur.tui.widgets.oracles import QuestionField

        focused = self.focused
        if _takes_text(focused) and not (isinstance(focused, QuestionField) and not focused.value):
            raise SkipAction()
        self._focus_now(self.query_one(CommandLine))

    def paste_arrives(self) -> None:
        """A paste, or a typed line long enough to come as one (meneur.tui.typed_bursts),
        while the keys are on a control that takes no text (the action panel, the party,
        the journal): it goes to the command line, as a typed line would after ``:``
        (it was dropped, and the Enter after it pressed the control)."""
        if not _takes_text(self.focused):
            self._focus_now(self.query_one(CommandLine))

    def _focus_now(self, widget: Widget) -> None:
        """Give ``widget`` the keys before the next key is handled: ``widget.focus()``
        waits its turn behind the keys already read, so ``:`` and a note typed in one
        read (a fast typist, a link that delivers a burst, tmux) sent the note's letters
        to the action panel as shortcuts and left the command line empty. (A widget
        still mounting takes it once mounted.)"""
        if widget.is_mounted:
            self.set_focus(widget)
        else:
            widget.focus()

    def show_tab(self, tab: str) -> None:
        """Show a tab and leave the keys where they are (the command line uses it)."""
        self.query_one("#tabs", TabBar).active = tab

    @on(TabBar.Activated)
    def _tab_activated(self, event: TabBar.Activated) -> None:
        for tab, pane in PANES.items():
            for widget in self.query(f"#{pane}"):  # the hidden ones may still be mounting
                widget.display = tab == event.tab

    def action_tab(self, tab: str) -> None:
        self.show_tab(tab)
        # The keys go where the eyes go: into the tab just shown (its panels may still be
        # mounting in the first instants, hence query, not query_one).
        for widget in self.query(TAB_FOCUS[tab]):
            widget.focus()  # in turn, once the tab bar has shown the tab's pane

    def action_admit(self) -> None:
        """Let in whoever waits first at the door (a served table's GM only)."""
        from meneur.tui.widgets.door import DoorBar

        for bar in self.query(DoorBar):
            bar.answer(True)

    def action_goto(self, widget_id: str) -> None:
        # The party and the journal's list are mounted just after the first frame; a key
        # pressed sooner (ctrl+j the moment the table opens) builds them now, once.
        if widget_id == "party":
            self._mount_side()
        elif widget_id == "journal-list":
            self._focus_now(self.query_one(JournalView).listing)
            return
        self._focus_now(self.query_one(f"#{widget_id}"))

    async def action_search(self) -> None:
        await self.query_one(JournalView).action_search()

    def action_physical(self) -> None:
        from textual.widgets import Checkbox

        box = self.query_one("#panel", ActionPanel).query_one("#physical", Checkbox)
        box.value = not box.value

    def _sub_title(self) -> str:
        """The system, and the secrecy mode when rolls and notes are not public: the
        GM sees at a glance that what they write now stays theirs."""

        system = self.term(f"system.{self.session.campaign.system}")
        state = self.session.campaign.state
        # The Chronoste's module is imported only when it runs (most campaigns never turn
        # it on): this title is drawn in the first frame.
        if state.get("options", {}).get("chronoste"):
            from meneur.play.chronoste import game_now

            now = game_now(state)
            if now is not None:  # the Chronoste's date and time, with day or night
                system += f" · {now}"
        secrecy = self.session.secrecy
        if secrecy.visibility == "public":
            return system
        return f"{system} · {self.t(f'app.{_mode(secrecy)}')}"

    def action_export(self) -> None:
        """ctrl+e: the journal to Markdown (see :meth:`JournalDesk.action_export`)."""
        self.journal_desk.action_export()

    def action_secret(self) -> None:
        """ctrl+b: the next rolls and notes are public, the GM's alone (a blind roll),
        or the GM's alone but announced to the others (a player's: public or private,
        theirs and the GM's); said, and shown in the title."""
        secrecy = self.session.next_secrecy()
        self.sub_title = self._sub_title()
        if secrecy.visibility == "public":
            self.notify(self.t("app.public_again"))
        else:
            self.notify(self.t(f"app.{_mode(secrecy)}"))

    def action_undo(self) -> None:
        self._history("undo")

    def action_redo(self) -> None:
        self._history("redo")

    def _history(self, verb: str) -> None:
        try:
            entry, notice = self.session.step_history(verb)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.why_refused(error)), severity="warning")
            return
        self.characters_changed([entry])
        self.notify(notice)

    def action_new_character(self) -> None:
        """Create a character: the system's own creation screen when its room has one
        (the Great Cosmos wizard), else its sheet as a draft (one journal entry either
        way)."""
        room = app_room(self.session.campaign.system)
        if room.new_character is not None:
            room.new_character(self, self._character_made)
            return
        from .draft import DraftScreen

        draft = DraftScreen(self.session)
        draft.deck_for = room.deck_for
        self.app.push_screen(draft, self._character_made)

    def _character_made(self, ident: str | None) -> None:
        if ident is None:
            return
        self.acting = ident
        self.characters_changed(self.session.campaign.journal.latest(1))

    def action_sheet(self, character: str | None = None) -> None:
        """Open the acting character's sheet (or ``character``'s)."""
        from .sheet import SheetScreen

        ident = character or self.acting
        if ident not in self.session.characters():
            self.notify(self.t("sheet.nobody"), severity="warning")
            return
        room = app_room(self.session.campaign.system)
        screen = (SheetScreen if room.sheet_screen is None else room.sheet_screen())(
            self.session, ident
        )
        screen.deck_for = room.deck_for
        self.app.push_screen(screen, lambda _: self.characters_changed(screen.written))

    def action_luck(self) -> None:
        """Open the Luck view: this seat's rolls against the odds each had."""
        from .luck import LuckScreen

        self.app.push_screen(LuckScreen(self.session))

    def follow(self) -> None:
        """Show what other processes wrote (entries, state changes, a hand edit of
        campaign.toml), and say once when campaign.toml cannot be read as it is now."""
        update: Update | None = None
        try:
            update = self.session.campaign.sync()
        except CampaignError as error:
            problem: str | None = self.explain(error)
        else:
            problem = None if update.error is None else self.explain(update.error)
        if problem != self._problem_said:
            self._problem_said = problem
            if problem:
                self.notify(
                    self.t("app.outside_problem", message=problem),
                    severity="error",
                    timeout=12,
                )
            else:
                self.notify(self.t("app.outside_fixed"))
        if update is None or not update:
            return
        self.turns.announce_reveals(update.entries)
        if update.state_changed:
            self.title = visible(self.session.campaign.name)  # a hand edit may rename it
            self.sub_title = self._sub_title()  # another screen may have moved the time
            if self.session.campaign.state.get("options", {}) != self._options:
                self.call_later(self._rebuild_panel)
            self.characters_changed(update.entries)
            if self.is_attached and self.query("#tables-panel"):
                self.tables_panel.fill()
        else:
            journal = self.query_one(JournalView)
            for entry in update.entries:
                journal.add(entry)
            if any(entry.kind in ("scene", "session") for entry in update.entries):
                self._scene = None
                self._show_story()  # a new scene, written elsewhere
            if any(entry.kind == "session" for entry in update.entries):
                self.scenes.previously()

    async def _rebuild_panel(self) -> None:
        """The campaign's rules changed (``meneur set options…``, another screen): the
        action panel is built again, so its helpers are those of the rules in force."""
        options = dict(self.session.campaign.state.get("options", {}))
        if options == self._options or not self.is_attached:
            return
        self._options = options
        old = self.query_one("#panel", ActionPanel)
        new = panel_class(self.session.campaign.system)(self.session, id=PANES["action"])
        new.display = old.display
        await old.remove()
        await self.query_one("#center").mount(new, after=self.query_one("#story-line"))
        new.character = self.acting

    def characters_changed(self, entries: Iterable[Entry] = ()) -> None:
        """Show journal ``entries`` just written (and the entries they undid or redid),
        then the party, the acting character's sheet in the panel, the completions."""
        journal = self.query_one(JournalView)
        campaign = self.session.campaign
        entries = list(entries)
        if any(entry.kind in ("scene", "session") for entry in entries):
            self._scene = None  # looked for again as the story is shown
        for entry in entries:
            journal.add(entry)
            # What the entry changed the reading of: the entry it undid or redid, and the
            # note that one struck or rewrote.
            target = entry.target
            while target is not None:
                journal.refresh_entry(target)
                target = campaign.journal.entry(target).target
        self.show_party()
        panel = self.query_one("#panel", ActionPanel)
        panel.fill_characters()
        if panel.character == self.acting:
            panel.character_changed()
            panel.update_odds()
        else:
            panel.character = self.acting  # its watcher refills the panel
        if self.query("#oracle-panel"):  # built after the first frame
            self.oracle_panel.follow_tension()
        self.refresh_completions()
        self.call_after_refresh(self.turns.offer_choices)

    def seat_changed(self) -> None:
        """This seat plays other characters now: one of its own acts (the one acting
        if it still is), and the party, the panel and the completions follow."""
        if self.acting not in self.session.seat.characters and self.session.seat.role != "gm":
            self.acting = _first_character(self.session)
        self.characters_changed()

    def on_oracle_panel_written(self, event: OraclePanel.Written) -> None:
        """The Oracles tab wrote an entry (the tension moved): show it."""
        self.characters_changed([event.entry])

    def action_quick_npc(self) -> None:
        """Make a named NPC with rolled stats for the campaign's system, then open its
        sheet to edit it (the roll is journaled and replays from its seed)."""
        from meneur.play.npcs import make_npc

        try:
            ident, entry = make_npc(self.session)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.acting = ident
        self.characters_changed([entry])
        self.action_sheet(ident)


def _mode(secrecy: Secrecy) -> str:
    """The string naming a secret mode."""
    if secrecy.visibility == "private":
        return "private"
    return "secret_announced" if secrecy.announced else "secret"


def _first_character(session: Session) -> str | None:
    """Who acts when the table opens: a player's own first character, else the party's
    first."""
    characters = session.characters()
    own = [ident for ident in characters if ident in session.seat.characters]
    return next(iter(own or characters), None)


def _takes_text(widget: Widget | None) -> bool:
    """Whether ``widget`` takes what is typed or pasted as text (a field, an editor)."""
    from textual.widgets import Input, TextArea

    return isinstance(widget, (Input, TextArea))
