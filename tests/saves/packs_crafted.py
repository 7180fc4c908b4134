"""What the tests of ``meneur unpack`` share: a campaign played (and made long fast),
hostile packs made as an attacker would — a real pack's members re-zipped with one lie,
or raw bytes of the archive changed (a checksum, a compression method, the encrypted
flag, deflated data that does not inflate, a name zipfile would not write) — and a
folder's snapshot (every path, its permissions, every byte), what a refusal must leave
as it was."""

from __future__ import annotations

import hashlib
import stat
import struct
import zipfile
from collections.abc import Iterable
from datetime import UTC
from pathlib import Path

import pytest
import tomli_w

from meneur.cli.main import main
from meneur.saves.pack_format import FORMAT, MANIFEST, VERSION

Members = list[tuple[str, bytes]]
"""An archive's members in order (a name may come twice), the manifest left out."""


def members_of(archive: Path) -> tuple[dict[str, object], Members]:
    """A pack's manifest and its other members, in order."""
    from meneur.content.toml_reader import loads

    with zipfile.ZipFile(archive) as zf:
        names = zf.namelist()
        manifest = loads(zf.read(names[0]).decode("utf-8"))
        return manifest, [(name, zf.read(name)) for name in names[1:]]


def manifest_for(
    members: Iterable[tuple[str, bytes]],
    *,
    name: str = "Voyage",
    system: str = "cosmos",
    entries: int = 0,
) -> dict[str, object]:
    """A manifest listing ``members`` with their true sizes and hashes."""
    listed = list(members)
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "system": system,
        "entries": entries,
        "file": [
            {"path": path, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            for path, data in listed
        ],
    }


def zipped(
    path: Path,
    members: Members,
    manifest: dict[str, object] | bytes,
    *,
    manifest_at: int = 0,
    links: tuple[str, ...] = (),
    modes: dict[str, int] | None = None,
    method: int = zipfile.ZIP_DEFLATED,
) -> Path:
    """Write an archive: ``manifest`` (a table, or its raw bytes) as member number
    ``manifest_at``, then ``members`` in order; ``links`` stored as symbolic links,
    ``modes`` as each member's Unix mode."""
    raw = manifest if isinstance(manifest, bytes) else tomli_w.dumps(manifest).encode()
    every = list(members)
    every.insert(manifest_at, (MANIFEST, raw))
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in every:
            info = zipfile.ZipInfo(name)
            info.compress_type = method
            info.create_system = 3
            if name in links:
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
            elif modes and name in modes:
                info.external_attr = modes[name] << 16
            elif name.endswith("/"):
                info.external_attr = (stat.S_IFDIR | 0o755) << 16 | 0x10
            else:
                info.external_attr = (stat.S_IFREG | 0o644) << 16
            archive.writestr(info, data)
    return path


def _headers(data: bytes, name: str) -> tuple[int, int]:
    """Where the local header and the central directory's entry of ``name`` start."""
    encoded = name.encode()
    local = central = -1
    at = 0
    while (at := data.find(b"PK\x01\x02", at)) >= 0:
        length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + length] == encoded:
            central = at
            local = struct.unpack_from("<I", data, at + 42)[0]
            break
        at += 4
    assert central >= 0, name
    return local, central


def patched(
    archive: Path,
    name: str,
    *,
    crc: int | None = None,
    method: int | None = None,
    flags: int | None = None,
    data_at: bytes | None = None,
) -> Path:
    """``archive`` with raw bytes of member ``name`` changed in both its headers: its
    checksum XORed with ``crc``, its compression ``method``, its ``flags`` ORed in; or
    its stored data starting with ``data_at``."""
    data = bytearray(archive.read_bytes())
    local, central = _headers(bytes(data), name)
    for header, flag_at, method_at, crc_at in ((local, 6, 8, 14), (central, 8, 10, 16)):
        if flags is not None:
            old = struct.unpack_from("<H", data, header + flag_at)[0]
            struct.pack_into("<H", data, header + flag_at, old | flags)
        if method is not None:
            struct.pack_into("<H", data, header + method_at, method)
        if crc is not None:
            old = struct.unpack_from("<I", data, header + crc_at)[0]
            struct.pack_into("<I", data, header + crc_at, old ^ crc)
    if data_at is not None:
        length, extra = struct.unpack_from("<HH", data, local + 26)
        start = local + 30 + length + extra
        data[start : start + len(data_at)] = data_at
    archive.write_bytes(bytes(data))
    return archive


def renamed(archive: Path, old: str, new: str) -> Path:
    """``archive`` with member ``old`` renamed ``new`` (as long, in UTF-8) in both its
    headers: a name zipfile would not write (a NUL in it)."""
    data = archive.read_bytes()
    assert len(old.encode()) == len(new.encode())
    assert data.count(old.encode()) == 2, "once in each header"
    archive.write_bytes(data.replace(old.encode(), new.encode()))
    return archive


Snapshot = dict[str, tuple[str, int, bytes]]


def snapshot(folder: Path) -> Snapshot:
    """Every path under ``folder`` (itself included) with its kind, its permissions and
    its bytes (a link's target): what a refusal must leave as it was, byte for byte."""
    found: Snapshot = {}
    for path in [folder, *sorted(folder.rglob("*"))]:
        info = path.lstat()
        name = str(path.relative_to(folder))
        mode = stat.S_IMODE(info.st_mode)
        if stat.S_ISLNK(info.st_mode):
            found[name] = ("link", mode, str(path.readlink()).encode())
        elif stat.S_ISREG(info.st_mode):
            found[name] = ("file", mode, path.read_bytes())
        else:
            found[name] = (stat.filemode(info.st_mode)[0], mode, b"")
    return found


def played(directory: Path) -> None:
    """A campaign a GM plays on one computer: two sessions (a key revealed, another
    open), rolls, notes, a change, its own gene tree, a table file with a player's key."""
    for words in (
        ["new", str(directory), "--system", "cosmos", "--name", "Voyage", "--lang", "fr"],
        ["set", str(directory), "options.dna", "true"],
        ["session", str(directory), "Un"],
        ["roll", "dice", "2d6", "--campaign", str(directory)],
        ["note", str(directory), "## Au port\n\nLe navire **appareille**."],
        ["session", str(directory), "Deux"],
        ["roll", "cosmos", "--threshold", "55", "--campaign", str(directory)],
        ["table", "player", "bob", str(directory)],
    ):
        assert main(words) == 0, words
    (directory / "genes.toml").write_text(
        '[tree]\nname = "T"\n[genes.a]\nname = "A"\nkind = "normal"\neffect = "+5"\n'
        "gives = { force = 5 }\n",
        encoding="utf-8",
    )


def appended(directory: Path, count: int) -> None:
    """``count`` notes appended to the journal as its chunks hold them (fast: no write
    of the state for each), then the campaign opened once for writing, which rolls its
    state forward over them."""
    from datetime import datetime, timedelta

    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import (
        CHUNK_SIZE,
        Entry,
        chunk_header,
        chunk_name,
        chunk_number,
        entry_block,
    )

    with Campaign.open(directory, write=False) as campaign:
        last = campaign.journal.last_id
    start = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    for ident in range(last + 1, last + count + 1):
        number = chunk_number(ident)
        path = directory / "journal" / chunk_name(number)
        text = path.read_text(encoding="utf-8") if path.exists() else chunk_header(number)
        at = start + timedelta(minutes=ident)
        block = entry_block(Entry(ident, at, "note", f"Note {ident}", by="gm"))
        path.write_text(text + block, encoding="utf-8")
        assert ident <= number * CHUNK_SIZE
    Campaign.open(directory).close()


def unpacked(
    capsys: pytest.CaptureFixture[str], archive: Path, target: Path, lang: str = "en"
) -> tuple[int, str, str]:
    """``meneur unpack ARCHIVE TARGET --lang LANG``: its status, output and errors."""
    status = main(["unpack", str(archive), str(target), "--lang", lang])
    out, err = capsys.readouterr()
    return status, out, err
