"""A scene played from the command line reads in one language, whoever wrote it: the
same campaign, written half in French and half in English, read back (what was written,
the journal, the exports, the recap, the stats, the check) in each language holds no
word of meneur's own in the other one. What a person typed is kept out of the campaign
(names and notes in words of neither lexicon)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from tests.lexicon import foreign

SYSTEMS = ["resolution", "cosmos", "traits", "spherier", "systemj"]


def _play(camp: str, capsys: pytest.CaptureFixture[str]) -> list[tuple[str, str]]:
    """Play a scene, each step written in the other language than the last; what each
    command printed, with the language it was asked for."""
    steps = [
        ("session", camp, "Zorglub"),
        ("scene", camp, "Xylophon"),
        ("note", camp, "Qwerty"),
        ("roll", "dice", "2d6", "--campaign", camp, "--seed", "1"),
        ("roll", "oracle", "--lean", "neutral", "--campaign", camp, "--seed", "2"),
        ("roll", "table", "names", "--campaign", camp, "--seed", "2"),
        ("roll", "table", "encounters", "--campaign", camp, "--seed", "5"),
        ("roll", "word_pair", "--campaign", camp, "--seed", "2"),
        ("tension", camp, "up"),
        ("thread", camp, "add", "Zorglub"),
        ("thread", camp, "progress", "Zorglub", "2"),
        ("thread", camp, "roll", "Zorglub", "--seed", "3"),
        ("person", camp, "add", "Qwerty"),
        ("clock", camp, "add", "Xylophon", "4"),
        ("clock", camp, "advance", "Xylophon"),
        ("clock", camp, "ask", "Xylophon", "--seed", "4"),
        ("track", camp, "add", "Wumpus", "ardu"),
        ("track", camp, "mark", "Wumpus"),
        ("scene-end", camp, "yes"),
        ("time", camp, "+2h"),
        ("undo", camp),
        ("redo", camp),
    ]
    steps += [
        ("roll", "yesno", "--likelihood", "3", "--campaign", camp, "--seed", str(seed))
        for seed in range(10, 30)
    ]  # fmt: skip  (random events among them)
    said = []
    for number, step in enumerate(steps):
        lang = ("fr", "en")[number % 2]
        if step[:2] == ("roll", "word_pair"):
            step = ("roll", "table", "word_pair", *step[2:])
        assert main([*step, "--lang", lang]) == 0, step
        said.append((lang, capsys.readouterr().out))
    return said


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_evening_reads_in_one_language(
    system: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = str(tmp_path / system)
    options = ["--option", "solo=true", "--option", "chronoste=true"]
    assert main(["new", camp, "--system", system, *options, "--lang", "fr"]) == 0
    capsys.readouterr()
    for lang, out in _play(camp, capsys):
        assert not foreign(out, lang), (lang, out)
    reads = [
        ("journal", camp),
        ("export", camp),
        ("export", camp, "--recap"),
        ("export", camp, "--detailed"),
        ("stats", camp),
        ("check", camp),
    ]
    for read in reads:
        for lang in ("fr", "en"):
            assert main([*read, "--lang", lang]) == 0
            out = capsys.readouterr().out
            assert not foreign(out, lang), (read, lang, out)
    # What is stored is in the campaign's language alone (French here): a reader of an
    # older meneur, or of the file itself, meets no gloss.
    from meneur.saves.campaign import Campaign

    stored = [entry.text for entry in Campaign.open(Path(camp), write=False).journal]
    assert stored
    for text in stored:
        assert not foreign(text, "fr"), text
