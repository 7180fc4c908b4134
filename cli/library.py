"""``meneur library``: the player's own random tables, offered in every campaign they run
as the GM. ``import`` (into the library, or ``--campaign DIR`` into one campaign),
``list``, ``show`` (each row's exact chance), ``export``, ``remove``, and ``copy`` (a
library table into a campaign, public or the GM's). Each verb is also said in French
(``importer``, ``liste``, ``montrer``, ``exporter``, ``retirer``, ``copier``: typed.toml's
``library_verb``), and shown so to a French reader.

Not ``meneur tables``: one letter from ``meneur table``, whose ``remove`` takes a player
off the table.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .argument_kinds import LANG_HELP
from .language import words_of
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core.tables import RandomTable

FORMS = {"toml": "toml", "md": "markdown", "markdown": "markdown", "csv": "csv"}
"""``export --format``: what each word gives."""


def add_library_command(commands: Any) -> None:
    """``meneur library VERB …`` and its options."""
    library = commands.add_parser(
        "library",
        help="your own random tables, offered in every campaign you run as the GM:"
        " import, list, show, export, remove, copy",
    )
    verbs = library.add_subparsers(dest="library_verb", metavar="VERB", required=True)
    imported = verbs.add_parser(
        "import",
        help="import tables from a file or a folder: CSV, TSV, Markdown, text,"
        " Foundry VTT or Datasworn JSON",
    )
    imported.add_argument("file", metavar="FILE", help="the file, or a folder of them")
    imported.add_argument(
        "--campaign", metavar="DIR", help="into this campaign's own tables, not your library"
    )
    imported.add_argument("--name", help="what to call the table (a file that makes one)")
    imported.add_argument(
        "--dice", metavar="DICE", help="the die its rows are rolled on, when the file does not say"
    )
    imported.add_argument(
        "--gm", action="store_true", help="the GM's alone, even once copied into a campaign"
    )
    imported.add_argument(
        "--replace",
        action="store_true",
        help="a table named as one of your library's takes its place (a file fixed)",
    )
    listed = verbs.add_parser("list", help="the tables of your library")
    listed.add_argument("--lang", choices=["fr", "en"], help=LANG_HELP)
    shown = verbs.add_parser("show", help="a table's rows and the exact chance of each")
    shown.add_argument("name", metavar="NAME", help="the table's name or key")
    exported = verbs.add_parser("export", help="a table as a file (printed, or to FILE)")
    exported.add_argument("name", metavar="NAME", help="the table's name or key")
    exported.add_argument("file", nargs="?", metavar="FILE", help="write it there (not printed)")
    exported.add_argument(
        "--format",
        choices=sorted(FORMS),
        help="toml (as the library keeps it), md or csv (default: FILE's suffix, else toml)",
    )
    removed = verbs.add_parser("remove", help="remove a table from your library")
    removed.add_argument("name", metavar="NAME", help="the table's name or key")
    copied = verbs.add_parser(
        "copy",
        help="copy a table of your library into a campaign, so its players and pack have it",
    )
    copied.add_argument("name", metavar="NAME", help="the table's name or key")
    copied.add_argument("--campaign", metavar="DIR", help="the campaign (default: the last one)")
    secret = copied.add_mutually_exclusive_group()
    secret.add_argument("--gm", action="store_true", default=None, help="the GM's alone")
    secret.add_argument(
        "--public", dest="gm", action="store_false", help="every player may see and roll it"
    )


def run_library(args: argparse.Namespace) -> str:
    """Run ``meneur library VERB``; the text to print.

    Raises:
        UsageError: for a name that is no table of the library, a file that is missing.
        ContentError, CampaignError: for a file that does not import (nothing written).
    """
    from .typed import key_of

    # The verb's key, whichever language it was typed in (the parser's Verbs give it).
    verb = key_of("library_verb", args.library_verb) or args.library_verb
    words = words_of(args)
    if verb == "import":
        return _import(args, words)
    if verb == "list":
        return _list(words)
    if verb == "copy":
        return _copy(args, words)
    table = _named(args, verb)
    if verb == "show":
        return show(table, words)
    if verb == "export":
        return _export(args, table, words)
    from meneur.play.library import remove

    remove(table.key)
    return words.t("library.removed", name=table.name)


def _command(args: argparse.Namespace, verb: str) -> str:
    """``meneur library VERB`` as its reader types it (``meneur library importer``)."""
    from .typed import word_of

    return f"meneur library {word_of('library_verb', verb, words_of(args).lang)}"


def _named(args: argparse.Namespace, verb: str) -> RandomTable:
    from meneur.play.library import library

    found = library()
    table = found.find(args.name)
    if table is None:
        known = ", ".join(t.name for t in found.tables) or "—"
        raise UsageError(
            _command(args, verb),
            "no table {name!r} in your library (tables: {known})",
            name=args.name,
            known=known,
        )
    return table


def _import(args: argparse.Namespace, words: Strings) -> str:
    from meneur.play import library

    path = Path(args.file)
    if not path.exists():
        raise UsageError(_command(args, "import"), "{file}: no such file", file=args.file)
    if args.campaign:
        if args.replace:
            raise UsageError(_command(args, "import"), "--replace is for your library")
        from meneur.play.campaigns import Campaign

        from .seats import seat_of

        with Campaign.open(Path(args.campaign)) as campaign:
            made = library.import_into_campaign(
                campaign,
                seat_of(args, campaign),
                path,
                name=args.name,
                dice=args.dice,
                gm=args.gm,
            )
        where = words.t("library.into_campaign", name=campaign.name)
        hint = words.t("library.campaign_hint", table="{table}", campaign=args.campaign)
    else:
        made = library.import_into_library(
            path, name=args.name, dice=args.dice, gm=args.gm, replace=args.replace
        )
        where = words.t("library.into_library")
        hint = words.t("library.roll_hint", table="{table}")
    lines = [
        words.t(
            "library.imported",
            tables=len(made.tables),
            rows=sum(len(t.entries) for t in made.tables),
            files=made.files,
            where=where,
        )
    ]
    lines += [f"  {_summary(table, words)}" for table in made.tables]
    if made.reworded:
        lines.append(words.t("library.reworded", count=made.reworded))
    first = made.tables[0]
    lines.append(hint.replace("{table}", first.key))
    return "\n".join(lines)


def _summary(table: RandomTable, words: Strings) -> str:
    """``Action — d100, 4 rows (action)``."""
    dice = table.dice or f"d{table.total_weight}"
    said = words.t("library.summary", dice=dice, rows=len(table.entries))
    return f"{table.name} — {said} ({table.key})"


def _list(words: Strings) -> str:
    from meneur.core.text import visible
    from meneur.play.library import library

    found = library()
    if not found.tables and not found.broken:
        return words.t("library.empty")
    lines = [words.t("library.listed", count=len(found.tables))]
    for table in found.tables:
        mark = f" · {words.t('library.gm')}" if table.key in found.gm else ""
        lines.append(f"  {_summary(table, words)}{mark}")
    for path, why in found.broken:
        lines.append(visible(words.t("library.broken", file=path.name, error=why)))
    return "\n".join(lines)


def show(table: RandomTable, words: Strings) -> str:
    """A table's rows as the book prints them, each with its exact chance."""
    from meneur.core.records import fraction_text
    from meneur.play.library import row_chances

    from .bars import percent

    rows = row_chances(table)
    width = max(len(label) for label, _, _ in rows)
    column = max(len(fraction_text(chance)) for _, chance, _ in rows)
    lines = [f"{table.name} — {table.dice or f'd{table.total_weight}'}"]
    for label, chance, text in rows:
        lines.append(
            f"{label:>{width}}  {percent(chance, words.lang):>6}  "
            f"{fraction_text(chance):<{column}}  {text}"
        )
    if any(entry.again for entry in table.entries):
        lines.append(words.t("library.again"))
    return "\n".join(lines)


def _export(args: argparse.Namespace, table: RandomTable, words: Strings) -> str:
    from meneur.play.library import export_text, library

    form = args.format
    if form is None and args.file:
        form = Path(args.file).suffix.lstrip(".").casefold()
    text = export_text(table, FORMS.get(form or "toml", "toml"), gm=table.key in library().gm)
    if not args.file:
        return text.rstrip("\n")
    from meneur.play.export import write_out

    write_out(Path(args.file), text.encode("utf-8"))
    return words.t("library.exported", name=table.name, file=args.file)


def _copy(args: argparse.Namespace, words: Strings) -> str:
    from meneur.play.campaigns import Campaign, current_campaign
    from meneur.play.library import copy_into_campaign

    from .seats import seat_of

    directory = Path(args.campaign) if args.campaign else current_campaign()
    with Campaign.open(directory) as campaign:
        entry = copy_into_campaign(campaign, seat_of(args, campaign), args.name, gm=args.gm)
    return f"#{entry.id} {entry.text}"
