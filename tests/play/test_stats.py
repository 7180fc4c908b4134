"""Luck you can see: which rolls count, what they were expected to give, and that a
view's luck is made only of what it may see."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.content.outcomes import SUCCESS_KEYS
from meneur.core import oracles
from meneur.core.changes import Change
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.core.visibility import AUDIENCE, GM, Viewer
from meneur.play import act
from meneur.play.stats import stats
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy, default_author
from meneur.saves.errors import CampaignError, Refusal
from tests.seated import seat

ALICE = Viewer("player", "alice")


def chance(score: int) -> Fraction:
    """A Résolution test's exact chance of success, from its own odds."""
    return resolution.odds(resolution.ResolutionTest(score=score)).probability_of(SUCCESS_KEYS)


def test_only_tests_count_each_weighed_by_its_own_odds(tmp_path: Path) -> None:
    with Campaign.create(tmp_path / "c", system="resolution", name="Luck") as campaign:
        act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
        kept = []
        for seed, score in ((1, 3), (2, 3), (3, 5), (4, 1)):
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=score), seed)
            act.roll(campaign, GM_SEAT, record, f"Test {seed}", character="kael")
            kept.append((record, score))
        # A roll that changed something can be taken back; then it no longer counts.
        act.set_value(
            campaign, GM_SEAT, ("trackers", "clock"), {"name": "Alarme", "value": 0, "max": 4}
        )
        undone = roll_seeded(resolution.roll, resolution.ResolutionTest(score=2), 5)
        moved = Change(("trackers", "clock", "value"), 0, 1)
        act.roll(campaign, GM_SEAT, undone, "Repris", changes=(moved,))
        act.undo(campaign, GM_SEAT)
        left = roll_seeded(resolution.roll, resolution.ResolutionTest(score=4), 6)
        left_id = act.roll(campaign, GM_SEAT, left, "Pour voir").id
        act.count_roll(campaign, GM_SEAT, left_id, counted=False)
        # An oracle's answer is about the world, not anyone's luck.
        asked = roll_seeded(oracles.roll_yesno, oracles.YesNoQuestion(likelihood=3), 7)
        act.roll(campaign, GM_SEAT, asked, "Le garde dort-il\u00a0?")
        found = stats(campaign)
        course = stats(campaign, course=True).course
    assert found.whole.rolls == 4
    assert found.whole.successes == sum(record.success for record, _ in kept)
    expected = sum((chance(score) for _, score in kept), Fraction(0))
    assert found.whole.expected == pytest.approx(float(expected))
    assert found.left_out == 1
    assert [who for who, _ in found.characters] == ["kael"]
    assert sum(n for n, _ in found.outcomes["resolution"].values()) == 4
    assert sum(e for _, e in found.outcomes["resolution"].values()) == pytest.approx(4)
    # The course: the successes and those expected after each roll, in order.
    assert len(course) == 4
    assert course[-1] == (found.whole.successes, pytest.approx(found.whole.expected))


def test_leaving_a_roll_out_is_the_gms_and_undone_like_any_change(tmp_path: Path) -> None:
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution", name="Luck") as campaign:
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 1)
        roll_id = act.roll(campaign, GM_SEAT, record, "Test").id
        note_id = act.note(campaign, GM_SEAT, "Une note").id
        with pytest.raises(CampaignError, match="not a roll"):
            act.count_roll(campaign, GM_SEAT, note_id, counted=False)
        with pytest.raises(CampaignError, match="counted already"):
            act.count_roll(campaign, GM_SEAT, roll_id, counted=True)
    player = Campaign.open(directory, author=default_author())
    with player, pytest.raises(Refusal) as refused:
        act.count_roll(player, Seat("player", "alice"), roll_id, counted=False)
    assert refused.value.message_key == "refused.luck"
    with Campaign.open(directory) as campaign:
        act.count_roll(campaign, GM_SEAT, roll_id, counted=False)
        assert stats(campaign).whole.rolls == 0
        act.undo(campaign, GM_SEAT)
        assert stats(campaign).whole.rolls == 1


def _table(directory: Path, blind_seed: int) -> None:
    """Public rolls by alice and bob, and a blind roll of alice's whose seed varies."""
    with Campaign.create(directory, system="resolution", name="Table") as campaign:
        for seed in range(1, 7):
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), seed)
            act.roll(campaign, GM_SEAT, record, f"Test {seed}")
        blind = roll_seeded(resolution.roll, resolution.ResolutionTest(score=1), blind_seed)
        act.roll(
            campaign, GM_SEAT, blind, "Fouiller", secrecy=Secrecy("gm", "alice", announced=True)
        )
        private = roll_seeded(resolution.roll, resolution.ResolutionTest(score=5), blind_seed)
        act.roll(campaign, GM_SEAT, private, "Mentir", secrecy=Secrecy("private", "bob"))


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
def test_a_views_luck_never_changes_with_what_it_may_not_see(
    tmp_path: Path, first: int, second: int
) -> None:
    shown = []
    for number, seed in enumerate((first, second)):
        directory = tmp_path / f"{first}-{second}-{number}"
        _table(directory, seed)
        with Campaign.open(directory, write=False) as campaign:
            shown.append(
                [stats(campaign, viewer) for viewer in (AUDIENCE, ALICE)]
                + [stats(campaign, GM).whole.rolls]
            )
    assert shown[0][:2] == shown[1][:2]
    audience, alice, gm_rolls = shown[0]
    assert (audience.whole.rolls, alice.whole.rolls, gm_rolls) == (6, 6, 8)


def test_the_command_line_tells_luck_as_its_viewer_may_know_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    _table(directory, 1)
    with Campaign.open(directory) as campaign:
        act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 40)
        act.roll(campaign, GM_SEAT, record, "Kael tente", character="kael")
    capsys.readouterr()
    seat(directory, "alice")
    assert main(["stats", str(directory), "--as", "alice", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rolls"] == 7
    assert data["characters"] == [
        {
            "name": "Kael",
            "rolls": 1,
            "successes": int(record.success),
            "expected_successes": pytest.approx(float(chance(3)), abs=1e-4),
            "luck": pytest.approx(1 - float(chance(3)) if not record.success else 1.0, abs=1e-6),
        }
    ]
    assert "kael" not in json.dumps(data)  # a key is the GM's
    assert main(["stats", str(directory), "--role", "gm", "--json", "--character", "Kael"]) == 0
    gm = json.loads(capsys.readouterr().out)
    assert (gm["rolls"], gm["characters"][0]["id"]) == (1, "kael")
    assert main(["stats", str(directory), "--role", "gm", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Chance — Table\nJets\u00a0: 9 · réussites\u00a0: ")
    assert "Issues, " in text
    assert "d6\u00a0: " in text
    # What it cannot act on: one line, exit 2.
    for wrong in (["--character", "Zed"], ["--session", "1"]):
        assert main(["stats", str(directory), *wrong]) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_gm_leaves_a_roll_out_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["roll", "resolution", "--score", "3", "--campaign", str(directory),
                 "--label", "Par erreur", "--seed", "3"]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["stats", str(directory), "--leave-out", "1", "--lang", "fr"]) == 0
    assert (
        capsys.readouterr().out
        == "Jet laissé hors du compte de la chance\u00a0: «\u00a0Par erreur\u00a0»\n"
    )
    assert main(["stats", str(directory), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rolls"] == 0
    assert main(["stats", str(directory), "--leave-out", "1"]) == 2
    capsys.readouterr()
    assert main(["stats", str(directory), "--count-again", "1"]) == 0
    capsys.readouterr()
    assert main(["stats", str(directory), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rolls"] == 1
