"""A sixth rule system, added from its own files alone (tests/sixth/meneur_d20, registered
through the ``meneur.systems`` entry point of its dist-info): the command line weighs and
rolls it, a campaign of it journals, checks, refuses and exports, the app shows its panel
with its odds. No file of meneur names it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from tests.waiting import until_app

HERE = Path(__file__).parent
REPO = HERE.parents[1]


def meneur(*argv: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    """The real command line, with the sixth system's folder on the path (as if its
    package were installed)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(REPO)])}
    done = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    if check:
        assert done.returncode == 0, done.stderr
    return done


def brute_force(talent: int, bonus: int, difficulty: int) -> dict[str, Fraction]:
    """Every face of the d20, counted by hand."""
    counts = dict.fromkeys(("critical_success", "success", "failure", "fumble"), 0)
    for face in range(1, 21):
        if face == 20:
            counts["critical_success"] += 1
        elif face == 1:
            counts["fumble"] += 1
        elif face + talent + bonus >= difficulty:
            counts["success"] += 1
        else:
            counts["failure"] += 1
    return {key: Fraction(n, 20) for key, n in counts.items()}


@pytest.mark.parametrize(("talent", "bonus", "difficulty"), [(4, 0, 15), (0, -3, 30), (10, 5, 2)])
def test_the_command_line_gives_its_exact_odds(talent: int, bonus: int, difficulty: int) -> None:
    done = meneur(
        "odds", "d20", "--talent", str(talent), "--bonus", str(bonus),
        "--difficulty", str(difficulty), "--json",
    )  # fmt: skip
    odds = json.loads(done.stdout)
    assert odds["system"] == "d20"
    found = {key: Fraction(value) for key, value in odds["outcomes"].items()}
    assert found == brute_force(talent, bonus, difficulty)


def test_the_command_line_shows_the_odds_in_the_readers_language() -> None:
    odds = ("odds", "d20", "--talent", "4", "--difficulty", "15")
    shown = meneur(*odds, "--lang", "fr").stdout
    assert "Test de Dé vingt\n" in shown
    assert "Réussite " in shown
    assert "(success)" not in shown
    assert "45,00\u00a0%  9/20" in shown
    assert "Réussite au total\u00a0: 50,00\u00a0%" in shown
    shown = meneur(*odds, "--lang", "en").stdout
    assert "D20 test (Test de Dé vingt)" in shown
    assert "Success (Réussite) " in shown
    assert "Any success: 50.00 %" in shown


def test_a_seeded_roll_is_the_same_roll() -> None:
    first = meneur("roll", "d20", "--difficulty", "12", "--seed", "41", "--json").stdout
    again = meneur("roll", "d20", "--difficulty", "12", "--seed", "41", "--json").stdout
    assert first == again
    record = json.loads(first)
    assert record["system"] == "d20"
    assert record["dice"][0]["sides"] == 20
    assert record["label"]["fr"] in ("Réussite critique", "Réussite", "Échec", "Maladresse")


def test_a_campaign_of_it_journals_checks_refuses_and_exports(tmp_path: Path) -> None:
    directory = tmp_path / "sixieme"
    meneur("new", str(directory), "--system", "d20", "--name", "Sixième")
    state = (directory / "campaign.toml").read_text(encoding="utf-8")
    assert 'system = "d20"' in state
    assert "fumbles = true" in state  # its own option, at its default
    meneur("set", str(directory), "characters.kael", '{name = "Kael", sheet = {talent = 4}}')
    rolled = meneur(
        "roll", "d20", "--difficulty", "14", "--talent", "4", "--seed", "5",
        "--campaign", str(directory), "--character", "kael", "--lang", "fr",
    ).stdout  # fmt: skip
    assert "d20\u00a0: 20 → total 24" in rolled
    assert "journal\u00a0: entrée #2" in rolled
    journal = meneur("journal", str(directory), "--lang", "fr").stdout
    assert "Kael — 1d20 +4 ≥ 14 → ✔★ Réussite critique\n" in journal
    exported = meneur("export", str(directory), "--format", "markdown", "--lang", "fr").stdout
    assert "*Dé vingt*" in exported
    assert (
        "**Kael — 1d20 +4 ≥ 14** → ✔★ Réussite critique (ce résultat avait 5,0\u00a0% de chances)\n"
        in exported
    )
    # The sheet's limit is the system's: Talent 11 is refused, naming file and key, and
    # the campaign is left as it was.
    before = (directory / "campaign.toml").read_bytes()
    refused = meneur("set", str(directory), "characters.kael.sheet.talent", "11", check=False)
    assert refused.returncode == 2
    assert refused.stderr.strip().endswith(
        "campaign.toml: characters.kael.sheet: talent: from 0 to 10, not 11"
    )
    assert "Traceback" not in refused.stderr
    assert (directory / "campaign.toml").read_bytes() == before
    assert "Sixième (Dé vingt), 2 entrées" in meneur("check", str(directory), "--lang", "fr").stdout


def test_without_its_package_a_campaign_of_it_is_refused_in_one_line(tmp_path: Path) -> None:
    directory = tmp_path / "sixieme"
    meneur("new", str(directory), "--system", "d20")
    done = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", "check", str(directory)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    assert done.returncode == 2
    assert 'campaign.toml: system: expected one of: "resolution", "cosmos", "traits"' in done.stderr
    assert "Traceback" not in done.stderr


@pytest.fixture
def sixth(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The sixth system on this process's path, the registry as it was afterwards (other
    tests in this worker must not see it)."""
    from meneur import content
    from meneur.core import systems

    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setattr(systems, "_SYSTEMS", dict(systems._SYSTEMS))
    monkeypatch.setattr(systems, "_PLUGINS_LOADED", False)
    from meneur.content.strings import system_strings

    content.system_terms.cache_clear()
    system_strings.cache_clear()
    yield
    content.system_terms.cache_clear()
    system_strings.cache_clear()


def test_the_registry_finds_it_through_its_entry_point(sixth: None) -> None:
    from meneur.core.systems import keys, system

    assert keys() == ("resolution", "cosmos", "traits", "spherier", "systemj", "d20")
    assert system("d20").glossed == "Dé vingt (a d20 against a Difficulty)"


async def test_the_app_shows_its_panel_with_its_odds_and_journals_its_roll(
    sixth: None, tmp_path: Path
) -> None:
    from meneur.content.outcomes import symbol
    from meneur.play.campaigns import Campaign
    from meneur.tui.app import make_app
    from tests.tui.conftest import notices, screen_text

    campaign = Campaign.create(tmp_path / "d20", system="d20", name="Sixième")
    act.set_value(
        campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"talent": 4}}, "Kael"
    )
    app = make_app(campaign, lang="fr", seed=7)

    def sheet() -> dict[str, object]:
        return dict(campaign.state["characters"]["kael"]["sheet"])

    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await until_app(pilot, lambda: "Maladresse" in screen_text(app))
            text = screen_text(app)
            assert "Difficulté12" in text  # its own interface strings, in French
            assert "d20.difficulty" not in text
            assert "1d20 +4 ≥ 12" in text  # Kael's Talent, from the sheet
            # With +4, faces 8 to 19 succeed (12 of 20), 20 is critical, 1 a fumble.
            expected = brute_force(4, 0, 12)
            assert expected["success"] == Fraction(60, 100)
            assert "✔ Réussite          ██████████▊······· 60,0\u00a0%" in text
            assert "✘ Échec             █████▍············ 30,0\u00a0%" in text
            assert "✘! Maladresse       ▉·················  5,0\u00a0%" in text
            before = campaign.journal.last_id
            await pilot.press("r")
            await until_app(pilot, lambda: campaign.journal.last_id > before)
            rolled = campaign.journal.latest(1)[0]
            assert rolled.roll is not None
            assert rolled.roll["kind"] == "d20.D20Test"
            outcome = {"critical_success": "Réussite critique", "success": "Réussite",
                       "failure": "Échec", "fumble": "Maladresse"}  # fmt: skip
            said = outcome[rolled.roll["outcome"]]
            line = f"2 Kael — 1d20 +4 ≥ 12  {symbol(rolled.roll['outcome'])} {said}"
            await until_app(pilot, lambda: line in screen_text(app))
            face = rolled.roll["dice"][0]["face"]
            assert f"d20 {face} → {face + 4}" in screen_text(app)
            # Its sheet opens and edits as any system's: Talent +1, then 10 is the most.
            from tests.tui.test_sheets import goto, open_sheet

            screen = await open_sheet(pilot)
            await until_app(pilot, lambda: "Talent   4" in screen_text(app))
            assert "Concept  —" in screen_text(app)
            await goto(pilot, screen, "talent")
            await pilot.press("plus")
            await until_app(pilot, lambda: sheet()["talent"] == 5)
            act.set_value(
                campaign, GM_SEAT, ("characters", "kael", "sheet", "talent"), 10, "Talent 10"
            )
            screen.redraw()
            await goto(pilot, screen, "talent")
            before = campaign.journal.last_id
            await pilot.press("plus")
            await until_app(pilot, lambda: "Talent\u00a0: de 0 à 10, pas 11" in notices(app))
            assert sheet()["talent"] == 10
            assert campaign.journal.last_id == before
    finally:
        campaign.close()


@pytest.mark.long
def test_its_rooms_pass_mypy_strict_against_the_rooms_protocols(tmp_path: Path) -> None:
    # Each room's loader, where the package registers it, returns its layer's Protocol
    # (PlayRoom, CliRoom, AppRoom): mypy strict fails on a member missing or of the wrong
    # type.
    env = {**os.environ, "MYPYPATH": os.pathsep.join([str(REPO / ".mypy-layout"), str(HERE)])}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", f"--cache-dir={tmp_path}", "-p", "meneur_d20"],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
