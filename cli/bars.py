"""The pieces the command line's text is made of — bars, percentages, a roll's faces, a
keep-under test's lines — shared by its text (:mod:`meneur.cli.text`) and each system's
room: they ask no room."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from meneur.core.dice import FATE, Die
from meneur.core.odds import Odds
from meneur.core.records import fraction_text

if TYPE_CHECKING:
    from meneur.content.strings import Strings

BAR_WIDTH = 20
LINE_WIDTH = 80


def percent(probability: Fraction, lang: str) -> str:
    """A probability as a percentage with two decimals: ``" 37.50 %"`` (in French
    ``" 37,50 %"``); a possible outcome never reads as 0.00 %."""
    from meneur.content.outcomes import typeset_number

    if 0 < probability < Fraction(1, 20_000):
        return typeset_number(" <0.01 %", lang)
    return typeset_number(f"{float(probability) * 100:6.2f} %", lang)


def bar(probability: Fraction, width: int = BAR_WIDTH) -> str:
    """A bar of ``width`` cells filled in proportion to ``probability``."""
    filled = round(float(probability) * width)
    return "█" * filled + "░" * (width - filled)


def kept_distribution(odds: Odds[Any], words: Strings) -> list[str]:
    """How many dice a keep-under test keeps, in percent; an oracle under the tension
    adds the chance of a random event."""
    cells = "  ".join(
        f"{kept}{words.t('shown.colon')}{percent(p, words.lang).strip()}"
        for kept, p in odds.distribution.items()
    )
    lines = ["", words.t("shown.kept_dice", cells=cells)]
    tension = getattr(odds.inputs, "tension", None)
    if tension is not None:
        from meneur.core.oracles import event_chance

        chance = event_chance(tension)
        lines.append(
            words.t(
                "shown.event",
                name=words.term("solo.event"),
                chance=percent(chance, words.lang).strip(),
                fraction=fraction_text(chance),
            )
        )
    return lines


def difference_bars(odds: Odds[Any], words: Strings) -> list[str]:
    """An opposed test's odds of each difference between the two sides."""
    return ["", words.t("shown.difference"), *value_bars(odds.distribution, words)]


def value_bars(distribution: Mapping[int, Fraction], words: Strings) -> list[str]:
    """One bar per value; long distributions show their range, mean and quartiles."""
    if len(distribution) <= 24:
        top = max(distribution.values())
        return [
            f"{total:>6}  {bar(p / top)} {percent(p, words.lang)}  {fraction_text(p)}"
            for total, p in distribution.items()
        ]
    mean = sum((total * p for total, p in distribution.items()), Fraction(0))
    cumulative = Fraction(0)
    quartiles: list[int] = []
    for total, p in distribution.items():
        cumulative += p
        while len(quartiles) < 3 and cumulative >= Fraction(len(quartiles) + 1, 4):
            quartiles.append(total)
    return [
        words.t(
            "shown.totals",
            low=min(distribution),
            high=max(distribution),
            count=len(distribution),
        ),
        words.t(
            "shown.mean",
            mean=f"{float(mean):.2f}",
            quartiles=", ".join(str(quartile) for quartile in quartiles),
        ),
    ]


def dice_faces(dice: Iterable[Die], marked: Callable[[Die], bool] | None = None) -> str:
    """Faces side by side; dice that count (kept, or a success) in brackets.

    Args:
        dice: the dice to show.
        marked: which dice to bracket; by default those marked kept.
    """
    shown = []
    for die in dice:
        face = f"{die.face:+d}" if die.sides == FATE else str(die.face)
        bracket = marked(die) if marked is not None else bool(die.kept)
        shown.append(f"[{face}]" if bracket else face)
    return " ".join(shown)


def kept_lines(record: Any, words: Strings) -> list[str]:
    if not record.dice:
        return []
    return [words.t("shown.kept", faces=dice_faces(record.dice), result=record.result)]
