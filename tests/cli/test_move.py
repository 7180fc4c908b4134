"""``meneur move [DIR] CHARACTER [X,Y]``: placing, moving within the turn's squares,
the others' distances by name; a refused move exits 2 with nothing written."""

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


def test_place_move_and_the_distances(capsys, tmp_path: Path) -> None:
    made = Campaign.create(
        tmp_path / "c", system="cosmos", name="C", options={"movement": True, "endurance": True}
    )
    # Agilité 62: 4 squares a turn, less 1 for a moderate physical fatigue
    act.set_value(
        made,
        GM_SEAT,
        ("characters", "kael"),
        {"name": "Kael", "sheet": {"stats": {"agilite": 62}, "fp": 6}},
    )
    act.set_value(made, GM_SEAT, ("characters", "lyra"), {"name": "Lyra", "sheet": {}})
    directory = str(made.directory)
    assert run(capsys, "move", directory, "kael", "3,4", "--lang", "fr")[2] == (
        "meneur\u00a0: erreur\u00a0: placez d'abord le personnage sur le damier\n"
    )
    assert run(capsys, "move", directory, "kael", "1,1", "--place", "--lang", "fr")[0] == 0
    assert run(capsys, "move", directory, "lyra", "4,2", "--place", "--lang", "fr")[0] == 0
    status, out, _ = run(capsys, "move", directory, "kael", "3,2", "--lang", "fr")
    assert (status, out) == (
        0,
        "#5 Kael se déplace de (1, 1) à (3, 2)\u00a0: 3 cases, 3/3 ce tour\n",
    )
    status, out, _ = run(capsys, "move", directory, "Kael", "--lang", "fr")
    assert out == (
        "Kael en (3, 2) · 0/3 cases de déplacement ce tour\n"
        "Lyra en (4, 2)\u00a0: 1 case · corps à corps\n"
    )
    before = (made.directory / "campaign.toml").read_bytes()
    status, _, err = run(capsys, "move", directory, "kael", "2,2")
    assert (status, err) == (2, "meneur: error: 1 squares, 0 left this turn\n")
    assert (made.directory / "campaign.toml").read_bytes() == before
    assert run(capsys, "move", directory, "kael", "--new-turn")[0] == 0
    assert run(capsys, "move", directory, "kael", "2,2")[0] == 0
