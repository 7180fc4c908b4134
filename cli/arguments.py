"""The command line's grammar: ``meneur odds|roll <system> …`` and ``meneur create``.

The names here are a contract: scripts and bots outside this repository rely on them.
Parsing never prints a usage block: a mistake is one line on stderr and exit status 2.

Only the system being run gets its options (and imports its rules module for their
choices); the others are listed by name and summary, so one command pays for one system.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from .usage import UsageError


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the command, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(self.prog, message)


def _whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argument type for a whole number, optionally within ``low``…``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
        if high is None and low is not None and value < low:
            raise argparse.ArgumentTypeError(f"must be {low} or more, not {value}")
        if high is not None and low is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low} to {high}, not {value}")
        return value

    return parse


def _positions(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) - 1 for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"give five dice numbers 1-10 separated by commas, not {text!r}"
        ) from None


def _add_common(parser: argparse.ArgumentParser, *, rolling: bool) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
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


DIR_HELP = "the campaign's folder (default: the campaign used last)"

SECRECY_HELP = (
    "who may see it: public (everyone), private (the player --as NAME and the GM), "
    "gm (the GM alone: a blind roll); by default the campaign's [secrecy] for a roll's "
    "kind, else public"
)


def _add_secrecy(group: Any) -> None:
    """Options of a write: who may see the entry."""
    group.add_argument(
        "--visibility", choices=["public", "private", "gm"], default=None, help=SECRECY_HELP
    )
    group.add_argument("--as", dest="player", metavar="NAME", help="the player who rolls or writes")
    group.add_argument(
        "--announce",
        action="store_true",
        help="a secret entry: tell the others it happened (never what it says)",
    )


def _add_viewer(parser: Parser) -> None:
    """Options of a read: whose view it is. The default is the audience's, which sees
    public entries only; the GM sees everything."""
    parser.add_argument(
        "--role",
        choices=["gm", "player", "audience"],
        help="see as the GM (everything), a player (--as NAME: public and their own), or the"
        " audience (public entries only: the default)",
    )
    parser.add_argument("--as", dest="viewer", metavar="NAME", help="the player whose view it is")


def _add_stats(commands: argparse._SubParsersAction[Parser], from_dir: str) -> None:
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


def _add_campaign_commands(commands: argparse._SubParsersAction[Parser]) -> None:
    from_dir = "DIR defaults to the campaign used last (or the default one)"
    new = commands.add_parser("new", help="create a campaign directory")
    new.add_argument("directory", metavar="DIR", help="the new campaign's folder")
    new.add_argument(
        "--system",
        required=True,
        choices=["resolution", "cosmos", "traits", "spherier", "systemj"],
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
        choices=["markdown", "html", "toml"],
        default="markdown",
        help="Markdown reads as a story; HTML is the same story as one page (a phone, a"
        " printer); TOML is the whole campaign, for other tools",
    )
    export.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    export.add_argument(
        "--detailed",
        action="store_true",
        help="Markdown with everything: what was undone and struck, each roll's dice and seed"
        " (by default, the story as it was played)",
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
    _add_viewer(web)

    element = commands.add_parser(
        "element",
        help="Great Cosmos: the coefficient of an element acting on another, and a damage or"
        " healing figure under it",
    )
    element.add_argument("acting", help="the acting element: FEU, glace, Élec, Water…")
    element.add_argument("target", help="the element acted upon (the target's)")
    element.add_argument(
        "figure", nargs="?", type=int, help="a damage or healing figure to multiply"
    )
    element.add_argument(
        "--campaign", metavar="DIR", help="with this campaign's own coefficients (read only)"
    )
    element.add_argument("--lang", choices=["fr", "en"], help="the elements' names")
    element.add_argument("--json", action="store_true", help="print JSON")

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

    table = commands.add_parser(
        "table", help=f"who may join the campaign's shared table (table.toml); {from_dir}"
    )
    table_verbs = table.add_subparsers(dest="table_verb", metavar="VERB", required=True)
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
    table_remove = table_verbs.add_parser("remove", help="remove a player and their keys")
    table_remove.add_argument("ident", metavar="ID", help="the player's id (a short name: alice)")
    table_remove.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
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
    invite.add_argument("--lang", choices=["fr", "en"], help="the language of the invite")
    invite.add_argument("--json", action="store_true", help="print JSON")

    check = commands.add_parser("check", help=f"check that a campaign reads cleanly; {from_dir}")
    check.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)
    check.add_argument(
        "--verify-rolls", action="store_true", help="also replay every roll from its seed"
    )

    for verb in ("undo", "redo"):
        command = commands.add_parser(verb, help=f"{verb} the last state change; {from_dir}")
        command.add_argument("directory", nargs="?", metavar="DIR", help=DIR_HELP)

    time = commands.add_parser(
        "time",
        help="the Chronoste: the in-game date and time, or advance it (+30m, +2h, +3j,"
        f" morning, night); {from_dir}",
    )
    time.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] [STEP]",
        help="+30m, +2h, +3j, morning|matin, night|nuit|soir; none: show the time",
    )

    fatigue = commands.add_parser(
        "fatigue",
        help="Great Cosmos: a character's fatigue (the endurance rule), or one step that "
        "moves it (meal, pause, short_rest, full_rest, full_rest_12h, healing, mana, "
        f"day, psychic_attack…); {from_dir}",
    )
    fatigue.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] CHARACTER [STEP]",
        help="the character (key or name) and a step: " + ", ".join(FATIGUE_STEPS),
    )
    fatigue.add_argument(
        "--count",
        type=int,
        default=1,
        help="hours of a short rest, days without food or sleep, FM a drink gives as it "
        "wears off (3-10)",
    )
    fatigue.add_argument(
        "--grade",
        choices=["standard", "plus", "max"],
        default="standard",
        help="a potion's grade (the seed's Standard, + and Max)",
    )
    fatigue.add_argument(
        "--fasted", action="store_true", help="a full rest without food or drink for 24 h"
    )
    fatigue.add_argument(
        "--optimal", type=int, default=0, help="a full rest's optimal conditions: 0-3 more"
    )
    fatigue.add_argument("--lang", choices=["fr", "en"], help="the entry's words")

    skill = commands.add_parser(
        "skill",
        help="Great Cosmos: a character's progressive skill tree (list, unlock SKILL, "
        f"upgrade SKILL UPGRADE), bought with skill points; {from_dir}",
    )
    skill.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] CHARACTER [VERB …]",
        help="list (the default), unlock SKILL, upgrade SKILL UPGRADE (keys or names)",
    )
    skill.add_argument(
        "--blessed",
        action="store_true",
        help="with unlock: a deity's blessing was given in play (a divine skill)",
    )
    skill.add_argument("--lang", choices=["fr", "en"], help="the words shown and journaled")

    moving = commands.add_parser(
        "move",
        help="Great Cosmos: a character on the grid (the movement rule): where they stand, "
        f"the squares left this turn and the others' distances, or a move to X,Y; {from_dir}",
    )
    moving.add_argument(
        "words", nargs="*", metavar="[DIR] CHARACTER [X,Y]", help="the character, and a square"
    )
    moving.add_argument(
        "--place", action="store_true", help="put the character there (counts no move)"
    )
    moving.add_argument(
        "--new-turn",
        action="store_true",
        help="the character's turn is over: their moves count again from nothing",
    )
    moving.add_argument("--lang", choices=["fr", "en"], help="the words shown and journaled")

    fight = commands.add_parser(
        "combat",
        help="Great Cosmos: a character's combat state, or a step of it (offensive, "
        f"defensive, light, dark, turn-end, revive, provoke TARGET); {from_dir}",
    )
    fight.add_argument(
        "words",
        nargs="*",
        metavar="[DIR] CHARACTER [VERB]",
        help="show (the default), offensive, defensive, light, dark, turn-end, revive,"
        " provoke TARGET",
    )
    fight.add_argument("--seed", type=int, help="the posture die's seed (light, turn-end)")
    fight.add_argument("--lang", choices=["fr", "en"], help="the words shown and journaled")

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

    for kind, what in (
        ("thread", "threads (quests, questions, vows)"),
        ("person", "people (characters and factions met)"),
    ):
        story = commands.add_parser(
            kind,
            help=f"solo play: the story's {what}: list, add NAME, close, reopen, rename OLD "
            f"NEW, note NAME TEXT, weight NAME 1-3, progress NAME [BOXES], roll NAME (a"
            f" thread's progress roll), random; {from_dir}",
        )
        story.add_argument(
            "words", nargs="*", metavar="[DIR] VERB [NAME …]", help="what to do, and to what"
        )
        story.add_argument(
            "--weight", type=_whole_number(1, 3), help="with add: 1–3 (random picks)"
        )
        story.add_argument("--notes", help="with add: a few words")
        story.add_argument("--seed", type=int, help="with random or roll: the roll's seed")
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
        help="solo play: progress tracks of 10 boxes: list, add NAME RANK (simple, ardu, "
        f"redoutable, extreme, epique), mark NAME [MARKS], roll NAME (its filled boxes"
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
        metavar="[DIR] yes|no",
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


def _resolution_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.resolution.rules import Alteration, Declared, Interest, Intrinsic

    how = parser.add_argument_group("difficulty (one of)")
    how.add_argument("--score", type=_whole_number(), help="score to beat, set directly")
    how.add_argument(
        "--intrinsic",
        choices=[i.value for i in Intrinsic],
        help="the intrinsic difficulty (with --interest)",
    )
    how.add_argument(
        "--interest",
        choices=[i.value for i in Interest],
        help="the scenaristic interest (with --intrinsic)",
    )
    how.add_argument(
        "--declared",
        choices=[d.value for d in Declared],
        help="the GM declares the action trivial (success) or impossible (failure): no roll",
    )
    how.add_argument(
        "--opposed",
        type=_whole_number(),
        nargs="+",
        metavar="N",
        help="opposed action: the defender's engaged element scores (difficulty 3 - their sum)",
    )
    parser.add_argument(
        "--element",
        type=_whole_number(0, 99),
        action="append",
        default=[],
        metavar="N",
        help="an element's score; give it twice for two elements (needs --typical)",
    )
    parser.add_argument(
        "--lend",
        action="append",
        default=[],
        metavar="NAME=N",
        help="collaborative action: a helper lends an element of score N (after any --element)",
    )
    parser.add_argument(
        "--group",
        action="store_true",
        help="group action with individual failure: two elements from two characters; on"
        " failure one of them fails",
    )
    parser.add_argument(
        "--typical", action="store_true", help="the action is typical for the first element"
    )
    parser.add_argument(
        "--alteration",
        choices=[a.value for a in Alteration],
        default=Alteration.STABLE.value,
        help="how side effects come",
    )


def _oracle_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.oracles import Lean

    parser.add_argument(
        "--lean",
        choices=[lean.value for lean in Lean],
        required=True,
        help="whether the environment leans against the characters, for them, or neither",
    )
    parser.add_argument("--question", default="", help="the question asked, for the record")


def _yesno_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--likelihood",
        type=_whole_number(1, 5),
        required=True,
        help="1 very unlikely, 2 unlikely, 3 even, 4 likely, 5 very likely",
    )
    parser.add_argument("--question", default="", help="the question asked, for the record")
    _tension_option(parser)


def _tension_option(parser: Parser) -> None:
    parser.add_argument(
        "--tension",
        type=_whole_number(1, 5),
        help="the tension, 1 calm … 5 crisis (solo play: random events on a double below "
        "it, answers bent); with --campaign, the campaign's when its solo option is on",
    )


def _scene_options(parser: Parser, rolling: bool) -> None:
    _tension_option(parser)
    parser.add_argument("--scene", default="", help="the scene expected, for the record")


def _cosmos_options(parser: Parser, rolling: bool) -> None:
    threshold = parser.add_mutually_exclusive_group(required=True)
    threshold.add_argument(
        "--threshold", type=_whole_number(), help="value to roll under (a stat, or given)"
    )
    threshold.add_argument(
        "--stat",
        type=_stat,
        action="append",
        help="a stat's value, or with --character its name (force, esprit…: the sheet's "
        "value, and the character's fatigue and posture apply); give several to roll "
        "under the floor of their mean",
    )
    parser.add_argument(
        "--bonus", type=_whole_number(), default=0, help="bonus (or -malus) in %% points"
    )
    parser.add_argument(
        "--karma", type=_whole_number(-10, 10), default=0, help="the karma, −10 to +10"
    )
    parser.add_argument(
        "--state-bonus",
        type=_whole_number(),
        default=0,
        help="what the character's state adds in %% points (fatigue, a posture's die); "
        "--character works it out",
    )
    parser.add_argument(
        "--critical-failures",
        type=_whole_number(0, 90),
        default=0,
        help="points the critical failures' band widens by (an extreme fatigue: 5)",
    )
    parser.add_argument(
        "--concentrated",
        action="store_true",
        help="with --character: concentrating this turn (light fatigue cancelled, others halved)",
    )
    parser.add_argument(
        "--aura",
        type=int,
        choices=[2, 3, 4, 5, 6],
        help="an opponent's aura row against this test (with --character; 5 also without):"
        " 2-4 bonuses removed, 3 and 4 also -10 and -20 %%; 5 a plain success rolled again"
        " without bonuses; 6 a passive Esprit test first (--aura-test)",
    )
    parser.add_argument(
        "--final-skill",
        action="store_true",
        help="the test is the Final Skill: critical failures ignored (Annulation critique);"
        " with --character, level 5+ in Illumination or Sépulcrale, which it ends",
    )
    parser.add_argument(
        "--aura-test",
        choices=["passed", "failed"],
        help="with --aura 6: how the passive Esprit test went (failed: no action)",
    )
    parser.add_argument(
        "--concentration-test",
        choices=["passed", "failed"],
        help="with --concentrated at an extreme fatigue: how its passive Esprit test went",
    )


def _stat(text: str) -> int | str:
    """A Great Cosmos stat: a whole number, or a stat's name (resolved on a sheet)."""
    from meneur.core.words import folded

    if text.strip().lstrip("-").isdigit():
        return int(text)
    name = folded(text).replace("é", "e")
    known = ("force", "esprit", "charisme", "agilite", "precision", "chance")
    if name not in known:
        raise argparse.ArgumentTypeError(
            f"a stat is a whole number or one of {', '.join(known)}, not {text!r}"
        )
    return name


def _intuition_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--intuition", type=_whole_number(0, 6), default=3, help="the intuition, 0 to 6"
    )


def _dice_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument("expression", help="the dice expression (quote it in the shell)")


def _traits_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.traits.rules import PokerPolicy

    policies = [policy.value for policy in PokerPolicy]
    parser.add_argument(
        "--dice",
        type=_whole_number(0, 100),
        required=True,
        metavar="N",
        help="the d6 of the pool (the trait's value)",
    )
    parser.add_argument(
        "--difficulty",
        type=_whole_number(0),
        metavar="D",
        help="the Difficulty (a d6 at least it succeeds)",
    )
    parser.add_argument(
        "--need", type=_whole_number(1), default=1, metavar="R", help="successes needed"
    )
    parser.add_argument(
        "--bonus", type=_whole_number(), default=0, metavar="B", help="a bonus to the test"
    )
    parser.add_argument("--bonus-die", metavar="d6|-d4", help="a variable bonus or malus die")
    blessing = parser.add_mutually_exclusive_group()
    blessing.add_argument("--bless", action="store_true", help="Difficulty - 1")
    blessing.add_argument("--curse", action="store_true", help="Difficulty + 1")
    parser.add_argument(
        "--forced-poker", action="store_true", help="a talent forces the Coup de poker"
    )
    if rolling:

        def poker_choice(text: str) -> int | PokerPolicy:
            if text in policies:
                return PokerPolicy(text)
            try:
                value = int(text)
            except ValueError:
                raise argparse.ArgumentTypeError(
                    f"is a number of dice or one of {', '.join(policies)}, not {text!r}"
                ) from None
            if value < 0:
                raise argparse.ArgumentTypeError(f"rerolls 0 dice or more, not {value}")
            return value

        parser.add_argument(
            "--poker",
            type=poker_choice,
            metavar="K|never|max|when-short",
            help="the Coup de poker: dice to reroll, or a policy",
        )
        parser.add_argument(
            "--after", action="store_true", help="the blessing or curse is declared after the roll"
        )
    else:
        parser.add_argument(
            "--poker", choices=policies, default="never", help="when to try the Coup de poker"
        )
    parser.add_argument(
        "--against",
        type=_whole_number(0, 100),
        metavar="M",
        help="opposed test: the defender's dice (both at Difficulty 4; --need is the "
        "attacker's minimum)",
    )
    parser.add_argument(
        "--defender-poker",
        choices=policies,
        default="never",
        help="opposed test: when the defender tries the Coup de poker",
    )


def _spherier_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.spherier.rules import Engine

    parser.add_argument(
        "--engine",
        choices=[e.value for e in Engine],
        required=True,
        help="the campaign's engine: d6 successes or a d20 score",
    )
    parser.add_argument("--mastery", type=_whole_number(), metavar="M", help="the Maîtrise")
    parser.add_argument("--limit", type=_whole_number(0), metavar="L", help="the Limite")
    parser.add_argument(
        "--skill", metavar="'Bluff<+10, 6>'", help="the skill in sheet notation, instead"
    )
    parser.add_argument(
        "--dd", metavar="DD", help="a number or facile, moyenne, difficile, tres-difficile"
    )
    parser.add_argument("--notation", metavar="'[Dressage](2)'", help="a test notation")
    parser.add_argument(
        "--bonus", type=_whole_number(), default=0, metavar="B", help="a bonus to the test"
    )
    parser.add_argument(
        "--malus", type=_whole_number(), default=0, metavar="M", help="a malus to the test"
    )
    parser.add_argument(
        "--opponent",
        metavar="'Psychologie<+3, 2>'",
        help="opposed test: the opponent's skill (or --opponent-mastery/--opponent-limit)",
    )
    parser.add_argument(
        "--opponent-mastery", type=_whole_number(), metavar="M", help="the opponent's Maîtrise"
    )
    parser.add_argument(
        "--opponent-limit", type=_whole_number(0), metavar="L", help="the opponent's Limite"
    )
    parser.add_argument(
        "--assistant",
        action="append",
        default=[],
        metavar="'Occultisme<+2, 1>'|M,L",
        help="team test: an assistant's skill; repeat for each assistant",
    )
    parser.add_argument(
        "--specialisation",
        metavar="'Spécialisation(Bluff, Face à un noble)<+1, +1>'",
        help="the skill's Spécialisation that applies here: its bonuses to the Maîtrise"
        " and the Limite",
    )


def _table_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "name", help="a table's key or name: a shipped one, or the campaign's with --campaign"
    )
    if not rolling:
        parser.add_argument(
            "--campaign", metavar="DIR", help="also the tables of this campaign (read only)"
        )


def _systemj_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--value", type=_whole_number(0, 200), required=True, metavar="V", help="on 100"
    )
    parser.add_argument(
        "--modifier",
        action="append",
        default=[],
        metavar="M",
        help="a number or a step: facilite, aise, tres-facile, extremement-simple, "
        "petite-difficulte, ardu, tres-difficile, quasiment-impossible (repeatable)",
    )


def _piloting_options(parser: Parser, rolling: bool) -> None:
    from meneur.core.cosmos.piloting import VEHICLES

    parser.add_argument(
        "--vehicle",
        choices=list(VEHICLES),
        help="the vehicle's class (its die): " + ", ".join(VEHICLES),
    )
    parser.add_argument(
        "--die", type=int, choices=[4, 6, 8, 10, 12, 20, 100], help="the die, for any vehicle"
    )
    parser.add_argument(
        "--score",
        type=int,
        action="append",
        required=True,
        metavar="N",
        help="a pilot's score (repeat for each pilot: the scores add up)",
    )
    parser.add_argument(
        "--stress", type=_whole_number(0, 2), default=0, help="steps the GM raises the die"
    )


def _turns_options(parser: Parser, rolling: bool) -> None:
    parser.add_argument(
        "--combatant",
        action="append",
        required=True,
        metavar="NAME:AGILITE[:EXTRA]",
        help="someone in the round, their current Agilité and extra actions (repeat)",
    )


def _aura_options(parser: Parser, rolling: bool) -> None:
    """The aura roll has nothing to choose: the d6 decides."""


SYSTEMS: dict[str, tuple[str, str, Callable[[Parser, bool], None]]] = {
    "resolution": (
        "Résoudre une action (3d6 keep-under)",
        "Difficulty from the two scales (or opposed, or a score to beat), one element or "
        "two when the first is typical, and the alteration.",
        _resolution_options,
    ),
    "oracle": ("the environment oracle (2/3/4 keep-under)", "", _oracle_options),
    "yesno": ("the yes/no oracle", "", _yesno_options),
    "scene": (
        "solo play's scene test (1d6 against the tension)",
        "Above the tension the scene goes as expected; at most it, an odd face alters it "
        "and an even one interrupts it.",
        _scene_options,
    ),
    "cosmos": ("a Great Cosmos d100 test", "", _cosmos_options),
    "intuition": ("a Great Cosmos intuition roll", "", _intuition_options),
    "piloting": (
        "a Great Cosmos piloting roll (the vehicle's die under the pilots' score)",
        "The die of the vehicle's class (or --die), raised by stress; at most the score"
        " (the pilots' scores summed) succeeds.",
        _piloting_options,
    ),
    "aura": ("a Great Cosmos aura roll (1d6 on the aura table)", "", _aura_options),
    "turns": (
        "a Great Cosmos round's order (Agilité, d20 ties, extra actions)",
        "Highest Agilité first; tied positions roll 1d20, lowest first; extra actions at"
        " Agilité − (4 + 1d6) × n. Only rolled: it has no odds.",
        _turns_options,
    ),
    "dice": (
        "a dice expression: 2d6+3, d%%, 4dF, 4d6kh3, 2d20kl1, 8d6>=5",
        "",
        _dice_options,
    ),
    "traits": (
        "a Les Traits roll (d6 pool against a Difficulty)",
        "A pool of d6 against a Difficulty, with bonuses, bless/curse and the Coup de "
        "poker; --against makes it an opposed test at Difficulty 4.",
        _traits_options,
    ),
    "spherier": (
        "a Sphérier test (d6 successes or d20 score)",
        "A skill test on the campaign's engine: a DD, or a test notation ([Dressage](2), "
        "[Bluff][Psychologie], [Mecanique](2, 10, 1h), [Rituel](10, 2)).",
        _spherier_options,
    ),
    "systemj": ("a SYSTEMJ d100 test (00-99 with degrees)", "", _systemj_options),
    "table": (
        "a random table: a shipped one or the campaign's",
        "A roll on a random table by its key or name (tables it rolls on included).",
        _table_options,
    ),
}
"""Each system: its summary, its description and the function adding its options."""
ROLLED_ONLY = frozenset({"turns"})
"""Rolls without odds (a round's order has no outcomes to weigh): ``roll`` only."""


def _add_systems(
    subparsers: argparse._SubParsersAction[Parser], *, rolling: bool, selected: str | None
) -> None:
    verb = "roll" if rolling else "exact odds of"
    for name, (summary, description, add_options) in SYSTEMS.items():
        if not rolling and name in ROLLED_ONLY:
            continue
        parser = subparsers.add_parser(
            name, help=f"{verb} {summary}", description=description or None
        )
        if name == selected:
            add_options(parser, rolling)
            _add_common(parser, rolling=rolling)


FATIGUE_STEPS = (
    "meal",
    "pause",
    "short_rest",
    "full_rest",
    "full_rest_12h",
    "healing",
    "healing_concentrated",
    "mana",
    "mana_concentrated",
    "phoenix_elixir",
    "energising",
    "revigoration",
    "drink",
    "wears_off",
    "day",
    "no_food",
    "no_sleep",
    "lost_100_pv",
    "unconscious",
    "psychic_attack",
    "pm_100",
    "combat_5_turns",
    "extra_physical_action",
    "extra_magic_action",
    "sepulcrale_backlash",
    "illumination_backlash",
)
"""The steps ``meneur fatigue`` takes, written out so the parser loads no rules (a test
holds it to meneur.core.cosmos.fatigue.STEPS)."""


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
    parser.set_defaults(command=None)
    return parser


def build_parser(argv: list[str] | None = None) -> Parser:
    """The ``meneur`` command line, with full options for the system ``argv`` names."""
    selected = next((argument for argument in argv or () if argument in SYSTEMS), None)
    parser = _app_parser()
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    odds = commands.add_parser("odds", help="exact odds of every outcome, before rolling")
    systems = odds.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _add_systems(systems, rolling=False, selected=selected)

    roll = commands.add_parser("roll", help="roll dice for a test, reproducibly with --seed")
    systems = roll.add_subparsers(dest="system", metavar="SYSTEM", required=True)
    _add_systems(systems, rolling=True, selected=selected)

    create = commands.add_parser("create", help="character creation rolls")
    kinds = create.add_subparsers(dest="kind", metavar="SYSTEM", required=True)
    cosmos = kinds.add_parser(
        "cosmos", help="Great Cosmos: 10d100 PV/PM, 6d100 stats, DNA points, money"
    )
    cosmos.add_argument(
        "--pm-dice",
        type=_positions,
        metavar="I,J,K,L,M",
        help="the five PV/PM dice (numbered 1-10) given to PM: adds PV, PM and skill points",
    )
    cosmos.add_argument(
        "--convert",
        action="store_true",
        help="the 2d100 of a character converted from rules before v4 instead",
    )
    _add_common(cosmos, rolling=True)
    _add_campaign_commands(commands)
    return parser


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
    # Building every command's parser costs ~15 ms that opening the app need not wait for.
    parser = _app_parser() if _opens_app(arguments) else build_parser(arguments)
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
