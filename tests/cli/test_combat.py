"""``meneur combat [DIR] CHARACTER [VERB]``: the panel's combat steps from the command
line, through meneur.play.cosmos.combat — the same entries, the posture die replayed from
``--seed``, a refused step exit 2 with nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.cosmos.combat import PostureDie, roll_die
from meneur.core.records import roll_seeded
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import replay_roll


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def made(tmp_path: Path) -> Campaign:
    campaign = Campaign.create(
        tmp_path / "c", system="cosmos", name="C", options={"endurance": True}
    )
    act.set_value(
        campaign,
        GM_SEAT,
        ("characters", "kael"),
        {"name": "Kael", "sheet": {"fp": 7, "fm": 7, "level": 5, "pv_max": 200}},
    )
    act.set_value(campaign, GM_SEAT, ("characters", "lyra"), {"name": "Lyra", "sheet": {}})
    return campaign


def sheet(made: Campaign, ident: str = "kael") -> dict:
    return Campaign.open(made.directory, write=False).state["characters"][ident]["sheet"]


def test_a_light_point_rolls_its_advantage_die_from_the_seed(capsys, made: Campaign) -> None:
    directory = str(made.directory)
    status, out, _ = run(
        capsys, "combat", directory, "kael", "light", "--seed", "7", "--lang", "fr"
    )
    assert (status, out) == (
        0,
        "#3 Kael consomme un Light point\u00a0: posture Illumination"
        " — la fatigue retombe (FP 1, FM 1)\n",
    )
    face = roll_seeded(roll_die, PostureDie("advantage"), 7).result
    assert sheet(made)["combat"] == {"special": "illumination", "advantage": face}
    assert (sheet(made)["light"], sheet(made)["fp"], sheet(made)["fm"]) == (0, 1, 1)
    entry = Campaign.open(made.directory, write=False).journal.latest(1)[0]
    assert replay_roll(entry.roll).result == face


def test_three_turns_in_sepulcrale_bring_the_backlash_and_apocalypse(capsys, made) -> None:
    directory = str(made.directory)
    assert run(capsys, "combat", directory, "kael", "dark")[0] == 0
    assert run(capsys, "combat", directory, "kael", "provoke", "Lyra")[0] == 0
    assert sheet(made, "lyra")["combat"] == {"provoked_by": "kael"}
    for _ in range(2):
        assert run(capsys, "combat", directory, "kael", "turn-end", "--seed", "1")[0] == 0
    status, out, _ = run(
        capsys, "combat", directory, "kael", "turn-end", "--seed", "1", "--lang", "fr"
    )
    assert status == 0
    assert "Contre-coup Sépulcrale" in out
    assert "Apocalypse\u00a0: meurt et revient avec 100 PV" in out
    face = roll_seeded(roll_die, PostureDie("disadvantage"), 1).result
    stance = sheet(made)["combat"]
    assert (stance["backlash"], stance["disadvantage"]) == ("sepulcrale", face)
    assert sheet(made)["pv"] == 100
    assert sheet(made)["fp"] == 9  # 1, then the backlash's +8 FP


def test_a_refused_step_exits_2_and_writes_nothing(capsys, made: Campaign) -> None:
    directory = str(made.directory)
    before = (made.directory / "campaign.toml").read_bytes()
    status, _, err = run(capsys, "combat", directory, "kael", "revive")
    assert (status, err) == (2, "meneur: error: Revive is Sépulcrale's\n")
    status, _, err = run(capsys, "combat", directory, "kael", "provoke", "lyra")
    assert (status, err) == (2, "meneur: error: Provocation abusive is Sépulcrale's\n")
    assert (made.directory / "campaign.toml").read_bytes() == before
    assert run(capsys, "combat", directory, "kael", "offensive")[0] == 0
    status, out, _ = run(capsys, "combat", directory, "kael", "--lang", "fr")
    assert out == "Kael — Posture offensive\n"


def test_a_final_skill_from_the_command_line_ends_the_posture(capsys, made: Campaign) -> None:
    # "Utiliser le Final Skill met fin prématurément à la posture Sépulcrale"; critical
    # failures ignored on it ("Annulation critique").
    directory = str(made.directory)
    roll = ("roll", "cosmos", "--campaign", directory, "--character", "kael", "--threshold", "60")
    status, _, err = run(capsys, *roll, "--final-skill")
    assert (status, err) == (
        2,
        "meneur: error: the Final Skill is used in Illumination or Sépulcrale only\n",
    )
    assert run(capsys, "combat", directory, "kael", "dark")[0] == 0
    assert run(capsys, *roll, "--final-skill", "--seed", "5")[0] == 0
    rolled, ended = Campaign.open(made.directory, write=False).journal.latest(2)
    assert rolled.roll["inputs"]["final_skill"] is True
    assert (
        ended.text
        == "Kael utilise son Final Skill — Apocalypse\u00a0: meurt et revient avec 100 PV"
    )
    assert sheet(made)["combat"] == {"cooldown": 2}  # out of Sépulcrale, not 3 turns in


def test_the_backlashs_negative_effect_falls_on_the_next_roll(capsys, made: Campaign) -> None:
    act.set_value(
        made,
        GM_SEAT,
        ("characters", "kael", "sheet", "combat"),
        {"backlash": "sepulcrale", "backlash_turns": 2, "disadvantage": 3, "negative_due": True},
    )
    directory = str(made.directory)
    roll = ("roll", "cosmos", "--campaign", directory, "--character", "kael", "--threshold", "60")
    assert run(capsys, *roll)[0] == 0
    entry = Campaign.open(made.directory, write=False).journal.latest(1)[0]
    assert "un effet négatif frappe cette action (contre-coup, dé 3)" in entry.text
    assert "negative_due" not in sheet(made)["combat"]
    assert run(capsys, *roll)[0] == 0
    entry = Campaign.open(made.directory, write=False).journal.latest(1)[0]
    assert "effet négatif" not in entry.text


def test_combat_entries_read_in_their_readers_language_whoever_wrote_them(
    capsys, made: Campaign
) -> None:
    """Postures, points, a turn's end with its backlash and fatigue, Revive and a
    provocation, written in French, read in English (and back)."""
    directory = str(made.directory)
    for words in (
        ["kael", "offensive"],
        ["kael", "light", "--seed", "7"],
        ["kael", "turn-end"],
        ["lyra", "dark"],
        ["lyra", "provoke", "kael"],
    ):
        status, _, err = run(capsys, "combat", directory, *words, "--lang", "fr")
        assert status == 0, err
    journal = Campaign.open(made.directory, write=False).journal
    entries = list(journal.latest(5))
    assert all(entry.words is not None for entry in entries)
    english = run(capsys, "journal", directory, "--lang", "en")[1]
    french = run(capsys, "journal", directory, "--lang", "fr")[1]
    from meneur.content.strings import strings

    en, fr = strings("en"), strings("fr")
    posture = en.t("combat.posture_entry", name="Kael", posture=en.t("combat.posture.offensive"))
    assert posture in english
    assert en.t("combat.entered.illumination", name="Kael") + " — " in english
    assert en.t("combat.turn_entry", name="Kael") in english
    assert en.t("combat.entered.sepulcrale", name="Lyra") in english
    assert en.t("combat.provoke_entry", name="Lyra", target="Kael") in english
    for word in ("consomme", "fatigue retombe", "posture offensive"):
        assert word not in english
    assert fr.t("combat.entered.illumination", name="Kael") + " — " in french


def test_a_final_skill_s_backlash_die_is_the_table_s_draw(capsys, made: Campaign) -> None:
    """Sépulcrale's disadvantage die after a Final Skill is rolled on the table's dice
    (meneur.play.cosmos.combat.end_final_skill), as every other die: inside a session
    whose dice are committed, its next draw."""
    directory = str(made.directory)
    assert run(capsys, "combat", directory, "kael", "dark")[0] == 0
    for _ in range(2):
        assert run(capsys, "combat", directory, "kael", "turn-end", "--seed", "1")[0] == 0
    assert run(capsys, "session", directory, "La soirée")[0] == 0  # its dice committed
    roll = ("roll", "cosmos", "--campaign", directory, "--character", "kael", "--threshold", "60")
    assert run(capsys, *roll, "--final-skill")[0] == 0
    rolled, ended = Campaign.open(made.directory, write=False).journal.latest(2)
    assert ended.roll["system"] == "posture_die"
    assert (rolled.roll["draw"], ended.roll["draw"]) == (1, 2)
