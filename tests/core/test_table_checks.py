"""A campaign's tables are checked as a whole: references that exist, no loops."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.tables import RandomTable, TableEntry, check_tables


def table(key: str, *texts: str) -> RandomTable:
    return RandomTable(key, key.title(), tuple(TableEntry(text) for text in texts))


def test_a_table_that_comes_back_to_itself_however_far_round_is_refused() -> None:
    a = table("a", "vers {b}")
    b = table("b", "vers {c}", "rien")
    c = table("c", "retour à {a}")
    with pytest.raises(RulesError, match=r"table a rolls on itself through \{a\}"):
        check_tables([a, b, c])


def test_references_that_only_branch_and_join_are_no_loop() -> None:
    a = table("a", "{b}", "{c}")
    b = table("b", "{c}")
    c = table("c", "fin")
    check_tables([a, b, c])
    shipped = table("meteo", "pluie")
    check_tables([table("d", "{meteo}")], [shipped])


def test_a_reference_to_no_table_is_refused_naming_it() -> None:
    with pytest.raises(RulesError, match=r"table a rolls on \{nulle\}, which does not exist"):
        check_tables([table("a", "{nulle}")])


TABLES = (
    RandomTable("butin", "Butin", tuple(TableEntry(t) for t in ("Rien", "{gemme}", "[[2d6]] or"))),
    RandomTable("gemme", "Gemme", (TableEntry("rubis", 2), TableEntry("saphir [[1d4]]"))),
)


@given(st.integers(0, 2**32))
def test_physical_faces_give_what_the_same_dice_rolled_give(seed: int) -> None:
    import random

    from meneur.core.tables import TableQuery, resolve, roll

    query = TableQuery.of(TABLES[0], TABLES)
    rolled = roll(query, random.Random(seed))
    assert resolve(query, tuple(die.face for die in rolled.dice)) == rolled


def test_physical_faces_are_checked_against_what_the_table_rolls() -> None:
    from meneur.core.tables import TableQuery, resolve

    query = TableQuery.of(TABLES[0], TABLES)
    with pytest.raises(RulesError, match="a d6 now") as more:
        resolve(query, (3,))  # the third entry rolls 2d6 more
    assert (more.value.message_key, more.value.values) == ("dice.more_faces", {"sides": 6})
    with pytest.raises(RulesError, match="rolled 1 dice, not 2"):
        resolve(query, (1, 4))
    with pytest.raises(RulesError, match="a d3 cannot show 4"):
        resolve(query, (4,))
    assert resolve(query, (2, 3, 4)).text == "saphir 4"
