"""``meneur create cosmos``: creation rolls as JSON and as text."""

from __future__ import annotations

import json

import pytest

from meneur.cli.main import main


def create(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(["create", "cosmos", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("seed", range(10))
def test_create_cosmos_json_holds_the_accepted_dice(seed: int, capsys) -> None:
    data = create(capsys, "--seed", str(seed))
    assert len(data["pv_pm_dice"]) == 10
    assert 250 <= sum(data["pv_pm_dice"]) <= 750
    assert len(data["stat_dice"]) == 6
    assert all(20 <= face <= 80 for face in data["stat_dice"])
    assert 200 <= sum(data["stat_dice"]) <= 400
    assert 6 <= data["dna_points"] <= 25
    assert 1 <= data["money"] <= 100
    kept_stats = [d["face"] for d in data["dice"] if d.get("role") == "stat" and d["kept"]]
    assert kept_stats == data["stat_dice"]


def test_create_is_reproducible(capsys) -> None:
    assert create(capsys, "--seed", "77") == create(capsys, "--seed", "77")


def test_pm_dice_give_pv_pm_and_skill_points(capsys) -> None:
    data = create(capsys, "--seed", "11", "--pm-dice", "1,3,5,7,9")
    dice = data["pv_pm_dice"]
    assert data["pm"] == dice[0] + dice[2] + dice[4] + dice[6] + dice[8]
    assert data["pv"] + data["pm"] == sum(dice)
    points = data["skill_points"]
    assert len(points["dice"]) == 1 + data["pm"] // 100
    assert points["points"] >= sum(points["dice"])
    # The same seed without the split gives the same other dice: skill points come last.
    plain = create(capsys, "--seed", "11")
    assert plain["stat_dice"] == data["stat_dice"]
    assert plain["money"] == data["money"]


def test_convert_rolls_two_dice(capsys) -> None:
    data = create(capsys, "--seed", "3", "--convert")
    assert len(data["conversion_dice"]) == 2
    assert 60 <= sum(data["conversion_dice"]) <= 140


def test_text_shows_every_step(capsys) -> None:
    assert main(["create", "cosmos", "--seed", "11", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    for words in ("PV et PM", "Statistiques", "Points d'ADN", "Argent", "graine 11", "relancés"):
        assert words in out
