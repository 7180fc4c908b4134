"""Random tables read from the forms they live in elsewhere: CSV and TSV, Markdown (lists,
and tables with a die column, several by their headings), plain text, Foundry VTT's
RollTable JSON, and Datasworn's oracle JSON.

Each reader takes a file's text and name and returns the tables it makes, every one
already checked by the core's rules (ranges cover the die once, weights fill it): a file
that does not add up is refused whole, in one sentence naming its line or key, so an
import never stops half-way. What a table is called follows the names rule: a name from
elsewhere is made one line (:func:`meneur.core.names.one_line`), and the import says
how many it changed.

Pure: no disk. Reading a folder, and keeping what was made, is the saves' work.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from meneur.content import ContentError
from meneur.core.frozen import frozen

from .drafts import RowDraft, TableDraft, import_error

if TYPE_CHECKING:
    from meneur.core.tables import RandomTable

__all__ = [
    "FORMATS",
    "MAX_ROWS",
    "MAX_TABLES",
    "Imported",
    "RowDraft",
    "TableDraft",
    "import_error",
    "read_tables",
    "table_data",
]

MAX_TABLES = 2000
"""Most tables one import may make (a whole game's oracles fit)."""
MAX_ROWS = 10_000
"""Most rows one table may have."""
_KEY = re.compile(r"[^a-z0-9]+")
_AGAIN = re.compile(
    r"^\W*(?:roll|relance[rz]?|lance[rz]?|tire[rz]?)"
    r"(?:\s+(?:again|encore|à nouveau|de nouveau))?\s+"
    r"(twice|two times|2 times|three times|3 times|deux fois|2 fois|trois fois|3 fois)\b(.*)$",
    re.IGNORECASE,
)
_ELSEWHERE = re.compile(r"^\s*(?:more\s+|de plus\s+)?(?:on|sur|dans)\b", re.IGNORECASE)
_HERE = re.compile(
    r"^\s*(?:more\s+|de plus\s+)?(?:on|sur|dans)\s+(?:this|cette)\s+table", re.IGNORECASE
)


@frozen
class Imported:
    """What an import made: the tables (checked), and how many of their names and rows
    had to be made one line."""

    tables: tuple[RandomTable, ...]
    reworded: int = 0


def again_in(text: str) -> int:
    """How many further rolls on its own table a row's words ask for: "Roll twice" 2,
    "Roll twice more on this table" 2, "relancez trois fois" 3; 0 for any other row
    ("Roll twice on the Theme table" rolls another table: its words stay words)."""
    found = _AGAIN.match(text)
    if found is None or len(text) > 160:
        return 0
    rest = found.group(2)
    if _ELSEWHERE.match(rest) and not _HERE.match(rest):
        return 0  # "roll twice on the Theme table": another table's, not this one's
    word = found.group(1).casefold()
    return 3 if word.startswith(("three", "3", "trois")) else 2


def key_for(name: str, taken: set[str]) -> str:
    """A table's key from its name: ``Noms de lieux`` → ``noms_de_lieux`` (accents
    dropped, at most 64 characters), made distinct from those ``taken``."""
    plain = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    key = _KEY.sub("_", plain).strip("_")[:56] or "table"
    found, n = key, 2
    while found in taken:
        found, n = f"{key}_{n}", n + 1
    taken.add(found)
    return found


def build(drafts: Sequence[TableDraft], source: str, taken: set[str] | None = None) -> Imported:
    """Check ``drafts`` by the core's rules and make their tables.

    Raises:
        ContentError: naming ``source`` and the line (or row) of the first problem.
    """
    from meneur.core.errors import RulesError
    from meneur.core.names import one_line
    from meneur.core.tables import RandomTable, TableEntry, ranged

    drafts = [draft for draft in drafts if draft.rows]
    if not drafts:
        raise import_error(source, "no table found in it", "nothing")
    if len(drafts) > MAX_TABLES:
        raise import_error(
            source, f"more than {MAX_TABLES} tables", "too_many_tables", most=MAX_TABLES
        )
    taken = set() if taken is None else taken
    tables: list[RandomTable] = []
    reworded = 0
    names: set[str] = set()
    for draft in drafts:
        name = one_line(draft.name).strip() or PurePath(source).stem
        reworded += name != draft.name.strip()
        if name.casefold() in names:
            raise import_error(
                source,
                f"line {draft.line}: a second table called {name!r}",
                "same_name",
                line=draft.line,
                name=name,
            )
        names.add(name.casefold())
        if len(draft.rows) > MAX_ROWS:
            raise import_error(
                source,
                f"line {draft.line}: more than {MAX_ROWS} rows",
                "too_many_rows",
                line=draft.line,
                most=MAX_ROWS,
            )
        entries = []
        for row in draft.rows:
            text = one_line(row.text).strip()
            reworded += text != row.text.strip()
            if not text:
                raise import_error(
                    source, f"line {row.line}: a row without text", "empty_row", line=row.line
                )
            again = again_in(text) if row.again is None else row.again
            entries.append(TableEntry(text, row.weight, again=again))
        key = key_for(name, taken)
        ranges = [row.range for row in draft.rows]
        numbers = [row.line for row in draft.rows]
        try:
            if any(r is not None for r in ranges):
                if None in ranges:
                    missing = next(row.line for row in draft.rows if row.range is None)
                    raise import_error(
                        source,
                        f"line {missing}: a row without a range among rows with one",
                        "range_missing",
                        line=missing,
                    )
                dice = draft.dice or infer_dice([r for r in ranges if r is not None])
                rows = [(r or "", e) for r, e in zip(ranges, entries, strict=True)]
                tables.append(ranged(key, name, dice, rows, numbers, by_line=draft.by_line))
            else:
                tables.append(RandomTable(key, name, tuple(entries), draft.dice))
        except RulesError as error:
            raise ContentError(
                f"{source}: {name}: {error}",
                "imports.within",
                source=source,
                name=name,
                error=error,
            ) from error
    return Imported(tuple(tables), reworded)


_NUMBERS = re.compile(r"\d+")


def infer_dice(ranges: Sequence[str]) -> str:
    """The die a column of ranges is rolled on when nothing names it: ``d66`` or
    ``d666`` when every digit is 1 to 6 and the highest is 66 or 666, ``2d6`` for 2 to
    12, ``3d6`` for 3 to 18, else a die of the highest number (``00`` counted 100)."""
    numbers = [n for text in ranges for n in _NUMBERS.findall(text)]
    if not numbers:
        return "d6"
    values = [10 ** len(n) if set(n) == {"0"} else int(n) for n in numbers]
    low, high = min(values), max(values)
    if high in (66, 666) and all(set(n) <= set("123456") for n in numbers):
        return f"d{high}"
    if (low, high) == (2, 12):
        return "2d6"
    if (low, high) == (3, 18):
        return "3d6"
    return f"d{high}"


def table_data(table: RandomTable) -> dict[str, Any]:
    """A table as a ``[tables.KEY]`` document holds it: ``name``, ``dice``, and each
    row as text, ``{ text, weight }`` or, as the book printed it, ``{ text, range }``
    (and ``again``). Read back by :func:`meneur.content.tables_from_data`, it is the
    same table."""
    from meneur.core.table_dice import range_text

    rows: list[object] = []
    for entry in table.entries:
        row: dict[str, object] = {"text": entry.text}
        if entry.span and table.dice is not None:
            row["range"] = range_text(entry.span, table.dice)
        elif entry.weight != 1:
            row["weight"] = entry.weight
        if entry.again:
            row["again"] = entry.again
        rows.append(entry.text if list(row) == ["text"] else row)
    data: dict[str, Any] = {"name": table.name}
    if table.dice is not None:
        data["dice"] = table.dice
    data["entries"] = rows
    return data


Reader = Callable[[str, str], list[TableDraft]]


def _readers() -> dict[str, Reader]:
    from . import json_formats, text_formats

    return {
        "csv": text_formats.read_csv,
        "tsv": text_formats.read_tsv,
        "markdown": text_formats.read_markdown,
        "text": text_formats.read_plain,
        "foundry": json_formats.read_foundry,
        "datasworn": json_formats.read_datasworn,
    }


FORMATS = ("csv", "tsv", "markdown", "text", "foundry", "datasworn", "toml")
"""The forms a table is read from (``json`` finds which of Foundry's or Datasworn's;
``toml`` is meneur's own: a library file, an export, a campaign's ``[tables]``)."""
_SUFFIXES = {
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
    ".json": "json",
    ".toml": "toml",
}


def format_of(source: str) -> str | None:
    """The form a file's name says it is in (``json`` for either JSON form), or None."""
    return _SUFFIXES.get(PurePath(source).suffix.casefold())


def read_tables(
    text: str,
    source: str,
    *,
    form: str | None = None,
    name: str | None = None,
    dice: str | None = None,
    taken: set[str] | None = None,
) -> Imported:
    """The tables a file's ``text`` makes.

    Args:
        source: the file's name (its suffix says its form, unless ``form`` does; a
            table without a title of its own is called by its stem).
        name: what to call the table the file makes (a file that makes several is
            refused with it).
        dice: the die its rows are rolled on, for a file that does not say.
        taken: table keys already used (the new ones are made distinct from them).

    Raises:
        ContentError: naming the file and its line or key, for a file that cannot be
            read or does not add up.
    """
    found = form or format_of(source)
    if found == "json":
        from .json_formats import json_form

        found = json_form(text, source)
    if found not in FORMATS:
        raise import_error(
            source,
            "not a form meneur reads (.csv, .tsv, .md, .txt, .toml, Foundry or Datasworn .json)",
            "unknown_form",
        )
    if found == "toml":
        return _read_toml(text, source, name=name, taken=set() if taken is None else taken)
    drafts = _readers()[found](text, source)
    if name is not None:
        if len([d for d in drafts if d.rows]) > 1:
            raise import_error(source, "--name is for a file that makes one table", "one_name")
        for draft in drafts:
            draft.name = name
    if dice is not None:
        for draft in drafts:
            draft.dice = dice
    return build(drafts, source, taken)


def _read_toml(text: str, source: str, *, name: str | None, taken: set[str]) -> Imported:
    """meneur's own form: the ``[tables.KEY]`` of a library file, an export or a
    campaign's ``campaign.toml``, each table under a key made distinct from ``taken``.

    Raises:
        ContentError: naming the file and the key.
    """
    from dataclasses import replace

    from meneur.content import tables_from_data
    from meneur.content.toml_reader import TomlError, loads
    from meneur.core.names import one_line

    try:
        data = loads(text)
    except TomlError as error:
        raise import_error(source, f"not TOML ({error})", "toml", error=str(error)) from None
    found = data.get("tables")
    if not isinstance(found, dict) or not found:
        raise import_error(source, "no table found in it", "nothing")
    tables = tables_from_data(found, source)
    if name is not None:
        if len(tables) > 1:
            raise import_error(source, "--name is for a file that makes one table", "one_name")
        tables = (replace(tables[0], name=name),)
    made = []
    reworded = 0
    for table in tables:
        shown = one_line(table.name).strip() or table.key
        reworded += shown != table.name
        made.append(replace(table, key=key_for(shown, taken), name=shown))
    return Imported(tuple(made), reworded)
