"""The suite leaves the player's own meneur alone: every test, fixture of any scope and
process they start runs in the suite's own home (``tests/conftest.py``)."""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys
from pathlib import Path

import pytest

from tests.isolation import HOME_VARIABLES, fingerprint, real_places
from tests.pty_terminal import PtyTerminal


def _places_of_a_process() -> dict[str, str]:
    """Where a process started now keeps meneur's files, as it says itself."""
    script = (
        "import json, os, platformdirs\n"
        "from meneur.saves.locations import data_dir\n"
        "print(json.dumps({**{v: os.environ.get(v, '') for v in "
        f"{list(HOME_VARIABLES)!r}}}, 'data': str(data_dir()), "
        "'platformdirs': platformdirs.user_data_dir('meneur', appauthor=False)}))"
    )
    ran = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    places: dict[str, str] = json.loads(ran.stdout)
    return places


@pytest.fixture(scope="module")
def seen_before_any_test_fixture() -> dict[str, str]:
    """A module's fixture runs before the tests' own: what its process sees."""
    return _places_of_a_process()


def test_a_module_fixture_and_its_processes_run_in_the_suite_home(
    seen_before_any_test_fixture: dict[str, str],
) -> None:
    suite = Path(os.environ["MENEUR_SUITE_HOME"])
    account = Path(pwd.getpwuid(os.getuid()).pw_dir)
    for name, place in seen_before_any_test_fixture.items():
        assert Path(place).is_relative_to(suite), (name, place)
        assert not Path(place).is_relative_to(account) or account.is_relative_to(suite), name


def test_every_place_a_program_keeps_files_is_the_suite_s() -> None:
    suite = Path(os.environ["MENEUR_SUITE_HOME"])
    for name in HOME_VARIABLES:
        assert Path(os.environ[name]).is_relative_to(suite), name
    assert Path.home().is_relative_to(suite)


def test_the_fingerprint_sees_a_remembered_campaign_and_a_new_entry_of_the_home(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    (home / ".local" / "share" / "meneur").mkdir(parents=True)
    (home / ".bashrc").write_text("# unchanged\n")
    places = [place for place in real_places({"HOME": str(home)}) if place[0].is_relative_to(home)]
    before = fingerprint(places)
    (home / ".bashrc").write_text("# the person's own edit: only entries count here\n")
    assert fingerprint(places) == before
    remembered = home / ".local" / "share" / "meneur" / "current-campaign"
    remembered.write_text("/tmp/pytest-of-someone/camp\n")
    (home / ".config" / "meneur").mkdir(parents=True)
    after = fingerprint(places)
    changed = sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
    assert changed == [
        str(home / ".config"),
        str(home / ".config" / "meneur"),
        str(remembered),
    ]


def test_the_fingerprint_sees_a_write_inside_the_folders_the_suite_s_programs_use(
    tmp_path: Path,
) -> None:
    """Headless Chromium once wrote its crash reports and dconf's file in the real home,
    inside folders that were there already: the entries of ``~/.config`` and ``~/.cache``
    did not change, so a fingerprint of entries alone saw nothing."""
    home = tmp_path / "home"
    runtime = tmp_path / "run"
    reports = home / ".config" / "chromium" / "Crash Reports"
    profile = home / ".config" / "chromium" / "Default"
    for folder in (reports, profile, home / ".cache" / "dconf", home / ".pki" / "nssdb"):
        folder.mkdir(parents=True)
    (runtime / "dconf").mkdir(parents=True)
    (reports / "settings.dat").write_bytes(b"before")
    (profile / "History").write_bytes(b"the person's own browsing")
    environ = {"HOME": str(home), "XDG_RUNTIME_DIR": str(runtime)}
    places = [place for place in real_places(environ) if place[0].is_relative_to(tmp_path)]
    before = fingerprint(places)
    # The person browses meanwhile: their own profile is theirs to change.
    (profile / "History").write_bytes(b"the person's own browsing, and more of it")
    assert fingerprint(places) == before
    (reports / "settings.dat").write_bytes(b"after, longer")
    (home / ".cache" / "dconf" / "user").write_bytes(b"")
    (home / ".pki" / "nssdb" / "cert9.db").write_bytes(b"")
    (runtime / "dconf" / "user").write_bytes(b"")
    after = fingerprint(places)
    changed = sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))
    assert changed == [
        str(home / ".cache" / "dconf" / "user"),
        str(reports / "settings.dat"),
        str(home / ".pki" / "nssdb"),  # a file made in it: the folder's time changed
        str(home / ".pki" / "nssdb" / "cert9.db"),
        str(runtime / "dconf" / "user"),
    ]


def test_a_program_in_a_pseudo_terminal_draws_at_the_terminal_s_size() -> None:
    """Not at a size the test runner's environment says (readline, once imported, sets
    ``COLUMNS`` and ``LINES`` to 80 × 24 where it has no terminal, and xdist's workers
    inherited them): Textual asks ``shutil.get_terminal_size``, which reads them first."""
    terminal = PtyTerminal(
        [sys.executable, "-c", "import shutil; print('size', *shutil.get_terminal_size(), '.')"],
        {},
        size=(100, 30),
    )
    try:
        terminal.wait_for(" .")  # the line's end: all of it is on the screen
        assert "size 100 30 ." in terminal.text()
        assert terminal.wait() == 0
    finally:
        terminal.close()
