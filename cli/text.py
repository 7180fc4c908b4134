"""Readable one-screen summaries of odds, rolls and creations for the terminal.

Rule terms are shown in French with their English gloss (from ``meneur.content``); the
core only returns records, and this module is the CLI's way of showing them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from meneur.content import Term, term
from meneur.core.dice import FATE, Die
from meneur.core.odds import Odds
from meneur.core.records import RollRecord, fraction_text
from meneur.core.systems import kind_of
from meneur.play.tested import describe, signed

if TYPE_CHECKING:
    from meneur.core import expressions
    from meneur.core.cosmos import creation as cosmos_creation
    from meneur.core.cosmos import rules as cosmos
    from meneur.core.spherier import extended as spherier_extended
    from meneur.core.spherier import rules as spherier
    from meneur.core.systemj import rules as systemj
    from meneur.core.traits import opposed as traits_opposed
    from meneur.core.traits import rules as traits

# Records come from rules modules that are loaded already; dispatch is by kind name and
# the few rule constants needed are imported locally, so this module loads no system.

SUCCESSES = {
    "resolution": ("resolution.rules", "SUCCESSES"),
    "cosmos": ("cosmos.rules", "SUCCESSES"),
    "yesno": ("oracles", "YESNO_SUCCESSES"),
    "systemj": ("systemj.rules", "SUCCESSES"),
}
"""Where each system keeps the outcome keys that count as a success (the "any success"
line is shown for systems with several kinds of success)."""


def _successes(system: str) -> frozenset[str] | None:
    where = SUCCESSES.get(system)
    if where is None:
        return None
    keys: frozenset[str] = getattr(importlib.import_module(f"meneur.core.{where[0]}"), where[1])
    return keys


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


def _outcome_term(system: str, key: str) -> Term:
    return term(f"{system}.outcome.{key}")


def _shown_outcomes(odds: Odds[Any]) -> dict[str, Fraction]:
    """Outcomes worth a bar: for an action, only those its alteration column can give."""
    if kind_of(type(odds.inputs)) == "resolution.ResolutionTest":
        from meneur.core.resolution.rules import possible_outcomes

        column = set(possible_outcomes(odds.inputs))
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
        # A label too long for a bar beside it (a table's row) shows its short form there,
        # the whole row in French and English below.
        room = LINE_WIDTH - BAR_WIDTH - tail - 13
        short = {
            key: label.short if len(label.fr) > room and label.short else label.fr
            for key, label in labels.items()
        }
        if not inline:
            column = max(map(len, short.values()))
            width = BAR_WIDTH
        for key, probability in outcomes.items():
            shown = glossed[key] if inline else short[key]
            lines.append(
                f"{shown:<{column}}  {bar(probability, width)} {percent(probability)}"
                f"  {fractions[key]}"
            )
            if inline:
                continue
            if short[key] != labels[key].fr:
                lines.append(f"  {labels[key].fr}")
            if labels[key].en.casefold() != labels[key].fr.casefold():
                lines.append(f"  {labels[key].en}")
    successes = _successes(odds.system)
    if successes is not None:
        total = percent(odds.probability_of(successes)).strip()
        lines += ["", f"Réussite au total (any success) : {total}"]
    lines.extend(_distribution_lines(odds))
    return "\n".join(lines)


def _distribution_lines(odds: Odds[Any]) -> list[str]:
    kind = kind_of(type(odds.inputs))
    distribution = odds.distribution
    if kind in ("resolution.ResolutionTest", "oracles.OracleQuestion", "oracles.YesNoQuestion"):
        cells = "  ".join(f"{kept}: {percent(p).strip()}" for kept, p in distribution.items())
        lines = ["", f"Dés conservés (kept dice)  {cells}"]
        tension = getattr(odds.inputs, "tension", None)
        if tension is not None:
            from meneur.core.oracles import event_chance

            chance = event_chance(tension)
            lines.append(
                f"{term('solo.event').glossed} : {percent(chance).strip()}  {fraction_text(chance)}"
            )
        return lines
    if kind == "traits.TraitTest":
        fiasco: Fraction = getattr(odds, "fiasco", Fraction(0))
        return [
            "",
            f"{term('traits.fiasco').fr} : {percent(fiasco).strip()}",
            "Réussites (successes) :",
            *_value_bars(distribution),
        ]
    if kind == "spherier_extended.ExtendedTest":
        lines = _by_attempt(odds.inputs, getattr(odds, "success_by_attempt", {}))
        return ["", "Réussite au plus tard à l'essai (success by attempt) :", *lines]
    if kind in ("traits_opposed.OpposedTest", "spherier.OpposedSkillTest"):
        return ["", "Écart (difference, attacker − defender) :", *_value_bars(distribution)]
    if kind == "tables.TableQuery":
        from meneur.core.tables import find

        table = find(odds.inputs.tables, odds.inputs.table)
        assert table is not None  # the odds were computed for it
        fractions = {number: fraction_text(p) for number, p in odds.distribution.items()}
        column = max(map(len, fractions.values()))
        return [
            f"{number:>3}  {bar(p)} {percent(p)}  {fractions[number]:<{column}}  "
            f"{table.entries[number - 1].text}"
            for number, p in odds.distribution.items()
        ]
    if kind in ("expressions.DiceInputs", "spherier.SkillTest", "spherier_extended.TeamTest"):
        return ["", *_value_bars(distribution)]
    return []


def _by_attempt(
    test: spherier_extended.ExtendedTest, success_by_attempt: Mapping[int, Fraction]
) -> list[str]:
    lines = []
    cumulative = Fraction(0)
    for attempt in range(1, test.max_attempts + 1):
        cumulative += success_by_attempt.get(attempt, Fraction(0))
        elapsed = f" ({test.interval.times(attempt).text})" if test.interval.unit else ""
        lines.append(f"{attempt:>4}{elapsed:<10} {bar(cumulative)} {percent(cumulative)}")
    return lines


def _value_bars(distribution: Mapping[int, Fraction]) -> list[str]:
    """One bar per value; long distributions show their range, mean and quartiles."""
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


def render_roll(record: RollRecord[Any]) -> str:
    """A roll as its description, its dice and its outcome in French with the gloss."""
    lines = describe(record.inputs)
    lines.append("")
    renderer = _ROLL_LINES.get(kind_of(type(record)))
    if renderer is not None:
        lines += renderer(record)
    if record.outcome is not None:
        lines.append(f"→ {_outcome_term(record.system, record.outcome).glossed}")
    lines += _after_outcome(record)
    lines.append(f"seed {record.seed}")
    return "\n".join(lines)


def _after_outcome(record: RollRecord[Any]) -> list[str]:
    kind = kind_of(type(record))
    if kind == "cosmos.CosmosRoll":
        karma = cast("cosmos.CosmosRoll", record)
        return [f"Karma : {signed(karma.inputs.karma)} → {signed(karma.karma_after)}"]
    if kind in ("spherier.SkillRoll", "spherier_extended.TeamRoll"):
        margin = cast("spherier.SkillRoll", record).margin
        what = "de réussite (success)" if record.success else "d'échec (failure)"
        return [f"Marge {what} : {margin}"]
    if kind == "spherier.OpposedSkillRoll":
        return [f"Marge (margin) : {cast('spherier.OpposedSkillRoll', record).margin}"]
    if kind == "oracles.YesNoAnswer" and getattr(record, "event", False):
        return [
            f"Un double sous la tension (a double below the tension) : {term('solo.event').glossed}"
        ]
    return []


def _kept_lines(record: Any) -> list[str]:
    if not record.dice:
        return []
    return [f"Dés (dice) : {dice_faces(record.dice)}  → {record.result} conservé(s) (kept)"]


def _cosmos_lines(record: cosmos.CosmosRoll) -> list[str]:
    from meneur.core.cosmos import rules as cosmos

    lines = []
    if record.first is not None:
        lines.append(f"Premier jet (first roll) : {record.first}, réussite relancée par l'aura")
    if record.karma_die is None:
        return [*lines, f"d100 : {record.natural}"]
    shift = cosmos.karma_die_sign(record.inputs.karma) * record.karma_die
    return [*lines, f"d100 : {record.natural}, d10 de karma : {signed(shift)} → {record.result}"]


def _expression_lines(record: expressions.DiceRoll) -> list[str]:
    lines = [
        f"{rolled.text} : {dice_faces(rolled.dice)} → {signed(rolled.value)}"
        for rolled in record.terms
        if rolled.dice
    ]
    if len(record.terms) > 1:
        parts = " ".join(signed(rolled.value) for rolled in record.terms)
        lines.append(f"Total : {parts} = {record.result}")
    else:
        lines.append(f"Total : {record.result}")
    return lines


def _trait_lines(record: traits.TraitRoll, label: str = "") -> list[str]:
    test = record.inputs
    prefix = f"{label} — " if label else ""
    lines = []
    for die in record.dice:
        if die.role is not None and die.role.endswith("bonus"):
            sign = test.bonus_die.text if test.bonus_die else ""
            lines.append(f"{prefix}dé bonus {sign} : {die.face} → {record.pool} dés (dice)")
    first = [d for d in record.dice if d.role is None or d.role in ("attacker", "defender")]
    rerolled = [d for d in record.dice if d.role is not None and d.role.endswith("reroll")]

    def success(die: Die) -> bool:
        return die.kept is not False and test.succeeds(die.face)

    lines.append(
        f"{prefix}Dés (dice) : {dice_faces(first, success) or '—'}"
        f"  → {record.first_successes} réussite(s)"
    )
    if record.poker:
        lines.append(
            f"{prefix}{term('traits.poker').fr} ({record.poker}) : "
            f"{dice_faces(rerolled, lambda d: test.succeeds(d.face))}"
        )
        if record.fiasco:
            lines.append(f"{prefix}{term('traits.fiasco').glossed}")
    elif record.poker_limit:
        owed = ", forcé (forced)" if record.poker_owed else ""
        lines.append(
            f"{prefix}{term('traits.poker').fr} possible : 1 à {record.poker_limit} dés{owed}"
        )
    lines.append(f"{prefix}Réussites (successes) : {record.successes}")
    return lines


def _opposed_trait_lines(record: traits_opposed.OpposedRoll) -> list[str]:
    return [
        *_trait_lines(record.attacker, "Attaquant"),
        *_trait_lines(record.defender, "Défenseur"),
        f"Décisions (decisions) : {', '.join(record.actions)}",
    ]


def _spherier_lines(record: spherier.SkillRoll) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    test = record.inputs
    capped = " (limitée par la Limite)" if record.capped else ""
    if test.engine == "d6":
        faces = dice_faces(record.dice, lambda d: d.face in SUCCESS_FACES)
        return [f"Dés (dice) : {faces or '—'} → {record.result} succès{capped}"]
    modifier = test.roller.modifier
    return [f"d20 : {record.dice[0].face} {signed(modifier)} → {record.result}{capped}"]


def _spherier_opposed_lines(record: spherier.OpposedSkillRoll) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    mine = [d for d in record.dice if d.role == "attacker"]
    theirs = [d for d in record.dice if d.role == "defender"]
    six = record.inputs.engine == "d6"

    def success(die: Die) -> bool:
        return six and die.face in SUCCESS_FACES

    return [
        f"Attaquant (attacker) : {dice_faces(mine, success) or '—'} → {record.attacker_result}",
        f"Défenseur (defender) : {dice_faces(theirs, success) or '—'} → {record.defender_result}",
    ]


def _extended_lines(record: spherier_extended.ExtendedRoll) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    six = record.inputs.engine == "d6"
    lines = []
    for number, attempt in enumerate(record.attempts, start=1):
        faces = dice_faces(attempt.dice, lambda d: six and d.face in SUCCESS_FACES) or "—"
        counted = "compté (counted)" if attempt.counted else "sous le DD (below the DD)"
        lines.append(
            f"Essai {number} : {faces} → {attempt.result}, {counted}, total {attempt.running_total}"
        )
    if not record.attempts:
        lines.append("Aucun essai possible (no attempt possible)")
    elapsed = record.elapsed.text if record.inputs.interval.unit else str(record.elapsed.amount)
    lines.append(f"Essais (attempts) : {len(record.attempts)}, temps écoulé (elapsed) : {elapsed}")
    return lines


def _team_lines(record: spherier_extended.TeamRoll) -> list[str]:
    from meneur.core.spherier.rules import SUCCESS_FACES

    six = record.inputs.engine == "d6"
    lines = []
    for number, helper in enumerate(record.assistants, start=1):
        faces = dice_faces(helper.dice, lambda d: six and d.face in SUCCESS_FACES) or "—"
        gift = f", +{helper.extra_dice} dé(s)" if helper.extra_dice else ""
        verdict = f"aide (helps){gift}" if helper.helped else "n'aide pas (no help)"
        lines.append(f"Assistant {number} : {faces} → {helper.result}, {verdict}")
    faces = dice_faces(record.leader_dice, lambda d: six and d.face in SUCCESS_FACES) or "—"
    lines.append(
        f"Meneur (leader) : {faces} → {record.result} (max {record.leader_cap},"
        f" {record.helpers} assistant(s) efficace(s))"
    )
    return lines


def _systemj_lines(record: systemj.SystemjRoll) -> list[str]:
    if record.automatic:
        return ["Aucun dé (no die)"]
    return [f"d100 : {record.result:02d} (score {record.effective})"]


def _table_lines(record: Any) -> list[str]:
    faces = " ".join(str(die.face) for die in record.dice)
    return [f"Dés (dice) : {faces}", f"→ {record.text}"]


_ROLL_LINES: dict[str, Callable[[Any], list[str]]] = {
    "tables.TableRoll": _table_lines,
    "resolution.ResolutionRoll": _kept_lines,
    "oracles.OracleAnswer": _kept_lines,
    "oracles.YesNoAnswer": _kept_lines,
    "cosmos.CosmosRoll": _cosmos_lines,
    "cosmos.IntuitionRoll": lambda record: [f"d6 : {record.result}"],
    "cosmos.aura.AuraRoll": lambda record: [f"d6 : {record.result}"],
    "solo.SceneRoll": lambda record: [f"d6 : {record.result}"],
    "solo.ProgressRoll": lambda record: [
        "Dés de défi (challenge dice) : "
        + " ".join(str(d.face) for d in record.dice)
        + f" — {record.result} battu(s) (beaten)"
    ],
    "cosmos.movement.TurnOrderRoll": lambda record: [
        " ".join(f"d{d.sides} {d.face} ({d.role.split(':', 1)[1]})" for d in record.dice)
        or "aucun dé (no dice)",
        *(
            f"{i}. {'⇄ ' if s.together else ''}{s.ident} {s.position}"
            + (f" (action {s.action + 1})" if s.action else "")
            for i, s in enumerate(record.slots, 1)
        ),
    ],
    "cosmos.piloting.PilotingRoll": lambda record: (
        [f"d{record.dice[0].sides} : {record.result}"]
        if record.dice
        else ["aucun dé : résultat automatique (no die: automatic)"]
    ),
    "expressions.DiceRoll": _expression_lines,
    "traits.TraitRoll": _trait_lines,
    "traits_opposed.OpposedRoll": _opposed_trait_lines,
    "spherier.SkillRoll": _spherier_lines,
    "spherier.OpposedSkillRoll": _spherier_opposed_lines,
    "spherier_extended.ExtendedRoll": _extended_lines,
    "spherier_extended.TeamRoll": _team_lines,
    "systemj.SystemjRoll": _systemj_lines,
}
"""The dice lines of each kind of roll."""


def render_creation(
    record: cosmos_creation.CosmosCreation | cosmos_creation.CosmosConversion,
) -> str:
    """Creation (or conversion) rolls, with every reroll shown."""
    from meneur.core.cosmos import (
        creation as cosmos_creation,  # a creation record has loaded it already
    )

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
