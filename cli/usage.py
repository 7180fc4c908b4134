"""The error for a command line that cannot be understood (light: the app's start-up
and every command import it without argparse)."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be understood.

    Shown as one line: ``<command>: error: <message>``.
    """

    def __init__(self, command: str, message: str) -> None:
        super().__init__(f"{command}: error: {message}")
