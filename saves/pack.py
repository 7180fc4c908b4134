"""A campaign in one file, to carry between computers without a cloud (``meneur pack``,
``meneur unpack``).

A pack is a zip archive: a manifest (:data:`MANIFEST`: the campaign's name and system,
its journal's length, each file's size and SHA-256), ``campaign.toml`` (the state, the
open session's dice key with it), the journal's chunks and the campaign's own files
(``genes.toml``, ``skills.toml``…). It holds nothing of the table's access: no
``table.toml`` (invites' hashes, bound keys), no lock, no backups.

An archive is untrusted input. Unpacking refuses, naming the reason, a member whose
path leaves its folder or is not one of a campaign's files, a link, a file or a whole
past the size limits (:data:`MOST_FILE`, :data:`MOST_TOTAL`, read as it is unpacked,
never as the archive declares it), a hash or size that does not match the manifest, a
file the manifest does not list or lists without the archive holding it. It unpacks into
a new folder (written aside, checked, then moved into place), or into a folder holding
an older copy of the same campaign — its journal a beginning of the pack's, byte for
byte — which it brings up to date under the campaign's lock (the journal first, the
state last, the replaced state kept in the backups); anything else it refuses.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import stat
import tempfile
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import tomli_w

from .atomic import atomic_write, fsync_directory, write_out
from .errors import CampaignError
from .lock import LOCK_NAME, WriterLock

MANIFEST = "meneur-pack.toml"
"""The archive's first member: what the pack holds."""
FORMAT = "meneur pack"
VERSION = 1
MOST_FILE = 256 * 1024 * 1024
"""The largest file a pack may hold (a journal's chunk is a few hundred KB)."""
MOST_TOTAL = 2 * 1024 * 1024 * 1024
"""The most a pack may unpack to, all its files together."""
MOST_FILES = 50_000
"""The most files a pack may hold (a chunk is 250 entries: 12 million entries)."""

_CHUNK = re.compile(r"journal/\d{6}\.toml")
_OWN = re.compile(r"[a-z][a-z0-9_-]{0,63}\.toml")
LEFT_OUT = frozenset({"table.toml"})
"""A campaign's files a pack never holds: the table's access stays on its computer."""


@dataclass(frozen=True)
class Packed:
    """What a pack holds, or what unpacking did."""

    name: str
    system: str
    entries: int
    files: int
    added: int = 0
    """Unpacked over an older copy: the journal's entries it brought."""


def campaign_files(directory: Path) -> list[str]:
    """The files of ``directory`` a pack holds, as the archive names them: the state,
    the journal's chunks in order, the campaign's own files (never a link or anything
    but a regular file, never the table's access).

    Raises:
        CampaignError: naming a file that is a link or no regular file.
    """
    found = ["campaign.toml"]
    journal = directory / "journal"
    names = sorted(os.listdir(journal)) if journal.is_dir() else []
    found += [f"journal/{name}" for name in names if _CHUNK.fullmatch(f"journal/{name}")]
    found += sorted(
        name
        for name in os.listdir(directory)
        if _OWN.fullmatch(name) and name not in LEFT_OUT and name != "campaign.toml"
    )
    for name in found:
        mode = os.lstat(directory / name).st_mode
        if not stat.S_ISREG(mode):
            raise _refusal(directory / name, "not a regular file: not packed", "special")
    return found


def pack(directory: Path, output: Path, *, now: datetime) -> Packed:
    """Write ``directory``'s campaign to the pack ``output`` (atomically when it is a
    regular file or none yet; through it when it is a FIFO or a device), read under the
    campaign's lock so that no write lands half way through it.

    Raises:
        CampaignError: when the campaign does not read (see :class:`Campaign`).
        OSError: when ``output`` cannot be written (nothing of it is left).
    """
    from .campaign import Campaign

    with Campaign.open(directory, write=False) as campaign:  # it reads: checked
        name, system = campaign.name, campaign.system
    with WriterLock(directory, "meneur pack"):
        names = campaign_files(directory)
        contents = {name: _read(directory / name) for name in names}
    with Campaign.open(directory, write=False) as campaign:
        entries = campaign.journal.last_id
    manifest = {
        "format": FORMAT,
        "version": VERSION,
        "name": name,
        "system": system,
        "made": now,
        "entries": entries,
        "file": [
            {"path": path, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
            for path, data in contents.items()
        ],
    }
    # Made whole in memory (the files are read already), then written as exports are:
    # atomically, or through a FIFO or a device.
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(MANIFEST, tomli_w.dumps(manifest))
        for path, data in contents.items():
            zf.writestr(path, data)
    write_out(output, archive.getvalue())
    return Packed(name, system, entries, len(contents))


def _read(path: Path) -> bytes:
    from meneur.content.own_files import read_own

    return read_own(path)


def read_pack(archive: Path) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The manifest and the files of the pack ``archive``, every one checked (see the
    module).

    Raises:
        CampaignError: naming the archive (and the member) and why it is refused.
    """
    from meneur.content.toml_reader import TomlError, loads

    def refused(reason: str, key: str, **values: object) -> CampaignError:
        return _refusal(archive, reason, key, **values)

    try:
        zf = zipfile.ZipFile(archive)
    except (OSError, zipfile.BadZipFile, ValueError) as error:
        raise refused(f"not a pack ({error})", "not_pack") from None
    with zf:
        members = zf.infolist()
        if len(members) > MOST_FILES + 1:
            raise refused(f"holds more than {MOST_FILES} files", "too_many", most=MOST_FILES)
        for info in members:
            _check_member(info, refused)
        try:
            manifest = loads(_bounded(zf, zf.getinfo(MANIFEST), refused).decode("utf-8"))
        except KeyError:
            raise refused("not a pack (no manifest)", "not_pack") from None
        except (UnicodeDecodeError, TomlError):
            raise refused("its manifest does not read", "manifest") from None
        listed = _listed(manifest, refused)
        held = {info.filename: info for info in members if not info.is_dir()}
        held.pop(MANIFEST)
        for name in held:
            if name not in listed:
                raise refused(f"{name}: not in its manifest", "unlisted", member=name)
        files: dict[str, bytes] = {}
        total = 0
        for name, (size, digest) in listed.items():
            if name not in held:
                raise refused(f"{name}: listed but missing", "missing", member=name)
            data = _bounded(zf, held[name], refused)
            total += len(data)
            if total > MOST_TOTAL:
                raise refused(
                    "past the most a pack may hold", "too_big_total", most=MOST_TOTAL >> 20
                )
            if len(data) != size or hashlib.sha256(data).hexdigest() != digest:
                raise refused(f"{name}: does not match its hash", "hash", member=name)
            files[name] = data
    return manifest, files


def _check_member(info: zipfile.ZipInfo, refused: Any) -> None:
    """A member's path and kind: within its folder, one of a campaign's files (or the
    journal's folder), no link."""
    name = info.filename
    if (
        name.startswith("/")
        or "\\" in name
        or ".." in name.split("/")
        or re.match(r"[A-Za-z]:", name)
    ):
        raise refused(f"{name}: leaves its folder", "leaves", member=name)
    mode = info.external_attr >> 16
    if stat.S_ISLNK(mode):
        raise refused(f"{name}: a link", "link", member=name)
    if info.is_dir():
        if name not in ("journal/",):
            raise refused(f"{name}: not a file of a campaign", "unknown", member=name)
        return
    if not (name in (MANIFEST, "campaign.toml") or _CHUNK.fullmatch(name) or _OWN.fullmatch(name)):
        raise refused(f"{name}: not a file of a campaign", "unknown", member=name)
    if name in LEFT_OUT or name == LOCK_NAME:
        raise refused(f"{name}: not a file of a campaign", "unknown", member=name)


def _bounded(zf: zipfile.ZipFile, info: zipfile.ZipInfo, refused: Any) -> bytes:
    """A member's bytes, read no further than :data:`MOST_FILE` whatever the archive
    says of its size (a zip bomb stops there)."""
    with zf.open(info) as stream:
        data = stream.read(MOST_FILE + 1)
    if len(data) > MOST_FILE:
        raise refused(
            f"{info.filename}: past the largest file a pack holds",
            "too_big",
            member=info.filename,
            most=MOST_FILE >> 20,
        )
    return data


def _listed(manifest: dict[str, Any], refused: Any) -> dict[str, tuple[int, str]]:
    if manifest.get("format") != FORMAT or manifest.get("version") != VERSION:
        raise refused("not a pack of this meneur", "version")
    listed: dict[str, tuple[int, str]] = {}
    for item in manifest.get("file", []):
        path, size, digest = (item.get(key) if isinstance(item, dict) else None for key in
                              ("path", "size", "sha256"))  # fmt: skip
        if not (isinstance(path, str) and isinstance(size, int) and isinstance(digest, str)):
            raise refused("its manifest does not read", "manifest")
        listed[path] = (size, digest)
    if "campaign.toml" not in listed:
        raise refused("no campaign.toml", "missing", member="campaign.toml")
    for key in ("name", "system"):
        if not isinstance(manifest.get(key), str):
            raise refused("its manifest does not read", "manifest")
    if type(manifest.get("entries")) is not int:
        raise refused("its manifest does not read", "manifest")
    return listed


def unpack(archive: Path, directory: Path) -> Packed:
    """Unpack ``archive`` into ``directory``: a new (or empty) folder, or one holding an
    older copy of the same campaign, brought up to date (see the module).

    Raises:
        CampaignError: naming the archive, a member or the folder, and why: nothing of
            the folder is changed then.
    """
    manifest, files = read_pack(archive)
    name, system = str(manifest["name"]), str(manifest["system"])
    entries = int(manifest["entries"])
    exists = directory.exists() or directory.is_symlink()
    if exists and (directory.is_symlink() or not directory.is_dir()):
        raise _refusal(directory, "not a folder", "not_folder")
    if exists and any(directory.iterdir()):
        added = _bring_up_to_date(directory, files, name, system, entries)
        return Packed(name, system, entries, len(files), added)
    parent = directory.parent
    aside = Path(tempfile.mkdtemp(prefix=f".{directory.name}.unpacking.", dir=parent))
    try:
        for path, data in files.items():
            target = aside / path
            target.parent.mkdir(exist_ok=True)
            atomic_write(target, data, follow_links=False)
        # Its state as the newest backup, as a campaign made here has it: what the next
        # open compares campaign.toml with, to find a hand edit.
        from .state_files import keep_copy

        keep_copy(aside, files["campaign.toml"])
        _checked(aside)
        if exists:
            directory.rmdir()  # empty: made ready for the campaign in its place
        os.rename(aside, directory)
    except BaseException:
        shutil.rmtree(aside, ignore_errors=True)
        raise
    fsync_directory(parent)
    return Packed(name, system, entries, len(files), entries)


def _checked(directory: Path) -> None:
    """The campaign in ``directory`` reads whole (its state, every chunk of its journal).

    Raises:
        CampaignError: the campaign's own reason.
    """
    from .campaign import Campaign

    with Campaign.open(directory, write=False) as campaign:
        for _ in campaign.journal:
            pass


def _bring_up_to_date(
    directory: Path, files: dict[str, bytes], name: str, system: str, entries: int
) -> int:
    """Write the pack's newer files over an older copy of its campaign, under its lock;
    the entries added.

    Raises:
        CampaignError: when ``directory`` holds another campaign, a newer copy, or one
            whose journal went another way.
    """
    from .campaign import Campaign
    from .state_files import keep_copy

    with Campaign.open(directory, write=False) as campaign:
        if (campaign.name, campaign.system) != (name, system):
            raise _refusal(directory, "holds another campaign", "other", name=campaign.name)
        had = campaign.journal.last_id
    with WriterLock(directory, "meneur unpack"):
        theirs = {p for p in files if p.startswith("journal/")}
        journal = directory / "journal"
        mine_chunks = {f"journal/{n}" for n in os.listdir(journal)} if journal.is_dir() else set()
        newer = bool(mine_chunks - theirs) or had > entries
        for path in sorted(mine_chunks & theirs):
            data, mine = files[path], _read(directory / path)
            # A chunk is appended to, never rewritten: an older copy's is a beginning
            # of the pack's (its last one), or the same (the others); a newer copy's
            # goes on past the pack's.
            if mine.startswith(data) and len(mine) > len(data):
                newer = True
            elif not data.startswith(mine):
                raise _refusal(directory, "its journal went another way", "diverged", chunk=path)
        if newer:
            raise _refusal(
                directory, "holds a newer copy than the pack", "newer", here=had, packed=entries
            )
        if had == entries and all(_same(directory / path, data) for path, data in files.items()):
            return 0
        journal.mkdir(exist_ok=True)
        # The journal first, the state last: interrupted, the campaign opens as the
        # older copy with more journal, which it rolls forward (the journal is the
        # write-ahead log).
        for path in sorted(p for p in files if p.startswith("journal/")):
            if not _same(directory / path, files[path]):
                atomic_write(directory / path, files[path], follow_links=False)
        for path, data in files.items():
            if path.startswith("journal/") or path == "campaign.toml":
                continue
            if not _same(directory / path, data):
                atomic_write(directory / path, data, follow_links=False)
        # The state it replaces stays the newest of the backups until this one is
        # written; then this one is (what the next open compares the file with).
        atomic_write(directory / "campaign.toml", files["campaign.toml"], follow_links=False)
        keep_copy(directory, files["campaign.toml"])
    _checked(directory)
    return entries - had


def _refusal(path: Path, reason: str, key: str, **values: object) -> CampaignError:
    """A refusal naming ``path`` (the archive, a member's folder), its reason a key of
    the interface's strings (``errors.pack.<key>``)."""
    return CampaignError(path, reason, message_key=f"pack.{key}", values=values, names_file=True)


def _same(path: Path, data: bytes) -> bool:
    try:
        return _read(path) == data
    except FileNotFoundError:
        return False
