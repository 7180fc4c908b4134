"""A rule system is one room: outside its own files, meneur names a system only in the
registries that list the five it ships — the core's (core/systems.py, and core/kinds.py
for the Great Cosmos's kinds old journals name without its key) and each layer's
registry of its rooms (a loader each: the layer naming its own modules) — and where the
first run picks one (play/session.py: Résoudre une action, with Razors). Everything else
asks the record (meneur.core.systems.System) or its layer's registry — so a sixth
system needs no file of meneur changed."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from meneur.core.systems import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
FLOORS = ["core", "content", "saves", "play", "cli", "tui", "serve"]
ROOM_REGISTRIES = {
    "saves/schema_rooms.py": {"cosmos"},
    "play/rooms.py": set(BUILT_IN),
    "cli/rooms.py": set(BUILT_IN),
    "tui/widgets/panels/__init__.py": set(BUILT_IN),
}
"""Each layer's registry of its rooms, and the systems whose room it loads."""
NAMING = {
    "core/systems.py": set(BUILT_IN),
    "core/kinds.py": {"cosmos"},  # the old journals' modules of its kinds (mutations)
    "play/session.py": {"resolution"},
    **ROOM_REGISTRIES,
}
"""The files outside a room allowed to name a system, and which."""


def _in_room(path: Path, system: str) -> bool:
    """A system's room: its folders (core/cosmos/), its modules (play/traits.py) and the
    modules named after it (content/systemj.py, tui/widgets/panels/cosmos/)."""
    parts = path.relative_to(ROOT).parts
    return any(part == system or part.startswith((f"{system}.", f"{system}_")) for part in parts)


def _names(path: Path, system: str) -> list[str]:
    """Where ``path``'s code names ``system`` as a key, a module or an enum member: a
    name (``cosmos``, ``COSMOS_…``) or a string without spaces that holds it as a dotted
    part (``"cosmos"``, ``"cosmos.stat"``, ``"meneur.core.cosmos"``); prose in
    docstrings and comments is not naming."""
    found = []
    name = re.compile(rf"^(?i:{system})(_\w+)?$")
    dotted = re.compile(rf"(^|[.:]){system}([._:]|$)")
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and name.match(token.string):
            found.append(f"{token.start[0]}: {token.string}")
        elif token.type == tokenize.STRING:
            text = token.string.lstrip("rbufRBUF").strip("'\"")
            if not re.search(r"\s", text) and dotted.search(text):
                found.append(f"{token.start[0]}: {token.string}")
    return found


@pytest.mark.parametrize("system", BUILT_IN)
def test_no_file_outside_a_systems_room_names_it(system: str) -> None:
    naming = {
        str(path.relative_to(ROOT)): lines
        for floor in FLOORS
        for path in sorted((ROOT / floor).rglob("*.py"))
        if not _in_room(path, system)
        for lines in [_names(path, system)]
        if lines
    }
    allowed = {path for path, systems in NAMING.items() if system in systems}
    assert {path: lines for path, lines in naming.items() if path not in allowed} == {}
