"""``meneur unpack`` over an older copy: the same campaign is one whose journal begins
with the copy's, byte for byte, and the pack's state must be the copy's rolled forward
over the pack's new entries. A pack with no new entries but another state or another own
file is refused naming what differs (never "already up to date" over the player's own);
a refusal changes no byte, not even the lock's note; a success moves the journal first
and the state last, keeping the replaced state among the backups."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.saves import pack_update
from meneur.saves.campaign import Campaign
from meneur.saves.state_files import backups
from tests.saves.packs_crafted import manifest_for, members_of, played, snapshot, unpacked, zipped


@pytest.fixture
def copies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, Path]:
    """A campaign at home, its pack, and a copy unpacked from it on another computer."""
    home, copy = tmp_path / "home", tmp_path / "copy"
    played(home)
    assert main(["pack", str(home), "-o", str(tmp_path / "home.pack")]) == 0
    assert main(["unpack", str(tmp_path / "home.pack"), str(copy)]) == 0
    capsys.readouterr()
    return home, tmp_path / "home.pack", copy


def repacked(archive: Path, path: Path, **files: bytes) -> Path:
    """``archive`` made again with ``files`` (``zzz_toml`` for ``zzz.toml``) replaced or
    added, each true to its hash in the manifest."""
    manifest, members = members_of(archive)
    named = {name.replace("_toml", ".toml"): data for name, data in files.items()}
    members = [(name, named.pop(name, data)) for name, data in members] + list(named.items())
    entries = manifest["entries"]
    assert isinstance(entries, int)
    return zipped(path, members, manifest_for(members, entries=entries))


def refused(capsys, archive, copy, lang, english, french) -> None:  # type: ignore[no-untyped-def]
    before = snapshot(copy)
    status, out, err = unpacked(capsys, archive, copy, lang)
    lead = (
        f"meneur: error: {copy}: "
        if lang == "en"
        else f"meneur\u00a0: erreur\u00a0: {copy}\u00a0: "
    )
    assert (status, out, err) == (2, "", f"{lead}{english if lang == 'en' else french}\n")
    assert snapshot(copy) == before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_same_journal_with_another_state_is_refused_naming_what_differs(
    copies, tmp_path, capsys, lang
) -> None:
    _, archive, copy = copies
    state = (copy / "campaign.toml").read_bytes()
    assert b"karma = true" in state
    other = repacked(
        archive,
        tmp_path / "other.pack",
        campaign_toml=state.replace(b"karma = true", b"karma = false"),
    )
    refused(
        capsys,
        other,
        copy,
        lang,
        "campaign.toml differs from the copy here (options.karma), with no new entries:"
        " nothing unpacked",
        "campaign.toml diffère de la copie d'ici (options.karma), sans nouvelle entrée\u00a0:"
        " rien n'est déballé",
    )


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_own_file_more_or_otherwise_with_no_new_entries_is_refused(
    copies, tmp_path, capsys, lang
) -> None:
    _, archive, copy = copies
    extra = repacked(archive, tmp_path / "extra.pack", zzz_toml=b"a = 1\n")
    refused(
        capsys,
        extra,
        copy,
        lang,
        "zzz.toml is not in the copy here, and the pack brings no new entries: nothing unpacked",
        "zzz.toml n'est pas dans la copie d'ici, et le paquet n'apporte aucune nouvelle"
        " entrée\u00a0: rien n'est déballé",
    )
    chunk = (copy / "journal" / "000001.toml").read_bytes() + b"# a comment\n"
    longer = repacked(archive, tmp_path / "chunk.pack", **{"journal/000001_toml": chunk})
    refused(
        capsys,
        longer,
        copy,
        lang,
        "journal/000001.toml differs from the copy here, with no new entries: nothing unpacked",
        "journal/000001.toml diffère de la copie d'ici, sans nouvelle entrée\u00a0: rien n'est"
        " déballé",
    )
    genes = (copy / "genes.toml").read_bytes()
    changed = repacked(archive, tmp_path / "genes.pack", genes_toml=genes + b"# changed\n")
    refused(
        capsys,
        changed,
        copy,
        lang,
        "genes.toml differs from the copy here, with no new entries: nothing unpacked",
        "genes.toml diffère de la copie d'ici, sans nouvelle entrée\u00a0: rien n'est déballé",
    )


def test_the_same_pack_again_is_already_up_to_date_and_writes_nothing(copies, capsys) -> None:
    _, archive, copy = copies
    before = snapshot(copy)
    status, out, err = unpacked(capsys, archive, copy)
    assert (status, out, err) == (0, f"already up to date: {copy} — Voyage, 6 entries\n", "")
    assert snapshot(copy) == before  # not even the lock's note


def test_a_state_that_does_not_follow_from_the_new_entries_is_refused(
    copies, tmp_path, capsys
) -> None:
    home, _, copy = copies
    assert main(["note", str(home), "Plus tard."]) == 0
    assert main(["pack", str(home), "-o", str(tmp_path / "new.pack")]) == 0
    capsys.readouterr()
    _, members = members_of(tmp_path / "new.pack")
    state = dict(members)["campaign.toml"].replace(b"karma = true", b"karma = false")
    lying = repacked(tmp_path / "new.pack", tmp_path / "lying.pack", campaign_toml=state)
    refused(
        capsys,
        lying,
        copy,
        "en",
        "the pack's campaign.toml is not what the copy here becomes with the pack's new"
        " entries (options.karma differs): nothing unpacked",
        "",
    )


def test_an_edit_here_not_yet_journaled_is_not_written_over(copies, tmp_path, capsys) -> None:
    """The copy's campaign.toml edited by hand (no meneur open since): the pack's state
    is not what it rolls forward to, and the edit stays."""
    home, _, copy = copies
    assert main(["note", str(home), "Plus tard."]) == 0
    assert main(["pack", str(home), "-o", str(tmp_path / "new.pack")]) == 0
    capsys.readouterr()
    state = copy / "campaign.toml"
    state.write_bytes(state.read_bytes().replace(b"karma = true", b"karma = false"))
    refused(
        capsys,
        tmp_path / "new.pack",
        copy,
        "en",
        "the pack's campaign.toml is not what the copy here becomes with the pack's new"
        " entries (options.karma differs): nothing unpacked",
        "",
    )
    assert b"karma = false" in state.read_bytes()


def test_a_link_in_the_way_is_refused_and_left(copies, tmp_path, capsys) -> None:
    home, _, copy = copies
    assert main(["note", str(home), "Plus tard."]) == 0
    assert main(["pack", str(home), "-o", str(tmp_path / "new.pack")]) == 0
    capsys.readouterr()
    (tmp_path / "mine.toml").write_text("[tree]\n")
    os.unlink(copy / "genes.toml")
    os.symlink(tmp_path / "mine.toml", copy / "genes.toml")
    before = snapshot(copy)
    status, out, err = unpacked(capsys, tmp_path / "new.pack", copy)
    assert (status, out) == (2, "")
    assert err.startswith(f"meneur: error: {copy / 'genes.toml'}: ")
    assert "is a symbolic link" in err
    assert err.count("\n") == 1
    assert snapshot(copy) == before
    assert (tmp_path / "mine.toml").read_text() == "[tree]\n"


def test_an_update_keeps_modes_and_backups_and_leaves_no_staging(copies, tmp_path, capsys):
    home, _, copy = copies
    for words in (
        ["note", str(home), "Plus tard."],
        ["roll", "dice", "1d8", "--campaign", str(home)],
        ["set", str(home), "options.karma", "false"],
    ):
        assert main(words) == 0, words
    assert main(["pack", str(home), "-o", str(tmp_path / "new.pack")]) == 0
    capsys.readouterr()
    os.chmod(copy / "campaign.toml", 0o600)
    os.chmod(copy / "journal" / "000001.toml", 0o640)
    replaced = (copy / "campaign.toml").read_bytes()
    kept = backups(copy)
    status, out, _ = unpacked(capsys, tmp_path / "new.pack", copy)
    assert (status, out) == (0, f"brought up to date: {copy} — Voyage, 3 new entries (9 in all)\n")
    assert (copy / "campaign.toml").stat().st_mode & 0o777 == 0o600
    assert (copy / "journal" / "000001.toml").stat().st_mode & 0o777 == 0o640
    assert [path.read_bytes() for path in backups(copy)][-2:] == [
        replaced,
        (copy / "campaign.toml").read_bytes(),
    ]
    assert len(backups(copy)) == len(kept) + 1
    assert sorted(p.name for p in copy.iterdir()) == [
        ".lock",
        "backups",
        "campaign.toml",
        "genes.toml",
        "journal",
    ]
    assert main(["check", str(copy), "--verify-rolls"]) == 0
    with Campaign.open(copy, write=False) as there, Campaign.open(home, write=False) as here:
        assert there.state["options"] == here.state["options"]


def test_stopped_before_the_state_it_opens_with_the_new_entries_rolled_forward(
    copies, tmp_path, capsys, monkeypatch
) -> None:
    """The journal first, the state last: a rename that fails at the state leaves a
    campaign that opens, with the pack's entries, rolled forward to the pack's state."""
    home, _, copy = copies
    assert main(["set", str(home), "options.karma", "false"]) == 0
    assert main(["pack", str(home), "-o", str(tmp_path / "new.pack")]) == 0
    capsys.readouterr()
    real = os.replace

    def failing(source, target):  # type: ignore[no-untyped-def]
        if Path(target).name == "campaign.toml":
            raise OSError(28, "No space left on device")
        real(source, target)

    monkeypatch.setattr(pack_update.os, "replace", failing)
    status, _, err = unpacked(capsys, tmp_path / "new.pack", copy)
    assert status == 2
    assert err == (
        f"meneur: error: {copy}: stopped while being brought up to date (No space left on"
        " device): it opens as it was, or with the pack's entries to roll forward\n"
    )
    monkeypatch.undo()
    assert not [p for p in copy.iterdir() if p.name.startswith(".unpacking")]
    with Campaign.open(copy) as campaign:
        assert campaign.journal.last_id == 7
        assert campaign.state["options"]["karma"] is False
    assert main(["check", str(copy), "--verify-rolls"]) == 0


def test_a_campaign_of_several_chunks_round_trips(tmp_path, capsys) -> None:
    from tests.saves.packs_crafted import appended

    home, away = tmp_path / "home", tmp_path / "away"
    played(home)
    appended(home, 600)
    assert main(["pack", str(home), "-o", str(tmp_path / "a.pack")]) == 0
    assert main(["unpack", str(tmp_path / "a.pack"), str(away)]) == 0
    appended(home, 300)
    assert main(["pack", str(home), "-o", str(tmp_path / "b.pack")]) == 0
    assert main(["unpack", str(tmp_path / "b.pack"), str(away)]) == 0
    capsys.readouterr()
    for name in ("000001", "000002", "000003", "000004"):
        path = f"journal/{name}.toml"
        assert (away / path).read_bytes() == (home / path).read_bytes(), path
    assert main(["check", str(away), "--verify-rolls"]) == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_new_entries_that_do_not_apply_to_the_copy_are_refused(copies, tmp_path, capsys, lang):
    """The copy's state edited by hand where the pack's new entry changes it: the entry
    expects another value than the copy holds; refused, naming the entry."""
    home, _, copy = copies
    assert main(["set", str(home), "options.karma", "false"]) == 0
    assert main(["pack", str(home), "-o", str(tmp_path / "new.pack")]) == 0
    capsys.readouterr()
    state = copy / "campaign.toml"
    state.write_bytes(state.read_bytes().replace(b"karma = true", b"karma = false"))
    refused(
        capsys,
        tmp_path / "new.pack",
        copy,
        lang,
        "entry 7 of the pack does not apply to the copy here: nothing unpacked",
        "l'entrée 7 du paquet ne s'applique pas à la copie d'ici\u00a0: rien n'est déballé",
    )
