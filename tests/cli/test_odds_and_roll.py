"""``meneur odds`` and ``meneur roll``: the JSON contract and the readable summary."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from meneur.cli.main import main

RAZORS = [
    "resolution",
    "--intrinsic", "dementielle",
    "--interest", "neutral",
    "--element", "3", "--typical", "--element", "2",
    "--alteration", "adoucie",
]  # fmt: skip

SYSTEM_ARGS = {
    "resolution": RAZORS,
    "oracle": ["oracle", "--lean", "for"],
    "yesno": ["yesno", "--likelihood", "2"],
    "cosmos": ["cosmos", "--threshold", "55", "--karma", "-6"],
    "intuition": ["intuition", "--intuition", "4"],
    "dice": ["dice", "4d6kh3+2"],
}
OUTCOME_KEYS = {
    "resolution": {
        "success",
        "success_bonus",
        "success_cost",
        "failure",
        "failure_bonus",
        "failure_cost",
    },
    "oracle": {"favourable", "unfavourable"},
    "yesno": {"yes_and", "yes_but", "no_but", "no_and"},
    "cosmos": {
        "super_critical_success",
        "critical_success",
        "success",
        "failure",
        "critical_failure",
        "super_critical_failure",
    },
    "intuition": {"true_intuition", "false_intuition"},
}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def parse_fraction(text: str) -> Fraction:
    numerator, denominator = text.split("/")
    value = Fraction(int(numerator), int(denominator))
    assert (value.numerator, value.denominator) == (int(numerator), int(denominator)), "not reduced"
    return value


@pytest.mark.parametrize("system", sorted(SYSTEM_ARGS))
def test_odds_json_gives_reduced_fractions_summing_to_one(system: str, capsys) -> None:
    data = run_json(capsys, "odds", *SYSTEM_ARGS[system], "--json")
    assert data["system"] == system
    if system in OUTCOME_KEYS:
        assert set(data["outcomes"]) <= OUTCOME_KEYS[system]
        assert sum(map(parse_fraction, data["outcomes"].values())) == 1
    assert sum(map(parse_fraction, data["distribution"].values())) == 1


def test_resolution_odds_json_for_the_razors_example(capsys) -> None:
    data = run_json(capsys, "odds", *RAZORS, "--json")
    assert data["score_to_beat"] == 3
    assert data["outcomes"]["failure_bonus"] == "3/8"
    assert data["distribution"] == {"0": "1/8", "1": "3/8", "2": "3/8", "3": "1/8"}


def test_resolution_odds_with_a_score_and_opposed(capsys) -> None:
    assert (
        run_json(capsys, "odds", "resolution", "--score", "6", "--json")["outcomes"]["success"]
        == "1/1"
    )
    data = run_json(capsys, "odds", "resolution", "--opposed", "3", "2", "--element", "4", "--json")
    assert data["score_to_beat"] == 2


def test_resolution_declared_by_the_gm_rolls_nothing(capsys) -> None:
    argv = ("resolution", "--declared", "trivial", "--alteration", "instable")
    odds = run_json(capsys, "odds", *argv, "--json")
    assert odds["outcomes"]["success"] == "1/1"
    rolled = run_json(capsys, "roll", *argv, "--seed", "5", "--json")
    assert (rolled["outcome"], rolled["dice"], rolled["automatic"]) == ("success", [], True)


def test_dice_odds_json_for_12d6_successes(capsys) -> None:
    data = run_json(capsys, "odds", "dice", "12d6>=5", "--json")
    assert data["outcomes"] == {}
    assert data["distribution"]["12"] == "1/531441"


@pytest.mark.parametrize("system", sorted(SYSTEM_ARGS))
def test_roll_json_is_reproducible_from_its_seed(system: str, capsys) -> None:
    first = run_json(capsys, "roll", *SYSTEM_ARGS[system], "--seed", "1234", "--json")
    again = run_json(capsys, "roll", *SYSTEM_ARGS[system], "--seed", "1234", "--json")
    assert first == again
    assert first["system"] == system
    assert first["seed"] == 1234
    assert {"outcome", "success", "dice"} <= set(first)
    for die in first["dice"]:
        assert set(die) <= {"sides", "face", "role", "kept"}
    if system in OUTCOME_KEYS:
        assert first["outcome"] in OUTCOME_KEYS[system]
        assert isinstance(first["success"], bool)


def test_different_seeds_give_different_dice(capsys) -> None:
    dice = {
        json.dumps(run_json(capsys, "roll", "dice", "6d100", "--seed", str(seed), "--json")["dice"])
        for seed in range(10)
    }
    assert len(dice) == 10


def test_a_roll_without_seed_reports_the_seed_that_reproduces_it(capsys) -> None:
    first = run_json(capsys, "roll", *RAZORS, "--json")
    again = run_json(capsys, "roll", *RAZORS, "--seed", str(first["seed"]), "--json")
    assert first == again


def test_resolution_roll_has_three_plain_d6(capsys) -> None:
    data = run_json(capsys, "roll", *RAZORS, "--seed", "5", "--json")
    assert [(d["sides"], "role" in d) for d in data["dice"]] == [(6, False)] * 3
    kept = sum(d["kept"] for d in data["dice"])
    assert data["result"] == kept
    assert data["success"] is (kept >= 2)


def test_cosmos_roll_marks_the_karma_die(capsys) -> None:
    data = run_json(
        capsys, "roll", "cosmos", "--threshold", "50", "--karma", "-6", "--seed", "2", "--json"
    )
    assert data["dice"][0] == {"sides": 100, "face": data["natural"]}
    assert data["dice"][1]["role"] == "karma"
    assert data["result"] == min(100, data["natural"] + data["dice"][1]["face"])
    plain = run_json(capsys, "roll", "cosmos", "--threshold", "50", "--seed", "2", "--json")
    assert len(plain["dice"]) == 1


def test_cosmos_threshold_from_several_stats(capsys) -> None:
    data = run_json(
        capsys,
        "roll",
        "cosmos",
        "--stat",
        "40",
        "--stat",
        "71",
        "--bonus",
        "5",
        "--seed",
        "1",
        "--json",
    )
    assert data["threshold"] == 60


def test_readable_odds_speak_one_language_with_bars(capsys) -> None:
    """In French, French alone; in English, English with the rule's French name beside
    it, where a player needs it to find the rule in the original."""
    assert main(["odds", *RAZORS, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Score à battre\u00a0: 3" in out
    assert "Adoucie" in out
    assert "Échec avec contrepartie positive" in out
    for english in ("score to beat", "softened", "failure with a positive counterpart"):
        assert english not in out.lower()
    assert "████████" in out
    assert "37,50\u00a0%" in out
    assert max(len(line) for line in out.splitlines()) <= 100
    assert main(["odds", *RAZORS, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Score to beat (Score à battre): 3" in out
    assert "Softened (Adoucie)" in out
    # Too long for one line beside its bar: the English there, its French name below.
    assert "\nFailure with a positive counterpart  " in out
    assert "\n  (Échec avec contrepartie positive)\n" in out
    assert "Réussite au total" not in out
    assert max(len(line) for line in out.splitlines()) <= 100


def test_readable_roll_shows_dice_outcome_and_seed(capsys) -> None:
    data = run_json(capsys, "roll", *RAZORS, "--seed", "5", "--json")
    words_seed = {"fr": "graine 5", "en": "seed 5"}
    for lang in ("fr", "en"):
        assert main(["roll", *RAZORS, "--seed", "5", "--lang", lang]) == 0
        out = capsys.readouterr().out
        for die in data["dice"]:
            assert str(die["face"]) in out
        assert data["label"][lang].lower() in out.lower()
        assert words_seed[lang] in out
    # The French reader reads no English word for the outcome.
    assert main(["roll", *RAZORS, "--seed", "5", "--lang", "fr"]) == 0
    assert data["label"]["en"] not in capsys.readouterr().out


def test_readable_roll_of_an_automatic_action_says_no_dice(capsys) -> None:
    assert main(["roll", "resolution", "--score", "0", "--seed", "1", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Échec automatique" in out
    assert "Dés" not in out
