"""Lint and types are part of the test suite: ruff format, ruff check, strict mypy."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STRICT_PACKAGES = ("core", "saves", "cli", "tui", "serve")
"""Folders type-checked in strict mode."""


def run(
    *command: str, cwd: Path = ROOT, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env=env)


def test_ruff_format_leaves_every_file_unchanged() -> None:
    result = run(sys.executable, "-m", "ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_check_passes() -> None:
    result = run(sys.executable, "-m", "ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_on_core_saves_and_cli(tmp_path: Path) -> None:
    # The folders are installed as meneur.<name> by a setuptools mapping mypy cannot
    # follow, so give it the same layout through symlinks.
    package = tmp_path / "meneur"
    package.mkdir()
    for folder in {*STRICT_PACKAGES, "content"}:
        (package / folder).symlink_to(ROOT / folder, target_is_directory=True)
    arguments = [f"-p=meneur.{name}" for name in STRICT_PACKAGES]
    result = run(
        sys.executable,
        "-m",
        "mypy",
        "--strict",
        f"--config-file={ROOT / 'pyproject.toml'}",
        f"--cache-dir={tmp_path / 'cache'}",
        *arguments,
        cwd=tmp_path,
        env={**os.environ, "MYPYPATH": str(tmp_path)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout
