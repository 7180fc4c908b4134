"""The Chronoste: a campaign's in-game calendar and day-and-night clock
(docs/rules/systemj.md#systemj ruling; docs/rules/systemj.md#systemj names the role, any system's
campaign may switch it on).

The time is kept as minutes since the first minute of day 1 of the first month of year
1. The seed gives no calendar: the campaign names its own months (and their days) and
its day's length, morning and nightfall; :data:`DEFAULT` is used otherwise. The GM (or
the player holding the Chronoste role) advances it by minutes, hours or days, or to the
next morning or night.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import field
from typing import Any

from meneur.core.errors import RulesError, refused_value
from meneur.core.frozen import frozen

MAX_MONTHS = 40
MAX_ADVANCE_DAYS = 100_000


@frozen
class Calendar:
    """How the campaign counts time.

    Attributes:
        months: each month's name and its number of days, in order.
        day_hours: hours in a day.
        morning: the hour day begins.
        night: the hour night falls.

    Raises:
        RulesError: for a calendar that cannot count (no month, a month of no day, the
            morning not before the night…).
    """

    months: tuple[tuple[str, int], ...] = field(
        default_factory=lambda: tuple(
            (name, 30)
            for name in (
                "Janvier",
                "Février",
                "Mars",
                "Avril",
                "Mai",
                "Juin",
                "Juillet",
                "Août",
                "Septembre",
                "Octobre",
                "Novembre",
                "Décembre",
            )
        )
    )
    day_hours: int = 24
    morning: int = 6
    night: int = 20

    def __post_init__(self) -> None:
        if not 1 <= len(self.months) <= MAX_MONTHS:
            raise RulesError(
                f"chronoste.months: 1 to {MAX_MONTHS} months",
                message_key="time.months",
                most=MAX_MONTHS,
            )
        for name, days in self.months:
            if not name.strip() or not 1 <= days <= 1000:
                raise RulesError(
                    f"chronoste.months: {name!r} needs a name and 1 to 1000 days",
                    message_key="time.month",
                    name=name,
                )
        if not 1 <= self.day_hours <= 100:
            raise RulesError("chronoste.day_hours: 1 to 100", message_key="time.day_hours")
        if not 0 <= self.morning < self.night < self.day_hours:
            raise RulesError(
                "chronoste: 0 ≤ morning < night < day_hours", message_key="time.morning_night"
            )

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Calendar:
        """A calendar as campaign.toml writes it (``months = [{ name, days }]``,
        ``day_hours``, ``morning``, ``night``); what it leaves out is the default's.

        Raises:
            RulesError: naming the key that is wrong.
        """
        default = cls()
        months = data.get("months")
        if months is None:
            parsed = default.months
        else:
            if not isinstance(months, list):
                raise refused_value("chronoste.months", "list", months)
            found = []
            for i, month in enumerate(months):
                if not isinstance(month, Mapping) or set(month) != {"name", "days"}:
                    raise RulesError(
                        f"chronoste.months[{i}]: expected {{ name, days }}",
                        message_key="time.month_table",
                        where=f"chronoste.months[{i}]",
                    )
                name, days = month["name"], month["days"]
                if not isinstance(name, str) or not isinstance(days, int) or isinstance(days, bool):
                    raise RulesError(
                        f"chronoste.months[{i}]: a name (text) and days (a number)",
                        message_key="time.month_table",
                        where=f"chronoste.months[{i}]",
                    )
                found.append((name, days))
            parsed = tuple(found)
        numbers = {}
        for key in ("day_hours", "morning", "night"):
            value = data.get(key, getattr(default, key))
            if not isinstance(value, int) or isinstance(value, bool):
                raise refused_value(f"chronoste.{key}", "whole", value)
            numbers[key] = value
        return cls(parsed, **numbers)

    @property
    def day_minutes(self) -> int:
        return self.day_hours * 60

    @property
    def year_days(self) -> int:
        return sum(days for _, days in self.months)


@frozen
class Moment:
    """A point in game time, read on a calendar."""

    year: int
    month: int
    """The month's position, from 1."""
    month_name: str
    day: int
    hour: int
    minute: int
    daylight: bool

    def shown(self) -> str:
        """``12 Mars 1, 14:05`` — the day, the month's name, the year, the time."""
        return f"{self.day} {self.month_name} {self.year}, {self.hour:02d}:{self.minute:02d}"


def moment(minutes: int, calendar: Calendar) -> Moment:
    """Read ``minutes`` (since the start of year 1) on ``calendar``.

    Raises:
        RulesError: for a negative time.
    """
    if minutes < 0:
        raise RulesError("game time starts at 0", message_key="time.negative")
    days, in_day = divmod(minutes, calendar.day_minutes)
    year, day_of_year = divmod(days, calendar.year_days)
    month = 0
    while day_of_year >= calendar.months[month][1]:
        day_of_year -= calendar.months[month][1]
        month += 1
    hour, minute = divmod(in_day, 60)
    return Moment(
        year=year + 1,
        month=month + 1,
        month_name=calendar.months[month][0],
        day=day_of_year + 1,
        hour=hour,
        minute=minute,
        daylight=calendar.morning <= hour < calendar.night,
    )


_STEP = re.compile(r"^\+?\s*(\d+)\s*(m|min|mn|h|j|d)$", re.IGNORECASE)


def step_unit(step: str) -> tuple[str, int] | None:
    """What ``step`` names, whichever language it is written in: ``("morning", 0)``
    (``morning``, ``matin``), ``("night", 0)`` (``night``, ``nuit``, ``soir``), or
    ``("minutes" | "hours" | "days", count)`` (``+30m``, ``+2h``, ``+3j``, ``3d``);
    None when it names no step."""
    words = step.strip().lower()
    if words in ("morning", "matin"):
        return "morning", 0
    if words in ("night", "nuit", "soir"):
        return "night", 0
    found = _STEP.match(words)
    if found is None:
        return None
    unit = {"h": "hours", "j": "days", "d": "days"}.get(found.group(2).lower(), "minutes")
    return unit, int(found.group(1))


def advance(minutes: int, step: str, calendar: Calendar) -> int:
    """The time after ``step``: ``+30m``, ``+2h``, ``+3j`` (or ``3d``), ``morning``
    (``matin``: the next morning) or ``night`` (``nuit``: the next nightfall).

    Raises:
        RulesError: for a step that is not one of these, or beyond 100,000 days.
    """
    found = step_unit(step)
    if found is None:
        raise RulesError(
            f"advance by +30m, +2h, +3d, or to morning or night, not {step!r}",
            message_key="time.step",
            step=step,
        )
    unit, count = found
    if unit == "morning":
        return _next_hour(minutes, calendar.morning, calendar)
    if unit == "night":
        return _next_hour(minutes, calendar.night, calendar)
    size = {"minutes": 1, "hours": 60, "days": calendar.day_minutes}
    added = count * size[unit]
    if added > MAX_ADVANCE_DAYS * calendar.day_minutes:
        raise RulesError(
            f"at most {MAX_ADVANCE_DAYS} days at a time",
            message_key="time.too_far",
            most=MAX_ADVANCE_DAYS,
        )
    return minutes + added


def _next_hour(minutes: int, hour: int, calendar: Calendar) -> int:
    """The next time the clock shows ``hour``:00 (tomorrow's when it is past it today)."""
    day_start = minutes - minutes % calendar.day_minutes
    target = day_start + hour * 60
    return target if target > minutes else target + calendar.day_minutes


def game_now(state: Mapping[str, Any]) -> str | None:
    """The in-game date and time a campaign's state is at, as entries record it (``12
    Mars 1, 14:05``), or None when its Chronoste is off (``options.chronoste``)."""
    if not state.get("options", {}).get("chronoste"):
        return None
    chronoste = state.get("chronoste", {})
    return str(moment(int(chronoste.get("minute", 0)), Calendar.from_data(chronoste)).shown())
