"""Random requests by random actors — the GM, two players, a viewer — each through the
campaign as their seat writes it (the application layer every front end goes through):

1. what each one may not see never reaches the CLI's output for them (journal, JSON,
   Markdown export), whatever was asked in whatever order;
2. a refused request changes no byte of the campaign's folder.

Every request carries a marker word; a model says who may read each marker written.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.core import oracles
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.story import StoryItem
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act, story
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.saves.errors import CampaignError
from tests.seated import seat

ACTORS = {
    "gm": GM_SEAT,
    "alice": Seat("player", "alice", frozenset({"kael"})),
    "bob": Seat("player", "bob", frozenset({"mira"})),
    "viewer": Seat("viewer"),
}
REQUESTS = (
    "public note",
    "private note",
    "gm note",
    "public roll",
    "private roll",
    "blind roll",
    "gm clock",
    "ask gm clock",
    "thread",
    "tension",
    "undo",
)
STEPS = st.lists(
    st.tuples(st.sampled_from(sorted(ACTORS)), st.sampled_from(REQUESTS)),
    min_size=1,
    max_size=12,
)
READERS = {
    "audience": ["--role", "audience"],
    "alice": ["--as", "alice"],
    "bob": ["--as", "bob"],
}


def _folder(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name != ".lock"
    }


def _table(directory: Path) -> None:
    with Campaign.create(directory, system="resolution", name="Soir") as gm:
        act.set_value(gm, GM_SEAT, ("options", "solo"), True)
        for ident, name in (("kael", "Kael"), ("mira", "Mira")):
            act.set_value(
                gm,
                GM_SEAT,
                ("characters", ident),
                {"name": name, "sheet": {"elements": {"Épée": 2}}},
            )
        clock = {"name": "Qzhorloge", "kind": "clock", "value": 0, "max": 12, "gm": True}
        act.set_value(gm, GM_SEAT, ("trackers", "piege"), clock)
        act.set_value(gm, GM_SEAT, ("secrecy",), {"yesno": "gm"})  # the oracle's answers: blind
    seat(directory, "alice", "bob")  # the readers (--as) are players of the table


def _request(campaign: Campaign, actor: str, request: str, marker: str, number: int) -> str:
    """Make ``request`` as ``actor``; who may then read ``marker``: "all", a player's
    name (theirs and the GM's) or "gm"."""
    player = actor if actor in ("alice", "bob") else None
    if request == "public note":
        act.note(campaign, ACTORS[actor], marker)
        return "all"
    if request == "private note":
        act.note(
            campaign, ACTORS[actor], marker, secrecy=Secrecy("private", player=player or "alice")
        )
        return player or "alice"
    if request == "gm note":
        act.note(campaign, ACTORS[actor], marker, secrecy=Secrecy("gm"))
        return "gm"
    if request in ("public roll", "private roll", "blind roll"):
        question = oracles.YesNoQuestion(3, marker)
        record = roll_seeded(oracles.roll_yesno, question, number)
        if request == "public roll":
            act.roll(campaign, ACTORS[actor], record, marker)
            return "all"
        if request == "private roll":
            secrecy = Secrecy("private", player=player or "alice")
            act.roll(campaign, ACTORS[actor], record, marker, secrecy=secrecy)
            return player or "alice"
        act.roll(
            campaign,
            ACTORS[actor],
            record,
            marker,
            secrecy=Secrecy("gm", player=player, announced=True),
        )
        return "gm"
    if request == "gm clock":
        plan = story.move_tracker("piege", lambda moved: marker, steps=1)
        act.change(campaign, ACTORS[actor], plan)
        return "gm"
    if request == "ask gm clock":
        question = oracles.YesNoQuestion(3, "Le piège ?")
        asked = roll_seeded(oracles.roll_yesno, question, number)
        plan = story.move_tracker("piege", lambda moved: marker, outcome=asked.outcome or "")
        act.roll(campaign, ACTORS[actor], asked, plan)
        return "gm"
    if request == "thread":
        act.change(campaign, ACTORS[actor], story.add_item("threads", StoryItem(marker), marker))
        return "all"
    if request == "tension":
        act.change(
            campaign, ACTORS[actor], story.move_tension(lambda t: t % 5 + 1, lambda a, b: marker)
        )
        return "all"
    act.undo(campaign, ACTORS[actor])
    return "none"


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(steps=STEPS)
def test_random_requests_by_random_actors_keep_every_secret_and_refusals_change_nothing(
    steps: list[tuple[str, str]],
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
) -> None:
    directory = tmp_path_factory.mktemp("actors") / "c"
    _table(directory)
    written: dict[str, str] = {}
    for number, (actor, request) in enumerate(steps):
        marker = f"Qz{number:02d}{random.Random(number).randrange(10**6):06d}"
        before = _folder(directory)
        with Campaign.open(directory) as campaign:
            campaign.author = actor if actor != "gm" else None
            try:
                written[marker] = _request(campaign, actor, request, marker, number)
            except (CampaignError, RulesError):
                assert _folder(directory) == before, (actor, request)
    capsys.readouterr()
    for reader, arguments in READERS.items():
        out = []
        for command in (["journal"], ["journal", "--json"], ["export"]):
            assert main([*command, str(directory), *arguments]) == 0
            out.append(capsys.readouterr().out)
        shown = "\n".join(out)
        for marker, who in written.items():
            if who == "gm" or (who not in ("all", "none") and who != reader):
                assert marker not in shown, (reader, marker, who, steps)
