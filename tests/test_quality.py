"""Lint and types are part of the test suite: ruff format, ruff check, strict mypy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STRICT_PACKAGES = ("core", "saves", "play", "cli", "tui", "serve")
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


@pytest.mark.long
def test_mypy_strict_on_core_saves_and_cli(tmp_path: Path) -> None:
    # The documented command, as in a plain checkout: pyproject.toml's [tool.mypy] names
    # the packages and the layout (.mypy-layout) that gives the folders their installed
    # names.
    result = run(sys.executable, "-m", "mypy", f"--cache-dir={tmp_path / 'cache'}", cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout
    checked = int(result.stdout.split(" in ")[-1].split()[0])
    assert checked >= len(list(ROOT.glob("core/**/*.py")))  # not an empty run
    import tomllib

    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["strict"] is True
    assert set(mypy["packages"]) == {f"meneur.{name}" for name in STRICT_PACKAGES}
    for name in {*STRICT_PACKAGES, "content"}:  # the layout's links lead to the folders
        assert (ROOT / ".mypy-layout" / "meneur" / name).resolve() == ROOT / name


def test_the_interface_imports_no_cycle_through_the_app() -> None:
    """Screens and widgets never import the app module, which imports them: what they
    share with it lives beside it (the language in tui/i18n.py, start-up in
    tui/startup.py)."""
    import ast

    tui = ROOT / "tui"
    offenders = []
    for path in sorted([*tui.glob("screens/**/*.py"), *tui.glob("widgets/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                absolute = node.module or ""
                if node.level:  # relative to the file's package
                    package = ("meneur", *path.parent.relative_to(ROOT).parts)
                    absolute = ".".join([*package[: len(package) - node.level + 1], absolute])
                names = [absolute, *(f"{absolute}.{a.name}" for a in node.names)]
                if "meneur.tui.app" in names:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_every_package_folder_is_installed_not_only_in_an_editable_install() -> None:
    # Found by building a wheel: the rule systems' packages (meneur.core.cosmos…) were
    # missing from setuptools' list, so only an editable install (the README's) had them;
    # `pip install .` would have installed an app that cannot import its rules.
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = project["tool"]["setuptools"]
    folders = {folder: package for package, folder in setuptools["package-dir"].items()}
    listed = set(setuptools["packages"])
    for init in sorted(ROOT.glob("*/**/__init__.py")):
        folder = init.parent.relative_to(ROOT)
        if (
            folder.parts[0] in ("tests", "benchmarks", "docs", ".venv")
            or "site-packages" in folder.parts
        ):
            continue
        top = str(folder.parts[0])
        if top not in folders:
            continue
        package = ".".join([folders[top], *folder.parts[1:]])
        assert package in listed, f"{folder} is not installed: add {package} to packages"
