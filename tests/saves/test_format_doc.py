"""The example in docs/save-format.md is a campaign meneur opens, and its roll replays."""

from __future__ import annotations

import re
from pathlib import Path

from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import replay_roll, roll_to_data

DOC = Path(__file__).resolve().parents[2] / "docs" / "save-format.md"


def test_the_documented_example_opens_and_replays(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    example = text[text.index("## Example") :]
    state, chunk = re.findall(r"```toml\n(.*?)```", example, flags=re.DOTALL)
    directory = tmp_path / "example"
    (directory / "journal").mkdir(parents=True)
    (directory / "campaign.toml").write_text(state, encoding="utf-8")
    (directory / "journal" / "000001.toml").write_text(chunk, encoding="utf-8")
    with Campaign.open(directory, write=False) as campaign:
        assert campaign.name == "Abyssal Dive"
        assert campaign.state["tables"]["rencontres"]["entries"][1] == {
            "text": "Un survivant affamé",
            "weight": 1,
        }
        roll = campaign.journal.entry(3).roll
        assert roll is not None
        assert roll_to_data(replay_roll(roll)) == dict(roll)
        assert campaign.state["characters"]["kael"]["sheet"]["karma"] == 10
