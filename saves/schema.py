"""campaign.toml: what it may hold, read tolerantly where meaning is clear, refused
clearly where not, and migrated from older schema versions.

Tolerated: a system name in any case, a ``schema_version`` written as text, missing
optional tables (they default to empty), a missing name (the directory's). Refused, with
the key and what was expected: unknown keys (meneur would drop them on its next write),
wrong types, unknown systems or options, a newer schema.

(Over 600 lines: each refusal names its sentence in the reader's language, which makes
each check a few lines longer; the checks of one file's top-level tables read best in
one place, the play tables' own being in :mod:`.schema_play` already.)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.core.text import shown

from .errors import CampaignError
from .schema_checker import IDENT as IDENT
from .schema_checker import Checker as _Checker
from .schema_checker import _found, _is_number, _shown
from .schema_play import (
    PHASE_KEYS as PHASE_KEYS,
)
from .schema_play import (
    REQUEST_KEYS as REQUEST_KEYS,
)
from .schema_play import (
    ROLL_KINDS as ROLL_KINDS,
)
from .schema_play import (
    SEALED_KEYS as SEALED_KEYS,
)
from .schema_play import (
    SECRECY_DEFAULTS as SECRECY_DEFAULTS,
)
from .schema_play import (
    SLOT_KEYS as SLOT_KEYS,
)
from .schema_play import (
    _chronoste,
    _combat,
    _dice,
    _phases,
    _requests,
    _secrecy,
    _solo,
)

if TYPE_CHECKING:
    from .schema_rooms import SavesRoom

SCHEMA_VERSION = 1
"""The schema this meneur writes."""
MENEUR_VERSION = "0.1.0"
"""This meneur's version, written into campaign.toml as ``written_by``."""

COMMON_OPTIONS: Mapping[str, tuple[type, object]] = {
    "chronoste": (bool, False),
    "solo": (bool, False),
}
"""The optional rules every system has, after its own: name → (type, default)."""


def options_of(system: str) -> dict[str, tuple[type, object]]:
    """Every optional rule of ``system``: its own, then :data:`COMMON_OPTIONS`.

    Raises:
        RulesError: for an unknown system.
    """
    from meneur.core.systems import system as record

    return {**record(system).options, **COMMON_OPTIONS}


def option_choices(system: str, name: str) -> tuple[str, ...]:
    """The values a text option of ``system`` may take (none for a true/false one)."""
    from meneur.core.systems import system as record

    return record(system).option_choices.get(name, ())


LANGUAGES = ("fr", "en")
"""The languages a campaign may speak (``language``; see meneur.content.strings)."""

TOP_KEYS = (
    "schema_version",
    "written_by",
    "name",
    "system",
    "language",
    "created",
    "journal_applied",
    "options",
    "characters",
    "trackers",
    "lists",
    "tables",
    "note_edits",
    "struck",
    "uncounted",
    "history",
    "phases",
    "requests",
    "combat",
    "chronoste",
    "solo",
    "dice",
    "secrecy",
)


CHARACTER_KEYS = ("name", "kind", "player", "notes", "sheet")
TRACKER_KEYS = ("name", "value", "min", "max", "kind", "notes", "gm", "rank")
TABLE_KEYS = ("name", "dice", "entries", "notes", "gm")
TABLE_ENTRY_KEYS = ("text", "weight", "range", "again")
HISTORY_LIMIT = 200
"""Most undoable changes remembered (older ones stay in the journal, not undoable)."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[v]`` turns a schema-v document into a schema-(v + 1) one. Schema 1 is
the first published one, so there is nothing to migrate yet; the mechanism is in place
(and tested) for the next change of format."""


def default_options(system: str) -> dict[str, object]:
    """Every optional rule of ``system`` at its default."""
    return {name: default for name, (_, default) in options_of(system).items()}


def new_state(name: str, system: str, created: datetime) -> dict[str, Any]:
    """The campaign.toml of a new campaign.

    Raises:
        CampaignError: for an unknown system.
    """
    from meneur.core.systems import is_system

    if not is_system(system):
        raise CampaignError(
            "campaign.toml",
            f"unknown system {shown(system)}",
            "system",
            message_key="campaign.unknown_system",
            values={"system": shown(system)},
        )
    return {
        "schema_version": SCHEMA_VERSION,
        "written_by": f"meneur {MENEUR_VERSION}",
        "name": name,
        "system": system,
        "created": created,
        "journal_applied": 0,
        "options": default_options(system),
        "characters": {},
        "trackers": {},
        "lists": {"threads": [], "people": [], "places": []},
        "tables": {},
        "note_edits": {},
        "struck": {},
        "history": {"undo": [], "redo": []},
    }


def check_version(data: Mapping[str, Any], path: Path) -> int:
    """The document's schema version.

    Raises:
        CampaignError: when it is missing, unreadable, or newer than this meneur knows.
    """
    checker = _Checker(path)
    if "schema_version" not in data:
        raise checker.fail(
            "schema_version",
            f"missing; a campaign written by hand starts with schema_version = {SCHEMA_VERSION}",
            "version_missing",
            version=SCHEMA_VERSION,
        )
    version = checker.integer(data["schema_version"], "schema_version")
    if version > SCHEMA_VERSION:
        writer = data.get("written_by")
        needed = f" (it was written by {writer})" if isinstance(writer, str) else ""
        raise checker.fail(
            "schema_version",
            f"{version} is newer than this meneur {MENEUR_VERSION} reads "
            f"(up to {SCHEMA_VERSION}){needed}: upgrade meneur to open it",
            "version_newer_by" if isinstance(writer, str) else "version_newer",
            version=version,
            meneur=MENEUR_VERSION,
            most=SCHEMA_VERSION,
            writer=writer,
        )
    if version < 1:
        raise checker.fail(
            "schema_version",
            f"expected 1 to {SCHEMA_VERSION}, found {version}",
            "between",
            low=1,
            high=SCHEMA_VERSION,
            value=version,
        )
    return version


def migrate(data: dict[str, Any], path: Path) -> tuple[dict[str, Any], int]:
    """Bring a document up to :data:`SCHEMA_VERSION`; return it and its original version.

    Raises:
        CampaignError: when the version is unknown or a migration is missing.
    """
    original = check_version(data, path)
    version = original
    migrated = copy.deepcopy(data)
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise CampaignError(
                path,
                f"no migration from version {version}",
                "schema_version",
                message_key="campaign.no_migration",
                values={"version": version},
            )
        migrated = step(migrated)
        version += 1
        migrated["schema_version"] = version
    return migrated, original


def validate(data: Mapping[str, Any], path: Path) -> dict[str, Any]:
    """Check a (migrated) campaign.toml and return it normalised, defaults filled in.

    Raises:
        CampaignError: naming the file and key of the first problem.
    """
    from meneur.core.systems import is_system, keys
    from meneur.core.systems import system as record

    checker = _Checker(path)
    if "system" not in data:
        raise checker.fail(
            "system",
            f"missing; expected one of: {', '.join(map(shown, keys()))}",
            "system_missing",
            choices=", ".join(map(shown, keys())),
        )
    system = checker.text(data["system"], "system").strip().lower()
    if not is_system(system):
        raise checker.fail(
            "system",
            f"expected one of: {', '.join(map(shown, keys()))}, found {shown(data['system'])}",
            "not_choice",
            choices=", ".join(map(shown, keys())),
            value=shown(data["system"]),
        )
    from .schema_rooms import saves_room

    room = saves_room(record(system))
    room_keys = room.TOP_KEYS
    for key in data:
        if key not in TOP_KEYS and key not in room_keys:
            owner = _owner_of_key(key)
            if owner:
                raise checker.fail(key, f"only in a campaign of {owner}", "room_key", owner=owner)
    checker.known_keys(data, (*TOP_KEYS, *room_keys), "")
    state: dict[str, Any] = {
        "schema_version": checker.integer(data["schema_version"], "schema_version")
    }
    state["written_by"] = checker.text(data.get("written_by", "meneur"), "written_by")
    state["name"] = _campaign_name(checker, data, path)
    state["system"] = system
    if "language" in data:  # the language its commands speak unless told otherwise
        language = checker.text(data["language"], "language").strip().lower()
        if language not in LANGUAGES:
            raise checker.fail(
                "language",
                f"expected one of: {', '.join(map(shown, LANGUAGES))},"
                f" found {shown(data['language'])}",
                "not_choice",
                choices=", ".join(map(shown, LANGUAGES)),
                value=shown(data["language"]),
            )
        state["language"] = language
    if "created" in data:
        if not isinstance(data["created"], datetime):
            raise checker.fail(
                "created", "expected a date and time, like 2026-11-21T10:15:00+01:00", "date_time"
            )
        state["created"] = data["created"]
    applied = checker.integer(data.get("journal_applied", 0), "journal_applied")
    if applied < 0:
        raise checker.fail(
            "journal_applied",
            f"expected 0 or more, found {applied}",
            "at_least",
            low=0,
            value=applied,
        )
    state["journal_applied"] = applied
    state["options"] = _options(checker, data.get("options", {}), system)
    state["characters"] = _characters(checker, data.get("characters", {}))
    _check_sheets(checker, state, room)
    state["trackers"] = _trackers(checker, data.get("trackers", {}))
    state["lists"] = _lists(checker, data.get("lists", {}))
    state["tables"] = _tables(checker, data.get("tables", {}))
    state["note_edits"] = _note_edits(checker, data.get("note_edits", {}))
    state["struck"] = _struck(checker, data.get("struck", {}))
    state["history"] = _history(checker, data.get("history", {}))
    if "uncounted" in data:  # written once the GM left a roll out of the luck counted
        state["uncounted"] = _uncounted(checker, data["uncounted"])
    if "phases" in data:  # written once a turn of secret choices was opened
        state["phases"] = _phases(checker, data["phases"])
    if "requests" in data:  # written once the GM asked the table for a roll
        state["requests"] = _requests(checker, data["requests"])
    for key in room_keys:  # what the system's room adds (Great Cosmos: its elements)
        if key in data:
            state[key] = room.check_top(checker, key, data[key])
    if "combat" in data:  # the round tracker (Great Cosmos turn order)
        state["combat"] = _combat(checker, data["combat"])
    if "chronoste" in data:  # the in-game calendar and clock
        state["chronoste"] = _chronoste(checker, data["chronoste"])
    if "solo" in data:  # the solo toolkit's state: the tension
        state["solo"] = _solo(checker, data["solo"])
    if "dice" in data:  # the session's committed dice (meneur.core.fair_dice)
        state["dice"] = _dice(checker, data["dice"])
    if "secrecy" in data:  # who sees each kind of roll unless the roller says otherwise
        state["secrecy"] = _secrecy(checker, data["secrecy"], record(system).secrecy)
    return state


def _campaign_name(checker: _Checker, data: Mapping[str, Any], path: Path) -> str:
    """The campaign's name: ``name`` as written (spaces around it aside), held to the rule
    of names; without one (or a blank one), its folder's name, made one line when the
    folder's is not (a name no one typed is not refused: see meneur.core.names)."""
    from meneur.core.names import one_line

    if "name" in data:
        name = checker.text(data["name"], "name").strip()
        if name:
            return checker.name(name, "name", "campaign")
    return one_line(checker.text(path.parent.name, "name"))


def _options(checker: _Checker, value: object, system: str) -> dict[str, object]:
    options = checker.table(value, "options")
    known = options_of(system)
    checker.known_keys(options, tuple(known), "options")
    result = default_options(system)
    for name, given in options.items():
        kind, _ = known[name]
        key = f"options.{name}"
        if kind is bool:
            if not isinstance(given, bool):
                raise checker.fail(
                    key,
                    f"expected true or false, found {_shown(given)}",
                    "not_flag",
                    value=_shown(given),
                )
            result[name] = given
        else:
            text = checker.text(given, key).strip().lower()
            choices = option_choices(system, name)
            if choices and text not in choices:
                raise checker.fail(
                    key,
                    f"expected one of: {', '.join(map(shown, choices))}, found {shown(given)}",
                    "not_choice",
                    choices=", ".join(map(shown, choices)),
                    value=shown(given),
                )
            result[name] = text
    return result


def _characters(checker: _Checker, value: object) -> dict[str, Any]:
    characters = checker.table(value, "characters")
    result: dict[str, Any] = {}
    for ident, character in characters.items():
        key = f"characters.{checker.ident(ident, 'characters')}"
        table = checker.table(character, key)
        checker.known_keys(table, CHARACTER_KEYS, key)
        if "name" not in table:
            raise checker.fail(f"{key}.name", "missing: a character has a name", "no_name")
        name = checker.name(checker.text(table["name"], f"{key}.name"), f"{key}.name", "character")
        if not name.strip():
            raise checker.fail(f"{key}.name", "a character's name is not empty", "empty_name")
        entry: dict[str, Any] = {"name": name}
        for optional in ("kind", "player", "notes"):
            if optional in table:
                entry[optional] = checker.text(table[optional], f"{key}.{optional}")
        # The sheet is the system's business (validated by the sheet code); kept as is.
        entry["sheet"] = checker.table(table.get("sheet", {}), f"{key}.sheet")
        result[ident] = entry
    return result


def _owner_of_key(key: str) -> str:
    """The name of the system whose campaigns may have the top-level ``key`` (another
    system's room declares it), or an empty string."""
    from meneur.core.systems import systems

    from .schema_rooms import saves_room

    for record in systems():
        if key in saves_room(record).TOP_KEYS:
            return record.name
    return ""


def _check_sheets(checker: _Checker, state: Mapping[str, Any], room: SavesRoom) -> None:
    """Hold every sheet to its system's rules (docs/rules/index.md#rules: karma −10…+10, stats 20–80
    or 85, PV ≤ PV max…), as the sheet screen does: a hand edit or ``meneur set`` that leaves
    a value out of bounds is refused, naming the key. The system's saves ``room``, when
    it has one, adds what the campaign's own files say (``sheet_context``,
    ``check_character``)."""
    from meneur.core.errors import BoundsError, RulesError
    from meneur.core.sheets import check_sheet

    system, options = state["system"], state["options"]
    sheets = {ident: character["sheet"] for ident, character in state["characters"].items()}
    context = room.sheet_context(checker, sheets)
    memo: dict[str, Any] = {}
    for ident, sheet in sheets.items():
        try:
            check_sheet(system, options, sheet, context)
        except BoundsError as error:
            low = "…" if error.low is None else error.low
            high = "…" if error.high is None else error.high
            raise checker.rules(
                error,
                f"characters.{ident}.sheet.{error.what}",
                f"expected {low} to {high} by the rules, found {error.value}",
                said_where=f"characters.{ident}.sheet",
            ) from error
        except RulesError as error:
            # Sheet errors name the sheet key first ("karma: expected…").
            field = str(error.values.get("field", ""))
            reason = str(error).removeprefix(f"{field}: ") if field else str(error)
            where = f"characters.{ident}.sheet" + (f".{field}" if field else "")
            said_where = f"characters.{ident}.sheet" if field else None
            raise checker.rules(error, where, reason, said_where=said_where) from error
        room.check_character(checker, ident, sheet, options, memo)


def _trackers(checker: _Checker, value: object) -> dict[str, Any]:
    trackers = checker.table(value, "trackers")
    result: dict[str, Any] = {}
    for ident, tracker in trackers.items():
        key = f"trackers.{checker.ident(ident, 'trackers')}"
        table = checker.table(tracker, key)
        checker.known_keys(table, TRACKER_KEYS, key)
        entry: dict[str, Any] = {
            "name": checker.text(table.get("name", ident), f"{key}.name"),
            "value": checker.integer(table.get("value", 0), f"{key}.value"),
        }
        kind = table.get("kind")
        named = kind if kind in ("clock", "track") else "tracker"
        checker.name(entry["name"], f"{key}.name", named)
        for bound in ("min", "max"):
            if bound in table:
                entry[bound] = checker.integer(table[bound], f"{key}.{bound}")
        for optional in ("kind", "notes", "rank"):
            if optional in table:
                entry[optional] = checker.text(table[optional], f"{key}.{optional}")
        _check_story_tracker(checker, entry, key)
        _gm_only(checker, table, entry, key)
        result[ident] = entry
    return result


def _check_story_tracker(checker: _Checker, entry: Mapping[str, Any], key: str) -> None:
    """A clock (``kind = "clock"``: ``max`` its 4, 6, 8 or 12 segments, ``value`` those
    filled) or a progress track (``kind = "track"``: ``rank``, ``value`` its ticks, 0–40)
    holds together (meneur.core.story)."""
    from meneur.core.errors import RulesError
    from meneur.core.story import Clock, Track

    try:
        if entry.get("kind") == "clock":
            Clock(int(entry.get("max", 0)), int(entry["value"]))
        elif entry.get("kind") == "track":
            Track(str(entry.get("rank", "")), int(entry["value"]))
    except RulesError as error:
        raise checker.rules(error, key) from error


def _gm_only(checker: _Checker, table: Mapping[str, Any], entry: dict[str, Any], key: str) -> None:
    """``gm = true``: a tracker or table the GM keeps to themself (only ``true`` is kept)."""
    if "gm" not in table:
        return
    if not isinstance(table["gm"], bool):
        raise checker.fail(
            f"{key}.gm",
            f"expected true or false, found {_shown(table['gm'])}",
            "not_flag",
            **_found(table["gm"]),
        )
    if table["gm"]:
        entry["gm"] = True


def _lists(checker: _Checker, value: object) -> dict[str, list[Any]]:
    """The story's lists (threads, people, places, the campaign's own): each item a name,
    or a table with its name, ``closed``, ``weight`` 1–3, ``notes`` and ``progress``
    0–10 (meneur.core.story), kept as written."""
    from meneur.core.errors import RulesError

    lists = checker.table(value, "lists")
    result: dict[str, list[Any]] = {"threads": [], "people": [], "places": []}
    for name, items in lists.items():
        key = f"lists.{checker.ident(name, 'lists')}"
        if not isinstance(items, list):
            raise checker.fail(
                key,
                f"expected a list of names, found {_shown(items)}",
                "names_list",
                **_found(items),
            )
        if not items:
            result[name] = []
            continue
        # Read only for a list with items: a campaign without a story starts without it.
        from meneur.core.story import read_items

        try:
            read_items(items, name)
        except RulesError as error:
            if error.message_key != "within":  # about the whole list (a name twice)
                raise checker.rules(error, key) from error
            inner = error.values["error"]
            assert isinstance(inner, RulesError)  # what ``within`` holds
            raise checker.rules(inner, f"{key}{error.values['where']}") from error
        result[name] = list(items)
    return result


def _tables(checker: _Checker, value: object) -> dict[str, Any]:
    tables = checker.table(value, "tables")
    result: dict[str, Any] = {}
    for ident, table_value in tables.items():
        key = f"tables.{checker.ident(ident, 'tables')}"
        table = checker.table(table_value, key)
        checker.known_keys(table, TABLE_KEYS, key)
        entries = table.get("entries", [])
        if not isinstance(entries, list):
            raise checker.fail(
                f"{key}.entries",
                f"expected a list of entries, found {_shown(entries)}",
                "entries_list",
                **_found(entries),
            )
        rows = []
        for i, row_value in enumerate(entries):
            row_key = f"{key}.entries[{i}]"
            if isinstance(row_value, str):  # a bare text line is clear: weight 1
                rows.append({"text": row_value, "weight": 1})
                continue
            row = checker.table(row_value, row_key)
            checker.known_keys(row, TABLE_ENTRY_KEYS, row_key)
            weight = checker.integer(row.get("weight", 1), f"{row_key}.weight")
            if weight < 1:
                raise checker.fail(
                    f"{row_key}.weight",
                    f"expected 1 or more, found {weight}",
                    "at_least",
                    low=1,
                    value=weight,
                )
            text = checker.text(row.get("text"), f"{row_key}.text")
            # A row as a book prints it keeps its range (its weight follows from it).
            if "range" in row:
                kept: dict[str, Any] = {
                    "text": text,
                    "range": checker.text(row["range"], f"{row_key}.range"),
                }
            else:
                kept = {"text": text, "weight": weight}
            if "again" in row:
                kept["again"] = checker.integer(row["again"], f"{row_key}.again")
            rows.append(kept)
        name = checker.text(table.get("name", ident), f"{key}.name")
        entry: dict[str, Any] = {"name": checker.name(name, f"{key}.name", "table")}
        for optional in ("dice", "notes"):
            if optional in table:
                entry[optional] = checker.text(table[optional], f"{key}.{optional}")
        _gm_only(checker, table, entry, key)
        entry["entries"] = rows
        result[ident] = entry
    _check_tables(checker, result)
    return result


def _check_tables(checker: _Checker, tables: Mapping[str, Any]) -> None:
    """Hold the campaign's tables to the rules of random tables as they are read, not when
    one is rolled: dice whose totals the weights cover, inline rolls that read, references
    to tables that exist (the campaign's or the shipped ones), no loop."""
    if not tables:
        return
    from meneur.content import ContentError, example_tables, tables_from_data
    from meneur.core.errors import RulesError
    from meneur.core.tables import check_tables

    try:
        own = tables_from_data(tables, "")
    except ContentError as error:
        # "…: tables.KEY: reason" — keep the key and the reason, name our file.
        where, _, reason = str(error).removeprefix(": ").partition(": ")
        # A table the rules refuse (its weights, its dice) is said by the rules' words.
        cause = error.__cause__ if isinstance(error.__cause__, RulesError) else error
        raise checker.rules(cause, where, reason) from error
    shipped = (*example_tables("fr"), *example_tables("en"))
    try:
        check_tables(own, shipped)
    except RulesError as error:
        key = next((f"tables.{t.key}" for t in own if f"table {t.key} " in str(error)), "tables")
        raise checker.rules(error, key) from error


def _note_edits(checker: _Checker, value: object) -> dict[str, str]:
    edits = checker.table(value, "note_edits")
    result: dict[str, str] = {}
    for ident, text in edits.items():
        if not _is_number(ident):
            raise checker.fail(
                f"note_edits.{ident}", "expected a journal entry number as the key", "entry_key"
            )
        result[ident] = checker.text(text, f"note_edits.{ident}")
    return result


def _struck(checker: _Checker, value: object) -> dict[str, bool]:
    return _marked_entries(checker, value, "struck", "a struck note")


def _uncounted(checker: _Checker, value: object) -> dict[str, bool]:
    return _marked_entries(checker, value, "uncounted", "a roll left out")


def _marked_entries(checker: _Checker, value: object, part: str, what: str) -> dict[str, bool]:
    """A table of journal entry numbers marked ``true`` (``[struck]``, ``[uncounted]``)."""
    marked = checker.table(value, part)
    result: dict[str, bool] = {}
    for ident, flag in marked.items():
        key = f"{part}.{ident}"
        if not _is_number(ident):
            raise checker.fail(key, "expected a journal entry number as the key", "entry_key")
        if flag is not True:
            raise checker.fail(
                key, f"expected true ({what}), found {_shown(flag)}", "only_true", **_found(flag)
            )
        result[ident] = True
    return result


def _history(checker: _Checker, value: object) -> dict[str, list[int]]:
    history = checker.table(value, "history")
    checker.known_keys(history, ("undo", "redo"), "history")
    result: dict[str, list[int]] = {}
    for stack in ("undo", "redo"):
        items = history.get(stack, [])
        if not isinstance(items, list):
            raise checker.fail(
                f"history.{stack}",
                f"expected a list of entry numbers, found {_shown(items)}",
                "numbers_list",
                **_found(items),
            )
        numbers: list[int] = []
        for i, item in enumerate(items):
            number = checker.integer(item, f"history.{stack}[{i}]")
            if number < 1:
                raise checker.fail(
                    f"history.{stack}[{i}]",
                    f"expected a journal entry number, found {number}",
                    "entry_number",
                    value=number,
                )
            if number in numbers or number in result.get("undo", ()):
                raise checker.fail(
                    f"history.{stack}[{i}]",
                    f"entry {number} is named twice",
                    "named_twice",
                    id=number,
                )
            numbers.append(number)
        result[stack] = numbers
    return result
