"""The error for a command line that cannot be understood (light: the app's start-up
and every command import it without argparse)."""

from __future__ import annotations


class UsageError(Exception):
    """A command line that cannot be understood.

    ``message`` is English with ``{fields}`` filled from ``values`` (and the key of its
    French in ``content/ui/cli.fr.toml``). Shown as one line, ``<command>: error:
    <message>``, in the reader's language by :meth:`said`.
    """

    def __init__(self, command: str, message: str, **values: object) -> None:
        self.command = command
        self.message = message
        self.values = values
        from .parser_words import said

        filled = said(message, "en", **values) if values else message
        super().__init__(f"{command}: error: {filled}")

    def said(self, lang: str) -> str:
        """The line in ``lang``: ``meneur roll : erreur : …`` in French."""
        from .parser_words import said

        text = said(self.message, lang, **self.values)
        if lang == "fr":
            return f"{self.command}\u00a0: erreur\u00a0: {text}"
        return f"{self.command}: error: {text}"
