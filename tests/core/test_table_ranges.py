"""Tables as books print them: ranges, d66 read digit by digit, dice over their totals,
rows that roll again; the exact chance of each row, checked against every way the dice
can fall."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.records import as_data, from_data
from meneur.core.table_dice import range_text, results_of
from meneur.core.tables import (
    RandomTable,
    TableEntry,
    TableQuery,
    odds,
    ranged,
    resolve,
    roll,
)

DICE = ("d100", "d66", "d666", "2d6", "1d20", "3d4", "d10", "1d6+1d8", "4d6kh3")
"""Dice a book's table may be rolled on: over totals, or read digit by digit."""


def rows(*pairs: str) -> list[tuple[str, TableEntry]]:
    return [(pair.split("=")[0], TableEntry(pair.split("=")[1])) for pair in pairs]


def chances(table: RandomTable) -> dict[int, Fraction]:
    return dict(odds(TableQuery.of(table, [table])).distribution)


def brute_force(table: RandomTable) -> dict[int, Fraction]:
    """Each row's chance counted over every way the dice can fall, from the ranges
    themselves (not the weights the core derived from them)."""
    assert table.dice is not None
    if table.dice in ("d66", "d666"):
        outcomes = [
            int("".join(map(str, faces)))
            for faces in itertools.product(range(1, 7), repeat=len(table.dice) - 1)
        ]
    else:
        shapes = {
            "d100": [range(1, 101)],
            "2d6": [range(1, 7)] * 2,
            "1d20": [range(1, 21)],
            "3d4": [range(1, 5)] * 3,
            "d10": [range(1, 11)],
            "1d6+1d8": [range(1, 7), range(1, 9)],
            "4d6kh3": [range(1, 7)] * 4,
        }[table.dice]
        outcomes = [
            sum(sorted(faces)[1:]) if table.dice == "4d6kh3" else sum(faces)
            for faces in itertools.product(*shapes)
        ]
    counted: Counter[int] = Counter()
    for result in outcomes:
        (row,) = [n for n, e in enumerate(table.entries, 1) if e.span[0] <= result <= e.span[1]]
        counted[row] += 1
    return {row: Fraction(count, len(outcomes)) for row, count in sorted(counted.items())}


def test_a_d100_table_reads_00_as_100_and_keeps_the_books_ranges() -> None:
    table = ranged("o", "Oracle", "d100", rows("01–05=a", "06-95=b", "96–00=c"))
    assert [e.span for e in table.entries] == [(1, 5), (6, 95), (96, 100)]
    assert chances(table) == {1: Fraction(1, 20), 2: Fraction(9, 10), 3: Fraction(1, 20)}
    assert [range_text(e.span, "d100") for e in table.entries] == ["01–05", "06–95", "96–00"]


def test_a_d66_is_read_tens_then_units_and_each_of_its_36_results_is_as_likely() -> None:
    table = ranged("s", "S", "d66", rows("11-16=first", "21–36=then", "41-66=last"))
    assert chances(table) == {1: Fraction(6, 36), 2: Fraction(12, 36), 3: Fraction(18, 36)}
    query = TableQuery.of(table, [table])
    assert resolve(query, (2, 5)).text == "then"  # 25: a 2 for the tens, a 5 for the units
    assert resolve(query, (1, 6)).text == "first"
    with pytest.raises(RulesError, match="no row covers 41"):
        ranged("s", "S", "d66", rows("11-36=a", "42-66=b"))


def test_rows_out_of_order_are_sorted_and_a_2d6_table_weighs_its_totals() -> None:
    table = ranged("r", "R", "2d6", rows("12=top", "2-6=low", "7-11=mid"))
    assert [e.text for e in table.entries] == ["low", "mid", "top"]
    assert chances(table) == brute_force(table)
    assert chances(table)[3] == Fraction(1, 36)
    assert ranged("p", "P", "2d6", rows("2-9=a", "10+=b")).entries[1].span == (10, 12)


@pytest.mark.parametrize(
    ("written", "said"),
    [
        (("01-05=a", "05-00=b"), "row 2 overlaps row 1 on 5"),
        (("01-05=a", "07-00=b"), "no row covers 6 (before row 2)"),
        (("01-05=a", "06-98=b"), "no row covers 99–100 (after row 2)"),
        (("01-05=a", "06-101=b"), "row 2: d100 gives 1 to 100, not 6–101"),
        (("05-01=a", "06-00=b"), "row 1: its range runs backwards"),
        (("one-five=a", "06-00=b"), "row 1: 'one-five' is not a range"),
    ],
)
def test_a_table_that_does_not_fill_its_die_is_refused_naming_the_row(
    written: tuple[str, ...], said: str
) -> None:
    with pytest.raises(RulesError, match=said.replace("(", r"\(").replace(")", r"\)")):
        ranged("t", "T", "d100", rows(*written))


def test_a_refusal_read_from_a_file_names_its_line() -> None:
    with pytest.raises(RulesError, match="line 14 overlaps line 12 on 5") as error:
        ranged("t", "T", "d10", rows("1-5=a", "5-10=b"), [12, 14], by_line=True)
    assert error.value.message_key == "tables.line_overlap"


def test_a_row_asking_to_roll_twice_keeps_both_and_rolls_past_itself() -> None:
    table = ranged(
        "t",
        "T",
        "d6",
        [
            ("1-3", TableEntry("calm")),
            ("4-5", TableEntry("storm")),
            ("6", TableEntry("Roll twice", again=2)),
        ],
    )
    query = TableQuery.of(table, [table])
    # A 6, then a 6 again (rolled past), then a 2 and a 4: both kept.
    rolled = resolve(query, (6, 6, 2, 4))
    assert rolled.text == "calm · storm"
    assert rolled.picks == (("t", 3), ("t", 3), ("t", 1), ("t", 2))
    assert chances(table)[3] == Fraction(1, 6)  # the row itself, as the die gives it
    with pytest.raises(RulesError, match="every row rolls again"):
        RandomTable("u", "U", (TableEntry("again", again=1),))


def test_a_ranged_roll_is_kept_and_read_back_whole_by_the_journal() -> None:
    table = ranged(
        "o",
        "O",
        "d66",
        [
            ("11-35", TableEntry("a")),
            ("36-66", TableEntry("b", again=0)),
        ],
    )
    twice = RandomTable("w", "W", (TableEntry("x"), TableEntry("twice", again=2)))
    for chosen in (table, twice):
        record = roll(TableQuery.of(chosen, [chosen]), random.Random(3))
        assert from_data(type(record.inputs), as_data(record.inputs)) == record.inputs
    plain = RandomTable("p", "P", (TableEntry("x", 2),))
    assert as_data(plain.entries[0]) == {"text": "x", "weight": 2}  # older records unchanged


def test_a_dice_expression_with_ranges_matches_every_way_its_dice_fall() -> None:
    for dice, written in (
        ("3d4", ("3-5=a", "6-9=b", "10-12=c")),
        ("1d6+1d8", ("2-6=a", "7-9=b", "10-14=c")),
        ("4d6kh3", ("3-8=a", "9-14=b", "15-17=c", "18=d")),
    ):
        table = ranged("t", "T", dice, rows(*written))
        assert chances(table) == brute_force(table)


@st.composite
def tilings(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]]]:
    """A die and ranges that cover its results once (rows shuffled)."""
    dice = draw(st.sampled_from(DICE[:8]))  # 4d6kh3 is checked above: its brute force is slow
    results = results_of(dice)
    count = draw(st.integers(1, min(8, len(results))))
    cuts = sorted(draw(st.sets(st.integers(1, len(results) - 1), max_size=count - 1)))
    bounds = [0, *cuts, len(results)]
    spans = [(results[a], results[b - 1]) for a, b in itertools.pairwise(bounds)]
    return dice, draw(st.permutations(spans))


@settings(max_examples=60, deadline=None)
@given(tilings())
def test_any_tiling_has_chances_adding_to_one_that_match_the_dice(
    tiling: tuple[str, list[tuple[int, int]]],
) -> None:
    dice, spans = tiling
    written = [(f"{low}-{high}", TableEntry(f"row {low}")) for low, high in spans]
    table = ranged("t", "T", dice, written)
    found = chances(table)
    assert sum(found.values()) == 1
    assert found == brute_force(table)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(("d100", "d66", "2d6", "d10")),
    st.lists(st.tuples(st.integers(-2, 110), st.integers(0, 12)), min_size=1, max_size=6),
)
def test_any_ranges_either_fill_the_die_exactly_or_are_refused_naming_a_row(
    dice: str, drawn: list[tuple[int, int]]
) -> None:
    written = [(f"{low}-{low + width}", TableEntry("x")) for low, width in drawn]
    try:
        table = ranged("t", "T", dice, written)
    except RulesError as error:
        refused: RulesError | None = error
    else:
        refused = None
    if refused is not None:
        assert 1 <= int(str(refused.values["row"])) <= len(written)
        return
    assert sum(chances(table).values()) == 1
    covered = sorted(
        r for e in table.entries for r in results_of(dice) if e.span[0] <= r <= e.span[1]
    )
    assert covered == list(results_of(dice))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 50), min_size=1, max_size=10))
def test_weights_give_chances_adding_to_one_in_their_proportions(weights: list[int]) -> None:
    table = RandomTable("w", "W", tuple(TableEntry(f"r{i}", w) for i, w in enumerate(weights)))
    found = chances(table)
    assert sum(found.values()) == 1
    assert found == {i + 1: Fraction(w, sum(weights)) for i, w in enumerate(weights)}
