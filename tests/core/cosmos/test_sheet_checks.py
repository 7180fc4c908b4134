"""What a Great Cosmos sheet may not hold together (docs/rules/cosmos.md#cosmos): two two-handed
weapons in the inventory ("impossible donc de transporter 2 armes à 2 mains simultanément"), a
positive astral piloting score without its talent."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.errors import RulesError
from meneur.core.sheets import check_sheet


def test_one_two_handed_weapon_at_most() -> None:
    options = {"inventory": True}
    check_sheet("cosmos", options, {"inventory": {"Hache": 5, "Corde": 3, "Bouclier": 3}})
    with pytest.raises(RulesError) as refused:
        check_sheet("cosmos", options, {"inventory": {"Hache": 5, "Épée longue": 4}})
    assert refused.value.message_key == "sheet.two_handed"
    assert refused.value.values["names"] == "Hache, Épée longue"
    # Without the inventory rule, the inventory is not the rules' business.
    check_sheet("cosmos", {}, {"inventory": {"Hache": 5, "Épée longue": 4}})


def test_the_command_line_refuses_the_second_one_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "cosmos", "--option", "inventory=true"]) == 0
    sheet = '{ name = "Kael", sheet = { inventory = { "Hache" = 5 } } }'
    assert main(["set", str(directory), "characters.kael", sheet]) == 0
    before = (directory / "campaign.toml").read_bytes()
    capsys.readouterr()
    key = "characters.kael.sheet.inventory.Épée longue"
    assert main(["set", str(directory), key, "4"]) == 2
    said = capsys.readouterr().err.strip()
    assert len(said.splitlines()) == 1
    assert "two two-handed weapons" in said
    assert (directory / "campaign.toml").read_bytes() == before


def test_a_positive_astral_piloting_score_needs_its_talent() -> None:
    # Seed 002: "le pilotage astral nécessite des prérequis disponible sous forme de
    # talents que le PJ doit posséder pour avoir un score positif en pilotage astral".
    options = {"piloting": True}
    check_sheet("cosmos", options, {"piloting": {"Planétaire": 4, "Astral": 0}})
    with pytest.raises(RulesError) as refused:
        check_sheet("cosmos", options, {"piloting": {"Planétaire": 4, "Astral": 3}})
    assert refused.value.message_key == "sheet.astral_talent"
    assert refused.value.values["field"] == "piloting.Astral"
    sheet = {"piloting": {"Astral": 3}, "talents": ["Navigateur", "Pilotage ASTRAL"]}
    check_sheet("cosmos", options, sheet)
