"""The command line's campaign commands (``new``, ``note``, ``journal``, ``export``,
``serve``…): their words and options. The names are a contract, as in
:mod:`meneur.cli.arguments`.

The commands of one system (the Great Cosmos's ``fatigue``, ``combat``…) are declared
by its room (``meneur.cli.cosmos.arguments``). (Just over 600 lines: a declaration per
command, in the order ``meneur --help`` lists them, read best as one list.)"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from .argument_kinds import DIR_HELP, Parser, _add_secrecy, _add_viewer, _whole_number, add_seat


def _add_stats(commands: Any, from_dir: str) -> None:
    stats = commands.add_parser(
        "stats",
        help="luck you can see: the rolls, their successes against the exact odds each had,"
        f" and how likely it was to do no better; {from_dir}",
    )
    stats.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    stats.add_argument("--character", metavar="ID", help="one character's rolls (its id or name)")
    stats.add_argument(
        "--session", type=_whole_number(1), metavar="N", help="the Nth session's rolls only"
    )
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.add_argument("--lang", choices=["fr", "en"], help="its words (default: the locale's)")
    marks = stats.add_mutually_exclusive_group()
    marks.add_argument(
        "--leave-out",
        type=_whole_number(1),
        metavar="ID",
        help="the GM: leave roll ID out of the luck (a roll made by mistake); undo takes it back",
    )
    marks.add_argument(
        "--count-again", type=_whole_number(1), metavar="ID", help="the GM: count roll ID again"
    )
    _add_viewer(stats)


class _Unused:
    """The options of a command not being run: taken and dropped. Building every
    command's options cost the command line about 6 ms a run (a sixth of its start-up)
    for commands it would not run; their names and summaries are still listed."""

    def __getattr__(self, name: str) -> Any:
        return self._take

    def _take(self, *args: Any, **kwargs: Any) -> _Unused:
        return self


class _Commands:
    """The subcommands' action, giving the real parser only to the commands ``wanted``
    (every one when None)."""

    def __init__(
        self, commands: argparse._SubParsersAction[Parser], wanted: frozenset[str] | None
    ) -> None:
        self._commands = commands
        self._wanted = wanted

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        parser = self._commands.add_parser(name, **kwargs)
        if self._wanted is not None and name not in self._wanted:
            return _Unused()
        if name in SEATED:
            add_seat(parser)
        return parser


SEATED = frozenset(
    {
        *("session", "scene", "scene-end", "tension", "time", "check", "undo", "redo"),
        *("thread", "person", "clock", "track", "set", "unset", "invite", "serve"),
        *("fatigue", "skill", "move", "combat", "pack", "unpack"),
    }
)
"""The commands that read or write a campaign and take ``--as NAME`` here (the others
take it with their options of secrecy or of whose view it is): every one but ``new``."""


class _Seated:
    """A subcommand's verbs, each taking ``--as NAME`` (``meneur table remove gina --as
    bob`` is refused as at bob's seat)."""

    def __init__(self, verbs: Any) -> None:
        self._verbs = verbs

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        parser = self._verbs.add_parser(name, **kwargs)
        add_seat(parser)
        return parser


class _SystemKeys:
    """Every rule system's key, for ``new --system`` (other packages' included), looked
    up only when argparse asks: building the parser of a command not being run (it is
    built for ``meneur roll`` too) must not pay for looking at installed packages."""

    def __contains__(self, key: object) -> bool:
        from meneur.play.systems import is_system

        return is_system(key)

    def __iter__(self) -> Iterator[str]:
        from meneur.play.systems import keys

        return iter(keys())


def _add_campaign_commands(
    real: argparse._SubParsersAction[Parser], wanted: frozenset[str] | None = None
) -> None:
    """Every campaign command, listed with its summary; the options of those ``wanted``
    only (the words of the command line: the one it runs is among them), all of them
    when None (the reference, a help listing)."""
    commands: Any = _Commands(real, wanted)
    from_dir = "DIR defaults to the campaign used last (or the default one)"
    new = commands.add_parser("new", help="create a campaign directory")
    new.add_argument("directory", metavar="DIR", help="the new campaign's folder")
    new.add_argument(
        "--system",
        required=True,
        choices=_SystemKeys(),
        help="its rule system",
    )
    new.add_argument("--name", help="the campaign's name (default: the directory's)")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an optional rule, e.g. dna=true or engine=d20 (see docs/save-format.md)",
    )

    note = commands.add_parser("note", help=f"write a note in the journal; {from_dir}")
    note.add_argument(
        "words",
        nargs="+",
        metavar="[DIR] TEXT",
        help="the note (the campaign used last without DIR)",
    )
    note.add_argument("--at", metavar="TIME", help="in-game time")
    note.add_argument("--edit", type=_whole_number(1), metavar="ID", help="rewrite note ID instead")
    _add_secrecy(note)

    for kind in ("session", "scene"):
        marker = commands.add_parser(kind, help=f"start a new {kind} in the journal; {from_dir}")
        marker.add_argument(
            "words",
            nargs="+",
            metavar="[DIR] TITLE",
            help="its title (the campaign used last without DIR)",
        )
        marker.add_argument("--at", metavar="TIME", help="in-game time")
        if kind == "scene":
            marker.add_argument(
                "--test",
                action="store_true",
                help="solo play: roll the scene test at the campaign's tension as it starts",
            )
            marker.add_argument("--seed", type=int, help="the scene test's seed")

    journal = commands.add_parser("journal", help=f"show the journal's last entries; {from_dir}")
    journal.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    journal.add_argument(
        "--last", type=_whole_number(1), default=20, metavar="N", help="how many entries"
    )
    journal.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (with --follow: one per entry, a line each)",
    )
    journal.add_argument(
        "-f",
        "--follow",
        action="store_true",
        help="keep printing entries as any process appends them (ctrl+c stops)",
    )
    _add_viewer(journal)

    export = commands.add_parser("export", help=f"export the journal; {from_dir}")
    export.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    export.add_argument(
        "--format",
        choices=["markdown", "html", "toml", "lonelog"],
        default="markdown",
        help="Markdown reads as a story; HTML is the same story as one page (a phone, a"
        " printer); TOML is the whole campaign, for other tools; Lonelog, the solo log"
        " notation (meneur import lonelog reads it back)",
    )
    export.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    export.add_argument(
        "--detailed",
        action="store_true",
        help="Markdown with everything: what was undone and struck, each roll's dice and seed"
        " (by default, the story as it was played)",
    )
    export.add_argument(
        "--split",
        action="store_true",
        help="Markdown as a notebook's folder (-o FOLDER): a file a session, each with YAML"
        " front matter (campaign, system, session, date), for Obsidian and the like",
    )
    export.add_argument(
        "--recap",
        action="store_true",
        help="previously on…: a session in a few lines (its scenes, the last notes, the open"
        " threads, the tension), fit for a chat message",
    )
    export.add_argument(
        "--session",
        type=_whole_number(1),
        metavar="N",
        help="with --recap: the Nth session (default: the latest)",
    )
    export.add_argument(
        "--lang", choices=["fr", "en"], help="the Markdown's headings (default: the locale's)"
    )
    _add_viewer(export)

    _add_stats(commands, from_dir)

    watch = commands.add_parser(
        "watch",
        help=f"a read-only view that follows the campaign live, for an audience; {from_dir}",
    )
    watch.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    watch.add_argument(
        "--layout",
        choices=["stream", "table"],
        default="stream",
        help="stream: the last roll big, the party, the recent journal (for a capture);"
        " table: the party and the journal",
    )
    watch.add_argument(
        "--background",
        metavar="COLOUR",
        help="a plain background colour (chroma key: green), or transparent (the terminal's own)",
    )
    watch.add_argument("--lang", choices=["fr", "en"], help="the view's language")
    watch.add_argument(
        "--theme", metavar="NAME", help="a theme: meneur-contrast (high contrast), textual-dark…"
    )
    _add_viewer(watch)

    web = commands.add_parser(
        "web",
        help="serve the read-only view (as meneur watch) to a browser or an OBS Browser"
        f" Source, on 127.0.0.1, at an address with a secret token; {from_dir}",
    )
    web.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    web.add_argument("--port", type=_whole_number(1), default=8000, help="default 8000")
    web.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only); another one"
        " needs --allow-remote",
    )
    web.add_argument(
        "--allow-remote",
        action="store_true",
        help="listen on an address other machines reach (the token is then all that keeps"
        " the view; over the network it travels in clear without TLS: see the streaming"
        " guide)",
    )
    web.add_argument(
        "--layout",
        choices=["stream", "table"],
        default="stream",
        help="stream: the last roll big, for a capture; table: the party and the journal",
    )
    web.add_argument(
        "--background",
        metavar="COLOUR",
        help="a plain background colour, or transparent (an OBS source over a scene)",
    )
    web.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help="a page address the view may be opened from besides its own (behind a reverse"
        " proxy: https://stream.example.org); may be repeated",
    )
    web.add_argument(
        "--max-pages",
        type=_whole_number(1, 64),
        default=8,
        metavar="N",
        help="pages open at once (each runs a view of its own; default 8)",
    )
    web.add_argument("--lang", choices=["fr", "en"], help="the view's language")
    web.add_argument("--theme", metavar="NAME", help="a theme, as for meneur watch")
    web.add_argument(
        "--publish",
        metavar="FOLDER",
        help="also write the audience's picture into FOLDER at every change (its broadcast"
        " page, view.json, the audience's campaign.toml), for any static web host to serve",
    )
    web.add_argument(
        "--no-serve",
        action="store_true",
        help="with --publish: only write the folder, serve nothing",
    )
    _add_viewer(web)

    serve = commands.add_parser(
        "serve",
        help="open the campaign to the table over SSH: the GM and the players (keys in its"
        f" table.toml) each play from their own terminal; {from_dir}",
    )
    serve.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    serve.add_argument(
        "--ssh",
        metavar="[HOST:]PORT",
        default="127.0.0.1:2222",
        help="where to listen (default 127.0.0.1:2222, this machine only; 0.0.0.0:2222 for"
        " other machines)",
    )
    serve.add_argument(
        "--web",
        metavar="[HOST:]PORT",
        help="also serve seats in a browser (meneur invite prints their links), e.g."
        " 127.0.0.1:8000; behind a reverse proxy with TLS to reach it from elsewhere",
    )
    serve.add_argument(
        "--origin",
        action="append",
        default=[],
        metavar="URL",
        help="with --web: a page address seats may be opened from besides the table's own"
        " (behind a reverse proxy: https://table.example.org); may be repeated",
    )
    serve.add_argument(
        "--headless",
        action="store_true",
        help="serve only: no GM app in this terminal (nobody can admit: invites need --admit)",
    )
    serve.add_argument("--lang", choices=["fr", "en"], help="the language of clients without LANG")
    serve.add_argument("--seed", type=int, help="reproducible dice (each connection its own)")
    serve.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="processes that play the connections (default: one per core; 0: all in this one)",
    )

    from .library import add_library_command

    add_library_command(commands)

    table = commands.add_parser(
        "table", help=f"who may join the campaign's shared table (table.toml); {from_dir}"
    )
    table_verbs = _Seated(table.add_subparsers(dest="table_verb", metavar="VERB", required=True))
    table_list = table_verbs.add_parser("list", help="the GM's and players' seats and keys")
    table_list.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_gm = table_verbs.add_parser("gm", help="add a GM key (and set the GM's name)")
    table_gm.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_gm.add_argument("--key", required=True, help="a public key line (or a .pub file)")
    table_gm.add_argument("--name", help="how the table calls the GM")
    table_player = table_verbs.add_parser(
        "player", help="add a player (or a key, characters to one)"
    )
    table_player.add_argument("ident", metavar="ID", help="the player's id: alice")
    table_player.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_player.add_argument("--key", help="a public key line (or a .pub file)")
    table_player.add_argument("--name", help="how the table calls them (default: the id)")
    table_player.add_argument(
        "--character", action="append", default=[], metavar="ID", help="a character they play"
    )
    table_remove = table_verbs.add_parser(
        "remove", help="remove a player, their keys and invites (their seats end at once)"
    )
    table_remove.add_argument("ident", metavar="ID", help="the player's id (a short name: alice)")
    table_remove.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_ban = table_verbs.add_parser(
        "ban", help="remove a player and refuse their keys until unban (their seats end at once)"
    )
    table_ban.add_argument("ident", metavar="ID", help="the player's id")
    table_ban.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_unban = table_verbs.add_parser("unban", help="lift a ban: they may be invited again")
    table_unban.add_argument("ident", metavar="ID", help="the banned player's id")
    table_unban.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_invites = table_verbs.add_parser(
        "invites", help="the invites that still open a seat (meneur invite), and when they end"
    )
    table_invites.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_revoke = table_verbs.add_parser(
        "revoke", help="revoke an invite: its code and link open nothing any more"
    )
    table_revoke.add_argument("ident", metavar="ID", help="the invite's id (meneur table invites)")
    table_revoke.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    table_viewers = table_verbs.add_parser(
        "viewers", help="whether unknown keys may join as read-only viewers"
    )
    table_viewers.add_argument(
        "welcome",
        choices=["anyone", "none"],
        help="anyone: unknown keys may watch, read-only; none: they are refused",
    )
    table_viewers.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)

    invite = commands.add_parser(
        "invite",
        help="invite a player (or a viewer) to the shared table: an ssh command with a"
        f" one-time code and a browser link, as text and a QR code; {from_dir}",
    )
    invite.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    who = invite.add_mutually_exclusive_group(required=True)
    who.add_argument("--player", metavar="ID", help="the player's id at the table: bob")
    who.add_argument("--viewer", action="store_true", help="a read-only viewer (the stream)")
    invite.add_argument("--name", help="how the table calls the player (default: the id)")
    invite.add_argument(
        "--character", action="append", default=[], metavar="ID", help="a character they play"
    )
    invite.add_argument(
        "--expires",
        default="24h",
        metavar="TIME",
        help="how long the code and link open the seat: 30m, 24h, 7d (default 24h)",
    )
    invite.add_argument(
        "--admit",
        action="store_true",
        help="they sit at once, without waiting for the GM to let them in",
    )
    invite.add_argument(
        "--api",
        action="store_true",
        help="a token for the table's feed and actions (a bot, an overlay, a stream deck"
        " acting for this seat), which opens no page and no terminal",
    )
    invite.add_argument(
        "--host",
        help="the address players reach the table at (default: this machine's name)",
    )
    invite.add_argument("--ssh-port", type=_whole_number(1, 65535), default=2222, metavar="PORT")
    invite.add_argument("--web-port", type=_whole_number(1, 65535), default=8000, metavar="PORT")
    invite.add_argument(
        "--url",
        metavar="URL",
        help="the browser door's public address, behind a reverse proxy:"
        " https://table.example.org (instead of http://HOST:WEB-PORT)",
    )
    invite.add_argument(
        "--qr",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a QR code of the link (default: when printing to a terminal)",
    )
    invite.add_argument(
        "--plain",
        action="store_true",
        help="the ssh command opens the plain seat (lines and a prompt, for a screen reader "
        "or a braille display) instead of the full-screen app",
    )
    invite.add_argument("--lang", choices=["fr", "en"], help="the language of the invite")
    invite.add_argument("--json", action="store_true", help="print JSON")

    check = commands.add_parser("check", help=f"check that a campaign reads cleanly; {from_dir}")
    check.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    check.add_argument(
        "--verify-rolls", action="store_true", help="also replay every roll from its seed"
    )

    verify = commands.add_parser(
        "verify",
        help="check the rolls of an exported campaign (meneur export --format toml) against"
        " the dice its sessions committed, without the campaign's folder",
    )
    verify.add_argument("file", metavar="FILE", help="a TOML export, anyone's view")

    importing = commands.add_parser(
        "import", help="read another notation's log into a new campaign"
    )
    importing.add_argument("notation", choices=["lonelog"], help="the log's notation")
    importing.add_argument("file", metavar="FILE", help="the log (Markdown or plain text)")
    importing.add_argument("directory", metavar="DIR", help="the new campaign's folder")
    importing.add_argument(
        "--system",
        choices=_SystemKeys(),
        help="its rule system (default: the one the log's ruleset names, else resolution)",
    )
    importing.add_argument("--lang", choices=["fr", "en"], help="the report's language")

    packing = commands.add_parser(
        "pack",
        help="the whole campaign in one file, to carry to another computer (meneur unpack"
        f" there): its journal, state, own files and open session's dice key, not the"
        f" table's access; {from_dir}",
    )
    packing.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    packing.add_argument("-o", "--output", required=True, metavar="FILE", help="the pack to write")
    unpacking = commands.add_parser(
        "unpack",
        help="a pack (meneur pack) into a new folder, or over an older copy of the same"
        " campaign, which it brings up to date; anything else is refused",
    )
    unpacking.add_argument("file", metavar="FILE", help="the pack")
    unpacking.add_argument(
        "directory", metavar="DIR", help="a new folder, or one holding an older copy"
    )

    for verb in ("undo", "redo"):
        command = commands.add_parser(verb, help=f"{verb} the last state change; {from_dir}")
        command.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)

    time = commands.add_parser(
        "time",
        help="the Chronoste: the in-game date and time, or advance it (+30m, +2h, +3d,"
        f" morning, night); {from_dir}",
    )
    time.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] [STEP]",
        help="+30m, +2h, +3d, morning, night; none: show the time",
    )

    tension = commands.add_parser(
        "tension",
        help="solo play: the campaign's tension (1 calm … 5 crisis), or set it (a number, "
        f"up, down); {from_dir}",
    )
    tension.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] [VALUE]",
        help="1 to 5, up or down; none: show the tension",
    )

    for kind, what, roll, seed in (
        (
            "thread",
            "threads (quests, questions, vows)",
            " roll NAME (its progress roll),",
            "with random or roll: the roll's seed",
        ),
        # A person has no progress roll: only a random pick has a seed.
        ("person", "people (characters and factions met)", "", "with random: the pick's seed"),
    ):
        story = commands.add_parser(
            kind,
            help=f"solo play: the story's {what}: list, add NAME, close, reopen, rename OLD "
            f"NEW, note NAME TEXT, weight NAME 1-3, progress NAME [BOXES],{roll} random;"
            f" {from_dir}",
        )
        story.add_argument(
            "words", nargs="*", metavar="[DIR] VERB [NAME …]", help="what to do, and to what"
        )
        story.add_argument(
            "--weight", type=_whole_number(1, 3), help="with add: 1–3 (random picks)"
        )
        story.add_argument("--notes", help="with add: a few words")
        story.add_argument("--seed", type=int, help=seed)
    clock = commands.add_parser(
        "clock",
        help="solo play: clocks of 4, 6, 8 or 12 segments: list, add NAME SEGMENTS, advance "
        f"NAME [N], ask NAME (the yes/no oracle: does it advance?), remove NAME; {from_dir}",
    )
    clock.add_argument(
        "words", nargs="*", metavar="[DIR] VERB [NAME …]", help="what to do, and to which clock"
    )
    clock.add_argument("--gm", action="store_true", help="with add: hidden from the players")
    clock.add_argument(
        "--likelihood", type=_whole_number(1, 5), default=3, help="with ask: 1–5 (default 3)"
    )
    clock.add_argument("--seed", type=int, help="with ask: the oracle's seed")
    track = commands.add_parser(
        "track",
        help="solo play: progress tracks of 10 boxes: list, add NAME RANK (simple, hard, "
        f"formidable, extreme, epic), mark NAME [MARKS], roll NAME (its filled boxes"
        f" against two d10), remove NAME; {from_dir}",
    )
    track.add_argument(
        "words", nargs="*", metavar="[DIR] VERB [NAME …]", help="what to do, and to which track"
    )
    track.add_argument("--gm", action="store_true", help="with add: hidden from the players")
    track.add_argument("--seed", type=int, help="with roll: the challenge dice's seed")

    scene_end = commands.add_parser(
        "scene-end",
        help="solo play: end the scene, saying whether it went the characters' way (yes: "
        f"the tension goes down one; no: up one); {from_dir}",
    )
    scene_end.add_argument(
        "words",
        nargs="+",
        metavar="[DIR] ANSWER",
        help="yes: the scene went the characters' way (tension −1); no: +1",
    )

    set_value = commands.add_parser(
        "set", help=f"set a value, e.g. characters.razors.sheet.karma 3; {from_dir}"
    )
    set_value.add_argument(
        "words",
        nargs="+",
        metavar="[DIR] KEY VALUE",
        help="a dotted key and a TOML value: characters.kael.sheet.karma 4",
    )
    unset = commands.add_parser("unset", help=f"delete a value, e.g. characters.razors; {from_dir}")
    unset.add_argument(
        "words", nargs="+", metavar="[DIR] KEY", help="a dotted key: characters.razors"
    )
