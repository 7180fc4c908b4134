"""meneur's own themes, for the app and the read-only views alike."""

from __future__ import annotations

from textual.theme import Theme

HIGH_CONTRAST = Theme(
    name="meneur-contrast",
    primary="#FFFF00",
    secondary="#00FFFF",
    accent="#FF00FF",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    success="#00FF00",
    warning="#FFAA00",
    error="#FF4040",
    dark=True,
)
"""A high-contrast theme: pure black, white and saturated signal colours."""
