"""The stream's picture as data (meneur.play.broadcast): the rolls a revealed key
verifies, and an audience's picture that does not change with a secret's outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.core.visibility import AUDIENCE
from meneur.play.broadcast import stream_view
from meneur.play.campaigns import Campaign


def _played(directory: Path, *commands: list[str]) -> Campaign:
    for words in commands:
        assert main([words[0], *(w.replace("DIR", str(directory)) for w in words[1:])]) == 0
    return Campaign.open(directory, write=False)


def test_the_rolls_of_a_revealed_session_are_counted_as_verified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    campaign = _played(
        tmp_path / "c",
        ["new", "DIR", "--system", "resolution"],
        ["session", "DIR", "Un"],
        ["roll", "resolution", "--score", "3", "--campaign", "DIR"],
        ["roll", "dice", "2d6", "--campaign", "DIR"],
        ["roll", "dice", "1d6", "--campaign", "DIR", "--seed", "7"],  # outside the draws
        ["session", "DIR", "Deux"],  # reveals the first session's key
        ["roll", "resolution", "--score", "4", "--campaign", "DIR"],
    )
    capsys.readouterr()
    view = stream_view(campaign, AUDIENCE, strings("en"))
    assert view["fairness"]["committed"]
    assert view["fairness"]["verified"] == 2
    assert "2 rolls checked against the revealed key" in view["fairness"]["said"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_audiences_picture_does_not_change_with_a_blind_rolls_outcome(
    tmp_path: Path, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same table twice, a GM's blind roll the only difference (its seed, so its
    dice and outcome): the audience's picture is the same, byte for byte."""
    pictures = []
    for other in (seed, seed + 100):
        campaign = _played(
            tmp_path / f"c{other}",
            ["new", "DIR", "--system", "resolution", "--name", "Table"],
            ["note", "DIR", "La porte grince."],
            ["roll", "resolution", "--score", "3", "--campaign", "DIR", "--seed", "9"],
            [
                "roll", "resolution", "--score", "2", "--campaign", "DIR", "--seed", str(other),
                "--label", "Embuscade", "--visibility", "gm",
            ],
        )  # fmt: skip
        view = stream_view(campaign, AUDIENCE, strings("fr"))
        pictures.append(json.dumps(view, ensure_ascii=False, sort_keys=True))
    capsys.readouterr()
    assert pictures[0] == pictures[1]
    assert "Embuscade" not in pictures[0]


def test_a_roll_outside_the_committed_dice_is_said_so_on_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A roll drawn from the committed dice has no label; once the key is revealed, a
    roll edited by hand since (its draw no longer gives its seed) is labelled as not the
    key's draw; while a session's dice are committed, a roll with no draw (written by a
    script) is labelled as outside them."""
    from meneur.core.expressions import DiceInputs
    from meneur.core.expressions import roll as roll_expression
    from meneur.core.records import roll_seeded
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act

    directory = tmp_path / "c"
    campaign = _played(
        directory,
        ["new", "DIR", "--system", "resolution"],
        ["session", "DIR", "Un"],
        ["roll", "dice", "2d6", "--campaign", "DIR"],
    )
    words = strings("en")
    assert stream_view(campaign, AUDIENCE, words)["roll"]["fairness"] == ""
    _played(directory, ["session", "DIR", "Deux"])  # reveals the first session's key
    capsys.readouterr()
    chunk = next((directory / "journal").glob("*.toml"))
    text = chunk.read_text()
    assert text.count("\ndraw = 1\n") == 1
    chunk.write_text(text.replace("\ndraw = 1\n", "\ndraw = 2\n"))  # edited by hand
    reopened = Campaign.open(directory, write=False)
    card = stream_view(reopened, AUDIENCE, words)["roll"]
    assert card["fairness"] == "Not the draw the revealed key gives: changed since"
    assert stream_view(reopened, AUDIENCE, strings("fr"))["roll"]["fairness"] == (
        "Pas le tirage que donne la clé révélée\u00a0: modifié depuis"
    )
    with Campaign.open(directory) as writing:
        act.roll(writing, GM_SEAT, roll_seeded(roll_expression, DiceInputs("1d6"), 4), "1d6")
    reopened.sync()
    card = stream_view(reopened, AUDIENCE, words)["roll"]
    assert card["text"] == "1d6"
    assert card["fairness"] == "Outside the committed dice: no draw"


def test_an_announced_secret_is_in_the_audiences_story_whatever_it_holds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A GM's announced secret roll and announced secret note are each a line of the
    story, the same line (the stream dropped both once their entries read "secret", a
    kind of no story: the table's layout showed them)."""
    campaign = _played(
        tmp_path / "c",
        ["new", "DIR", "--system", "resolution", "--name", "Table"],
        ["note", "DIR", "La porte grince."],
        [
            "roll", "resolution", "--score", "2", "--campaign", "DIR", "--label", "Embuscade",
            "--visibility", "gm", "--announce",
        ],
        ["note", "DIR", "Le traître attend.", "--visibility", "gm", "--announce"],
        ["roll", "resolution", "--score", "3", "--campaign", "DIR", "--seed", "9"],
    )  # fmt: skip
    capsys.readouterr()
    story = stream_view(campaign, AUDIENCE, strings("fr"))["story"]
    assert [line["text"] for line in story] == [
        "La porte grince.",
        "🔒 Entrée secrète du MJ",
        "🔒 Entrée secrète du MJ",
    ]
    assert [line["secret"] for line in story] == [False, True, True]


def test_the_audiences_picture_does_not_change_as_the_gm_writes_secrets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The audience's story, last roll and scene are looked for in what it may see: a
    window of the journal's last entries, filtered after, held fewer of them as the GM
    wrote secrets (after a few hundred, no roll, no story, then no scene), and how many
    fewer told the audience the GM was writing some. The picture is the same, byte for
    byte, before and after four hundred and fifty of them."""
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    from meneur.play.campaigns import Secrecy

    directory = tmp_path / "c"
    _played(
        directory,
        ["new", "DIR", "--system", "resolution", "--name", "Table"],
        ["session", "DIR", "Un"],
        ["scene", "DIR", "Le col des Brumes"],
        *(["note", "DIR", f"La caravane avance, étape {n}."] for n in range(14)),
        ["roll", "resolution", "--score", "3", "--campaign", "DIR", "--seed", "9"],
    ).close()
    capsys.readouterr()

    def picture() -> str:
        campaign = Campaign.open(directory, write=False)
        try:
            view = stream_view(campaign, AUDIENCE, strings("fr"))
        finally:
            campaign.close()
        return json.dumps(view, ensure_ascii=False, sort_keys=True)

    before = picture()
    assert "étape 13" in before
    assert "Le col des Brumes" in before
    campaign = Campaign.open(directory)
    try:
        for number in range(450):
            act.note(campaign, GM_SEAT, f"Préparation {number}", secrecy=Secrecy("gm"))
    finally:
        campaign.close()
    after = picture()
    assert after == before
    assert "Préparation" not in after


def test_the_last_none_an_outsider_may_see_are_none(tmp_path: Path) -> None:
    """No entries asked, none given, to the GM and to an outsider alike."""
    from meneur.core.visibility import GM, Viewer
    from meneur.play.journal import last_seen, start_of_last

    campaign = _played(
        tmp_path / "c", ["new", "DIR", "--system", "resolution"], ["note", "DIR", "Une note."]
    )
    with campaign:
        for viewer in (GM, AUDIENCE, Viewer("player", "alice")):
            assert last_seen(campaign, viewer, 0) == []
            assert start_of_last(campaign, viewer, 0) == campaign.journal.last_id + 1
