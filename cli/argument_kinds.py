"""The command line's parser and the argument kinds every command shares: whole numbers in
bounds, positions, the options common to rolls, the campaign folder, who sees an entry
and whose view a reading gives."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from .parser_words import said as parser_said
from .usage import UsageError


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command, not a usage dump,
    and that takes each option by its whole name alone: argparse's abbreviations
    (``--a`` for ``--as``) escape what reads the words before argparse does (the
    language of ``--lang``, the app's options), and a new option would change what an
    abbreviation a script typed means."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, message)


def _whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argument type for a whole number, optionally within ``low``…``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                parser_said("must be a whole number, not {text!r}", text=text)
            ) from None
        if high is None and low is not None and value < low:
            raise argparse.ArgumentTypeError(
                parser_said("must be {low} or more, not {value}", low=low, value=value)
            )
        if high is not None and low is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(
                parser_said("must be {low} to {high}, not {value}", low=low, high=high, value=value)
            )
        return value

    return parse


whole_number = _whole_number
"""The same, by the name a system's room outside meneur imports (see
docs/adding-a-system.md)."""


def _positions(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) - 1 for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            parser_said("give five dice numbers 1-10 separated by commas, not {text!r}", text=text)
        ) from None


def _add_common(parser: argparse.ArgumentParser, *, rolling: bool) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--lang", choices=["fr", "en"], help=LANG_HELP)
    if rolling:
        parser.add_argument(
            "--seed",
            type=_whole_number(0),
            help="seed of the dice (the same seed gives the same roll)",
        )
        journal = parser.add_argument_group("journal (with --campaign)")
        journal.add_argument(
            "--campaign", metavar="DIR", help="append the roll to this campaign's journal"
        )
        journal.add_argument("--label", metavar="TEXT", help="what was tried, for the journal")
        journal.add_argument("--at", metavar="TIME", help="in-game time, for the journal")
        journal.add_argument(
            "--character",
            metavar="ID",
            help="the acting character (cosmos: uses and moves the karma on their sheet)",
        )
        _add_secrecy(journal)


LANG_HELP = (
    "the language it speaks (default: the campaign's, else the one chosen in the app, "
    "else the locale's)"
)

DIR_HELP = "the campaign's folder (default: the campaign used last)"

SECRECY_HELP = (
    "who may see it: public (everyone), private (the player --as NAME and the GM), "
    "gm (the GM alone: a blind roll); by default the campaign's [secrecy] for a roll's "
    "kind, else public; a player's roll of a kind the GM keeps is blind whatever is asked"
)


def _add_secrecy(group: Any) -> None:
    """Options of a write: who may see the entry."""
    group.add_argument(
        "--visibility", choices=["public", "private", "gm"], default=None, help=SECRECY_HELP
    )
    add_seat(group)
    group.add_argument(
        "--announce",
        action="store_true",
        help="a secret entry: tell the others it happened (never what it says); alone, "
        "the campaign's [secrecy] for a roll's kind, announced",
    )


def _add_viewer(parser: Parser) -> None:
    """Options of a read: whose view it is. The default is the audience's, which sees
    public entries only; the GM sees everything."""
    parser.add_argument(
        "--role",
        choices=["gm", "player", "audience"],
        help="see as the GM (everything), a player (--as NAME: public and their own), or the"
        " audience (public entries only: the default); --as NAME alone is the player's view",
    )
    add_seat(parser)


AS_HELP = (
    "act and see as this player of the table (their id or name): refused and shown exactly"
    " as at their seat; without it, the GM (whoever holds the files)"
)


def add_seat(parser: Any) -> None:
    """``--as NAME``: the seat a command acts from (see :mod:`meneur.cli.seats`)."""
    parser.add_argument("--as", dest="seat_name", metavar="NAME", help=AS_HELP)
