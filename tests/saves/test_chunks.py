"""A whole journal worked on chunk by chunk: worker processes give what the calling
process alone gives, in the journal's order, and the first problem in that order."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.visibility import AUDIENCE, GM, Viewer
from meneur.play.export import markdown_pieces, toml_pieces
from meneur.saves.campaign import Campaign
from meneur.saves.chunks import PARALLEL_FROM, each_chunk
from meneur.saves.entry_parts import roll_to_data
from meneur.saves.journal import (
    CHUNK_SIZE,
    Entry,
    chunk_header,
    chunk_name,
    chunk_number,
    entry_block,
)
from meneur.saves.verify import check_journal
from tests.seated import seat
from tests.waiting import PATIENCE

START = datetime(2026, 3, 1, 20, 0, tzinfo=timezone(timedelta(hours=1)))
CHUNKS = PARALLEL_FROM + 3
"""Enough chunks for worker processes to be used."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path / "data"))


def varied(directory: Path, count: int = CHUNKS * CHUNK_SIZE - 17) -> Path:
    """A campaign whose journal holds every kind of entry a story has (sessions, scenes,
    notes, rolls, in-game times, days changing, the GM's secrets announced or not)."""
    Campaign.create(directory, system="resolution", name="Vranberg").close()
    pick = random.Random(25)
    blocks: list[str] = []
    for ident in range(1, count + 1):
        time = START + timedelta(hours=ident // 40, minutes=ident % 40)
        kind = pick.choice(["roll", "roll", "note", "session", "scene"])
        secret = pick.random() < 0.15
        options: dict[str, object] = {
            "game_time": pick.choice([None, f"Jour {ident // 300 + 1}"]),
            "visibility": "gm" if secret else "public",
            "announced": secret and pick.random() < 0.5,
        }
        if kind == "roll":
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), ident)
            entry = Entry(
                ident, time, kind, f"Escalader {ident}", roll=roll_to_data(record), **options
            )  # type: ignore[arg-type]
        else:
            entry = Entry(ident, time, kind, f"{kind} {ident}", **options)  # type: ignore[arg-type]
        blocks.append(entry_block(entry))
        if ident % CHUNK_SIZE == 0 or ident == count:
            number = (ident - 1) // CHUNK_SIZE + 1
            text = chunk_header(number) + "\n".join(blocks)
            (directory / "journal" / chunk_name(number)).write_text(text, encoding="utf-8")
            blocks = []
    Campaign.open(directory).close()
    return directory


@pytest.fixture(scope="module")
def campaign_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return varied(tmp_path_factory.mktemp("varied") / "camp")


CLI = [sys.executable, "-m", "meneur.cli.main"]
WORKERS = """
import os, sys
from pathlib import Path
from meneur.saves.campaign import Campaign
from meneur.saves.chunks import each_chunk
from tests.seated import seat
journal = Campaign.open(Path(sys.argv[1]), write=False).journal
for pid, first, last in each_chunk(
    journal, lambda e: (os.getpid(), e[0].id, e[-1].id), first=int(sys.argv[2]), parallel=True
):
    print(pid == os.getpid(), first, last)
"""


def cli(*words: str) -> subprocess.CompletedProcess[str]:
    """A command in a process of its own, as a player runs it (no threads: the journal
    is worked on by forked workers there)."""
    return subprocess.run(
        [*CLI, *words], capture_output=True, text=True, timeout=PATIENCE, check=False
    )


@pytest.mark.parametrize(
    ("viewer", "role"),
    [(GM, ["--role", "gm"]), (AUDIENCE, []), (Viewer("player", "alice"), ["--as", "alice"])],
    ids=["gm", "audience", "player"],
)
def test_what_workers_make_is_what_one_process_makes(
    campaign_dir: Path, tmp_path: Path, viewer: Viewer, role: list[str]
) -> None:
    seat(campaign_dir, "alice")
    campaign = Campaign.open(campaign_dir, write=False)
    assert len(campaign.journal.chunk_numbers()) >= PARALLEL_FROM
    for name, pieces in (("markdown", markdown_pieces), ("toml", toml_pieces)):
        out = tmp_path / f"out.{name}"
        done = cli(
            "export", str(campaign_dir), "--format", name, "--lang", "fr", "-o", str(out), *role
        )
        assert done.returncode == 0, done.stderr
        alone = "".join(pieces(campaign, viewer=viewer))  # type: ignore[operator]
        assert out.read_text(encoding="utf-8") == alone
    counted = cli("check", str(campaign_dir), "--verify-rolls", "--lang", "fr")
    rolls = check_journal(campaign.journal, replay=True)
    assert f"{rolls[0]} entrées, " in counted.stdout
    assert f"{rolls[1]} jets rejoués" in counted.stdout


def test_worker_processes_work_each_chunk_once_in_order(campaign_dir: Path) -> None:
    journal = Campaign.open(campaign_dir, write=False).journal
    for first in (1, 3 * CHUNK_SIZE + 7):  # from the start, and from within a chunk
        done = subprocess.run(
            [sys.executable, "-c", WORKERS, str(campaign_dir), str(first)],
            capture_output=True,
            text=True,
            timeout=PATIENCE,
            check=True,
        )
        rows = [line.split() for line in done.stdout.splitlines()]
        assert {here for here, _, _ in rows} == {"False"}  # all in worker processes
        chunks = range(chunk_number(first), chunk_number(journal.last_id) + 1)
        assert [(int(a), int(b)) for _, a, b in rows] == [
            (max(first, (n - 1) * CHUNK_SIZE + 1), min(n * CHUNK_SIZE, journal.last_id))
            for n in chunks
        ]


def test_a_process_with_threads_works_alone(campaign_dir: Path) -> None:
    """Never forked while other threads run (a test runner, the app): the same results
    from this process."""
    import threading

    journal = Campaign.open(campaign_dir, write=False).journal
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        pids = set(each_chunk(journal, lambda e: os.getpid(), parallel=True))
    finally:
        stop.set()
        other.join()
    assert pids == {os.getpid()}


def test_the_first_problem_in_the_journals_order_is_the_one_said(
    campaign_dir: Path, tmp_path: Path
) -> None:
    import shutil

    directory = tmp_path / "camp"
    shutil.copytree(campaign_dir, directory)
    for number in (CHUNKS - 1, 3):  # two damaged chunks: the earlier one is named
        path = directory / "journal" / chunk_name(number)
        path.write_text(path.read_text().replace('kind = "note"', 'kind = "nothing"', 1))
    for words in (
        ["check", str(directory)],
        ["export", str(directory), "-o", str(tmp_path / "out.md")],
        ["journal", str(directory), "--last", "100000"],
    ):
        done = cli(*words)
        assert done.returncode == 2
        assert f"{chunk_name(3)}: entry" in done.stderr, (words, done.stderr)
        assert '"nothing"' in done.stderr
        assert len(done.stderr.splitlines()) == 1
        assert done.stdout == ""  # nothing of the journal is said before the refusal
    assert not (tmp_path / "out.md").exists()


def test_the_json_journal_from_workers_is_one_document_in_order(campaign_dir: Path) -> None:
    done = cli("journal", str(campaign_dir), "--json", "--last", "100000", "--role", "gm")
    entries = json.loads(done.stdout)["entries"]
    assert [e["id"] for e in entries] == list(range(1, len(entries) + 1))
    shown = json.loads(cli("journal", str(campaign_dir), "--json", "--last", "100000").stdout)
    assert "id" not in shown["entries"][0]  # the audience never sees entry numbers
    assert len(shown["entries"]) < len(entries)  # the GM's unannounced secrets are not there


def test_a_campaign_toml_behind_the_whole_journal_is_caught_up_a_chunk_at_a_time(
    tmp_path: Path,
) -> None:
    """An older meneur's campaign.toml, or one a writer that died left behind: a reader
    catches it up in memory holding a chunk at a time (its peak does not grow with the
    journal), writes nothing, and reaches the state the journal makes."""
    import shutil
    import tracemalloc

    peaks: dict[int, int] = {}
    for chunks in (3, 12):
        directory = varied(tmp_path / f"c{chunks}", chunks * CHUNK_SIZE)
        # campaign.toml as it was before any entry: an older meneur's that never caught up.
        fresh = tmp_path / f"fresh{chunks}"
        Campaign.create(fresh, system="resolution", name="Vranberg").close()
        shutil.copy2(fresh / "campaign.toml", directory / "campaign.toml")
        (directory / "journal" / "checked.toml").unlink(missing_ok=True)
        writer = tmp_path / f"writer{chunks}"
        shutil.copytree(directory, writer)
        with Campaign.open(writer) as caught_up_by_a_writer:  # catches up, and writes it
            expected = caught_up_by_a_writer.state
        before = {p: p.read_bytes() for p in directory.rglob("*") if p.is_file()}
        tracemalloc.start()
        try:
            with Campaign.open(directory, write=False) as lagging:
                caught_up = lagging.state
            peaks[chunks] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert expected["journal_applied"] > (chunks - 1) * CHUNK_SIZE  # caught up, far
        assert caught_up == expected
        assert {p: p.read_bytes() for p in directory.rglob("*") if p.is_file()} == before
    assert peaks[12] < 1.5 * peaks[3], peaks  # four times the journal, not four times the peak
