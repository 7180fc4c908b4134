"""A long Lonelog log is written in durable steps (:func:`meneur.play.lonelog_import.
campaign_steps`): the same campaign as writing each entry on its own, and a disk that
fails at a step leaves the steps before it, whole, which ``meneur check`` accepts."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from meneur.cli.main import main
from meneur.play import lonelog_import
from meneur.saves import journal
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError

LOG = (Path(__file__).parent / "lonelog_corpus" / "campaign.md").read_text(encoding="utf-8")


def _entries(directory: Path) -> list[tuple[Any, ...]]:
    """The entries of the campaign at ``directory``, ids and times aside (and the dice's
    keys, drawn anew for each campaign: what the changes change, not to what)."""
    with Campaign.open(directory, write=False) as campaign:
        return [
            (e.kind, e.text, e.roll, e.written, e.visibility, [c.path for c in e.changes])
            for e in campaign.journal
        ]


@contextmanager
def _one_by_one(campaign: Campaign) -> Iterator[Callable[[], None]]:
    """The import as it was: under the lock, each entry its own durable write."""
    with campaign.work():
        yield lambda: None


def _import(directory: Path) -> None:
    lonelog_import.import_lonelog(LOG, directory, system=None, name="Log", lang="en")


def test_a_log_written_in_steps_is_the_campaign_written_entry_by_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patched:
        patched.setattr(lonelog_import, "campaign_steps", _one_by_one)
        _import(tmp_path / "one")
    written: list[int] = []
    many = journal.atomic_write_many

    def counted(files: list[tuple[Path, bytes]]) -> None:
        written.append(len(files))
        many(files)

    monkeypatch.setattr(journal, "atomic_write_many", counted)
    monkeypatch.setattr(lonelog_import, "STEP", 5)
    _import(tmp_path / "steps")
    expected = _entries(tmp_path / "one")
    assert _entries(tmp_path / "steps") == expected
    assert len(written) >= len(expected) // 10  # in steps of five or so entries, not one
    assert main(["check", str(tmp_path / "steps"), "--verify-rolls"]) == 0


def test_a_disk_that_fails_at_the_third_step_keeps_the_two_before_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _import(tmp_path / "whole")
    many, steps = journal.atomic_write_many, []

    def failing(files: list[tuple[Path, bytes]]) -> None:
        steps.append(len(files))
        if len(steps) == 3:
            raise OSError(errno.EIO, "Input/output error", str(files[0][0]))
        many(files)

    monkeypatch.setattr(journal, "atomic_write_many", failing)
    monkeypatch.setattr(lonelog_import, "STEP", 5)
    with pytest.raises(CampaignError) as stopped:
        _import(tmp_path / "c")
    monkeypatch.undo()
    assert main(["check", str(tmp_path / "c"), "--verify-rolls"]) == 0, capsys.readouterr().err
    kept, whole = _entries(tmp_path / "c"), _entries(tmp_path / "whole")
    assert 10 <= len(kept) < 20  # two steps of at least five entries each
    assert kept == whole[: len(kept)]
    said = f"could not be written (Input/output error); the log's first {len(kept)} entries"
    assert said in str(stopped.value)
    # What the command line says, in the reader's language, on one line.
    log = tmp_path / "log.md"
    log.write_text(LOG, encoding="utf-8")
    monkeypatch.setattr(journal, "atomic_write_many", failing)
    steps.clear()
    monkeypatch.setattr(lonelog_import, "STEP", 5)
    assert main(["import", "lonelog", str(log), str(tmp_path / "fr"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert f"les {len(kept)} premières entrées du journal ont été enregistrées" in err
