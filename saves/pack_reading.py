"""A pack read into a staging folder, everything checked before any of it is used.

An archive is untrusted input. Its members are checked from the archive's directory
before a byte is unpacked: the manifest first, every name one of a campaign's files
(never a link, a folder but ``journal/``, a path leaving its folder, a name holding a
control character, a name twice), stored or deflated and not encrypted, each listed by
the manifest and each listed one held, each within its kind's limit
(:mod:`.pack_format`). Then each member streams, a block at a time, into its file in the
staging folder, hashed as it streams and stopped at the first block past what the
manifest says of it (its size, its kind's values, text that is not UTF-8): never whole
in memory, so a zip bomb or a giant member costs a block. Last, the staged campaign is
read as the campaign reader reads it — its state, every chunk of its journal, the state
rolled forward over the journal and the notes its edits name — and must be what the
manifest says it is.

A refusal names the archive and the member (a chunk that does not parse as
``PACK: journal/000002.toml: …``), never the staging folder.
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import os
import re
import stat
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

from meneur.core.frozen import frozen
from meneur.core.text import cut

from .errors import CampaignError
from .pack_format import (
    BLOCK,
    FORMAT,
    JOURNAL_FOLDER,
    MANIFEST,
    MANIFEST_LIMIT,
    MB,
    MOST_DIRECTORY,
    MOST_ENTRIES,
    MOST_FILES,
    MOST_TOTAL,
    STATE,
    VERSION,
    Limit,
    is_text,
    limit_of,
    refusal,
    values_in,
)

if TYPE_CHECKING:
    from .campaign import Campaign


class Refused(Protocol):
    """A refusal naming the archive (see :func:`.pack_format.refusal`)."""

    def __call__(self, reason: str, key: str, **values: object) -> CampaignError: ...


@frozen
class Listed:
    """A file of the pack as its manifest lists it."""

    size: int
    sha256: str


@dataclass
class Staged:
    """A pack read into a staging folder and checked whole."""

    folder: Path
    files: list[str]
    """The pack's files, as the manifest lists them."""
    name: str
    system: str
    entries: int
    """What its campaign.toml and its journal say (never the manifest's words)."""


def stage(archive: Path, folder: Path, target: Path) -> Staged:
    """Unpack ``archive`` into the empty ``folder`` and check it whole (see the module);
    ``target``: the folder it is meant for, named when a file cannot be written.

    Raises:
        CampaignError: naming the archive (and the member), or ``target``, and why.
    """
    refused: Refused = partial(refusal, archive)
    said, files = _unpacked(archive, folder, target, refused)
    with said_as(archive, folder):
        campaign = read_staged(folder)
        state = campaign.state
        if (state["name"], state["system"]) != (said["name"], said["system"]):
            raise refused("its manifest names another campaign than its state", "manifest_name")
        held = campaign.journal.last_id
        if held != said["entries"]:
            raise refused(
                f"its manifest says {said['entries']} entries, its journal holds {held}",
                "entries",
                said=said["entries"],
                held=held,
            )
        return Staged(folder, files, str(state["name"]), str(state["system"]), held)


def read_staged(folder: Path) -> Campaign:
    """The campaign in ``folder``, open for reading, read whole as ``meneur check`` reads
    it: its state (rolled forward over the journal), every chunk of its journal one at a
    time, and the entries its note edits name (each must be a note).

    Raises:
        CampaignError: the campaign reader's own reason.
    """
    from .campaign import Campaign
    from .verify import check_edits

    # Every chunk is read whole below, one at a time: opening need not read them first.
    campaign = Campaign.open(folder, write=False, defer_check=True)
    for _ in campaign.journal:
        pass
    check_edits(campaign)
    return campaign


def _unpacked(
    archive: Path, folder: Path, target: Path, refused: Refused
) -> tuple[dict[str, Any], list[str]]:
    """Stream the archive's members into ``folder``; the manifest's words and its
    files."""
    try:
        # Opened once, without blocking (a FIFO would hang the reader), and read from
        # that descriptor alone: the archive checked is the archive read.
        fd = os.open(archive, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        why = error.strerror or str(error)
        raise refused(f"cannot be read ({why})", "unreadable", why=why) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO, a device, a folder
        os.close(fd)
        raise refused("not a pack (not a regular file)", "not_pack")
    with os.fdopen(fd, "rb") as stream:
        _check_directory(stream, refused)
        return _read(_opened(stream, refused), folder, target, refused)


def _opened(stream: BinaryIO, refused: Refused) -> zipfile.ZipFile:
    """The archive open as a zip.

    Raises:
        CampaignError: when it is none, or one zipfile does not read.
    """
    try:
        return zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, UnicodeDecodeError, ValueError, EOFError) as error:
        # Not a zip, cut short, or a directory that does not read (a name that is no
        # UTF-8, an offset out of the file).
        raise refused(f"not a pack ({error})", "not_pack") from None
    except NotImplementedError as error:  # a zip of a version zipfile does not read
        raise refused(f"not a pack ({error})", "not_pack") from None
    except OSError as error:
        if error.errno == errno.EINVAL:  # an offset before the file's start
            raise refused(f"not a pack ({error})", "not_pack") from None
        why = error.strerror or str(error)
        raise refused(f"cannot be read ({why})", "unreadable", why=why) from None


def _read(
    zf: zipfile.ZipFile, folder: Path, target: Path, refused: Refused
) -> tuple[dict[str, Any], list[str]]:
    """Check the archive's members and stream them into ``folder``."""
    with zf:
        members = zf.infolist()
        _check_members(members, refused)
        blocks = _blocks(zf, members[0], refused)
        raw = b"".join(_checked(blocks, MANIFEST, MANIFEST_LIMIT, MANIFEST_LIMIT.most, refused))
        said, listed = _listed(raw, refused)
        held = [info.filename for info in members[1:] if not info.is_dir()]
        for name in held:
            if name not in listed:
                raise refused(f"{name}: not in its manifest", "unlisted", member=_shown(name))
        for name in listed:
            if name not in held:
                raise refused(f"{name}: listed but missing", "missing", member=_shown(name))
        try:
            (folder / "journal").mkdir()
        except OSError as error:
            raise _not_written(target, error) from None
        for info in members[1:]:
            if not info.is_dir():
                _stream(zf, info, listed[info.filename], folder, target, refused)
    return said, list(listed)


def _check_directory(stream: BinaryIO, refused: Refused) -> None:
    """The size of the archive's directory of members, as its end record says (what
    zipfile reads whole and makes an object of each entry of): refused when it is more
    than a pack's."""
    # zipfile's own reader of the end record (zip64 included), private but there since
    # Python 2: the record ZipFile then trusts.
    try:
        found = zipfile._EndRecData(stream)  # type: ignore[attr-defined]
    except (OSError, zipfile.BadZipFile, ValueError, EOFError):
        found = None  # said by ZipFile, which reads it again
    if found is None:
        return
    entries = found[zipfile._ECD_ENTRIES_TOTAL]  # type: ignore[attr-defined]
    size = found[zipfile._ECD_SIZE]  # type: ignore[attr-defined]
    if entries > MOST_FILES + 2 or size > MOST_DIRECTORY:
        raise refused(f"holds more than {MOST_FILES} files", "too_many", most=MOST_FILES)


def _check_members(members: list[zipfile.ZipInfo], refused: Refused) -> None:
    """What the archive's directory says of its members: refused before a byte is
    unpacked (see the module)."""
    if len(members) > MOST_FILES + 2:  # the manifest and journal/ besides the files
        raise refused(f"holds more than {MOST_FILES} files", "too_many", most=MOST_FILES)
    names = [info.filename for info in members]
    if not members or names[0] != MANIFEST:
        if MANIFEST in names:
            raise refused("its manifest is not its first member", "manifest_first")
        raise refused("not a pack (no manifest)", "not_pack")
    seen: set[str] = set()
    for info in members:
        _check_member(info, refused)
        if info.filename in seen:
            raise refused(f"{info.filename}: in it twice", "twice", member=_shown(info.filename))
        seen.add(info.filename)


_DRIVE = re.compile(r"[A-Za-z]:")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _check_member(info: zipfile.ZipInfo, refused: Refused) -> None:
    """A member's name, kind and storage: one of a campaign's files (or the journal's
    folder), within its folder, no link, readable by meneur, within its kind's size."""
    name = info.orig_filename  # zipfile cuts a name at a NUL: the name as stored
    member = _shown(name)
    if name.startswith("/") or "\\" in name or ".." in name.split("/") or _DRIVE.match(name):
        raise refused(f"{name}: leaves its folder", "leaves", member=member)
    if name != info.filename or _CONTROL.search(name):
        raise refused(f"{name}: not a file of a campaign", "unknown", member=member)
    mode = info.external_attr >> 16 if info.create_system == 3 else 0  # 3: Unix
    kind = stat.S_IFMT(mode)
    if kind == stat.S_IFLNK:
        raise refused(f"{name}: a link", "link", member=member)
    if info.is_dir():
        if name != JOURNAL_FOLDER or kind not in (0, stat.S_IFDIR):
            raise refused(f"{name}: not a file of a campaign", "unknown", member=member)
        return
    limit = limit_of(name)
    if limit is None:
        raise refused(f"{name}: not a file of a campaign", "unknown", member=member)
    if kind not in (0, stat.S_IFREG):
        raise refused(f"{name}: not a regular file", "member_special", member=member)
    if info.flag_bits & 0x1:
        raise refused(f"{name}: encrypted", "encrypted", member=member)
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED) or (
        info.flag_bits & 0x20  # "compressed patched data", which zipfile does not read
    ):
        raise refused(f"{name}: compressed as meneur does not read", "compression", member=member)
    if info.file_size > limit.most:  # as the archive declares it; as read, see _checked
        raise _too_big(name, limit, refused)


def _listed(raw: bytes, refused: Refused) -> tuple[dict[str, Any], dict[str, Listed]]:
    """The manifest's words (name, system, entries) and the files it lists, each checked
    for its type and its kind's limits."""
    from meneur.content.toml_reader import TomlError, loads

    try:
        manifest = loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, TomlError):
        raise refused("its manifest does not read", "manifest") from None
    if manifest.get("format") != FORMAT or type(manifest.get("version")) is not int:
        raise refused("not a pack of this meneur", "version")
    if manifest["version"] != VERSION:
        raise refused("not a pack of this meneur", "version")
    entries, items = manifest.get("entries"), manifest.get("file")
    if (
        not isinstance(manifest.get("name"), str)
        or not isinstance(manifest.get("system"), str)
        or type(entries) is not int
        or not 0 <= entries <= MOST_ENTRIES
        or not isinstance(items, list)
    ):
        raise refused("its manifest does not read", "manifest")
    listed: dict[str, Listed] = {}
    total = 0
    for item in items:
        path, size, digest = (item.get(key) if isinstance(item, dict) else None for key in
                              ("path", "size", "sha256"))  # fmt: skip
        if not (
            isinstance(path, str)
            and type(size) is int
            and size >= 0
            and isinstance(digest, str)
            and _SHA256.fullmatch(digest)
            and path != MANIFEST
            and path not in listed
        ):
            raise refused("its manifest does not read", "manifest")
        limit = limit_of(path)
        if limit is None:
            raise refused(f"{path}: not a file of a campaign", "unknown", member=_shown(path))
        if size > limit.most:
            raise _too_big(path, limit, refused)
        total += size
        listed[path] = Listed(size, digest)
    if STATE not in listed:
        raise refused("no campaign.toml", "missing", member=STATE)
    if len(listed) > MOST_FILES:
        raise refused(f"holds more than {MOST_FILES} files", "too_many", most=MOST_FILES)
    if total > MOST_TOTAL:
        raise refused("past the most a pack may hold", "too_big_total", most=MOST_TOTAL // MB)
    return manifest, listed


_SHA256 = re.compile(r"[0-9a-f]{64}")


def _blocks(zf: zipfile.ZipFile, info: zipfile.ZipInfo, refused: Refused) -> Iterator[bytes]:
    """A member's bytes as they decompress, a block at a time (never more than
    :data:`BLOCK` in memory); an archive damaged on the way refused."""
    member = _shown(info.filename)
    try:
        with zf.open(info) as stream:
            while block := stream.read(BLOCK):
                yield block
    except (zipfile.BadZipFile, zlib.error, EOFError, UnicodeDecodeError) as error:
        # A wrong checksum, data that does not inflate or ends too soon, a local header
        # that is not the directory's.
        raise refused(f"{info.filename}: damaged ({error})", "damaged", member=member) from None
    except NotImplementedError:
        raise refused(
            f"{info.filename}: compressed as meneur does not read", "compression", member=member
        ) from None
    except OSError as error:
        if error.errno == errno.EINVAL:  # an offset before the file's start
            raise refused(f"{info.filename}: damaged", "damaged", member=member) from None
        why = error.strerror or str(error)
        raise refused(f"cannot be read ({why})", "unreadable", why=why) from None


def _checked(
    blocks: Iterator[bytes], name: str, limit: Limit, size: int, refused: Refused
) -> Iterator[bytes]:
    """``blocks`` passed on, stopped at the first past ``size`` bytes (its kind's limit,
    or what the manifest says), past its kind's values, or, for a file the campaign
    reader reads as text, holding a byte that is not UTF-8 text."""
    member = _shown(name)
    decoder = codecs.getincrementaldecoder("utf-8")() if is_text(name) else None
    read = values = 0
    for block in blocks:
        read += len(block)
        if read > limit.most:
            raise _too_big(name, limit, refused)
        if read > size:
            raise refused(f"{name}: does not match its hash", "hash", member=member)
        values += values_in(block)
        if values > limit.values:
            raise refused(
                f"{name}: holds more than {limit.values} values",
                "too_complex",
                member=member,
                most=limit.values,
            )
        if decoder is not None:
            try:
                if b"\0" in block:
                    raise UnicodeDecodeError("utf-8", block, block.index(b"\0"), 1, "NUL")
                decoder.decode(block)
            except UnicodeDecodeError:
                raise refused(f"{name}: not UTF-8 text", "not_text", member=member) from None
        yield block
    if decoder is not None:
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise refused(f"{name}: not UTF-8 text", "not_text", member=member) from None


def _stream(
    zf: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    listed: Listed,
    folder: Path,
    target: Path,
    refused: Refused,
) -> None:
    """Unpack one member into its file in ``folder``, hashed as it streams, made
    durable; refused (the file left for the caller to remove with the folder) when it
    is not what the manifest says."""
    name = info.filename
    limit = limit_of(name)
    assert limit is not None, "checked with the archive's directory"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(folder / name, flags, 0o666)  # as the umask allows, as meneur writes
    except OSError as error:
        raise _not_written(target, error) from None
    try:
        digest = hashlib.sha256()
        read = 0
        for block in _checked(_blocks(zf, info, refused), name, limit, listed.size, refused):
            digest.update(block)
            read += len(block)
            view = memoryview(block)
            try:
                while view:
                    view = view[os.write(fd, view) :]
            except OSError as error:
                raise _not_written(target, error) from None
        if read != listed.size or digest.hexdigest() != listed.sha256:
            raise refused(f"{name}: does not match its hash", "hash", member=_shown(name))
        try:
            os.fsync(fd)
        except OSError as error:
            raise _not_written(target, error) from None
    finally:
        os.close(fd)


def _too_big(name: str, limit: Limit, refused: Refused) -> CampaignError:
    most = limit.most // MB
    return refused(f"{name}: larger than {most} MB", "too_big", member=_shown(name), most=most)


def _not_written(target: Path, error: OSError) -> CampaignError:
    """A file of the pack that could not be written aside: said of the folder asked
    for, never of the staging folder."""
    why = error.strerror or str(error)
    return refusal(target, f"cannot be written ({why})", "not_written", why=why)


def _shown(name: str) -> str:
    """A member's name as a message shows it: cut (its control characters are made
    visible where the message is said)."""
    return cut(name, 200)


class InPack(CampaignError):
    """A campaign file's error met in a pack's staging folder: said of the archive and
    the member (``PACK: journal/000002.toml: line 3: …``)."""

    def __init__(self, archive: Path, member: str, error: CampaignError) -> None:
        self.member = member
        super().__init__(
            archive,
            error.reason,
            error.where,
            message_key=error.message_key,
            values=error.values,
            names_file=True,
        )

    def _said(self, name: str, reason: str, colon: str = ": ", where: str | None = None) -> str:
        member = getattr(self, "member", "")
        return super()._said(f"{name}{colon}{member}" if member else name, reason, colon, where)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        plain = CampaignError(
            self.path, self.reason, self.where, message_key=self.message_key, values=self.values
        )
        return _in_pack, (self.path, self.member, plain)


def _in_pack(archive: Path, member: str, error: CampaignError) -> InPack:
    return InPack(archive, member, error)


@contextmanager
def said_as(archive: Path, folder: Path, here: Mapping[str, Path] | None = None) -> Iterator[None]:
    """Say a campaign error met in the staging ``folder`` of the archive (a chunk that
    does not parse) as the archive's member, or, for a file copied there from the
    campaign unpacked into (``here``: its name there → its path), as that file: the
    staging folder is never named.

    Raises:
        CampaignError: the error, said so.
    """
    try:
        yield
    except CampaignError as error:
        if isinstance(error, InPack):
            raise
        try:
            member = error.path.relative_to(folder).as_posix()
        except ValueError:
            raise error from None  # met outside the staging folder: said as it is
        _scrub(error, folder)
        if here is not None and member in here:
            error.path = here[member]
            raise error from None
        raise InPack(archive, "" if member == "." else member, error) from None


def _scrub(error: BaseException, folder: Path) -> None:
    """Take the staging folder out of what ``error`` (and an error it holds) names."""
    values = getattr(error, "values", None)
    if isinstance(values, dict):
        for key, value in values.items():
            if isinstance(value, BaseException):
                _scrub(value, folder)
            elif isinstance(value, (str, Path)):
                values[key] = _without(str(value), folder)
    error.args = tuple(_without(a, folder) if isinstance(a, str) else a for a in error.args)


def _without(text: str, folder: Path) -> str:
    return text.replace(f"{folder}{os.sep}", "").replace(str(folder), ".")
