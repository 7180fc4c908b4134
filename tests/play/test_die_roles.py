"""Every role the rules give a die reads as words in both languages: a missing one
showed its key to players ("(dice.role.inline)" in an export)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meneur.content.strings import strings
from meneur.play.reading import role_label

CORE = Path(__file__).resolve().parents[2] / "core"
ROLE = re.compile(r'"([a-z_]+)"')


def roles_in_core() -> set[str]:
    """The words given as a die's role where the core makes a die (``Die(…, "bonus")``,
    ``role="karma"``), every line that makes one read."""
    found: set[str] = set()
    for path in CORE.rglob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "Die(" in line or "role=" in line:
                found |= set(ROLE.findall(line))
    return found - {"utf-8"}


def test_the_core_gives_dice_roles() -> None:
    assert {"inline", "bonus", "reroll", "karma"} <= roles_in_core()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_role_reads_as_words(lang: str) -> None:
    t = strings(lang).t
    for role in sorted(roles_in_core()):
        said = role_label(role, t)
        assert said, role
        assert "dice.role" not in said, role
        assert not said.startswith("("), role
