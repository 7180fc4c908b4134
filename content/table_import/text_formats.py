"""Tables from text: CSV and TSV, Markdown (lists and tables, under their headings), and
plain text, one row a line."""

from __future__ import annotations

import csv
import io
import re
from pathlib import PurePath

from .drafts import RowDraft, TableDraft, import_error

__all__ = ["read_csv", "read_markdown", "read_plain", "read_tsv"]

_TEXT_HEADS = frozenset(
    [
        "text",
        "result",
        "results",
        "résultat",
        "résultats",
        "texte",
        "entry",
        "entrée",
        "name",
        "nom",
        "description",
        "outcome",
        "issue",
    ]
)
_WEIGHT_HEADS = frozenset(["weight", "weights", "poids", "chance", "odds"])
_RANGE_HEADS = frozenset(
    [
        "range",
        "roll",
        "rolls",
        "plage",
        "jet",
        "jets",
        "dé",
        "dés",
        "die",
        "dice",
        "d",
        "result#",
        "#",
    ]
)
_DICE_HEAD = re.compile(r"^\s*(\d*d(?:\d+|%))\s*$", re.IGNORECASE)
_RANGE_CELL = re.compile(r"^\s*\d+\s*(?:(?:[-–—‒]|to|à)\s*\d+|\+)?\s*$", re.IGNORECASE)


def _head_kind(cell: str) -> tuple[str, str | None]:
    """What a header cell names: ``range`` (with the die, when it is one: ``d100``),
    ``weight``, ``text``, or ``other``."""
    plain = cell.strip().casefold().strip("*_` ")
    die = _DICE_HEAD.match(plain)
    if die:
        written = die.group(1)
        return "range", ("d100" if written.endswith("%") else written)
    if plain in _RANGE_HEADS:
        return "range", None
    if plain in _WEIGHT_HEADS:
        return "weight", None
    if plain in _TEXT_HEADS:
        return "text", None
    return "other", None


def _whole(cell: str, source: str, line: int) -> int:
    try:
        value = int(cell.strip())
    except ValueError:
        value = 0
    if value < 1:
        raise import_error(
            source,
            f"line {line}: a weight is a whole number from 1, not {cell.strip()!r}",
            "weight",
            line=line,
            value=cell.strip(),
        )
    return value


def _table_of(
    name: str, header: list[str] | None, rows: list[tuple[int, list[str]]], source: str, at: int
) -> TableDraft:
    """A table from a header (or None) and its rows (line, cells)."""
    draft = TableDraft(name, line=at)
    width = max((len(cells) for _, cells in rows), default=1)
    kinds: list[str] = []
    if header is not None:
        for cell in header:
            kind, dice = _head_kind(cell)
            if kind == "range" and "range" in kinds:
                kind = "other"  # a second roll column (a d100 beside a d10): text now
            kinds.append(kind)
            if dice is not None and kind == "range":
                draft.dice = dice
    else:
        # No header: a first column of numbers and ranges beside text is the die's.
        numbered = width > 1 and all(_RANGE_CELL.match(cells[0]) for _, cells in rows if cells)
        kinds = ["range" if numbered else "text"] + ["other"] * (width - 1)
    if "text" not in kinds:
        # The text is every column that is neither the roll nor a weight.
        kinds = ["text" if kind == "other" else kind for kind in kinds]
    kinds += ["other"] * (width - len(kinds))
    for line, cells in rows:
        if not any(cell.strip() for cell in cells):
            continue
        texts = [
            cell.strip()
            for cell, kind in zip(cells, kinds, strict=False)
            if kind == "text" and cell.strip()
        ]
        row = RowDraft(" — ".join(texts), line)
        for cell, kind in zip(cells, kinds, strict=False):
            if kind == "range":
                row.range = cell.strip()
            elif kind == "weight" and cell.strip():
                row.weight = _whole(cell, source, line)
        draft.rows.append(row)
    return draft


def _read_delimited(text: str, source: str, delimiter: str) -> list[TableDraft]:
    rows = []
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    try:
        for cells in reader:
            rows.append((reader.line_num, cells))
    except csv.Error as error:
        raise import_error(
            source,
            f"line {reader.line_num}: {error}",
            "csv",
            line=reader.line_num,
            error=str(error),
        ) from None
    rows = [(line, cells) for line, cells in rows if any(c.strip() for c in cells)]
    if not rows:
        return []
    first = rows[0][1]
    kinds = [_head_kind(cell)[0] for cell in first]
    header = first if any(k != "other" for k in kinds) else None
    body = rows[1:] if header is not None else rows
    return [_table_of(PurePath(source).stem, header, body, source, rows[0][0])]


def read_csv(text: str, source: str) -> list[TableDraft]:
    """A CSV file: one table, a row a line; a header naming a text column (``text``,
    ``result``, ``résultat``…), and optionally a weight (``weight``, ``poids``) or a roll
    column (``d100``, ``2d6``, ``roll``, ``range``); without a header, a first column of
    ranges is the roll. A file whose first line has more ``;`` than ``,`` is read with
    ``;`` (spreadsheets set to French write so)."""
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    delimiter = ";" if first.count(";") > first.count(",") else ","
    return _read_delimited(text.lstrip("\ufeff"), source, delimiter)


def read_tsv(text: str, source: str) -> list[TableDraft]:
    """A TSV file, read as :func:`read_csv` with tabs."""
    return _read_delimited(text.lstrip("\ufeff"), source, "\t")


_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM = re.compile(r"^\s{0,3}(?:[-*+]|\d{1,4}[.)])\s+(.*)$")
_HEADING_DIE = re.compile(r"^(.*?\S)\s*[(\[]\s*(\d*d(?:\d+))\s*[)\]]$", re.IGNORECASE)
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner.removeprefix("|").removesuffix("|")
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", inner)]


def _plain_markdown(text: str) -> str:
    """A cell's or item's words without Markdown's emphasis and links."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"(\*\*|__|\*|_|`)(.+?)\1", r"\2", text).replace("\\|", "|")


def read_markdown(text: str, source: str) -> list[TableDraft]:
    """A Markdown file: under each heading, a list (a row an item) or a table whose
    first row names its columns (``| d6 | Result |``, ``| 01-05 | … |`` rows); several
    tables by their headings, each named by its heading (the file's stem before any).

    Raises:
        ContentError: naming the line, for a table row without its header, or a list
            and a table under one heading.
    """
    drafts: list[TableDraft] = []
    name, at = PurePath(source).stem, 1
    items: list[RowDraft] = []
    header: list[str] | None = None
    table_rows: list[tuple[int, list[str]]] = []
    table_line = 0
    pending_header: tuple[int, list[str]] | None = None
    heading_die: str | None = None

    def close() -> None:
        nonlocal items, header, table_rows, pending_header
        if items and table_rows:
            raise import_error(
                source,
                f"line {table_rows[0][0]}: a list and a table under one heading",
                "list_and_table",
                line=table_rows[0][0],
            )
        if items:
            drafts.append(TableDraft(name, items, line=at))
        elif table_rows:
            cells = [[_plain_markdown(c) for c in row] for _, row in table_rows]
            draft = _table_of(
                name,
                header,
                [(line, row) for (line, _), row in zip(table_rows, cells, strict=True)],
                source,
                table_line,
            )
            draft.dice = draft.dice or heading_die
            drafts.append(draft)
        items, header, table_rows, pending_header = [], None, [], None

    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        heading = _HEADING.match(line)
        if heading:
            close()
            name, at = _plain_markdown(heading.group(2)), number
            # "Ambiance (d66)": the die said in the heading, the name without it.
            said = _HEADING_DIE.match(name)
            if said is not None:
                name, heading_die = said.group(1), said.group(2)
            else:
                heading_die = None
            continue
        if line.strip().startswith("|") or (header is not None and "|" in line):
            if _SEPARATOR.match(line):
                if pending_header is None:
                    raise import_error(
                        source,
                        f"line {number}: a table's rule without its header above",
                        "table_header",
                        line=number,
                    )
                header, table_line = pending_header[1], pending_header[0]
                pending_header = None
                continue
            if header is None:
                pending_header = (number, _cells(line))
                continue
            table_rows.append((number, _cells(line)))
            continue
        if pending_header is not None:
            raise import_error(
                source,
                f"line {pending_header[0]}: a table row without its header and rule",
                "table_header",
                line=pending_header[0],
            )
        item = _ITEM.match(line)
        if item and header is None:
            items.append(RowDraft(_plain_markdown(item.group(1)), number))
        elif header is not None and line.strip():
            header = None  # prose ends a table; a table after it needs its own header
    close()
    return drafts


def read_plain(text: str, source: str) -> list[TableDraft]:
    """Plain text: one table named by the file, a row each line that is not blank."""
    rows = [
        RowDraft(line.strip(), number)
        for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1)
        if line.strip()
    ]
    return [TableDraft(PurePath(source).stem, rows)]
