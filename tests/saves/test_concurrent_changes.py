"""Writers at the same moment never undo each other: every change is made of the state
as it is under the lock. Checked two ways against a model of what each change means
(a thread added is in the list, a clock advanced by one has moved by one):

- in one process, Hypothesis interleaves the changes of several long-lived writers (as
  the app's seats are), each holding a state others have changed since;
- with real processes started together, each running the command line's changes, the
  final state is what the acknowledged changes give applied in the journal's order.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.core.errors import RulesError
from meneur.core.story import RANKS, TICKS_PER_BOX, TRACK_BOXES, StoryItem
from meneur.core.table_rules import GM_SEAT
from meneur.core.words import folded
from meneur.play import act
from meneur.play import story as play
from meneur.play.story import tension_of
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError
from tests.waiting import PATIENCE

CLOCK_SEGMENTS = 6
TRACK_RANK = "ardu"


def new_campaign(directory: Path) -> None:
    """A solo campaign with a clock and a track, as the model starts it."""
    with Campaign.create(directory, system="resolution", options={"solo": True}) as campaign:
        act.set_value(
            campaign,
            GM_SEAT,
            ("trackers", "loups"),
            {"name": "Les loups", "kind": "clock", "value": 0, "max": CLOCK_SEGMENTS},
        )
        act.set_value(
            campaign,
            GM_SEAT,
            ("trackers", "col"),
            {
                "name": "Le col",
                "kind": "track",
                "rank": TRACK_RANK,
                "value": 0,
                "max": TRACK_BOXES * TICKS_PER_BOX,
            },
        )


@dataclass
class Model:
    """What the changes mean, applied one after another."""

    threads: list[str] = field(default_factory=list)
    people: list[str] = field(default_factory=list)
    clock: int = 0
    track: int = 0
    tension: int = 3

    def apply(self, op: tuple[str, Any]) -> bool:
        """Apply ``op``; whether it is accepted (a refused one changes nothing)."""
        verb, arg = op
        if verb in ("thread", "person"):
            names = self.threads if verb == "thread" else self.people
            if folded(arg) in {folded(n) for n in names}:
                return False
            names.append(arg)
        elif verb == "clock":
            if self.clock == CLOCK_SEGMENTS:
                return False
            self.clock = min(self.clock + arg, CLOCK_SEGMENTS)
        elif verb == "track":
            most = TRACK_BOXES * TICKS_PER_BOX
            if self.track == most:
                return False
            self.track = min(self.track + RANKS[TRACK_RANK] * arg, most)
        elif verb == "tension":
            if not 1 <= self.tension + arg <= 5:
                return False
            self.tension += arg
        return True

    def matches(self, campaign: Campaign) -> None:
        state = campaign.state
        assert [i.name for i in play.items_of(state, "threads")] == self.threads
        assert [i.name for i in play.items_of(state, "people")] == self.people
        assert state["trackers"]["loups"]["value"] == self.clock
        assert state["trackers"]["col"]["value"] == self.track
        assert tension_of(campaign.state) == self.tension


def plan_of(op: tuple[str, Any]) -> Any:
    """The play layer's change for ``op``, as the app's seats make it."""
    verb, arg = op
    if verb in ("thread", "person"):
        key = "threads" if verb == "thread" else "people"
        return play.add_item(key, StoryItem(arg), f"{verb} {arg}")
    if verb in ("clock", "track"):
        ident = "loups" if verb == "clock" else "col"
        return play.move_tracker(ident, lambda moved: f"{verb} {moved.after.value}", steps=arg)
    return play.move_tension(lambda t: t + arg, lambda a, b: f"tension {a} → {b}")


ops = st.one_of(
    st.tuples(st.just("thread"), st.sampled_from(["Le col", "La caravane", "le Col", "Alix"])),
    st.tuples(st.just("person"), st.sampled_from(["Alix", "Justine", "ALIX"])),
    st.tuples(st.just("clock"), st.integers(1, 3)),
    st.tuples(st.just("track"), st.integers(1, 2)),
    st.tuples(st.just("tension"), st.sampled_from([1, -1])),
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 2), ops), min_size=1, max_size=25))
def test_interleaved_writers_make_what_the_changes_mean(
    tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[int, tuple[str, Any]]]
) -> None:
    directory = tmp_path_factory.mktemp("interleaved") / "c"
    new_campaign(directory)
    # Three writers open at once, as three seats of a table: each acts on a campaign
    # the others have changed since it last looked.
    writers = [Campaign.open(directory) for _ in range(3)]
    model = Model()
    for writer, op in steps:
        accepted = model.apply(op)
        try:
            act.change(writers[writer], GM_SEAT, plan_of(op))
        except (RulesError, CampaignError):
            assert not accepted, op
        else:
            assert accepted, op
    with Campaign.open(directory, write=False) as campaign:
        model.matches(campaign)


WORKER = textwrap.dedent(
    """
    import contextlib, io, random, sys
    from meneur.cli.main import main
    directory, worker, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    pick = random.Random(worker)
    for i in range(count):
        verb = pick.choice(["thread", "person", "clock", "track", "tension"])
        if verb in ("thread", "person"):
            words = [verb, directory, "add", f"{verb}-{worker}-{i}"]
        elif verb == "clock":
            words = ["clock", directory, "advance", "loups", "1"]
        elif verb == "track":
            words = ["track", directory, "mark", "col"]
        else:
            words = ["tension", directory, pick.choice(["up", "down"])]
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(io.StringIO()):
            status = main(words)
        if status == 0:
            print(said.getvalue().split()[0].lstrip("#"), verb, words[-1], flush=True)
    """
)


@pytest.mark.e2e
def test_processes_started_together_keep_every_acknowledged_change(tmp_path: Path) -> None:
    """Eight processes, fifteen changes each, all at once (the command line's own code):
    the final state is what the acknowledged changes give in the journal's order, and
    nothing was written that was not acknowledged."""
    directory = tmp_path / "c"
    new_campaign(directory)
    start = Campaign.open(directory, write=False).journal.last_id
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(directory), str(n), "15"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(8)
    ]
    acknowledged: dict[int, tuple[str, str]] = {}
    for worker in workers:
        out, errors = worker.communicate(timeout=PATIENCE * 2)
        assert worker.returncode == 0, errors
        for line in out.splitlines():
            ident, verb, arg = line.split()
            acknowledged[int(ident)] = (verb, arg)
    with Campaign.open(directory, write=False) as campaign:
        written = [e.id for e in campaign.journal if e.id > start]
        assert sorted(acknowledged) == written  # every entry acknowledged, none more
        model = Model()
        for ident in sorted(acknowledged):
            verb, arg = acknowledged[ident]
            step = {"up": 1, "down": -1}.get(arg, 1) if verb == "tension" else 1
            op = (verb, arg) if verb in ("thread", "person") else (verb, step)
            assert model.apply(op), (ident, verb, arg)  # each was a change that counted
        model.matches(campaign)
    assert len(acknowledged) > 60  # most changes went through (the rest refused, said)


def test_a_change_made_of_a_state_changed_since_is_refused_saying_so(tmp_path: Path) -> None:
    """A change that carries the value it expects (a sheet edited in a dialog opened
    before another seat changed it) is refused, not written over the other."""
    from meneur.core.changes import Change

    directory = tmp_path / "c"
    new_campaign(directory)
    first, second = Campaign.open(directory), Campaign.open(directory)
    act.set_value(first, GM_SEAT, ("trackers", "loups", "value"), 2)
    stale = Change(("trackers", "loups", "value"), 0, 1)
    with pytest.raises(CampaignError, match="changed since it was read; nothing was written"):
        act.change(second, GM_SEAT, "un pas", changes=[stale])
    assert Campaign.open(directory, write=False).state["trackers"]["loups"]["value"] == 2
