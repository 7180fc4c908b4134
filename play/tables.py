"""The random tables a seat at the table may roll on: the campaign's own, then the GM's
library (:mod:`meneur.play.library`: the GM's seat alone is offered it), then those
meneur ships (in the reader's language), the story's (threads, people) in their place.

A GM-only table is the GM's alone; so is a public table that rolls on one (through
``{table}``, at any depth): its result would show the GM's entries. A player's screen
lists, offers and rolls only the others — and were a crafted request to roll one anyway,
the campaign refuses the entry it would write (it would be a GM entry).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meneur.core.table_rules import Seat
from meneur.saves.library import read_library
from meneur.saves.state import tables as campaign_tables

if TYPE_CHECKING:
    from meneur.core.tables import RandomTable


def tables_for(seat: Seat, state: Mapping[str, Any], lang: str) -> tuple[RandomTable, ...]:
    """The tables ``seat`` may roll on, the campaign's first (see the module)."""
    # Imported here: reading tables is not needed to draw the table's first frame.
    from meneur.content import example_tables, story_tables_for, tables_from_data

    data = campaign_tables(state)
    own = tables_from_data(data, "campaign.toml")
    story = {t.key: t for t in story_tables_for(state.get("lists", {}), lang)}
    keys = {table.key for table in own}
    library = tuple(t for t in library_tables_for(seat) if t.key not in keys)
    keys |= {table.key for table in library}
    shipped = tuple(story.get(t.key, t) for t in example_tables(lang) if t.key not in keys)
    every = own + library + shipped
    if seat.role == "gm":
        return every
    secret = {key for key, table in data.items() if table.get("gm")}
    return tuple(table for table in every if not _reaches(table, every, secret))


def library_tables_for(seat: Seat) -> tuple[RandomTable, ...]:
    """The GM's library tables ``seat`` is offered: all of them to the GM (a solo player
    is their own GM), none to a player or a viewer."""
    if seat.role != "gm":
        return ()
    return read_library().tables


def kept_by_the_gm(state: Mapping[str, Any]) -> set[str]:
    """The keys of the campaign's own tables no one but the GM reads: the GM's, and the
    public ones that roll on one (their entries name it: ``{traitre}``, and the GM
    table's id is its secret)."""
    from meneur.content import tables_from_data

    data = campaign_tables(state)
    secret = {key for key, table in data.items() if table.get("gm")}
    if not secret:
        return set()
    own = tables_from_data(data, "campaign.toml")
    return secret | {table.key for table in own if _reaches(table, own, secret)}


def _reaches(table: RandomTable, every: tuple[RandomTable, ...], secret: set[str]) -> bool:
    """Whether rolling ``table`` may roll on a table of ``secret`` (itself included):
    the tables its roll would gather (a table that names a missing one is left to say
    so when rolled)."""
    from meneur.core.errors import RulesError
    from meneur.core.tables import TableQuery

    try:
        reached = TableQuery.of(table, every).tables
    except RulesError:
        return table.key in secret
    return any(found.key in secret for found in reached)


def reaches_library(state: Mapping[str, Any], roll: Mapping[str, Any]) -> bool:
    """Whether a table roll's record holds a table that is neither the campaign's nor
    one meneur ships (nor the story's): one of the GM's library, whose rows the record
    carries, so the entry is the GM's."""
    from meneur.content import example_tables

    if roll.get("system") != "tables":
        return False
    inputs = roll.get("inputs")
    reached = inputs.get("tables", ()) if isinstance(inputs, Mapping) else ()
    known = set(campaign_tables(state)) | {
        table.key for lang in ("fr", "en") for table in example_tables(lang)
    }
    return any(isinstance(table, Mapping) and table.get("key") not in known for table in reached)
