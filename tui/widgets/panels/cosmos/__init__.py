"""The Tale of Great Cosmos panel, a module per section (see :mod:`.panel`)."""

from .panel import CosmosPanel

__all__ = ["CosmosPanel"]
