"""The interface's language: its strings (from :mod:`meneur.content.strings`) and the
small formatting helpers every screen shares."""

from __future__ import annotations

from meneur.content.strings import LANGUAGES, Strings, default_language, strings

__all__ = ["LANGUAGES", "Strings", "default_language", "signed", "strings"]


def signed(value: int) -> str:
    """An integer with its sign, using a true minus: ``+2``, ``−2``, ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"
