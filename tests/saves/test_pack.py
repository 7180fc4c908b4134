"""A campaign in one file (``meneur pack``, ``meneur unpack``): carried to another
computer and back, it is the same campaign — its rolls replay, its story reads the same —
without the table's access; an archive that is not a campaign's, or a folder that is not
an older copy of it, is refused with its reason and nothing is written."""

from __future__ import annotations

import hashlib
import stat
import zipfile
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.saves import pack as packs
from meneur.saves import pack_format
from meneur.saves.campaign import Campaign


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main([*argv, "--lang", "en"] if argv[0] != "export" else list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def tree(directory: Path) -> dict[str, bytes]:
    """Every file of a folder, by its path in it (what must not change), but the lock's
    note of who last took it."""
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name != ".lock"
    }


def played(directory: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A campaign a GM plays on one computer: two sessions (so a key revealed, another
    open), rolls, notes, its own gene tree, a table file with a player's key."""
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
    capsys.readouterr()


def story(directory: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["export", str(directory), "--lang", "fr", "--role", "gm"]) == 0
    return capsys.readouterr().out


def test_a_campaign_travels_in_one_file_and_comes_back_up_to_date(tmp_path, capsys) -> None:
    home, away = tmp_path / "home", tmp_path / "away"
    played(home, capsys)
    assert (home / "table.toml").exists()
    status, out, _ = run(capsys, "pack", str(home), "-o", str(tmp_path / "voyage.pack"))
    assert status == 0
    assert out.startswith(f"packed: {tmp_path / 'voyage.pack'} — Voyage, ")
    with zipfile.ZipFile(tmp_path / "voyage.pack") as archive:
        names = archive.namelist()
    assert names[0] == packs.MANIFEST
    assert "table.toml" not in names  # the table's access stays on its computer
    assert {"campaign.toml", "genes.toml", "journal/000001.toml"} <= set(names)
    status, out, _ = run(capsys, "unpack", str(tmp_path / "voyage.pack"), str(away))
    assert status == 0
    assert out.startswith(f"unpacked: {away} — Voyage, ")
    assert not (away / "table.toml").exists()
    assert run(capsys, "check", str(away), "--verify-rolls")[0] == 0
    assert story(away, capsys) == story(home, capsys)
    with Campaign.open(away, write=False) as there, Campaign.open(home, write=False) as here:
        assert there.state["dice"] == here.state["dice"]  # the open session's key came too
    # Played on further at home, brought to the other computer again: up to date.
    main(["note", str(home), "Le vent tourne."])
    main(["roll", "dice", "1d20", "--campaign", str(home)])
    capsys.readouterr()
    run(capsys, "pack", str(home), "-o", str(tmp_path / "voyage.pack"))
    status, out, _ = run(capsys, "unpack", str(tmp_path / "voyage.pack"), str(away))
    assert (status, out.split(" — ")[0]) == (0, f"brought up to date: {away}")
    assert "2 new entries" in out
    assert story(away, capsys) == story(home, capsys)
    assert run(capsys, "check", str(away), "--verify-rolls")[0] == 0
    status, out, _ = run(capsys, "unpack", str(tmp_path / "voyage.pack"), str(away))
    assert out.startswith(f"already up to date: {away}")


def test_a_folder_that_is_no_older_copy_is_left_as_it_is(tmp_path, capsys) -> None:
    home = tmp_path / "home"
    played(home, capsys)
    run(capsys, "pack", str(home), "-o", str(tmp_path / "old.pack"))
    main(["note", str(home), "Plus tard."])
    capsys.readouterr()
    before = tree(home)
    status, _, err = run(capsys, "unpack", str(tmp_path / "old.pack"), str(home))
    assert status == 2
    assert "holds a newer copy than the pack" in err
    assert tree(home) == before
    other = tmp_path / "other"
    main(["new", str(other), "--system", "cosmos", "--name", "Autre"])
    capsys.readouterr()
    before = tree(other)
    status, _, err = run(capsys, "unpack", str(tmp_path / "old.pack"), str(other))
    assert (status, "holds another campaign (“Autre”)" in err) == (2, True)
    assert tree(other) == before
    # The same campaign gone another way on each computer: refused, not merged.
    fork = tmp_path / "fork"
    run(capsys, "unpack", str(tmp_path / "old.pack"), str(fork))
    main(["note", str(fork), "Ailleurs."])
    capsys.readouterr()
    run(capsys, "pack", str(home), "-o", str(tmp_path / "new.pack"))
    before = tree(fork)
    status, _, err = run(capsys, "unpack", str(tmp_path / "new.pack"), str(fork))
    assert status == 2
    assert "its journal went another way than the pack's" in err
    assert tree(fork) == before
    assert "Traceback" not in err


def crafted(path: Path, members: dict[str, bytes], *, listed: dict[str, bytes] | None = None,
            links: tuple[str, ...] = ()) -> Path:  # fmt: skip
    """An archive holding ``members``, its manifest listing ``listed`` (by default the
    same), ``links`` stored as symbolic links."""
    import tomli_w

    listed = members if listed is None else listed
    manifest = {
        "format": packs.FORMAT, "version": packs.VERSION, "name": "X", "system": "cosmos",
        "entries": 0,
        "file": [{"path": name, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()}
                 for name, data in listed.items()],
    }  # fmt: skip
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(packs.MANIFEST, tomli_w.dumps(manifest))
        for name, data in members.items():
            info = zipfile.ZipInfo(name)
            info.compress_type = zipfile.ZIP_DEFLATED
            if name in links:
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, data)
    return path


STATE = b'schema_version = 1\nname = "X"\nsystem = "cosmos"\n'


@pytest.mark.parametrize(
    ("members", "said"),
    [
        ({"campaign.toml": STATE, "../evil.toml": b"x"}, "../evil.toml: its path leaves"),
        ({"campaign.toml": STATE, "/etc/evil.toml": b"x"}, "/etc/evil.toml: its path leaves"),
        ({"campaign.toml": STATE, "journal/../../x.toml": b"x"}, "its path leaves"),
        ({"campaign.toml": STATE, "notes.sh": b"x"}, "notes.sh: not a file of a campaign"),
        ({"campaign.toml": STATE, "table.toml": b"x"}, "table.toml: not a file of a campaign"),
    ],
    ids=["dotdot", "absolute", "nested-dotdot", "stranger", "access"],
)
def test_an_archive_with_a_stranger_member_is_refused(tmp_path, capsys, members, said) -> None:
    archive = crafted(tmp_path / "x.pack", members)
    status, _, err = run(capsys, "unpack", str(archive), str(tmp_path / "new"))
    assert status == 2
    assert said in err
    assert not (tmp_path / "new").exists()
    assert not (tmp_path / "evil.toml").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["x.pack"]  # nothing left aside


def test_a_link_a_wrong_hash_and_an_unlisted_file_are_refused(tmp_path, capsys) -> None:
    cases = [
        (crafted(tmp_path / "a.pack", {"campaign.toml": STATE, "genes.toml": b"/etc/passwd"},
                 links=("genes.toml",)), "genes.toml: a link"),
        (crafted(tmp_path / "b.pack", {"campaign.toml": STATE + b"# changed\n"},
                 listed={"campaign.toml": STATE}), "campaign.toml: its content does not match"),
        (crafted(tmp_path / "c.pack", {"campaign.toml": STATE, "skills.toml": b""},
                 listed={"campaign.toml": STATE}), "skills.toml: not in its manifest"),
        (crafted(tmp_path / "d.pack", {"campaign.toml": STATE},
                 listed={"campaign.toml": STATE, "genes.toml": b""}),
         "genes.toml: in its manifest but not"),
    ]  # fmt: skip
    for archive, said in cases:
        status, _, err = run(capsys, "unpack", str(archive), str(tmp_path / "new"))
        assert (status, said in err) == (2, True), err
        assert not (tmp_path / "new").exists()
    (tmp_path / "e.pack").write_bytes(b"PK not a zip")
    status, _, err = run(capsys, "unpack", str(tmp_path / "e.pack"), str(tmp_path / "new"))
    assert (status, "not a pack of meneur" in err) == (2, True)


def test_a_file_past_the_limit_is_refused_as_read_not_as_declared(
    tmp_path, capsys, monkeypatch
) -> None:
    monkeypatch.setattr(pack_format, "OWN_LIMIT", pack_format.Limit(2 * 1024 * 1024, 10_000))
    big = b"#" * (3 * 1024 * 1024)  # deflated to a few KB: its size is found by reading it
    archive = tmp_path / "big.pack"
    crafted(archive, {"campaign.toml": STATE, "genes.toml": big})
    with zipfile.ZipFile(archive) as opened:
        assert opened.getinfo("genes.toml").compress_size < 64 * 1024
    status, _, err = run(capsys, "unpack", str(archive), str(tmp_path / "new"))
    assert status == 2
    assert "big.pack: genes.toml: larger than 2 MB: refused" in err
    assert not (tmp_path / "new").exists()


def test_a_players_seat_neither_packs_nor_unpacks(tmp_path, capsys) -> None:
    home = tmp_path / "home"
    played(home, capsys)
    status, _, err = run(capsys, "pack", str(home), "-o", str(tmp_path / "p"), "--as", "bob")
    assert status == 2
    assert "Only the GM packs or unpacks the whole campaign" in err
    assert not (tmp_path / "p").exists()
