"""The Tale of Great Cosmos panel, a module per section (see :mod:`.panel`)."""

from .panel import CosmosPanel

PANEL = CosmosPanel
"""The panel the table shows for this system (see :mod:`meneur.tui.widgets.panels`)."""

__all__ = ["PANEL", "CosmosPanel"]
