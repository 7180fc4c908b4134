"""Readable one-screen summaries of odds, rolls and creations for the terminal.

Everything is said in the reader's language (``words``): rule terms in French alone in
French, in English with their French names beside them (:meth:`meneur.content.Term.said`);
the core only returns records, and this module is the CLI's way of showing them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meneur.content import Term, term
from meneur.core import kinds
from meneur.core.kinds import Kind, kind_of
from meneur.core.odds import Odds
from meneur.core.records import RollRecord, fraction_text
from meneur.play.rolls import describe
from meneur.play.tested import signed

from .bars import (
    BAR_WIDTH,
    LINE_WIDTH,
    bar,
    dice_faces,
    kept_distribution,
    kept_lines,
    percent,
    value_bars,
)
from .rooms import own, room_of

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core import expressions

# Records come from rules modules that are loaded already; dispatch is by kind of test
# (meneur.core.kinds: no rules imported) and the few rule constants needed are imported
# locally, so this module loads no system.


def _outcome_term(system: str, key: str) -> Term:
    return term(f"{system}.outcome.{key}")


def render_odds(odds: Odds[Any], words: Strings) -> str:
    """Odds as the test's description, then one bar per outcome with its percentage, in
    the language of ``words``."""
    lines = describe(odds.inputs, words)
    lines.append("")
    only = own(odds.inputs, lambda room: room.SHOWN_OUTCOMES)
    outcomes = dict(odds.outcomes) if only is None else only(odds)
    if outcomes:
        labels = {key: _outcome_term(odds.system, key) for key in outcomes}
        said = {key: label.said(words.lang) for key, label in labels.items()}
        fractions = {key: fraction_text(p) for key, p in outcomes.items()}
        tail = max(map(len, fractions.values()))
        column = max(map(len, said.values()))
        # Label, bar, percentage and fraction on one line when a bar of 10 cells or more
        # still fits in 80 columns; otherwise the label's short form, the whole below.
        width = min(BAR_WIDTH, LINE_WIDTH - column - tail - 13)
        inline = width >= 10
        # A label too long for a bar beside it (a table's row) shows its short form there
        # (French names have one), the whole below.
        room = LINE_WIDTH - BAR_WIDTH - tail - 13
        short = {
            key: _short_label(label, said[key], room, words.lang) for key, label in labels.items()
        }
        if not inline:
            column = max(map(len, short.values()))
            width = BAR_WIDTH
        for key, probability in outcomes.items():
            shown = said[key] if inline else short[key]
            lines.append(
                f"{shown:<{column}}  {bar(probability, width)} {percent(probability, words.lang)}"
                f"  {fractions[key]}"
            )
            if inline:
                continue
            if short[key] != said[key]:
                # The whole French label; an English reader's, its French name.
                lines.append(f"  {said[key]}" if words.lang == "fr" else f"  ({labels[key].fr})")
    successes = _successes(odds)
    if successes is not None:
        total = percent(odds.probability_of(successes), words.lang).strip()
        lines += ["", words.t("shown.any_success", chance=total)]
    lines.extend(_distribution_lines(odds, words))
    return "\n".join(lines)


def _short_label(label: Term, said: str, room: int, lang: str) -> str:
    """An outcome's label in ``room`` cells beside its bar when it can: in French its
    short form, in English the English word without the French name (said below)."""
    if len(said) <= room:
        return said
    if lang == "fr":
        return label.short or said
    return label.en[:1].upper() + label.en[1:]


def _successes(odds: Odds[Any]) -> frozenset[str] | None:
    """The outcomes that count as a success, for a test with several kinds of success
    (the "any success" line), else None: the yes/no oracle's, or those its system's room
    names (``SUCCESSES``)."""
    found = room_of(odds.inputs)
    if found is None:
        return None
    kind, room = found
    if kind == kinds.YESNO:
        from meneur.core.oracles import YESNO_SUCCESSES

        return YESNO_SUCCESSES
    successes = None if room is None else room.SUCCESSES.get(odds.system)
    return None if successes is None else successes()


def _distribution_lines(odds: Odds[Any], words: Strings) -> list[str]:
    laid_out = own(odds.inputs, lambda room: room.DISTRIBUTION)
    if laid_out is not None:
        return laid_out(odds, words)
    kind = kind_of(type(odds.inputs))
    if kind in (kinds.ORACLE, kinds.YESNO):
        return kept_distribution(odds, words)
    if kind == kinds.TABLE:
        from meneur.core.tables import find

        table = find(odds.inputs.tables, odds.inputs.table)
        assert table is not None  # the odds were computed for it
        from meneur.core.table_dice import range_text

        fractions = {number: fraction_text(p) for number, p in odds.distribution.items()}
        column = max(map(len, fractions.values()))
        # A row as the book prints it (01–05), else by its number.
        labels = {
            number: range_text(entry.span, table.dice)
            if entry.span and table.dice is not None
            else str(number)
            for number, entry in enumerate(table.entries, 1)
        }
        width = max(3, *map(len, labels.values()))
        return [
            f"{labels[number]:>{width}}  {bar(p)} {percent(p, words.lang)}  "
            f"{fractions[number]:<{column}}  {table.entries[number - 1].text}"
            for number, p in odds.distribution.items()
        ]
    if kind == kinds.DICE:
        return ["", *value_bars(odds.distribution, words)]
    return []


def render_roll(record: RollRecord[Any], words: Strings, *, seed: bool = True) -> str:
    """A roll as its description, its dice and its outcome in the language of ``words``,
    and its seed unless not ``seed``."""
    lines = describe(record.inputs, words)
    lines.append("")
    kind = kind_of(type(record.inputs))
    renderer = (None if kind is None else _ROLL_LINES.get(kind)) or own(
        record.inputs, lambda room: room.ROLL_LINES
    )
    if renderer is not None:
        lines += renderer(record, words)
    if record.outcome is not None:
        lines.append(f"→ {_outcome_term(record.system, record.outcome).said(words.lang)}")
    after = own(record.inputs, lambda room: room.AFTER_OUTCOME)
    if after is not None:
        lines += after(record, words)
    if kind == kinds.YESNO and getattr(record, "event", False):
        lines.append(words.t("shown.double", name=words.term("solo.event")))
    if seed:
        lines.append(words.t("app.seed", seed=record.seed))
    return "\n".join(lines)


def _expression_lines(record: expressions.DiceRoll, words: Strings) -> list[str]:
    lines = [
        f"{rolled.text}{words.t('shown.colon')}{dice_faces(rolled.dice)} → {signed(rolled.value)}"
        for rolled in record.terms
        if rolled.dice
    ]
    if len(record.terms) > 1:
        parts = " ".join(signed(rolled.value) for rolled in record.terms)
        lines.append(words.t("shown.total", total=f"{parts} = {record.result}"))
    else:
        lines.append(words.t("shown.total", total=record.result))
    return lines


def _table_lines(record: Any, words: Strings) -> list[str]:
    faces = " ".join(str(die.face) for die in record.dice)
    return [words.t("shown.dice", faces=faces), f"→ {record.text}"]


def _progress_lines(record: Any, words: Strings) -> list[str]:
    faces = " ".join(str(d.face) for d in record.dice)
    return [words.t("shown.challenge", faces=faces, result=record.result)]


_ROLL_LINES: dict[Kind, Callable[[Any, Strings], list[str]]] = {
    kinds.TABLE: _table_lines,
    kinds.ORACLE: kept_lines,
    kinds.YESNO: kept_lines,
    kinds.SCENE: lambda record, words: [words.t("shown.d6", result=record.result)],
    kinds.PROGRESS: _progress_lines,
    kinds.DICE: _expression_lines,
}
"""The dice lines of a roll of each kind of test no system owns (a system's own are in
its room: ``ROLL_LINES``)."""
