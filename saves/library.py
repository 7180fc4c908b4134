"""The player's own library of random tables: tables imported once and offered in every
campaign they run, kept in meneur's data folder as files they can read and edit.

Each table is one TOML file, ``<data folder>/tables/<key>.toml``, in the form a
campaign holds its tables (``[tables.KEY]``: ``name``, ``dice``, ``entries``…), with a
comment saying what it is. A file edited by hand is read again the next time the
library is: one that no longer reads is left out and named (``meneur library list``),
never fatal to a campaign. Adding tables writes every file or none: a table whose key is
taken refuses the whole import before a byte is written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from meneur.core.frozen import frozen

from .atomic import atomic_write
from .errors import CampaignError
from .locations import data_dir

if TYPE_CHECKING:
    from meneur.core.tables import RandomTable

__all__ = [
    "LIBRARY_FOLDER",
    "Library",
    "add_tables",
    "library_folder",
    "read_library",
    "remove_table",
    "table_file_text",
]

LIBRARY_FOLDER = "tables"
"""The library's folder in meneur's data folder."""
HEADER = (
    "# A random table of your meneur library, offered in every campaign you run as the GM.\n"
    "# Edit it freely (see the Tables page of meneur's documentation); `meneur library\n"
    '# remove` deletes it. Rows: text, { text, weight }, or { text, range = "01-05" }.\n\n'
)
MAX_FILE = 4 * 1024 * 1024
"""Largest library file read (a table of ten thousand rows is far smaller)."""


def library_folder() -> Path:
    """Where the library's files are (not created until a table is added)."""
    return data_dir() / LIBRARY_FOLDER


@frozen
class Library:
    """The library as read: its tables (by key), each table's file, and the files that
    could not be read, each with why."""

    tables: tuple[RandomTable, ...]
    files: Mapping[str, Path]
    gm: frozenset[str]
    broken: tuple[tuple[Path, str], ...]

    def find(self, name: str) -> RandomTable | None:
        """The table called ``name`` (its key or name, as :func:`tables.find` reads)."""
        from meneur.core.tables import find

        return find(self.tables, name)


_cache: dict[Path, tuple[tuple[tuple[str, int, int], ...], Library]] = {}


def read_library(folder: Path | None = None) -> Library:
    """The library's tables, sorted by name; read again only when a file changed (a
    screen asks for the tables often)."""
    folder = library_folder() if folder is None else folder
    try:
        found = [e for e in os.scandir(folder) if e.name.endswith(".toml") and e.is_file()]
    except OSError:
        return Library((), {}, frozenset(), ())
    found.sort(key=lambda entry: entry.name)
    stamp = tuple((e.name, e.stat().st_mtime_ns, e.stat().st_size) for e in found)
    cached = _cache.get(folder)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    library = _read(folder, [Path(e.path) for e in found])
    _cache[folder] = (stamp, library)
    return library


def _read(folder: Path, paths: list[Path]) -> Library:
    from meneur.content import ContentError, tables_from_data
    from meneur.content.toml_reader import TomlError, loads

    tables: list[RandomTable] = []
    files: dict[str, Path] = {}
    gm: set[str] = set()
    broken: list[tuple[Path, str]] = []
    for path in paths:
        try:
            if path.stat().st_size > MAX_FILE:
                raise ContentError(f"{path.name}: larger than {MAX_FILE // 1024 // 1024} MB")
            data = loads(path.read_text(encoding="utf-8"))
            own = data.get("tables")
            if not isinstance(own, dict) or len(own) != 1:
                raise ContentError(f"{path.name}: tables: expected one [tables.KEY]")
            read = tables_from_data(own, path.name)
        except (OSError, UnicodeDecodeError, TomlError, ContentError) as error:
            broken.append((path, str(error)))
            continue
        table = read[0]
        if table.key in files:
            also = f"{path.name}: tables.{table.key}: also in {files[table.key].name}"
            broken.append((path, also))
            continue
        files[table.key] = path
        if own[table.key].get("gm") is True:
            gm.add(table.key)
        tables.append(table)
    tables.sort(key=lambda table: table.name.casefold())
    return Library(tuple(tables), files, frozenset(gm), tuple(broken))


def table_file_text(table: RandomTable, *, gm: bool = False, notes: str | None = None) -> str:
    """A table as its library file says it (also what ``meneur library export`` prints)."""
    import tomli_w

    from meneur.content.table_import import table_data

    data = table_data(table)
    if notes:
        data = {"name": data.pop("name"), "notes": notes, **data}
    if gm:
        data = {"name": data.pop("name"), "gm": True, **data}
    return HEADER + tomli_w.dumps({"tables": {table.key: data}}, multiline_strings=False)


def add_tables(
    tables: Iterable[RandomTable],
    *,
    gm: bool = False,
    notes: str | None = None,
    folder: Path | None = None,
    replacing: Iterable[str] = (),
) -> tuple[Path, ...]:
    """Write each table as its file in the library: every one, or none; the tables
    whose keys are ``replacing`` overwrite their files.

    Raises:
        CampaignError: naming the table, when its key is the library's already (nothing
            is written then), or the folder cannot be written (what was written of this
            import is taken back).
    """
    folder = library_folder() if folder is None else folder
    tables = tuple(tables)
    replacing = set(replacing)
    for table in tables:
        if table.key not in replacing and (folder / f"{table.key}.toml").exists():
            raise CampaignError(
                folder / f"{table.key}.toml",
                f"the library has a table {table.key!r} already"
                " (meneur library remove it, or import it with --name)",
                message_key="campaign.library_taken",
                values={"table": table.key},
            )
    written: list[Path] = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for table in tables:
            path = folder / f"{table.key}.toml"
            atomic_write(path, table_file_text(table, gm=gm, notes=notes).encode("utf-8"))
            written.append(path)
    except OSError as error:
        for path in written:
            path.unlink(missing_ok=True)
        raise CampaignError(
            folder,
            str(error.strerror or error),
            message_key="campaign.library_unwritable",
            values={"error": error.strerror or str(error)},
        ) from error
    return tuple(written)


def remove_table(path: Path) -> Path:
    """Delete a table's library file (:attr:`Library.files`).

    Raises:
        CampaignError: when the file cannot be removed.
    """
    try:
        path.unlink()
    except OSError as error:
        raise CampaignError(
            path,
            str(error.strerror or error),
            message_key="campaign.library_unwritable",
            values={"error": error.strerror or str(error)},
        ) from error
    return path


def taken_keys(folder: Path | None = None) -> set[str]:
    """The keys the library's files use (a new table's key is made distinct)."""
    folder = library_folder() if folder is None else folder
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return set()
    return {name.removesuffix(".toml") for name in names if name.endswith(".toml")}
