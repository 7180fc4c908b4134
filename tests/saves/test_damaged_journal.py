"""What the stress test of the save layer found: damage that ``check`` let through, or that
only ``check`` refused while other commands went on and wrote. Every command now refuses
what ``check`` refuses, with the same one line and exit status 2, and changes no byte."""

from __future__ import annotations

import os
import re
import shutil
import stat
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import roll_to_data
from meneur.saves.journal import (
    CHECKED_FILE,
    CHUNK_SIZE,
    MAX_TEXT,
    Entry,
    chunk_header,
    chunk_name,
    entry_block,
)

START = datetime(2026, 1, 1, 20, 0, tzinfo=timezone(timedelta(hours=1)))
ENTRIES = CHUNK_SIZE + 10


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def build(directory: Path, count: int = ENTRIES) -> Path:
    """A campaign of ``count`` entries, rolls and notes in turn, over two chunks; its
    campaign.toml caught up as meneur keeps it."""
    Campaign.create(directory, system="resolution", name="Vranberg").close()
    blocks: list[str] = []
    for ident in range(1, count + 1):
        time = START + timedelta(minutes=ident)
        if ident % 2:
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), ident)
            entry = Entry(ident, time, "roll", f"Escalader {ident}", roll=roll_to_data(record))
        else:
            entry = Entry(ident, time, "note", f"Note {ident}")
        blocks.append(entry_block(entry))
        if ident % CHUNK_SIZE == 0 or ident == count:
            number = (ident - 1) // CHUNK_SIZE + 1
            text = chunk_header(number) + "\n".join(blocks)
            (directory / "journal" / chunk_name(number)).write_text(text, encoding="utf-8")
            blocks = []
    Campaign.open(directory).close()
    return directory


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("pristine") / "camp")


def files_of(directory: Path) -> dict[str, object]:
    """Every name under ``directory`` with its bytes (or what kind of special file it is)."""
    found: dict[str, object] = {}
    for root, dirs, files in os.walk(directory):
        for name in dirs + files:
            path = Path(root) / name
            mode = os.lstat(path).st_mode
            key = str(path.relative_to(directory))
            if stat.S_ISLNK(mode):
                found[key] = ("link", os.readlink(path))
            elif stat.S_ISREG(mode):
                found[key] = path.read_bytes()
            else:
                found[key] = stat.S_IFMT(mode)
    return found


def first_chunk(directory: Path) -> Path:
    return directory / "journal" / chunk_name(1)


def emptied(directory: Path) -> None:
    first_chunk(directory).write_text("")


def truncated(directory: Path) -> None:
    path = first_chunk(directory)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def last_entry_cut_at_a_line(directory: Path) -> None:
    """Cut the chunk's last entry after a whole line: still TOML, still ids in order."""
    path = first_chunk(directory)
    text = path.read_text()
    path.write_text(text[: text.rindex("[[entry]]")])


def journal_is_a_file(directory: Path) -> None:
    shutil.rmtree(directory / "journal")
    (directory / "journal").write_text("not a journal")


def symlink_loop(directory: Path) -> None:
    path = first_chunk(directory)
    path.unlink()
    path.symlink_to(path.name)


def directory_as_chunk(directory: Path) -> None:
    path = first_chunk(directory)
    path.unlink()
    path.mkdir()


def fifo_as_chunk(directory: Path) -> None:
    path = first_chunk(directory)
    path.unlink()
    os.mkfifo(path)


def _replace(path: Path, pattern: str, new: str) -> None:
    text = path.read_text()
    changed = re.sub(pattern, new, text, count=1, flags=re.M)
    assert changed != text
    path.write_text(changed)


def superscript_version(directory: Path) -> None:
    _replace(directory / "campaign.toml", r"^schema_version = \d+", 'schema_version = "²"')


def undo_names_a_missing_entry(directory: Path) -> None:
    _replace(directory / "campaign.toml", r"^undo = \[[^\]]*\]", "undo = [99999]")


def undo_names_entry_zero(directory: Path) -> None:
    _replace(directory / "campaign.toml", r"^undo = \[[^\]]*\]", "undo = [0, -3]")


def dice_as_text(directory: Path) -> None:
    _replace(directory / "journal" / chunk_name(2), r"^dice = \[", 'dice = "2, 5"\nold = [')


def face_as_text(directory: Path) -> None:
    _replace(directory / "journal" / chunk_name(2), r"face = \d+", 'face = "deux"')


def nested_deep(directory: Path) -> None:
    with (directory / "campaign.toml").open("a") as stream:
        stream.write("\n[lists]\nx = " + "[" * 5000 + "]" * 5000 + "\n")


def journal_emptied(directory: Path) -> None:
    for path in (directory / "journal").iterdir():
        path.unlink()


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "emptied first chunk": (emptied, "000001.toml: holds 0 entries"),
    "truncated first chunk": (truncated, "000001.toml: invalid TOML"),
    "first chunk cut after a whole line": (last_entry_cut_at_a_line, "000001.toml: holds 249"),
    "journal/ replaced by a file": (journal_is_a_file, "journal: is not a directory"),
    "journal/ emptied": (journal_emptied, "journal_applied: says"),
    "symlink loop": (symlink_loop, "000001.toml: is a symbolic link (meneur reads and writes"),
    "a directory as a chunk": (directory_as_chunk, "000001.toml: is a directory, not a regular"),
    "a FIFO as a chunk": (fifo_as_chunk, "000001.toml: is a FIFO, not a regular file"),
    "superscript digit": (superscript_version, "schema_version: expected a whole number"),
    "undo names entry 99999": (undo_names_a_missing_entry, "history.undo[0]: names entry 99999"),
    "undo names entry 0": (undo_names_entry_zero, "history.undo[0]: expected a journal entry"),
    "dice as text": (dice_as_text, "000002.toml: entry 251.roll.dice: expected a list of dice"),
    "a face as text": (face_as_text, "000002.toml: entry 251.roll.dice[0].face: expected"),
    "5000 nested arrays": (nested_deep, "campaign.toml: invalid TOML"),
}

COMMANDS = [
    ["check", "{dir}"],
    ["check", "{dir}", "--verify-rolls"],
    ["journal", "{dir}", "--last", "1"],
    ["journal", "{dir}", "--json"],
    ["export", "{dir}"],
    ["export", "{dir}", "-o", "{out}"],  # read as it is written: nothing of it is left
    ["note", "{dir}", "la nuit tombe"],
    ["roll", "resolution", "--score", "3", "--campaign", "{dir}", "--seed", "4"],
    ["undo", "{dir}"],
    ["set", "{dir}", "trackers.peur", "{{ value = 2 }}"],
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_every_command_refuses_what_check_refuses_and_changes_nothing(
    damage: str, pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "camp"
    shutil.copytree(pristine, directory, symlinks=True)
    harm, expected = DAMAGE[damage]
    harm(directory)
    before = files_of(directory)
    messages = []
    for command in COMMANDS:
        argv = [word.format(dir=directory, out=tmp_path / "out.md") for word in command]
        assert main(argv) == 2, argv
        captured = capsys.readouterr()
        assert captured.out == "", argv
        assert len(captured.err.splitlines()) == 1, (argv, captured.err)
        assert expected in captured.err, (argv, captured.err)
        messages.append(captured.err)
        assert files_of(directory) == before, argv
    assert len(set(messages)) == 1  # the same message, whatever the command
    assert not (tmp_path / "out.md").exists()
    assert not list(tmp_path.glob(".*.tmp"))


def test_the_pristine_campaign_passes_every_command(
    pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The damage above is what is refused: the same campaign whole is not."""
    directory = tmp_path / "camp"
    shutil.copytree(pristine, directory)
    for command in COMMANDS:
        argv = [word.format(dir=directory, out=tmp_path / "out.md") for word in command]
        assert main(argv) == 0, (argv, capsys.readouterr().err)
    capsys.readouterr()
    assert (tmp_path / "out.md").read_text().startswith("# Vranberg")


def test_a_chunk_damaged_after_it_was_checked_is_still_caught(
    pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A writer remembers which chunks it read whole (by size, times, inode): a chunk changed
    since is read again, so the cache never hides damage."""
    directory = tmp_path / "camp"
    shutil.copytree(pristine, directory)
    assert main(["note", str(directory), "la nuit tombe"]) == 0  # a writer remembers
    assert "[1, " in (directory / "journal" / CHECKED_FILE).read_text()
    last_entry_cut_at_a_line(directory)
    assert main(["journal", str(directory), "--last", "1"]) == 2
    assert "000001.toml: holds 249" in capsys.readouterr().err


def test_a_chunk_edited_to_keep_its_size_and_time_is_still_caught(
    pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The cache's mark holds the change time, which no program sets back: an edit that
    keeps the chunk's size and restores its modification time (``touch -d``, ``rsync
    -t``) is read again, not trusted."""
    directory = tmp_path / "camp"
    shutil.copytree(pristine, directory)
    assert main(["journal", str(directory), "--last", "1"]) == 0
    chunk = directory / "journal" / "000001.toml"
    before = chunk.stat()
    data = chunk.read_bytes()
    assert b"\nid = 5\n" in data
    chunk.write_bytes(data.replace(b"\nid = 5\n", b"\nid = 7\n", 1))
    os.utime(chunk, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = chunk.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert main(["journal", str(directory), "--last", "1"]) == 2
    assert "000001.toml: entry[4].id: expected entry 5 here, found entry 7" in (
        capsys.readouterr().err
    )


def test_check_reads_every_chunk_whatever_the_cache_says(
    pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """checked.toml only spares opening a parse; ``meneur check`` reads every byte. A
    cache forged to match a damaged chunk does not get it past the check."""
    directory = tmp_path / "camp"
    shutil.copytree(pristine, directory)
    chunk = directory / "journal" / "000001.toml"
    chunk.write_bytes(chunk.read_bytes().replace(b"\nid = 5\n", b"\nid = 7\n", 1))
    info = chunk.stat()
    forged = (
        f"chunks = [[1, {info.st_size}, {info.st_mtime_ns}, {info.st_ctime_ns}, {info.st_ino}]]\n"
    )
    (directory / "journal" / CHECKED_FILE).write_text(forged)
    assert main(["check", str(directory)]) == 2
    assert "000001.toml: entry[4].id: expected entry 5 here, found entry 7" in (
        capsys.readouterr().err
    )


def test_a_note_above_the_bound_is_refused_and_nothing_written(
    pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = tmp_path / "camp"
    shutil.copytree(pristine, directory)
    before = files_of(directory)
    assert main(["note", str(directory), "x" * (MAX_TEXT + 1)]) == 2
    assert f"at most {MAX_TEXT:,} characters" in capsys.readouterr().err
    assert files_of(directory) == before
    with Campaign.open(directory) as campaign:
        note = next(e for e in campaign.latest(5) if e.kind == "note")
        with pytest.raises(Exception, match="at most"):
            act.edit_note(campaign, GM_SEAT, note.id, "y" * (MAX_TEXT + 1))
        assert act.note(campaign, GM_SEAT, "x" * MAX_TEXT).id == ENTRIES + 1


def test_verify_rolls_names_the_chunk_and_the_entry_in_parallel_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A journal long enough to be checked by worker processes reports the first
    problem in the journal's order, naming its chunk file and entry."""
    directory = build(tmp_path / "long", 12 * CHUNK_SIZE)
    assert main(["check", str(directory), "--verify-rolls", "--lang", "fr"]) == 0
    assert f"{12 * CHUNK_SIZE} entrées" in capsys.readouterr().out
    for number in (9, 4):  # two tampered rolls: the earlier one is named
        path = directory / "journal" / chunk_name(number)
        _replace(path, r"^seed = (\d+)", "seed = 1\\1")
    assert main(["check", str(directory), "--verify-rolls"]) == 2
    err = capsys.readouterr().err
    assert f"{chunk_name(4)}: entry {3 * CHUNK_SIZE + 1}.roll: does not replay" in err


def test_json_journal_streams_the_same_document(
    pristine: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    assert main(["journal", str(pristine), "--json", "--last", "100000", "--role", "gm"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in data["entries"]] == list(range(1, ENTRIES + 1))
    assert data["campaign"] == "Vranberg"
    assert main(["journal", str(pristine), "--json", "--last", "3", "--role", "gm"]) == 0
    assert [e["id"] for e in json.loads(capsys.readouterr().out)["entries"]] == [
        ENTRIES - 2,
        ENTRIES - 1,
        ENTRIES,
    ]


def test_a_chunk_sealed_by_meneur_is_never_read_whole_again(tmp_path: Path) -> None:
    """The append that starts a chunk remembers the one it sealed, so a campaign meneur
    wrote opens without reading its old chunks; what was not remembered is read once."""
    from meneur.saves import journal as journal_module

    directory = tmp_path / "camp"
    with Campaign.create(directory, system="resolution") as campaign:
        for number in range(CHUNK_SIZE + 1):
            act.note(campaign, GM_SEAT, f"note {number}")
    checked = (directory / "journal" / CHECKED_FILE).read_text()
    assert "[1, " in checked
    reads: list[int] = []
    original = journal_module.read_chunk

    def counted(path: Path, number: int, **options: bool) -> object:
        reads.append(number)
        return original(path, number, **options)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(journal_module, "read_chunk", counted)
        Campaign.open(directory, write=False)
        assert reads == [2]  # the last chunk only
        (directory / "journal" / CHECKED_FILE).unlink()
        reads.clear()
        Campaign.open(directory, write=False)
        assert sorted(reads) == [1, 2]  # read whole; a reader writes nothing down
        assert not (directory / "journal" / CHECKED_FILE).exists()
        reads.clear()
        Campaign.open(directory).close()
        assert sorted(reads) == [1, 2]  # a writer that writes nothing writes nothing down
        assert not (directory / "journal" / CHECKED_FILE).exists()
        reads.clear()
        with Campaign.open(directory) as campaign:
            act.note(campaign, GM_SEAT, "la nuit tombe")
        assert sorted(reads) == [1, 2]  # read whole once, and remembered with the note
        reads.clear()
        Campaign.open(directory, write=False)
        assert reads == [2]
