"""A Great Cosmos character's fatigue moved by one step (meneur.core.cosmos.fatigue), the
same from the app's helper, the shared table and ``meneur fatigue``: one journal entry,
made of the sheet as it is under the lock — two screens serving a meal at once are two
meals, and the fourth of the day is refused whoever asks for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meneur.content import term
from meneur.core.changes import MISSING, Change
from meneur.core.chronoste import Calendar
from meneur.core.cosmos.endurance import Fatigue, state
from meneur.core.cosmos.fatigue import (
    DAILY,
    After,
    Stats,
    Step,
    Suspended,
    Today,
    apply,
)
from meneur.core.errors import RulesError
from meneur.core.sheets import whole_or
from meneur.play.characters import sheet_change, sheet_of
from meneur.saves.entry_parts import Plan, Planned, Worded, dotted

Words = Callable[..., str]
"""The strings' ``t``: a key and its values, in the reader's language."""


def chronoste_day(state: Mapping[str, Any]) -> int | None:
    """The in-game day a campaign is at (days since the start of its calendar), or None
    when its Chronoste is off."""
    if not state.get("options", {}).get("chronoste"):
        return None
    chronoste = state.get("chronoste", {})
    return int(chronoste.get("minute", 0)) // Calendar.from_data(chronoste).day_minutes


def _stats(options: Mapping[str, Any], sheet: Mapping[str, Any]) -> Stats:
    stats = sheet.get("stats", {})
    stats = stats if isinstance(stats, Mapping) else {}
    mental = sheet.get("mental_health")
    with_mental = options.get("mental_health") and isinstance(mental, int)
    return Stats(
        whole_or(stats.get("force"), 50),
        whole_or(stats.get("esprit"), 50),
        mental if with_mental else None,
    )


def step_words(step: Step, after: After) -> Worded:
    """What the step was, for each reader to word: ``Repas (−1 FP, −1 FM) · 2/3
    aujourd'hui``."""
    what = Worded(f"fatigue.event.{step.key}")
    if step.key in ("healing", "healing_concentrated", "mana", "mana_concentrated"):
        grade = Worded(f"fatigue.grade.{step.grade}")
        what = Worded("fatigue.graded", {"what": what, "grade": grade})
    if step.key in ("short_rest", "no_food", "no_sleep"):
        what = Worded(f"fatigue.counted.{step.key}", {"what": what, "count": step.count})
    if step.key in ("full_rest", "full_rest_12h"):
        extras = [Worded("fatigue.fasted")] if step.fasted else []
        extras += [Worded("fatigue.optimal", {"points": step.optimal})] if step.optimal else []
        what = dotted(what, *extras)
    if step.key in ("meal", "pause"):
        taken = after.today.meals if step.key == "meal" else after.today.pauses
        what = dotted(what, Worded("fatigue.today", {"taken": taken, "most": DAILY}))
    return what


def fatigue_step(character: str, step: Step) -> Plan:
    """Move ``character``'s fatigue by ``step``, from the sheet as it is under the lock:
    the gauges, the day's meals and pauses, what suspends the fatigue.

    Refused (RulesError) when the campaign's endurance rule is off, the character is
    not there, its sheet's gauges do not read, or the rules refuse the step (a fourth
    meal in a day…). The entry says before and after in each reader's language.
    """

    def plan(state_now: Mapping[str, Any]) -> Planned:
        options = state_now.get("options", {})
        if not options.get("endurance"):
            raise RulesError(
                "the endurance rule is off (options.endurance)", message_key="cosmos.fatigue.off"
            )
        sheet, name = sheet_of(state_now, character)
        before = Fatigue.from_sheet(sheet)
        today, suspended = Today.from_sheet(sheet), Suspended.from_sheet(sheet)
        after = apply(
            before,
            step,
            today=today,
            day=chronoste_day(state_now),
            suspended=suspended,
            stats=_stats(options, sheet),
        )
        changes: list[Change] = []

        def change(key: str, value: Any) -> None:
            made = sheet_change(state_now, character, key, value)
            if made.before != made.after:
                changes.append(made)

        change("fp", after.fatigue.fp)
        change("fm", after.fatigue.fm)
        if after.today != today:
            change("today", after.today.to_sheet())
        change("suspended", after.suspended.to_sheet() if after.suspended else MISSING)
        text = Worded(
            "fatigue.entry",
            {
                "name": name,
                "what": step_words(step, after),
                "fp_before": before.fp,
                "fp": after.fatigue.fp,
                "fm_before": before.fm,
                "fm": after.fatigue.fm,
            },
        )
        return Planned(text, tuple(changes), character=character)

    return plan


def fatigue_summary(sheet: Mapping[str, Any], state_now: Mapping[str, Any], t: Words) -> list[str]:
    """The gauges in words (the states by their French terms, as the sheet names them),
    with the day's meals and pauses and what suspends the fatigue, a line each: ``FP 6
    Fatigue modérée``, ``FM 2``, ``repas 1/3, pauses 0/3 aujourd'hui``."""
    fatigue = Fatigue.from_sheet(sheet)
    parts = []
    for gauge, value in (("fp", fatigue.fp), ("fm", fatigue.fm)):
        named = state(value)
        shown = f"{gauge.upper()} {value}"
        if named != "rested":
            shown += f" {term(f'endurance.{gauge}.{named}').fr}"
        parts.append(shown)
    today = Today.from_sheet(sheet).on(chronoste_day(state_now))
    parts.append(t("fatigue.today_both", meals=today.meals, pauses=today.pauses, most=DAILY))
    suspended = Suspended.from_sheet(sheet)
    if suspended is not None:
        parts.append(t(f"fatigue.suspended.{suspended.by}", turns=suspended.turns))
    return parts
