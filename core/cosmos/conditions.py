"""What a Great Cosmos character's state does to their tests: Light & Dark
(docs/rules/cosmos.md#combat) and fatigue (docs/rules/cosmos.md#endurance).

- **Fatigue** (the endurance rule): a light, moderate or extreme state takes 5, 10 or 30 %
  off every test of the stats its gauge weighs on — Esprit for FM; Force, Précision and
  Agilité for FP — and an extreme one widens the critical failures by 5 % (91–100 becomes
  86–100). A physical exhaustion (FP 10) leaves the character "incapable de bouger,
  agir ou de se tenir debout": no test at all, Charisme and Chance included (the audit:
  they still rolled); a mental one (FM 10) "incapable de réfléchir": no Esprit test;
  both, "inconscient". Concentrating (an action, for the next turn) cancels a light
  state's malus and halves a moderate or extreme one's (rounded down); it does nothing to
  exhaustion. "Pour pouvoir se concentrer en état de fatigue extrême, le personnage doit
  réussir un jet d'esprit passif pour y parvenir et ne pas être en état d'épuisement
  mental" (docs/rules/cosmos.md#cosmos): the passive Esprit test is asked for, and a mental
  exhaustion refuses concentrating.
- **Illumination**'s advantage d6: +10 % (4) or +20 % (5) on every test while it lasts.
- **Sépulcrale**'s backlash disadvantage d6: −10 % (4) or −20 % (5) on every test while
  the backlash lasts.
- **Illumination's backlash**: the character cannot act, dodges and parries included.

Rulings: a test on the mean of several stats takes the heaviest fatigue of the gauges
its stats weigh on (the maluses do not add up); a threshold the GM types is theirs, so
fatigue does not touch it, while the posture dice's "all tests" do.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from meneur.core.errors import RulesError
from meneur.core.frozen import frozen

from .combat import Stance
from .endurance import FATIGUE_MAX, Fatigue, state

GAUGE_STATS = {"fp": frozenset({"force", "precision", "agilite"}), "fm": frozenset({"esprit"})}
"""The stats each fatigue gauge weighs on."""
FATIGUE_MALUS = {"light": 5, "moderate": 10, "extreme": 30}
"""Points (%) each fatigue state takes off a test."""
EXTREME_CRITICAL_FAILURES = 5
"""Points (%) an extreme fatigue adds to the critical failures' band."""
ADVANTAGE_BONUS = {4: 10, 5: 20}
"""Illumination's advantage faces that change every test, and by how much (%)."""
DISADVANTAGE_MALUS = {4: 10, 5: 20}
"""Sépulcrale's backlash faces that change every test, and by how much (%)."""
AURA_MALUS = {2: 0, 3: 10, 4: 20}
"""The aura rows that change the action under way (docs/rules/cosmos.md#aura, Règle d'aura): "2 :
Retire tous les bonus et renforcements sur l'action en cours uniquement ; 3 : … et inflige -10% ;
4 : … et inflige -20%"; the points (%) each takes off."""


AURA_REROLL = 5
"""The aura row that has a plain success rolled again without bonuses (see
:attr:`meneur.core.cosmos.rules.CosmosTest.reroll_bonus`)."""
AURA_GATE = 6
"""The aura row that asks a passive Esprit test before acting: "L'adversaire doit réussir
un jet d'esprit passif sans bonus ni renforcement quelconque pour pouvoir agir"."""


def strips_bonuses(aura: int) -> bool:
    """Whether an aura row takes every bonus and reinforcement off the action under way
    (the typed bonus too: a front end sets it to 0 when positive)."""
    return aura in AURA_MALUS


@frozen
class Condition:
    """One reason a test is changed.

    Attributes:
        key: what it is, the name of its term (``conditions.<key>``): ``fp_light``,
            ``fm_extreme``, ``advantage``, ``disadvantage``…
        bonus: points (%) added to the threshold (negative for a malus).
        critical_failures: points (%) the critical failures' band widens by.
    """

    key: str
    bonus: int
    critical_failures: int = 0


_WHY = {
    "backlash": "Illumination's backlash (dodges and parries included)",
    "fp_exhaustion": "physical exhaustion (FP 10), unable to move or act",
    "fm_exhaustion": "mental exhaustion (FM 10), no Esprit test",
    "total_exhaustion": "total exhaustion (FP and FM 10), unconscious",
    "aura": "an opponent's aura, its passive Esprit test failed",
}


class CannotAct(RulesError):
    """The character's state forbids the test (``reason``: ``backlash``,
    ``fp_exhaustion``, ``fm_exhaustion``, ``total_exhaustion`` or ``aura``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(
            f"the character cannot act: {_WHY[reason]}", message_key=f"cosmos.cannot_act.{reason}"
        )
        self.reason = reason


def conditions(
    stats: Collection[str],
    stance: Stance | None = None,
    fatigue: Fatigue | None = None,
    *,
    concentrated: bool = False,
    concentration_test: bool | None = None,
    aura: int = 0,
    suspended: bool = False,
    aura_test: bool | None = None,
    no_bonuses: bool = False,
) -> tuple[Condition, ...]:
    """What changes a test of ``stats`` (the stats' keys; empty for a threshold the GM
    gives) for a character in ``stance`` with ``fatigue`` (None: the rule is off).
    ``concentrated``: the character concentrated last turn; ``concentration_test``: how
    the passive Esprit test an extreme fatigue asks for went (None: not rolled);
    ``aura``: the row of an opponent's aura roll against this action (2–4 take every
    bonus off, 3 and 4 add a malus; 0: none); ``suspended``: a revigoration potion, a
    drink or a drug suspends the fatigue states' effects ("supprime tous les effets de
    la fatigue temporairement", docs/rules/cosmos.md#cosmos) — not an exhaustion's; ``aura_test``:
    how the passive Esprit test an aura's row 6 asks for went (None: not rolled);
    ``no_bonuses``: the positive ones left out (that passive test, an aura's reroll).

    Raises:
        CannotAct: in Illumination's backlash, with a physical or total exhaustion, a
            mental exhaustion and a test of Esprit, or an aura's row 6 whose passive
            Esprit test failed.
        RulesError: concentrating under a mental exhaustion, at an extreme fatigue
            before its passive Esprit test, or under an aura's row 6 before its test.
    """
    if stance is not None and stance.backlash == "illumination":
        raise CannotAct("backlash")
    if aura == AURA_GATE:
        if aura_test is None:
            raise RulesError(
                "an aura's row 6: the passive Esprit test first",
                message_key="cosmos.aura.test_needed",
            )
        if not aura_test:
            raise CannotAct("aura")
    found: list[Condition] = []
    if fatigue is not None:
        if fatigue.fp >= FATIGUE_MAX:
            raise CannotAct("total_exhaustion" if fatigue.fm >= FATIGUE_MAX else "fp_exhaustion")
        if concentrated and fatigue.fm >= FATIGUE_MAX:
            raise RulesError(
                "no concentrating under a mental exhaustion (FM 10)",
                message_key="cosmos.concentration.exhausted",
            )
        heaviest: Condition | None = None
        for gauge, value in (("fp", fatigue.fp), ("fm", fatigue.fm)):
            if not GAUGE_STATS[gauge] & set(stats):
                continue
            if value >= FATIGUE_MAX:
                raise CannotAct(f"{gauge}_exhaustion")
            named = state(value)
            if suspended or named not in FATIGUE_MALUS:
                continue
            malus = FATIGUE_MALUS[named]
            widen = EXTREME_CRITICAL_FAILURES if named == "extreme" else 0
            if concentrated and named == "extreme" and concentration_test is None:
                raise RulesError(
                    "concentrating at an extreme fatigue needs a passed passive Esprit test",
                    message_key="cosmos.concentration.test_needed",
                )
            if concentrated and (named != "extreme" or concentration_test):
                malus, widen = (0, 0) if named == "light" else (malus // 2, widen // 2)
            candidate = Condition(f"{gauge}_{named}", -malus, widen)
            if heaviest is None or (candidate.bonus, -widen) < (
                heaviest.bonus,
                -heaviest.critical_failures,
            ):
                heaviest = candidate
        if heaviest is not None and (heaviest.bonus or heaviest.critical_failures):
            found.append(heaviest)
    if stance is not None and stance.special == "illumination":
        bonus = ADVANTAGE_BONUS.get(stance.advantage, 0)
        found += [Condition("advantage", bonus)] if bonus else []
    if stance is not None and stance.backlash == "sepulcrale":
        malus = DISADVANTAGE_MALUS.get(stance.disadvantage, 0)
        found += [Condition("disadvantage", -malus)] if malus else []
    if strips_bonuses(aura) or no_bonuses:
        found = [c for c in found if c.bonus <= 0]  # "retire tous les bonus et renforcements"
    if strips_bonuses(aura):
        found.append(Condition(f"aura_{aura}", -AURA_MALUS[aura]))
    return tuple(found)


def reroll_bonus(found: Collection[Condition], bonus: int) -> int:
    """The bonus an aura's row 5 rolls a plain success again with: "sans bonus ni
    renforcement" — the typed ``bonus`` when it is a malus, and the conditions' maluses
    (``found``: the test's conditions)."""
    return min(bonus, 0) + sum(c.bonus for c in found if c.bonus < 0)


def of_sheet(
    options: Mapping[str, Any],
    sheet: Mapping[str, Any],
    stats: Collection[str],
    *,
    concentrated: bool = False,
    concentration_test: bool | None = None,
    aura: int = 0,
    aura_test: bool | None = None,
    no_bonuses: bool = False,
) -> tuple[Condition, ...]:
    """What a character's sheet does to a test of ``stats``: its combat state and, with
    the campaign's endurance rule, its fatigue (see :func:`conditions`); ``aura``: an
    opponent's aura against this action, ``aura_test`` its row 6's passive test;
    ``no_bonuses``: the positive conditions left out.

    Raises:
        CannotAct: when the character's state forbids the test.
        RulesError: for a broken combat state or gauge (the campaign's check refuses
            such a sheet already).
    """

    from .fatigue import Suspended

    fatigue, suspended = None, False
    if options.get("endurance"):
        fatigue = Fatigue.from_sheet(sheet)
        suspended = Suspended.from_sheet(sheet) is not None
    return conditions(
        stats,
        Stance.from_sheet(sheet),
        fatigue,
        concentrated=concentrated,
        concentration_test=concentration_test,
        aura=aura,
        suspended=suspended,
        aura_test=aura_test,
        no_bonuses=no_bonuses,
    )


def total(found: Collection[Condition]) -> tuple[int, int]:
    """The bonus (%) and the critical failures' widening the conditions add up to."""
    return sum(c.bonus for c in found), max((c.critical_failures for c in found), default=0)
