"""Tables brought from elsewhere: imported into the player's own library (offered in
every campaign they run as the GM) or into one campaign, copied from the library into a
campaign, shown with each row's exact chance, exported and removed.

The library is the GM's: at a shared table a player's seat is never offered it (see
:func:`meneur.play.tables.tables_for`), and a roll on one of its tables is the GM's
entry, since the record holds the table's rows. Copied into the campaign (public or
GM-only, as the GM says), a table is the campaign's: ``pack`` carries it, and the
players see it as they see the campaign's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meneur.content import ContentError
from meneur.core.changes import MISSING, Change
from meneur.core.frozen import frozen
from meneur.core.tables import plain_name
from meneur.saves.entry_parts import Planned, Worded
from meneur.saves.errors import CampaignError
from meneur.saves.library import (
    Library,
    add_tables,
    read_library,
    remove_table,
    table_file_text,
    taken_keys,
)
from meneur.saves.sources import read_sources

if TYPE_CHECKING:
    from meneur.core.table_rules import Seat
    from meneur.core.tables import RandomTable
    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import Entry

__all__ = [
    "Imported",
    "copy_into_campaign",
    "export_text",
    "import_into_campaign",
    "import_into_library",
    "library",
    "remove",
    "row_chances",
]


@frozen
class Imported:
    """What an import made: the tables, the files read, the names and rows made one
    line, and where they went (the library's files, or the campaign's entry)."""

    tables: tuple[RandomTable, ...]
    files: int
    reworded: int
    written: tuple[Path, ...] = ()
    entry: Entry | None = None


def library() -> Library:
    """The player's library as it is now (its tables, and files that do not read)."""
    return read_library()


def _read(
    path: Path, *, name: str | None, dice: str | None, taken: set[str]
) -> tuple[tuple[RandomTable, ...], int, int]:
    """The tables a file or a folder of files makes, with keys distinct from ``taken``.

    Raises:
        ContentError: naming the file and its line or key (nothing is made then).
        CampaignError: for a path that cannot be read.
    """
    from meneur.content.table_import import import_error, read_tables

    sources = read_sources(path)
    if name is not None and len(sources) > 1:
        raise import_error(str(path), "--name is for a file that makes one table", "one_name")
    tables: list[RandomTable] = []
    reworded = 0
    seen: dict[str, str] = {}
    for source, text in sources:
        made = read_tables(text, source, name=name, dice=dice, taken=taken)
        for table in made.tables:
            before = seen.get(table.name.casefold())
            if before is not None:
                raise import_error(
                    source,
                    f"a second table called {table.name!r} (the first in {before})",
                    "same_file_name",
                    name=table.name,
                    first=before,
                )
            seen[table.name.casefold()] = source
        tables += made.tables
        reworded += made.reworded
    return tuple(tables), len(sources), reworded


def _check_references(tables: Sequence[RandomTable], others: Iterable[RandomTable]) -> None:
    """Refuse tables whose ``{table}`` names none they can reach, or that loop.

    Raises:
        ContentError: naming the table.
    """
    from meneur.core.errors import RulesError
    from meneur.core.tables import check_tables

    try:
        check_tables(tables, others)
    except RulesError as error:
        raise ContentError(str(error), error.message_key, **error.values) from error


def import_into_library(
    path: Path,
    *,
    name: str | None = None,
    dice: str | None = None,
    gm: bool = False,
    replace: bool = False,
) -> Imported:
    """Import a file (or every table file of a folder) into the library; ``replace``:
    a table of the same name as one there takes its place (the file fixed and imported
    again), else it is refused.

    Raises:
        ContentError: for a file that does not read or add up (nothing is written).
        CampaignError: for a table the library has already, or a folder that cannot be
            written (nothing is kept).
    """
    from meneur.content import example_tables
    from meneur.content.table_import import read_tables

    found = read_library()
    replaced: dict[str, RandomTable] = {}
    if replace:
        # Read once to know the names, so that each keeps its key (and its file).
        for source, text in read_sources(path):
            for table in read_tables(text, source, name=name, dice=dice).tables:
                same = found.find(table.name)
                if same is not None:
                    replaced[plain_name(table.name)] = same
    kept = {table.key for table in replaced.values()}
    tables, files, reworded = _read(path, name=name, dice=dice, taken=taken_keys() - kept)
    for table in tables:
        same = found.find(table.name)
        if same is not None and plain_name(table.name) not in replaced:
            # Two "Action" would be one name for two tables.
            raise CampaignError(
                found.files[same.key],
                f"the library has a table {table.name!r} already"
                " (meneur library remove it, or import it with --replace or --name)",
                message_key="campaign.library_taken",
                values={"table": table.name},
            )
    shipped = (*example_tables("fr"), *example_tables("en"))
    others = [t for t in found.tables if t.key not in kept]
    _check_references(tables, (*others, *shipped))
    written = add_tables(tables, gm=gm, notes=f"imported from {path.name}", replacing=kept)
    return Imported(tables, files, reworded, written=written)


def _adding(tables: Sequence[RandomTable], gm: bool, notes: Mapping[str, str]) -> Any:
    """The plan that adds ``tables`` to the campaign's, each under its key (refused if
    the campaign has that key or that name already, as it is under the lock)."""
    from meneur.content.table_import import table_data
    from meneur.core.tables import plain_name

    def plan(state: Mapping[str, Any]) -> Planned:
        own = state["tables"]
        named = {plain_name(str(v.get("name", k))) for k, v in own.items()} | set(own)
        changes = []
        for table in tables:
            if table.key in own or plain_name(table.name) in named:
                raise CampaignError(
                    "campaign.toml",
                    f"the campaign has a table {table.name!r} already",
                    f"tables.{table.key}",
                    message_key="campaign.table_taken",
                    values={"table": table.name},
                )
            data = table_data(table)
            extra: dict[str, Any] = {}
            if table.key in notes:
                extra["notes"] = notes[table.key]
            if gm:
                extra["gm"] = True
            data = {"name": data.pop("name"), **extra, **data}
            changes.append(Change(("tables", table.key), MISSING, data))
        names = ", ".join(table.name for table in tables)
        said = Worded("tables.added", {"count": len(tables), "names": names})
        return Planned(said, tuple(changes), touches=tuple(("tables", t.key) for t in tables))

    return plan


def import_into_campaign(
    campaign: Campaign,
    seat: Seat,
    path: Path,
    *,
    name: str | None = None,
    dice: str | None = None,
    gm: bool = False,
) -> Imported:
    """Import a file (or a folder's) into the campaign's own tables, as one entry; GM
    only (``gm``: the tables are the GM's alone).

    Raises:
        ContentError: for a file that does not read or add up (nothing is written).
        CampaignError: for a table the campaign has already (nothing is written).
        Refusal: for a seat that may not change the campaign's tables.
    """
    from meneur.play import act

    taken = set(campaign.state["tables"])
    tables, files, reworded = _read(path, name=name, dice=dice, taken=taken)
    notes = {table.key: f"imported from {path.name}" for table in tables}
    entry = act.change(campaign, seat, _adding(tables, gm, notes))
    return Imported(tables, files, reworded, entry=entry)


def copy_into_campaign(
    campaign: Campaign, seat: Seat, name: str, *, gm: bool | None = None
) -> Entry:
    """Copy the library's table ``name`` into the campaign, public or the GM's
    (``gm``; by default as the library's file says).

    Raises:
        CampaignError: for a name the library does not have, or the campaign has.
        Refusal: for a seat that may not change the campaign's tables.
    """
    from meneur.play import act

    found, table = _found(name)
    secret = table.key in found.gm if gm is None else gm
    notes = {table.key: "from the library"}
    return act.change(campaign, seat, _adding((table,), secret, notes))


def remove(name: str) -> RandomTable:
    """Remove the library's table ``name`` (its file).

    Raises:
        CampaignError: for a name the library does not have, or a file not removed.
    """
    found, table = _found(name)
    remove_table(found.files[table.key])
    return table


def export_text(table: RandomTable, form: str = "toml", *, gm: bool = False) -> str:
    """A table as a file another tool (or another meneur) reads: ``toml`` (as the
    library keeps it), ``markdown`` (a table with its die column) or ``csv``."""
    if form == "markdown":
        return _markdown(table)
    if form == "csv":
        return _csv(table)
    return table_file_text(table, gm=gm)


def _cells(table: RandomTable) -> tuple[str, list[tuple[str, str]]]:
    from meneur.core.table_dice import range_text

    if table.dice is not None and all(entry.span for entry in table.entries):
        rows = [(range_text(e.span, table.dice), e.text) for e in table.entries]
        return table.dice, rows
    if table.dice is None and all(entry.weight == 1 for entry in table.entries):
        return "", [("", e.text) for e in table.entries]
    rows = [(str(e.weight), e.text) for e in table.entries]
    return "weight", rows


def _markdown(table: RandomTable) -> str:
    head, rows = _cells(table)
    lines = [f"## {table.name}", ""]
    if not head:
        return "\n".join([*lines, *(f"- {text}" for _, text in rows)]) + "\n"
    lines += [f"| {head} | Result |", "|---|---|"]
    lines += [f"| {cell} | {text.replace('|', chr(92) + '|')} |" for cell, text in rows]
    return "\n".join(lines) + "\n"


def _csv(table: RandomTable) -> str:
    import csv
    import io

    head, rows = _cells(table)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if head:
        writer.writerow([head, "result"])
        writer.writerows(rows)
    else:
        writer.writerow(["result"])
        writer.writerows([text] for _, text in rows)
    return out.getvalue()


def row_chances(table: RandomTable) -> list[tuple[str, Any, str]]:
    """Each row of ``table`` as it is shown: its range (or weight, or number), its exact
    chance (a Fraction), its text."""
    from meneur.core.table_dice import range_text
    from meneur.core.tables import TableQuery, odds

    # The row's own chance: what a {table} in it then rolls is not counted.
    chances = odds(TableQuery(table.key, (table,))).distribution
    shown = []
    for number, entry in enumerate(table.entries, 1):
        if entry.span and table.dice is not None:
            label = range_text(entry.span, table.dice)
        else:
            label = str(number)
        shown.append((label, chances[number], entry.text))
    return shown


def _found(name: str) -> tuple[Library, RandomTable]:
    """The library as read now and its table ``name``.

    Raises:
        CampaignError: for a name the library does not have.
    """
    found = read_library()
    table = found.find(name)
    if table is None:
        raise CampaignError(
            "tables",
            f"no table {name!r} in the library",
            message_key="campaign.library_none",
            values={"table": name},
        )
    return found, table
