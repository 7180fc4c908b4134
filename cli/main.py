"""The ``meneur`` console script: parse, call the core, print text or JSON.

This path never imports textual: scripts and bots call it many times a second.
"""

from __future__ import annotations

import json
import sys

from meneur.content import ContentError
from meneur.core.errors import RulesError

from . import commands, data, text
from .arguments import UsageError, build_parser, parse_arguments

EXIT_USAGE = 2
"""Exit status for anything the user typed that meneur cannot act on."""


def _version() -> str:
    # importlib.metadata costs ~30 ms to import: only pay it when asked.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("meneur")
    except PackageNotFoundError:
        return "unknown"


def run(argv: list[str] | None = None) -> int:
    """Run one command; return its exit status.

    Raises:
        UsageError, RulesError, ContentError: for :func:`main` to report.
    """
    args = parse_arguments(argv)
    if args.version:
        print(f"meneur {_version()}")
        return 0
    if args.command is None:
        build_parser().print_help()
        return 0
    if args.command == "odds":
        odds = commands.run_odds(args)
        output = data.odds_data(odds) if args.json else text.render_odds(odds)
    elif args.command == "roll":
        record = commands.run_roll(args)
        output = data.roll_data(record) if args.json else text.render_roll(record)
    else:
        creation = commands.run_create(args)
        output = data.creation_data(creation) if args.json else text.render_creation(creation)
    print(output if isinstance(output, str) else json.dumps(output, ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point: bad input is one line on stderr and exit status 2, never a traceback."""
    try:
        return run(argv)
    except UsageError as error:
        print(f"{error}", file=sys.stderr)
    except (RulesError, ContentError) as error:
        print(f"meneur: error: {error}", file=sys.stderr)
    except BrokenPipeError:
        # The reader went away (``meneur … | head``): nothing left to say to it.
        sys.stderr.close()
        return 0
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
