"""The one table of doors: every way meneur shows a table to someone, each read as a role.

A row (:class:`Door`) says which of the project's doors it stands for (``covers``: an
export format, a command taking ``--as``, a server's address, a front end — the keys
``test_every_door_listed.py`` reads from the code), which roles it can be read as, and
how: a cheap door is read in this process after an evening (``read``), many times, by
Hypothesis; an expensive one (the app's screen, a process in a terminal, the table's
server on real sockets) is driven once per role and secret kind by the test it names
(``proven_by``).

A door added to meneur (an export format, a command with ``--as``, a server route, a
front end) fails ``test_every_door_listed.py`` until it has a row here that proves it.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable
from dataclasses import dataclass

from meneur.content.strings import strings
from meneur.core.visibility import AUDIENCE, Viewer

from .evening import ACTORS, GM_CLOCK, GM_TABLE, ROLES, SEATS, Played, as_seat, cli

CLI_ROLES = ("gm", "alice", "bob", "audience")
"""The roles a reading command takes: ``--role gm``, ``--as NAME``, ``--role audience``
(a viewer's seat sees as the audience, and the command line has no viewer's seat)."""
SEATED_ROLES = ("gm", "alice", "bob", "viewer")
SERVED_ROLES = ROLES
PLAYERS = ("alice", "bob")
ROLE_WORDS = {
    "gm": ["--role", "gm"],
    "alice": ["--as", "alice"],
    "bob": ["--as", "bob"],
    "audience": ["--role", "audience"],
}
VIEWERS: dict[str, Viewer] = {role: seat.viewer for role, seat in SEATS.items()} | {
    "audience": AUDIENCE
}


@dataclass(frozen=True)
class Door:
    """One row of the table of doors.

    Attributes:
        name: what the row reads, as a person would say it.
        covers: the project's doors it stands for (``export:toml``, ``cli:journal``,
            ``route:/feed``, ``app:MeneurApp``, ``seat:ssh``…).
        roles: the roles it is read as.
        complete: whether it shows every entry its reader may read (then every marker
            they may read must be there; a feed's last lines or a recap need not).
        read: a cheap door: what ``role`` is shown after the evening ``played``.
        proven_by: an expensive door: the test (``file::name``) that drives it.
        the_gm_sees: what the GM must find at this door (a door that hid too much from
            the GM would pass every other check).
        each_evening: whether Hypothesis's random evenings read it too (a cheap door
            that runs many commands, or reads a table of its own, is read after the
            evening of every kind of secret only).
    """

    name: str
    covers: tuple[str, ...]
    roles: tuple[str, ...]
    complete: bool = False
    read: Callable[[Played, str], str] | None = None
    proven_by: str = ""
    the_gm_sees: tuple[str, ...] = ()
    each_evening: bool = True


EVERY = ("--last", "100000")
"""``meneur journal``'s words for every entry (it shows the last few by default)."""


def _reading(*words: str) -> Callable[[Played, str], str]:
    """A reading command, as ``role``: it answers (status 0) and prints the role's view."""

    def read(played: Played, role: str) -> str:
        status, said = cli([*words[:1], str(played.directory), *words[1:], *ROLE_WORDS[role]])
        assert status == 0, (words, role, said)
        return said

    return read


def _split(played: Played, role: str) -> str:
    """``export --split``: every file of the folder it writes, in order."""
    folder = played.directory.parent / f"split-{role}"
    shutil.rmtree(folder, ignore_errors=True)
    status, said = cli(
        ["export", str(played.directory), "--split", "-o", str(folder), *ROLE_WORDS[role]]
    )
    assert status == 0, (role, said)
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    assert files, "--split wrote no file"
    return said + "".join(f"{p.name}\n{p.read_text()}" for p in files)


def _odds_of_the_tables(played: Played, role: str) -> str:
    """``meneur odds table`` from ``role``'s seat (the GM's without ``--as``, as every
    command of the table): the GM reads the public table that rolls on theirs; a player
    reads a table of their own seat (``Météo``), and the GM's table and the table that
    rolls on it answer them as a table that is not there."""
    where = ["--campaign", str(played.directory), *as_seat(role)]
    if role == "gm":
        status, said = cli(["odds", "table", "Rumeurs", *where])
        assert status == 0, (role, said)
        return said
    status, said = cli(["odds", "table", "Météo", *where])
    assert status == 0, (role, said)
    absent = cli(["odds", "table", "Qzabsente", *where])
    for name in ("Rumeurs", GM_TABLE[1]):
        status, answer = cli(["odds", "table", name, *where])
        assert (status, answer.replace(name, "Qzabsente")) == absent, (
            f"meneur odds table {name} --as {role} does not answer as for a table that is"
            f" not there: {answer!r}, not {absent[1]!r}"
        )
    return said


def _told(part: str) -> Callable[[Played, str], str]:
    """What a seat was told as it played (its plain conversation, its commands)."""

    def read(played: Played, role: str) -> str:
        return "\n".join(getattr(played, part)[role])

    return read


PLAYER_COMMANDS: dict[str, list[str]] = {
    # Each seated command, as a player would type it; their output, whatever the table
    # answers (done or refused), carries no number and no secret.
    "session": ["session", "{dir}", "Une autre soirée"],
    "scene": ["scene", "{dir}", "La descente"],
    "scene-end": ["scene-end", "{dir}", "yes"],
    "tension": ["tension", "{dir}"],
    "time": ["time", "{dir}"],
    "thread": ["thread", "{dir}", "add", "Qui a piégé le pont ?"],
    "person": ["person", "{dir}", "add", "Le passeur"],
    "clock": ["clock", "{dir}", "list"],
    "track": ["track", "{dir}", "list"],
    "set": ["set", "{dir}", "characters.mira.name", '"Mirabelle"'],
    "unset": ["unset", "{dir}", "trackers.embuscade"],
    "undo": ["undo", "{dir}"],
    "redo": ["redo", "{dir}"],
    "check": ["check", "{dir}"],
    "invite": ["invite", "{dir}", "--viewer", "--host", "127.0.0.1"],
    "table": ["table", "list", "{dir}"],
    "pack": ["pack", "{dir}", "-o", "{out}"],
    "unpack": ["unpack", "{out}", "{dir}"],
    "watch": ["watch", "{dir}"],
    "note": ["note", "{dir}", "Une note de plus"],
    "roll": ["roll", "table", "Rumeurs", "--campaign", "{dir}"],
}
"""A player's command of each kind that takes ``--as`` (``note`` and ``roll`` are also
taken by the evening's steps)."""


def _player_commands(played: Played, role: str) -> str:
    """Every command of :data:`PLAYER_COMMANDS` as ``role``'s seat, their outputs joined
    (on a copy of the campaign: a door read leaves the evening as it was)."""
    copy = played.directory.parent / f"commands-{role}" / played.directory.name
    shutil.rmtree(copy.parent, ignore_errors=True)
    shutil.copytree(played.directory, copy)
    out = copy.parent / "pack.meneur"
    said = []
    for command, words in PLAYER_COMMANDS.items():
        argv = [w.format(dir=copy, out=out) for w in words]
        _, text = cli([*argv, "--as", role])
        said.append(f"$ meneur {command}\n{text}")
    return "\n".join(said)


COSMOS_COMMANDS = (
    ["create", "cosmos", "--campaign", "{dir}", "--seed", "3"],
    ["fatigue", "{dir}", "Kael", "meal"],
    ["skill", "{dir}", "Kael"],
    ["move", "{dir}", "Kael", "1,1"],
    ["combat", "{dir}", "Kael"],
)
"""The commands of one system's room (the Great Cosmos's) that take ``--as``."""


def _cosmos_commands(played: Played, role: str) -> str:
    """A Great Cosmos table of its own (Kael is Alice's, Mira Bob's; a GM note holds
    ``Qzcosmos``), each of its commands typed as ``role``'s seat."""
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act
    from meneur.play.campaigns import Campaign, Secrecy
    from meneur.play.seating import edit_table, seating

    directory = played.directory.parent / f"cosmos-{role}"
    shutil.rmtree(directory, ignore_errors=True)
    options = {"endurance": True, "movement": True}
    with Campaign.create(directory, system="cosmos", name="Nova", options=options) as gm:
        for ident, name in (("kael", "Kael"), ("mira", "Mira")):
            act.set_value(gm, GM_SEAT, ("characters", ident), {"name": name, "sheet": {}})
        act.note(gm, GM_SEAT, "Qzcosmos", secrecy=Secrecy("gm"))
        state = gm.state
    for player, character in (("alice", "kael"), ("bob", "mira")):
        edit_table(directory, state, seating(player, characters=[character]))
    said = []
    for words in COSMOS_COMMANDS:
        _, text = cli([*(w.format(dir=directory) for w in words), "--as", role])
        said.append(f"$ meneur {' '.join(words[:2])}\n{text}")
    return "\n".join(said)


def _served(path: str) -> Callable[[Played, str], str]:
    """An address of the table's server (``serve/broadcast.py``'s routes, as ``meneur
    web`` and ``meneur serve --web`` add them), asked in this process as ``role``'s
    viewer."""

    def read(played: Played, role: str) -> str:
        return asyncio.run(_ask(played, VIEWERS[role], path))

    return read


async def _ask(played: Played, viewer: Viewer, path: str) -> str:
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    from meneur.serve.broadcast import ASSETS, Broadcasts, add_routes

    app = web.Application()
    add_routes(app, Broadcasts(played.directory, strings("fr")), lambda r: viewer, frozenset())
    async with TestClient(TestServer(app)) as client:
        if path == "/feed":
            response = await client.get(path)
            assert response.status == 200, await response.text()
            await response.content.readuntil(b"\n\n")  # retry: …
            first = await response.content.readuntil(b"\n\n")
            response.close()
            return first.decode()
        if path == "/broadcast":
            pages = []
            for address in (path, *(f"/broadcast/{name}" for name in ASSETS)):
                response = await client.get(address)
                assert response.status == 200, address
                pages.append(await response.text())
            return "\n".join(pages)
        response = await client.get(path)
        assert response.status == 200, await response.text()
        return await response.text()


def _view_json(played: Played, role: str) -> str:
    return _served("/view.json")(played, role)


DOORS: tuple[Door, ...] = (
    Door("meneur journal", ("cli:journal",), CLI_ROLES, True, _reading("journal", *EVERY)),
    Door(
        "meneur journal --json",
        ("cli:journal",),
        CLI_ROLES,
        True,
        _reading("journal", "--json", *EVERY),
    ),
    Door(
        "the Markdown export",
        ("export:markdown", "cli:export"),
        CLI_ROLES,
        True,
        _reading("export"),
    ),
    Door(
        "the detailed Markdown export",
        ("export:markdown",),
        CLI_ROLES,
        True,
        _reading("export", "--detailed"),
    ),
    Door(
        "the HTML export", ("export:html",), CLI_ROLES, True, _reading("export", "--format", "html")
    ),
    Door(
        "the TOML export", ("export:toml",), CLI_ROLES, True, _reading("export", "--format", "toml")
    ),
    Door(
        "the Lonelog export",
        ("export:lonelog",),
        CLI_ROLES,
        True,
        _reading("export", "--format", "lonelog"),
    ),
    Door("the notebook's folder (--split)", ("export:split",), CLI_ROLES, True, _split),
    Door("the recap", ("cli:recap",), CLI_ROLES, False, _reading("export", "--recap")),
    Door("meneur stats", ("cli:stats",), CLI_ROLES, False, _reading("stats")),
    Door("meneur stats --json", ("cli:stats",), CLI_ROLES, False, _reading("stats", "--json")),
    Door(
        "meneur odds table",
        ("cli:odds",),
        ACTORS,
        read=_odds_of_the_tables,
        the_gm_sees=GM_TABLE[:1],
    ),
    Door(
        "the commands a seat typed (note, roll, clock --as)",
        ("cli:note", "cli:roll", "cli:clock"),
        ACTORS,
        False,
        _told("commands"),
    ),
    Door(
        "every other command a player may type (--as)",
        tuple(f"cli:{command}" for command in PLAYER_COMMANDS),
        PLAYERS,
        read=_player_commands,
        each_evening=False,
    ),
    Door("the plain seat's lines", ("front:plain",), SEATED_ROLES, True, _told("plain")),
    Door(
        "the Great Cosmos's commands a player may type (--as)",
        tuple(f"cli:{words[0]}" for words in COSMOS_COMMANDS),
        PLAYERS,
        read=_cosmos_commands,
        each_evening=False,
    ),
    Door(
        "/view.json",
        ("route:/view.json", "cli:web"),
        SERVED_ROLES,
        read=_view_json,
        the_gm_sees=GM_CLOCK[:1],
    ),
    Door(
        "/feed",
        ("route:/feed", "cli:web"),
        SERVED_ROLES,
        read=_served("/feed"),
        the_gm_sees=GM_CLOCK[:1],
    ),
    Door(
        "the broadcast page",
        ("route:/broadcast", "route:/broadcast/{name}"),
        SERVED_ROLES,
        False,
        _served("/broadcast"),
    ),
    # The expensive doors, each driven once per role and secret kind.
    Door(
        "the app's screen",
        ("app:MeneurApp",),
        ACTORS,
        the_gm_sees=(GM_TABLE[1], GM_CLOCK[0]),
        proven_by="test_real_doors.py::test_the_app_shows_each_seat_what_it_may_see",
    ),
    Door(
        "meneur watch",
        ("cli:watch", "app:WatchApp"),
        SERVED_ROLES,
        the_gm_sees=GM_CLOCK[:1],
        proven_by="test_real_doors.py::test_meneur_watch_shows_each_role_what_it_may_see",
    ),
    Door(
        "the broadcast drawn by a browser",
        ("route:/broadcast",),
        ("alice", "audience"),
        proven_by=(
            "test_real_doors.py"
            "::test_the_broadcast_drawn_by_a_browser_shows_each_role_what_it_may_see"
        ),
    ),
    Door(
        "the plain seat in a terminal",
        ("front:plain",),
        PLAYERS,
        proven_by="test_real_doors.py::test_the_plain_seat_in_a_terminal_keeps_a_blind_roll_blind",
    ),
    Door(
        "the table's server over HTTP (/view.json, /act, tokens)",
        (
            "route:/act",
            "route:/",
            "route:/alive",
            "route:/ws/{token}",
            "route:/ws/{token}/{lang}",
            "route:/static/js/textual.js",
            "route:/static",
            "cli:serve",
            "seat:web",
        ),
        ("alice", "bob", "viewer"),
        proven_by="test_real_doors.py::test_the_server_s_addresses_keep_the_secrets",
    ),
    Door(
        "the table's SSH seats and serve.log",
        ("seat:ssh", "serve.log"),
        ("alice", "bob", "viewer"),
        proven_by="test_real_doors.py::test_the_ssh_seats_and_serve_log_keep_the_secrets",
    ),
)
"""Every door, once."""


def door(name: str) -> Door:
    """The row named ``name``."""
    (found,) = [d for d in DOORS if d.name == name]
    return found


def cheap(doors: tuple[Door, ...] = DOORS) -> list[Door]:
    """The doors read in this process, many times."""
    return [d for d in doors if d.read is not None]


def covered(doors: tuple[Door, ...] = DOORS) -> set[str]:
    """The project's doors the rows stand for."""
    return {key for d in doors for key in d.covers}


def roles_of(doors: list[Door]) -> list[tuple[Door, str]]:
    """Every (door, role) pair of ``doors``."""
    return [(d, role) for d in doors for role in d.roles]


__all__ = ["DOORS", "Door", "cheap", "covered", "door", "roles_of"]
