"""One action panel per rule system; the table loads the campaign's only."""

from __future__ import annotations

import importlib
from typing import Any

PANELS = {
    "resolution": ("resolution", "ResolutionPanel"),
    "cosmos": ("cosmos", "CosmosPanel"),
    "traits": ("traits", "TraitsPanel"),
    "spherier": ("spherier", "SpherierPanel"),
    "systemj": ("systemj", "SystemjPanel"),
}


def panel_class(system: str) -> Any:
    """The action panel class of ``system``, imported on demand."""
    module, name = PANELS[system]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
