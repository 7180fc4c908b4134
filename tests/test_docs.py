"""The documentation cannot drift from meneur: the site builds with no broken link, its
generated parts are what their scripts write now, and every command a page shows runs as
shown (a transcript's output included).

Each page's commands run in order in a fresh folder, as a reader following the page
would type them: in a ``sh`` block every line starting with ``meneur``, in a ``console``
block every ``$ meneur`` line, whose output must be the lines under it (a line ``…``
stands for any lines). Commands that keep running — the app, ``watch``, ``serve``, ``web``,
``journal --follow`` — are started as processes, waited for until they are ready, and
stopped; their ports are ones the system chooses, so that pages run side by side never
race for one. Of the commands that end by themselves, each page's first runs as a process
too; the others run through the console script's own function in the test's process, with
the reader's environment, folder and streams (a process each cost a Python's start-up:
two minutes a page on a loaded machine). That both ways say the same is tested.
"""

from __future__ import annotations

import fcntl
import importlib.util
import io
import os
import pty
import re
import select
import shlex
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from tests.waiting import PATIENCE, STEP

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", ROOT / "README.fr.md", *DOCS.rglob("*.md")])
MENEUR = [sys.executable, "-m", "meneur.cli.main"]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, DOCS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.e2e
def test_the_site_builds_without_a_broken_link(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "reference" / "cli" / "index.html").exists()
    # The French twin of every page a player or a GM reads, with the language switch.
    french = tmp_path / "site" / "fr"
    for page in ("", "getting-started/", "guides/solo/", "guides/gm/", "guides/streamer/",
                 "guides/exposing/", "guides/scripting/", "guides/plain/", "reference/keys/",
                 "reference/cli/", "reference/dice-notation/", "reference/feed/", "rules/",
                 "rules/resolution/", "rules/traits/", "rules/cosmos/", "rules/spherier/",
                 "rules/systemj/", "rules/oracles/", "rulings/",
                 "save-format/"):  # fmt: skip
        html = (french / page / "index.html").read_text(encoding="utf-8")
        assert 'lang="fr"' in html, page
        source = DOCS / page.rstrip("/")
        source = source / "index" if source.is_dir() else source
        assert source.with_suffix(".fr.md").exists(), page


@pytest.mark.parametrize("readme", ["README.md", "README.fr.md"])
def test_the_readmes_links_lead_to_files(readme: str) -> None:
    text = (ROOT / readme).read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert targets
    missing = [t for t in targets if "://" not in t and not (ROOT / t).exists()]
    assert missing == []


def test_the_cli_reference_is_written_from_the_parser() -> None:
    reference = _script("cli_reference")
    page = (DOCS / "reference" / "cli.md").read_text(encoding="utf-8")
    assert page == reference.reference("en"), "docs/reference/cli.md: run docs/cli_reference.py"
    for command in ("meneur odds resolution", "meneur serve", "meneur table player"):
        assert f"`{command}`" in page
    french = (DOCS / "reference" / "cli.fr.md").read_text(encoding="utf-8")
    assert french == reference.reference("fr"), "docs/reference/cli.fr.md: run cli_reference.py"
    assert "| `--campaign DOSSIER` | ajouter le jet au journal de cette campagne |" in french


async def test_the_screenshot_is_what_the_app_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path / "data"))
    screenshot = _script("screenshot")
    picture = await screenshot.capture()
    assert screenshot.PICTURE.read_text(encoding="utf-8") == picture, (
        "docs/images/table.svg: run docs/screenshot.py"
    )
    assert "Lancer" in picture


@dataclass
class Shown:
    """A command a page shows: its words, and for a transcript the output shown."""

    line: str
    output: list[str] | None = None


def commands_of(text: str) -> list[Shown]:
    """The commands a page shows, in order."""
    found: list[Shown] = []
    for language, body in FENCE.findall(text):
        lines = body.splitlines()
        if language == "sh":
            found += [Shown(line.strip()) for line in lines if line.strip().startswith("meneur")]
        elif language == "console":
            for i, line in enumerate(lines):
                if line.startswith("$ meneur"):
                    rest = lines[i + 1 :]
                    end = next((j for j, r in enumerate(rest) if r.startswith("$ ")), len(rest))
                    found.append(Shown(line[2:], rest[:end]))
    return found


def _matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is what ``shown`` says (``…`` standing for any lines)."""
    if not shown:
        return not printed
    if shown[0] == "…":
        return any(_matches(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and _matches(shown[1:], printed[1:])


def _port_free(argv: list[str]) -> list[str]:
    """``argv`` listening on a port the system chooses (and on 127.0.0.1 only)."""
    if argv[:1] == ["serve"]:
        web = "--web" in argv
        for option in ("--ssh", "--web"):
            argv = [a for i, a in enumerate(argv) if a != option and argv[i - 1 : i] != [option]]
        return [*argv, "--ssh", "127.0.0.1:0", *(["--web", "127.0.0.1:0"] if web else [])]
    if argv[:1] == ["web"]:
        argv = [a for i, a in enumerate(argv) if a != "--port" and argv[i - 1 : i] != ["--port"]]
        return [*argv, "--port", PORT]  # a port free at the instant it starts
    return argv


PORT = "{free port}"
"""Stands for a port free when the command starts (``meneur web`` takes no port 0)."""


def _free_port() -> str:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


def _command(argv: list[str]) -> str | None:
    """The command ``argv`` runs (None: it opens the app, with the app's options)."""
    words = iter(argv)
    for word in words:
        if word in ("--campaign", "--lang", "--seed"):
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


Ready = Callable[[str], bool]
"""Whether a command that keeps running is ready, from what it shows so far."""


def _lasting(argv: list[str]) -> tuple[bool, Ready] | None:
    """For a command that keeps running: whether it needs a terminal, and when it is
    ready (from what it shows); None for a command that ends by itself."""
    command = _command(argv)
    if command is None and "--plain" in argv:
        return True, lambda screen: "\n> " in screen or screen.rstrip().endswith(">")  # its prompt
    if command is None or (command == "serve" and "--headless" not in argv):
        return True, lambda screen: "Quitter" in screen  # the app, its key bar drawn
    if command == "serve":
        return False, lambda said: "SHA256:" in said
    if command == "web":
        return False, lambda said: "meneur web\u00a0:" in said
    if command == "watch":
        return True, lambda screen: bool(screen.strip())  # its view drawn
    if command == "journal" and "--follow" in argv:
        return False, lambda said: "\n" in said
    return None


@dataclass
class Done:
    """What a command that ended did: its exit status, and what it wrote."""

    returncode: int
    stdout: str
    stderr: str


def _exit_status(ended: SystemExit, stderr: io.TextIOWrapper) -> int:
    """The status a process ends with on ``ended`` (``sys.exit``'s rules: None is 0, a
    number is itself, anything else is written to stderr and is 1)."""
    if ended.code is None:
        return 0
    if isinstance(ended.code, int):
        return ended.code
    print(ended.code, file=stderr)
    return 1


def _text_of(stream: io.TextIOWrapper) -> str:
    """What was written to ``stream``, read back as ``subprocess.run(text=True)`` reads a
    pipe (UTF-8, universal newlines)."""
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    text = buffer.getvalue().decode("utf-8")
    return text.replace("\r\n", "\n").replace("\r", "\n")


class Reader:
    """A page's reader: a folder to work in, a home with an SSH key, French."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.home = folder / "home"
        (self.home / ".ssh").mkdir(parents=True)
        self._key(self.home / ".ssh" / "id_ed25519")
        self.env = {
            **os.environ,
            "HOME": str(self.home),
            "MENEUR_DATA_DIR": str(folder / "data"),
            "LANG": "fr_FR.UTF-8",
            "TERM": "xterm-256color",
            "COLUMNS": "120",
        }
        self.processes_run = 0
        """How many commands that end by themselves ran as processes."""

    @staticmethod
    def _key(path: Path) -> None:
        subprocess.run(
            ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(path)],
            check=True,
            timeout=PATIENCE,
        )

    def words(self, line: str) -> list[str]:
        words = shlex.split(line, comments=True)[1:]  # after "meneur"
        argv = [os.path.expanduser(w) if w.startswith("~") else w for w in words]
        for i, word in enumerate(argv[:-1]):
            key = self.folder / argv[i + 1]
            if word == "--key" and argv[i + 1].endswith(".pub") and not key.exists():
                self._key(key.with_suffix(""))  # the player's key, as they sent it
        return _port_free(argv)

    def run(self, shown: Shown) -> None:
        saved = os.environ.get("HOME")
        os.environ["HOME"] = str(self.home)  # for ~ in the page's commands
        try:
            argv = self.words(shown.line)
        finally:
            if saved is not None:
                os.environ["HOME"] = saved
        lasting = _lasting(argv)
        if lasting is not None:
            # A port free a moment ago may be taken by the time the command listens (tests
            # run side by side): then it ends at once, and another is tried.
            for attempt in range(5):
                chosen = [_free_port() if word == PORT else word for word in argv]
                if self.start_and_stop(chosen, *lasting, last=attempt == 4 or chosen == argv):
                    return
            return
        if self.processes_run:
            done = self.in_process(argv)
        else:
            done = self.process(argv)
            self.processes_run += 1
        assert done.returncode == 0, f"{shown.line}\n{done.stderr}"
        if shown.output is not None:
            printed = [line.rstrip() for line in done.stdout.rstrip("\n").splitlines()]
            expected = [line.rstrip() for line in shown.output]
            assert _matches(expected, printed), f"{shown.line}\n{done.stdout}"

    def process(self, argv: list[str]) -> Done:
        """``meneur argv`` run as the reader runs it: a process, in their folder."""
        done = subprocess.run(
            [*MENEUR, *argv],
            cwd=self.folder,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=PATIENCE,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        return Done(done.returncode, done.stdout, done.stderr)

    def in_process(self, argv: list[str]) -> Done:
        """``meneur argv`` run by the console script's function in this process, as the
        process would run it: the reader's environment (and nothing else of this one's),
        folder, nothing on stdin, stdout and stderr written as UTF-8 bytes to a pipe;
        its status what it returns, or what it exits with (``--help``, argparse)."""
        from meneur.cli.main import main

        out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
        err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
        with pytest.MonkeyPatch.context() as patch, open(os.devnull, encoding="utf-8") as empty:
            for name in set(os.environ) - set(self.env):
                patch.delenv(name)
            for name, value in self.env.items():
                patch.setenv(name, value)
            patch.chdir(self.folder)
            patch.setattr(sys, "stdin", empty)
            patch.setattr(sys, "stdout", out)
            patch.setattr(sys, "stderr", err)
            try:
                status = main(argv)
            except SystemExit as ended:
                status = _exit_status(ended, err)
        return Done(status, _text_of(out), _text_of(err))

    def start_and_stop(
        self, argv: list[str], terminal: bool, ready: Ready, *, last: bool = True
    ) -> bool:
        """Start a command that keeps running, wait until it is ``ready``, then stop it;
        whether it was. An end before that fails the test, unless it is not the ``last``
        try and the command could not listen on its port. In a terminal, what it shows
        is the screen as a terminal draws it (pyte)."""
        import pyte

        screen = pyte.Screen(120, 40)
        stream = pyte.ByteStream(screen)
        if terminal:
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
            process = subprocess.Popen(
                [*MENEUR, *argv],
                cwd=self.folder,
                env=self.env,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                start_new_session=True,
            )
            os.close(slave)
            source = master
        else:
            process = subprocess.Popen(
                [*MENEUR, *argv],
                cwd=self.folder,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            assert process.stdout is not None
            source = process.stdout.fileno()
        said = b""

        def shown() -> str:
            return "\n".join(screen.display) if terminal else said.decode(errors="replace")

        deadline = time.monotonic() + PATIENCE
        try:
            while not ready(shown()):
                if process.poll() is not None and not last and "in use" in shown():
                    return False
                assert process.poll() is None, f"meneur {argv} ended:\n{shown()}"
                assert time.monotonic() < deadline, f"meneur {argv} never ready:\n{shown()}"
                if select.select([source], [], [], 0.05)[0]:
                    try:
                        data = os.read(source, 65536)
                    except OSError:
                        continue
                    said += data
                    stream.feed(data)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
            _read_while_it_ends(process, source)
            try:
                process.wait(PATIENCE)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            if terminal:
                os.close(source)
            elif process.stdout is not None:
                process.stdout.close()
        return True


def _read_while_it_ends(process: subprocess.Popen[bytes], source: int) -> None:
    """Read what ``process`` still writes to ``source`` until it has ended (or written
    all it will): an app told to end draws on until it quits and gives its terminal back,
    tens of kilobytes, and a terminal or pipe no one reads stops it in mid-write (it was
    then killed a minute later, each page with the app a minute longer)."""
    deadline = time.monotonic() + PATIENCE
    while process.poll() is None and time.monotonic() < deadline:
        if select.select([source], [], [], STEP)[0]:
            try:
                data = os.read(source, 65536)
            except OSError:  # the terminal's other end is closed: nothing more comes
                return
            if not data:
                return


SHOWING = [page for page in PAGES if commands_of(page.read_text(encoding="utf-8"))]
"""The pages that show commands to run."""


def test_the_guides_show_commands_to_run() -> None:
    guides = {page.name for page in SHOWING}
    assert {"getting-started.md", "solo.md", "gm.md", "streamer.md", "scripting.md"} <= guides


@pytest.mark.e2e
@pytest.mark.parametrize("page", SHOWING, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_a_page_shows_runs_as_shown(page: Path, tmp_path: Path) -> None:
    shown = commands_of(page.read_text(encoding="utf-8"))
    reader = Reader(tmp_path)
    for command in shown:
        reader.run(command)


@pytest.mark.e2e
def test_a_command_run_in_the_test_s_process_does_what_its_process_does(tmp_path: Path) -> None:
    """What the pages' commands run in this process rely on: the same status, output and
    error as the process, for a command that prints text, data, a refusal (in the
    reader's French), argparse's help (an exit, at the reader's width), and one reading
    the campaign used last (the reader's data directory)."""
    reader = Reader(tmp_path)
    for argv in (
        ["new", "vranberg", "--system", "resolution"],
        ["roll", "dice", "2d6", "--seed", "1", "--campaign", "vranberg"],
    ):
        assert reader.process(argv).returncode == 0, argv
    commands = [
        (["roll", "dice", "4d6kh3", "--seed", "7"], 0),
        (["odds", "resolution", "--score", "3", "--alteration", "instable", "--json"], 0),
        (["odds", "traits", "--dice", "12"], 2),
        (["journal", "--help"], 0),
        (["journal", "--last", "5"], 0),
        (["check", "vranberg", "--verify-rolls"], 0),
    ]
    for argv, status in commands:
        expected = reader.process(argv)
        assert expected.returncode == status, (argv, expected.stderr)
        assert reader.in_process(argv) == expected, argv


def test_what_counts_as_a_command_shown() -> None:
    text = (
        "```sh\nmeneur new x --system traits   # a comment\npython3 -m venv .venv\n```\n"
        "```text\nmeneur odds dice 2d6\n```\n"
        "```console\n$ meneur roll dice 2d6 --seed 1\n…\nseed 1\n$ meneur check x\nok\n```\n"
    )
    found = commands_of(text)
    assert [c.line for c in found] == [
        "meneur new x --system traits   # a comment",
        "meneur roll dice 2d6 --seed 1",
        "meneur check x",
    ]
    assert found[1].output == ["…", "seed 1"]
    assert _matches(["…", "seed 1"], ["a", "b", "seed 1"])
    assert not _matches(["…", "seed 1"], ["seed 2"])
    assert _port_free(["serve", "x", "--ssh", "0.0.0.0:2222"]) == [
        "serve",
        "x",
        "--ssh",
        "127.0.0.1:0",
    ]
    assert _port_free(["serve", "x", "--web", "0.0.0.0:8000"]) == [
        "serve",
        "x",
        "--ssh",
        "127.0.0.1:0",
        "--web",
        "127.0.0.1:0",
    ]
    assert _command(["--campaign", "x", "--seed", "3"]) is None
    assert _command(["--lang", "fr", "watch", "x"]) == "watch"


def test_no_metavar_holds_parentheses() -> None:
    # argparse before Python 3.11.5 drops a metavar's parentheses when it wraps the usage:
    # the reference written under one Python then reads differently under another (found
    # twice by .ci/run with Debian's python3). An example goes in the help instead.
    import ast

    wrong = []
    for path in sorted((ROOT / "cli").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "metavar":
                value = node.value
                if isinstance(value, ast.Constant) and any(c in str(value.value) for c in "()"):
                    wrong.append(f"{path.relative_to(ROOT)}:{node.value.lineno}")
    assert wrong == []


@pytest.mark.parametrize("page", ["keys.md", "keys.fr.md"])
def test_the_keys_page_names_every_function_key_of_the_table(page: str) -> None:
    """Play-tested: the keys page had no F7. Every F-key the table binds is on it."""
    from meneur.tui.screens.table import TableScreen

    text = (DOCS / "reference" / page).read_text(encoding="utf-8")
    keys = {
        key.strip()
        for binding in TableScreen.BINDINGS
        for key in getattr(binding, "key", "").split(",")
        if re.fullmatch(r"f\d+", key.strip())
    }
    assert keys >= {"f1", "f7", "f8"}  # what the table binds, read from it
    missing = sorted(key for key in keys if f"`{key.upper()}`" not in text)
    assert not missing, missing
