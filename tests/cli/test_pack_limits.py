"""What a pack may hold, from the command line: ``meneur unpack`` holds a member a block
at a time whatever its size (its memory stays small, measured in a process of its own),
refuses a bomb before a byte of it when the archive says its size, and ``meneur pack``
refuses a campaign a pack could not carry (so every pack meneur writes, it unpacks)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import tomli_w

from meneur.cli.main import main
from meneur.saves.pack_format import FORMAT, MANIFEST, VERSION
from tests.waiting import PATIENCE

MB = 1 << 20

CHILD = """
import sys
from meneur.saves import pack_format
if sys.argv[3] == "raised":  # a limit past the member: it streams whole
    pack_format.OWN_LIMIT = pack_format.Limit(256 * 1024 * 1024, 100_000)
from meneur.cli.main import main
status = main(["unpack", sys.argv[1], sys.argv[2], "--lang", "en"])
# The peak of this program's own memory: getrusage's maxrss would count the test
# runner's, which it was started from (Linux keeps it across exec).
with open("/proc/self/status") as status_file:
    peak = next(line.split()[1] for line in status_file if line.startswith("VmHWM:"))
print(status, peak, file=sys.stderr)
"""


def bomb(path: Path, members: int, size: int, *, true_hash: bool) -> Path:
    """A pack of ``members`` own files of ``size`` zero bytes each (deflated to a
    thousandth), its manifest saying their true size, and their hash or another."""
    digest = hashlib.sha256()
    for _ in range(size // MB):
        digest.update(bytes(MB))
    names = [f"own{number}.toml" for number in range(members)]
    state = b'schema_version = 1\nname = "X"\nsystem = "cosmos"\n'
    listed = [
        {"path": "campaign.toml", "size": len(state), "sha256": hashlib.sha256(state).hexdigest()}
    ]
    listed += [
        {"path": name, "size": size, "sha256": digest.hexdigest() if true_hash else "0" * 64}
        for name in names
    ]
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "name": "X",
        "system": "cosmos",
        "entries": 0,
        "file": listed,
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(MANIFEST, tomli_w.dumps(manifest))
        zf.writestr("campaign.toml", state)
        for name in names:
            info = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with zf.open(info, "w") as member:
                for _ in range(size // MB):
                    member.write(bytes(MB))
    return path


def unpacked_apart(archive: Path, target: Path, limit: str) -> tuple[int, int, str]:
    """``meneur unpack`` in a process of its own: its status, its peak memory (KB) and
    what it said."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(archive), str(target), limit],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )
    said, _, measured = done.stderr.rstrip("\n").rpartition("\n")
    status, peak = measured.split()
    return int(status), int(peak), said


def test_a_member_streams_a_block_at_a_time_whatever_its_size(tmp_path) -> None:
    """64 MB of zeros unpacked whole (its limit raised past it), its hash wrong: refused at
    the end, and never more than a block of it in memory."""
    archive = bomb(tmp_path / "bomb.pack", 1, 64 * MB, true_hash=False)
    assert archive.stat().st_size < MB
    status, peak, said = unpacked_apart(archive, tmp_path / "new", "raised")
    assert status == 2
    assert said == (
        f"meneur: error: {archive}: own0.toml: its content does not match its hash"
        " in the manifest (damaged, or changed): nothing unpacked"
    )
    # KB: less than the member itself (a member read whole would cost that and more),
    # well under the 150 MB promised.
    assert peak < 64 * 1024
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bomb.pack"]


def test_a_bomb_of_many_members_is_refused_before_a_byte_of_it(tmp_path) -> None:
    """The issue's bomb, smaller: members of zeros with their true hashes, each past its
    kind's limit as the archive says: refused at once, whatever they would unpack to."""
    archive = bomb(tmp_path / "nine.pack", 3, 16 * MB, true_hash=True)
    status, peak, said = unpacked_apart(archive, tmp_path / "new", "default")
    assert (status, said) == (2, f"meneur: error: {archive}: own0.toml: larger than 4 MB: refused")
    assert peak < 64 * 1024
    assert sorted(path.name for path in tmp_path.iterdir()) == ["nine.pack"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pack_refuses_a_campaign_a_pack_could_not_carry(tmp_path, capsys, lang) -> None:
    home = tmp_path / "home"
    assert main(["new", str(home), "--system", "cosmos", "--name", "Voyage"]) == 0
    (home / "big.toml").write_bytes(b"# " + b"x" * (4 * MB) + b"\n")
    capsys.readouterr()
    status = main(["pack", str(home), "-o", str(tmp_path / "home.pack"), "--lang", lang])
    out, err = capsys.readouterr()
    said = {
        "en": f"meneur: error: {home / 'big.toml'}: larger than 4 MB, more than a pack carries:"
        " not packed\n",
        "fr": f"meneur\u00a0: erreur\u00a0: {home / 'big.toml'}\u00a0: plus de 4\u00a0Mo, plus que"
        " n'en porte un paquet\u00a0: rien n'est emballé\n",
    }
    assert (status, out, err) == (2, "", said[lang])
    assert not (tmp_path / "home.pack").exists()
