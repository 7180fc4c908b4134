"""``meneur roll cosmos --character ID --stat NAME``: the sheet's stat, and what the
character's fatigue and posture do to the test (docs/rules/cosmos.md#cosmos), as the panel does; a
state that forbids the test refuses it (exit 2) and journals nothing."""

from __future__ import annotations

import json
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


def campaign(tmp_path: Path, **sheet: object) -> Campaign:
    made = Campaign.create(tmp_path / "c", system="cosmos", name="C", options={"endurance": True})
    act.set_value(
        made,
        GM_SEAT,
        ("characters", "kael"),
        {"name": "Kael", "sheet": {"stats": {"force": 55, "esprit": 40}, "karma": 2, **sheet}},
    )
    return made


def roll(capsys, directory: Path, *more: str) -> tuple[int, dict, str]:
    status, out, err = run(
        capsys, "roll", "cosmos", "--campaign", str(directory), "--character", "kael",
        "--seed", "3", "--json", *more,
    )  # fmt: skip
    return status, json.loads(out) if status == 0 else {}, err


def test_a_named_stat_takes_the_sheets_value_and_its_fatigue(capsys, tmp_path) -> None:
    directory = campaign(tmp_path, fp=8).directory
    status, record, _ = roll(capsys, directory, "--stat", "Force")
    assert status == 0
    assert record["inputs"]["stats"] == [55]
    assert (record["inputs"]["state_bonus"], record["inputs"]["critical_failures"]) == (-30, 5)
    assert record["threshold"] == 25
    # FP weighs on Force, not on Esprit
    status, record, _ = roll(capsys, directory, "--stat", "esprit")
    assert ("state_bonus" not in record["inputs"], record["threshold"]) == (True, 40)
    # concentrating halves an extreme state, once its passive Esprit test was passed
    status, _, said = roll(capsys, directory, "--stat", "force", "--concentrated")
    assert status == 2
    assert "needs a passed passive Esprit test" in said
    concentrated = ("--stat", "force", "--concentrated", "--concentration-test")
    status, record, _ = roll(capsys, directory, *concentrated, "passed")
    assert (record["inputs"]["state_bonus"], record["inputs"]["critical_failures"]) == (-15, 2)
    status, record, _ = roll(capsys, directory, *concentrated, "failed")
    assert (record["inputs"]["state_bonus"], record["inputs"]["critical_failures"]) == (-30, 5)


def test_illumination_locks_karma_and_its_advantage_counts(capsys, tmp_path) -> None:
    combat = {"special": "illumination", "advantage": 5}
    directory = campaign(tmp_path, combat=combat).directory
    status, record, _ = roll(capsys, directory, "--stat", "esprit")
    assert status == 0
    assert (record["inputs"]["karma"], record["inputs"]["state_bonus"]) == (10, 20)
    assert record["threshold"] == 60


@pytest.mark.parametrize(
    ("sheet", "stat", "said"),
    [
        ({"fp": 10}, "force", "physical exhaustion (FP 10): the character can neither move"),
        ({"fm": 10}, "esprit", "mental exhaustion (FM 10): no Esprit test"),
        (
            {"combat": {"backlash": "illumination", "backlash_turns": 2}},
            "esprit",
            "Illumination's backlash: the character cannot act",
        ),
    ],
)
def test_a_state_that_forbids_the_test_refuses_it(capsys, tmp_path, sheet, stat, said) -> None:
    made = campaign(tmp_path, **sheet)
    before = made.journal.latest(1)[0].id
    status, _, err = roll(capsys, made.directory, "--stat", stat)
    assert status == 2
    assert f"meneur: error: {said}" in err
    assert "Traceback" not in err
    assert Campaign.open(made.directory).journal.latest(1)[0].id == before


def test_names_need_a_character_and_the_state_is_not_typed_beside_one(capsys, tmp_path) -> None:
    status, _, err = run(capsys, "roll", "cosmos", "--stat", "force")
    assert status == 2
    assert "a stat by name needs --campaign and --character" in err
    directory = campaign(tmp_path).directory
    status, _, err = roll(capsys, directory, "--stat", "force", "--state-bonus", "5")
    assert status == 2
    assert "--character works out --state-bonus" in err
    status, _, err = run(capsys, "roll", "cosmos", "--stat", "strength")
    assert status == 2
    assert "a stat is a whole number or one of force" in err


def test_a_record_with_a_state_replays_from_its_options(capsys) -> None:
    status, out, _ = run(
        capsys, "roll", "cosmos", "--stat", "55", "--state-bonus", "-30",
        "--critical-failures", "5", "--seed", "3", "--json",
    )  # fmt: skip
    assert status == 0
    record = json.loads(out)
    assert (record["threshold"], record["inputs"]["critical_failures"]) == (25, 5)


def test_an_opponents_aura_takes_the_bonus_off_and_adds_its_malus(capsys, tmp_path) -> None:
    # Seed 002, Règle d'aura: "4 : Retire tous les bonus et renforcements et inflige -20%".
    directory = campaign(tmp_path).directory
    status, record, _ = roll(capsys, directory, "--stat", "force", "--bonus", "15", "--aura", "4")
    assert status == 0
    inputs = record["inputs"]
    assert (inputs["bonus"], inputs["state_bonus"], record["threshold"]) == (0, -20, 35)
    status, _, said = run(capsys, "roll", "cosmos", "--threshold", "50", "--aura", "4")
    assert (status, said.strip()) == (
        2,
        "meneur roll cosmos: error: --aura 4 goes with --character",
    )


def test_an_aura_on_row_5_rolls_a_plain_success_again(capsys, tmp_path) -> None:
    # "Oblige l'adversaire a relancer une fois, sans bonus ni renforcement son jet en cas
    # de réussite (hors critiques et super-critiques)": fatigue's malus stays, the bonus goes
    directory = campaign(tmp_path, fp=4).directory
    status, record, _ = roll(capsys, directory, "--stat", "force", "--bonus", "15", "--aura", "5")
    assert status == 0
    inputs = record["inputs"]
    assert (inputs["bonus"], inputs["state_bonus"], inputs["reroll_bonus"]) == (15, -5, -5)
    # without a sheet, the typed maluses are all there is
    status, out, _ = run(
        capsys, "odds", "cosmos", "--threshold", "50", "--bonus", "10", "--aura", "5", "--json"
    )
    assert json.loads(out)["inputs"]["reroll_bonus"] == 0


def test_an_aura_on_row_6_needs_its_passive_test_and_a_failed_one_refuses(capsys, tmp_path) -> None:
    # "L'adversaire doit réussir un jet d'esprit passif … pour pouvoir agir"
    directory = campaign(tmp_path).directory
    before = Campaign.open(directory, write=False).journal.last_id
    status, _, said = roll(capsys, directory, "--stat", "force", "--aura", "6")
    assert status == 2
    assert "passive Esprit test first" in said
    status, _, said = roll(
        capsys, directory, "--stat", "force", "--aura", "6", "--aura-test", "failed"
    )
    assert status == 2
    assert "cannot act" in said
    assert Campaign.open(directory, write=False).journal.last_id == before  # nothing written
    status, record, _ = roll(
        capsys, directory, "--stat", "force", "--aura", "6", "--aura-test", "passed"
    )
    assert (status, record["threshold"]) == (0, 55)
