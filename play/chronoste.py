"""The in-game time (the Chronoste, docs/rules/systemj.md#systemj) moved on at the table: one
change, the same from the app and ``meneur time``, made of the time as it is under the lock (two
screens moving it at once both count)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meneur.core.changes import Change, read
from meneur.core.chronoste import Calendar, advance, game_now, moment, step_unit
from meneur.core.errors import RulesError
from meneur.saves.entry_parts import Plan, Planned, Worded

__all__ = ["advance_time", "game_now"]


def advance_time(step: str) -> Plan:
    """Move the in-game time by ``step`` (``+30m``, ``+2h``, ``+3j``, ``morning``,
    ``night``) from where it is then; the entry says it in each reader's language
    (``time.passed``: the step, in the reader's words, and the new time, which it also
    records as its game time).

    Refused (RulesError) when the Chronoste is off or the step is not one.
    """

    def plan(state: Mapping[str, Any]) -> Planned:
        if game_now(state) is None:
            raise RulesError(
                "the Chronoste is off (options.chronoste)", message_key="time.off_refused"
            )
        chronoste = state.get("chronoste", {})
        calendar = Calendar.from_data(chronoste)
        before = int(chronoste.get("minute", 0))
        after = advance(before, step, calendar)
        shown = str(moment(after, calendar).shown())
        path = ("chronoste", "minute")
        change = Change(path, read(state, path), after)
        said = Worded("time.passed", {"step": step_words(step), "time": shown})
        return Planned(said, (change,), game_time=shown)

    return plan


def step_words(step: str) -> str | Worded:
    """A step of time for each reader to word: ``matin`` is *morning* to an English
    reader, ``+3j`` is ``+3d`` (the journal keeps no word of one language); a step that
    is none (refused before anything is written) as typed."""
    found = step_unit(step)
    if found is None:
        return step
    unit, count = found
    return Worded(f"time.step.{unit}", {} if unit in ("morning", "night") else {"n": count})
