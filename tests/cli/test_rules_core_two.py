"""The CLI for Les Traits, Le Sphérier and SYSTEMJ: the same contract as Rules core I."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from meneur.cli.main import main
from meneur.core.traits import rules as traits
from meneur.core.traits.rules import PokerPolicy, TraitTest


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def fraction(text: str) -> Fraction:
    numerator, denominator = text.split("/")
    return Fraction(int(numerator), int(denominator))


def error_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == ""
    assert len(lines) == 1, captured.err
    return lines[0]


# --- Les Traits ----------------------------------------------------------------------


def test_traits_difficulty_0_answers(capsys) -> None:
    # A Parade of 0 (no Mêlée) is a Difficulty: three dice need only one non-1.
    data = run_json(capsys, "odds", "traits", "--dice", "3", "--difficulty", "0", "--json")
    assert data["outcomes"]["success"] == "215/216"
    rolled = run_json(
        capsys, "roll", "traits", "--dice", "3", "--difficulty", "0", "--seed", "4", "--json"
    )
    assert rolled["successes"] == sum(1 for die in rolled["dice"] if die["face"] != 1)


def test_a_forced_poker_left_owed_reads_as_pending(capsys) -> None:
    argv = ["roll", "traits", "--dice", "3", "--difficulty", "4", "--forced-poker"]
    # Seed 5 shows 5, 3, 6: a 6, so the talent forces a poker; --poker 0 leaves it owed.
    rolled = run_json(capsys, *argv, "--poker", "0", "--seed", "5", "--json")
    assert (rolled["outcome"], rolled["success"], rolled["poker_owed"]) == ("pending", None, True)
    assert rolled["label"]["en"].startswith("pending")
    assert main([*argv, "--poker", "0", "--seed", "5", "--lang", "fr"]) == 0
    assert "→ En attente du Coup de poker forcé" in capsys.readouterr().out
    made = run_json(capsys, *argv, "--poker", "1", "--seed", "5", "--json")
    assert made["outcome"] in ("success", "failure")


@pytest.mark.parametrize("policy", ["never", "max", "when-short"])
def test_traits_odds_match_the_core(policy: str, capsys) -> None:
    data = run_json(
        capsys,
        "odds",
        "traits",
        "--dice",
        "4",
        "--difficulty",
        "5",
        "--need",
        "2",
        "--poker",
        policy,
        "--json",
    )
    expected = traits.odds(TraitTest(4, 5, need=2), PokerPolicy(policy))
    assert set(data["outcomes"]) == {"success", "failure"}
    assert fraction(data["outcomes"]["success"]) == expected.outcomes["success"]
    assert fraction(data["fiasco"]) == expected.fiasco
    assert data["policy"] == policy
    assert sum(map(fraction, data["distribution"].values())) == 1


def test_traits_odds_with_bonus_die_bless_and_bonus(capsys) -> None:
    data = run_json(
        capsys,
        "odds",
        "traits",
        "--dice",
        "2",
        "--difficulty",
        "5",
        "--bonus-die",
        "-d4",
        "--bonus",
        "3",
        "--bless",
        "--json",
    )
    assert data["inputs"]["bonus_die"] == {"sides": 4, "sign": -1}
    assert data["inputs"]["blessing"] == "bless"
    assert sum(map(fraction, data["outcomes"].values())) == 1


def test_traits_roll_json_has_successes_fiasco_and_roles(capsys) -> None:
    for seed in range(60):
        data = run_json(
            capsys, "roll", "traits", "--dice", "5", "--difficulty", "5",
            "--bonus-die", "d6", "--poker", "max", "--seed", str(seed), "--json",
        )  # fmt: skip
        assert {"successes", "fiasco"} <= set(data)
        roles = [die.get("role") for die in data["dice"]]
        assert roles[0] == "bonus"
        first = [die for die in data["dice"] if "role" not in die]
        assert len(first) == data["pool"]
        assert roles.count("reroll") == data["poker"]
        if data["fiasco"]:
            assert data["successes"] == 0
        if data["poker"]:
            break
    else:
        pytest.fail("no seed among 60 gave a Coup de poker")


def test_traits_roll_with_an_impossible_poker_names_dice_and_seed(capsys) -> None:
    line = error_line(
        capsys, "roll", "traits", "--dice", "4", "--difficulty", "5", "--seed", "3", "--poker", "2"
    )
    assert "Coup de poker needs a 6 showing" in line
    assert "dice 2 5 5 2, seed 3" in line


def test_traits_roll_reproduces_then_the_player_pokers(capsys) -> None:
    seed = next(
        s
        for s in range(100)
        if run_json(
            capsys, "roll", "traits", "--dice", "4", "--difficulty", "4", "--seed", str(s), "--json"
        )["poker_limit"]
    )
    first = run_json(
        capsys, "roll", "traits", "--dice", "4", "--difficulty", "4", "--seed", str(seed), "--json"
    )
    pokered = run_json(
        capsys,
        "roll",
        "traits",
        "--dice",
        "4",
        "--difficulty",
        "4",
        "--seed",
        str(seed),
        "--poker",
        "1",
        "--json",
    )
    # The first roll is the same dice; those the poker replaced are no longer kept.
    for before, after in zip(first["dice"], pokered["dice"], strict=False):
        assert after in (before, {**before, "kept": False})
    assert sum(1 for die in pokered["dice"] if die.get("kept") is False) == 1
    assert [d["face"] for d in pokered["dice"][:4]] == [d["face"] for d in first["dice"]]
    assert pokered["poker"] == 1


def test_traits_opposed_odds_and_roll(capsys) -> None:
    odds = run_json(capsys, "odds", "traits", "--dice", "3", "--against", "2", "--json")
    assert sum(map(fraction, odds["outcomes"].values())) == 1
    rolled = run_json(
        capsys,
        "roll",
        "traits",
        "--dice",
        "3",
        "--against",
        "2",
        "--poker",
        "max",
        "--seed",
        "9",
        "--json",
    )
    assert rolled["actions"][0] == "roll"
    assert rolled["result"] == rolled["attacker"]["successes"] - rolled["defender"]["successes"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "traits", "--dice", "3"], "give --difficulty D"),
        (
            ["odds", "traits", "--dice", "3", "--difficulty", "-1"],
            "argument --difficulty: must be 0 or more",
        ),
        (
            ["odds", "traits", "--dice", "3", "--difficulty", "4", "--poker", "2"],
            "invalid choice: '2'",
        ),
        (["odds", "traits", "--dice", "3", "--against", "2", "--difficulty", "5"], "Difficulty 4"),
        (["roll", "traits", "--dice", "3", "--difficulty", "4", "--after"], "--after"),
        (
            ["odds", "traits", "--dice", "3", "--difficulty", "4", "--bonus-die", "2d6"],
            "+d6 or -d4",
        ),
        (
            ["roll", "traits", "--dice", "3", "--difficulty", "4", "--poker", "lots"],
            "a number of dice or one of",
        ),
    ],
)
def test_traits_bad_arguments(argv: list[str], message: str, capsys) -> None:
    assert message in error_line(capsys, *argv)


# --- Le Sphérier ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "success"),
    [
        (["--engine", "d6", "--mastery", "3", "--limit", "2", "--dd", "2"], "7/27"),
        (["--engine", "d6", "--mastery", "3", "--limit", "2", "--dd", "moyenne"], "7/27"),
        (
            ["--engine", "d6", "--notation", "[Dressage](2)", "--mastery", "3", "--limit", "2"],
            "7/27",
        ),
        (["--engine", "d20", "--skill", "Bluff<+10, 6>", "--dd", "15"], "4/5"),
    ],
)
def test_spherier_simple_odds(argv: list[str], success: str, capsys) -> None:
    data = run_json(capsys, "odds", "spherier", *argv, "--json")
    assert data["outcomes"]["success"] == success


def test_spherier_opposed_extended_and_team_odds(capsys) -> None:
    opposed = run_json(
        capsys, "odds", "spherier", "--engine", "d20", "--notation", "[Bluff][Psychologie]",
        "--skill", "Bluff<+10, 6>", "--opponent", "Psychologie<+8, 4>", "--json",
    )  # fmt: skip
    assert opposed["inputs"]["defender"]["name"] == "Psychologie"
    extended = run_json(
        capsys, "odds", "spherier", "--engine", "d6", "--notation", "[Mecanique](2, 10, 1h)",
        "--mastery", "6", "--limit", "4", "--json",
    )  # fmt: skip
    assert sum(map(fraction, extended["success_by_attempt"].values())) == fraction(
        extended["outcomes"]["success"]
    )
    team = run_json(
        capsys, "odds", "spherier", "--engine", "d20", "--notation", "[Rituel satanique](25, 10)",
        "--mastery", "5", "--limit", "2", "--assistant", "3,1",
        "--assistant", "Foi<+4, 2>", "--json",
    )  # fmt: skip
    assert sum(map(fraction, team["outcomes"].values())) == 1


def test_spherier_extended_and_team_rolls_list_every_attempt_and_assistant(capsys) -> None:
    extended = run_json(
        capsys, "roll", "spherier", "--engine", "d20", "--notation", "[Mecanique](10, 50, 1h)",
        "--mastery", "5", "--limit", "3", "--seed", "4", "--json",
    )  # fmt: skip
    assert 1 <= len(extended["attempts"]) <= 5
    assert extended["elapsed"] == {"amount": len(extended["attempts"]), "unit": "h"}
    assert sum(len(a["dice"]) for a in extended["attempts"]) == len(extended["dice"])
    team = run_json(
        capsys, "roll", "spherier", "--engine", "d6", "--notation", "[Rituel](3, 1)",
        "--mastery", "2", "--limit", "2", "--assistant", "3,3", "--assistant", "2,1",
        "--seed", "4", "--json",
    )  # fmt: skip
    assert len(team["assistants"]) == 2
    assert [d.get("role") for d in team["dice"]].count("assistant") == 5


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--engine", "d6", "--dd", "2"], "give the skill"),
        (["--engine", "d6", "--mastery", "2", "--limit", "1"], "give --dd DD"),
        (["--engine", "d6", "--mastery", "2", "--limit", "1", "--dd", "epic"], "facile, moyenne"),
        (
            ["--engine", "d6", "--mastery", "2", "--limit", "1", "--notation", "[Dressage](2"],
            "notation “[Dressage](2”, character 13: expected “,” or “)”, found the end",
        ),
        (
            ["--engine", "d6", "--mastery", "2", "--limit", "1", "--notation", "[A][B]"],
            "give the opponent",
        ),
        (["--engine", "d6", "--skill", "Bluff<+10>", "--dd", "2"], "two parts"),
        (
            ["--engine", "d6", "--skill", "Bluff<+4, 3>", "--notation", "[Dressage](2)"],
            "the notation names Dressage, but --skill is Bluff",
        ),
        (
            [
                *("--engine", "d6", "--skill", "Bluff<+4, 3>"),
                *("--notation", "[Bluff][Psychologie]", "--opponent", "Empathie<+2, 1>"),
            ],
            "the test names the opponent's Psychologie, not Empathie",
        ),
        (
            ["--engine", "d6", "--mastery", "2", "--limit", "1", "--dd", "2", "--assistant", "1,1"],
            "team test",
        ),
        (
            ["--engine", "d12", "--mastery", "2", "--limit", "1", "--dd", "2"],
            "invalid choice: 'd12'",
        ),
    ],
)
def test_spherier_bad_arguments(argv: list[str], message: str, capsys) -> None:
    assert message in error_line(capsys, "odds", "spherier", *argv)


# --- SYSTEMJ -------------------------------------------------------------------------


def test_systemj_odds_and_roll(capsys) -> None:
    data = run_json(capsys, "odds", "systemj", "--value", "74", "--modifier", "-30", "--json")
    assert set(data["outcomes"]) == {
        "critical_success",
        "notable",
        "average",
        "narrow",
        "failure",
        "critical_failure",
    }
    assert data["outcomes"]["critical_failure"] == "1/100"
    named = run_json(
        capsys, "odds", "systemj", "--value", "74", "--modifier", "tres-difficile", "--json"
    )
    assert named["outcomes"] == data["outcomes"]
    for seed in range(20):
        rolled = run_json(capsys, "roll", "systemj", "--value", "60", "--seed", str(seed), "--json")
        (die,) = rolled["dice"]
        assert die["sides"] == 100
        assert 0 <= die["face"] <= 99


def test_systemj_automatic_success(capsys) -> None:
    rolled = run_json(
        capsys, "roll", "systemj", "--value", "20", "--modifier", "extremement-simple", "--json"
    )
    assert rolled["dice"] == []
    assert rolled["success"] is True


def test_systemj_bad_modifier(capsys) -> None:
    assert "a modifier is a number or one of" in error_line(
        capsys, "odds", "systemj", "--value", "50", "--modifier", "hard"
    )


def test_text_output_for_each_system(capsys) -> None:
    traits = ["roll", "traits", "--dice", "3", "--difficulty", "4", "--seed", "1"]
    assert main([*traits, "--lang", "fr"]) == 0
    assert "Les Traits\n" in capsys.readouterr().out
    assert main([*traits, "--lang", "en"]) == 0
    assert "Trait roll (Les Traits)" in capsys.readouterr().out
    assert (
        main(
            [
                "roll",
                "spherier",
                "--engine",
                "d6",
                "--notation",
                "[Mecanique](2, 6, 1h)",
                "--mastery",
                "4",
                "--limit",
                "3",
                "--seed",
                "2",
                "--lang",
                "fr",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "Test étendu" in out
    assert "temps écoulé\u00a0:" in out
    assert "(extended test)" not in out
    assert main(["roll", "systemj", "--value", "74", "--seed", "5"]) == 0
    assert "SYSTEMJ" in capsys.readouterr().out
