"""Every door the project has is a row of the table of doors (``doors.py``): the doors are
read from the code itself — the export formats the command line offers, every command
that takes ``--as``, every address of the table's servers, every kind of served seat
and every app — so a door added next month fails here until a row proves it.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import pkgutil
from pathlib import Path

import pytest

from meneur.cli.arguments import build_parser

from . import doors as table_of_doors
from .doors import DOORS, Door, covered
from .evening import set_table

FRONT_ENDS = {"front:plain", "serve.log"}
"""Doors no parser or router lists: the plain seat (``meneur --plain``) and the lines of
``serve.log``."""


def _subparser(parser: argparse.ArgumentParser, path: list[str]) -> argparse.ArgumentParser:
    for word in path:
        (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        parser = commands.choices[word]
    return parser


def _paths(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command's words, ``("roll", "dice")`` and ``("note",)`` alike."""
    found = [prefix] if prefix else []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _paths(sub, (*prefix, name))
    return found


def export_doors() -> set[str]:
    """``export:FORMAT`` for each ``--format`` the export offers, ``export:split`` and
    ``cli:recap`` for its other outputs."""
    export = _subparser(build_parser(["export"]), ["export"])
    options = {option: action for action in export._actions for option in action.option_strings}
    found = {f"export:{choice}" for choice in options["--format"].choices or ()}
    if "--split" in options:
        found.add("export:split")
    if "--recap" in options:
        found.add("cli:recap")
    return found


def seated_commands() -> set[str]:
    """``cli:COMMAND`` for every command that takes ``--as`` (a seat's door), each
    parser built as that command builds it (options are made for the command run)."""
    found = set()
    for path in _paths(build_parser(None)):
        command = _subparser(build_parser(list(path)), list(path))
        if any(action.dest == "seat_name" for action in command._actions):
            found.add(f"cli:{path[0]}")
    return found


async def _routes(directory: Path) -> set[str]:
    from meneur.serve.ssh import TableServer
    from meneur.serve.web import guarded_server
    from meneur.serve.web_seats import WebSeats

    server = TableServer(directory, lang="fr", seed=1)
    try:
        apps = [WebSeats(server).application()]
    finally:
        server.close()
    from meneur.content.strings import strings
    from meneur.core.visibility import AUDIENCE
    from meneur.serve.broadcast import Broadcasts

    web = guarded_server(
        "meneur", host="127.0.0.1", port=1, title="t", token="t" * 32,
        broadcasts=Broadcasts(directory, strings("fr")), viewer=AUDIENCE,
    )  # fmt: skip
    apps.append(await web._make_app())
    return {
        f"route:{r.resource.canonical}" for app in apps for r in app.router.routes() if r.resource
    }


def server_routes(directory: Path) -> set[str]:
    """``route:ADDRESS`` for every address of ``meneur serve --web`` and ``meneur web``."""
    return asyncio.run(_routes(directory))


def seats_and_apps() -> set[str]:
    """``seat:VIA`` for every kind of served seat, ``app:CLASS`` for every Textual app."""
    from textual.app import App

    import meneur.serve
    import meneur.tui
    from meneur.serve.seat import Seated

    for package in (meneur.serve, meneur.tui):
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            importlib.import_module(module.name)

    def every(kind: type) -> list[type]:
        return [kind, *(found for sub in kind.__subclasses__() for found in every(sub))]

    seats = {f"seat:{kind.via}" for kind in every(Seated)[1:]}
    apps = {f"app:{kind.__name__}" for kind in every(App) if kind.__module__.startswith("meneur.")}
    return seats | apps


def project_doors(directory: Path) -> set[str]:
    """Every door of the project, read from its code."""
    return (
        export_doors()
        | seated_commands()
        | server_routes(directory)
        | seats_and_apps()
        | FRONT_ENDS
    )


@pytest.fixture(scope="module")
def doors_of_the_project(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    directory = tmp_path_factory.mktemp("doors") / "c"
    set_table(directory)
    return project_doors(directory)


def left_out(rows: tuple[Door, ...], doors: set[str]) -> list[str]:
    """The project's doors no row of ``rows`` stands for."""
    return sorted(doors - covered(rows))


def test_every_door_of_the_project_has_a_row(doors_of_the_project: set[str]) -> None:
    missing = left_out(DOORS, doors_of_the_project)
    assert not missing, f"doors with no row in tests/conformance/doors.py: {missing}"


def test_a_door_left_out_of_the_table_fails(doors_of_the_project: set[str]) -> None:
    """Shown once for each kind of door: the table without one row names what it no
    longer covers."""
    for name, door in (
        ("the TOML export", "export:toml"),
        ("/feed", "route:/feed"),
        ("the app's screen", "app:MeneurApp"),
        ("the Lonelog export", "export:lonelog"),
    ):
        rows = tuple(d for d in DOORS if d.name != name)
        assert len(rows) == len(DOORS) - 1, name
        missing = left_out(rows, doors_of_the_project)
        row = table_of_doors.door(name)
        alone = [key for key in row.covers if key not in covered(rows)]
        assert missing == sorted(k for k in alone if k in doors_of_the_project), name
        assert missing, f"{name}: nothing of the project left uncovered without it"
        if door is not None:
            assert door in missing


def test_each_expensive_door_names_the_test_that_drives_it() -> None:
    here = Path(__file__).parent
    for door in DOORS:
        assert (door.read is None) != (not door.proven_by), door.name
        if door.proven_by:
            file, _, test = door.proven_by.partition("::")
            assert f"def {test}(" in (here / file).read_text(), door.proven_by
