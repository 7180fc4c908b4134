"""The floors: front ends (tui, serve, cli) → play → saves → content → core. Arrows point
down only, and no module imports one that imports it back: both read from the graph of
every import of the sources (each ``import`` and ``from … import``, also inside
functions), the floors as import-linter's contracts in pyproject.toml."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
FLOORS = ["core", "content", "saves", "play", "cli", "tui", "serve"]


def _sources(floor: str) -> list[Path]:
    return sorted((ROOT / floor).rglob("*.py"))


def test_the_floors_hold_as_import_linters_contracts_say() -> None:
    # pyproject.toml's [tool.importlinter]: the layers (the servers host the app; the app
    # and the command line know nothing of each other; the console script starts the app
    # and the servers only where asked), the front ends never importing meneur.saves,
    # and no interface nor server library below the front ends.
    from importlinter.cli import lint_imports

    kept = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    assert kept == 0  # import-linter's exit status: its report above says what broke


def _graph() -> grimp.ImportGraph:
    """meneur's import graph, every import that runs: at a module's top or inside a
    function; those under ``TYPE_CHECKING`` name a type for mypy alone and never run."""
    return grimp.build_graph(
        *(f"meneur.{floor}" for floor in FLOORS), exclude_type_checking_imports=True, cache_dir=None
    )


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = _graph()
    assert len(graph.modules) > 250  # every module of every floor was read
    # A circle passes through an import a -> b from which a is reached again.
    circles = sorted(
        f"{importer} -> {imported}"
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if graph.chain_exists(importer=imported, imported=importer)
    )
    assert circles == []


def test_the_application_layer_imports_no_interface() -> None:
    import subprocess

    code = (
        "import sys, pkgutil, importlib, meneur.play\n"
        "for m in pkgutil.iter_modules(meneur.play.__path__):\n"
        "    importlib.import_module('meneur.play.' + m.name)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & "
        "{'textual', 'rich', 'asyncssh', 'textual_serve'}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


FRONT_ENDS = ("tui", "serve", "cli")

CAMPAIGN_READS = {
    "is_struck",
    "latest",
    "name",
    "note_text",
    "system",
}
"""What an open campaign says of itself: it reads, never writes."""
CAMPAIGN_KEEPING = {"create", "open", "close", "sync"}
"""Opening and keeping up with other writers (a sync journals a hand edit it finds, as
meneur's own bookkeeping, not a seat's action)."""
WRITING = {"work", "_write_state", "_absorb", "write", "checked"}
"""The unit of work and what writes through it: play's alone."""


def test_a_campaign_writes_only_through_its_unit_of_work() -> None:
    # Its public face is what it reads, opening and keeping up, and the one door that
    # writes (work): a writing method added to it would be an action outside play.
    from meneur.saves.campaign import Campaign

    public = {name for name in vars(Campaign) if not name.startswith("_")}
    assert public == CAMPAIGN_READS | CAMPAIGN_KEEPING | {"work"}


def _attribute_calls(path: Path) -> set[tuple[str, int]]:
    """The method names called in ``path`` (``x.name(…)``), with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        (node.func.attr, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    }


@pytest.mark.parametrize("floor", FRONT_ENDS)
def test_a_front_end_never_writes_a_campaign_but_through_play(floor: str) -> None:
    wrong = sorted(
        f"{path.relative_to(ROOT)}:{line}: .{name}()"
        for path in _sources(floor)
        for name, line in _attribute_calls(path)
        if name in WRITING - {"write"}  # a file's or a stream's write is theirs
    )
    assert wrong == []


def test_every_action_of_play_takes_the_seat_acting() -> None:
    import inspect

    from meneur.core.table_rules import Seat
    from meneur.play import act

    readers = {"next_draw", "phase", "open_phases", "open_requests"}  # they read: no seat acts
    actions = [name for name in act.__all__ if name not in readers]
    assert len(actions) >= 14
    for name in actions:
        parameters = list(inspect.signature(getattr(act, name), eval_str=True).parameters.values())
        assert [p.name for p in parameters[:2]] == ["campaign", "seat"], name
        assert parameters[1].annotation is Seat, name


def test_every_room_of_every_system_holds_what_its_layer_asks() -> None:
    # mypy holds each room module to its Protocol (each layer's loader returns it); this
    # holds the rooms imported at run time, with every member present, so that no caller
    # needs getattr on a room, and each keyed by its own system's kinds of test.
    from meneur.cli.rooms import ROOMS as CLI_ROOMS
    from meneur.cli.rooms import CliRoom
    from meneur.core.systems import BUILT_IN, system
    from meneur.play.rooms import ROOMS as PLAY_ROOMS
    from meneur.play.rooms import PlayRoom
    from meneur.saves.schema_rooms import SavesRoom, saves_room
    from meneur.tui.widgets.panels import ROOMS as APP_ROOMS
    from meneur.tui.widgets.panels import AppRoom

    for key in BUILT_IN:
        record = system(key)
        play, cli, app = PLAY_ROOMS[key], CLI_ROOMS[key], APP_ROOMS[key]
        assert isinstance(play, PlayRoom), key
        assert isinstance(cli, CliRoom), key
        assert isinstance(app, AppRoom), key
        assert isinstance(saves_room(record), SavesRoom), key
        tables = (play.DESCRIBED, play.SHORT, cli.ROLL_LINES, cli.DISTRIBUTION)
        tables += (cli.SHOWN_OUTCOMES, cli.ODDS_DATA, cli.AFTER_OUTCOME)
        keyed = {kind for table in tables for kind in table}
        assert keyed <= set(record.kinds), key


def test_no_caller_asks_a_room_with_getattr() -> None:
    wrong = sorted(
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for floor in FLOORS
        for path in _sources(floor)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "hasattr")
        and "room" in ast.unparse(node.args[0]).lower()
    )
    assert wrong == []


def test_the_table_screen_is_composed_of_widgets_not_spread_over_mixins() -> None:
    # Its parts are widgets of it that say what they did by messages (StoryDesk,
    # TurnDesk, JournalDesk): the screen's own classes are its framework's alone.
    from meneur.play.session import SessionStrings
    from meneur.tui.screens.table import TableScreen

    own = [
        base
        for base in TableScreen.__mro__[1:]
        if base.__module__.startswith("meneur.") and base is not SessionStrings
    ]
    assert own == []
    for desk in ("story", "turns", "journal_desk"):
        assert desk in TableScreen.__init__.__code__.co_names


def test_what_one_system_knows_is_asked_of_its_record_not_read_by_name() -> None:
    # Les Traits' Coup de poker marks a roll that continues another: the journal's
    # draws, the check, the export and the luck ask the system's record what marks it
    # (System.continues, continued_counts), never a key of Les Traits by name.
    theirs = ("traits",)
    wrong = sorted(
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for floor in FLOORS
        for path in _sources(floor)
        if not any(part.startswith(theirs) for part in path.relative_to(ROOT).parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and node.value in ("poker", "forced_poker")
    )
    assert wrong == []
