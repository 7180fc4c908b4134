"""Readable one-screen summaries of odds, rolls and creations for the terminal.

Rule terms are shown in French with their English gloss (from ``meneur.content``); the
core only returns records, and this module is the CLI's way of showing them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from meneur.content import Term, term
from meneur.core import cosmos, cosmos_creation, expressions, oracles, resolution
from meneur.core.dice import FATE, Die
from meneur.core.odds import Odds
from meneur.core.records import RollRecord, fraction_text

SUCCESSES = {
    resolution.SYSTEM: resolution.SUCCESSES,
    cosmos.SYSTEM: cosmos.SUCCESSES,
    oracles.YESNO: frozenset({"yes_and", "yes_but"}),
}
"""Outcome keys that count as a success, for the "any success" line."""
BAR_WIDTH = 20
LINE_WIDTH = 80


def percent(probability: Fraction) -> str:
    """A probability as a percentage with two decimals: ``" 37.50 %"``; a possible
    outcome never reads as 0.00 %."""
    if 0 < probability < Fraction(1, 20_000):
        return " <0.01 %"
    return f"{float(probability) * 100:6.2f} %"


def bar(probability: Fraction, width: int = BAR_WIDTH) -> str:
    """A bar of ``width`` cells filled in proportion to ``probability``."""
    filled = round(float(probability) * width)
    return "█" * filled + "░" * (width - filled)


def signed(value: int) -> str:
    """An integer with its sign, using a true minus: ``+2``, ``−2``, ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def _outcome_term(system: str, key: str) -> Term:
    return term(f"{system}.outcome.{key}")


def describe(inputs: object) -> list[str]:
    """The lines that say what is being tested, before odds or dice."""
    if isinstance(inputs, resolution.ResolutionTest):
        return _describe_resolution(inputs)
    if isinstance(inputs, oracles.OracleQuestion):
        lines = [
            f"{term('system.oracle').glossed}",
            f"Score {inputs.lean.score} : {term(f'oracle.lean.{inputs.lean.value}').glossed}",
        ]
        return lines + ([f"« {inputs.question} »"] if inputs.question else [])
    if isinstance(inputs, oracles.YesNoQuestion):
        likelihood = term(f"yesno.likelihood.{inputs.likelihood}")
        lines = [
            f"{term('system.yesno').glossed}",
            f"Probabilité (likelihood) {inputs.likelihood} : {likelihood.glossed}"
            f" — score {inputs.score}",
        ]
        return lines + ([f"« {inputs.question} »"] if inputs.question else [])
    if isinstance(inputs, cosmos.CosmosTest):
        return _describe_cosmos(inputs)
    if isinstance(inputs, cosmos.IntuitionTest):
        return [
            term("system.intuition").glossed,
            f"Intuition {inputs.intuition} : 1d6 ≤ {inputs.intuition} → vraie (true)",
        ]
    if isinstance(inputs, expressions.DiceInputs):
        return [f"{term('system.dice').glossed} : {inputs.expression}"]
    raise TypeError(f"no description for {type(inputs).__name__}")


def _describe_resolution(test: resolution.ResolutionTest) -> list[str]:
    lines = [term("system.resolution").glossed]
    if test.intrinsic is not None and test.interest is not None:
        intrinsic = term(f"resolution.intrinsic.{test.intrinsic.value}")
        interest = term(f"resolution.interest.{test.interest.value}")
        lines.append(
            f"Difficulté (difficulty) : {intrinsic.glossed} {signed(test.intrinsic.modifier)}"
            f", {interest.glossed} {signed(test.interest.modifier)} → {signed(test.difficulty)}"
        )
    elif test.opposing is not None:
        defender = " + ".join(str(score) for score in test.opposing) or "0"
        lines.append(
            f"Opposition (opposed) : 3 − ({defender}) → difficulté {signed(test.difficulty)}"
        )
    if test.elements:
        shown = ", ".join(
            f"{element.score}" + (" typique (typical)" if element.typical else "")
            for element in test.elements
        )
        lines.append(f"Éléments (elements) : {shown}")
    score = test.score_to_beat
    automatic = resolution.automatic_kept(score)
    note = ""
    if automatic is not None:
        kind = "success" if automatic else "failure"
        note = f" — {term(f'resolution.automatic.{kind}').glossed}, sans jet (no roll)"
    lines.append(f"Score à battre (score to beat) : {score}{note}")
    alteration = term(f"resolution.alteration.{test.alteration.value}")
    lines.append(f"Altération : {alteration.glossed} — {alteration.hint_fr}")
    return lines


def _describe_cosmos(test: cosmos.CosmosTest) -> list[str]:
    if test.stats:
        mean = sum(test.stats) // len(test.stats)
        base = f"moyenne (mean) de {', '.join(map(str, test.stats))} = {mean}"
    else:
        base = str(test.threshold)
    bonus = f", bonus {signed(test.bonus)} → {test.effective_threshold}" if test.bonus else ""
    sign = cosmos.karma_die_sign(test.karma)
    effect = term(
        "cosmos.karma.add"
        if sign > 0
        else "cosmos.karma.subtract"
        if sign < 0
        else "cosmos.karma.none"
    )
    lines = [
        term("system.cosmos").glossed,
        f"Seuil (threshold) : {base}{bonus}",
        f"Karma {signed(test.karma)} : {effect.fr} ({effect.en})",
    ]
    if test.karma == cosmos.KARMA_MIN:
        lines.append("Karma −10 : pas de réussite super-critique, critique seulement sur 42")
    if test.karma == cosmos.KARMA_MAX:
        lines.append("Karma +10 : pas d'échec super-critique, critique seulement sur 66")
    return lines


def _shown_outcomes(odds: Odds[Any]) -> dict[str, Fraction]:
    """Outcomes worth a bar: for an action, only those its alteration column can give."""
    if isinstance(odds.inputs, resolution.ResolutionTest):
        column = set(resolution.ALTERATION_TABLE[odds.inputs.alteration])
        return {key: p for key, p in odds.outcomes.items() if key in column}
    return dict(odds.outcomes)


def render_odds(odds: Odds[Any]) -> str:
    """Odds as the test's description, then one bar per outcome with its percentage."""
    lines = describe(odds.inputs)
    lines.append("")
    outcomes = _shown_outcomes(odds)
    if outcomes:
        labels = {key: _outcome_term(odds.system, key) for key in outcomes}
        glossed = {key: label.glossed for key, label in labels.items()}
        fractions = {key: fraction_text(p) for key, p in outcomes.items()}
        tail = max(map(len, fractions.values()))
        column = max(map(len, glossed.values()))
        # Label, bar, percentage and fraction on one line when a bar of 10 cells or more
        # still fits in 80 columns; otherwise the English gloss goes on a line below.
        width = min(BAR_WIDTH, LINE_WIDTH - column - tail - 13)
        inline = width >= 10
        if not inline:
            column = max(len(label.fr) for label in labels.values())
            width = BAR_WIDTH
        for key, probability in outcomes.items():
            shown = glossed[key] if inline else labels[key].fr
            lines.append(
                f"{shown:<{column}}  {bar(probability, width)} {percent(probability)}"
                f"  {fractions[key]}"
            )
            if not inline and labels[key].en.casefold() != labels[key].fr.casefold():
                lines.append(f"  {labels[key].en}")
    successes = SUCCESSES.get(odds.system)
    if successes is not None:
        total = percent(odds.probability_of(successes)).strip()
        lines += ["", f"Réussite au total (any success) : {total}"]
    lines.extend(_distribution_lines(odds))
    return "\n".join(lines)


def _distribution_lines(odds: Odds[Any]) -> list[str]:
    distribution = odds.distribution
    if isinstance(
        odds.inputs, resolution.ResolutionTest | oracles.OracleQuestion | oracles.YesNoQuestion
    ):
        cells = "  ".join(f"{kept}: {percent(p).strip()}" for kept, p in distribution.items())
        return ["", f"Dés conservés (kept dice)  {cells}"]
    if isinstance(odds.inputs, expressions.DiceInputs):
        return _dice_distribution(distribution)
    return []


def _dice_distribution(distribution: Mapping[int, Fraction]) -> list[str]:
    """Totals with bars; long distributions show their range, mean and quartiles."""
    if len(distribution) <= 24:
        top = max(distribution.values())
        return [
            f"{total:>6}  {bar(p / top)} {percent(p)}  {fraction_text(p)}"
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
        f"Totaux (totals) : {min(distribution)} … {max(distribution)}"
        f"  ({len(distribution)} valeurs)",
        f"Moyenne (mean) : {float(mean):.2f}  Quartiles : {quartiles[0]}, {quartiles[1]}, "
        f"{quartiles[2]}",
    ]


def dice_faces(dice: Iterable[Die]) -> str:
    """Faces side by side; kept dice in brackets when the rule keeps some and not others."""
    shown = []
    for die in dice:
        face = f"{die.face:+d}" if die.sides == FATE else str(die.face)
        shown.append(f"[{face}]" if die.kept else face)
    return " ".join(shown)


def render_roll(record: RollRecord[Any]) -> str:
    """A roll as its description, its dice and its outcome in French with the gloss."""
    lines = describe(record.inputs)
    lines.append("")
    if isinstance(record, resolution.ResolutionRoll | oracles.OracleAnswer | oracles.YesNoAnswer):
        if record.dice:
            lines.append(
                f"Dés (dice) : {dice_faces(record.dice)}  → {record.result} conservé(s) (kept)"
            )
    elif isinstance(record, cosmos.CosmosRoll):
        if record.karma_die is None:
            lines.append(f"d100 : {record.natural}")
        else:
            shift = cosmos.karma_die_sign(record.inputs.karma) * record.karma_die
            lines.append(
                f"d100 : {record.natural}, d10 de karma : {signed(shift)} → {record.result}"
            )
    elif isinstance(record, cosmos.IntuitionRoll):
        lines.append(f"d6 : {record.result}")
    elif isinstance(record, expressions.DiceRoll):
        for rolled in record.terms:
            if rolled.dice:
                lines.append(f"{rolled.text} : {dice_faces(rolled.dice)} → {signed(rolled.value)}")
        parts = " ".join(signed(rolled.value) for rolled in record.terms)
        lines.append(
            f"Total : {parts} = {record.result}"
            if len(record.terms) > 1
            else f"Total : {record.result}"
        )
    if record.outcome is not None:
        lines.append(f"→ {_outcome_term(record.system, record.outcome).glossed}")
    if isinstance(record, cosmos.CosmosRoll):
        lines.append(f"Karma : {signed(record.inputs.karma)} → {signed(record.karma_after)}")
    lines.append(f"seed {record.seed}")
    return "\n".join(lines)


def render_creation(
    record: cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion,
) -> str:
    """Creation (or conversion) rolls, with every reroll shown."""
    if isinstance(record, cosmos_creation.CosmosConversion):
        lines = [
            f"{term('system.cosmos').fr} — {term('cosmos.creation.conversion').glossed}",
            *_bounded_lines(record.dice_roll, "2d100"),
            "À répartir entre Précision et Chance, puis jusqu'à 20 points à déplacer "
            "(give to Précision and Chance, then move up to 20 points)",
            f"seed {record.seed}",
        ]
        return "\n".join(lines)
    pv_pm = record.pv_pm
    lines = [f"{term('system.cosmos').fr} — création (character creation)"]
    for attempt in pv_pm.attempts[:-1]:
        lines.append(
            f"  10d100 : {' '.join(map(str, attempt))} = {sum(attempt)} → relancés (rerolled)"
        )
    lines.append(
        f"{term('cosmos.creation.pv_pm').glossed} : {' '.join(map(str, pv_pm.dice))}"
        f" = {sum(pv_pm.dice)}"
    )
    if record.pv is not None and record.pm is not None:
        lines.append(f"  PV {record.pv}, PM {record.pm}")
    else:
        lines.append("  5 dés aux PV, 5 aux PM (five dice to PV, five to PM)")
    lines += _bounded_lines(record.stats, "6d100", label=term("cosmos.creation.stats").glossed)
    stats = ", ".join(term(f"cosmos.stat.{stat}").fr for stat in cosmos_creation.STATS)
    lines.append(f"  un dé par stat (one die each) : {stats}")
    lines.append(
        f"{term('cosmos.creation.dna').glossed} : 5 + {record.dna_die} = {record.dna_points}"
    )
    lines.append(f"{term('cosmos.creation.money').glossed} : {record.money}")
    if record.skill_points is not None:
        points = record.skill_points
        best = points.best_replacement
        swap = (
            f", le bonus remplace le {points.dice[best]} (bonus replaces the {points.dice[best]})"
            if best is not None
            else ""
        )
        lines.append(
            f"{term('cosmos.creation.skill_points').glossed} : "
            f"{' + '.join(map(str, points.dice))}, bonus {points.bonus_die}{swap}"
            f" → {points.best_points}"
        )
    lines.append(f"seed {record.seed}")
    return "\n".join(lines)


def _bounded_lines(
    roll: cosmos_creation.BoundedRoll, dice: str, label: str | None = None
) -> list[str]:
    lines = []
    last = len(roll.attempts)
    for number, attempt in enumerate(roll.attempts, start=1):
        rerolls = [
            f"dé {slot + 1} : {' → '.join(map(str, faces))}"
            for slot, faces in enumerate(attempt.slots)
            if len(faces) > 1
        ]
        accepted = number == last
        if rerolls:
            lines.append(
                f"  {dice} essai (try) {number}, hors 20-80 relancés : {'; '.join(rerolls)}"
            )
        if not accepted:
            lines.append(
                f"  {dice} : {' '.join(map(str, attempt.faces))} = {attempt.total}"
                " → total hors limites, tout relancé (total out of range, all rerolled)"
            )
    lines.append(f"{label or dice} : {' '.join(map(str, roll.dice))} = {sum(roll.dice)}")
    return lines
