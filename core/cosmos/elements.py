"""Great Cosmos elemental strengths and weaknesses (docs/rules/cosmos.md#combat;
docs/rules/cosmos.md#elements, Forces et faiblesses élémentaires).

Twelve elements; the coefficient of an element acting on another is a lookup, not a
product: the cell in the row of the element acted upon (the target's) and the column of
the acting element. It multiplies any figure the affinity touches (damage dealt or
taken, healing…); zero cancels it; a negative coefficient inverts it (damage becomes
healing). A campaign may override cells (some traits alter the default coefficients).

The default table is content (``content/elements/cosmos.toml``); this module holds the
structure, the lookup and the arithmetic. **Ruling** (README): the figure multiplied is
exact (a fraction); the figure applied is its magnitude rounded down, its sign kept
("arrondi à la valeur inférieure", as the seed rounds elsewhere): 15 × 1,25 = 18,75 → 18.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import field
from fractions import Fraction

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen
from meneur.core.text import shown as shown_text
from meneur.core.words import folded

ELEMENTS = (
    "feu",
    "air",
    "eau",
    "terre",
    "glace",
    "metal",
    "elec",
    "sang",
    "poison",
    "plante",
    "dark",
    "light",
)
"""The twelve elements' keys, in the seed's order."""
MAX_COEFFICIENT = 100
"""The largest coefficient a table or an override may hold (either sign)."""


def element_key(text: str, names: Mapping[str, str] | None = None) -> str:
    """The key of the element ``text`` names: a key or a name, whatever its case and
    accents (``FEU``, ``Élec``, ``métal``; with ``names`` — key → shown name — also
    those names: ``Fire``).

    Raises:
        RulesError: naming the twelve elements.
    """
    wanted = folded(text)
    for key in ELEMENTS:
        if wanted == key or (names and wanted == folded(names.get(key, ""))):
            return key
    raise RulesError(
        f"unknown element {text!r} (the elements: {', '.join(ELEMENTS)})",
        message_key="cosmos.element.unknown",
        value=text,
        known=", ".join(ELEMENTS),
    )


def coefficient_of(value: object, where: str) -> Fraction:
    """A coefficient as written in a table or an override (``1.25``, ``"1,25"``, ``2``),
    exactly.

    Raises:
        RulesError: naming ``where``, for what is not a number within ±MAX_COEFFICIENT.
    """
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise RulesError(
            f"{where}: expected a number, found {value!r}",
            message_key="cosmos.element.number",
            where=where,
            value=shown_text(value),
        )
    try:
        number = Fraction(str(value).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise RulesError(
            f"{where}: expected a number, found {value!r}",
            message_key="cosmos.element.number",
            where=where,
            value=shown_text(value),
        ) from None
    if abs(number) > MAX_COEFFICIENT:
        raise RulesError(
            f"{where}: a coefficient within ±{MAX_COEFFICIENT}, not {value}",
            message_key="cosmos.element.coefficient",
            where=where,
            most=MAX_COEFFICIENT,
            value=value,
        )
    return number


@frozen
class Affinities:
    """The coefficients of every element acting on every other.

    Attributes:
        cells: ``cells[acted_upon][acting]``, every element in both places.
        overridden: the cells a campaign changed from the default, ``(acted_upon,
            acting)``.
    """

    cells: Mapping[str, Mapping[str, Fraction]]
    overridden: frozenset[tuple[str, str]] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        for row in ELEMENTS:
            if set(self.cells.get(row, {})) != set(ELEMENTS):
                raise RulesError(
                    f"the elemental table's row {row} needs all twelve elements",
                    message_key="cosmos.element.row",
                    row=row,
                )

    @classmethod
    def from_rows(cls, rows: Mapping[str, object]) -> Affinities:
        """The table from rows as content writes them: ``rows[acted_upon]`` is a list of
        twelve coefficients, acting elements in :data:`ELEMENTS` order.

        Raises:
            RulesError: naming the row (and cell) that is wrong.
        """
        unknown = sorted(set(rows) - set(ELEMENTS))
        if unknown:
            raise RulesError(
                f"{unknown[0]}: not an element (the elements: {', '.join(ELEMENTS)})",
                message_key="cosmos.element.unknown",
                value=unknown[0],
                known=", ".join(ELEMENTS),
            )
        cells: dict[str, dict[str, Fraction]] = {}
        for row in ELEMENTS:
            values = rows.get(row)
            if not isinstance(values, list) or len(values) != len(ELEMENTS):
                raise RulesError(
                    f"{row}: expected a list of {len(ELEMENTS)} coefficients",
                    message_key="cosmos.element.row_list",
                    where=row,
                    count=len(ELEMENTS),
                )
            cells[row] = {
                acting: coefficient_of(value, f"{row}[{i}] ({acting})")
                for i, (acting, value) in enumerate(zip(ELEMENTS, values, strict=True))
            }
        return cls(cells)

    def coefficient(self, acting: str, acted_upon: str) -> Fraction:
        """The coefficient of ``acting`` on ``acted_upon`` (element keys).

        Raises:
            RulesError: for a key that is not an element's.
        """
        for key in (acting, acted_upon):
            if key not in ELEMENTS:
                raise RulesError(
                    f"unknown element {key!r}",
                    message_key="cosmos.element.unknown",
                    value=key,
                    known=", ".join(ELEMENTS),
                )
        return self.cells[acted_upon][acting]

    def with_overrides(self, overrides: Mapping[str, Mapping[str, object]]) -> Affinities:
        """This table with a campaign's cells: ``overrides[acted_upon][acting]``.

        Raises:
            RulesError: naming ``elements.<row>.<column>`` when a key or value is wrong.
        """
        cells = {row: dict(columns) for row, columns in self.cells.items()}
        changed = set(self.overridden)
        for row, columns in overrides.items():
            if row not in ELEMENTS:
                raise RulesError(
                    f"elements.{row}: not an element",
                    message_key="cosmos.element.not_element",
                    where=f"elements.{row}",
                )
            if not isinstance(columns, Mapping):
                raise RulesError(
                    f"elements.{row}: expected a table of acting elements",
                    message_key="value.table",
                    where=f"elements.{row}",
                    value=shown_text(columns),
                )
            for acting, value in columns.items():
                if acting not in ELEMENTS:
                    raise RulesError(
                        f"elements.{row}.{acting}: not an element",
                        message_key="cosmos.element.not_element",
                        where=f"elements.{row}.{acting}",
                    )
                cells[row][acting] = coefficient_of(value, f"elements.{row}.{acting}")
                changed.add((row, acting))
        return Affinities(cells, frozenset(changed))


@frozen
class Applied:
    """A figure the affinity touched.

    Attributes:
        figure: the figure before (damage or healing, as typed).
        coefficient: the cell's coefficient.
        exact: ``figure × coefficient``, exactly.
        result: what is applied: the magnitude of ``exact`` rounded down, its sign kept.
        inverted: the coefficient is negative (damage becomes healing, and so on).
    """

    figure: int
    coefficient: Fraction
    exact: Fraction
    result: int
    inverted: bool


def apply(coefficient: Fraction, figure: int) -> Applied:
    """``figure`` under ``coefficient`` (see the module's ruling on rounding)."""
    exact = coefficient * figure
    magnitude = math.floor(abs(exact))
    result = magnitude if exact >= 0 else -magnitude
    return Applied(figure, coefficient, exact, result, coefficient < 0)


def shown(coefficient: Fraction, lang: str = "fr") -> str:
    """A coefficient as the seed writes it (``1,25``, ``2``, ``0``, ``−0,5``), with a
    decimal point in English (``1.25``)."""
    sign = "−" if coefficient < 0 else ""
    value = abs(coefficient)
    if value.denominator == 1:
        return f"{sign}{value.numerator}"
    decimals = f"{float(value):.4f}".rstrip("0").rstrip(".")
    return sign + (decimals.replace(".", ",") if lang == "fr" else decimals)
