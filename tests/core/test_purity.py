"""The rules core stays pure: no UI library, no disk, no clock, no global randomness."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import meneur.core

CORE_DIR = Path(meneur.core.__file__).parent
MODULES = sorted(m.name for m in pkgutil.walk_packages(meneur.core.__path__, prefix="meneur.core."))
FORBIDDEN_IMPORTS = {
    "textual",
    "rich",
    "os",
    "pathlib",
    "io",
    "shutil",
    "tempfile",
    "time",
    "datetime",
    "secrets",
}


def test_every_core_module_is_listed() -> None:
    assert len(MODULES) >= 10
    assert "meneur.core.resolution.rules" in MODULES
    assert "meneur.core.cosmos.mutations" in MODULES


@pytest.mark.parametrize("module", ["meneur.core", *MODULES])
def test_importing_a_core_module_imports_no_textual_or_rich(module: str) -> None:
    probe = (
        "import importlib, sys\n"
        f"importlib.import_module({module!r})\n"
        "loaded = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich'))\n"
        "print(loaded)\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"{module} pulled in {result.stdout.strip()} {result.stderr}"


@pytest.mark.parametrize(
    "path", sorted(CORE_DIR.rglob("*.py")), ids=lambda p: str(p.relative_to(CORE_DIR))
)
def test_core_sources_touch_no_disk_clock_or_global_random(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name.split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module.split(".")[0]]
            if node.module == "random":
                pytest.fail(
                    f"{path.name}:{node.lineno}: 'from random import' reaches the global generator"
                )
        else:
            names = []
        bad = FORBIDDEN_IMPORTS.intersection(names)
        assert not bad, f"{path.name}:{node.lineno} imports {bad}"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "open"
        ):
            pytest.fail(f"{path.name}:{node.lineno} opens a file")
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "random"
            and node.attr not in {"Random"}
        ):
            pytest.fail(f"{path.name}:{node.lineno}: random.{node.attr} is the global generator")
