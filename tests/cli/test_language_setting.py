"""The language a command speaks: its ``--lang``, else the campaign's ``language``
(written by ``meneur new``), else the one the user chose in the app, else the locale's
(English under the tests' C locale)."""

from __future__ import annotations

from pathlib import Path

import pytest

from meneur.cli.main import main
from meneur.play import settings
from meneur.saves.campaign import Campaign


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_campaign_speaks_the_language_it_was_made_in(capsys, tmp_path: Path) -> None:
    camp = str(tmp_path / "fr")
    assert run(capsys, "new", camp, "--system", "resolution", "--lang", "fr")[0] == 0
    assert 'language = "fr"' in (Path(camp) / "campaign.toml").read_text()
    assert run(capsys, "check", camp)[1].startswith("ok\u00a0: ")
    assert run(capsys, "check", camp, "--lang", "en")[1].startswith("ok: ")
    english = str(tmp_path / "en")
    assert run(capsys, "new", english, "--system", "resolution")[0] == 0  # the locale's
    assert run(capsys, "check", english)[1].startswith("ok: ")


def test_without_a_campaign_language_the_users_choice_counts(capsys, tmp_path: Path) -> None:
    camp = str(Campaign.create(tmp_path / "c", system="resolution").directory)
    assert run(capsys, "check", camp)[1].startswith("ok: ")  # the locale's: English
    settings.save(language="fr")  # chosen in the app
    assert run(capsys, "check", camp)[1].startswith("ok\u00a0: ")
    assert run(capsys, "roll", "dice", "2d6", "--seed", "1")[1].startswith("Jet de dés")
    assert run(capsys, "check", camp, "--lang", "en")[1].startswith("ok: ")


def test_a_language_check_refuses_names_file_and_key(capsys, tmp_path: Path) -> None:
    camp = Campaign.create(tmp_path / "c", system="resolution").directory
    state = camp / "campaign.toml"
    state.write_text('language = "de"\n' + state.read_text())
    status, _, err = run(capsys, "check", str(camp))
    assert status == 2
    assert 'campaign.toml: language: expected one of: "fr", "en", found "de"' in err


def test_the_language_given_before_the_command_is_the_commands(capsys, tmp_path: Path) -> None:
    """``meneur --lang fr COMMAND`` speaks French, as ``meneur COMMAND --lang fr`` does:
    the command's own option left out does not undo the one given before it."""
    camp = str(Campaign.create(tmp_path / "c", system="resolution").directory)
    assert run(capsys, "--lang", "fr", "odds", "resolution", "--score", "3")[1].startswith(
        "Résoudre une action\nScore à battre\u00a0: 3"
    )
    assert run(capsys, "--lang", "fr", "check", camp)[1].startswith("ok\u00a0: ")
    assert run(capsys, "--lang", "fr", "check", camp, "--lang", "en")[1].startswith("ok: ")
    assert run(capsys, "check", camp)[1].startswith("ok: ")
