"""The interface's remembered choices (the theme, the language), in the user data
directory: the same for the app, `meneur watch` and the servers; and what the interface
caches between runs (:func:`cached`, :func:`cache`), in the user's cache directory."""

from __future__ import annotations

from typing import Any

from meneur.content.toml_reader import TomlError, loads
from meneur.saves.locations import cache, cached, data_dir, keep

__all__ = ["cache", "cached", "language", "load", "save"]

SETTINGS_FILE = "settings.toml"


def load() -> dict[str, Any]:
    """The remembered settings; nothing remembered (or an unreadable file) gives {}."""
    try:
        return loads((data_dir() / SETTINGS_FILE).read_text(encoding="utf-8"))
    except (OSError, TomlError, UnicodeDecodeError):
        return {}


def language() -> str | None:
    """The language the user chose in the app (``fr`` or ``en``), if they chose one."""
    chosen = load().get("language")
    return chosen if chosen in ("fr", "en") else None


def save(**values: Any) -> None:
    """Remember ``values`` beside the other settings."""
    settings = load()
    settings.update(values)
    import tomli_w  # only to write: opening a campaign does not pay for it

    # A setting not remembered is no loss worth a message (a full or read-only disk).
    keep(SETTINGS_FILE, tomli_w.dumps(settings).encode("utf-8"))
