"""``meneur element ACTING TARGET [FIGURE]``: the Great Cosmos elemental coefficient, a
campaign's own cells, a figure under it; and campaign.toml's ``[elements]`` checked."""

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


def test_the_coefficient_of_fire_on_ice_and_a_figure_under_it(capsys) -> None:
    status, out, _ = run(capsys, "element", "FEU", "glace", "15", "--lang", "fr")
    assert status == 0
    assert out.splitlines() == ["Feu → Glace\u00a0: ×2", "15 × 2 = 30"]
    status, out, _ = run(capsys, "element", "Fire", "Earth", "15", "--lang", "en")
    assert out.splitlines() == ["Fire → Earth: ×0.75", "15 × 0.75 = 11.25 → 11"]


def test_json_gives_the_exact_figures(capsys) -> None:
    status, out, _ = run(capsys, "element", "sang", "glace", "9", "--json")
    assert status == 0
    data = json.loads(out)
    assert data == {
        "acting": "sang",
        "target": "glace",
        "coefficient": "1/4",
        "source": "seed",
        "figure": 9,
        "exact": "9/4",
        "result": 2,
        "inverted": False,
    }


def test_an_unknown_element_is_one_line_and_exit_2(capsys) -> None:
    status, out, err = run(capsys, "element", "lave", "feu")
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert "unknown element “lave”" in err


def cosmos_campaign(tmp_path: Path) -> Path:
    return Campaign.create(tmp_path / "c", system="cosmos", name="Cosmos").directory


def test_a_campaigns_own_cell_is_used_and_said(capsys, tmp_path: Path) -> None:
    directory = cosmos_campaign(tmp_path)
    with (directory / "campaign.toml").open("a", encoding="utf-8") as file:
        file.write("\n[elements.glace]\nfeu = -1.5\n")
    status, out, _ = run(
        capsys, "element", "feu", "glace", "15", "--campaign", str(directory), "--lang", "en"
    )
    assert status == 0
    assert out.splitlines() == [
        "Fire → Ice: ×−1.5  (the campaign's; the seed's is ×2)",
        "15 × −1.5 = −22.5 → −22  (inverted: damage becomes healing)",
    ]
    # Other cells are the seed's.
    status, out, _ = run(capsys, "element", "glace", "feu", "--campaign", str(directory), "--json")
    assert json.loads(out)["source"] == "seed"


@pytest.mark.parametrize(
    ("added", "key"),
    [
        ("[elements.lave]\nfeu = 1\n", "elements.lave"),
        ("[elements.feu]\neau = 'beaucoup'\n", "elements.feu.eau"),
        ("[elements.feu]\neau = 500\n", "elements.feu.eau"),
    ],
)
def test_a_wrong_cell_in_campaign_toml_is_refused_naming_its_key(
    capsys, tmp_path: Path, added: str, key: str
) -> None:
    directory = cosmos_campaign(tmp_path)
    path = directory / "campaign.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n" + added, encoding="utf-8")
    before = path.read_bytes()
    status, _, err = run(capsys, "check", str(directory))
    assert status == 2
    assert f"campaign.toml: {key}" in err
    assert path.read_bytes() == before


def test_only_a_great_cosmos_campaign_has_elemental_cells(capsys, tmp_path: Path) -> None:
    directory = Campaign.create(tmp_path / "r", system="resolution", name="R").directory
    path = directory / "campaign.toml"
    path.write_text(
        path.read_text(encoding="utf-8") + "\n[elements.feu]\neau = 1\n", encoding="utf-8"
    )
    status, _, err = run(capsys, "check", str(directory))
    assert status == 2
    assert "elements: only in a campaign of The Tale of Great Cosmos" in err


def test_a_campaigns_cells_survive_a_write(tmp_path: Path) -> None:
    directory = cosmos_campaign(tmp_path)
    path = directory / "campaign.toml"
    path.write_text(
        path.read_text(encoding="utf-8") + "\n[elements.glace]\nfeu = 3\n", encoding="utf-8"
    )
    campaign = Campaign.open(directory)
    act.note(campaign, GM_SEAT, "une note")
    campaign.close()
    assert Campaign.open(directory, write=False).state["elements"] == {"glace": {"feu": 3}}
