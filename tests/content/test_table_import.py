"""Tables imported from the forms they live in elsewhere: each form reads, rolls and shows
each row's exact chance; a broken file of each form is refused whole, in one sentence
naming its line or key; and any table that imports has chances adding up to 1 that are
the core's exact odds of its ranges or weights."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.content import ContentError, tables_from_data
from meneur.content.strings import strings
from meneur.content.table_import import read_tables, table_data
from meneur.core.table_dice import range_text, results_of
from meneur.core.tables import RandomTable, TableQuery, odds, roll

SAMPLES = Path(__file__).parent / "fixtures" / "tables"


def chances(table: RandomTable) -> list[Fraction]:
    return list(odds(TableQuery(table.key, (table,))).distribution.values())


def rows(table: RandomTable) -> list[tuple[str, str]]:
    """Each row as shown: its range as the book prints it (or its weight), its text."""
    return [
        (range_text(e.span, table.dice) if e.span and table.dice else f"×{e.weight}", e.text)
        for e in table.entries
    ]


def rolled(table: RandomTable, seed: int = 7) -> str:
    return roll(TableQuery(table.key, (table,)), random.Random(seed)).text


MARKDOWN = """# Oracles of my book

Typed from the book, page 12.

## Action

| d100 | Result |
|------|--------|
| 01–05 | Scheme |
| 06-50 | **Clash** |
| 51–95 | Withdraw |
| 96–00 | Roll twice |

## Weather
- Rain
- Sun
- [Fog](https://example.org)

## Places

| d66 | Place |
|---|---|
| 11-36 | A ruined tower |
| 41-66 | A ford |
"""


def test_a_markdown_file_makes_a_table_under_each_heading_as_the_book_prints_it() -> None:
    made = read_tables(MARKDOWN, "oracles.md").tables
    action, weather, places = made
    assert (action.name, action.dice, action.key) == ("Action", "d100", "action")
    assert rows(action) == [
        ("01–05", "Scheme"),
        ("06–50", "Clash"),
        ("51–95", "Withdraw"),
        ("96–00", "Roll twice"),
    ]
    assert chances(action) == [Fraction(1, 20), Fraction(9, 20), Fraction(9, 20), Fraction(1, 20)]
    assert action.entries[3].again == 2  # "Roll twice": two more, both kept
    assert [e.text for e in weather.entries] == ["Rain", "Sun", "Fog"]
    assert chances(weather) == [Fraction(1, 3)] * 3
    assert (places.dice, chances(places)) == ("d66", [Fraction(1, 2)] * 2)
    assert rolled(action) in {"Scheme", "Clash", "Withdraw"} | {
        f"{a} · {b}"
        for a in ("Scheme", "Clash", "Withdraw")
        for b in ("Scheme", "Clash", "Withdraw")
    }


def test_a_csv_with_a_header_reads_its_text_and_weight_columns() -> None:
    text = 'weight,result\n3,Copper coins\n2,A silver ring\n1,"A map, torn"\n'
    (loot,) = read_tables(text, "loot.csv").tables
    assert rows(loot) == [("×3", "Copper coins"), ("×2", "A silver ring"), ("×1", "A map, torn")]
    assert chances(loot) == [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    assert loot.name == "loot"  # no title of its own: the file's
    french = "résultat;poids\nUn loup;2\nUn ours;1\n"  # a spreadsheet set to French
    assert chances(read_tables(french, "bêtes.csv").tables[0]) == [Fraction(2, 3), Fraction(1, 3)]


def test_a_tsv_with_a_die_column_and_a_text_file_of_lines() -> None:
    (beasts,) = read_tables("2d6\tBeast\n2-6\tA wolf\n7-11\tA bear\n12\tA dragon\n", "b.tsv").tables
    assert (beasts.dice, chances(beasts)) == (
        "2d6",
        [Fraction(15, 36), Fraction(20, 36), Fraction(1, 36)],
    )
    (names,) = read_tables("Alice\nBruno\n\nChloé\n", "names.txt").tables
    assert (names.name, [e.text for e in names.entries]) == ("names", ["Alice", "Bruno", "Chloé"])
    assert rolled(names) in {"Alice", "Bruno", "Chloé"}


@pytest.mark.parametrize(
    ("file", "name", "shown", "chance"),
    [
        (
            "rumours-v11.json",  # up to v10-11: type a number (0 text, 1 document)
            "Tavern Rumours",
            [
                ("1–2", "The mayor owes the smugglers money"),
                ("3–5", "A wolf was seen inside the walls"),
                ("6", "Old Maren"),
            ],
            [Fraction(1, 3), Fraction(1, 2), Fraction(1, 6)],
        ),
        (
            "loot-v12.json",  # v12: type a string; Foundry's inline roll made meneur's
            "Goblin Pockets",
            [("1–4", "[[1d6]] copper pieces"), ("5", "Potion of Healing"), ("6", "Dagger")],
            [Fraction(2, 3), Fraction(1, 6), Fraction(1, 6)],
        ),
        (
            "weather-v13.json",  # v13: name, an HTML description, documentUuid
            "Mountain Weather",
            [
                ("1–5", "Clear & cold"),
                ("6–8", "Snow"),
                ("9–10", "Blizzard — Everyone tests endurance."),
            ],
            [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)],
        ),
    ],
)
def test_a_foundry_rolltable_of_each_shape_reads_its_formula_and_ranges(
    file: str, name: str, shown: list[tuple[str, str]], chance: list[Fraction]
) -> None:
    path = SAMPLES / "foundry" / file
    (table,) = read_tables(path.read_text(encoding="utf-8"), file).tables
    assert (table.name, rows(table), chances(table)) == (name, shown, chance)
    assert rolled(table)


def test_datasworn_oracles_are_read_through_their_collections() -> None:
    path = SAMPLES / "datasworn-sample.json"
    action, settlement, creature = read_tables(path.read_text(encoding="utf-8"), path.name).tables
    assert rows(action) == [("01–40", "Scheme"), ("41–97", "Clash"), ("98–00", "Roll twice")]
    assert action.entries[2].again == 2  # its oracle_rolls roll this table twice more
    assert chances(action) == [Fraction(40, 100), Fraction(57, 100), Fraction(3, 100)]
    # Two tables called "Name": each said with its collection's; a null roll is not a row.
    assert settlement.name == "Settlement — Name"
    assert rows(settlement) == [("1–3", "Highmoor — on a hill"), ("4–6", "Ashfield")]
    assert rows(creature) == [("1–7", "Gloomwing — flies — at dusk"), ("8–10", "Rootmaw — burrows")]


def _foundry(**changes: object) -> str:
    data = json.loads((SAMPLES / "foundry" / "weather-v13.json").read_text(encoding="utf-8"))
    for key, value in changes.items():
        index, field = key.split("_", 1)
        data["results"][int(index)][field] = value
    return json.dumps(data)


def _datasworn_without_min() -> str:
    data = json.loads((SAMPLES / "datasworn-sample.json").read_text(encoding="utf-8"))
    del data["oracles"]["core"]["contents"]["action"]["rows"][1]["roll"]["min"]
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "source", "said"),
    [
        (
            "result,weight\nA,2\nB,lots\n",
            "loot.csv",
            "loot.csv: line 3: a weight is a whole number from 1, not 'lots'",
        ),
        ("d6\tText\n1-2\tA\n2-6\tB\n", "b.tsv", "b.tsv: b: line 3 overlaps line 2 on 2"),
        (
            MARKDOWN.replace("| 51–95 |", "| 61–95 |"),
            "o.md",
            "o.md: Action: no row covers 51–60 (before line 11)",
        ),
        (
            "## A\n| 1-2 | x |\n- item\n",
            "o.md",
            "o.md: line 2: a table row without its header and rule",
        ),
        ("\n\n", "empty.txt", "empty.txt: no table found in it"),
        (
            _foundry(**{"1_range": "6-8"}),
            "w.json",
            "w.json: results[1].range: expected [lowest, highest]",
        ),
        (
            _foundry(**{"2_range": [10, 10]}),
            "w.json",
            "w.json: Mountain Weather: no row covers 9 (before row 3)",
        ),
        (
            _datasworn_without_min(),
            "d.json",
            "d.json: oracles.core.contents.action.rows[1].roll.min: expected a whole number",
        ),
        ('{"name": "x", "results": [\n  {"text": "a",}\n]}', "x.json", "x.json: line 2: not JSON"),
        ('{"name": "x"}', "x.json", "x.json: neither a Foundry RollTable"),
    ],
    ids=[
        "csv",
        "tsv",
        "md-gap",
        "md-header",
        "text",
        "foundry-key",
        "foundry-gap",
        "datasworn",
        "json",
        "json-form",
    ],
)
def test_a_broken_file_of_each_form_is_refused_in_one_sentence_naming_its_place(
    text: str, source: str, said: str
) -> None:
    with pytest.raises(ContentError) as refused:
        read_tables(text, source)
    message = str(refused.value)
    assert message.startswith(said)
    assert "\n" not in message
    french = strings("fr").explain(refused.value)
    assert french.startswith(source)
    assert "{" not in french
    assert french != message


def test_a_table_kept_as_toml_reads_back_the_same() -> None:
    for table in read_tables(MARKDOWN, "oracles.md").tables:
        (again,) = tables_from_data({table.key: table_data(table)}, "library")
        assert again == table


def test_names_from_elsewhere_are_made_one_line_and_counted() -> None:
    made = read_tables("## Bad\u001b[31m name\n- a\u0007 row\n", "x.md")
    (table,) = made.tables
    assert (table.name, table.entries[0].text, made.reworded) == ("Bad[31m name", "a row", 2)


@st.composite
def book_tables(draw: st.DrawFn) -> tuple[str, list[tuple[int, int]], list[str]]:
    """A die and ranges covering it once, written as a book writes them."""
    dice = draw(st.sampled_from(("d100", "d66", "2d6", "d20", "d10")))
    results = results_of(dice)
    cuts = sorted(draw(st.sets(st.integers(1, len(results) - 1), max_size=7)))
    bounds = [0, *cuts, len(results)]
    spans = [(results[a], results[b - 1]) for a, b in itertools.pairwise(bounds)]
    written = [range_text(span, dice) for span in spans]
    return dice, spans, written


@settings(max_examples=50, deadline=None)
@given(book_tables(), st.randoms(use_true_random=False))
def test_any_markdown_table_that_imports_has_the_exact_odds_of_its_ranges(
    book: tuple[str, list[tuple[int, int]], list[str]], shuffler: random.Random
) -> None:
    dice, spans, written = book
    order = list(range(len(spans)))
    shuffler.shuffle(order)  # a book's rows in any order
    lines = [f"| {dice} | Result |", "|---|---|"] + [f"| {written[i]} | row {i} |" for i in order]
    (table,) = read_tables("\n".join(lines), "t.md").tables
    found = chances(table)
    assert sum(found) == 1
    results = results_of(dice)
    expected = [odds_of_span(dice, span, results) for span in sorted(spans)]
    assert found == expected


def odds_of_span(dice: str, span: tuple[int, int], results: tuple[int, ...]) -> Fraction:
    """A range's chance from the dice themselves: for 2d6, the ways two dice make each
    total; for any other die here, each result as likely."""
    inside = [r for r in results if span[0] <= r <= span[1]]
    if dice == "2d6":
        ways = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in inside)
        return Fraction(ways, 36)
    return Fraction(len(inside), len(results))


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(1, 40), min_size=1, max_size=12))
def test_any_weighted_csv_that_imports_has_chances_in_its_weights_proportions(
    weights: list[int],
) -> None:
    text = "weight,text\n" + "".join(f"{w},row {i}\n" for i, w in enumerate(weights))
    (table,) = read_tables(text, "w.csv").tables
    assert sum(chances(table)) == 1
    assert chances(table) == [Fraction(w, sum(weights)) for w in weights]


@pytest.mark.parametrize(
    ("words", "again"),
    [
        ("Roll twice", 2),
        ("Roll twice more on this table. Both results occur.", 2),
        ("Relancez deux fois", 2),
        ("lancez encore trois fois", 3),
        ("Roll twice on the Theme table", 0),  # another table's: words, not a rule
        ("Roll on the Theme table twice", 0),
        ("Rolling thunder, twice as loud", 0),
    ],
)
def test_a_row_rolls_again_on_its_own_table_only_when_its_words_say_so(
    words: str, again: int
) -> None:
    (table,) = read_tables(f"Calm\n{words}\n", "t.txt").tables
    assert table.entries[1].again == again
