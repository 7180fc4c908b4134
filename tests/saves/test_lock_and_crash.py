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

from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignLocked

HOLD = textwrap.dedent(
    """
    import sys, time
    from meneur.saves.campaign import Campaign
    campaign = Campaign.open(sys.argv[1])
    print("holding", flush=True)
    time.sleep(60)
    """
)


def test_a_second_writer_is_told_who_holds_the_campaign(tmp_path: Path) -> None:
    Campaign.create(tmp_path / "c", system="traits").close()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path / "c")], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"
        with pytest.raises(CampaignLocked) as caught:
            Campaign.open(tmp_path / "c")
        assert f"pid {holder.pid}" in str(caught.value)
        assert "open for writing by meneur" in str(caught.value)
        follower = Campaign.open(tmp_path / "c", write=False)  # readers are always welcome
        assert follower.system == "traits"
    finally:
        holder.kill()
        holder.wait()
    # kill -9 leaves no stale lock behind: the next writer simply opens.
    Campaign.open(tmp_path / "c").close()


def test_the_lock_is_released_on_close(tmp_path: Path) -> None:
    Campaign.create(tmp_path / "c", system="systemj").close()
    with Campaign.open(tmp_path / "c"), pytest.raises(CampaignLocked):
        Campaign.open(tmp_path / "c")
    Campaign.open(tmp_path / "c").close()


WRITER = textwrap.dedent(
    """
    import sys
    from meneur.core import resolution
    from meneur.core.records import roll_seeded
    from meneur.saves.campaign import Campaign
    campaign = Campaign.open(sys.argv[1])
    i = campaign.journal.last_id
    while True:
        i += 1
        if i % 3 == 0:
            entry = campaign.set(("trackers", "count"), {"name": "count", "value": i})
        elif i % 3 == 1:
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), i)
            entry = campaign.record_roll(record, f"roll {i}")
        else:
            entry = campaign.note(f"note {i}")
        print(entry.id, flush=True)  # acknowledged: on disk before this line
    """
)


@pytest.mark.parametrize("delay", [0.05, 0.2, 0.35, 0.5, 0.8])
def test_kill_9_at_any_instant_loses_nothing_acknowledged(tmp_path: Path, delay: float) -> None:
    directory = tmp_path / "c"
    Campaign.create(directory, system="resolution").close()
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(directory)], stdout=subprocess.PIPE, text=True
    )
    time.sleep(0.6 + delay)  # start-up, then a different instant each run
    os.kill(writer.pid, signal.SIGKILL)
    out, _ = writer.communicate()
    acknowledged = [int(line) for line in out.split()]
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
