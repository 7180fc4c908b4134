"""Campaign commands: new, roll --campaign, note, journal, export, check, undo/redo."""

from __future__ import annotations

import json
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from tests.waiting import PATIENCE

CLI = [sys.executable, "-m", "meneur.cli.main"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep the remembered campaign inside the test."""
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status = main(list(argv))
    captured = capsys.readouterr()
    assert status == 0, captured.err
    return captured.out


def error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert len(captured.err.splitlines()) == 1, captured.err
    return captured.err


@pytest.fixture
def camp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    directory = str(tmp_path / "camp")
    run(
        capsys,
        "new",
        directory,
        "--system",
        "cosmos",
        "--name",
        "Abyssal Dive",
        "--option",
        "dna=true",
    )
    return directory


def test_new_creates_a_campaign_with_its_options(camp: str) -> None:
    state = tomllib.loads((Path(camp) / "campaign.toml").read_text())
    assert state["name"] == "Abyssal Dive"
    assert state["options"]["dna"] is True


def test_new_refuses_an_unknown_option(tmp_path: Path, capsys) -> None:
    assert "options.wings: unknown key" in error(
        capsys, "new", str(tmp_path / "x"), "--system", "cosmos", "--option", "wings=true"
    )


def test_roll_with_a_campaign_journals_it_and_returns_the_entry_id(camp: str, capsys) -> None:
    data = json.loads(
        run(
            capsys,
            "roll",
            "cosmos",
            "--threshold",
            "50",
            "--seed",
            "3",
            "--campaign",
            camp,
            "--json",
        )
    )
    assert data["entry_id"] == 1
    journal = json.loads(run(capsys, "journal", camp, "--json"))
    (entry,) = journal["entries"]
    assert entry["kind"] == "roll"
    assert entry["roll"]["seed"] == 3
    assert entry["roll"]["dice"] == data["dice"]


def test_a_roll_without_campaign_journals_nothing(camp: str, capsys) -> None:
    data = json.loads(run(capsys, "roll", "yesno", "--likelihood", "3", "--json"))
    assert "entry_id" not in data
    assert json.loads(run(capsys, "journal", camp, "--json"))["entries"] == []


def test_character_karma_is_read_moved_and_undoable(camp: str, capsys) -> None:
    run(capsys, "set", camp, "characters.kael.name", "Kael")
    run(capsys, "set", camp, "characters.kael.sheet.karma", "9")
    # Find a seed whose roll at karma 9 moves karma (a critical failure: +1).
    for seed in range(400):
        data = json.loads(
            run(
                capsys,
                "roll",
                "cosmos",
                "--threshold",
                "50",
                "--karma",
                "9",
                "--seed",
                str(seed),
                "--json",
            )
        )
        if data["outcome"] == "critical_failure":
            break
    rolled = json.loads(
        run(
            capsys,
            "roll",
            "cosmos",
            "--threshold",
            "50",
            "--seed",
            str(seed),
            "--campaign",
            camp,
            "--character",
            "kael",
            "--json",
        )
    )
    assert rolled["inputs"]["karma"] == 9
    assert rolled["karma_after"] == 10
    state = tomllib.loads((Path(camp) / "campaign.toml").read_text())
    assert state["characters"]["kael"]["sheet"]["karma"] == 10
    run(capsys, "undo", camp)
    state = tomllib.loads((Path(camp) / "campaign.toml").read_text())
    assert state["characters"]["kael"]["sheet"]["karma"] == 9
    run(capsys, "redo", camp)
    assert (
        tomllib.loads((Path(camp) / "campaign.toml").read_text())["characters"]["kael"]["sheet"][
            "karma"
        ]
        == 10
    )


def test_notes_sessions_scenes_and_the_remembered_campaign(camp: str, capsys) -> None:
    run(capsys, "session", camp, "Session 1")
    run(capsys, "scene", "L'épave")  # no DIR: the campaign used last
    run(capsys, "note", "On entre dans la soute.", "--at", "Jour 2, aube")
    run(capsys, "note", "--edit", "3", "On entre dans la soute, lampes éteintes.")
    # The DIR first, then --edit, then the text (play-tested: refused as extra words).
    run(capsys, "note", camp, "--edit", "3", "On entre dans la soute, lampes éteintes\u00a0!")
    text = run(capsys, "journal", "--last", "4", "--role", "gm")  # the GM's, numbered
    assert "#2" in text
    assert "lampes éteintes\u00a0!" in text
    assert "[Jour 2, aube]" in text
    story = run(capsys, "export", camp)
    assert "## Session 1" in story
    assert "### L'épave" in story


def test_export_to_a_file_and_as_toml(camp: str, tmp_path: Path, capsys) -> None:
    run(capsys, "note", camp, "Une note.")
    out = tmp_path / "story.md"
    assert run(capsys, "export", camp, "-o", str(out)) == ""
    assert "Une note." in out.read_text()
    archive = tomllib.loads(run(capsys, "export", camp, "--format", "toml"))
    assert archive["entry"][0]["text"] == "Une note."


def test_check_reads_everything_and_replays_rolls(camp: str, capsys) -> None:
    run(capsys, "roll", "cosmos", "--threshold", "40", "--campaign", camp, "--seed", "1")
    run(capsys, "create", "cosmos", "--campaign", camp, "--seed", "2")
    out = run(capsys, "check", camp, "--verify-rolls", "--lang", "fr")
    assert out.startswith("ok\u00a0:")
    assert "2 jets rejoués" in out
    assert "(rolls replayed)" not in out
    out = run(capsys, "check", camp, "--verify-rolls", "--lang", "en")
    assert out.startswith("ok:")
    assert "2 rolls replayed exactly" in out


def test_check_reports_a_tampered_roll(camp: str, capsys) -> None:
    run(capsys, "roll", "cosmos", "--threshold", "40", "--campaign", camp, "--seed", "1")
    chunk = Path(camp) / "journal" / "000001.toml"
    chunk.write_text(chunk.read_text().replace("seed = 1", "seed = 2"))
    assert "does not replay from its seed as recorded" in error(
        capsys, "check", camp, "--verify-rolls"
    )


def test_campaign_errors_are_one_line(camp: str, tmp_path: Path, capsys) -> None:
    assert "Nothing to undo." in error(capsys, "undo", camp)
    assert "does not exist" in error(capsys, "journal", str(tmp_path / "nowhere"))
    assert "no such character" in error(
        capsys, "roll", "cosmos", "--threshold", "50", "--campaign", camp, "--character", "ghost"
    )
    assert "go with --campaign" in error(
        capsys, "roll", "cosmos", "--threshold", "50", "--character", "kael"
    )
    assert "expected 1 or 2 arguments" in error(capsys, "note", "a", "b", "c")


def test_campaign_errors_are_said_in_the_readers_language(
    camp: str, tmp_path: Path, capsys
) -> None:
    nowhere = tmp_path / "nowhere"
    assert error(capsys, "journal", str(nowhere), "--lang", "fr") == (
        f"meneur\u00a0: erreur\u00a0: {nowhere}\u00a0: n'existe pas\n"
    )
    assert error(capsys, "undo", camp, "--lang", "fr").endswith("Rien à annuler.\n")
    assert error(capsys, "stats", camp, "--leave-out", "99", "--lang", "fr").endswith(
        "le journal n'a pas d'entrée 99\n"
    )
    said = error(capsys, "track", camp, "add", "Le col", "3", "--lang", "fr")
    assert said.endswith(
        "un rang est l'un de simple, ardu, redoutable, extrême ou épique, pas «\u00a03\u00a0»\n"
    )


# --- Sheet limits hold on every path ----------------------------------------------------


def files_of(directory: str) -> dict[str, bytes]:
    """Every file of a campaign and its bytes (but the lock, which says who last wrote)."""
    root = Path(directory)
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and p.name != ".lock"
    }


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("karma", "11", "sheet: karma: from -10 to 10, not 11"),
        ("stats.force", "85", "sheet: stats.force: from 20 to 80, not 85"),
        ("stats.chance", "19", "sheet: stats.chance: from 20 to 80, not 19"),
        ("intuition", "9", "sheet: intuition: from 1 to 6, not 9"),
        ("pv", "120", "sheet: pv: from -999 to 100, not 120"),
        ("money", "99999999999999999999999", "sheet: money: from 0 to 10000000"),
        ("karma", '"5"', "sheet: karma: a whole number is expected, not “5”"),
    ],
)
def test_set_goes_through_the_sheets_limits(
    camp: str, key: str, value: str, message: str, capsys
) -> None:
    # Play-tested: `meneur set` skipped the sheet's limits (karma 11 was saved).
    character = '{ name = "Kael", sheet = { level = 1, karma = 0, pv = 80, pv_max = 100 } }'
    run(capsys, "set", camp, "characters.kael", character)
    before = files_of(camp)
    said = error(capsys, "set", camp, f"characters.kael.sheet.{key}", value)
    assert "campaign.toml: characters.kael." + message in said
    assert files_of(camp) == before  # a refused edit changes no byte


def test_the_stat_cap_is_85_from_level_3(camp: str, capsys) -> None:
    run(capsys, "set", camp, "characters.kael", '{ name = "Kael", sheet = { level = 3 } }')
    run(capsys, "set", camp, "characters.kael.sheet.stats", "{ force = 85 }")
    assert "85" in error(capsys, "set", camp, "characters.kael.sheet.level", "2")


def test_check_names_a_hand_edited_sheet_value_out_of_bounds(camp: str, capsys) -> None:
    run(capsys, "set", camp, "characters.kael", '{ name = "Kael", sheet = { karma = 3 } }')
    path = Path(camp) / "campaign.toml"
    path.write_text(path.read_text().replace("karma = 3", "karma = 12"))
    said = error(capsys, "check", camp)
    assert "campaign.toml: characters.kael.sheet: karma: from -10 to 10" in said
    # Every command refuses what check refuses, with the same message.
    assert said == error(capsys, "roll", "cosmos", "--threshold", "50", "--campaign", camp)
    assert said == error(capsys, "note", camp, "hello")


def test_the_affiliation_level_is_capped_by_the_affiliations_own_maximum(
    tmp_path: Path, capsys
) -> None:
    # The shipped merchants' guild goes up to level 3, not 5.
    camp = str(tmp_path / "guild")
    run(capsys, "new", camp, "--system", "cosmos", "--option", "affiliation=true")
    run(
        capsys,
        "set",
        camp,
        "characters.kael",
        '{ name = "Kael", sheet = { affiliation = "guilde" } }',
    )
    run(capsys, "set", camp, "characters.kael.sheet.affiliation_level", "3")
    said = error(capsys, "set", camp, "characters.kael.sheet.affiliation_level", "4")
    assert "sheet: affiliation_level: from 0 to 3, not 4" in said
    run(capsys, "set", camp, "characters.kael.sheet.affiliation", '"aube"')
    run(capsys, "set", camp, "characters.kael.sheet.affiliation_level", "5")


def test_set_says_the_value_as_campaign_toml_writes_it(camp: str, capsys) -> None:
    # Play-tested: the journal showed Python's notation, ['Vitalité<+3, 2>', …].
    said = run(capsys, "set", camp, "characters.kael", '{ name = "Kael", sheet = { karma = 2 } }')
    assert said.strip().endswith('characters.kael → { name = "Kael", sheet = { karma = 2 } }')
    said = run(capsys, "set", camp, "lists.threads", '["Le manoir", "Vitalité<+3, 2>"]')
    assert '["Le manoir", "Vitalité<+3, 2>"]' in said
    assert "'" not in said


# --- Random tables from the command line ----------------------------------------------


def test_a_shipped_table_rolls_and_replays_from_its_seed(capsys) -> None:
    first = json.loads(run(capsys, "roll", "table", "Météo", "--seed", "3", "--json"))
    again = json.loads(run(capsys, "roll", "table", "meteo", "--seed", "3", "--json"))
    assert first == again
    assert first["system"] == "tables"
    assert first["text"]
    said = run(capsys, "roll", "table", "weather", "--seed", "3")
    assert "→ " in said
    odds = json.loads(run(capsys, "odds", "table", "meteo", "--json"))
    assert sum(Fraction(p) for p in odds["distribution"].values()) == 1


def test_a_campaigns_table_rolls_into_its_journal(camp: str, capsys) -> None:
    run(capsys, "set", camp, "tables.butin", '{ name = "Butin", entries = ["[[2d6]] pièces"] }')
    rolled = json.loads(
        run(capsys, "roll", "table", "Butin", "--campaign", camp, "--seed", "2", "--json")
    )
    assert rolled["text"].endswith("pièces")
    entries = json.loads(run(capsys, "journal", camp, "--json", "--role", "gm"))["entries"]
    assert entries[-1]["id"] == rolled["entry_id"]
    assert entries[-1]["text"] == "Butin"
    assert "ok" in run(capsys, "check", camp, "--verify-rolls")


def test_an_unknown_table_names_those_there_are(capsys) -> None:
    said = error(capsys, "roll", "table", "trésor")
    assert "no table “trésor”" in said
    known = said.split("(tables: ", 1)[1].removesuffix(")\n").split(", ")
    assert "Weather" in known  # as the reader's language names them: each name finds it
    assert len(known) == len(set(known))  # one name a table, not one for each language
    assert "Météo" not in known


def test_a_table_whose_weights_do_not_fill_its_dice_is_refused_when_written(
    camp: str, capsys
) -> None:
    said = error(
        capsys,
        "set",
        camp,
        "tables.butin",
        '{ name = "Butin", dice = "2d6", entries = ["A", "B"] }',
    )
    assert "campaign.toml: tables.butin: table “butin” rolls 2d6 (2 to 12)" in said
    assert "weights add up to 2, not 11" in said


def test_journal_follow_prints_each_entry_as_it_is_appended(tmp_path: Path) -> None:
    import json
    import queue
    import signal
    import subprocess
    import threading

    from meneur.saves.campaign import Campaign

    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution").close()
    writer = Campaign.open(directory)
    act.note(writer, GM_SEAT, "before")
    follower = subprocess.Popen(
        [*CLI, "journal", str(directory), "--follow", "--json", "--role", "gm"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert follower.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in follower.stdout], daemon=True).start()

    def next_line() -> dict[str, object]:
        return dict(json.loads(lines.get(timeout=PATIENCE)))

    try:
        assert next_line()["text"] == "before"
        act.note(writer, GM_SEAT, "during")
        act.set_value(writer, GM_SEAT, ("lists", "people"), ["Justine"])
        assert next_line()["text"] == "during"
        changed = next_line()
        assert changed["id"] == 3
        assert changed["kind"] == "change"
    finally:
        # TERM, not INT: a test run in the background has SIGINT ignored, as are its children.
        follower.send_signal(signal.SIGTERM)
        _, errors = follower.communicate(timeout=PATIENCE)
    assert follower.returncode == 0
    assert "Traceback" not in errors
