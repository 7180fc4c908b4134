"""A campaign's own gene tree (``genes.toml``): its genes' numbers count on the sheets and
in the tests, so ``check`` reads it with the genetic rule on and refuses one that does
not read, naming the file; a tree whose effects are words passes; a file that is no
plain file is refused without being read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign

WORDS = '[tree]\nname = "T"\n[genes.a]\nname = "A"\nkind = "normal"\neffect = "+10 % aux parades"\n'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def dna_campaign(tmp_path: Path) -> Path:
    campaign = Campaign.create(tmp_path / "c", system="cosmos", name="ADN", options={"dna": True})
    act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    return campaign.directory


def test_a_tree_of_words_passes_and_a_broken_one_is_named(capsys, tmp_path) -> None:
    directory = dna_campaign(tmp_path)
    genes = directory / "genes.toml"
    genes.write_text(WORDS, encoding="utf-8")
    assert run(capsys, "check", str(directory))[0] == 0
    genes.write_text(WORDS + "gives = { forse = 5 }\n", encoding="utf-8")
    status, _, err = run(capsys, "check", str(directory), "--lang", "en")
    assert status == 2
    assert err.startswith(f"meneur: error: {genes}: genes.a: a gene gives to one of the six")
    assert "not “forse”" in err
    assert "Traceback" not in err
    before = (directory / "campaign.toml").read_bytes()
    status, _, err = run(capsys, "set", str(directory), "characters.kael.sheet.karma", "3")
    assert status == 2  # what check refuses, every command refuses
    assert (directory / "campaign.toml").read_bytes() == before


def test_a_fifo_for_a_gene_tree_is_refused_unread(capsys, tmp_path) -> None:
    directory = dna_campaign(tmp_path)
    os.mkfifo(directory / "genes.toml")  # reading it would wait for ever
    status, _, err = run(capsys, "check", str(directory), "--lang", "en")
    assert status == 2
    assert f"{directory / 'genes.toml'}: not a plain file" in err
