"""A campaign's tables are checked as a whole: references that exist, no loops."""

from __future__ import annotations

import pytest

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
