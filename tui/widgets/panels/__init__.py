"""One action panel per rule system; the table loads the campaign's only.

A system's panel is its room in the app: the module its record names for the ``tui``
layer (:attr:`meneur.core.systems.System.rooms`), whose ``PANEL`` is the panel's class
(an :class:`meneur.tui.widgets.panels.base.ActionPanel`).
"""

from __future__ import annotations

from typing import Any


def panel_class(system: str) -> Any:
    """The action panel class of ``system``, imported on demand.

    Raises:
        RulesError: for an unknown system, or one without a panel.
    """
    from meneur.play.systems import room

    return room(system, "tui").PANEL
