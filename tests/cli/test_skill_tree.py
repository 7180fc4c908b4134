"""``meneur skill [DIR] CHARACTER [list | unlock SKILL | upgrade SKILL UPGRADE]``: the
progressive tree with each skill's categories; a purchase journaled, a refused one exit
2 with nothing written."""

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
    made = Campaign.create(
        tmp_path / "c", system="cosmos", name="C", options={"skill_sheet": "progressive"}
    )
    act.set_value(
        made, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"skill_points": 6}}
    )
    return made.directory


def test_the_tree_then_a_skill_and_its_upgrade(capsys, directory: Path) -> None:
    status, out, _ = run(capsys, "skill", str(directory), "Kael", "--lang", "fr")
    assert status == 0
    assert out.splitlines()[0] == "Kael — 6 PC"
    assert (
        "  Brasier (3 PC) — Élémentaire (Feu, Air) · Offensif, Entravant · Majeur"
        in out.splitlines()
    )
    status, out, _ = run(
        capsys, "skill", str(directory), "kael", "unlock", "Flamme", "--lang", "fr"
    )
    assert (status, out) == (0, "#2 Kael débloque Flamme (1 PC)\n")
    status, out, _ = run(
        capsys, "skill", str(directory), "kael", "upgrade", "flamme", "Portée accrue",
        "--lang", "fr",
    )  # fmt: skip
    assert (status, out) == (0, "#3 Kael améliore Flamme\u00a0: Portée accrue (1 PC)\n")
    sheet = Campaign.open(directory, write=False).state["characters"]["kael"]["sheet"]
    assert (sheet["skill_points"], sheet["skills_owned"], sheet["skill_upgrades"]) == (
        4,
        ["Flamme"],
        {"Flamme": ["Portée accrue"]},
    )


def test_contrary_deities_and_a_missing_blessing_are_refused(capsys, directory: Path) -> None:
    before = (directory / "campaign.toml").read_bytes()
    status, out, err = run(capsys, "skill", str(directory), "kael", "unlock", "jugement")
    assert (status, out, err) == (
        2,
        "",
        "meneur: error: Jugement needs a deity's blessing, given in play\n",
    )
    assert (directory / "campaign.toml").read_bytes() == before
    assert run(capsys, "skill", str(directory), "kael", "unlock", "jugement", "--blessed")[0] == 0
    before = (directory / "campaign.toml").read_bytes()
    status, _, err = run(capsys, "skill", str(directory), "kael", "unlock", "fracture", "--blessed")
    assert (status, err) == (
        2,
        "meneur: error: Fracture (Chaos) goes against Jugement (Ordre): no blessing from a "
        "contrary deity\n",
    )
    status, _, err = run(capsys, "skill", str(directory), "kael", "upgrade", "flamme", "x")
    assert (status, err) == (2, "meneur: error: Flamme is not owned: unlock it first\n")
    assert (directory / "campaign.toml").read_bytes() == before
