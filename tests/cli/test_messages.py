"""Messages say what is wrong with what the user named: a value cut when long, the
target of a write (never its temporary file), the path a failed creation was making —
which it takes back, so that trying again works."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from meneur.cli.main import main
from tests.waiting import PATIENCE


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    return captured.err


@pytest.fixture
def camp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    directory = tmp_path / "camp"
    run(capsys, "new", str(directory), "--system", "resolution")
    run(capsys, "note", str(directory), "Une note.")
    return directory


def test_a_key_of_a_megabyte_is_cut_in_the_message(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = camp / "campaign.toml"
    key = "k" * 1_000_000
    state.write_text(state.read_text() + f"\n[{key}]\nx = 1\n")
    said = refused(capsys, "check", str(camp))
    assert said.startswith(f"meneur: error: {state}: {'k' * 120}… (999,880 more characters)")
    assert len(said) < 1000


def test_a_full_disk_while_creating_names_the_file_and_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    directory = tmp_path / "new"
    monkeypatch.setattr(os, "fsync", full)
    said = refused(capsys, "new", str(directory), "--system", "resolution")
    monkeypatch.undo()
    assert said == (
        f"meneur: error: {directory}/campaign.toml: could not be created (No space left on"
        " device)\n"
    )
    assert not directory.exists()  # nothing half-made blocks the next try
    run(capsys, "new", str(directory), "--system", "resolution")
    assert (directory / "campaign.toml").is_file()


def test_an_export_to_a_missing_folder_names_the_file_asked_for(
    camp: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "nowhere" / "export.md"
    said = refused(capsys, "export", str(camp), "-o", str(target))
    assert said == f"meneur: error: {target}: No such file or directory\n"


def test_an_export_to_a_full_disk_names_the_file_asked_for_and_leaves_nothing(
    camp: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    target = tmp_path / "export.md"
    monkeypatch.setattr(os, "fsync", full)
    said = refused(capsys, "export", str(camp), "-o", str(target))
    monkeypatch.undo()
    assert said == f"meneur: error: {target}: No space left on device\n"
    assert sorted(os.listdir(tmp_path)) == ["camp"]  # no temporary file left


SCRIPT = """
set -e
mount -t tmpfs -o size=96k tmpfs "$DISK"
python=$1
# Fill the disk: no room left for a campaign.
dd if=/dev/zero of="$DISK/filler" bs=1k status=none 2>/dev/null || true
set +e
"$python" -m meneur.cli.main new "$DISK/camp" --system resolution 2>"$OUT/new.err"
echo $? >"$OUT/new.status"
ls -A "$DISK" >"$OUT/after.ls"
rm "$DISK/filler"
"$python" -m meneur.cli.main new "$DISK/camp" --system resolution >"$OUT/retry.out" 2>&1
echo $? >"$OUT/retry.status"
"""


@pytest.mark.e2e
@pytest.mark.skipif(shutil.which("unshare") is None, reason="no unshare")
def test_a_real_full_disk_while_creating(tmp_path: Path) -> None:
    """On a real file system that fills up (a 96 KB tmpfs, mounted in a namespace of the
    test's own): the creation fails naming the file, leaves nothing, and works once
    there is room."""
    disk, out = tmp_path / "disk", tmp_path / "out"
    disk.mkdir()
    out.mkdir()
    probe = subprocess.run(
        ["unshare", "-rm", "sh", "-c", f"mount -t tmpfs -o size=8k tmpfs {disk}"],
        capture_output=True,
        timeout=PATIENCE,
        check=False,
    )
    if probe.returncode != 0:
        pytest.skip(f"no tmpfs in a user namespace here: {probe.stderr.decode().strip()}")
    subprocess.run(
        ["unshare", "-rm", "sh", "-c", SCRIPT, "sh", sys.executable],
        env={**os.environ, "DISK": str(disk), "OUT": str(out)},
        timeout=PATIENCE,
        check=True,
    )
    assert (out / "new.status").read_text().strip() == "2"
    said = (out / "new.err").read_text()
    assert said.startswith(f"meneur: error: {disk}/camp")
    assert "No space left on device" in said
    assert said.count("\n") == 1
    assert (out / "after.ls").read_text().split() == ["filler"]  # nothing of the campaign
    assert (out / "retry.status").read_text().strip() == "0", (out / "retry.out").read_text()
