"""Solo play from the command line: the tension (shown, set, moved by the end of a
scene, undone), the scene test as a scene starts, the yes/no oracle at the campaign's
tension or one given, and the random event it brings, journaled after the answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core import oracles
from meneur.play.story import tension_of
from meneur.saves.campaign import Campaign


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def solo_campaign(tmp_path: Path, solo: bool = True) -> str:
    options = {"solo": True} if solo else {}
    return str(
        Campaign.create(tmp_path / "s", system="resolution", name="S", options=options).directory
    )


def test_the_tension_starts_at_3_moves_and_undoes(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    assert run(capsys, "tension", camp)[1].strip() == "Tension 3 : Incertaine (uncertain)"
    assert "Tension 3 → 4" in run(capsys, "tension", camp, "up")[1]
    assert "tension 4 → 3" in run(capsys, "scene-end", camp, "yes")[1]
    assert "tension 3 → 4" in run(capsys, "scene-end", camp, "non")[1]
    assert run(capsys, "undo", camp)[0] == 0
    assert tension_of(Campaign.open(Path(camp)).state) == 3
    status, _, err = run(capsys, "tension", camp, "6")
    assert status == 2
    assert "tension must be 1 to 5, not 6" in err
    status, _, err = run(capsys, "tension", camp, "foo")
    assert status == 2
    assert "1 to 5, up or down, not 'foo'" in err


def test_solo_commands_need_the_option(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path, solo=False)
    before = (Path(camp) / "campaign.toml").read_bytes()
    for words in (
        ("tension", camp, "up"),
        ("scene-end", camp, "yes"),
        ("scene", camp, "X", "--test"),
    ):
        status, _, err = run(capsys, *words)
        assert status == 2
        assert "solo play is off: meneur set DIR options.solo true" in err
    assert (Path(camp) / "campaign.toml").read_bytes() == before


def test_a_scene_starts_with_its_test_at_the_campaigns_tension(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    run(capsys, "tension", camp, "5")
    status, out, _ = run(
        capsys, "scene", camp, "Le col enneigé", "--test", "--seed", "5", "--lang", "fr"
    )
    assert status == 0
    assert "Tension 5 : Crise\n" in out
    entries = Campaign.open(Path(camp)).journal.latest(2)
    assert entries[0].kind == "scene"
    assert entries[1].roll is not None
    assert entries[1].text == "Test de scène (scene test)"


def _seed_with_event(tension: int) -> int:
    """A seed whose yes/no dice show a double below ``tension``."""
    from meneur.core.records import roll_seeded

    question = oracles.YesNoQuestion(3, tension=tension)
    return next(s for s in range(1000) if roll_seeded(oracles.roll_yesno, question, s).event)


def test_the_oracle_asks_at_the_campaigns_tension_and_journals_the_event(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    seed = _seed_with_event(3)
    status, out, _ = run(
        capsys, "roll", "yesno", "--likelihood", "3", "--campaign", camp, "--seed", str(seed),
        "--json",
    )  # fmt: skip
    assert status == 0
    data = json.loads(out)
    assert (data["inputs"]["tension"], data["event"]["system"]) == (3, "tables")
    assert " / " in data["event"]["text"]  # the word pair
    entries = Campaign.open(Path(camp)).journal.latest(2)
    assert entries[1].id == data["event"]["entry_id"] == data["entry_id"] + 1
    assert entries[1].text == "Événement aléatoire (random event)"
    # the same seed, without a campaign, gives the same answer and the same event
    status, again, _ = run(
        capsys, "roll", "yesno", "--likelihood", "3", "--tension", "3", "--seed", str(seed),
        "--json",
    )  # fmt: skip
    assert json.loads(again)["event"]["text"] == data["event"]["text"]


def test_a_tension_given_for_one_question_overrides_the_campaigns(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    status, out, _ = run(
        capsys, "roll", "yesno", "--likelihood", "3", "--campaign", camp, "--tension", "1",
        "--json",
    )  # fmt: skip
    assert status == 0
    assert json.loads(out)["inputs"]["tension"] == 1
    assert "event" not in json.loads(out)  # nothing happens at 1
    assert tension_of(Campaign.open(Path(camp)).state) == 3


def test_the_odds_show_the_events_chance(capsys) -> None:
    odds = ("odds", "yesno", "--likelihood", "3", "--tension", "5")
    status, out, _ = run(capsys, *odds, "--lang", "fr")
    assert status == 0
    assert "Événement aléatoire : 29.63 %  8/27" in out
    assert "Oui, et… " in out
    status, out, _ = run(capsys, *odds, "--lang", "en")
    assert "Random event (Événement aléatoire): 29.63 %  8/27" in out
    assert "Yes, and (Oui, et…) " in out
    status, out, _ = run(capsys, "odds", "scene", "--tension", "2", "--lang", "fr")
    assert "Scène modifiée " in out
    assert "16.67 %" in out


def test_a_word_pair_rolls_alone(capsys) -> None:
    status, out, _ = run(capsys, "roll", "table", "word_pair", "--seed", "4")
    assert status == 0
    assert " / " in out.splitlines()[-2]


def test_an_events_focus_names_someone_the_campaign_met(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    run(capsys, "person", camp, "add", "Alix")
    # Seed 2 rolls the focus "someone already met acts" (the seed reproduces it exactly).
    status, out, _ = run(capsys, "roll", "table", "event", "--campaign", camp, "--seed", "2")
    assert status == 0
    assert "→ une personne déjà rencontrée agit : Alix — " in out
    # ... and without a campaign, the focus says there is nobody yet
    out = run(capsys, "roll", "table", "event", "--seed", "2")[1]
    assert "agit : quelqu'un de nouveau (personne dans la liste) — " in out
