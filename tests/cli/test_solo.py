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


def _read(camp: str, entry: object) -> dict[str, str]:
    """How ``entry`` reads in French and in English."""
    from meneur.content.strings import strings
    from meneur.play.reading import read_entry

    campaign = Campaign.open(Path(camp))
    return {lang: read_entry(entry, campaign, strings(lang).t).text for lang in ("fr", "en")}


def solo_campaign(tmp_path: Path, solo: bool = True) -> str:
    options = {"solo": True} if solo else {}
    return str(
        Campaign.create(tmp_path / "s", system="resolution", name="S", options=options).directory
    )


def test_the_tension_starts_at_3_moves_and_undoes(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    assert run(capsys, "tension", camp, "--lang", "fr")[1].strip() == "Tension 3\u00a0: Incertaine"
    assert run(capsys, "tension", camp, "--lang", "en")[1].strip() == (
        "Tension 3: Uncertain (Incertaine)"
    )
    assert "Tension 3 → 4" in run(capsys, "tension", camp, "up")[1]
    said = run(capsys, "scene-end", camp, "yes", "--lang", "fr")[1]
    assert said.strip() == "#2 Fin de scène, à l'avantage des personnages\u00a0: tension 4 → 3"
    assert "tension 3 → 4" in run(capsys, "scene-end", camp, "non")[1]
    # written in French, read in English: meneur's words are the reader's
    journal = run(capsys, "journal", camp, "--lang", "en")[1]
    assert "End of the scene, the characters' way: tension 4 → 3" in journal
    assert "Fin de scène" not in journal
    assert run(capsys, "undo", camp)[0] == 0
    assert tension_of(Campaign.open(Path(camp)).state) == 3
    status, _, err = run(capsys, "tension", camp, "6")
    assert status == 2
    assert "the tension runs from 1 to 5, not 6" in err
    status, _, err = run(capsys, "tension", camp, "foo")
    assert status == 2
    assert "1 to 5, up or down, not “foo”" in err


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
    assert "Tension 5\u00a0: Crise\n" in out
    entries = Campaign.open(Path(camp)).journal.latest(2)
    assert entries[0].kind == "scene"
    assert entries[1].roll is not None
    assert entries[1].text == ""  # worded when read, in each reader's language
    read = _read(camp, entries[1])
    assert read["fr"].startswith("Test de scène")
    assert read["en"].startswith("Scene test")


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
    assert entries[1].text == ""  # named by its table, in each reader's language
    assert _read(camp, entries[1]) == {"fr": "Événement aléatoire", "en": "Random event"}
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
    assert "Événement aléatoire\u00a0: 29,63\u00a0%  8/27" in out
    assert "Oui, et… " in out
    status, out, _ = run(capsys, *odds, "--lang", "en")
    assert "Random event (Événement aléatoire): 29.63 %  8/27" in out
    assert "Yes, and (Oui, et…) " in out
    status, out, _ = run(capsys, "odds", "scene", "--tension", "2", "--lang", "fr")
    assert "Scène modifiée " in out
    assert "16,67\u00a0%" in out


def test_a_word_pair_rolls_alone(capsys) -> None:
    status, out, _ = run(capsys, "roll", "table", "word_pair", "--seed", "4")
    assert status == 0
    assert " / " in out.splitlines()[-2]


def test_an_events_focus_names_someone_the_campaign_met(capsys, tmp_path) -> None:
    camp = solo_campaign(tmp_path)
    run(capsys, "person", camp, "add", "Alix")
    # Seed 2 rolls the focus "someone already met acts" (the seed reproduces it exactly).
    roll = ("roll", "table", "event", "--seed", "2")
    status, out, _ = run(capsys, *roll, "--campaign", camp, "--lang", "fr")
    assert status == 0
    assert "→ une personne déjà rencontrée agit\u00a0: Alix — " in out
    assert "→ someone already met acts: Alix — " in run(capsys, *roll, "--campaign", camp)[1]
    # ... and without a campaign, the focus says there is nobody yet
    out = run(capsys, *roll, "--lang", "fr")[1]
    assert "agit\u00a0: quelqu'un de nouveau (personne dans la liste) — " in out


def test_time_passes_is_undone_and_redone_and_read_in_each_language(capsys, tmp_path) -> None:
    """The first "time passes" set a minute campaign.toml did not have: its undo takes it
    away again, and its redo is not refused (the check once filled the missing minute
    in, which the redo read as a change made since)."""
    camp = str(
        Campaign.create(
            tmp_path / "t", system="resolution", name="T", options={"chronoste": True}
        ).directory
    )
    said = run(capsys, "time", camp, "+2h", "--lang", "fr")[1].strip()
    assert said == "#1 Le temps passe (+2h)\u00a0: 1 Janvier 1, 02:00"
    assert run(capsys, "undo", camp)[0] == 0
    assert run(capsys, "time", camp)[1].strip() == "1 Janvier 1, 00:00"
    status, out, err = run(capsys, "redo", camp, "--lang", "en")
    assert (status, err) == (0, "")
    assert out.strip() == "#3 Redone: Time passes (+2h): 1 Janvier 1, 02:00"
    assert run(capsys, "time", camp)[1].strip() == "1 Janvier 1, 02:00"
    assert run(capsys, "check", camp)[0] == 0


def test_a_step_of_time_is_read_in_each_readers_words(capsys, tmp_path) -> None:
    """Play-tested: the journal kept a step as typed, so a French reader read "Le temps
    passe (night)" and an English one "Time passes (+3j)". It keeps the step as meneur's
    own words; each reader reads their own."""
    camp = str(
        Campaign.create(
            tmp_path / "t", system="resolution", name="T", options={"chronoste": True}
        ).directory
    )
    assert run(capsys, "time", camp, "+3j", "--lang", "fr")[0] == 0
    assert run(capsys, "time", camp, "night", "--lang", "en")[0] == 0
    english = run(capsys, "journal", camp, "--lang", "en")[1]
    assert "Time passes (+3d): 4 Janvier 1, 00:00" in english
    assert "Time passes (night)" in english
    french = run(capsys, "journal", camp, "--lang", "fr")[1]
    assert "Le temps passe (+3j)\u00a0: 4 Janvier 1, 00:00" in french
    assert "Le temps passe (nuit)" in french
