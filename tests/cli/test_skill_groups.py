"""The fixed skill sheet (docs/rules/cosmos.md#cosmos, "Modèle fixe"): a character's ``skill_group``
names a group the campaign's ``skills.toml`` defines; ``meneur set`` and ``check`` refuse any other,
naming the file and key, and change no byte."""

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


def fixed_campaign(tmp_path: Path) -> Path:
    campaign = Campaign.create(
        tmp_path / "c", system="cosmos", name="Cosmos", options={"skill_sheet": "fixed"}
    )
    act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    return campaign.directory


def test_set_takes_a_group_of_the_shipped_example_and_refuses_another(capsys, tmp_path) -> None:
    camp = str(fixed_campaign(tmp_path))
    key = "characters.kael.sheet.skill_group"
    assert run(capsys, "set", camp, key, "Garde impériale")[0] == 0
    before = (Path(camp) / "campaign.toml").read_bytes()
    status, _, err = run(capsys, "set", camp, key, "Pirates")
    assert status == 2
    assert "campaign.toml: characters.kael.sheet: skill_group: no group “Pirates”" in err
    assert "Garde impériale, Cercle des mages" in err
    assert "Traceback" not in err
    assert (Path(camp) / "campaign.toml").read_bytes() == before


def test_a_campaigns_own_groups_replace_the_example(capsys, tmp_path) -> None:
    directory = fixed_campaign(tmp_path)
    (directory / "skills.toml").write_text(
        '[groups.pirates]\nname = "Pirates du Vide"\nactive = ["Abordage"]\n', encoding="utf-8"
    )
    key = "characters.kael.sheet.skill_group"
    assert run(capsys, "set", str(directory), key, "pirates")[0] == 0
    status, _, err = run(capsys, "set", str(directory), key, "garde")
    assert status == 2
    assert "no group “garde”; the campaign's groups: Pirates du Vide" in err


def test_a_broken_skills_file_is_named_by_check(capsys, tmp_path) -> None:
    directory = fixed_campaign(tmp_path)
    run(capsys, "set", str(directory), "characters.kael.sheet.skill_group", "garde")
    (directory / "skills.toml").write_text('[groups.g]\nactive = "x"\n', encoding="utf-8")
    status, _, err = run(capsys, "check", str(directory))
    assert status == 2
    assert "skills.toml" in err
    assert "groups.g.active" in err
