"""Files meneur writes: through special files for an export, never replacing them;
permissions from the umask; the data directory's leftovers cleared, and a data directory
that cannot be written never stopping a campaign elsewhere."""

from __future__ import annotations

import os
import stat
import threading
import time
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.saves.atomic import LEFTOVER_AGE, atomic_write
from tests.waiting import PATIENCE, until


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def camp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    directory = tmp_path / "camp"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["note", str(directory), "La nuit tombe sur Vranberg."]) == 0
    capsys.readouterr()
    return directory


def test_export_through_a_symlink_replaces_what_it_points_to(camp: Path, tmp_path: Path) -> None:
    target = tmp_path / "real.md"
    target.write_text("old")
    link = tmp_path / "link.md"
    link.symlink_to(target)
    assert main(["export", str(camp), "-o", str(link)]) == 0
    assert link.is_symlink()
    assert "La nuit tombe" in target.read_text()


def test_export_to_a_device_writes_through_it(camp: Path) -> None:
    assert main(["export", str(camp), "-o", os.devnull]) == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_export_to_a_fifo_writes_through_it(camp: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_bytes()))
    reader.start()
    status = [2]

    def exported() -> bool:  # once the reader has opened its end
        status[0] = main(["export", str(camp), "-o", str(fifo)])
        return status[0] == 0

    until(exported)
    reader.join(PATIENCE)
    assert status == [0]
    assert b"La nuit tombe" in read[0]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_fifo_nobody_reads_and_a_directory_are_refused(
    camp: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["export", str(camp), "-o", str(fifo)]) == 2
    assert "FIFO nobody is reading" in capsys.readouterr().err
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert main(["export", str(camp), "-o", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err


def test_campaign_files_are_never_replaced_by_a_regular_file_over_a_special_one(
    tmp_path: Path,
) -> None:
    fifo = tmp_path / "state"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="a FIFO"):
        atomic_write(fifo, b"x")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("mask", [0o022, 0o077, 0o002])
def test_created_files_honour_the_umask(mask: int, tmp_path: Path, capsys) -> None:
    old = os.umask(mask)
    try:
        directory = tmp_path / "camp"
        assert main(["new", str(directory), "--system", "resolution"]) == 0
        assert main(["note", str(directory), "x"]) == 0
        assert main(["export", str(directory), "-o", str(tmp_path / "out.md")]) == 0
    finally:
        os.umask(old)
    for path in (
        directory / "campaign.toml",
        directory / "journal" / "000001.toml",
        tmp_path / "out.md",
    ):
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask, path


def test_a_replaced_file_keeps_its_permissions(camp: Path) -> None:
    state = camp / "campaign.toml"
    state.chmod(0o640)
    assert main(["note", str(camp), "encore"]) == 0
    assert stat.S_IMODE(state.stat().st_mode) == 0o640


def test_leftovers_in_the_data_directory_are_cleared(
    camp: Path, data_dir: Path, tmp_path: Path
) -> None:
    old = data_dir / ".current-campaign.abc.tmp"
    fresh = data_dir / ".current-campaign.def.tmp"
    for path in (old, fresh):
        path.write_text("half")
    past = time.time() - LEFTOVER_AGE - 5
    os.utime(old, (past, past))
    other = tmp_path / "other"
    assert main(["new", str(other), "--system", "resolution"]) == 0  # remembers it
    assert not old.exists()
    assert fresh.exists()  # perhaps another process's, still being written


def test_a_data_directory_that_cannot_be_written_does_not_stop_a_campaign(
    camp: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data directory should be")
    monkeypatch.setenv("MENEUR_DATA_DIR", str(blocked / "data"))
    assert main(["note", str(camp), "écrite quand même"]) == 0
    assert main(["journal", str(camp)]) == 0
    assert "écrite quand même" in capsys.readouterr().out
