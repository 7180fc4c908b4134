"""Bad input: one clear line on stderr, exit status 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from meneur.cli.main import main
from tests.waiting import PATIENCE

BAD = [
    (["odds", "nosuchsystem"], "invalid choice: 'nosuchsystem'"),
    (["odds", "yesno", "--likelihood", "9"], "argument --likelihood: must be 1 to 5, not 9"),
    (["odds", "yesno", "--likelihood", "many"], "argument --likelihood: must be a whole number"),
    (["odds", "yesno"], "--likelihood"),
    (
        [
            "odds",
            "resolution",
            "--intrinsic",
            "simple",
            "--interest",
            "neutral",
            "--element",
            "2",
            "--element",
            "1",
        ],
        "needs --typical",
    ),
    (["odds", "resolution", "--element", "2"], "set the difficulty one way"),
    (["odds", "resolution", "--score", "3", "--opposed", "2"], "set the difficulty one way"),
    (["odds", "resolution", "--score", "3", "--declared", "trivial"], "or --declared"),
    (["odds", "resolution", "--intrinsic", "simple", "--element", "2"], "go together"),
    (
        ["odds", "resolution", "--intrinsic", "facile", "--interest", "neutral"],
        "invalid choice: 'facile'",
    ),
    (
        ["odds", "dice", "4d6kh"],
        'dice “4d6kh”, character 6: expected a number of dice after "kh", found the end',
    ),
    (["roll", "dice", "2d6 3"], "expected + or − between terms, found “3”"),
    (["odds", "dice", "20d100kh10"], "too long"),
    (
        ["odds", "cosmos", "--threshold", "50", "--karma", "11"],
        "argument --karma: must be -10 to 10",
    ),
    (["odds", "cosmos", "--karma", "3"], "--threshold"),
    (
        ["roll", "cosmos", "--threshold", "50", "--seed", "-4"],
        "argument --seed: must be 0 or more, not -4",
    ),
    (["create", "cosmos", "--pm-dice", "1,2,3"], "five different dice"),
    (["create", "cosmos", "--pm-dice", "1,2,3,4,11"], "1 to 10"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
]


@pytest.mark.parametrize(
    ("argv", "message"), BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else ""
)
def test_bad_arguments_give_one_line_and_status_2(argv: list[str], message: str, capsys) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert message in lines[0]
    assert lines[0].startswith("meneur")


@pytest.mark.parametrize("argv", [BAD[1][0], BAD[4][0], BAD[9][0]])
def test_the_installed_command_exits_2_without_traceback(argv: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", *argv],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1


def test_help_lists_the_commands() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=PATIENCE,
    )
    assert result.returncode == 0
    for command in ("odds", "roll", "create", "new", "journal", "undo"):
        assert command in result.stdout


def test_a_reader_that_goes_away_is_no_error() -> None:
    # `meneur odds … | head -1` printed "meneur: error: Broken pipe" and exited 2.
    command = [sys.executable, "-m", "meneur.cli.main", "odds", "traits", "--dice", "12"]
    process = subprocess.Popen(
        [*command, "--difficulty", "4"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    process.stdout.close()  # the reader leaves before the answer is written
    _, err = process.communicate(timeout=PATIENCE)
    assert process.returncode == 0
    assert err == b""


@pytest.mark.parametrize("campaign", [False, True])
def test_a_refused_dice_expression_names_no_seed_and_journals_nothing(
    campaign: bool, capsys, tmp_path
) -> None:
    """No die was drawn: a seed would reproduce nothing (and, in a campaign whose dice
    are committed, would have spent a draw)."""
    folder = tmp_path / "camp"
    where: list[str] = []
    if campaign:
        assert main(["new", str(folder), "--system", "resolution", "--name", "Dés"]) == 0
        where = ["--campaign", str(folder)]
        before = (folder / "journal").stat().st_mtime_ns if (folder / "journal").exists() else 0
    capsys.readouterr()
    assert main(["roll", "dice", "2d6x", *where]) == 2
    err = capsys.readouterr().err
    assert err == (
        "meneur: error: dice “2d6x”, character 4: expected + or − between terms, found “x”\n"
    )
    if campaign:
        assert main(["journal", str(folder), "--json"]) == 0
        entries = capsys.readouterr().out
        assert "2d6x" not in entries
        after = (folder / "journal").stat().st_mtime_ns if (folder / "journal").exists() else 0
        assert after == before


@pytest.mark.parametrize(
    ("line", "french", "english"),
    [
        (
            "system = 3",
            "system\u00a0: un texte entre guillemets était attendu, trouvé\u00a0: 3",
            "system: expected text in quotes, found 3",
        ),
        (
            "name = { a = 1 }",
            "name\u00a0: un texte entre guillemets était attendu, trouvé\u00a0: une table",
            "name: expected text in quotes, found a table",
        ),
    ],
)
def test_a_campaign_files_error_is_said_in_the_readers_language(
    tmp_path, capsys, line: str, french: str, english: str
) -> None:
    from tests.lexicon import foreign

    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution", "--lang", "fr"]) == 0
    state = directory / "campaign.toml"
    key = line.split(" =")[0]
    text = state.read_text(encoding="utf-8")
    kept = [row for row in text.splitlines() if not row.startswith(f"{key} =")]
    state.write_text("\n".join([line, *kept]) + "\n", encoding="utf-8")
    capsys.readouterr()
    said = {}
    for lang in ("fr", "en"):
        assert main(["check", str(directory), "--lang", lang]) == 2
        said[lang] = capsys.readouterr().err
        assert "campaign.toml" in said[lang]  # the file and the key named in both
        reason = said[lang].split("campaign.toml", 1)[1]  # the file's name is no word
        assert not foreign(reason, lang), said[lang]
    assert french in said["fr"]
    assert english in said["en"]
