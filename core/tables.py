"""Random tables: weighted entries that may roll on other tables or roll dice.

An entry's text may hold ``{table}`` (roll on that table, by key or name, and put its
result there) and ``[[2d6]]`` (roll that dice expression and put its total there). A
table is picked by a die with as many faces as its weights add up to, or, when the table
gives ``dice`` (``2d6``, ``d100``, ``d66``), by that roll: the weights then cover its
results from the lowest up (a bell-curve table of 2d6 has weights summing to 11; a d66
table's sum to 36, see :mod:`.table_dice`). Rows may also be given as books print them,
by ranges (``01–05``, ``96–00``: :func:`ranged`), and a row may ask to roll ``again``
on the table, keeping every result.

The record keeps every table the roll could reach, so it replays from its seed alone.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import field, replace
from typing import ClassVar

from meneur.core.frozen import frozen

from .dice import Die, draw
from .errors import RulesError
from .expressions import DiceInputs
from .expressions import roll as roll_expression
from .notation import parse
from .odds import Odds
from .records import QUIET_DEFAULT, RollRecord
from .table_dice import digits_of, parse_range, place_of, results_of, spans_to_weights

SYSTEM = "tables"
MAX_DEPTH = 8
"""How deep tables may call each other before meneur calls it a loop."""
MAX_AGAIN = 5
"""Most further rolls a row may ask for ("roll twice" is 2)."""
MAX_REROLLS = 100
"""Most rows asking to roll again that further rolls may land on and roll past."""
AGAIN_JOIN = " · "
"""Between the results a row asking to roll again keeps."""
_REFERENCE = re.compile(r"\{([^{}]+)\}|\[\[([^\[\]]+)\]\]")


@frozen
class TableEntry:
    """One line of a table and its weight (how many faces it covers).

    ``literal``: the text is shown as it is, braces and all: an entry made from a
    campaign's list (a thread called ``{0}``) names that item and rolls on nothing.
    ``span``: the lowest and highest results it covers, as a book prints them (empty
    for a row given by its weight alone).
    ``again``: how many more times to roll on the table when this row comes up ("roll
    twice": 2), keeping every result; a further roll landing on such a row rolls again.
    """

    text: str
    weight: int = 1
    literal: bool = field(default=False, metadata=QUIET_DEFAULT)
    span: tuple[int, ...] = field(default=(), metadata=QUIET_DEFAULT)
    again: int = field(default=0, metadata=QUIET_DEFAULT)

    def references(self) -> Iterator[re.Match[str]]:
        """The ``{table}`` and ``[[dice]]`` in the text (none in a literal entry)."""
        return iter(()) if self.literal else _REFERENCE.finditer(self.text)


@frozen
class RandomTable:
    """A random table.

    Attributes:
        key: its short name (``encounters``), used in ``{encounters}``.
        name: its display name.
        entries: its lines.
        dice: a dice expression to roll instead of one die over the weights.

    Raises:
        RulesError: without entries, or with a weight below 1.
    """

    key: str
    name: str
    entries: tuple[TableEntry, ...]
    dice: str | None = None

    def __post_init__(self) -> None:
        if not self.entries:
            raise RulesError(
                f"table {self.key} has no entries", message_key="tables.empty", table=self.key
            )
        if any(entry.weight < 1 for entry in self.entries):
            raise RulesError(
                f"table {self.key}: every weight is 1 or more",
                message_key="tables.weight",
                table=self.key,
            )
        self._check_rows()
        if self.dice is not None:
            results = results_of(self.dice)
            low, high = results[0], results[-1]
            if self.total_weight != len(results):
                raise RulesError(
                    f"table {self.key} rolls {self.dice} ({low} to {high}) but its weights "
                    f"add up to {self.total_weight}, not {high - low + 1}",
                    message_key="tables.dice_weights",
                    table=self.key,
                    dice=self.dice,
                    low=low,
                    high=high,
                    total=self.total_weight,
                    wanted=len(results),
                )
        for entry in self.entries:
            for match in entry.references():
                if match.group(2):
                    parse(match.group(2))  # an inline roll that cannot be read

    def _check_rows(self) -> None:
        """Rows asking to roll again leave one that does not; ranges, when given, cover
        the die's results once, in order, each row weighing what it covers."""
        for number, entry in enumerate(self.entries, 1):
            if not 0 <= entry.again <= MAX_AGAIN:
                raise RulesError(
                    f"table {self.key}: row {number} rolls again 0 to {MAX_AGAIN} times,"
                    f" not {entry.again}",
                    message_key="tables.again_count",
                    table=self.key,
                    row=number,
                    most=MAX_AGAIN,
                    again=entry.again,
                )
        if all(entry.again for entry in self.entries):
            raise RulesError(
                f"table {self.key}: every row rolls again, so no roll would ever end",
                message_key="tables.again_only",
                table=self.key,
            )
        spans = [entry.span for entry in self.entries if entry.span]
        if not spans:
            return
        if len(spans) != len(self.entries) or self.dice is None:
            raise RulesError(
                f"table {self.key}: ranges are for every row of a table with dice, or none",
                message_key="tables.ranges_all",
                table=self.key,
            )
        if any(len(span) != 2 for span in spans):
            raise RulesError(
                f"table {self.key}: a range is its lowest and highest result",
                message_key="tables.range_pair",
                table=self.key,
            )
        numbers = range(1, len(spans) + 1)
        order, weights = spans_to_weights(self.dice, [(s[0], s[1]) for s in spans], numbers)
        for place, (index, weight) in enumerate(zip(order, weights, strict=True), 1):
            if index != place - 1 or self.entries[index].weight != weight:
                raise RulesError(
                    f"table {self.key}: row {place}'s range covers {weight} results,"
                    f" in order (its weight is {self.entries[index].weight})",
                    message_key="tables.range_weight",
                    table=self.key,
                    row=place,
                    weight=weight,
                )

    @property
    def total_weight(self) -> int:
        """The sum of the weights: the faces of the die that picks an entry."""
        return sum(entry.weight for entry in self.entries)

    def entry_at(self, position: int) -> int:
        """The index of the entry covering ``position`` (1 … total weight)."""
        reached = 0
        for index, entry in enumerate(self.entries):
            reached += entry.weight
            if position <= reached:
                return index
        raise RulesError(
            f"table {self.key!r} has no entry at {position}",
            message_key="tables.no_entry",
            table=self.key,
            position=position,
        )

    def references(self) -> Iterator[str]:
        """The tables this one's entries roll on."""
        for entry in self.entries:
            for match in entry.references():
                if match.group(1):
                    yield match.group(1).strip()


def ranged(
    key: str,
    name: str,
    dice: str,
    rows: Sequence[tuple[str, TableEntry]],
    numbers: Sequence[int] | None = None,
    *,
    by_line: bool = False,
) -> RandomTable:
    """A table whose rows are given as books print them: each a range of ``dice``'s
    results (``01–05``, ``96–00``, ``7``, ``10+``) and its entry; rows are sorted by
    range and weigh what they cover.

    Args:
        rows: each row's range text and its entry (its weight is replaced).
        numbers: how each row is numbered in a refusal (default 1, 2, …; with
            ``by_line``, the file's line numbers).

    Raises:
        RulesError: naming the row, for a range that cannot be read, is past the die,
            overlaps another or leaves a gap (see :mod:`.table_dice`).
    """
    numbers = list(numbers) if numbers is not None else list(range(1, len(rows) + 1))
    spans = [
        parse_range(text, dice, number, by_line=by_line)
        for (text, _), number in zip(rows, numbers, strict=True)
    ]
    order, weights = spans_to_weights(dice, spans, numbers, by_line=by_line)
    entries = tuple(
        replace(rows[index][1], weight=weight, span=spans[index])
        for index, weight in zip(order, weights, strict=True)
    )
    return RandomTable(key, name, entries, dice)


def check_tables(own: Iterable[RandomTable], others: Iterable[RandomTable] = ()) -> None:
    """Check that every ``{table}`` of ``own`` tables names a table (of ``own`` or of
    ``others``, the shipped ones), and that no table rolls on itself, however far round.

    Raises:
        RulesError: naming the table and the reference.
    """
    own = tuple(own)
    pool = [*own, *others]
    for table in own:
        # A loop: a table reachable from this one (itself included) refers back to it.
        for current in TableQuery.of(table, pool).tables:
            for name in current.references():
                found = find(pool, name)
                if found is not None and found.key == table.key:
                    raise RulesError(
                        f"table {table.key} rolls on itself through {{{name}}}",
                        message_key="tables.itself",
                        table=table.key,
                        name=name,
                    )


def find(tables: Iterable[RandomTable], name: str) -> RandomTable | None:
    """The table whose key or name is ``name`` (case, accents and outer spaces ignored:
    ``meteo`` finds ``Météo``, as a campaign written when the French tables had French
    keys refers to it)."""
    wanted = plain_name(name)
    for table in tables:
        if wanted in (plain_name(table.key), plain_name(table.name)):
            return table
    return None


def plain_name(name: str) -> str:
    """``name`` without case, accents or outer spaces."""
    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@frozen
class TableQuery:
    """A roll on a table, with every table it may reach (so it replays on its own).

    Attributes:
        table: the key of the table rolled.
        tables: the table and every table reachable from it.
    """

    table: str
    tables: tuple[RandomTable, ...]

    @classmethod
    def of(cls, table: RandomTable, available: Iterable[RandomTable]) -> TableQuery:
        """The query for ``table``, gathering the tables it refers to from ``available``.

        Raises:
            RulesError: when a referred table does not exist.
        """
        pool = list(available)
        reached = {table.key: table}
        pending = [table]
        while pending:
            current = pending.pop()
            for name in current.references():
                found = find(pool, name)
                if found is None:
                    raise RulesError(
                        f"table {current.key} rolls on {{{name}}}, which does not exist",
                        message_key="tables.rolls_on_none",
                        table=current.key,
                        name=name,
                    )
                if found.key not in reached:
                    reached[found.key] = found
                    pending.append(found)
        return cls(table.key, tuple(reached.values()))


@frozen(kw_only=True)
class TableRoll(RollRecord[TableQuery]):
    """A table roll. ``result`` is the first entry picked (1-based); no outcome.

    Attributes:
        text: the result with every ``{table}`` and ``[[dice]]`` filled in.
        picks: every (table key, entry number) picked, in order.
    """

    system: ClassVar[str] = SYSTEM
    text: str
    picks: tuple[tuple[str, int], ...]


class _Roller:
    def __init__(self, query: TableQuery, rng: random.Random) -> None:
        self.query = query
        self.rng = rng
        self.dice: list[Die] = []
        self.picks: list[tuple[str, int]] = []

    def pick(self, table: RandomTable) -> int:
        if table.dice is None:
            face = draw(self.rng, table.total_weight)
            self.dice.append(Die(table.total_weight, face, role=f"table:{table.key}"))
            return table.entry_at(face)
        digits = digits_of(table.dice)
        if digits:  # a d66: tens, then units, read as digits
            faces = [draw(self.rng, 6) for _ in range(digits)]
            self.dice += [Die(6, face, role=f"table:{table.key}") for face in faces]
            return table.entry_at(place_of(table.dice, int("".join(map(str, faces)))))
        rolled = roll_expression(DiceInputs(table.dice), self.rng)
        self.dice += [Die(d.sides, d.face, f"table:{table.key}", d.kept) for d in rolled.dice]
        # The weights cover every result (checked when the table was made).
        return table.entry_at(place_of(table.dice, rolled.result))

    def expand(self, table: RandomTable, depth: int) -> str:
        if depth > MAX_DEPTH:
            raise RulesError(
                f"tables roll on each other too deep (from {self.query.table!r}): a loop?",
                message_key="tables.too_deep",
                table=self.query.table,
            )
        index = self.pick(table)
        self.picks.append((table.key, index + 1))
        entry = table.entries[index]
        if entry.again:
            return AGAIN_JOIN.join(self.again(table, entry.again, depth))
        return self.fill(entry, depth)

    def again(self, table: RandomTable, times: int, depth: int) -> list[str]:
        """``times`` further results of ``table``, each rolled until it lands on a row
        that does not itself ask to roll again (as books say: "roll twice more, ignoring
        this result")."""
        kept: list[str] = []
        rerolls = 0
        while len(kept) < times:
            index = self.pick(table)
            self.picks.append((table.key, index + 1))
            entry = table.entries[index]
            if not entry.again:
                kept.append(self.fill(entry, depth))
                continue
            rerolls += 1
            if rerolls > MAX_REROLLS:
                raise RulesError(
                    f"table {table.key} landed on rows asking to roll again"
                    f" {MAX_REROLLS} times in a row",
                    message_key="tables.again_endless",
                    table=table.key,
                    most=MAX_REROLLS,
                )
        return kept

    def fill(self, entry: TableEntry, depth: int) -> str:
        if entry.literal:
            return entry.text
        text = entry.text

        def fill(match: re.Match[str]) -> str:
            if match.group(1):
                found = find(self.query.tables, match.group(1))
                if found is None:
                    raise RulesError(
                        f"no table {match.group(1)!r}",
                        message_key="tables.none",
                        table=match.group(1),
                    )
                return self.expand(found, depth + 1)
            rolled = roll_expression(DiceInputs(match.group(2)), self.rng)
            self.dice += [Die(d.sides, d.face, "inline", d.kept) for d in rolled.dice]
            return str(rolled.result)

        return _REFERENCE.sub(fill, text)


def roll(query: TableQuery, rng: random.Random) -> TableRoll:
    """Roll on the query's table, filling in every reference.

    Raises:
        RulesError: for a missing table, a bad inline expression, or a loop.
    """
    table = find(query.tables, query.table)
    if table is None:
        raise RulesError(f"no table {query.table!r}", message_key="tables.none", table=query.table)
    roller = _Roller(query, rng)
    text = roller.expand(table, 0)
    return TableRoll(
        inputs=query,
        dice=tuple(roller.dice),
        result=roller.picks[0][1],
        outcome=None,
        success=None,
        text=text,
        picks=tuple(roller.picks),
    )


class _Faces(random.Random):
    """Dice that show the faces given, in order (physical dice typed in)."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.sides: list[int] = []

    def randint(self, a: int, b: int) -> int:
        self.sides.append(b)
        if not self.faces:
            raise RulesError(
                f"the table asks for more dice: a d{b} now",
                message_key="dice.more_faces",
                sides=b,
            )
        face = self.faces.pop(0)
        if not a <= face <= b:
            raise RulesError(
                f"a d{b} cannot show {face}", message_key="dice.impossible_face", sides=b, face=face
            )
        return face


def resolve(query: TableQuery, faces: tuple[int, ...]) -> TableRoll:
    """Roll on the query's table with the faces of physical dice, in the order the
    table asks for them (its own dice, then each reference's).

    Raises:
        RulesError: for too few or too many faces, an impossible one, or what
            :func:`roll` refuses.
    """
    given = _Faces(faces)
    rolled = roll(query, given)
    if given.faces:
        raise RulesError(
            f"the table rolled {len(given.sides)} dice, not {len(faces)}",
            message_key="dice.fewer_faces",
            rolled=len(given.sides),
            given=len(faces),
        )
    return rolled


def odds(query: TableQuery) -> Odds[TableQuery]:
    """Exact odds of each entry of the query's table (by its number, 1 first): its
    weight over the total, or, for a table rolled with dice, the chance of the totals it
    covers. What an entry's own ``{table}`` or ``[[dice]]`` then gives is not counted.

    Raises:
        RulesError: for a missing table, or dice whose odds would take too long.
    """
    from fractions import Fraction

    table = find(query.tables, query.table)
    if table is None:
        raise RulesError(f"no table {query.table!r}", message_key="tables.none", table=query.table)
    if table.dice is None or digits_of(table.dice):  # every face or digit as likely
        total = table.total_weight
        chances = {i + 1: Fraction(e.weight, total) for i, e in enumerate(table.entries)}
    else:
        from .dice_odds import odds as dice_odds

        chances = {}
        for result, p in dice_odds(DiceInputs(table.dice)).distribution.items():
            number = table.entry_at(place_of(table.dice, result)) + 1
            chances[number] = chances.get(number, Fraction(0)) + p
    return Odds(
        system=SYSTEM, inputs=query, outcomes={}, distribution=dict(sorted(chances.items()))
    )
