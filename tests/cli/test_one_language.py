"""Every test's odds and roll on the command line speak one language: in French, no
word of meneur's own in English; in English, no French word outside the French names
given beside the English ones (in parentheses) and the games' own names.

A small lexicon of each language's common words, the ones meneur's sentences are made
of, finds a word of the other language; what a person typed and proper names are not in
these outputs' words, or are excepted (tests/lexicon.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from meneur.cli.main import main
from tests.lexicon import foreign

TESTS = [
    ["oracle", "--lean", "neutral", "--question", "Ouverte ?"],
    ["yesno", "--likelihood", "3", "--tension", "4"],
    ["scene", "--tension", "3"],
    ["dice", "3d6"],
    ["dice", "40d6"],
    ["table", "noms"],
    [
        "resolution",
        "--intrinsic", "dementielle", "--interest", "neutral",
        "--element", "3", "--typical", "--element", "2", "--alteration", "adoucie",
    ],
    ["resolution", "--score", "0"],
    ["resolution", "--opposed", "2", "--element", "3", "--group"],
    ["cosmos", "--stat", "50", "--stat", "60", "--karma", "-10", "--bonus", "5"],
    ["intuition", "--intuition", "3"],
    ["piloting", "--vehicle", "fighter", "--score", "8", "--stress", "2"],
    ["aura"],
    ["traits", "--dice", "4", "--difficulty", "4", "--poker", "max"],
    ["traits", "--dice", "3", "--difficulty", "4", "--against", "3"],
    [
        "spherier", "--engine", "d6", "--notation", "[Mecanique](2, 10, 1h)",
        "--mastery", "4", "--limit", "3",
    ],
    ["spherier", "--engine", "d20", "--dd", "15", "--mastery", "4", "--limit", "3"],
    ["systemj", "--value", "74", "--modifier", "facilite"],
]  # fmt: skip


@pytest.mark.parametrize("command", ["odds", "roll"])
@pytest.mark.parametrize("test", TESTS, ids=lambda test: " ".join(test[:3]))
def test_the_command_line_speaks_one_language(
    command: str, test: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    seeded = ["--seed", "3"] if command == "roll" else []
    assert main([command, *test, *seeded, "--lang", "fr"]) == 0
    french = capsys.readouterr().out
    assert french.strip()
    assert not foreign(french, "fr"), french
    assert main([command, *test, *seeded, "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert not foreign(english, "en"), english
    assert english != french


# What a player or a GM gets wrong most, on a campaign: each refusal in one language.
REFUSALS = [
    ["journal", "{missing}"],
    ["new", "{camp}", "--system", "resolution"],
    ["undo", "{camp}"],
    ["stats", "{camp}", "--leave-out", "99"],
    ["note", "{camp}", "--edit", "99", "Rien"],
    ["clock", "{camp}", "add", "Embuscade", "5"],
    ["track", "{camp}", "add", "Le col", "3"],
    ["set", "{camp}", "characters.x.sheet.karma", "3"],
    ["set", "{camp}", "options.solo", "3"],
    ["roll", "table", "nulle-part", "--campaign", "{camp}"],
    ["tension", "{camp}", "--as", "personne"],
]


def _prose(said: str) -> str:
    """meneur's words in an error: without the command that failed, the files, keys
    and commands it names (the keys a file may hold are listed in parentheses, its
    tables in brackets), the values it quotes, and TOML's own true and false."""
    import re

    said = said.split("erreur\u00a0:", 1)[-1].split("error:", 1)[-1]
    said = re.sub(r"\S*[._/]\S*|\btrue\b|\bfalse\b", " ", said)
    return re.sub(r"\([^()]*\)|\[[^][]*\]|\"[^\"]*\"|'[^' ]*'", " ", said)


@pytest.mark.parametrize("refusal", REFUSALS, ids=lambda words: " ".join(words[:2]))
def test_a_campaigns_refusals_speak_one_language(
    refusal: list[str], tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = tmp_path / "camp"
    assert main(["new", str(camp), "--system", "resolution", "--lang", "fr"]) == 0
    capsys.readouterr()
    words = [w.format(camp=camp, missing=tmp_path / "nulle-part") for w in refusal]
    said = {}
    for lang in ("fr", "en"):
        assert main([*words, "--lang", lang]) == 2
        err = capsys.readouterr().err
        said[lang] = err
        assert not foreign(_prose(err.replace(str(tmp_path), "")), lang), err
    assert said["fr"] != said["en"]


@pytest.mark.parametrize(
    "table",
    [
        'viewers = "all"\n',
        "nope = 1\n",
        '[players.bob]\nname = "Bob"\ncharacters = ["ghost"]\n',
        '[players.bob]\nname = "Bob"\nkeys = "ssh-ed25519 AAAA"\n',
        '[invites.x]\nseat = "nobody"\n',
    ],
)
def test_a_broken_table_file_is_said_in_one_language(
    table: str, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A GM's hand edit of table.toml that cannot be read: its file and key named, the
    reason in the reader's language."""
    camp = tmp_path / "camp"
    assert main(["new", str(camp), "--system", "resolution", "--lang", "fr"]) == 0
    (camp / "table.toml").write_text(table, encoding="utf-8")
    capsys.readouterr()
    said = {}
    for lang in ("fr", "en"):
        assert main(["table", "list", str(camp), "--lang", lang]) == 2
        said[lang] = capsys.readouterr().err
        assert "table.toml" in said[lang]
        assert not foreign(_prose(said[lang].replace(str(tmp_path), "")), lang), said[lang]
    assert said["fr"] != said["en"]


BROKEN = sorted((Path(__file__).parents[1] / "saves" / "broken").iterdir())


@pytest.mark.parametrize("broken", BROKEN, ids=lambda path: path.name)
def test_a_broken_campaign_is_said_in_one_language(
    broken: Path, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each hand-damaged campaign of the saves' tests, as ``meneur check`` says it: the
    file and key named, the reason in the reader's language."""
    camp = tmp_path / broken.name
    shutil.copytree(broken, camp, symlinks=True)
    said = {}
    for lang in ("fr", "en"):
        assert main(["check", str(camp), "--lang", lang]) == 2
        said[lang] = capsys.readouterr().err
        assert not foreign(_prose(said[lang].replace(str(tmp_path), "")), lang), said[lang]
    assert said["fr"] != said["en"]


@pytest.mark.parametrize(
    ("lang", "said"), [("fr", "option solo\u00a0: non → oui"), ("en", "option solo: no → yes")]
)
def test_a_value_set_reads_yes_or_no_in_the_readers_language(
    tmp_path: Path, lang: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A switch set with ``meneur set`` is read back as yes or no in the reader's
    words: the journal said ``false → true``, the file's words, in either language."""
    camp = str(tmp_path / "camp")
    assert main(["new", camp, "--system", "resolution", "--lang", lang]) == 0
    assert main(["set", camp, "options.solo", "true"]) == 0
    capsys.readouterr()
    assert main(["journal", camp, "--last", "1"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.endswith(said), line
    assert "true" not in line
