"""``meneur verify FILE``: an audience's export checked for fair dice without the
campaign's folder — every roll of a revealed session its draw's and replayed exactly,
rolls outside the commitment counted apart, any tampering found (issue: the stream for
broadcast, fairness the audience can check)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.content.toml_reader import loads
from meneur.core.expressions import DiceInputs
from meneur.core.kinds import resolver
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.campaigns import Campaign
from meneur.play.fairness import verify


@pytest.fixture
def exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """An audience's TOML export of two sessions: the first's key revealed (two live
    rolls, a GM's blind roll the audience does not get, physical dice, a chosen seed),
    the second's still sealed (one roll)."""
    camp = str(tmp_path / "camp")
    played = [
        ["new", camp, "--system", "resolution"],
        ["session", camp, "Un"],
        ["roll", "resolution", "--score", "3", "--campaign", camp],
        ["roll", "dice", "2d6", "--campaign", camp],
        ["roll", "resolution", "--score", "2", "--campaign", camp, "--visibility", "gm"],
        ["roll", "dice", "1d6", "--campaign", camp, "--seed", "42"],
    ]
    for words in played:
        assert main(words) == 0, words
    # Physical dice, typed at the table (the app's way: the command line has none).
    campaign = Campaign.open(Path(camp))
    record = resolver(DiceInputs)(DiceInputs("1d6"), (4,))
    act.roll(campaign, GM_SEAT, record, "1d6", physical=True)
    campaign.close()
    for words in (
        ["session", camp, "Deux"],
        ["roll", "resolution", "--score", "4", "--campaign", camp],
    ):
        assert main(words) == 0, words
    path = tmp_path / "audience.toml"
    assert main(["export", camp, "--format", "toml", "-o", str(path)]) == 0
    capsys.readouterr()
    return path


def test_an_audiences_export_verifies_and_counts_what_is_outside(exported: Path) -> None:
    found = verify(loads(exported.read_text(encoding="utf-8")))
    assert found.fair
    assert found.verified == 2  # the two live rolls of the first session
    assert found.sealed == 1  # the second session's key is not out yet
    assert found.chosen == 1
    assert found.physical == 1
    assert found.outside == 0


def test_the_command_line_says_it_in_the_readers_language(
    exported: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(exported), "--lang", "fr"]) == 0
    said = capsys.readouterr().out
    assert "2 jets des séances révélées vérifiés" in said
    assert "1 jet de dés physiques" in said
    assert said.rstrip().endswith("Chaque jet vérifiable est loyal.")
    assert main(["verify", str(exported), "--lang", "en"]) == 0
    assert "2 rolls of revealed sessions verified" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("tamper", "why"),
    [
        # Another face on a die of a verified roll: it no longer replays.
        (lambda text: text.replace("face = ", "face = 1", 1), "Does not replay as written"),
        # Another seed for the first live roll: not its draw's.
        (lambda text: re.sub(r"seed = \d+", "seed = 12345", text, count=1), "Not its draw's seed"),
        # A key that is not the one committed to: every roll of its session refused.
        (
            lambda text: re.sub(
                r'^([0-9a-f]{64} = "[0-9a-f]{63})([0-9a-f])"',
                lambda m: m.group(1) + ("1" if m.group(2) == "0" else "0") + '"',
                text,
                count=1,
                flags=re.MULTILINE,
            ),
            "does not match their commitment",
        ),
    ],
    ids=["dice", "seed", "key"],
)
def test_a_tampered_export_is_refused_naming_the_roll(
    exported: Path, tamper: object, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = exported.read_text(encoding="utf-8")
    assert callable(tamper)
    changed = tamper(text)
    assert changed != text
    exported.write_text(changed, encoding="utf-8")
    assert main(["verify", str(exported), "--lang", "en"]) == 2
    said = capsys.readouterr().out
    assert why in said
    assert said.rstrip().endswith("Some rolls are not what their dice gave: see above.")


def test_a_file_that_is_no_export_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("pas du TOML = = =\n", encoding="utf-8")
    assert main(["verify", str(path), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meneur verify\u00a0: erreur\u00a0:")
    assert err.count("\n") == 1
