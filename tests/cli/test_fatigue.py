"""``meneur fatigue [DIR] CHARACTER [STEP]``: the gauges shown, one step journaled, a
refused step exits 2 with nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def directory(tmp_path: Path) -> Path:
    made = Campaign.create(tmp_path / "c", system="cosmos", name="C", options={"endurance": True})
    act.set_value(
        made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"fp": 8, "fm": 3}}
    )
    return made.directory


def test_the_gauges_then_a_meal_by_the_characters_name(capsys, directory: Path) -> None:
    status, out, _ = run(capsys, "fatigue", str(directory), "Kael", "--lang", "fr")
    assert (status, out) == (
        0,
        "Kael\nFP 8 Fatigue extrême\nFM 3\nrepas 0/3, pauses 0/3 aujourd'hui\n",
    )
    status, out, _ = run(capsys, "fatigue", str(directory), "kael", "meal", "--lang", "fr")
    assert (status, out) == (
        0,
        "#2 Kael\u00a0: Repas (−1 FP, −1 FM) · 1/3 aujourd'hui (FP 8 → 7, FM 3 → 2)\n",
    )


def test_a_potions_grade_and_a_short_rests_hours(capsys, directory: Path) -> None:
    _, out, _ = run(
        capsys, "fatigue", str(directory), "kael", "healing", "--grade", "max", "--lang", "en"
    )
    assert out == "#2 Kael: Healing potion (−1/−2/−3 FP) — Max (FP 8 → 5, FM 3 → 3)\n"
    _, out, _ = run(
        capsys, "fatigue", str(directory), "kael", "short_rest", "--count", "5", "--lang", "en"
    )
    assert out == "#3 Kael: Short rest (−1 per 2 h): 5 h (FP 5 → 3, FM 3 → 1)\n"


def test_a_refused_step_exits_2_and_writes_nothing(capsys, directory: Path) -> None:
    for _ in range(3):
        assert run(capsys, "fatigue", str(directory), "kael", "pause")[0] == 0
    before = (directory / "campaign.toml").read_bytes()
    status, out, err = run(capsys, "fatigue", str(directory), "kael", "pause")
    assert (status, out, err) == (2, "", "meneur: error: 3 pauses a day at most (endurance rule)\n")
    status, _, err = run(capsys, "fatigue", str(directory), "kael", "mana")
    assert (status, err) == (
        2,
        "meneur: error: the table has no standard grade of this potion, only plus, max\n",
    )
    status, _, err = run(capsys, "fatigue", str(directory), "nobody", "meal")
    assert (status, err) == (2, "meneur fatigue: error: nobody: no such character\n")
    assert (directory / "campaign.toml").read_bytes() == before


def test_a_broken_days_count_is_refused_naming_its_key(capsys, directory: Path) -> None:
    text = (directory / "campaign.toml").read_text(encoding="utf-8")
    (directory / "campaign.toml").write_text(
        text.replace("fp = 8", "fp = 8\ntoday = { meals = 9 }"), encoding="utf-8"
    )
    status, _, err = run(capsys, "fatigue", str(directory), "kael", "meal")
    assert status == 2
    assert "campaign.toml" in err
    assert "characters.kael.sheet: today.meals: 0 to 3, not 9" in err


def test_the_help_names_every_step_the_core_takes() -> None:
    from meneur.cli.cosmos.arguments import FATIGUE_STEPS
    from meneur.core.cosmos.fatigue import STEPS

    assert FATIGUE_STEPS == STEPS
