"""Rolls nobody can predict or fake: a session commits to its dice when it opens, every
live roll takes the session's next draw, no one but the GM sees a seed until the next
session reveals the key, and ``check --verify-rolls`` proves every draw."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.core import fair_dice
from meneur.core.expressions import DiceInputs
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.session import Session
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError
from tests.seated import seat


@given(key=st.binary(min_size=32, max_size=32), draw=st.integers(1, 10**6))
def test_a_draw_is_an_hmac_of_the_key_and_the_commitment_its_hash(key: bytes, draw: int) -> None:
    import hmac

    seed = fair_dice.draw_seed(key, draw)
    digest = hmac.new(key, f"draw:{draw}".encode(), hashlib.sha256).digest()
    assert seed == int.from_bytes(digest[:8], "big") >> 1
    assert 0 <= seed < 2**63
    assert fair_dice.commitment(key) == hashlib.sha256(key).hexdigest()


def test_wrong_draws_are_the_missing_and_the_doubled() -> None:
    assert fair_dice.wrong_draws([1, 2, 3]) == []
    assert fair_dice.wrong_draws([1, 3]) == [2]
    assert fair_dice.wrong_draws([1, 2, 2, 3]) == [2]
    assert fair_dice.wrong_draws([]) == []


def _live(campaign: Campaign) -> Session:
    """A screen rolling live (the OS's dice, as the app without --seed)."""
    return Session(campaign, strings("fr"), random.SystemRandom())


def _roll(session: Session, expression: str = "2d6") -> int:
    record = session.roll(DiceInputs(expression))
    return session.record(record, expression).id


def _outside(directory: Path, capsys: pytest.CaptureFixture[str]) -> str:
    shown = []
    seat(directory, "alice")
    for role in (["--role", "audience"], ["--as", "alice"]):
        assert main(["journal", str(directory), "--json", *role]) == 0
        shown.append(capsys.readouterr().out)
        assert main(["export", str(directory), "--format", "toml", *role]) == 0
        shown.append(capsys.readouterr().out)
    return "\n".join(shown)


def test_a_sessions_rolls_are_its_draws_their_seeds_shown_once_it_is_closed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    campaign = Campaign.create(directory, system="resolution", name="Table")
    act.mark(campaign, GM_SEAT, "session", "Séance 1")
    key = campaign.state["dice"]["key"]
    commitment = campaign.state["dice"]["commitment"]
    assert fair_dice.commitment(bytes.fromhex(key)) == commitment
    session = _live(campaign)
    rolled = [_roll(session) for _ in range(3)]
    records = [campaign.journal.entry(number).roll or {} for number in rolled]
    assert [record["draw"] for record in records] == [1, 2, 3]
    seeds = [record["seed"] for record in records]
    assert seeds == [fair_dice.draw_seed(bytes.fromhex(key), n) for n in (1, 2, 3)]
    shown = _outside(directory, capsys)
    assert commitment in shown  # published when the session opened
    assert key not in shown
    assert not any(str(seed) in shown for seed in seeds)  # not before it is closed
    act.mark(campaign, GM_SEAT, "session", "Séance 2")
    shown = _outside(directory, capsys)
    assert key in shown  # revealed: anyone may check it against the commitment
    assert all(str(seed) in shown for seed in seeds)
    assert main(["check", str(directory), "--verify-rolls", "--lang", "fr"]) == 0
    assert "3 jets rejoués" in capsys.readouterr().out  # three rolls, all proven
    campaign.close()


def test_a_roll_made_again_or_thrown_away_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    campaign = Campaign.create(directory, system="resolution", name="Table")
    act.mark(campaign, GM_SEAT, "session", "Séance 1")
    session = _live(campaign)
    first = _roll(session)
    _roll(session)
    campaign.close()
    chunk = directory / "journal" / "000001.toml"
    text = chunk.read_text(encoding="utf-8")
    # A GM who rerolled until they liked it: draw 1 written as draw 3.
    chunk.write_text(text.replace("draw = 1\n", "draw = 3\n", 1), encoding="utf-8")
    assert main(["check", str(directory), "--verify-rolls"]) == 2
    said = capsys.readouterr().err
    assert f"entry {first}.roll" in said
    assert "is not draw 3" in said


def test_two_screens_rolling_at_once_never_share_a_draw(tmp_path: Path) -> None:
    directory = tmp_path / "c"
    gm = Campaign.create(directory, system="resolution", name="Table")
    act.mark(gm, GM_SEAT, "session", "Séance 1")
    other = Campaign.open(directory)
    mine, theirs = _live(gm), _live(other)
    waiting = mine.roll(DiceInputs("1d20"))  # the GM's roll, made first…
    _roll(theirs)  # …another screen's written first, on the same draw
    before = {p: p.read_bytes() for p in sorted(directory.rglob("*.toml"))}
    with pytest.raises(CampaignError) as raced:
        mine.record(waiting, "1d20")
    assert strings("fr").explain(raced.value) == (
        "Un autre jet a pris ce tirage entre-temps\u00a0: relancez."
    )
    assert {p: p.read_bytes() for p in sorted(directory.rglob("*.toml"))} == before
    assert gm.journal.entry(_roll(mine)).roll["draw"] == 2  # rolled again: the next draw
    gm.close()
    other.close()


def test_a_chosen_seed_is_said_and_draws_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["session", str(directory), "Séance 1"]) == 0
    assert main(["roll", "dice", "2d6", "--campaign", str(directory), "--seed", "7"]) == 0
    assert main(["roll", "dice", "2d6", "--campaign", str(directory)]) == 0
    capsys.readouterr()
    assert main(["journal", str(directory), "--json", "--role", "gm"]) == 0
    rolls = [e["roll"] for e in json.loads(capsys.readouterr().out)["entries"] if "roll" in e]
    assert rolls[0]["chosen_seed"] is True
    assert rolls[0]["seed"] == 7
    assert "draw" not in rolls[0]
    assert rolls[1]["draw"] == 1


def test_a_player_rolls_on_the_sessions_draws_too(tmp_path: Path) -> None:
    # Broke when tried by hand over SSH: counting the draw was "a change only the GM
    # makes", so every player's roll was refused once a session was opened.
    from meneur.core.table_rules import Seat

    directory = tmp_path / "c"
    gm = Campaign.create(directory, system="resolution", name="Table")
    act.set_value(
        gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "player": "alice", "sheet": {}}
    )
    act.mark(gm, GM_SEAT, "session", "Séance 1")
    alice = Campaign.open(directory)
    seat = Seat("player", "alice", frozenset({"kael"}))
    session = Session(alice, strings("fr"), random.SystemRandom(), seat=seat)
    written = alice.journal.entry(_roll(session))
    assert written.roll is not None
    assert written.roll["draw"] == 1
    assert written.by == "alice"
    with pytest.raises(CampaignError, match="refused"):
        act.set_value(alice, seat, ("dice", "drawn"), 5)  # the count itself stays meneur's
    gm.close()
    alice.close()


def test_the_journal_says_a_seed_was_chosen_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["roll", "dice", "2d6", "--campaign", str(directory), "--seed", "7"]) == 0
    assert main(["roll", "dice", "2d6", "--campaign", str(directory)]) == 0
    capsys.readouterr()
    assert main(["export", str(directory), "--format", "markdown", "--detailed"]) == 0
    seeds = [line for line in capsys.readouterr().out.splitlines() if " seed " in line]
    assert len(seeds) == 2
    assert seeds[0].endswith("seed 7 (chosen by hand)")
    assert "chosen" not in seeds[1]


def test_a_secret_roll_on_a_draw_keeps_that_draw_from_the_next_public_roll(
    tmp_path: Path,
) -> None:
    """A secret roll that took the session's next draw (a door that rolled before it was
    known to be secret) counts that draw: its other consequences are held back from the
    table (play.act.writing.held_back), but the draws' count is not, or the next public
    roll would take the same draw and show the secret roll's dice."""
    from meneur.core.records import roll_seeded
    from meneur.core.resolution import rules as resolution
    from meneur.saves.entry_parts import Secrecy

    campaign = Campaign.create(tmp_path / "c", system="resolution", name="Table")
    act.mark(campaign, GM_SEAT, "session", "Séance 1")
    seed = act.next_draw(campaign)
    assert seed is not None
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), seed)
    entry = act.roll(campaign, GM_SEAT, record, "En secret", secrecy=Secrecy("gm"))
    assert entry.roll is not None
    assert entry.roll["draw"] == 1
    assert campaign.state["dice"]["drawn"] == 1
    assert act.next_draw(campaign) != seed
    # Taken back, it keeps its draw: the count only grows (put back, the next public
    # roll took this draw again, with the secret roll's dice).
    act.undo(campaign, GM_SEAT)
    assert campaign.state["dice"]["drawn"] == 1
    assert act.next_draw(campaign) != seed
    campaign.close()
