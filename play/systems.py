"""The rule systems, as the front ends ask for them.

A front end never names a system: it asks here for the campaign's record
(:class:`meneur.core.systems.System`) and for that system's room in its own layer —
the play room's words, the panel, the command line's arguments and text.
"""

from __future__ import annotations

from typing import Any

from meneur.core.systems import BUILT_IN, System, is_system, keys, system, system_of, systems

__all__ = [
    "BUILT_IN",
    "System",
    "is_system",
    "keys",
    "room",
    "system",
    "system_name",
    "system_of",
    "systems",
]


def system_name(key: str) -> str:
    """A system's French name (``Le Sphérier``), or the key as written when no system has
    it (a campaign listed before it is opened)."""
    return system(key).name if is_system(key) else key


def room(key: str, layer: str) -> Any:
    """The room of system ``key`` in ``layer`` (``play``, ``tui``, ``cli``), imported.

    Raises:
        RulesError: for an unknown system, or one without a room there.
    """
    return system(key).room(layer)
