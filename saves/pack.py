"""A campaign in one file, to carry between computers without a cloud (``meneur pack``,
``meneur unpack``).

A pack is a zip archive: a manifest (:data:`MANIFEST`: the campaign's name and system,
its journal's length, each file's size and SHA-256), ``campaign.toml`` (the state, the
open session's dice key with it), the journal's chunks and the campaign's own files
(``genes.toml``, ``skills.toml``…). It holds nothing of the table's access: no
``table.toml`` (invites' hashes, bound keys), no lock, no backups. Each kind of file has
its limit (:mod:`.pack_format`), the same for writing a pack and for unpacking one.

Unpacking is a transaction: the archive is read into a staging folder and checked whole
there (:mod:`.pack_reading`) before anything is put in place. Into a new (or empty)
folder, the staging folder beside it is then renamed into its place; over an older copy
of the same campaign, the newer files are moved in under the campaign's lock, the
journal first and the state last (:mod:`.pack_update`). A refusal at any point leaves
the folder byte for byte as it was, and nothing of the staging folder behind.
"""

from __future__ import annotations

import hashlib
import io
import os
import secrets
import shutil
import stat
import zipfile
from datetime import datetime
from pathlib import Path

import tomli_w

from .atomic import fsync_directory, write_out
from .lock import WriterLock
from .pack_format import (
    CHUNK,
    CHUNK_LIMIT,
    FORMAT,
    LEFT_OUT,
    MANIFEST,
    MANIFEST_LIMIT,
    MB,
    MOST_FILES,
    MOST_TOTAL,
    OWN,
    OWN_LIMIT,
    STATE,
    STATE_LIMIT,
    VERSION,
    Packed,
    limit_of,
    not_written,
    refusal,
    values_in,
)

__all__ = [
    "CHUNK_LIMIT",
    "MANIFEST",
    "MANIFEST_LIMIT",
    "MOST_FILES",
    "MOST_TOTAL",
    "OWN_LIMIT",
    "STATE_LIMIT",
    "Packed",
    "campaign_files",
    "pack",
    "unpack",
]


def campaign_files(directory: Path) -> list[str]:
    """The files of ``directory`` a pack holds, as the archive names them: the state,
    the journal's chunks in order, the campaign's own files (never a link or anything
    but a regular file, never the table's access).

    Raises:
        CampaignError: naming a file that is a link or no regular file.
    """
    found = [STATE]
    journal = directory / "journal"
    names = sorted(os.listdir(journal)) if journal.is_dir() else []
    found += [f"journal/{name}" for name in names if CHUNK.fullmatch(f"journal/{name}")]
    found += sorted(
        name
        for name in os.listdir(directory)
        if OWN.fullmatch(name) and name not in LEFT_OUT and name != STATE
    )
    for name in found:
        mode = os.lstat(directory / name).st_mode
        if not stat.S_ISREG(mode):
            raise refusal(directory / name, "not a regular file: not packed", "special")
    return found


def pack(directory: Path, output: Path, *, now: datetime) -> Packed:
    """Write ``directory``'s campaign to the pack ``output`` (atomically when it is a
    regular file or none yet; through it when it is a FIFO or a device), read under the
    campaign's lock so that no write lands half way through it.

    Raises:
        CampaignError: when the campaign does not read (see :class:`Campaign`), or a
            file of it is past its kind's limit (a pack that would not unpack).
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
    _within_limits(directory, contents)
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


def _within_limits(directory: Path, contents: dict[str, bytes]) -> None:
    """Refuse a campaign a pack could not carry (see :mod:`.pack_format`): what meneur
    packs, it unpacks."""
    if len(contents) > MOST_FILES:
        raise refusal(directory, "more files than a pack carries", "pack_too_many", most=MOST_FILES)
    if sum(len(data) for data in contents.values()) > MOST_TOTAL:
        raise refusal(
            directory, "more than a pack carries", "pack_too_big_total", most=MOST_TOTAL // MB
        )
    for path, data in contents.items():
        limit = limit_of(path)
        assert limit is not None, "a campaign's file"
        if len(data) > limit.most:
            raise refusal(
                directory / path,
                "larger than a pack carries",
                "pack_too_big",
                most=limit.most // MB,
            )
        if values_in(data) > limit.values:
            raise refusal(
                directory / path,
                "more values than a pack carries",
                "pack_too_complex",
                most=limit.values,
            )


def _read(path: Path) -> bytes:
    from meneur.content.own_files import read_own

    return read_own(path)


def unpack(archive: Path, directory: Path) -> Packed:
    """Unpack ``archive`` into ``directory``: a new (or empty) folder, or one holding an
    older copy of the same campaign, brought up to date (see the module).

    Raises:
        CampaignError: naming the archive, a member or the folder, and why: nothing of
            the folder is changed then.
    """
    directory = Path(directory)
    exists = os.path.lexists(directory)
    if exists and (directory.is_symlink() or not directory.is_dir()):
        raise refusal(directory, "not a folder", "not_folder")
    if exists and any(directory.iterdir()):
        from .pack_update import bring_up_to_date

        return bring_up_to_date(archive, directory)
    parent = directory.parent
    if not parent.is_dir():
        raise refusal(directory, "the folder it goes in does not exist", "no_folder")
    # Beside the folder asked for (so that it is renamed into place on the same disk),
    # made as a campaign's folder is (the umask's permissions, not mkdtemp's 0700).
    aside = parent / f".{directory.name[:40]}.unpacking.{secrets.token_hex(6)}"
    try:
        os.mkdir(aside)
    except OSError as error:
        raise not_written(directory, error) from None
    try:
        from .pack_reading import stage
        from .state_files import keep_copy

        staged = stage(archive, aside, directory)
        # Its state as the newest backup, as a campaign made here has it: what the next
        # open compares campaign.toml with, to find a hand edit.
        keep_copy(aside, _read(aside / STATE))
        fsync_directory(aside / "journal")
        fsync_directory(aside)
        # Over an empty folder too: a rename replaces an empty folder at once.
        os.rename(aside, directory)
    except OSError as error:
        raise not_written(directory, error) from None
    finally:
        if os.path.lexists(aside):
            shutil.rmtree(aside, ignore_errors=True)
    fsync_directory(parent)
    files = len(staged.files)
    return Packed(staged.name, staged.system, staged.entries, files, staged.entries, new=True)
