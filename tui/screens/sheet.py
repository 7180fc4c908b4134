"""A character's sheet, for any of the five systems: every line the rules define, edited
from the keyboard, each edit checked by the core, saved at once and undoable.

Enter edits the highlighted line (a dialog with its value, refused with the core's
reason), + and − nudge a number, ``a`` adds to a table or list, Delete removes a row.
Computed values (Parade, inventory slots, combat scores) are shown beside, never typed.
On a Great Cosmos sheet with the DNA rule, ``g`` opens the gene tree to spend the DNA
points left, and ``m`` adds to the mutation gauge Pμ and rolls the mutations it brings.
Races, classes, talents, genes and mutations are stored by key and shown by the names the
campaign's catalogue and gene tree give them. (A little over 600 lines: one screen's rows
and their edits, which read and write the same fields; the dialogs live in dialogs.py.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from meneur.content import term
from meneur.core import sheets
from meneur.core.changes import MISSING, Change
from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.names import check_name
from meneur.core.sheets import Field, Kind
from meneur.play import act
from meneur.play.errors import CampaignError
from meneur.play.session import SessionStrings
from meneur.tui.i18n import signed, translate_bindings
from meneur.tui.widgets.footer import KeyFooter
from meneur.tui.widgets.title_bar import TitleBar

from . import SCREENS_CSS
from .dialogs import TextDialog

if TYPE_CHECKING:
    from pathlib import Path

    from meneur.play.campaigns import Said, Worded
    from meneur.play.journal import Entry
    from meneur.play.session import Session

LABEL_WIDTH = 44
"""Widest label column (longer labels are cut by the row, not the column)."""

NAME = Field("name", Kind.TEXT, "sheet.name")
"""The character's name (kept beside the sheet, not in it)."""
COMPUTED = Field("", Kind.TEXT, "sheet.section.derived")
"""The row of a computed value: shown, highlighted, never typed."""
TABLES = (Kind.NAMED, Kind.BONUSES, Kind.DESCRIBED)
"""Kinds of field that are a table of named rows."""


@frozen
class Row:
    """One line of the sheet: a field, and for tables and lists the row's name or index."""

    field: Field
    item: str | int | None = None


def shown(value: Any) -> str:
    """A value as the sheet shows it."""
    if isinstance(value, dict):
        return ", ".join(
            f"{k} {signed(v)}" if isinstance(v, int) else f"{k} {v}" for k, v in value.items()
        )
    return "—" if value in (None, "") else str(value)


CHANGING = frozenset({"edit", "nudge", "add", "remove", "undo", "redo"})
"""The sheet's actions that change it (a read-only sheet offers none)."""


class SheetScreen(SessionStrings, Screen[None]):
    """One character's sheet."""

    CSS_PATH = SCREENS_CSS  # read when the screen first opens (see the file)

    BINDINGS = [
        Binding("escape", "close", "Back", id="close"),
        Binding("enter", "edit", "Edit", id="edit", show=True),
        Binding("plus,equals_sign", "nudge(1)", "+1", key_display="+", id="plus"),
        Binding("minus", "nudge(-1)", "−1", key_display="−", id="minus"),
        Binding("a", "add", "Add", id="add"),
        Binding("delete", "remove", "Remove", id="remove"),
        Binding("ctrl+z", "undo", "Undo", id="undo"),
        Binding("ctrl+y", "redo", "Redo", id="redo"),
    ]

    def __init__(self, session: Session, character: str) -> None:
        super().__init__()
        self.session = session
        self.character = character
        self.rows: list[Row | None] = []
        self.width = LABEL_WIDTH
        self.written: list[Entry] = []
        """Journal entries this screen wrote (the table shows them on return)."""
        from meneur.core.table_rules import may_change

        self.read_only = not may_change(session.seat, ("characters", character, "sheet"))
        """Whether this seat only reads this sheet (another player's character)."""
        self.deck_for: Callable[[Any], Any] | None = None
        """Where the campaign's deck a hand is dealt from is read (its system's app room's
        ``deck_for``), set by whoever opens the screen; None: no deck, cards are typed."""

    # --- What the sheet holds --------------------------------------------------------

    @property
    def system(self) -> str:
        return self.session.campaign.system

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = self.session.campaign.state.get("options", {})
        return options

    @property
    def data(self) -> dict[str, Any]:
        """The character as campaign.toml holds it."""
        character: dict[str, Any] = self.session.characters().get(self.character, {})
        return character

    @property
    def sheet(self) -> dict[str, Any]:
        return self.session.sheet(self.character)

    def sections(self) -> tuple[sheets.Section, ...]:
        return sheets.layout(self.system, self.options, self.sheet, self.layout_context())

    def layout_context(self) -> Any:
        """What the campaign's own files tell the sheet's limits (none here)."""
        return None

    def path(self, field: Field) -> tuple[str, ...]:
        if field is NAME:
            return ("characters", self.character, "name")
        return ("characters", self.character, "sheet", *field.path)

    def value(self, field: Field) -> Any:
        if field is NAME:
            return self.data.get("name", self.character)
        return field.read(self.sheet)

    def campaign_content(self, load: Callable[[Path | None], Any]) -> Any:
        """What ``load`` reads for the campaign's folder (its own file, else the example),
        or None after saying which file does not read."""
        from meneur.content import ContentError

        try:
            return load(self.session.campaign.directory)
        except ContentError as error:
            self.notify(
                self.t("sheet.content_broken", message=self.explain(error)), severity="warning"
            )
            return None

    def named(self, field: Field, value: Any) -> Any:
        """``value`` as shown (a system's sheet may show a key by its name)."""
        return value

    def catalogue_key(self, field: Field, text: str) -> str:
        """Text typed for ``field``, as it is saved (a system's sheet may read a name as
        its key)."""
        return text

    # --- Drawing ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar()
        yield OptionList(id="sheet-rows")
        yield Static(id="sheet-help", classes="dim")
        yield KeyFooter()

    def on_mount(self) -> None:

        translate_bindings(self, self.session.strings)
        self.title = self.t("sheet.title", name=self.value(NAME))
        self.sub_title = self.term(f"system.{self.system}")
        if self.read_only:
            self.sub_title += f" · {self.t('sheet.read_only')}"
        help_key = "sheet.help_read_only" if self.read_only else "sheet.help"
        self.query_one("#sheet-help", Static).update(self.t(help_key))
        self.redraw()
        rows = self.query_one("#sheet-rows", OptionList)
        rows.highlighted = next((i for i, row in enumerate(self.rows) if row), None)
        rows.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Read-only: what would change the sheet is neither offered nor run.
        return not (self.read_only and action in CHANGING)

    def _label(self, field: Field) -> Text:
        return Text(f"{self.term(field.term)} ".ljust(self.width), style="bold")

    def _lines(self) -> list[tuple[Row | None, Text]]:
        """Every line of the sheet: section headings (no row), rows, and the computed
        values last (no row: they are never typed)."""
        sections = self.sections()
        derived = [
            found
            for found in sheets.derived(
                self.system, self.options, self.sheet, self.session.sheet_content()
            )
            if not self.shown_elsewhere(found)
        ]
        labels = [self.term(f.term) for s in sections for f in s.fields]
        labels += [self.term(d.term) for d in derived]
        labels += self.own_labels()
        self.width = min(max(map(len, labels)) + 2, LABEL_WIDTH)
        lines: list[tuple[Row | None, Text]] = [
            (Row(NAME), self._label(NAME) + str(self.value(NAME)))
        ]
        for section in sections:
            lines.append((None, Text(self.term(section.term), style="underline")))
            for field in section.fields:
                lines += self._field_lines(field)
        lines += self.own_lines()
        if derived:
            lines.append((None, Text(self.term("sheet.section.derived"), style="underline")))
            for found in derived:
                label = Text(f"{self.term(found.term)} ".ljust(self.width))
                if found.value_term:
                    # A state (fatigue): its name with its gloss, and what it does.
                    state = term(found.value_term)
                    value = Text(state.said(self.session.strings.lang), style="bold")
                    hint = state.hint_fr if self.session.strings.lang == "fr" else state.hint_en
                    if hint:
                        value.append(f" — {hint}", style="italic")
                else:
                    value = Text(str(found.value), style="bold")
                if found.note:  # how it counts (a stat past the cap)
                    value.append(f" — {self.t(found.note, **dict(found.note_values))}")
                lines.append((Row(COMPUTED), label + value))
        return lines

    def shown_elsewhere(self, found: sheets.Derived) -> bool:
        """Whether a computed value is shown by the system's own lines (not below)."""
        return False

    def own_labels(self) -> list[str]:
        """The labels of the system's own lines, for the label column's width."""
        return []

    def own_lines(self) -> list[tuple[Row | None, Text]]:
        """Lines a system's sheet adds after its sections (the Great Cosmos genome)."""
        return []

    def own_row(self, row: Row) -> bool:
        """Whether ``row`` is one of the system's own lines (Enter is theirs, nothing is
        removed from it)."""
        return False

    def edit_own(self, row: Row) -> None:
        """Enter on one of the system's own lines."""

    def _field_lines(self, field: Field) -> list[tuple[Row | None, Text]]:
        value = self.named(field, self.value(field))
        if field.kind in (Kind.NUMBER, Kind.TEXT):
            text = self._label(field) + shown(value)
            low, high = field.bounds(self.sheet)
            outside = isinstance(value, int) and (
                (low is not None and value < low) or (high is not None and value > high)
            )
            if field.kind is Kind.NUMBER and outside:
                text.append(f"  ⚠ {low}–{high}", style="bold red")
            return [(Row(field), text)]
        lines: list[tuple[Row | None, Text]] = [
            (Row(field), self._label(field) + Text(self.t("sheet.add_hint"), "dim"))
        ]
        if field.kind in TABLES:
            table = value if isinstance(value, dict) else {}
            names = list(field.names) + [n for n in table if n not in field.names]
            for name in names:
                item = Text(f"  {name} ".ljust(self.width)) + shown(table.get(name))
                lines.append((Row(field, name), item))
        elif field.kind is Kind.ENTRIES:
            for index, entry in enumerate(value if isinstance(value, list) else []):
                lines.append((Row(field, index), Text(f"  {entry}")))
        else:
            for index, card in enumerate(sheets.read_cards(field, value)):
                lines.append((Row(field, index), Text(f"  {card.notation}")))
        return lines

    def redraw(self) -> None:
        """Draw the sheet again from the campaign, keeping the highlighted line."""
        rows = self.query_one("#sheet-rows", OptionList)
        before = rows.highlighted
        lines = self._lines()
        self.rows = [row for row, _ in lines]
        rows.clear_options()
        rows.add_options([Option(text, disabled=row is None) for row, text in lines])
        if before is not None and self.rows:
            rows.highlighted = min(before, len(self.rows) - 1)
        self.title = self.t("sheet.title", name=self.value(NAME))

    @property
    def current(self) -> Row | None:
        index = self.query_one("#sheet-rows", OptionList).highlighted
        return self.rows[index] if index is not None and index < len(self.rows) else None

    # --- Saving ----------------------------------------------------------------------

    def save(self, field: Field, after: Any, what: str | Worded) -> bool:
        """Set ``field`` to ``after`` in one journal entry (one undo); False if refused."""
        from meneur.core.changes import set_value

        campaign = self.session.campaign
        change = set_value(campaign.state, self.path(field), after)
        if change.before == change.after:
            return False
        name = self.value(NAME)
        text = self.w("sheet.changed", name=name, what=what)
        return self.write([change], text)

    def write(self, changes: list[Change], text: Said, record: Any = None) -> bool:
        try:
            if record is None:
                entry = act.change(
                    self.session.campaign,
                    self.session.seat,
                    text,
                    changes=changes,
                    character=self.character,
                )
            else:
                entry = self.session.record(record, text, changes=changes, character=self.character)
        except CampaignError as error:
            self.notify(self.t("app.error", message=self.explain(error)), severity="error")
            return False
        self.written.append(entry)
        self.redraw()
        return True

    def reason(self, error: RulesError) -> str:
        """Why the rules refused an edit, in the interface's language, naming the line by
        its label (``Karma``), not its key (``karma``)."""
        values = getattr(error, "values", {})
        if isinstance(values.get("field"), str):
            error.values = {**values, "field": self.label_of(values["field"])}
        return self.explain(error)

    def label_of(self, key: str) -> str:
        """A sheet key as the player reads it: a line's label, or a table row's name."""
        fields = {f.key: f for s in self.sections() for f in s.fields}
        if key in fields:
            return self.term(fields[key].term)
        for prefix, field in fields.items():
            if key.startswith(f"{prefix}."):
                return f"{term(field.term).fr} — {key.removeprefix(f'{prefix}.')}"
        return key

    def refused(self, error: RulesError) -> None:
        self.notify(self.reason(error), severity="warning")

    # --- Keys ------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#sheet-rows")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if not self.read_only:
            self.action_edit()

    def action_edit(self) -> None:
        row = self.current
        if row is None:
            return
        field = row.field
        if field is COMPUTED:
            self.notify(self.t("genes.computed"))
            return
        if self.own_row(row):
            self.edit_own(row)
            return
        if row.item is None and field.kind not in (Kind.NUMBER, Kind.TEXT):
            self.action_add()
            return
        value = self.value(field)
        label = self.term(field.term)
        if field.kind in (Kind.NUMBER, Kind.TEXT):
            start = self.named(field, value)
            self._ask(
                label,
                "" if start is None else str(start),
                lambda text: self._set(field, text),
                self.prompt(field),
            )
        elif field.kind in TABLES:
            table = value if isinstance(value, dict) else {}
            current = table.get(str(row.item))
            if field.kind is Kind.BONUSES:
                start = f"{row.item}: " + ", ".join(f"{k} {v}" for k, v in (current or {}).items())
            elif field.kind is Kind.DESCRIBED:
                start = f"{row.item}: {current or ''}"
            else:
                start = f"{row.item} {'' if current is None else current}".strip()
            self._ask(
                label,
                start,
                lambda text: self._put(field, text, replacing=str(row.item)),
                self.prompt(field),
            )
        else:
            index = row.item if isinstance(row.item, int) else 0
            items = list(value) if isinstance(value, list) else []
            if field.kind is Kind.CARDS:
                cards = sheets.read_cards(field, [items[index]])
                text = cards[0].notation if cards else ""
            else:
                text = str(items[index])
            self._ask(
                label, text, lambda typed: self._splice(field, typed, index), self.prompt(field)
            )

    def prompt(self, field: Field) -> str:
        """What the dialog asks for ``field``: its bounds, or an example of its notation."""
        if field.kind is Kind.NUMBER:
            low, high = field.bounds(self.sheet)
            return self.t(
                "sheet.example.number",
                low="…" if low is None else low,
                high="…" if high is None else high,
            )
        if field.kind is Kind.TEXT:
            names = self.text_choices(field)
            if names:
                return self.t("sheet.example.catalogued", names=", ".join(names))
            return self.t("sheet.example.text")
        example = f"sheet.example.{self.system}.{field.key}"
        # A system another package adds may ship no example: the dialog asks without one.
        known = self.session.strings.keys()  # every key of the interface's strings
        return self.t(example) if example in known else ""

    def text_choices(self, field: Field) -> list[str]:
        """The names a text field is usually given (none here)."""
        return []

    def _ask(self, title: str, value: str, apply: Any, prompt: str | None = None) -> None:
        """A dialog with ``value``; Enter applies it, or shows the core's refusal."""

        def check(text: str) -> str | None:
            try:
                apply(text)
            except RulesError as error:
                return self.reason(error)
            return None

        self.app.push_screen(
            TextDialog(
                title,
                prompt or self.t("sheet.prompt"),
                value,
                check=check,
                hint=self.t("app.dialog_hint"),
            )
        )

    def _set(self, field: Field, text: str) -> None:
        if field.kind is Kind.NUMBER:
            value: Any = sheets.parse_number(field, text, self.sheet)
        else:
            value = self.catalogue_key(field, sheets.parse_text(field, text))
            if field is NAME and not value:
                raise RulesError(self.t("sheet.name_needed"))
            if field is NAME:  # the rule of every name, said in the dialog
                check_name(value, "character")
        self.save(
            field, value, f"{term(field.term).fr} {shown(self.value(field))} → {shown(value)}"
        )

    def _put(self, field: Field, text: str, replacing: str | None = None) -> None:
        table = dict(self.value(field) or {})
        value: int | str | dict[str, int]
        if field.kind is Kind.BONUSES:
            name, value = sheets.parse_bonuses(field, text)
        elif field.kind is Kind.DESCRIBED:
            name, value = sheets.parse_described(field, text)
        elif replacing is not None and text.strip().lstrip("+-").isdecimal():
            # A bare number on a row sets that row's value (the dialog selects the text,
            # so typing replaces it); "name number" renames the row.
            name, value = sheets.parse_named(field, f"{replacing} {text.strip()}")
        else:
            name, value = sheets.parse_named(field, text)
        if replacing is not None and replacing != name:
            # Renamed: the row keeps its place in the table.
            table = {name if key == replacing else key: item for key, item in table.items()}
        table[name] = value
        self.save(field, table, f"{name} {shown(value)}")

    def _splice(self, field: Field, text: str, index: int | None) -> None:
        items = list(self.value(field) or [])
        new: list[Any] = (
            sheets.parse_cards(field, text)
            if field.kind is Kind.CARDS
            else sheets.parse_entries(field, text)
        )
        if index is None:
            items += new
        else:
            items[index : index + 1] = new
        if field.kind is Kind.CARDS:
            what = "; ".join(card.name for card in sheets.read_cards(field, new))
        else:
            what = "; ".join(new)
        self.save(field, items, what)

    def action_add(self) -> None:
        row = self.current
        if row is None or row.field.kind in (Kind.NUMBER, Kind.TEXT):
            self.notify(self.t("sheet.nothing_to_add"), severity="warning")
            return
        field = row.field
        label = self.term(field.term)
        if field.kind in TABLES:
            self._ask(label, "", lambda text: self._put(field, text), self.prompt(field))
        elif field.kind is Kind.CARDS:
            self._deal(field)
        else:
            self._ask(label, "", lambda text: self._splice(field, text, None), self.prompt(field))

    def _deal(self, field: Field) -> None:
        """Add a card to the hand: one of the campaign's deck (:attr:`deck_for`), or one
        typed."""
        from .dialogs import ListDialog

        label = self.term(field.term)
        deck_for = self.deck_for
        deck = list((self.campaign_content(deck_for) or {}).values()) if deck_for else []

        def dealt(index: int | None) -> None:
            if index == 0:
                self._ask(
                    label, "", lambda text: self._splice(field, text, None), self.prompt(field)
                )
            elif index is not None:
                card = deck[index - 1]
                items = [*(self.value(field) or []), card.to_data()]
                self.save(field, items, card.name)

        lines = [self.t("sheet.type_card"), *(card.notation for card in deck)]
        self.app.push_screen(ListDialog(label, lines, self.t("sheet.deal_hint")), dealt)

    def action_remove(self) -> None:
        row = self.current
        if row is None or row.item is None or row.field is COMPUTED or self.own_row(row):
            self.notify(self.t("sheet.nothing_to_remove"), severity="warning")
            return
        field = row.field
        value = self.value(field)
        if isinstance(row.item, str):
            table = dict(value or {})
            if row.item not in table:
                return
            del table[row.item]
            self.save(field, table or MISSING, self.w("sheet.removed", what=row.item))
        else:
            items = list(value or [])
            gone = items.pop(row.item)
            what = gone.get("name", "") if isinstance(gone, dict) else str(gone)
            self.save(field, items, self.w("sheet.removed", what=what))

    def action_nudge(self, step: int) -> None:
        row = self.current
        if row is None:
            return
        field = row.field
        try:
            if field.kind is Kind.NUMBER:
                value = self.value(field)
                after = sheets.check_number(
                    field, (value if isinstance(value, int) else 0) + step, self.sheet
                )
                self.save(field, after, f"{term(field.term).fr} {value} → {after}")
            elif field.kind is Kind.NAMED and isinstance(row.item, str):
                table = dict(self.value(field) or {})
                current = table.get(row.item, 0)
                after = sheets.check_number(
                    field, (current if isinstance(current, int) else 0) + step, {}
                )
                table[row.item] = after
                self.save(field, table, f"{row.item} {current} → {after}")
        except RulesError as error:
            self.refused(error)

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
        self.written.append(entry)
        self.redraw()
        self.notify(notice)

    def action_close(self) -> None:
        self.dismiss(None)
