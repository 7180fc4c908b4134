"""A campaign folder is untrusted input: one that links out of itself, holds a FIFO, a
socket or a device where a file belongs, is refused by every command with one message
naming the file; no command hangs on it, and no byte changes, inside the folder or out.

The static cases (odd keys, impossible dice, entries named that do not exist) are in the
corpus of ``broken/``; these need the file system itself (links, FIFOs, sockets), so each
is built here, in the test's own folder.
"""

from __future__ import annotations

import os
import pty
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from meneur.content.strings import strings
from meneur.play.reading import read_entry
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError
from tests.waiting import PATIENCE


def make_base(root: Path) -> Path:
    """A campaign with a note and a seeded roll (two entries, a backup, a lock file)."""
    directory = root / "camp"
    for argv in (
        ["new", str(directory), "--system", "resolution", "--name", "Base"],
        ["note", str(directory), "Une note."],
        ["roll", "dice", "2d6", "--campaign", str(directory), "--seed", "3"],
    ):
        run(argv, check=True)
    return directory


def run(argv: list[str], *, check: bool = False) -> subprocess.CompletedProcess[str]:
    """``meneur argv``, bounded: a command that hangs on a FIFO fails the test, it does not
    stall the suite. The app (no command) is given a terminal, as a player's shell does;
    what it draws there is not kept (``stdout`` is empty)."""
    if argv[0].startswith("-"):
        main, terminal = pty.openpty()
        try:
            found = subprocess.run(
                [sys.executable, "-m", "meneur.cli.main", *argv],
                stdin=terminal,
                stdout=terminal,
                stderr=subprocess.PIPE,
                text=True,
                timeout=PATIENCE,
                check=False,
            )
        finally:
            os.close(terminal)
            os.close(main)
        return subprocess.CompletedProcess(found.args, found.returncode, "", found.stderr)
    result = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", *argv],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    if check:
        assert result.returncode == 0, (argv, result.stderr)
    return result


def state_of(root: Path) -> dict[str, tuple[str, bytes | str]]:
    """Every path under ``root`` with what it is: a file's bytes, a link's target, the
    kind of anything else (a FIFO is never opened)."""
    found: dict[str, tuple[str, bytes | str]] = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        name = str(path.relative_to(root))
        if stat.S_ISLNK(info.st_mode):
            found[name] = ("link", os.readlink(path))
        elif stat.S_ISREG(info.st_mode):
            found[name] = ("file", path.read_bytes())
        else:
            found[name] = ("other", stat.filemode(info.st_mode))
    return found


def fifo(path: Path) -> None:
    path.unlink(missing_ok=True)
    os.mkfifo(path)


def bound_socket(path: Path) -> socket.socket:
    """A listening Unix socket at ``path`` (made in a short folder, then renamed: a socket's
    path is limited to ~100 bytes, which a test's folder may exceed)."""
    path.unlink(missing_ok=True)
    short = Path(tempfile.mkdtemp(prefix="s", dir="/tmp"))
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(short / "s"))
    server.listen(1)
    os.rename(short / "s", path)
    short.rmdir()
    return server


def link(path: Path, target: Path | str) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
    path.symlink_to(target)


def lock_to_outside(camp: Path, outside: Path) -> str:
    (outside / "victim.txt").write_text("do not overwrite\n")
    link(camp / ".lock", outside / "victim.txt")
    return ".lock: is a symbolic link"


def lock_is_a_fifo(camp: Path, outside: Path) -> str:
    fifo(camp / ".lock")
    return ".lock: is a FIFO, not a regular file"


def state_to_outside(camp: Path, outside: Path) -> str:
    shutil.copy(camp / "campaign.toml", outside / "campaign.toml")
    link(camp / "campaign.toml", outside / "campaign.toml")
    return "campaign.toml: is a symbolic link"


def state_to_dev_zero(camp: Path, outside: Path) -> str:
    link(camp / "campaign.toml", "/dev/zero")
    return "campaign.toml: is a symbolic link"


def state_is_a_fifo(camp: Path, outside: Path) -> str:
    fifo(camp / "campaign.toml")
    return "campaign.toml: is a FIFO, not a regular file"


def journal_to_outside(camp: Path, outside: Path) -> str:
    shutil.copytree(camp / "journal", outside / "journal")
    link(camp / "journal", outside / "journal")
    return "journal: is a symbolic link"


def chunk_to_outside(camp: Path, outside: Path) -> str:
    shutil.copy(camp / "journal" / "000001.toml", outside / "000001.toml")
    link(camp / "journal" / "000001.toml", outside / "000001.toml")
    return "journal/000001.toml: is a symbolic link"


def chunk_is_a_fifo(camp: Path, outside: Path) -> str:
    fifo(camp / "journal" / "000001.toml")
    return "journal/000001.toml: is a FIFO, not a regular file"


def table_file_is_a_fifo(camp: Path, outside: Path) -> str:
    fifo(camp / "table.toml")
    return "table.toml: is a FIFO, not a regular file"


def table_file_to_outside(camp: Path, outside: Path) -> str:
    (outside / "table.toml").write_text("")
    link(camp / "table.toml", outside / "table.toml")
    return "table.toml: is a symbolic link"


CASES: dict[str, Callable[[Path, Path], str]] = {
    case.__name__: case
    for case in (
        lock_to_outside,
        lock_is_a_fifo,
        state_to_outside,
        state_to_dev_zero,
        state_is_a_fifo,
        journal_to_outside,
        chunk_to_outside,
        chunk_is_a_fifo,
        table_file_is_a_fifo,
        table_file_to_outside,
    )
}

COMMANDS = {
    "check": ["check", "{camp}"],
    "journal": ["journal", "{camp}"],
    "export": ["export", "{camp}", "-o", "{out}"],
    "note": ["note", "{camp}", "une autre note"],
    "roll": ["roll", "dice", "1d6", "--campaign", "{camp}", "--seed", "1"],
    "undo": ["undo", "{camp}"],
    "thread": ["thread", "{camp}", "add", "Le vol"],
    "app": ["--campaign", "{camp}"],
}


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_base(tmp_path_factory.mktemp("hostile"))


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_folder_is_refused_naming_the_file_and_nothing_changes(
    case: str, command: str, pristine: Path, tmp_path: Path
) -> None:
    camp, outside = tmp_path / "camp", tmp_path / "outside"
    shutil.copytree(pristine, camp)
    outside.mkdir()
    expected = CASES[case](camp, outside)
    before = state_of(tmp_path)
    argv = [word.format(camp=camp, out=tmp_path / "export.md") for word in COMMANDS[command]]
    result = run(argv)
    assert result.returncode == 2, result.stdout
    assert result.stdout == ""
    assert result.stderr.startswith(f"meneur: error: {camp}/{expected}")
    assert len(result.stderr.splitlines()) == 1
    assert state_of(tmp_path) == before


@pytest.mark.parametrize("write", [True, False], ids=["writer", "reader"])
@pytest.mark.parametrize("name", ["campaign.toml", "journal/000001.toml", "table.toml", ".lock"])
def test_a_socket_is_called_a_socket(
    name: str, write: bool, pristine: Path, tmp_path: Path
) -> None:
    camp = tmp_path / "camp"
    shutil.copytree(pristine, camp)
    server = bound_socket(camp / name)
    try:
        before = state_of(tmp_path)
        with pytest.raises(CampaignError) as caught:
            Campaign.open(camp, write=write)
        assert str(caught.value).startswith(f"{camp / name}: is a socket, not a regular file")
        assert state_of(tmp_path) == before
    finally:
        server.close()


def test_backups_linked_out_of_the_folder_are_not_written_through(
    pristine: Path, tmp_path: Path
) -> None:
    """A campaign whose ``backups`` folder links elsewhere still works (backups are a
    convenience), but no backup is written through the link."""
    camp, outside = tmp_path / "camp", tmp_path / "outside"
    shutil.copytree(pristine, camp)
    outside.mkdir()
    (outside / "campaign.000003.toml").write_text("mine\n")
    link(camp / "backups", outside)
    before = state_of(outside)
    assert run(["note", str(camp), "une autre note"]).returncode == 0
    assert run(["thread", str(camp), "add", "Le vol"]).returncode == 0
    assert state_of(outside) == before
    assert os.readlink(camp / "backups") == str(outside)


def test_an_edit_kept_for_a_roll_is_refused_by_check_and_never_shown(
    pristine: Path, tmp_path: Path
) -> None:
    """Only a note is rewritten or struck: an edit of entry 2 (a roll) written by hand is
    named by ``meneur check`` and does not change what the journal shows."""
    camp = tmp_path / "camp"
    shutil.copytree(pristine, camp)
    text = (camp / "campaign.toml").read_text()
    text = text.replace("[note_edits]\n", '[note_edits]\n2 = "Un jet réécrit"\n')
    text = text.replace("[struck]\n", "[struck]\n2 = true\n")
    (camp / "campaign.toml").write_text(text)
    result = run(["check", str(camp)])
    assert result.returncode == 2
    assert result.stderr == (
        f"meneur: error: {camp}/campaign.toml: note_edits.2: entry 2, of kind roll:"
        " only a note is rewritten or struck\n"
    )
    shown = run(["journal", str(camp), "--json"])
    assert shown.returncode == 0, shown.stderr
    assert "réécrit" not in shown.stdout
    assert '"struck": true' not in shown.stdout
    with Campaign.open(camp, write=False) as campaign:
        roll = campaign.journal.entry(2)
        assert campaign.note_text(roll) == roll.text  # its own words, not the edit
        assert read_entry(roll, campaign, strings("fr").t).text == "Jet de dés\u00a0: 2d6"
        assert not campaign.is_struck(roll)
