"""Fixtures shared by every test package."""

from __future__ import annotations

import os
import random
import shutil
import tempfile
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import settings

from tests.isolation import HOME_VARIABLES, fingerprint, real_places

T = TypeVar("T")

# CI machines are shared and noisy: a slow example is not a failing one. The suite's
# examples are the same on every run (derandomized): a red run is a bug met again, never
# a new example drawn by chance on one machine. To look wider, run with
# HYPOTHESIS_PROFILE=explore (fresh examples each run, ten times as many).
settings.register_profile("meneur", deadline=None, derandomize=True, print_blob=True)
settings.register_profile("explore", deadline=None, max_examples=1000, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "meneur"))


class ScriptedDice(random.Random):
    """A generator whose dice show the faces a test scripts, in order.

    Every die in meneur is drawn with ``randint(1, sides)``, so scripting ``randint`` is
    scripting the dice. Each face is checked against the die it is drawn for.
    """

    def __init__(self, faces: Iterable[tuple[int, int]]) -> None:
        super().__init__(0)
        self.script = list(faces)
        self.drawn: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        assert a == 1, "meneur draws every die as randint(1, sides)"
        assert self.script, f"the rules drew an unscripted d{b}"
        sides, face = self.script.pop(0)
        assert sides == b, f"the rules drew a d{b} where the script has a d{sides}"
        self.drawn.append((sides, face))
        return face


@pytest.fixture
def scripted() -> Callable[..., ScriptedDice]:
    """Make a generator from ``(sides, face)`` pairs: ``scripted((6, 4), (6, 6), (6, 2))``."""

    def make(*faces: tuple[int, int]) -> ScriptedDice:
        return ScriptedDice(faces)

    return make


class _NeedMore(Exception):
    """Raised by :class:`_PathDice` when a roll asks for a die beyond its path."""

    def __init__(self, sides: int) -> None:
        self.sides = sides


class _PathDice(random.Random):
    """Dice showing a fixed path of faces; asking for one more raises ``_NeedMore``."""

    def __init__(self, path: list[int]) -> None:
        super().__init__(0)
        self.path = path
        self.position = 0

    def randint(self, a: int, b: int) -> int:
        assert a == 1, "meneur draws every die as randint(1, sides)"
        if self.position == len(self.path):
            raise _NeedMore(b)
        face = self.path[self.position]
        self.position += 1
        return face


def every_roll(roll: Callable[[random.Random], T]) -> list[tuple[Fraction, T]]:
    """Run ``roll`` on every possible sequence of dice, with each sequence's probability.

    A brute-force reference for any roll function, however its later dice depend on the
    earlier ones (rerolls, pokers, attempts): it walks the tree of draws depth first.
    """
    results: list[tuple[Fraction, T]] = []
    pending: list[tuple[list[int], Fraction]] = [([], Fraction(1))]
    while pending:
        path, probability = pending.pop()
        try:
            result = roll(_PathDice(path))
        except _NeedMore as more:
            pending += [
                ([*path, face], probability / more.sides) for face in range(1, more.sides + 1)
            ]
        else:
            results.append((probability, result))
    return results


@pytest.fixture
def brute_force() -> Callable[..., list[tuple[Fraction, object]]]:
    """:func:`every_roll`, for tests that check exact odds against every dice sequence."""
    return every_roll


@pytest.fixture(autouse=True)
def _every_press_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's Button ignores a press while it shows the one before (its 0.2 s
    "active" effect). A test presses as fast as the machine goes: two presses came
    within 0.2 s on an idle machine and after it on a loaded one, so whether the second
    counted depended on the load. Tests run without the effect, so every press counts
    whatever the machine is doing (as every press of a person does, at a person's pace).
    """
    from textual.widgets import Button

    monkeypatch.setattr(Button, "_start_active_affect", lambda self: None)


@pytest.fixture(autouse=True)
def _every_notice_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """What an app told its player in a corner is kept for the test to read
    (:func:`tests.waiting.told`), whatever the time since: the app's own collection drops
    a notice once its few seconds on screen are over, and on a loaded machine a test's
    next look came after that (a refusal said, then gone before it was read: the test
    waited a minute for what had been shown). The screen's toasts go as they always do.
    """
    from textual.app import App

    original = App.notify

    def notify(self: Any, message: str, *args: Any, **options: Any) -> None:
        original(self, message, *args, **options)
        self.__dict__.setdefault("_told", []).append(
            (str(options.get("title") or (args[0] if args else "")), str(message))
        )

    monkeypatch.setattr(App, "notify", notify)


def _quiet(app: Any) -> bool:
    """Whether ``app`` has nothing left to do by itself now: every message pump (the
    app, its screens, their widgets) has handled all it was sent and holds no callback
    for later, and no worker waits to start or runs in a thread."""
    from textual.worker import WorkerState

    nodes = [app]
    for stack in app._screen_stacks.values():
        for screen in stack:
            nodes.extend(screen.walk_children(with_self=True))
    # (A message being handled when the pause began was handled before it looked: the
    # pause waits for a callback sent to every pump behind what each was sent.)
    for node in nodes:
        if not node._message_queue.empty() or node._next_callbacks:
            return False
    return not any(
        worker.state == WorkerState.PENDING
        or (worker.state == WorkerState.RUNNING and worker._thread_worker)
        for worker in app.workers
    )


QUIET_LOOKS = 50
"""How many times a pause looks again for an app that is still busy (its timers keep it
busy forever: a pause then ends as Textual's own does)."""


@pytest.fixture(autouse=True)
def _pauses_wait_until_the_app_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's ``pilot.pause()`` waits for the messages sent before it, then for the
    process to look idle: a guess from the CPU time it used, which a loaded machine
    fools (a process not given the CPU looks idle with work still queued, and a message
    sent by a handler during the pause is not waited for). Here a pause — and so every
    key press and click, which end with one — goes on until the app is quiet
    (:func:`_quiet`). A pause with a delay is left as it is.
    """
    from textual.pilot import Pilot

    original = Pilot.pause

    async def pause(self: Any, delay: float | None = None) -> None:
        await original(self, delay)
        if delay is not None:
            return
        for _ in range(QUIET_LOOKS):
            if _quiet(self.app):
                return
            await original(self)

    monkeypatch.setattr(Pilot, "pause", pause)


@pytest.hookimpl(optionalhook=True)  # xdist's hook: `-p no:xdist` runs without it
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core. Much of the suite waits on other processes (the
    command line, SSH clients, Chromium, fsync): with one test a core the cores idle
    meanwhile; two keep them busy (measured on two cores: 170 s with 2, 125 s with 4)."""
    return 2 * max(
        1,
        len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1),
    )


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Tell each xdist worker how the controller distributes the tests (a worker's own
    ``--dist`` reads ``no``)."""
    node.workerinput["meneur_dist"] = node.config.getoption("dist")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist worksteal``, the tests marked ``long`` start first, one after another
    on each worker. Each worker is first given its share of the collection in order (a
    quarter each on four), runs it from the front, and gives its far end away to a worker
    that ran out: a test of a minute that happened to come near the end of a share
    started late, and the whole run waited for it alone. The order is the same in every
    worker (each collects, and they must agree)."""
    given = getattr(config, "workerinput", {})
    workers = given.get("workercount")
    if not workers or given.get("meneur_dist") != "worksteal":
        return
    long = [item for item in items if item.get_closest_marker("long") is not None]
    rest = [item for item in items if item.get_closest_marker("long") is None]
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for i, item in enumerate(long):
        shares[i % workers].append(item)
    # The shares as xdist's worksteal scheduler cuts them: the first worker gets a
    # workers-th of the collection, the next a (workers - 1)-th of what is left, ...
    left = len(items)
    for i, share in enumerate(shares):
        size = left // (workers - i)
        left -= size
        take = max(0, size - len(share))
        share += rest[:take]
        del rest[:take]
    shares[-1] += rest
    items[:] = [item for share in shares for item in share]


@pytest.fixture(autouse=True)
def _a_data_directory_of_its_own(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test (and every process it starts) keeps meneur's data directory — the
    campaign used last, settings, the host key — in a folder of its own: never the
    user's, never another test's running beside it."""
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    _no_terminal_size_in_the_environment()


LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANGUAGE")
"""What may choose the language besides ``LANG`` (meneur.content.strings.default_language
reads the first two and ``LANG``; ``LANGUAGE`` is gettext's, argparse's own words)."""


def _no_terminal_size_in_the_environment() -> None:
    """A program started in a pseudo-terminal draws at that terminal's size, not at a
    size its environment says. Textual (``shutil.get_terminal_size``) takes ``COLUMNS``
    and ``LINES`` over the terminal's own, and pytest imports readline in every process
    it runs (its capture plugin), which sets them in the C environment (80 × 24 where it
    has no terminal) without Python's ``os.environ`` knowing: every app the tests ran in
    a pseudo-terminal (started with the process's own environment) drew at 80 × 24,
    whatever its terminal's size, and xdist's workers started with both in
    ``os.environ``. They are unset in both."""
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)
        os.unsetenv(name)


SUITE_HOME = "MENEUR_SUITE_HOME"
"""Set by the run that made the suite's home: its workers (and anything they start)
inherit that home instead of making their own."""

_before: dict[str, tuple[int, int, int]] = {}
_places: list[Path] = []


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Before any fixture runs, of any scope, in the controller, every xdist worker and
    every process they start: a home, XDG folders and a meneur data directory of the
    suite's own. A module-scoped fixture that runs ``meneur new`` then remembers its
    campaign there, never in the player's ``~/.local/share/meneur``; the real places are
    fingerprinted now and compared at the end (:func:`pytest_sessionfinish`).

    And one neutral locale, whatever the machine's: a French contributor's
    ``LANG=fr_FR.UTF-8`` made every test that reads English words fail (meneur speaks
    the locale's language when told none). A test about a language sets it itself."""
    _no_terminal_size_in_the_environment()
    os.environ["LANG"] = "C.UTF-8"
    for variable in LOCALE_VARIABLES:
        os.environ.pop(variable, None)
    if os.environ.get(SUITE_HOME):
        return  # a worker: the controller's environment, inherited, is already the suite's
    _places[:] = real_places(os.environ)
    _before.update(fingerprint(_places))
    root = Path(tempfile.mkdtemp(prefix="meneur-suite-"))
    home = root / "home"
    folders = {
        "HOME": home,
        "XDG_DATA_HOME": home / ".local" / "share",
        "XDG_CONFIG_HOME": home / ".config",
        "XDG_CACHE_HOME": home / ".cache",
        "XDG_STATE_HOME": home / ".local" / "state",
        "XDG_RUNTIME_DIR": root / "run",
        "MENEUR_DATA_DIR": root / "data",
    }
    assert set(folders) == {*HOME_VARIABLES, "MENEUR_DATA_DIR"}
    for folder in folders.values():
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # a runtime folder is private
    os.environ.update({name: str(folder) for name, folder in folders.items()})
    os.environ[SUITE_HOME] = str(root)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The run fails if it changed the real home: a meneur folder written, a file or
    folder made or removed in the home or an XDG folder, a file of the folders the
    suite's programs use touched (SSH's, Chromium's, dconf's: see
    :func:`tests.isolation.real_places`)."""
    if hasattr(session.config, "workerinput") or not _places:
        return
    after = fingerprint(_places)
    changed = sorted(
        path for path in _before.keys() | after.keys() if _before.get(path) != after.get(path)
    )
    root = os.environ.get(SUITE_HOME)
    if root:
        shutil.rmtree(root, ignore_errors=True)
    if changed:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = [
            "the real home changed during the run (a test outside the suite's home, or"
            " meneur, ssh or Chromium used by hand meanwhile):",
            *changed,
        ]
        if reporter is not None:
            reporter.write_line("\n".join(lines), red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
