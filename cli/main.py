"""The ``meneur`` console script: parse, call the core, print text or JSON.

This path never imports textual: scripts and bots call it many times a second.
(Just over 600 lines: the dispatch of every command and the one place its errors become
a sentence and an exit code; the commands' own work lives in their modules.)
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from meneur.content import ContentError
from meneur.core.errors import RulesError

from .usage import UsageError

if TYPE_CHECKING:
    import argparse

    from meneur.play.rolling import Rolled


EXIT_USAGE = 2
"""Exit status for anything the user typed that meneur cannot act on."""

CAMPAIGN_COMMANDS = {
    "new": "run_new",
    "note": "run_note",
    "session": "run_mark",
    "scene": "run_mark",
    "journal": "run_journal",
    "export": "run_export",
    "stats": "stats:run_stats",
    "check": "run_check",
    "verify": "run_verify",
    "pack": "packs:run_pack",
    "import": "packs:run_import",
    "unpack": "packs:run_unpack",
    "undo": "run_undo_redo",
    "time": "run_time",
    "tension": "run_tension",
    "thread": "story:run_list",
    "person": "story:run_list",
    "clock": "story:run_clock",
    "track": "story:run_track",
    "scene-end": "run_scene_end",
    "redo": "run_undo_redo",
    "set": "run_set",
    "unset": "run_unset",
    "library": "library:run_library",
}
"""Each campaign command's function in meneur.cli.campaigns (imported when used)."""


def _version() -> str:
    # importlib.metadata costs ~30 ms to import: only pay it when asked.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("meneur")
    except PackageNotFoundError:
        return "unknown"


NO_TERMINAL = (
    "the app needs a terminal on its input and output (over SSH: ssh -t HOST meneur); "
    "scripts use the commands, see meneur --help"
)


APP_OPTIONS = {"--campaign": str, "--lang": ("fr", "en"), "--seed": int}
"""The options of ``meneur`` alone (the app), each with a value."""


def app_arguments(argv: list[str]) -> SimpleNamespace | None:
    """The options of ``meneur`` opening the app, read without argparse (~10 ms of the
    app's start-up); None for anything else, or for a value argparse must refuse (it
    then says why)."""
    found: dict[str, object] = {"campaign": None, "lang": None, "seed": None, "plain": False}
    version = False
    words = list(argv)
    while words:
        word = words.pop(0)
        if word == "--version":
            version = True
            continue
        if word == "--plain":
            found["plain"] = True
            continue
        name, equals, value = word.partition("=")
        if name not in APP_OPTIONS:
            return None
        if not equals:
            if not words:
                return None
            value = words.pop(0)
        kind = APP_OPTIONS[name]
        if kind is int:
            if not value.isascii() or not value.isdigit():
                return None
            found[name[2:]] = int(value)
        elif isinstance(kind, tuple):
            if value not in kind:
                return None
            found[name[2:]] = value
        else:
            found[name[2:]] = value
    return SimpleNamespace(command=None, version=version, **found)


def run_app(args: argparse.Namespace | SimpleNamespace) -> int:
    """``meneur`` alone opens the app (textual is imported only here); ``meneur --plain``
    the plain seat (lines for a screen reader: :mod:`meneur.cli.plain`, no textual).

    Raises:
        UsageError: without a terminal on stdin and stdout: the app would draw at a fixed
            size, read keys only after Enter, and outlive the client that started it.
    """
    import gc

    if getattr(args, "seat_name", None) is not None and not getattr(args, "plain", False):
        raise UsageError("meneur", "--as NAME goes with --plain (or a command)")
    if getattr(args, "plain", False):
        from .language import settle_language
        from .plain import run_plain

        settle_language(args, Path(args.campaign) if args.campaign else None)
        return run_plain(args)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("meneur", NO_TERMINAL)

    # Start-up makes a few hundred thousand objects that all live as long as the app: the
    # collector scanning them again and again costs ~60 ms before the first frame. The app
    # turns it back on once the table is drawn (meneur.tui.startup).
    gc.disable()
    from meneur.tui.app import start_app

    app = start_app(Path(args.campaign) if args.campaign else None, args.lang, args.seed)
    app.owns_terminal = True
    app.run()
    return 0


def run_watch(args: argparse.Namespace) -> int:
    """``meneur watch``: the read-only view (textual is imported only here).

    Raises:
        UsageError: without a terminal, as for the app.
        CampaignError: for a campaign that cannot be read.
    """
    import os

    served = os.environ.get("TEXTUAL_DRIVER", "").endswith(":WebDriver")  # meneur web
    if not served and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError("meneur watch", NO_TERMINAL)
    from meneur.content.strings import default_language, strings
    from meneur.play.campaigns import Campaign
    from meneur.tui.watch import WatchApp

    from .campaigns import _directory
    from .seats import viewer_of

    if args.background is not None:
        from meneur.serve.web import is_colour

        if not is_colour(args.background):
            raise UsageError(
                "meneur watch",
                "--background: {background!r} is not a colour",
                background=args.background,
            )
    campaign = Campaign.open(_directory(args.directory), write=False)
    viewer = viewer_of(args, campaign)
    app = WatchApp(
        campaign,
        strings(args.lang or default_language()),
        viewer,
        layout=args.layout,
        background=args.background,
        theme=args.theme,
    )
    app.run()
    return 0


def run_web(args: argparse.Namespace) -> int:
    """``meneur web``: serve ``meneur watch`` to browsers (see meneur.serve.web). Only on
    this machine unless ``--allow-remote``: the server has no authentication.

    Raises:
        UsageError: for another address without --allow-remote.
        CampaignError: for a campaign that cannot be read (checked before serving).
    """
    import os

    from meneur.play.campaigns import Campaign
    from meneur.serve.web import (
        LOCAL_HOSTS,
        TOKEN_ENV,
        TOKEN_MIN,
        guarded_server,
        is_colour,
        new_token,
        watch_command,
    )

    from .campaigns import _directory
    from .seats import viewer_of

    if args.host not in LOCAL_HOSTS and not args.allow_remote:
        raise UsageError(
            "meneur web",
            "{host} may be reached from other machines, where the view's token travels"
            " in clear without TLS: add --allow-remote if that is what you want",
            host=args.host,
        )
    if args.background is not None and not is_colour(args.background):
        raise UsageError(
            "meneur web", "--background: {background!r} is not a colour", background=args.background
        )
    if args.no_serve and not args.publish:
        raise UsageError("meneur web", "--no-serve goes with --publish FOLDER")
    token = os.environ.get(TOKEN_ENV) or new_token()
    if len(token) < TOKEN_MIN or not token.replace("-", "").replace("_", "").isalnum():
        raise UsageError(
            "meneur web",
            "{TOKEN_ENV}: at least {TOKEN_MIN} letters, digits, - or _ (a longer secret)",
            TOKEN_ENV=TOKEN_ENV,
            TOKEN_MIN=TOKEN_MIN,
        )
    directory = _directory(args.directory).resolve()
    campaign = Campaign.open(directory, write=False)
    viewer = viewer_of(args, campaign)  # refused now, not in every page
    publish = _publish_folder(args, viewer)
    command = watch_command(
        directory,
        layout=args.layout,
        background=args.background,
        lang=args.lang,
        role=args.role,
        player=args.seat_name,
        theme=args.theme,
    )
    url = f"http://{args.host}:{args.port}/?token={token}"
    from meneur.content.strings import default_language
    from meneur.core.text import visible

    from .language import words_of

    name = visible(campaign.name)
    words = words_of(args)
    lang = args.lang or default_language()
    if publish is not None:
        print(words.t("watch.web_publishing", folder=str(publish)), flush=True)
    if args.no_serve and publish is not None:
        from meneur.content.strings import strings
        from meneur.serve.publish import publish_only

        publish_only(directory, publish, strings(lang))  # until interrupted
        return 0
    print(words.t("watch.web_started", name=name, url=url), flush=True)
    print(words.t("watch.web_broadcast", url=url.replace("/?", "/broadcast?", 1)), flush=True)
    if args.role == "gm":
        print(words.t("watch.web_gm"), file=sys.stderr, flush=True)
    from meneur.content.strings import strings
    from meneur.serve.broadcast import Broadcasts

    guarded_server(
        command,
        host=args.host,
        port=args.port,
        title=name,
        token=token,
        origins=args.origin,
        max_pages=args.max_pages,
        lang=lang,
        background=args.background,
        broadcasts=Broadcasts(directory, strings(lang)),
        viewer=viewer,
        publish=publish,
    ).serve()  # until interrupted
    return 0


def _publish_folder(args: argparse.Namespace, viewer: object) -> Path | None:
    """The folder ``--publish`` names (None without it), refused for any viewer but the
    audience: a published folder is for anyone the host serves.

    Raises:
        UsageError: with --role or --as for another seat than the audience's.
    """
    from meneur.core.visibility import AUDIENCE

    if args.publish is None:
        return None
    if viewer != AUDIENCE:
        raise UsageError(
            "meneur web",
            "--publish writes the audience's picture only (anyone may read a published"
            " folder): not with --role or --as another seat",
        )
    return Path(args.publish).resolve()


def run_serve(args: argparse.Namespace) -> int:
    """``meneur serve``: the shared table over SSH (see meneur.serve.ssh); asyncssh and
    textual are imported only here.

    Raises:
        UsageError: for an address that is not one, or one that cannot be listened on.
        CampaignError: for a campaign that cannot be opened (checked before serving).
    """
    from meneur.content.strings import default_language
    from meneur.play.campaigns import Campaign, data_dir
    from meneur.serve.ssh import parse_address

    from .campaigns import _directory

    try:
        address = parse_address(args.ssh)
    except ValueError as error:
        raise UsageError("meneur serve", "--ssh: {error}", error=error) from None
    try:
        web = None if args.web is None else parse_address(args.web)
    except ValueError as error:
        raise UsageError("meneur serve", "--web: {error}", error=error) from None
    if args.origin and web is None:
        raise UsageError("meneur serve", "--origin is for the browser door: add --web")
    if args.workers is not None and not 0 <= args.workers <= 64:
        raise UsageError("meneur serve", "--workers: 0 to 64, not {workers}", workers=args.workers)
    if not args.headless and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise UsageError(
            "meneur serve", "the GM's app needs a terminal: add --headless to serve only"
        )
    directory = _directory(args.directory).resolve()
    with Campaign.open(directory, write=False) as campaign:  # refused now, before listening
        from .seats import governing

        governing(args, campaign)
    lang = args.lang or default_language()
    from meneur.play.lines import register_test_reader

    from .plain import read_test

    register_test_reader(read_test)  # the feed's tests, read as ``meneur roll`` reads them
    gm_app = None
    if not args.headless:

        def gm_app(server: object) -> object:
            from meneur.play.campaigns import default_author
            from meneur.tui.app import make_app

            campaign = Campaign.open(directory, author=default_author())
            app = make_app(campaign, lang=lang, seed=args.seed)
            app.session.presence = server.presence  # type: ignore[attr-defined]
            app.owns_terminal = True
            return app

    from meneur.serve.run import serve
    from meneur.serve.workers import worker_count

    try:
        return serve(
            directory,
            address,
            data_dir=data_dir(),
            lang=lang,
            seed=args.seed,
            headless=args.headless,
            gm_app=gm_app,
            workers=worker_count() if args.workers is None else args.workers,
            web=web,
            origins=tuple(args.origin),
        )
    except OSError as error:
        raise UsageError(
            "meneur serve", "{address}: {value}", address=address, value=error.strerror or error
        ) from None


_spoken: list[str] = []
"""The language the command being run speaks, once it is settled: its errors are said in
it (before that, in the one its command line asks for)."""


def _language(argv: list[str] | None) -> str:
    if _spoken:
        return _spoken[-1]
    from .parser_words import argv_language

    return argv_language(sys.argv[1:] if argv is None else argv)


def run(argv: list[str] | None = None) -> int:
    """Run one command; return its exit status.

    Raises:
        UsageError, RulesError, ContentError: for :func:`main` to report.
    """
    app = app_arguments(sys.argv[1:] if argv is None else argv)
    if app is not None:
        if app.version:
            print(f"meneur {_version()}")
            return 0
        return run_app(app)
    # Imported here: opening the app does not pay for building the commands' grammar.
    from .arguments import parse_arguments

    args = parse_arguments(argv)
    if args.version:
        print(f"meneur {_version()}")
        return 0
    if args.command is None:
        return run_app(args)
    from .language import settle_language

    settle_language(args, _campaign_named(args))
    _spoken.append(args.lang)
    if args.command == "watch":
        return run_watch(args)
    if args.command == "web":
        return run_web(args)
    if args.command == "serve":
        return run_serve(args)
    from .shown import shown_output

    # Whatever a command prints passes here: no control character reaches the terminal.
    data = getattr(args, "json", False) or getattr(args, "format", None) == "toml"
    with shown_output(data=data):
        return _run_command(args)


def _campaign_named(args: argparse.Namespace) -> Path | None:
    """The campaign folder a command names (``--campaign``, its ``DIR``, the first of its
    words when that is a campaign's folder), else, for a command that works on one, the
    campaign used last; None for a command that uses none (or one that cannot be read:
    the command says why)."""
    for given in (getattr(args, "campaign", None), getattr(args, "directory", None)):
        if given:
            return Path(given)
    words = getattr(args, "words", None)
    if words and (Path(words[0]) / "campaign.toml").is_file():
        return Path(words[0])
    if args.command in CAMPAIGN_COMMANDS and args.command != "new":
        from meneur.play.campaigns import current_campaign, gone_campaign

        return None if gone_campaign() is not None else current_campaign()
    return None


def _run_command(args: argparse.Namespace) -> int:
    """Run a command that prints its result (not the app, watch, web or serve)."""
    if args.command == "completion":
        from .completion import completion_script

        print(completion_script(args.shell, args.lang), end="")
        return 0
    if args.command == "table":
        from .table import run_table

        print(run_table(args))
        return 0
    if args.command == "invite":
        from .invite import run_invite

        return run_invite(args)
    if args.command not in CAMPAIGN_COMMANDS and args.command not in ("odds", "roll"):
        from .rooms import runner

        run_own = runner(args.command)  # a system's own command (meneur fatigue…)
        if run_own is not None:
            found = run_own(args)
            if found is None:
                return 0
            if not isinstance(found, str):
                import json

                found = json.dumps(found, ensure_ascii=False)
            print(found)
            return 0
    # Imported here, not at the top: the app's start-up does not pay for the CLI's output.
    from . import commands, data, text
    from .language import words_of

    if args.command == "odds":
        odds = commands.run_odds(args)
        output: object = (
            data.odds_data(odds) if args.json else text.render_odds(odds, words_of(args))
        )
    elif args.command == "roll":
        record, rolled = commands.run_roll(args)
        output = _roll_output(args, record, rolled)
        event = commands.run_event(args, record, rolled)
        if event is not None and event[1] is not None and event[1].blind:
            event = None  # journaled, for the GM: that it came would tell the answer
        if event is not None:  # the tension brought a random event
            said = _roll_output(args, *event)
            if isinstance(output, dict):
                output["event"] = said
            else:
                output = f"{output}\n\n{said}"
    else:
        import importlib

        module, _, function = CAMPAIGN_COMMANDS[args.command].rpartition(":")
        handlers = importlib.import_module(f"meneur.cli.{module or 'campaigns'}")
        output = getattr(handlers, function)(args)
        if output is None:
            return 0
        if isinstance(output, tuple):  # what to print, and the status to end with
            said, status = output
            print(said)
            return int(status)
    if not isinstance(output, str):
        import json

        output = json.dumps(output, ensure_ascii=False)
    print(output)
    return 0


def _roll_output(args: argparse.Namespace, record: Any, rolled: Rolled | None) -> Any:
    """A roll's output (JSON data or text, with its journal entry) as the table shows it
    to the seat that threw it (``--as``, :class:`meneur.play.rolling.Rolled`): of a
    blind roll, only that it was thrown; a player's, no seed they did not choose."""
    from . import data, text
    from .journaling import _with_entry
    from .language import words_of

    words = words_of(args)
    if rolled is not None and rolled.blind:
        output: str | dict[str, object] = {"blind": True} if args.json else words.t("shown.blind")
    else:
        seed = rolled is None or rolled.seed_shown
        output = (
            data.roll_data(record, seed=seed)
            if args.json
            else text.render_roll(record, words, seed=seed)
        )
        if rolled is not None and rolled.held:  # kept secret: its changes wait for the GM
            if isinstance(output, dict):
                output = {**output, "held": True}
            else:
                output += "\n" + words.t("shown.held")
    return _with_entry(output, rolled, words)


def main(argv: list[str] | None = None) -> int:
    """Entry point: bad input is one line on stderr and exit status 2, never a traceback."""
    try:
        status = run(argv)
        # What is still buffered is written now, where a reader gone away is caught
        # below: at exit, Python would say "Exception ignored" and end with status 120
        # (stdout is buffered when PYTHONUNBUFFERED is not set).
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away (``meneur … | head``): nothing left to say to it. What is
        # still buffered would fail again at exit, so stdout now goes nowhere.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except UsageError as error:
        _say(error.said(_language(argv)))
    except (RulesError, ContentError) as error:
        from meneur.content.strings import strings

        lang = _language(argv)
        _say(UsageError("meneur", "{error}", error=strings(lang).explain(error)).said(lang))
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        said = f"{where}{error.strerror or error}"
        _say(UsageError("meneur", "{error}", error=said).said(_language(argv)))
    except Exception as error:
        # Campaign errors are imported only when a campaign command fails, so the
        # rolling path does not pay for meneur.saves.
        from meneur.play.errors import CampaignError, UndoConflict

        if not isinstance(error, CampaignError):
            raise
        from meneur.content.strings import strings

        lang = _language(argv)
        # In the reader's language when it has words there: a campaign file's error
        # keeps its file and key; a seat's refusal is the sentence the table says. An
        # undo's conflict tells which entry and key are in the way: play raises it to the
        # GM's seat alone (a player's seat gets the table's sentence), decided by the
        # seat the command resolved, never by the words typed.
        detailed = isinstance(error, UndoConflict)
        said = str(error) if detailed else strings(lang).explain(error)
        _say(UsageError("meneur", "{error}", error=said).said(lang))
    finally:
        _spoken.clear()
    return EXIT_USAGE


def _say(message: str) -> None:
    """Print a message on stderr, its control characters shown, not sent (it may quote
    what was typed, or a campaign's text)."""
    from meneur.core.text import visible

    print(visible(message), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
