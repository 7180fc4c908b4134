"""The rule systems, as the front ends ask for them.

A front end never names a system: it asks here for the campaign's record
(:class:`meneur.core.systems.System`), and its own layer's registry for that system's
room (the panel: :func:`meneur.tui.widgets.panels.app_room`; the command line's tests:
:mod:`meneur.cli.rooms`).
"""

from __future__ import annotations

from meneur.core.kinds import system_of
from meneur.core.systems import BUILT_IN, System, is_system, keys, system, systems

__all__ = [
    "BUILT_IN",
    "System",
    "is_system",
    "keys",
    "system",
    "system_name",
    "system_of",
    "systems",
]


def system_name(key: str) -> str:
    """A system's French name (``Le Sphérier``), or the key as written when no system has
    it (a campaign listed before it is opened)."""
    return system(key).name if is_system(key) else key
