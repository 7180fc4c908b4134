"""Luck in words and as data, the same for every front end: ``meneur stats`` and the
app's Luck view (see :mod:`meneur.play.stats`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .reading import Translate
from .stats import Stats, Tally
from .tested import language_of


def title(campaign_name: str, t: Translate, *, session: int | None, whom: str | None) -> str:
    """What was counted: the campaign, a session, a character."""
    when = [t("stats.session", number=session)] if session else []
    return " — ".join([t("stats.title", name=campaign_name), *when, *([whom] if whom else [])])


def face_groups(counts: tuple[int, ...]) -> list[tuple[str, int]]:
    """How often each face came, a d100's by tens (01-10…91-100): (label, count)."""
    if len(counts) == 100:
        return [
            (f"{i * 10 + 1:02d}-{i * 10 + 10:02d}", sum(counts[i * 10 : i * 10 + 10]))
            for i in range(10)
        ]
    return [(str(face), count) for face, count in enumerate(counts, start=1)]


def _tally_data(tally: Tally) -> dict[str, Any]:
    return {
        "rolls": tally.rolls,
        "successes": tally.successes,
        "expected_successes": round(tally.expected, 4),
        "luck": round(tally.luck, 6),
    }


def stats_data(measured: Stats, names: Mapping[str, str], *, gm: bool) -> dict[str, Any]:
    """Luck as data (``meneur stats --json``): characters by name, and by key for the
    GM only (a key is never shown to anyone else)."""
    characters = []
    for ident, tally in measured.characters:
        item: dict[str, Any] = {"name": names.get(ident, "?")}
        if gm:
            item["id"] = ident
        characters.append(item | _tally_data(tally))
    return {
        **_tally_data(measured.whole),
        "left_out": measured.left_out,
        "characters": characters,
        "outcomes": {
            system: {
                name: {"count": count, "expected": round(expected, 4)}
                for name, (count, expected) in outcomes.items()
            }
            for system, outcomes in measured.outcomes.items()
        },
        "faces": {f"d{sides}": list(counts) for sides, counts in measured.faces.items()},
    }


def luck_words(luck: float, t: Translate) -> str:
    """How lucky a run was, in words."""
    for bound, key in ((0.05, "very_unlucky"), (0.25, "unlucky"), (0.75, "average")):
        if luck < bound:
            return t(f"stats.{key}")
    return t("stats.very_lucky" if luck >= 0.95 else "stats.lucky")


def _decimal(value: float, t: Translate) -> str:
    """A count to one decimal, written the reader's way (``16,4`` in French)."""
    from meneur.content.outcomes import typeset_number

    return typeset_number(f"{value:.1f}", language_of(t))


def percent(value: float, lang: str) -> str:
    """A luck as a percentage: ``100 %`` only when no run could have done better."""
    from fractions import Fraction

    from meneur.content.outcomes import percent_text, typeset_number

    if value >= 1 - 1e-12:
        return typeset_number("100 %", lang)
    if value > 0.999:
        return typeset_number("> 99.9 %", lang)
    return percent_text(Fraction(value), lang)


def stats_lines(
    measured: Stats,
    names: Mapping[str, str],
    t: Translate,
    *,
    character: str | None = None,
) -> list[str]:
    """Luck in words, a line each: the rolls, their successes and those expected, the
    luck; each character's (unless one only was counted), the outcomes against their
    expectation, the faces of the d100s and d6s against an even spread."""
    from meneur.content import ContentError, term

    from .reading import outcome_words

    lines = []
    whole = measured.whole
    if not whole.rolls:
        lines.append(t("stats.none"))
    else:
        lines.append(
            t("stats.counted", rolls=whole.rolls, successes=whole.successes)
            + " "
            + t("stats.expected", expected=_decimal(whole.expected, t))
        )
        lines.append(
            t(
                "stats.luck",
                percent=percent(whole.luck, language_of(t)),
                words=luck_words(whole.luck, t),
            )
        )
    if measured.left_out:
        lines.append(t("stats.left_out", count=measured.left_out))
    if len(measured.characters) > 1 and not character:
        lines += ["", t("stats.characters")]
        width = max(len(names.get(ident, "?")) for ident, _ in measured.characters)
        for ident, tally in measured.characters:
            lines.append(
                f"  {names.get(ident, '?'):<{width}}  "
                + t("stats.counted", rolls=tally.rolls, successes=tally.successes)
                + " "
                + t("stats.expected", expected=_decimal(tally.expected, t))
                + " — "
                + t("stats.luck_short", percent=percent(tally.luck, language_of(t)))
            )
    for system, outcomes in measured.outcomes.items():
        try:
            system_name = term(f"system.{system}").said(language_of(t))
        except ContentError:
            system_name = system
        lines += ["", t("stats.outcomes", system=system_name)]
        lang = language_of(t)
        shown = [(outcome_words(system, name, lang), n, e) for name, (n, e) in outcomes.items()]
        width = max(len(words) for words, _, _ in shown)
        for words, count, expected in shown:
            lines.append(
                f"  {words:<{width}}  {count:>5}  "
                + t("stats.against", expected=_decimal(expected, t))
            )
    for sides, counts in measured.faces.items():
        lines += ["", faces_line(sides, counts, t)]
    return lines


def faces_line(sides: int, counts: tuple[int, ...], t: Translate) -> str:
    """How often each face came (a d100's by tens), and what an even spread gives."""
    groups = face_groups(counts)
    thrown = sum(counts)
    each = thrown / len(groups)
    spread = " · ".join(f"{label}: {count}" for label, count in groups)
    return t("stats.faces", die=f"d{sides}", thrown=thrown, spread=spread, each=_decimal(each, t))
