"""The tables meneur ships in French and English are one set of tables in two
languages: the same keys, rows, weights, dice and rolls on other tables, in the same
order. So a result rolled in one language is worded in the other
(:mod:`meneur.play.table_words`), and a roll reads in its reader's language."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content import example_tables
from meneur.core.records import roll_seeded
from meneur.core.tables import TableQuery, find, roll
from meneur.play.table_words import table_name, table_said
from meneur.saves.entry_parts import roll_to_data

_REFERENCES = re.compile(r"\{[^{}]+\}|\[\[[^\]]+\]\]")


def _shape(table: object) -> object:
    """What a table rolls, without its words: per row, its weight and what it rolls on."""
    return (
        table.key,  # type: ignore[attr-defined]
        table.dice,  # type: ignore[attr-defined]
        [
            (entry.weight, entry.literal, _REFERENCES.findall(entry.text))
            for entry in table.entries  # type: ignore[attr-defined]
        ],
    )


def test_the_two_languages_ship_the_same_tables() -> None:
    french, english = example_tables("fr"), example_tables("en")
    assert [_shape(t) for t in french] == [_shape(t) for t in english]
    # and they are worded, not copied (the names of people excepted: names are names)
    worded = [t.key for t in french if t.entries != find(english, t.key).entries]
    assert set(worded) >= {"encounters", "weather", "clues", "places", "event_focus"}


@pytest.mark.parametrize("name", ["noms", "Météo", "meteo", "lieux", "rencontres"])
def test_a_french_name_finds_the_table(name: str) -> None:
    """The French tables had French keys once: a campaign's table that rolls on
    ``{meteo}``, or ``meneur roll table noms``, still finds them."""
    assert find(example_tables("fr"), name) is not None


@given(
    key=st.sampled_from([t.key for t in example_tables("fr") if not t.key.startswith("random_")]),
    seed=st.integers(0, 2**63 - 1),
    written=st.sampled_from(["fr", "en"]),
)
def test_a_roll_on_a_shipped_table_reads_in_its_readers_language(
    key: str, seed: int, written: str
) -> None:
    other = "en" if written == "fr" else "fr"
    rolled = roll_seeded(
        roll, TableQuery.of(find(example_tables(written), key), example_tables(written)), seed
    )
    data = roll_to_data(rolled)
    same = roll_seeded(
        roll, TableQuery.of(find(example_tables(other), key), example_tables(other)), seed
    )
    assert table_said(data, other) == (find(example_tables(other), key).name, same.text)
    assert table_said(data, written) == (find(example_tables(written), key).name, rolled.text)
    assert table_name(rolled.inputs, other) == find(example_tables(other), key).name


def test_a_campaigns_own_table_reads_as_written() -> None:
    from meneur.content import tables_from_data

    own = tables_from_data({"loot": {"name": "Butin", "entries": ["une épée", "{weather}"]}}, "")
    pool = (*own, *example_tables("fr"))
    rolled = roll_seeded(roll, TableQuery.of(own[0], pool), 3)
    assert table_said(roll_to_data(rolled), "en") is None
    assert table_name(rolled.inputs, "en") == "Butin"
