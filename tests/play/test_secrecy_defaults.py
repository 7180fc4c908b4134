"""Who sees a kind of roll by default, set once by the GM (``[secrecy]``): applied from
the app and the CLI alike, refused when it names no kind or no secrecy, and secret
rolls never take the session's public draws."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.core import oracles
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act
from meneur.play.session import Session
from meneur.saves.campaign import Campaign


def _campaign(directory: Path) -> Campaign:
    campaign = Campaign.create(directory, system="resolution", name="Table")
    act.set_value(
        campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "player": "alice", "sheet": {}}
    )
    act.set_value(campaign, GM_SEAT, ("secrecy",), {"yesno": "gm", "dice": "gm_announced"})
    act.mark(campaign, GM_SEAT, "session", "Séance 1")
    return campaign


def test_the_gms_defaults_apply_to_the_cli_and_keep_off_the_public_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    _campaign(directory).close()
    for roll in (
        ["yesno", "--likelihood", "3", "--question", "Un piège ?"],
        ["dice", "2d6"],
        ["resolution", "--score", "3"],
        ["yesno", "--likelihood", "3", "--question", "Dit tout haut", "--visibility", "public"],
    ):
        assert main(["roll", *roll, "--campaign", str(directory)]) == 0
    capsys.readouterr()
    assert main(["journal", str(directory), "--json", "--role", "gm"]) == 0
    rolls = [e for e in json.loads(capsys.readouterr().out)["entries"] if "roll" in e]
    assert [(e.get("visibility"), e.get("announced")) for e in rolls] == [
        ("gm", None),
        ("gm", True),
        (None, None),
        (None, None),  # said public: the default gives way
    ]
    assert [e["roll"].get("draw") for e in rolls] == [None, None, 1, 2]
    assert main(["check", str(directory), "--verify-rolls"]) == 0


def test_a_players_roll_of_a_kind_the_gm_keeps_is_blind(tmp_path: Path) -> None:
    # Was written private: the player read the perception roll the GM wanted blind.
    from meneur.core.visibility import AUDIENCE, GM, Viewer
    from meneur.play.views import entries_for

    gm = _campaign(tmp_path / "c")
    alice = Campaign.open(gm.directory)
    seat = Seat("player", "alice", frozenset({"kael"}))
    session = Session(alice, strings("fr"), random.SystemRandom(), seat=seat)
    record = session.roll(oracles.YesNoQuestion(3, "La porte cède ?"))
    entry = session.record(record, "La porte cède ?", character="kael")
    assert (entry.visibility, entry.player, entry.announced) == ("gm", "alice", True)
    assert entry.roll is not None
    assert "draw" not in entry.roll
    assert session.blind(entry)
    assert session.seen_by(entry).startswith("Jet à l'aveugle")
    gm.sync()
    seen = {
        who: next(iter(entries_for([entry], viewer, gm.journal, gm.state)))
        for who, viewer in (("gm", GM), ("alice", Viewer("player", "alice")), ("all", AUDIENCE))
    }
    assert seen["gm"].roll == entry.roll
    for who in ("alice", "all"):  # that it happened, nothing of it
        assert seen[who].redacted
        assert seen[who].roll is None
        assert seen[who].text == ""
    gm.close()
    alice.close()


def test_a_player_writes_the_gms_secret_only_as_a_blind_roll_that_changes_nothing(
    tmp_path: Path,
) -> None:
    from meneur.core.changes import MISSING, Change
    from meneur.core.resolution.rules import ResolutionTest
    from meneur.saves.entry_parts import Secrecy
    from meneur.saves.errors import Refusal

    gm = _campaign(tmp_path / "c")
    alice = Campaign.open(gm.directory)
    seat = Seat("player", "alice", frozenset({"kael"}))
    session = Session(alice, strings("fr"), random.SystemRandom(), seat=seat)
    before = (gm.directory / "campaign.toml").read_bytes()
    blind = Secrecy("gm", player="alice", announced=True)
    record = session.roll(oracles.YesNoQuestion(3, "Un bruit ?"))
    resolution = session.roll(ResolutionTest(score=3))
    with pytest.raises(Refusal):  # a kind the GM did not make blind
        act.roll(alice, seat, resolution, "", secrecy=blind)
    assert (gm.directory / "campaign.toml").read_bytes() == before
    karma = Change(("characters", "kael", "sheet", "karma"), MISSING, 1)
    # What it would change would tell its roller the outcome: the blind roll is written,
    # moving nothing (the GM reads its record and applies it) — decided by play for
    # every door (the app's panels, the command line's --as, the feed).
    entry = act.roll(alice, seat, record, "Un bruit ?", changes=[karma], secrecy=blind)
    assert (entry.visibility, entry.player, entry.changes) == ("gm", "alice", ())
    gm.sync()
    assert "karma" not in gm.state["characters"]["kael"]["sheet"]
    gm.close()
    alice.close()


def test_a_default_naming_no_kind_or_no_secrecy_is_refused_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["set", str(directory), "secrecy.yesno", '"blind"']) == 2
    assert 'secrecy.yesno: expected one of: "public", "private", "gm", "gm_announced"' in (
        capsys.readouterr().err
    )
    assert main(["set", str(directory), "secrecy.perception", '"gm"']) == 2
    assert "secrecy.perception" in capsys.readouterr().err


def test_a_players_public_roll_takes_the_sessions_draw_at_every_door(tmp_path: Path) -> None:
    """A player's public roll, from the command line (``--as``) as from the app's seat,
    is the session's next draw: a roll says who threw it and stays public."""
    from meneur.core.resolution.rules import ResolutionTest
    from meneur.play.seating import edit_table, seating

    directory = tmp_path / "c"
    campaign = _campaign(directory)
    state = campaign.state
    campaign.close()
    edit_table(directory, state, seating("alice", characters=["kael"]))
    alice = Seat("player", "alice", frozenset({"kael"}))
    rolled = ["roll", "resolution", "--score", "3", "--campaign", str(directory)]
    assert main([*rolled, "--as", "alice"]) == 0
    with Campaign.open(directory) as seated:
        session = Session(seated, strings("fr"), random.SystemRandom(), seat=alice)
        session.record(session.roll(ResolutionTest(score=3)), "")
    with Campaign.open(directory, write=False) as read:
        first, second = read.journal.latest(2)
    assert [(e.by, e.visibility, e.roll["draw"]) for e in (first, second)] == [
        ("alice", "public", 1),
        ("alice", "public", 2),
    ]
