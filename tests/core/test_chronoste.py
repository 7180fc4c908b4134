"""The Chronoste (docs/rules/systemj.md#systemj ruling): the in-game calendar and clock."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.core.chronoste import Calendar, advance, moment
from meneur.core.errors import RulesError

DEFAULT = Calendar()


def test_time_starts_on_the_first_day_of_year_1() -> None:
    start = moment(0, DEFAULT)
    assert (start.year, start.month, start.day, start.hour) == (1, 1, 1, 0)
    assert start.shown() == "1 Janvier 1, 00:00"
    assert not start.daylight  # night until the morning


def test_steps_by_minutes_hours_days_and_to_morning_or_night() -> None:
    assert advance(0, "+30m", DEFAULT) == 30
    assert advance(0, "+2h", DEFAULT) == 120
    assert advance(0, "+3j", DEFAULT) == 3 * 24 * 60
    assert advance(0, "2d", DEFAULT) == 2 * 24 * 60
    assert moment(advance(0, "morning", DEFAULT), DEFAULT).shown() == "1 Janvier 1, 06:00"
    assert advance(6 * 60, "matin", DEFAULT) == (24 + 6) * 60  # past it: tomorrow's
    assert moment(advance(0, "nuit", DEFAULT), DEFAULT).hour == 20
    with pytest.raises(RulesError, match="advance by"):
        advance(0, "+2x", DEFAULT)


def test_a_campaign_names_its_own_months_and_day() -> None:
    calendar = Calendar.from_data(
        {"months": [{"name": "Givre", "days": 10}, {"name": "Sève", "days": 20}],
         "day_hours": 30, "morning": 8, "night": 22}
    )  # fmt: skip
    later = moment(12 * 30 * 60 + 9 * 60, calendar)  # day 13, 09:00
    assert (later.month_name, later.day, later.hour, later.daylight) == ("Sève", 3, 9, True)
    assert moment(30 * 30 * 60, calendar).year == 2  # 30 days a year


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"months": []}, "1 to 40 months"),
        ({"months": [{"name": "X", "days": 0}]}, "1 to 1000 days"),
        ({"morning": 21}, "morning < night"),
        ({"months": [{"name": "X"}]}, r"months\[0\]"),
    ],
)
def test_a_calendar_that_cannot_count_is_refused(data: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Calendar.from_data(data)


@given(st.integers(0, 10**8), st.integers(0, 10**5))
def test_moments_move_forward_by_exactly_the_minutes_added(start: int, added: int) -> None:
    before, after = moment(start, DEFAULT), moment(start + added, DEFAULT)
    assert (after.year, after.month, after.day, after.hour, after.minute) >= (
        before.year, before.month, before.day, before.hour, before.minute,
    )  # fmt: skip
    assert 1 <= after.day <= 30
    assert 0 <= after.hour < 24
