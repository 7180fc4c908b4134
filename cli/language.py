"""The language a command speaks (its ``--lang``, else the locale's), apart from
:mod:`meneur.cli.text` so that a command that prints no roll does not import the odds
and records to find it out."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from meneur.content.strings import Strings


def words_of(args: argparse.Namespace) -> Strings:
    """The words a command speaks: its ``--lang``, else the locale's language."""
    from meneur.content.strings import default_language, strings

    return strings(getattr(args, "lang", None) or default_language())
