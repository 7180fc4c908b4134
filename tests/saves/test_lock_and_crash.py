"""One writer at a time, followers any time, and nothing acknowledged lost to kill -9."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignLocked
from tests.waiting import PATIENCE

HOLD = textwrap.dedent(
    """
    import signal, sys
    from pathlib import Path
    from meneur.saves.lock import WriterLock
    lock = WriterLock(Path(sys.argv[1]), "meneur serve").acquire()  # a write that hangs
    print("holding", flush=True)
    signal.pause()  # until the test ends it
    """
)


def _holder(directory: Path) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(directory)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "holding"
    return holder


class _Clock:
    """The lock's clock in a test: sleeping moves it on, at once."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_a_writer_waits_for_a_write_then_says_who_kept_the_campaign_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from meneur.saves import lock

    Campaign.create(tmp_path / "c", system="traits").close()
    campaign = Campaign.open(tmp_path / "c")
    holder = _holder(tmp_path / "c")
    try:
        # The lock's own clock, so that how long it waited is counted, not timed: on a
        # loaded machine the wall clock says nothing about the wait it chose.
        clock = _Clock()
        monkeypatch.setattr(lock, "time", clock)
        with pytest.raises(CampaignLocked) as caught, campaign.work(wait=0.4):
            pass
        monkeypatch.undo()
        assert 0.4 <= clock.now - 1000.0 < 0.4 + 0.02  # its wait, then one look more
        assert f"meneur serve (pid {holder.pid}" in str(caught.value)
        assert "nothing was written, try again" in str(caught.value)
        follower = Campaign.open(tmp_path / "c", write=False)  # readers are always welcome
        assert follower.system == "traits"
    finally:
        holder.kill()
        holder.wait()
    # kill -9 leaves no stale lock behind: the next write simply goes through.
    assert act.note(campaign, GM_SEAT, "after").id == 1


def test_deleting_or_replacing_the_lock_file_does_not_let_a_second_writer_in(
    tmp_path: Path,
) -> None:
    Campaign.create(tmp_path / "c", system="traits").close()
    campaign = Campaign.open(tmp_path / "c")
    holder = _holder(tmp_path / "c")
    try:
        (tmp_path / "c" / ".lock").unlink()
        with pytest.raises(CampaignLocked), campaign.work(wait=0.2):
            pass
        (tmp_path / "c" / ".lock").write_text("pid=1\n")
        with pytest.raises(CampaignLocked), campaign.work(wait=0.2):
            pass
    finally:
        holder.kill()
        holder.wait()
    assert campaign.journal.last_id == 0


def test_two_writers_in_one_process_take_turns_and_see_each_other(tmp_path: Path) -> None:
    Campaign.create(tmp_path / "c", system="resolution").close()
    first, second = Campaign.open(tmp_path / "c"), Campaign.open(tmp_path / "c")
    assert act.note(first, GM_SEAT, "one").id == 1
    assert act.note(second, GM_SEAT, "two").id == 2  # caught up before writing
    act.set_value(first, GM_SEAT, ("lists", "people"), ["Justine"])
    assert second.sync().state_changed
    assert second.state["lists"]["people"] == ["Justine"]
    assert [e.text for e in first.sync().entries] == ["two"]


PARALLEL = textwrap.dedent(
    """
    import sys
    from meneur.core.resolution import rules as resolution
    from meneur.core.records import roll_seeded
    from meneur.saves.campaign import Campaign
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    campaign = Campaign.open(sys.argv[1], author=sys.argv[2])
    for i in range(int(sys.argv[3])):
        if i % 2:  # opened afresh, as each CLI command does, while others write
            campaign = Campaign.open(sys.argv[1], author=sys.argv[2])
        if i % 4 == 3:
            tracker = {"name": sys.argv[2], "value": i}
            entry = act.set_value(campaign, GM_SEAT, ("trackers", sys.argv[2]), tracker)
        else:
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), i)
            entry = act.roll(campaign, GM_SEAT, record, f"{sys.argv[2]} {i}")
        print(entry.id, flush=True)
    """
)


def _parallel_writers(directory: Path, count: int, writes: int) -> list[subprocess.Popen[str]]:
    """``count`` processes running PARALLEL on ``directory``, ``writes`` each."""
    return [
        subprocess.Popen(
            [sys.executable, "-c", PARALLEL, str(directory), f"w{n}", str(writes)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(count)
    ]


def _acknowledged(writers: list[subprocess.Popen[str]], timeout: float) -> list[int]:
    """The entry ids the writers printed as acknowledged, once they all ended well."""
    acknowledged: list[int] = []
    for writer in writers:
        out, errors = writer.communicate(timeout=timeout)
        assert writer.returncode == 0, errors
        acknowledged += [int(line) for line in out.split()]
    return acknowledged


def test_parallel_writers_are_all_acknowledged_in_one_contiguous_order(tmp_path: Path) -> None:
    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution").close()
    writers = _parallel_writers(directory, 4, 30)
    acknowledged = _acknowledged(writers, timeout=PATIENCE)
    assert sorted(acknowledged) == list(range(1, 4 * 30 + 1))
    with Campaign.open(directory) as campaign:
        assert [entry.id for entry in campaign.journal] == list(range(1, 121))
        assert {name: t["value"] for name, t in campaign.state["trackers"].items()} == {
            f"w{n}": 27 for n in range(4)
        }
        by = {entry.by for entry in campaign.journal}
        assert by == {f"w{n}" for n in range(4)}


WRITER = textwrap.dedent(
    """
    import sys
    from meneur.core.resolution import rules as resolution
    from meneur.core.records import roll_seeded
    from meneur.saves.campaign import Campaign
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    campaign = Campaign.open(sys.argv[1])
    i = campaign.journal.last_id
    while True:
        i += 1
        if i % 3 == 0:
            tracker = {"name": "count", "value": i}
            entry = act.set_value(campaign, GM_SEAT, ("trackers", "count"), tracker)
        elif i % 3 == 1:
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), i)
            entry = act.roll(campaign, GM_SEAT, record, f"roll {i}")
        else:
            entry = act.note(campaign, GM_SEAT, f"note {i}")
        print(entry.id, flush=True)  # acknowledged: on disk before this line
    """
)


@pytest.mark.e2e
@pytest.mark.parametrize("delay", [0.05, 0.2, 0.35, 0.5, 0.8])
def test_kill_9_at_any_instant_loses_nothing_acknowledged(tmp_path: Path, delay: float) -> None:
    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution").close()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(directory)], stdout=subprocess.PIPE, text=True
    )
    assert writer.stdout is not None
    first = writer.stdout.readline()  # started and writing, however long start-up took
    time.sleep(delay)  # then a different instant each run
    os.kill(writer.pid, signal.SIGKILL)
    out, _ = writer.communicate()
    acknowledged = [int(line) for line in (first + out).split()]
    assert acknowledged, "the writer acknowledged nothing before it was killed"
    leftovers = [p.name for p in directory.rglob(".*.tmp")]
    assert len(leftovers) <= 1  # at most the temporary file the kill interrupted
    with Campaign.open(directory) as campaign:
        ids = [entry.id for entry in campaign.journal]
        assert ids == list(range(1, len(ids) + 1))
        assert set(acknowledged) <= set(ids)
        # The state holds every acknowledged change (and maybe the one in flight).
        last_change = max((i for i in acknowledged if i % 3 == 0), default=None)
        if last_change is not None:
            assert campaign.state["trackers"]["count"]["value"] >= last_change
    assert not list(directory.rglob(".*.tmp")), "the next writer clears what the kill left"


def test_the_holder_is_described_from_lines_or_from_an_older_meneurs_json() -> None:
    from meneur.saves.lock import _lines, _read_lines

    info = {"pid": 12, "host": "table\nhost", "by": "meneur serve"}
    assert _read_lines(_lines(info)) == {"pid": "12", "host": "table host", "by": "meneur serve"}
    assert _read_lines('{"pid": 7, "host": "h"}') == {"pid": "7", "host": "h"}
    assert _read_lines("") == {}


@pytest.mark.e2e
def test_a_writer_killed_at_random_instants_while_others_write_loses_nothing(
    tmp_path: Path,
) -> None:
    """Two writers write steadily while a third is killed with SIGKILL at random
    instants (seeded) and started again, five times: every entry any of them
    acknowledged is there once, ids stay contiguous, every roll replays, and
    campaign.toml is the replay of the journal."""
    import random

    from meneur.saves.entry_parts import affects_state
    from meneur.saves.schema import new_state
    from meneur.saves.state_files import _absorb_into

    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution").close()
    steady = _parallel_writers(directory, 2, 60)
    acknowledged: list[int] = []
    instants = random.Random(13)
    for _ in range(5):
        victim = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(directory)], stdout=subprocess.PIPE, text=True
        )
        assert victim.stdout is not None
        first = victim.stdout.readline()  # writing, however long start-up took
        time.sleep(instants.random() * 0.5)  # then anywhere in a write
        os.kill(victim.pid, signal.SIGKILL)
        out, _ = victim.communicate()
        acknowledged += [int(line) for line in (first + out).split()]
    acknowledged += _acknowledged(steady, timeout=2 * PATIENCE)
    assert len(acknowledged) == len(set(acknowledged))
    with Campaign.open(directory) as campaign:  # rolls forward what a kill left behind
        ids = [entry.id for entry in campaign.journal]
        assert ids == list(range(1, len(ids) + 1))
        assert set(acknowledged) <= set(ids)
        # At most one entry per kill was written but not acknowledged.
        assert len(ids) - len(acknowledged) <= 5
        state = campaign.state
        replayed = new_state(state["name"], "resolution", state["created"])
        for entry in campaign.journal:
            if affects_state(entry):
                _absorb_into(replayed, entry, campaign.journal)
        for key in ("trackers", "history", "journal_applied"):
            assert replayed[key] == state[key], key
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "meneur.cli.main",
            "check",
            str(directory),
            "--verify-rolls",
            "--lang",
            "fr",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr
    assert f"{len(ids)} entrées" in checked.stdout
