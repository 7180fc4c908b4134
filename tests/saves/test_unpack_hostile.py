"""``meneur unpack`` as a transaction, tried as an attacker would: every kind of hostile
archive (damaged, lying, linking, leaving its folder, too big, too dense, a journal or a
state that does not read) is refused in one sentence in the reader's language, exit 2,
and leaves the folder it was aimed at byte for byte as it was — a new folder (nothing
left beside it, no staging folder) as much as an older copy of the campaign (no backup
added, no chunk rewritten, no temporary file left)."""

from __future__ import annotations

import os
import shutil
import stat
import warnings
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import pytest
import tomli_w

from meneur.cli.main import main
from meneur.saves import pack_format, pack_reading
from meneur.saves.errors import CampaignError
from meneur.saves.pack_format import BLOCK, CHUNK_LIMIT, MANIFEST
from tests.saves.packs_crafted import (
    Members,
    appended,
    manifest_for,
    members_of,
    patched,
    played,
    renamed,
    snapshot,
    unpacked,
    zipped,
)


@dataclass(frozen=True)
class Journeys:
    """A campaign carried twice: packed at 510 entries (``old``) and unpacked into
    ``copy``, then played on to 812 entries and packed again (``new``), its members
    ``members`` (the newer copy's, true to their hashes)."""

    home: Path
    old: Path
    new: Path
    copy: Path
    members: Members
    entries: int


@pytest.fixture(scope="module")
def journeys(tmp_path_factory: pytest.TempPathFactory) -> Journeys:
    root = tmp_path_factory.mktemp("journeys")
    home = root / "home"
    played(home)
    appended(home, 510 - 6)  # three chunks, the last one begun
    assert main(["pack", str(home), "-o", str(root / "old.pack")]) == 0
    assert main(["unpack", str(root / "old.pack"), str(root / "copy")]) == 0
    appended(home, 300)
    assert main(["note", str(home), "Le vent tourne."]) == 0
    assert main(["roll", "dice", "1d20", "--campaign", str(home)]) == 0
    assert main(["pack", str(home), "-o", str(root / "new.pack")]) == 0
    manifest, members = members_of(root / "new.pack")
    assert manifest["entries"] == 812
    assert [name for name, _ in members][:4] == [
        "campaign.toml",
        "journal/000001.toml",
        "journal/000002.toml",
        "journal/000003.toml",
    ]
    return Journeys(home, root / "old.pack", root / "new.pack", root / "copy", members, 812)


Craft = Callable[[Journeys, Path], Path]
"""A hostile archive made from the newer pack's members, written at the path given."""


def _with(name: str, data: bytes) -> Craft:
    """The newer pack with member ``name`` replaced by ``data``, true to its hash."""

    def craft(j: Journeys, path: Path) -> Path:
        members = [(n, data if n == name else d) for n, d in j.members]
        return zipped(path, members, manifest_for(members, entries=j.entries))

    return craft


def _added(*extra: tuple[str, bytes], listed: bool = True, **options: object) -> Craft:
    """The newer pack with ``extra`` members after its own (listed by its manifest, or
    not), zipped with ``options``."""

    def craft(j: Journeys, path: Path) -> Path:
        members = [*j.members, *extra]
        manifest = manifest_for(members if listed else j.members, entries=j.entries)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # zipfile warns of a name written twice
            return zipped(path, members, manifest, **options)  # type: ignore[arg-type]

    return craft


def _manifest(**changes: object) -> Craft:
    """The newer pack with its manifest's fields changed (a field given as bytes is
    written as it is, TOML that tomli_w would not write)."""

    def craft(j: Journeys, path: Path) -> Path:
        manifest = {**manifest_for(j.members, entries=j.entries), **changes}
        raw = {key: value for key, value in changes.items() if isinstance(value, bytes)}
        text = tomli_w.dumps({k: v for k, v in manifest.items() if k not in raw}).encode()
        for key, value in raw.items():
            text = f"{key} = ".encode() + value + b"\n" + text
        return zipped(path, j.members, text)

    return craft


def _patched(name: str, **raw: object) -> Craft:
    def craft(j: Journeys, path: Path) -> Path:
        zipped(path, j.members, manifest_for(j.members, entries=j.entries))
        return patched(path, name, **raw)  # type: ignore[arg-type]

    return craft


def _listed_as(name: str, size: int | None = None, digest: str | None = None) -> Craft:
    """The newer pack whose manifest says another size or hash of member ``name``."""

    def craft(j: Journeys, path: Path) -> Path:
        manifest = manifest_for(j.members, entries=j.entries)
        for item in manifest["file"]:  # type: ignore[attr-defined]
            if item["path"] == name:
                item["size"] = item["size"] if size is None else size
                item["sha256"] = item["sha256"] if digest is None else digest
        return zipped(path, j.members, manifest)

    return craft


def _renamed(old: str, new: str) -> Craft:
    def craft(j: Journeys, path: Path) -> Path:
        members = [*j.members, (old, b"x = 1\n")]
        return renamed(zipped(path, members, manifest_for(members, entries=j.entries)), old, new)

    return craft


def _truncated(j: Journeys, path: Path) -> Path:
    data = j.new.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    return path


def _not_a_note(j: Journeys, path: Path) -> Path:
    """A state whose note edits name a roll (entry 3): it reads, but not as a note."""
    members = dict(j.members)
    state = members["campaign.toml"].replace(b"[note_edits]\n", b'[note_edits]\n3 = "x"\n')
    assert state != members["campaign.toml"]
    return _with("campaign.toml", state)(j, path)


def _state_past_its_journal(j: Journeys, path: Path) -> Path:
    members = dict(j.members)
    state = members["campaign.toml"].replace(b"journal_applied = ", b"journal_applied = 9")
    return _with("campaign.toml", state)(j, path)


def _crowded(j: Journeys, path: Path) -> Path:
    """The newer pack with 5,000 more members (their names listed in no manifest)."""
    zipped(path, j.members, manifest_for(j.members, entries=j.entries))
    with zipfile.ZipFile(path, "a") as zf:
        for number in range(5000):
            zf.writestr(f"x{number}.toml", b"")
    return path


LAST = "journal/000004.toml"
DENSE = b"x = [" + b"1," * (CHUNK_LIMIT.values + 1) + b"]\n"

HOSTILE: dict[str, tuple[Craft, str, str]] = {
    # The archive itself
    "not-a-zip": (
        lambda j, p: (p.write_bytes(b"PK not a zip"), p)[1],
        "not a pack of meneur",
        "n'est pas un paquet de meneur",
    ),
    "truncated": (_truncated, "not a pack of meneur", "n'est pas un paquet de meneur"),
    "a-fifo": (
        lambda j, p: (os.mkfifo(p), p)[1],  # never waited on
        "not a pack of meneur",
        "n'est pas un paquet de meneur",
    ),
    "a-folder": (lambda j, p: (p.mkdir(), p)[1], "not a pack of meneur", "n'est pas un paquet"),
    "missing": (
        lambda j, p: p,
        "cannot be read (No such file or directory): nothing unpacked",
        "illisible (No such file or directory)\u00a0: rien n'est déballé",
    ),
    "bad-crc": (
        _patched("campaign.toml", crc=1),
        "campaign.toml: damaged (its data does not decompress, or does not match its "
        "checksum): nothing unpacked",
        "campaign.toml : abîmé",
    ),
    "corrupt-deflate": (
        _patched(LAST, data_at=b"\xff\xff"),
        f"{LAST}: damaged (its data does not decompress",
        f"{LAST} : abîmé",
    ),
    "encrypted": (
        _patched("campaign.toml", flags=0x1),
        "campaign.toml: encrypted: refused",
        "campaign.toml : chiffré : refusé",
    ),
    "method-99": (
        _patched("campaign.toml", method=99),
        "campaign.toml: compressed in a way meneur does not write: refused",
        "campaign.toml : compressé d'une façon",
    ),
    # Its manifest
    "manifest-not-first": (
        lambda j, p: zipped(
            p, j.members, manifest_for(j.members, entries=j.entries), manifest_at=2
        ),
        "its first member is not its manifest (meneur-pack.toml)",
        "son premier membre n'est pas son manifeste",
    ),
    "manifest-twice": (
        _added((MANIFEST, b'format = "meneur pack"\n'), listed=False),
        "meneur-pack.toml: in the archive twice: refused",
        "meneur-pack.toml : deux fois dans l'archive",
    ),
    "file-5": (_manifest(file=5), "its manifest does not read", "son manifeste ne se lit pas"),
    "file-size-text": (
        lambda j, p: _manifest(file=[{"path": "campaign.toml", "size": "12", "sha256": "0" * 64}])(
            j, p
        ),
        "its manifest does not read",
        "son manifeste ne se lit pas",
    ),
    "entries-negative": (
        _manifest(entries=-1),
        "its manifest does not read",
        "son manifeste ne se lit pas",
    ),
    "entries-huge": (
        _manifest(entries=b"1000000000000000000000000000000"),
        "its manifest does not read",
        "son manifeste ne se lit pas",
    ),
    "entries-lie": (
        lambda j, p: _manifest(entries=j.entries - 1)(j, p),
        "its manifest says 811 entries where its journal holds 812: refused",
        "son manifeste annonce 811 entrées quand son journal en contient 812",
    ),
    "name-lie": (
        _manifest(name="Autre"),
        "its manifest names another campaign than its campaign.toml: refused",
        "son manifeste nomme une autre campagne",
    ),
    "other-version": (
        _manifest(version=2),
        "a pack of another meneur's format",
        "un paquet au format d'un autre meneur",
    ),
    "unlisted": (
        _added(("skills.toml", b""), listed=False),
        "skills.toml: not in its manifest: refused",
        "skills.toml : absent de son manifeste",
    ),
    "listed-missing": (
        lambda j, p: zipped(
            p, j.members, manifest_for([*j.members, ("skills.toml", b"")], entries=j.entries)
        ),
        "skills.toml: in its manifest but not in the archive",
        "skills.toml : dans son manifeste mais pas dans l'archive",
    ),
    "wrong-hash": (
        _listed_as(LAST, digest="0" * 64),
        f"{LAST}: its content does not match its hash",
        f"{LAST} : son contenu ne correspond pas",
    ),
    "wrong-size": (
        _listed_as(LAST, size=10),
        f"{LAST}: its content does not match its hash",
        f"{LAST} : son contenu ne correspond pas",
    ),
    "crowded": (
        _crowded,
        "holds more than 4096 files: refused",
        "contient plus de 4096\u00a0fichiers",
    ),
    # Its members' names and kinds
    "dotdot": (
        _added(("../evil.toml", b"x")),
        "../evil.toml: its path leaves the campaign's folder",
        "../evil.toml : son chemin sort du dossier",
    ),
    "nested-dotdot": (
        _added(("journal/../../x.toml", b"x")),
        "journal/../../x.toml: its path leaves",
        "journal/../../x.toml : son chemin sort",
    ),
    "absolute": (
        _added(("/etc/evil.toml", b"x")),
        "/etc/evil.toml: its path leaves",
        "/etc/evil.toml : son chemin sort",
    ),
    "backslash": (
        _added(("journal\\000009.toml", b"x")),
        "journal\\000009.toml: its path leaves",
        "journal\\000009.toml : son chemin sort",
    ),
    "drive": (
        _added(("C:evil.toml", b"x")),
        "C:evil.toml: its path leaves",
        "C:evil.toml : son chemin sort",
    ),
    "nul-in-name": (
        _renamed("genes.toml-zz.sh", "genes.toml\0zz.sh"),
        "genes.toml␀zz.sh: not a file of a campaign: refused",
        "genes.toml␀zz.sh : pas un fichier de campagne",
    ),
    "escape-in-name": (
        _added(("gen\x1b[2Jes.toml", b"x")),
        "gen␛[2Jes.toml: not a file of a campaign",
        "gen␛[2Jes.toml : pas un fichier de campagne",
    ),
    "arabic-digits": (
        _added(("journal/٠٠٠٠٠٥.toml", b"")),
        "journal/٠٠٠٠٠٥.toml: not a file of a campaign",
        "journal/٠٠٠٠٠٥.toml : pas un fichier de campagne",
    ),
    "fullwidth-digits": (
        _added(("journal/００００００５.toml", b"")),
        "journal/００００００５.toml: not a file",
        "journal/００００００５.toml : pas un fichier",
    ),
    "stranger": (
        _added(("notes.sh", b"x")),
        "notes.sh: not a file of a campaign",
        "notes.sh : pas un fichier",
    ),
    "table-access": (
        _added(("table.toml", b"x")),
        "table.toml: not a file of a campaign",
        "table.toml : pas un fichier",
    ),
    "folder": (
        _added(("genes/", b"")),
        "genes/: not a file of a campaign",
        "genes/ : pas un fichier",
    ),
    "link": (
        _added(("skills.toml", b"/etc/passwd"), links=("skills.toml",)),
        "skills.toml: a link: refused",
        "skills.toml : un lien",
    ),
    "fifo": (
        _added(("skills.toml", b""), modes={"skills.toml": stat.S_IFIFO | 0o644}),
        "skills.toml: not a regular file: refused",
        "skills.toml : pas un fichier ordinaire",
    ),
    "member-twice": (
        _added(("genes.toml", b"x = 1\n"), listed=False),
        "genes.toml: in the archive twice: refused",
        "genes.toml : deux fois dans l'archive",
    ),
    # Its members' contents
    "own-file-too-big": (
        _added(("skills.toml", bytes(5 * 1024 * 1024))),
        "skills.toml: larger than 4 MB: refused",
        "skills.toml : plus de 4\u00a0Mo",
    ),
    "chunk-too-dense": (
        _with(LAST, DENSE),
        f"{LAST}: holds more than 100000 values: refused",
        f"{LAST} : contient plus de 100000\u00a0valeurs",
    ),
    "chunk-not-text": (
        _with(LAST, b"x = 1\n\0"),
        f"{LAST}: not UTF-8 text: refused",
        f"{LAST} : pas du texte UTF-8",
    ),
    "chunk-not-utf8": (
        _with(LAST, b'x = "\xff"\n'),
        f"{LAST}: not UTF-8 text: refused",
        f"{LAST} : pas du texte UTF-8",
    ),
    "chunk-not-toml": (
        _with(LAST, b"[[entry]\n"),
        f"{LAST}: invalid TOML",
        f"{LAST} : TOML invalide à la ligne 1, colonne 9",
    ),
    "chunk-not-entries": (
        _with(LAST, b'[[entry]]\nid = "x"\n'),
        f"{LAST}: entry[0].time: missing",
        f"{LAST} : entry[0].time : manquant",
    ),
    "state-not-toml": (
        _with("campaign.toml", b"name = \n"),
        "campaign.toml: invalid TOML",
        "campaign.toml : TOML invalide à la ligne 1",
    ),
    "state-past-journal": (
        _state_past_its_journal,
        "campaign.toml: journal_applied:",
        "campaign.toml : journal_applied",
    ),
    "edit-of-a-roll": (_not_a_note, "campaign.toml: note_edits.3:", "campaign.toml : note_edits.3"),
}


def refused_once(status: int, out: str, err: str, archive: Path, said: str, lang: str) -> None:
    """One line on stderr naming the archive and saying ``said``, exit status 2, no
    traceback, nothing on stdout."""
    lead = "meneur: error: " if lang == "en" else "meneur\u00a0: erreur\u00a0: "
    colon = ": " if lang == "en" else "\u00a0: "
    assert (status, out) == (2, ""), err
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert err.startswith(f"{lead}{archive}{colon}"), err
    assert said.replace(" : ", "\u00a0: ") in err, err


@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_archive_over_an_older_copy_changes_no_byte(kind, journeys, tmp_path, capsys):
    craft, english, _ = HOSTILE[kind]
    archive = craft(journeys, tmp_path / "hostile.pack")
    copy = tmp_path / "copy"
    shutil.copytree(journeys.copy, copy, symlinks=True)
    before = snapshot(copy)
    refused_once(*unpacked(capsys, archive, copy), archive, english, "en")
    assert snapshot(copy) == before


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", HOSTILE)
def test_a_hostile_archive_makes_no_new_folder(kind, lang, journeys, tmp_path, capsys):
    craft, english, french = HOSTILE[kind]
    archive = craft(journeys, tmp_path / "hostile.pack")
    before = snapshot(tmp_path)
    status, out, err = unpacked(capsys, archive, tmp_path / "new", lang)
    refused_once(status, out, err, archive, english if lang == "en" else french, lang)
    assert snapshot(tmp_path) == before  # no folder, no staging folder beside it


def test_the_untouched_archives_do_unpack(journeys, tmp_path, capsys):
    """What the hostile archives are made from is no hostile archive: the refusals above
    are theirs."""
    for craft in (_with("campaign.toml", dict(journeys.members)["campaign.toml"]), _added()):
        archive = craft(journeys, tmp_path / "fine.pack")
        target = tmp_path / "new"
        assert unpacked(capsys, archive, target)[:2] == (
            0,
            f"unpacked: {target} — Voyage, 812 entries\n",
        )
        copy = tmp_path / "copy"
        shutil.copytree(journeys.copy, copy, symlinks=True)
        status, out, _ = unpacked(capsys, archive, copy)
        assert (status, out) == (
            0,
            f"brought up to date: {copy} — Voyage, 302 new entries (812 in all)\n",
        )
        assert main(["check", str(copy), "--verify-rolls"]) == 0
        capsys.readouterr()
        shutil.rmtree(target), shutil.rmtree(copy)


def test_a_missing_parent_is_named_as_asked_never_by_the_staging_folder(journeys, tmp_path, capsys):
    target = tmp_path / "nowhere" / "new"
    for lang, said in (
        ("en", "the folder it would go in does not exist: nothing unpacked"),
        ("fr", "le dossier où il irait n'existe pas\u00a0: rien n'est déballé"),
    ):
        status, out, err = unpacked(capsys, journeys.new, target, lang)
        lead = "meneur: error: " if lang == "en" else "meneur\u00a0: erreur\u00a0: "
        colon = ": " if lang == "en" else "\u00a0: "
        assert (status, out, err) == (2, "", f"{lead}{target}{colon}{said}\n")
    assert list(tmp_path.iterdir()) == []


def test_a_member_stops_at_the_first_block_past_what_the_manifest_says(
    journeys, tmp_path, capsys, monkeypatch
):
    """A bomb whose manifest lies small: unpacking stops a block past the size said,
    whatever the member holds, and never holds the member whole."""
    streamed: dict[str, list[int]] = {}
    real = pack_reading._blocks

    def counted(zf, info, refused):  # type: ignore[no-untyped-def]
        for block in real(zf, info, refused):
            streamed.setdefault(info.filename, []).append(len(block))
            yield block

    monkeypatch.setattr(pack_reading, "_blocks", counted)
    bomb = ("skills.toml", bytes(3 * 1024 * 1024))  # deflated to 3 KB, under its limit
    members = [*journeys.members, bomb]
    manifest = manifest_for(members, entries=journeys.entries)
    manifest["file"][-1]["size"] = 100  # type: ignore[index]
    archive = zipped(tmp_path / "bomb.pack", members, manifest)
    copy = tmp_path / "copy"
    shutil.copytree(journeys.copy, copy, symlinks=True)
    before = snapshot(copy)
    status, _, err = unpacked(capsys, archive, copy)
    assert (status, "skills.toml: its content does not match its hash" in err) == (2, True)
    assert snapshot(copy) == before
    # The members before it whole, each a block at a time; then one block of it.
    assert max(size for sizes in streamed.values() for size in sizes) <= BLOCK
    assert {name: sum(sizes) for name, sizes in streamed.items() if name != MANIFEST} == {
        **{name: len(data) for name, data in journeys.members},
        "skills.toml": BLOCK,
    }


def test_a_member_past_its_limit_stops_as_it_streams() -> None:
    """A limit is checked as the bytes come, not at the end: whatever the archive and the
    manifest declare, a member is refused at the first block past its limit, and the
    blocks after it are never read."""
    read: list[int] = []

    def endless() -> Iterator[bytes]:  # a bomb: zeros for ever
        while True:
            read.append(BLOCK)
            yield bytes(BLOCK)

    limit = pack_format.Limit(3 * BLOCK + 5, 10)
    refused = partial(pack_format.refusal, Path("bomb.pack"))
    with pytest.raises(CampaignError) as error:
        for _ in pack_reading._checked(endless(), "skills.toml", limit, 10**12, refused):
            pass
    assert error.value.message_key == "pack.too_big"
    assert sum(read) == 4 * BLOCK  # the first block past the limit, and no more


def test_a_directory_of_members_past_a_packs_is_refused_before_it_is_read(
    journeys, tmp_path, capsys, monkeypatch
) -> None:
    """zipfile makes an object of every entry of the archive's directory before any can
    be looked at: a directory larger than a pack's is refused from the archive's end
    record, even when that record says it holds three members."""
    archive = zipped(tmp_path / "crowded.pack", journeys.members, manifest_for(journeys.members))
    with zipfile.ZipFile(archive, "a") as zf:
        for number in range(20_000):
            zf.writestr(f"{number:040d}.toml", b"")
    data = bytearray(archive.read_bytes())
    end = data.rindex(b"PK\x05\x06")
    data[end + 8 : end + 12] = (3).to_bytes(2, "little") * 2  # entries here, and in all
    archive.write_bytes(bytes(data))
    before = snapshot(tmp_path)

    def never(*args: object) -> None:
        raise AssertionError("the directory was read")

    monkeypatch.setattr(pack_reading.zipfile, "ZipFile", never)
    status, out, err = unpacked(capsys, archive, tmp_path / "new")
    assert (status, out, err) == (
        2,
        "",
        f"meneur: error: {archive}: holds more than 4096 files: refused\n",
    )
    assert snapshot(tmp_path) == before
