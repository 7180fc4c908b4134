"""A roll on meneur's shipped tables, worded in the reader's language whoever rolled it.

The French and English tables have the same keys and the same rows, in the same order,
with the same weights and dice (``tests/content/test_shipped_tables.py``). A roll stores
the tables it rolled on and its seed, so the same roll on the reader's tables, on the
same seed, picks the same rows: its words are that roll's. The campaign's own tables and
its story lists (threads, people: what a person typed) are kept as they are. A roll
that would not pick the very same rows and faces (tables changed since, dice typed by
hand) reads as it was written.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from meneur.core.tables import RandomTable, TableQuery


def table_said(roll: Mapping[str, Any], lang: str) -> tuple[str, str] | None:
    """The rolled table's name and the result in ``lang`` (both shipped words said in
    that language), or None when the roll is not one to word again (see the module)."""
    seed, inputs = roll.get("seed"), roll.get("inputs")
    if roll.get("system") != "tables" or roll.get("physical") is True:
        return None
    if type(seed) is not int or not isinstance(inputs, Mapping):
        return None
    try:
        query = _query(inputs)
    except (TypeError, ValueError, KeyError):
        return None
    if query is None:
        return None
    picks = tuple(tuple(pick) for pick in roll.get("picks", ()))
    faces = tuple(die.get("face") for die in roll.get("dice", ()) if isinstance(die, Mapping))
    return _worded(query, seed, lang, picks, faces)


def _query(inputs: Mapping[str, Any]) -> TableQuery | None:
    from meneur.core.records import from_data

    query = from_data(TableQuery, dict(inputs), "roll.inputs")
    return query if isinstance(query, TableQuery) else None


@lru_cache(maxsize=2048)
def _worded(
    query: TableQuery,
    seed: int,
    lang: str,
    picks: tuple[tuple[Any, ...], ...],
    faces: tuple[Any, ...],
) -> tuple[str, str] | None:
    from meneur.content import example_tables
    from meneur.core.records import roll_seeded
    from meneur.core.tables import roll as roll_table

    shipped = {table: lang_of for lang_of in ("fr", "en") for table in example_tables(lang_of)}
    theirs = {table.key: table for table in example_tables(lang)}
    tables: list[RandomTable] = []
    for table in query.tables:
        if table in shipped and table.key in theirs:  # (an empty story list's too)
            tables.append(theirs[table.key])
        elif any(entry.literal for entry in table.entries):
            tables.append(table)  # a story list: what a person typed, as typed
        else:
            return None  # the campaign's own: as written
    again = TableQuery(query.table, tuple(tables))
    try:
        record = roll_seeded(roll_table, again, seed)
    except Exception:
        return None
    if record.picks != picks or tuple(die.face for die in record.dice) != faces:
        return None
    return theirs.get(query.table, tables[0]).name, record.text


def table_name(query: TableQuery, lang: str) -> str:
    """The name of the table ``query`` rolls on: a shipped table's in ``lang``, the
    campaign's own as written."""
    from meneur.content import example_tables
    from meneur.core.tables import find

    table = find(query.tables, query.table)
    if table is None:
        return query.table
    listed = query.table.removeprefix("random_")
    if query.table != listed and listed in ("threads", "people"):  # a story list's pick
        from meneur.content.strings import strings

        return strings(lang).term(f"story.random.{listed}")
    for lang_of in ("fr", "en"):
        if table in example_tables(lang_of):
            found = find(example_tables(lang), table.key)
            return found.name if found is not None else table.name
    return table.name
