"""The random event a yes/no answer brings (the oracle's doubles under the tension) is
exactly as secret as the answer, at every door: after a blind or GM-secret answer, the
others' picture does not tell that a double was rolled (one secret, announced or not as
the answer, never a second one), and a player's blind answer's event is written though
a player may write no other roll for the GM alone."""

from __future__ import annotations

import json
import random
from pathlib import Path
from unittest import mock

import pytest

from meneur.cli.main import main
from meneur.content.strings import strings
from meneur.core import oracles
from meneur.core.kinds import roller
from meneur.core.records import roll_seeded
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.core.visibility import AUDIENCE
from meneur.play import act
from meneur.play.conversation import Conversation
from meneur.play.seating import edit_table, seating
from meneur.play.session import Session
from meneur.play.views import entries_for
from meneur.saves.campaign import Campaign

BOB = Seat("player", "bob", frozenset({"mira"}))


def _table(directory: Path) -> None:
    """Solo play at the highest tension (a double below it brings an event); the GM
    keeps the yes/no answers (a player's are blind) and no table."""
    with Campaign.create(
        directory, system="resolution", name="Le col", options={"solo": True}
    ) as gm:
        act.set_value(gm, GM_SEAT, ("characters", "mira"), {"name": "Mira", "sheet": {}})
        act.set_value(gm, GM_SEAT, ("solo", "tension"), 5)
        act.set_value(gm, GM_SEAT, ("secrecy",), {"yesno": "gm"})
        act.mark(gm, GM_SEAT, "session", "La soirée")
        state = gm.state
    edit_table(directory, state, seating("bob", characters=["mira"]))


def _brings_event(seed: int) -> bool:
    question = oracles.YesNoQuestion(3, "Q", 5)
    return bool(roll_seeded(roller(oracles.YesNoQuestion), question, seed).event)


def _second(key: int) -> int:
    dice = random.Random(key)
    dice.getrandbits(63)
    return dice.getrandbits(63)


def _audience(directory: Path) -> list[tuple[str, bool]]:
    """What the audience is given of the journal: each entry's kind and announcement."""
    with Campaign.open(directory, write=False) as campaign:
        journal = campaign.journal
        seen = entries_for(journal.stream(), AUDIENCE, journal, campaign.state)
        return [(entry.kind, entry.announced) for entry in seen]


def _written_after(directory: Path, count: int) -> list[tuple[str, str | None, str, bool]]:
    """The last ``count`` entries: their kind, the system rolled, who sees them, whether
    announced."""
    with Campaign.open(directory, write=False) as campaign:
        entries = list(campaign.journal.stream())[-count:]
    return [(e.kind, (e.roll or {}).get("system"), e.visibility, e.announced) for e in entries]


def test_a_players_blind_answer_at_the_plain_seat_keeps_its_event_as_secret(
    tmp_path: Path,
) -> None:
    directory = tmp_path / "c"
    _table(directory)
    before = _audience(directory)
    # The plain seat's dice: the seed it draws for a secret answer (the second: the
    # first would have been the public roll's) brings an event.
    key = next(k for k in range(1000) if _brings_event(_second(k)))
    session = Session(Campaign.open(directory), strings("fr"), random.Random(key), seat=BOB)
    try:
        said = Conversation(session).answer("? Le pont tient-il ?").lines
    finally:
        session.campaign.close()
    assert _written_after(directory, 2) == [
        ("oracle", "yesno", "gm", True),
        ("roll", "tables", "gm", False),
    ]
    # The others are told once that Bob threw, never that his dice brought an event;
    # Bob is told nothing of it either.
    assert _audience(directory) == [*before, ("secret", True)]
    assert not any("⚡" in line or "vènement" in line for line in said), said


def test_the_command_lines_secret_answers_keep_their_event_as_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "c"
    _table(directory)
    before = _audience(directory)
    seed = next(s for s in range(1000) if _brings_event(s))
    asked = ["roll", "yesno", "--likelihood", "3", "--question", "Q", "--tension", "5"]
    where = ["--campaign", str(directory)]
    # The GM's announced secret answer, on a seed of theirs.
    announced = ["--visibility", "gm", "--announce", "--seed", str(seed)]
    assert main([*asked, *where, *announced]) == 0
    assert _written_after(directory, 2) == [
        ("oracle", "yesno", "gm", True),
        ("roll", "tables", "gm", False),
    ]
    capsys.readouterr()
    # Bob's blind answer, on the fresh dice a secret roll takes.
    with mock.patch("meneur.cli.journaling.new_seed", return_value=seed):
        assert main([*asked, *where, "--as", "bob", "--json"]) == 0
    assert _written_after(directory, 2) == [
        ("oracle", "yesno", "gm", True),
        ("roll", "tables", "gm", False),
    ]
    assert "event" not in json.loads(capsys.readouterr().out)  # nor told to Bob
    assert _audience(directory) == [*before, ("secret", True), ("secret", True)]
