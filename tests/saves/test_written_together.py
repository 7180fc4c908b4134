"""Many entries written in one durable step (:meth:`meneur.saves.work.Work.together`,
:meth:`meneur.saves.journal.Journal.together`): the same files as writing them one by
one, each chunk written once, nothing on disk before the step ends, a refusal or a full
disk changing no byte, another writer kept out, and a crash between two chunks leaving
a beginning of the entries, each whole, that ``meneur check`` accepts."""

from __future__ import annotations

import copy
import errno
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves import atomic, chunk_files, chunks, journal
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError, CampaignLocked
from meneur.saves.journal import MAX_TEXT, Entry, Journal, chunk_name


def _clock() -> datetime:
    return datetime(2026, 3, 1, 20, 0, tzinfo=UTC)


def _write(campaign: Campaign, first: int, count: int) -> None:
    """Write ``count`` entries numbered from ``first``: notes, and every seventh a
    change of the state (a tracker set)."""
    for number in range(first, first + count):
        if number % 7 == 0:
            tracker = {"name": f"Horloge {number}", "value": number % 5}
            act.set_value(campaign, GM_SEAT, ("trackers", f"t{number}"), tracker)
        else:
            act.note(campaign, GM_SEAT, f"Note {number}")


def _in_one_step(campaign: Campaign, write: Callable[[], None]) -> None:
    """Call ``write`` inside one durable step of ``campaign``."""
    with campaign.work() as work, work.together():
        write()


def _files(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory``, by its path there, with its bytes."""
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


def _started(folder: Path) -> Path:
    """A campaign with 10 entries at ``folder``."""
    Campaign.create(folder, system="resolution", clock=_clock).close()
    with Campaign.open(folder, clock=_clock) as campaign:
        _write(campaign, 1, 10)
    return folder


@pytest.fixture
def started(tmp_path: Path) -> Path:
    """A campaign with 10 entries (its first chunk begun)."""
    return _started(tmp_path / "started")


def test_entries_written_together_leave_the_files_written_one_by_one_leave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Over two chunk boundaries, from inside a chunk begun: the chunks and campaign.toml
    # byte for byte. Chunks of 4 entries instead of 250, and fsync made free (neither
    # changes what is written): the test takes a second, not twenty.
    for module in (chunk_files, journal, chunks):
        monkeypatch.setattr(module, "CHUNK_SIZE", 4)
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    started = _started(tmp_path / "started")
    one, together = tmp_path / "one", tmp_path / "together"
    shutil.copytree(started, one)
    shutil.copytree(started, together)
    with Campaign.open(one, clock=_clock) as campaign:
        _write(campaign, 11, 9)
    renamed: list[str] = []
    replace = os.replace

    def counted(source: str | Path, target: str | Path) -> None:
        renamed.append(str(Path(target).relative_to(together)))
        replace(source, target)

    monkeypatch.setattr(atomic.os, "replace", counted)
    with Campaign.open(together, clock=_clock) as campaign, campaign.work() as work:
        with work.together():
            _write(campaign, 11, 9)
            assert renamed == []  # nothing on disk before the step ends
            assert campaign.journal.last_id == 19  # but read here as written
        # Each chunk written once, in order, then the state, once.
        ours = [n for n in renamed if n.startswith("journal/0") or n == "campaign.toml"]
        assert ours == [f"journal/{chunk_name(n)}" for n in (3, 4, 5)] + ["campaign.toml"]
        assert campaign.state["trackers"]["t14"]["name"] == "Horloge 14"
    made, expected = _files(together), _files(one)
    names = ["campaign.toml", *(f"journal/{chunk_name(n)}" for n in range(1, 6))]
    assert [n for n in made if n.startswith("journal/0")] == names[1:]
    for name in names:
        assert made[name] == expected[name], name
    with Campaign.open(together) as reopened:
        assert [e.text for e in reopened.journal][-1] == "Note 19"


def test_a_refusal_inside_changes_no_byte_and_the_campaign_writes_on(started: Path) -> None:
    before = _files(started)
    with Campaign.open(started, clock=_clock) as campaign:
        state = copy.deepcopy(campaign.state)

        def refused() -> None:
            _write(campaign, 11, 300)
            act.note(campaign, GM_SEAT, "x" * (MAX_TEXT + 1))  # refused, at entry 311

        with pytest.raises(CampaignError, match="characters"):
            _in_one_step(campaign, refused)
        assert _files(started) == before
        assert campaign.journal.last_id == 10
        assert dict(campaign.state) == state
        assert act.note(campaign, GM_SEAT, "after").id == 11
    with Campaign.open(started) as reopened:
        assert [e.text for e in reopened.journal.latest(2)] == ["Note 10", "after"]


def test_a_full_disk_at_the_second_chunk_changes_no_byte(
    started: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _files(started)
    aside = atomic._write_aside
    written: list[Path] = []

    def full(path: Path, data: bytes, follow_links: bool) -> tuple[Path, Path]:
        if written:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        written.append(path)
        return aside(path, data, follow_links)

    monkeypatch.setattr(atomic, "_write_aside", full)
    with Campaign.open(started, clock=_clock) as campaign:
        with pytest.raises(CampaignError) as refused:
            _in_one_step(campaign, lambda: _write(campaign, 11, 300))
        monkeypatch.undo()
        assert str(refused.value).startswith(str(started / "journal" / chunk_name(2)))
        assert "No space left on device" in str(refused.value)
        assert "nothing was saved" in str(refused.value)
        assert _files(started) == before  # the first chunk, written aside, is gone too
        assert campaign.journal.last_id == 10
        assert act.note(campaign, GM_SEAT, "after").id == 11


def test_another_writer_waits_for_the_step_and_writes_after_it(started: Path) -> None:
    first = Campaign.open(started, clock=_clock)
    second = Campaign.open(started, clock=_clock)
    with first.work() as work, work.together():
        _write(first, 11, 300)
        with pytest.raises(CampaignLocked), second.work(wait=0.1):
            pass
        with Campaign.open(started, write=False) as reader:
            assert reader.journal.last_id == 10  # not on disk, so not said done
    assert act.note(second, GM_SEAT, "second").id == 311  # caught up first
    assert [e.text for e in first.sync().entries] == ["second"]
    first.close()
    second.close()


def test_a_chunk_written_meanwhile_by_a_writer_without_the_lock_is_kept(started: Path) -> None:
    # A writer that ignores the lock (an older meneur, a hand): its entry is kept and
    # the step, planned on the journal as it was, is refused whole.
    with Campaign.open(started, clock=_clock) as campaign:

        def meanwhile() -> None:
            _write(campaign, 11, 5)
            other = Journal(started)
            other.append(Entry(id=11, time=_clock(), kind="note", text="theirs"))

        with pytest.raises(CampaignError, match="another process"):
            _in_one_step(campaign, meanwhile)
        theirs = _files(started)
    assert _files(started) == theirs
    with Campaign.open(started, write=False) as reopened:
        assert [e.text for e in reopened.journal.latest(2)] == ["Note 10", "theirs"]


CRASH = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    from meneur.saves import atomic, chunk_files, chunks, journal
    from meneur.saves.campaign import Campaign
    renames, replace = [int(sys.argv[2])], os.replace

    def killed(source, target):
        if "journal" in str(target):
            if not renames[0]:
                os._exit(9)  # killed here: nothing runs after it, no cleaning
            renames[0] -= 1
        replace(source, target)

    atomic.os.replace = killed
    with Campaign.open(Path(sys.argv[1])) as campaign, campaign.work() as work:
        with work.together():
            for number in range(11, 611):
                if number % 7 == 0:
                    value = {"name": f"Horloge {number}", "value": number % 5}
                    act.set_value(campaign, GM_SEAT, ("trackers", f"t{number}"), value)
                else:
                    act.note(campaign, GM_SEAT, f"Note {number}")
    os._exit(0)
    """
)


@pytest.mark.parametrize(("renamed", "entries"), [(0, 10), (2, 500)])
def test_a_kill_between_two_chunks_leaves_whole_entries_that_check_accepts(
    started: Path, renamed: int, entries: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # Killed before the first rename: nothing of the step; after the second: its
    # entries to the end of that chunk, each whole, campaign.toml behind them.
    ended = subprocess.run(
        [sys.executable, "-c", CRASH, str(started), str(renamed)], check=False, timeout=120
    )
    assert ended.returncode == 9
    assert main(["check", str(started), "--verify-rolls"]) == 0, capsys.readouterr().err
    assert f" {entries} " in capsys.readouterr().out
    with Campaign.open(started) as campaign:  # rolled forward over the entries kept
        texts = [e.text for e in campaign.journal if e.kind == "note"]
        assert texts == [f"Note {n}" for n in range(1, entries + 1) if n % 7]
        trackers = campaign.state["trackers"]
        assert sorted(trackers) == sorted(f"t{n}" for n in range(7, entries + 1, 7))
        assert act.note(campaign, GM_SEAT, "after").id == entries + 1
    assert not list((started / "journal").glob(".*.tmp"))  # the killed writer's, removed
