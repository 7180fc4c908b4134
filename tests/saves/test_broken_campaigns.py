"""A corpus of deliberately broken campaigns: each gives one clear message and is left
exactly as it was."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError

CORPUS = Path(__file__).parent / "broken"
CASES = sorted(path.name for path in CORPUS.iterdir() if path.is_dir())


def snapshot(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file()
    }


def test_the_corpus_is_there() -> None:
    assert len(CASES) >= 43


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("write", [True, False], ids=["writer", "reader"])
def test_a_broken_campaign_gives_one_clear_message_and_is_untouched(
    case: str, write: bool, tmp_path: Path
) -> None:
    directory = tmp_path / case
    shutil.copytree(CORPUS / case, directory)
    expected = (directory / "EXPECTED").read_text(encoding="utf-8").strip()
    before = snapshot(directory)
    with pytest.raises(CampaignError) as caught:
        Campaign.open(directory, write=write)
    message = str(caught.value)
    assert expected in message
    assert str(directory) in message  # the message names the file
    assert "\n" not in message
    assert snapshot(directory) == before  # not even a lock file


@pytest.mark.parametrize(
    "case", ["invalid_toml", "newer_schema", "truncated_chunk", "binary_state"]
)
def test_meneur_check_exits_2_with_the_message(case: str, tmp_path: Path) -> None:
    directory = tmp_path / case
    shutil.copytree(CORPUS / case, directory)
    expected = (directory / "EXPECTED").read_text(encoding="utf-8").strip()
    result = subprocess.run(
        [sys.executable, "-m", "meneur.cli.main", "check", str(directory)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
