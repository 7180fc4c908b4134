"""A fatigue step is made of the sheet under the lock (meneur.play.cosmos.fatigue): two writers
serving meals at once are two meals, and the day's fourth is refused whoever asks."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.content.strings import strings
from meneur.core.cosmos.fatigue import Step
from meneur.core.errors import RulesError
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.cosmos.fatigue import fatigue_step, fatigue_summary
from meneur.saves.campaign import Campaign

T = strings("fr").t


def _campaign(tmp_path: Path, **options: object) -> Path:
    made = Campaign.create(
        tmp_path / "c", system="cosmos", name="C", options={"endurance": True, **options}
    )
    act.set_value(
        made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"fp": 7, "fm": 7}}
    )
    return made.directory


def test_two_writers_opened_together_serve_two_meals(tmp_path: Path) -> None:
    directory = _campaign(tmp_path)
    first, second = Campaign.open(directory), Campaign.open(directory)
    act.change(first, GM_SEAT, fatigue_step("kael", Step("meal")))
    # the second read the sheet before the first wrote: its plan reads it again
    entry = act.change(second, GM_SEAT, fatigue_step("kael", Step("meal")))
    assert entry.text == "Kael\u00a0: Repas (−1 FP, −1 FM) · 2/3 aujourd'hui (FP 6 → 5, FM 6 → 5)"
    sheet = Campaign.open(directory, write=False).state["characters"]["kael"]["sheet"]
    assert (sheet["fp"], sheet["fm"], sheet["today"]) == (5, 5, {"day": 0, "meals": 2, "pauses": 0})
    act.change(second, GM_SEAT, fatigue_step("kael", Step("meal")))
    before = (directory / "campaign.toml").read_bytes()
    with pytest.raises(RulesError):
        act.change(first, GM_SEAT, fatigue_step("kael", Step("meal")))
    assert (directory / "campaign.toml").read_bytes() == before


def test_the_chronoste_day_starts_a_new_count(tmp_path: Path) -> None:
    directory = _campaign(tmp_path, chronoste=True)
    campaign = Campaign.open(directory)
    for _ in range(3):
        act.change(campaign, GM_SEAT, fatigue_step("kael", Step("meal")))
    sheet = campaign.state["characters"]["kael"]["sheet"]
    assert fatigue_summary(sheet, campaign.state, T)[-1] == "repas 3/3, pauses 0/3 aujourd'hui"
    act.set_value(campaign, GM_SEAT, ("chronoste", "minute"), 24 * 60 + 30)  # the next day
    sheet = campaign.state["characters"]["kael"]["sheet"]
    assert fatigue_summary(sheet, campaign.state, T)[-1] == "repas 0/3, pauses 0/3 aujourd'hui"
    entry = act.change(campaign, GM_SEAT, fatigue_step("kael", Step("meal")))
    assert "1/3 aujourd'hui" in entry.text
    assert campaign.state["characters"]["kael"]["sheet"]["today"] == {
        "day": 1,
        "meals": 1,
        "pauses": 0,
    }


def test_a_step_is_refused_without_the_endurance_rule(tmp_path: Path) -> None:
    made = Campaign.create(tmp_path / "c", system="cosmos", name="C")
    act.set_value(made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    with pytest.raises(RulesError) as refused:
        act.change(made, GM_SEAT, fatigue_step("kael", Step("meal")))
    assert refused.value.message_key == "cosmos.fatigue.off"


def test_the_undo_puts_the_days_count_back(tmp_path: Path) -> None:
    campaign = Campaign.open(_campaign(tmp_path))
    act.change(campaign, GM_SEAT, fatigue_step("kael", Step("revigoration")))
    assert campaign.state["characters"]["kael"]["sheet"]["suspended"] == {
        "by": "revigoration",
        "turns": 5,
    }
    act.undo(campaign, GM_SEAT)
    assert "suspended" not in campaign.state["characters"]["kael"]["sheet"]
