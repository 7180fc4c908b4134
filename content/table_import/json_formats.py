"""Tables from JSON: Foundry VTT's RollTable (as its "Export Data" writes it) and
Datasworn's oracles (the open data of Ironsworn and Starforged).

Foundry's results have had two shapes, both read: up to v12 a result's words are its
``text`` (its ``type`` a number, 0 for text, before v12, then a string); from v13 they
are its ``name`` and an HTML ``description`` (a result linking a document names it, its
``documentUuid`` kept out). A table's ``formula`` is its die; each result's ``range``
the totals it covers (``[1, 2]``).

Datasworn: an ``oracle_rollable`` has ``dice`` and ``rows``, each with ``roll`` (``min``
and ``max``; ``null`` for a row shown but never rolled), ``text`` and, in some tables,
``text2`` and ``text3``; a row whose ``oracle_rolls`` roll this same table again ("Roll
twice") rolls again. Collections (``oracle_collection``, with ``contents`` and
``collections``) and a whole ruleset (``oracles``) are walked for every table.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import PurePath
from typing import Any

from .drafts import RowDraft, TableDraft, import_error

__all__ = ["json_form", "read_datasworn", "read_foundry"]

_TAG = re.compile(r"<[^>]*>")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_FOUNDRY_LINK = re.compile(r"@\w+\[[^\]]*\]\{([^}]*)\}")
_SPACES = re.compile(r"\s+")
_FOUNDRY_ROLL = re.compile(r"\[\[\s*/(?:r|roll|gmr|gmroll|br|publicroll)\s+([^\]]+?)\s*\]\]", re.I)


def _load(text: str, source: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise import_error(
            source,
            f"line {error.lineno}: not JSON ({error.msg})",
            "json",
            line=error.lineno,
            error=error.msg,
        ) from None


def json_form(text: str, source: str) -> str:
    """``foundry`` or ``datasworn``: which of the two a JSON file is.

    Raises:
        ContentError: for a file that is neither (or not JSON).
    """
    data = _load(text, source)
    if isinstance(data, Mapping):
        if isinstance(data.get("results"), list):
            return "foundry"
        if data.get("type") in ("oracle_rollable", "oracle_collection") or isinstance(
            data.get("oracles"), Mapping
        ):
            return "datasworn"
    raise import_error(
        source,
        "neither a Foundry RollTable (results) nor Datasworn oracles (oracle_rollable)",
        "json_form",
    )


def _words(value: str) -> str:
    """HTML or Markdown made plain words on one line."""
    value = _FOUNDRY_LINK.sub(r"\1", value)
    value = _FOUNDRY_ROLL.sub(r"[[\1]]", value)  # Foundry's inline roll, as meneur writes it
    value = html.unescape(_TAG.sub(" ", value))
    return _SPACES.sub(" ", _LINK.sub(r"\1", value)).strip()


def _whole(value: object, source: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise import_error(source, f"{key}: expected a whole number", "json_number", at=key)
    return int(value)


def read_foundry(text: str, source: str) -> list[TableDraft]:
    """A Foundry VTT RollTable export (see the module).

    Raises:
        ContentError: naming the key (``results[3].range``) of the first problem.
    """
    data = _load(text, source)
    if not isinstance(data, Mapping) or not isinstance(data.get("results"), list):
        raise import_error(source, "results: expected a list of results", "json_key", at="results")
    name = data.get("name")
    draft = TableDraft(name if isinstance(name, str) else PurePath(source).stem, by_line=False)
    formula = data.get("formula")
    results = data["results"]
    # Foundry keeps results in the order they were made; rows read by range.
    for index, result in enumerate(results):
        key = f"results[{index}]"
        if not isinstance(result, Mapping):
            raise import_error(source, f"{key}: expected a result", "json_key", at=key)
        words = [result.get("name"), result.get("text")]
        said = [_words(w) for w in words if isinstance(w, str) and w.strip()]
        description = result.get("description")
        if isinstance(description, str) and _words(description):
            said.append(_words(description))
        said = list(dict.fromkeys(said))  # a v13 name and a migrated text that agree
        if not said:
            raise import_error(
                source, f"{key}: a result without words (name, text)", "json_key", at=f"{key}.text"
            )
        row = RowDraft(" — ".join(said), index + 1)
        span = result.get("range")
        if span is not None:
            if not isinstance(span, list) or len(span) != 2:
                raise import_error(
                    source,
                    f"{key}.range: expected [lowest, highest]",
                    "json_key",
                    at=f"{key}.range",
                )
            low, high = (_whole(v, source, f"{key}.range") for v in span)
            row.range = f"{low}-{high}"
        weight = result.get("weight")
        if weight is not None:
            row.weight = _whole(weight, source, f"{key}.weight")
        draft.rows.append(row)
    if isinstance(formula, str) and formula.strip():
        draft.dice = formula.strip()
    elif draft.rows and all(row.range for row in draft.rows):
        highest = max(int(row.range.split("-")[1]) for row in draft.rows if row.range)
        draft.dice = f"d{highest}"  # Foundry's own: a die as large as the last range
    if draft.dice is None:
        for row in draft.rows:
            row.range = None  # weights alone: a die of their sum
    return [draft]


def read_datasworn(text: str, source: str) -> list[TableDraft]:
    """Datasworn oracles: one table, a collection or a ruleset (see the module).

    Raises:
        ContentError: naming the key (``oracles.core.contents.action.rows[4].roll``) of
            the first problem.
    """
    data = _load(text, source)
    drafts: list[TableDraft] = []
    counted: dict[str, int] = {}
    found = list(_rollables(data, "", ""))
    for _, _, name, _ in found:
        counted[name.casefold()] = counted.get(name.casefold(), 0) + 1
    for where, table, name, parent in found:
        # "Name" in several collections: each said with its collection's name.
        shown = f"{parent} — {name}" if counted[name.casefold()] > 1 and parent else name
        drafts.append(_datasworn_table(table, where, shown, source))
    if not drafts:
        raise import_error(source, "no oracle_rollable table in it", "nothing")
    return drafts


def _rollables(
    data: object, where: str, parent: str
) -> Iterator[tuple[str, Mapping[str, Any], str, str]]:
    """Every rollable table under ``data``: its key path, itself, its name, and the
    name of the collection it is in."""
    if not isinstance(data, Mapping):
        return
    name = data.get("name")
    if data.get("type") == "oracle_rollable" or (
        isinstance(data.get("rows"), list) and "dice" in data
    ):
        shown = name if isinstance(name, str) else where.rsplit(".", 1)[-1]
        yield where or "oracle", data, shown, parent
        return
    here = name if isinstance(name, str) else parent
    for part in ("oracles", "contents", "collections"):
        inner = data.get(part)
        if isinstance(inner, Mapping):
            for key, value in inner.items():
                yield from _rollables(value, f"{where}.{part}.{key}".lstrip("."), here)


def _datasworn_table(table: Mapping[str, Any], where: str, name: str, source: str) -> TableDraft:
    draft = TableDraft(name, by_line=False)
    dice = table.get("dice")
    if not isinstance(dice, str):
        raise import_error(
            source, f"{where}.dice: expected a dice expression", "json_key", at=f"{where}.dice"
        )
    draft.dice = dice
    rows = table.get("rows")
    if not isinstance(rows, list):
        raise import_error(
            source, f"{where}.rows: expected a list of rows", "json_key", at=f"{where}.rows"
        )
    own = table.get("_id")
    for index, row in enumerate(rows):
        key = f"{where}.rows[{index}]"
        if not isinstance(row, Mapping):
            raise import_error(source, f"{key}: expected a row", "json_key", at=key)
        roll = row.get("roll", {"min": row.get("min"), "max": row.get("max")})
        if roll is None:
            continue  # shown in the book, never rolled
        if not isinstance(roll, Mapping):
            raise import_error(
                source, f"{key}.roll: expected min and max, or null", "json_key", at=f"{key}.roll"
            )
        low = _whole(roll.get("min"), source, f"{key}.roll.min")
        high = _whole(roll.get("max"), source, f"{key}.roll.max")
        texts = [row.get(part) for part in ("text", "text2", "text3")]
        said = [_words(t) for t in texts if isinstance(t, str) and _words(t)]
        if not said:
            raise import_error(
                source, f"{key}.text: a row without text", "json_key", at=f"{key}.text"
            )
        # Numbered by its place among the rows (rows[0] is row 1), rolled or not.
        drafted = RowDraft(" — ".join(said), index + 1, range=f"{low}-{high}")
        drafted.again = _again(row.get("oracle_rolls"), own)
        draft.rows.append(drafted)
    return draft


def _again(rolls: object, own: object) -> int:
    """Further rolls on this same table that a row's ``oracle_rolls`` ask for: Datasworn
    says it there, so a row's words ("Roll twice on Theme") are never read for it."""
    if not isinstance(rolls, list):
        return 0
    for roll in rolls:
        if isinstance(roll, Mapping) and roll.get("oracle") in (None, own):
            count = roll.get("number_of_rolls", 2)
            return count if isinstance(count, int) and not isinstance(count, bool) else 2
    return 0
