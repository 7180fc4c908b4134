"""``meneur library``: tables imported once are offered in every campaign the player runs
as the GM, never to a player at a shared table; a campaign's copy travels with
``pack``; an import that does not add up writes nothing."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.play.campaigns import read_state
from tests.seated import seat

SAMPLES = Path(__file__).parents[1] / "content" / "fixtures" / "tables"
BOOK = """# Oracles typed from my book

## Action

| d100 | Result |
|------|--------|
| 01–05 | Scheme |
| 06-50 | Clash |
| 51–95 | Withdraw |
| 96–00 | Roll twice |
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = tmp_path / "oracles.md"
    path.write_text(BOOK, encoding="utf-8")
    return path


def library_files() -> list[str]:
    folder = Path(os.environ["MENEUR_DATA_DIR"]) / "tables"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def test_a_table_imported_once_is_offered_in_a_new_campaign_with_its_chances(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    status, out, _ = run(capsys, "library", "import", str(book), "--lang", "en")
    assert status == 0
    assert "Imported 1 table, 4 rows from 1 file into your library" in out
    assert "Action — d100, 4 rows (action)" in out
    assert library_files() == ["action.toml"]
    # The file the player may read and edit, in the form a campaign's tables take.
    kept = (Path(os.environ["MENEUR_DATA_DIR"]) / "tables" / "action.toml").read_text()
    assert '{ text = "Roll twice", range = "96–00", again = 2 }' in kept

    status, out, _ = run(capsys, "library", "show", "action", "--lang", "en")
    assert out.splitlines()[1:5] == [
        "01–05    5.00 %  1/20  Scheme",
        "06–50   45.00 %  9/20  Clash",
        "51–95   45.00 %  9/20  Withdraw",
        "96–00    5.00 %  1/20  Roll twice",
    ]
    campaign = tmp_path / "new-campaign"
    assert main(["new", str(campaign), "--system", "resolution"]) == 0
    capsys.readouterr()
    status, out, _ = run(
        capsys,
        "roll",
        "table",
        "Action",
        "--campaign",
        str(campaign),
        "--seed",
        "1",
        "--lang",
        "en",
    )
    assert status == 0
    assert "Random table: Action" in out
    status, out, _ = run(capsys, "odds", "table", "action", "--campaign", str(campaign))
    assert "96–00" in out


def test_the_library_is_the_gms_a_player_never_sees_it_until_copied(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    assert run(capsys, "library", "import", str(book))[0] == 0
    campaign = tmp_path / "shared"
    assert main(["new", str(campaign), "--system", "resolution"]) == 0
    seat(campaign, "alice")
    capsys.readouterr()
    as_alice = ("--campaign", str(campaign), "--as", "alice", "--lang", "en")
    status, _, err = run(capsys, "roll", "table", "action", *as_alice)
    assert status == 2
    assert "no table “action”" in err
    named = err.split("(tables: ")[1].rstrip(")\n").split(", ")
    assert "Weather" in named
    assert "Action" not in named  # not even named among the others
    # The GM's roll on it is the GM's entry: the record carries the library's rows.
    assert (
        run(capsys, "roll", "table", "action", "--campaign", str(campaign), "--seed", "2")[0] == 0
    )
    status, out, _ = run(capsys, "journal", str(campaign), "--as", "alice", "--json")
    assert "Scheme" not in out
    assert json.loads(out)["entries"] == []

    status, out, _ = run(
        capsys, "library", "copy", "action", "--campaign", str(campaign), "--public"
    )
    assert status == 0
    assert "Action" in out
    assert read_state(campaign)["tables"]["action"]["entries"][0] == {
        "text": "Scheme",
        "range": "01–05",
    }
    status, out, _ = run(capsys, "roll", "table", "action", *as_alice, "--seed", "3")
    assert status == 0
    assert "Random table: Action" in out


def test_a_campaigns_copy_travels_with_pack_and_unpack(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    campaign = tmp_path / "travels"
    assert main(["new", str(campaign), "--system", "resolution"]) == 0
    status, out, _ = run(
        capsys, "library", "import", str(book), "--campaign", str(campaign), "--gm", "--lang", "en"
    )
    assert status == 0
    assert "into the campaign travels" in out
    assert library_files() == []  # into the campaign, not the library
    packed = tmp_path / "travels.meneur"
    assert main(["pack", str(campaign), "-o", str(packed)]) == 0
    elsewhere = tmp_path / "elsewhere"
    assert main(["unpack", str(packed), str(elsewhere)]) == 0
    table = read_state(elsewhere)["tables"]["action"]
    assert (table["gm"], table["dice"], table["entries"][3]) == (
        True,
        "d100",
        {"text": "Roll twice", "range": "96–00", "again": 2},
    )


def test_a_folder_of_foundry_tables_imports_whole_or_not_at_all(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "generators"
    shutil.copytree(SAMPLES / "foundry", folder)
    (folder / "notes.png").write_bytes(b"\x89PNG")  # not a table file: left aside
    broken = json.loads((folder / "loot-v12.json").read_text())
    broken["results"][1]["range"] = [4, 5]
    (folder / "zz-broken.json").write_text(json.dumps({**broken, "name": "Broken loot"}))
    status, _, err = run(capsys, "library", "import", str(folder), "--lang", "en")
    assert status == 2
    assert err.strip() == ("meneur: error: zz-broken.json: Broken loot: row 2 overlaps row 1 on 4")
    assert library_files() == []  # nothing of the three good files either
    (folder / "zz-broken.json").unlink()
    status, out, _ = run(capsys, "--lang", "fr", "library", "importer", str(folder))
    assert status == 0
    assert "3 tables importées, 9 lignes de 3 fichiers dans votre bibliothèque" in out
    assert library_files() == [
        "goblin_pockets.toml",
        "mountain_weather.toml",
        "tavern_rumours.toml",
    ]
    status, out, _ = run(capsys, "library", "liste", "--lang", "fr")
    assert out.splitlines()[0] == "Votre bibliothèque\u00a0: 3 tables"
    # Imported twice, a table would be two of one name: refused, nothing written.
    status, _, err = run(capsys, "library", "import", str(folder), "--lang", "en")
    assert status == 2
    assert "the library has a table “Goblin Pockets” already" in err
    assert len(library_files()) == 3


def test_export_and_remove_say_what_they_did(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    assert run(capsys, "library", "import", str(book))[0] == 0
    status, out, _ = run(capsys, "library", "export", "Action", "--format", "md")
    assert out.splitlines()[:4] == ["## Action", "", "| d100 | Result |", "|---|---|"]
    # What is exported imports again as the same table.
    copy = tmp_path / "again.csv"
    assert run(capsys, "library", "export", "action", str(copy), "--lang", "en")[0] == 0
    assert copy.read_text().splitlines()[:2] == ["d100,result", "01–05,Scheme"]
    status, out, _ = run(capsys, "library", "retirer", "action", "--lang", "fr")
    assert (status, out.strip()) == (0, "Retirée de votre bibliothèque\u00a0: Action")
    assert library_files() == []
    assert run(capsys, "library", "import", str(copy), "--name", "Action")[0] == 0
    status, out, _ = run(capsys, "library", "show", "action", "--lang", "en")
    assert out.splitlines()[1] == "01–05    5.00 %  1/20  Scheme"
    status, _, err = run(capsys, "library", "show", "nothing", "--lang", "en")
    assert status == 2
    assert (
        err.strip()
        == "meneur library show: error: no table “nothing” in your library (tables: Action)"
    )


def test_a_library_file_broken_by_hand_is_named_never_fatal(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    assert run(capsys, "library", "import", str(book))[0] == 0
    path = Path(os.environ["MENEUR_DATA_DIR"]) / "tables" / "action.toml"
    path.write_text(path.read_text().replace('range = "06–50"', 'range = "07–50"'))
    status, out, _ = run(capsys, "library", "list", "--lang", "en")
    assert status == 0
    assert (
        "not read: action.toml: action.toml: tables.action: no row covers 6 (before row 2)" in out
    )
    campaign = tmp_path / "still"
    assert main(["new", str(campaign), "--system", "resolution"]) == 0
    assert main(["roll", "table", "weather", "--campaign", str(campaign)]) == 0


def test_a_file_fixed_and_imported_again_replaces_its_tables(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "ambiance.md"
    book.write_text(
        "## Ambiance (d66)\n\n| d66 | A |\n|--|--|\n| 11-36 | Brume |\n| 41-65 | Orage |\n"
    )
    status, _, err = run(capsys, "library", "import", str(book), "--lang", "en")
    assert (status, err.strip()) == (
        2,
        "meneur: error: ambiance.md: Ambiance: no row covers 66 (after line 6)",
    )
    book.write_text(book.read_text().replace("41-65", "41-66"))
    assert run(capsys, "library", "import", str(book))[0] == 0
    book.write_text(book.read_text().replace("Orage", "Tempête"))
    status, _, err = run(capsys, "library", "import", str(book), "--lang", "en")
    assert status == 2
    assert "--replace" in err
    status, out, _ = run(capsys, "library", "import", str(book), "--replace", "--lang", "en")
    assert "Ambiance — d66, 2 rows (ambiance)" in out  # its name without the die, its key kept
    assert library_files() == ["ambiance.toml"]
    status, out, _ = run(capsys, "library", "show", "ambiance", "--lang", "en")
    assert out.splitlines()[2] == "41–66   50.00 %  1/2  Tempête"


def test_an_exported_table_and_a_campaigns_tables_import_as_they_are(
    capsys: pytest.CaptureFixture[str], book: Path, tmp_path: Path
) -> None:
    """meneur's own TOML: an export shared with another player, or another campaign's
    tables, imports as it is (its ranges, its rows rolling again)."""
    assert run(capsys, "library", "import", str(book))[0] == 0
    shared = tmp_path / "action.toml"
    assert run(capsys, "library", "export", "action", str(shared))[0] == 0
    assert run(capsys, "library", "remove", "action")[0] == 0
    out = run(capsys, "library", "import", str(shared), "--lang", "en")[1]
    assert "Action — d100, 4 rows (action)" in out
    out = run(capsys, "library", "show", "action", "--lang", "en")[1]
    assert out.splitlines()[4] == "96–00    5.00 %  1/20  Roll twice"
    campaign = tmp_path / "other"
    assert main(["new", str(campaign), "--system", "resolution"]) == 0
    assert main(["set", str(campaign), "tables.loot", '{ name = "Loot", entries = ["Gold"] }']) == 0
    out = run(capsys, "library", "import", str(campaign / "campaign.toml"), "--lang", "en")[1]
    assert "Loot — d1, 1 row (loot)" in out
