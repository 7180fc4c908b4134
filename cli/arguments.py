"""The command line's grammar: ``meneur odds|roll <system> …`` and ``meneur create``.

The names here are a contract: scripts and bots outside this repository rely on them.
Parsing never prints a usage block: a mistake is one line on stderr and exit status 2.

Only the system being run gets its options (and imports its rules module for their
choices); the others are listed by name and summary, so one command pays for one system.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping

from .argument_kinds import LANG_HELP, Parser, _add_common, _whole_number
from .campaign_arguments import _add_campaign_commands, _Commands
from .parser_words import argv_language, speaking, translate_parser
from .rooms import add_room_commands
from .rooms import commands as test_commands

__all__ = ["build_parser", "parse_arguments"]


_EVERY = "\0every"
"""The system selected when every one gets its options (no system is named so)."""

APP_OPTIONS = ("--campaign", "--lang", "--seed")
"""The options of ``meneur`` alone (the app); each takes a value."""


def _opens_app(argv: list[str]) -> bool:
    """Whether ``argv`` only opens the app: no command, no help, only the app's options."""
    wants_value = False
    for argument in argv:
        if wants_value:
            wants_value = False
        elif argument in APP_OPTIONS:
            wants_value = True
        elif argument.split("=", 1)[0] not in APP_OPTIONS and argument != "--version":
            return False
    return True


def _app_parser() -> Parser:
    """``meneur`` with the app's options and ``--version``, no commands yet."""
    parser = Parser(
        prog="meneur",
        description="meneur: exact odds and reproducible rolls for five French "
        "tabletop role-playing systems.",
    )
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    parser.add_argument(
        "--campaign", metavar="DIR", help="the app opens this campaign (default: the last one)"
    )
    parser.add_argument(
        "--lang", choices=["fr", "en"], help="the app's language (default: from the locale)"
    )
    parser.add_argument(
        "--seed", type=_whole_number(0), help="the app's dice from this seed (reproducible)"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="the table as plain lines and a prompt, for a screen reader or a braille "
        "display, instead of the full-screen app",
    )
    parser.add_argument(
        "--as",
        dest="seat_name",
        metavar="NAME",
        help="with --plain: sit as this player of the table (their id or name); without it, the GM",
    )
    # The server's plain seat (serve/plain_seat.py) passes the seat it serves by its role
    # and id, never by a name: no help, nobody types it.
    parser.add_argument("--served-seat", nargs=2, metavar=("ROLE", "ID"), help=argparse.SUPPRESS)
    parser.set_defaults(command=None)
    return parser


def _names_another_test(argv: list[str] | None, tests: Mapping[str, object]) -> bool:
    """Whether ``argv`` asks ``odds`` or ``roll`` for a test meneur does not ship (or
    for the list of them): only then are other packages' systems looked for, which
    costs more than the rest of the start-up."""
    words = [word for word in argv or () if not word.startswith("-")]
    for verb in ("odds", "roll"):
        if verb in words:
            after = words[words.index(verb) + 1 :]
            return not after or after[0] not in tests
    return False


def build_parser(argv: list[str] | None = None, *, every_system: bool = False) -> Parser:
    """The ``meneur`` command line, with full options for the system ``argv`` names (for
    every system when ``every_system``: the shell's completion)."""
    tests = test_commands()
    others = _names_another_test(argv, tests)
    if others:
        tests = test_commands(others=True)
    selected = next((argument for argument in argv or () if argument in tests), None)
    if every_system:
        selected = _EVERY
    parser = _app_parser()
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    odds = commands.add_parser("odds", help="exact odds of every outcome, before rolling")
    systems = odds.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _add_systems(systems, rolling=False, selected=selected, others=others)

    roll = commands.add_parser("roll", help="roll dice for a test, reproducibly with --seed")
    systems = roll.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _add_systems(systems, rolling=True, selected=selected, others=others)

    wanted = None if argv is None else frozenset(argv)
    _add_campaign_commands(commands, wanted)
    add_room_commands(_Commands(commands, wanted), others=others)
    completion = commands.add_parser(
        "completion",
        help="print the shell's completion script for meneur, in the reader's language "
        '(bash: eval "$(meneur completion bash)" in ~/.bashrc)',
    )
    completion.add_argument("shell", choices=["bash", "zsh", "fish"], help="the shell")
    for command in commands.choices.values():
        _speaking(command)
        _keeping(command, {action.dest for action in parser._actions if action.default is None})
    return parser


def _keeping(parser: argparse.ArgumentParser, overall: set[str]) -> None:
    """Let ``meneur --lang fr COMMAND`` speak French: an option of ``parser`` (and the
    commands under it) that ``meneur`` itself takes, left out, leaves the value given
    before the command as it was.

    argparse gives a command's own defaults over the values read before it: ``meneur
    --lang fr odds …`` answered in English, its ``--lang`` undone by ``odds``'s."""
    for action in parser._actions:
        if action.dest in overall and action.default is None:
            action.default = argparse.SUPPRESS
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _keeping(command, overall)


def _speaking(parser: argparse.ArgumentParser) -> None:
    """Give ``parser`` and the commands under it a ``--lang`` where they have none: every
    command speaks its reader's language, given or the locale's."""
    # A command listed by name only (not the one being run) stays without options.
    listed = len(parser._actions) == 1
    if not listed and not any("--lang" in action.option_strings for action in parser._actions):
        parser.add_argument("--lang", choices=["fr", "en"], help=LANG_HELP)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                _speaking(command)


def _join_dashed_values(argv: list[str]) -> list[str]:
    """Glue ``--bonus-die -d4`` into ``--bonus-die=-d4``: argparse would read ``-d4`` as
    an option, and the contract writes it with a space."""
    joined: list[str] = []
    for argument in argv:
        if joined and joined[-1] == "--bonus-die" and argument.startswith("-d"):
            joined[-1] = f"--bonus-die={argument}"
        else:
            joined.append(argument)
    return joined


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse ``argv`` (default: the process's arguments).

    Raises:
        UsageError: with one line saying what is wrong.
    """
    arguments = _join_dashed_values(sys.argv[1:] if argv is None else argv)
    lang = argv_language(arguments)
    with speaking(lang):
        return _parse(arguments, lang)


def _parse(arguments: list[str], lang: str) -> argparse.Namespace:
    # Building every command's parser costs ~15 ms that opening the app need not wait for.
    parser = _app_parser() if _opens_app(arguments) else build_parser(arguments)
    translate_parser(parser, lang)
    command = _words_command(parser, arguments[:1])
    if command is not None:
        # Its words and its options in any order: ``meneur note DIR --edit 3 "text"``
        # (argparse alone refuses words after an option that follows words).
        namespace = argparse.Namespace(
            **{
                a.dest: a.default
                for a in parser._actions
                if argparse.SUPPRESS not in (a.dest, a.default)
            }
        )
        namespace.command = arguments[0]
        return command.parse_intermixed_args(arguments[1:], namespace)
    return parser.parse_args(arguments)


def _words_command(parser: Parser, first: list[str]) -> Parser | None:
    """The parser of command ``first[0]`` when it takes free words (a note's text, a
    story verb and its names) besides options; None otherwise."""
    if not first:
        return None
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found = action.choices.get(first[0])
            if found is not None and any(
                a.dest == "words" and a.nargs in ("+", "*") for a in found._actions
            ):
                return found  # type: ignore[no-any-return]
    return None


def _add_systems(
    subparsers: argparse._SubParsersAction[Parser],
    *,
    rolling: bool,
    selected: str | None,
    others: bool = False,
) -> None:
    """A parser for every test (``others``: also those of systems other packages add),
    with its options for the ``selected`` one alone."""
    verb = "roll" if rolling else "exact odds of"
    for name, found in test_commands(others=others).items():
        if not rolling and found.rolled_only:
            continue
        parser = subparsers.add_parser(
            name, help=f"{verb} {found.summary}", description=found.description or None
        )
        if selected in (name, _EVERY):
            found.options(parser, rolling)
            _add_common(parser, rolling=rolling)
