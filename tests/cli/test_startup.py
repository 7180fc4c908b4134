"""The CLI's import path stays light: never textual, and the dice-odds module only when asked."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import sys
from meneur.cli.main import main
status = main({argv!r})
heavy = sorted(n for n in sys.modules if n.split('.')[0] in ('textual', 'rich', 'icepool'))
print(heavy, 'meneur.core.dice_odds' in sys.modules, file=sys.stderr)
sys.exit(1 if heavy or status else 0)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "resolution", "--score", "3", "--json"],
        ["roll", "cosmos", "--threshold", "50", "--seed", "1"],
        ["odds", "dice", "12d6>=5", "--json"],
        ["create", "cosmos", "--seed", "1", "--json"],
    ],
)
def test_the_cli_never_imports_textual_rich_or_icepool(argv: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    loads_dice_odds = result.stderr.split()[-1] == "True"
    assert loads_dice_odds is (argv[:2] == ["odds", "dice"])
