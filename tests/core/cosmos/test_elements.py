"""Great Cosmos elemental strengths and weaknesses (docs/rules/cosmos.md#elements, Forces et
faiblesses élémentaires): the shipped table is the seed's, read row = acted upon, column =
acting."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.content import ContentError
from meneur.content.cosmos import element_table, element_table_from_data
from meneur.core.cosmos.elements import ELEMENTS, Affinities, apply, element_key, shown
from meneur.core.errors import RulesError

# The seed's table, as printed ("coefficients par défaut d'un élément (colonne) agissant
# sur un autre (ligne)").
SEED = """\
	Feu	Air	Eau	Terre	Glace	Métal	Élec	Sang	Poison	Plante	Dark	Light
Feu	1	1,5	2	1,25	0	0,5	1	1,25	1	0	0,75	1
Air	0,5	1	0,5	1	1,25	1	1	1	1	0,5	1	1
Eau	0	1,5	1	1,5	1,75	0,5	2	1	1,25	1,5	1	1
Terre	0,75	0	0,75	1	1	1,25	0,75	0,75	1	1,25	1	0,75
Glace	2	0,75	0,25	1	1	1	1	0,25	0	0,5	1	1
Métal	1,5	0,5	1,5	0,75	1	1	2	0,75	0	0	1	0,75
Élec	1	1	1,5	1	1	0,5	1	1	1	0,5	1	1
Sang	0,75	1	1	1,25	1,75	1,25	2	1	1,25	1	1	1
Poison	1	1	1	1	2	1	1	0,75	1	1	1	1
Plante	2	1,5	0,5	1,25	1,5	2	1,5	1	1,5	1	1,25	0,75
Dark	1,25	1	1	1	1	1	1,25	1	1	0,75	1	2
Light	1	1	1	1	1	1	1	1	1	1,25	2	1
"""


def seed_cells() -> dict[tuple[str, str], Fraction]:
    header, *rows = SEED.splitlines()
    columns = [element_key(name) for name in header.split("\t")[1:]]
    cells = {}
    for row in rows:
        name, *values = row.split("\t")
        for acting, value in zip(columns, values, strict=True):
            cells[(element_key(name), acting)] = Fraction(value.replace(",", "."))
    return cells


def test_the_shipped_table_is_the_seeds_cell_for_cell() -> None:
    affinities = element_table().affinities
    for (acted_upon, acting), value in seed_cells().items():
        assert affinities.coefficient(acting, acted_upon) == value, (acting, acted_upon)


def test_the_cell_is_read_in_the_row_of_the_element_acted_upon() -> None:
    affinities = element_table().affinities
    assert affinities.coefficient("feu", "glace") == 2  # fire melts ice
    assert affinities.coefficient("glace", "feu") == 0  # ice does nothing to fire
    assert affinities.coefficient("eau", "feu") == 2
    assert affinities.coefficient("feu", "eau") == 0
    assert affinities.coefficient("dark", "light") == 2
    assert affinities.coefficient("light", "dark") == 2


def test_elements_are_named_by_key_or_name_in_either_language() -> None:
    table = element_table()
    assert table.key("FEU") == "feu"
    assert table.key("Élec") == table.key("elec") == table.key("Electricity") == "elec"
    assert table.key("métal") == "metal"
    assert table.key("Water") == "eau"
    assert table.name("eau", "fr") == "Eau"
    with pytest.raises(RulesError, match="unknown element"):
        table.key("Lave")


def test_a_figure_is_multiplied_exactly_then_rounded_down_its_sign_kept() -> None:
    assert apply(Fraction(5, 4), 15).exact == Fraction(75, 4)
    assert apply(Fraction(5, 4), 15).result == 18  # 18,75 → 18
    assert apply(Fraction(0), 40).result == 0
    inverted = apply(Fraction(-3, 2), 15)
    assert inverted.inverted
    assert inverted.result == -22  # −22,5: the effect inverted, 22 of it
    assert shown(Fraction(5, 4)) == "1,25"
    assert shown(Fraction(2)) == "2"
    assert shown(Fraction(-1, 2)) == "−0,5"


@given(
    st.sampled_from(ELEMENTS),
    st.sampled_from(ELEMENTS),
    st.fractions(min_value=-100, max_value=100, max_denominator=100),
)
def test_a_campaign_overrides_one_cell_and_no_other(
    acting: str, acted_upon: str, value: Fraction
) -> None:
    base = element_table().affinities
    changed = base.with_overrides({acted_upon: {acting: str(float(value))}})
    assert changed.coefficient(acting, acted_upon) == Fraction(str(float(value)))
    assert changed.overridden == {(acted_upon, acting)}
    for row in ELEMENTS:
        for column in ELEMENTS:
            if (row, column) != (acted_upon, acting):
                assert changed.coefficient(column, row) == base.coefficient(column, row)


@given(st.integers(-10_000, 10_000), st.fractions(-100, 100, max_denominator=8))
def test_the_result_never_exceeds_the_exact_figure_in_magnitude(
    figure: int, coefficient: Fraction
) -> None:
    applied = apply(coefficient, figure)
    assert abs(applied.result) <= abs(applied.exact) < abs(applied.result) + 1
    assert applied.result == 0 or (applied.result > 0) == (applied.exact > 0)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"lave": {"feu": 1}}, "elements.lave: not an element"),
        ({"feu": {"lave": 1}}, "elements.feu.lave: not an element"),
        ({"feu": {"eau": "beaucoup"}}, "elements.feu.eau: expected a number"),
        ({"feu": {"eau": 1000}}, "elements.feu.eau: a coefficient within"),
        ({"feu": {"eau": True}}, "elements.feu.eau: expected a number"),
    ],
)
def test_a_wrong_override_is_refused_naming_its_key(overrides: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        element_table().affinities.with_overrides(overrides)


def test_a_broken_table_file_is_refused_naming_file_and_key() -> None:
    good = {
        "order": list(ELEMENTS),
        "names": {k: {"fr": k, "en": k} for k in ELEMENTS},
        "rows": {k: [1] * 12 for k in ELEMENTS},
    }
    assert isinstance(element_table_from_data(good, "x.toml").affinities, Affinities)
    short = {**good, "rows": {**good["rows"], "feu": [1] * 11}}
    with pytest.raises(ContentError, match=r"x\.toml: rows: feu: expected a list of 12"):
        element_table_from_data(short, "x.toml")
    unnamed = {**good, "names": {**good["names"], "eau": {"fr": "Eau"}}}
    with pytest.raises(ContentError, match=r"x\.toml: names\.eau\.en"):
        element_table_from_data(unnamed, "x.toml")
