"""meneur as users get it: the wheel built from this checkout carries every module and
data file, and, installed (not editable) into a fresh environment, runs a first
campaign, a roll, an export and the broadcast page.

The fresh environment finds meneur's dependencies in this one's site-packages (a path
file, no download): what it tests is meneur's wheel, not the package index. That meneur
itself comes from the wheel, not from this checkout, is asserted."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

from tests.waiting import PATIENCE, STEP

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("core", "content", "saves", "play", "tui", "serve", "cli")
TOKEN = "wheel-test-token-of-thirty-two-chars"


def _built_wheel(folder: Path) -> Path:
    """The wheel of a clean copy of the checkout (the build writes beside its sources)."""
    source = folder / "source"
    skipped = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, source / name, ignore=skipped)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "-q", "-w", str(folder / "dist"), str(source)],
        capture_output=True, text=True, timeout=PATIENCE,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (wheel,) = (folder / "dist").glob("meneur-*.whl")
    return wheel


def _expected_files() -> set[str]:
    """Every file of the packages, as the wheel names it (``meneur/content/…``)."""
    return {
        f"meneur/{name}/{path.relative_to(ROOT / name).as_posix()}"
        for name in PACKAGES
        for path in (ROOT / name).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


def _run(bin_dir: Path, env: dict[str, str], *argv: str, given: str = "") -> str:
    done = subprocess.run(
        [str(bin_dir / "meneur"), *argv],
        input=given, capture_output=True, text=True, timeout=PATIENCE, env=env,
    )  # fmt: skip
    assert done.returncode == 0, (argv, done.stderr)
    return done.stdout


def _get(url: str, server: subprocess.Popen[bytes]) -> str:
    """The body at ``url`` once the server answers."""
    deadline = time.monotonic() + PATIENCE
    while True:
        try:
            with urllib.request.urlopen(url, timeout=PATIENCE) as answer:
                assert answer.status == 200
                return str(answer.read().decode("utf-8"))
        except OSError:
            assert server.poll() is None, "meneur web ended"
            assert time.monotonic() < deadline, "meneur web did not answer"
            time.sleep(STEP)


@pytest.mark.long
def test_the_wheel_installed_as_users_get_it_plays(tmp_path: Path) -> None:
    from tests.serve.browser import free_port

    wheel = _built_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as built:
        missing = _expected_files() - set(built.namelist())
    assert sorted(missing) == []

    home = tmp_path / "env"
    venv.create(home, with_pip=False)
    bin_dir = home / "bin"
    asked = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    fresh = subprocess.run(
        [str(bin_dir / "python"), "-c", asked], capture_output=True, text=True, check=True
    ).stdout.strip()
    # The dependencies: this environment's site-packages, as a plain path (its own
    # path files, which point at this checkout, are not read from there).
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(fresh, "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install",
         "--no-deps", "--no-index", "-q", str(wheel)],
        capture_output=True, text=True, timeout=PATIENCE,
    )  # fmt: skip
    assert installed.returncode == 0, installed.stderr

    env = {
        key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")
    }
    env |= {"HOME": str(tmp_path / "home"), "MENEUR_DATA_DIR": str(tmp_path / "data")}
    env |= {"LANG": "en_GB.UTF-8", "MENEUR_WEB_TOKEN": TOKEN}
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import meneur.cli, meneur.content; "
         "print(meneur.cli.__file__); print(meneur.content.__file__)"],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=True,
    ).stdout.split()  # fmt: skip
    assert all(Path(file).is_relative_to(fresh) for file in where), where

    # The first run (the screen reader's way in: no terminal needed), its sample character.
    said = _run(bin_dir, env, "--plain", given="2d6\n")
    assert "First campaign" in said
    first = tmp_path / "data" / "campaigns" / "default"
    assert "Martial arts" in (first / "campaign.toml").read_text(encoding="utf-8")
    rolled = _run(
        bin_dir, env, "roll", "resolution", "--score", "3", "--seed", "4",
        "--campaign", str(first), "--label", "Climb the wall",
    )  # fmt: skip
    assert "Score to beat (Score à battre): 3" in rolled
    page = tmp_path / "story.html"
    _run(bin_dir, env, "export", str(first), "--format", "html", "-o", str(page))
    assert "Climb the wall" in page.read_text(encoding="utf-8")

    port = free_port()
    server = subprocess.Popen(
        [str(bin_dir / "meneur"), "web", str(first), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        start_new_session=True,
    )  # fmt: skip
    try:
        base = f"http://127.0.0.1:{port}"
        assert '<html lang="en"' in _get(f"{base}/broadcast?token={TOKEN}", server)
        assert "EventSource" in _get(f"{base}/broadcast/broadcast.js?token={TOKEN}", server)
        assert "Climb the wall" in _get(f"{base}/view.json?token={TOKEN}", server)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(PATIENCE)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
