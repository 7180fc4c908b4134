"""A new character in Résoudre une action, Les Traits, Le Sphérier or SYSTEMJ (Great
Cosmos has its creation wizard): the system's sheet, every line checked by the core as it
is typed and the derived values shown as they form, kept here until **Créer** writes the
character as one journal entry (one undo). Escape drops the draft; nothing was written."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.binding import Binding
from textual.widgets import Static

from meneur.core.changes import Change, apply, set_value
from meneur.core.errors import RulesError
from meneur.play import act
from meneur.play.campaigns import Worded
from meneur.play.characters import new_character
from meneur.play.errors import CampaignError

from .sheet import NAME, SheetScreen

if TYPE_CHECKING:
    from meneur.core.sheets import Field
    from meneur.play.campaigns import Said
    from meneur.play.session import Session

DRAFT = "nouveau"
"""The draft's place-holder id (the character's own comes from its name)."""


class DraftScreen(SheetScreen):
    """A character being made: a sheet that writes nothing until it is created."""

    BINDINGS = [Binding("ctrl+s", "create", "Create", id="create")]

    def __init__(self, session: Session) -> None:
        super().__init__(session, DRAFT)
        # The seeds give no starting values beyond each line's default: the sheet starts
        # empty and every line shows what it takes.
        self.draft: dict[str, Any] = {"name": "", "kind": "pc", "sheet": {}}

    @property
    def data(self) -> dict[str, Any]:
        return self.draft

    @property
    def sheet(self) -> dict[str, Any]:
        sheet: dict[str, Any] = self.draft["sheet"]
        return sheet

    def on_mount(self, event: events.Mount | None = None) -> None:
        # The sheet's own set-up first, then this screen's title and help; the sheet's
        # handler is not called again after this one.
        if event is not None:
            event.prevent_default()
        super().on_mount()
        self.query_one("#sheet-help", Static).update(self.t("draft.help"))
        self._ask_name()

    def _ask_name(self) -> None:
        self._ask(self.term(NAME.term), "", lambda text: self._set(NAME, text))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Undo and redo are the journal's: the draft has written nothing yet.
        if action in ("mutate", "genes", "level_up", "convert", "undo", "redo"):
            return False
        return super().check_action(action, parameters)

    def value(self, field: Field) -> Any:
        if field is NAME:
            return self.draft.get("name", "")
        return field.read(self.sheet)

    def save(self, field: Field, after: Any, what: str | Worded) -> bool:
        """Keep ``after`` in the draft once the whole sheet still holds by the rules."""
        from meneur.core.sheets import check_sheet

        state: dict[str, Any] = {"characters": {DRAFT: self.draft}}
        change = set_value(state, self.path(field), after)
        if change.before == change.after:
            return False
        apply(state, [change])  # on a copy of the draft: kept only if the sheet holds
        changed = state["characters"][DRAFT]
        try:
            check_sheet(self.system, self.options, changed["sheet"])
        except RulesError as error:
            self.refused(error)
            return False
        self.draft = changed
        self.redraw()
        return True

    def redraw(self) -> None:
        super().redraw()
        name = self.draft.get("name", "") if hasattr(self, "draft") else ""
        self.title = self.t("draft.title_named", name=name) if name else self.t("draft.title")

    def write(self, changes: list[Change], text: Said, record: Any = None) -> bool:
        """Nothing is journaled before the character is created."""
        return False

    def action_create(self) -> None:
        """Write the character: one journal entry, one undo; back to the table with it."""
        name = str(self.draft.get("name", "")).strip()
        if not name:
            self.notify(self.t("sheet.name_needed"), severity="warning")
            self._ask_name()
            return
        campaign = self.session.campaign
        # Its key is chosen under the lock: another seat may be making a Kael too.
        try:
            plan = new_character(name, self.draft, Worded("draft.created", {"name": name}))
            entry = act.change(campaign, self.session.seat, plan)
        except (CampaignError, RulesError) as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return
        self.written.append(entry)
        self.dismiss(entry.character)  # type: ignore[arg-type]

    def action_close(self) -> None:
        """Drop the draft (nothing was written)."""
        self.dismiss(None)
