"""The language a command speaks — its ``--lang``, else the campaign's ``language``,
else the one the user chose in the app (their settings), else the locale's — apart from
:mod:`meneur.cli.text` so that a command that prints no roll does not import the odds
and records to find it out."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

    from meneur.content.strings import Strings
    from meneur.play.campaigns import Campaign
    from meneur.play.journal import Entry


def words_of(args: argparse.Namespace) -> Strings:
    """The words a command speaks (:func:`settle_language` has decided which)."""
    from meneur.content.strings import default_language, strings

    return strings(getattr(args, "lang", None) or default_language())


def settle_language(args: argparse.Namespace | SimpleNamespace, campaign: Path | None) -> None:
    """Decide the language of a command whose ``--lang`` was not given, once, before it
    runs: the language of ``campaign`` (the campaign it names or uses), else the one
    the user chose in the app, else the locale's. Read cheaply: a campaign's
    ``language`` is among the first lines of its campaign.toml (top-level keys come
    before any table); a file that cannot be read leaves it to the command to say so."""
    if getattr(args, "lang", None) or not hasattr(args, "lang"):
        return
    found = _campaign_language(campaign) if campaign is not None else None
    args.lang = found or users_language()


def users_language() -> str:
    """The language the user chose in the app (their settings), else the locale's."""
    from meneur.content.strings import default_language
    from meneur.play import settings

    return settings.language() or default_language()


_LANGUAGE = re.compile(r"""^\s*language\s*=\s*["'](fr|en)["']\s*(?:#.*)?$""", re.MULTILINE)


def _campaign_language(directory: Path) -> str | None:
    from meneur.content.own_files import NotOwnFile, read_own

    try:
        text = read_own(directory / "campaign.toml").decode("utf-8", "replace")
    except (OSError, NotOwnFile):
        return None
    head = re.split(r"^\s*\[", text, maxsplit=1, flags=re.MULTILINE)[0]
    found = _LANGUAGE.search(head)
    return found.group(1) if found else None


def written(
    entry: Entry, campaign: Campaign, args: argparse.Namespace, *, kind: bool = False
) -> str:
    """The line saying ``entry`` was written: its number and its words as the journal
    reads them, in the command's language (whoever wrote it, in whichever language);
    with its kind first when ``kind`` (``#2 scène : …``)."""
    from meneur.play.reading import read_entry

    words = words_of(args)
    text = read_entry(entry, campaign, words.t).text
    if kind:
        text = f"{words.t(f'cli.kind.{entry.kind}')}{words.t('shown.colon')}{text}"
    from meneur.core.table_rules import GM_SEAT
    from meneur.play.views import number_for

    # The seat the command wrote as (seat_of keeps it); told the number if theirs to know.
    seat = getattr(args, "_seat", None) or GM_SEAT
    number = number_for(seat.viewer, entry)
    return text if number is None else f"#{number} {text}"
