"""The CLI's import path stays light: never textual, and only the rules of the command."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import sys
from meneur.cli.main import main
status = main({argv!r})
loaded = sorted(
    n for n in sys.modules
    if n.split('.')[0]
    in ('textual', 'rich', 'icepool', 'textual_serve', 'aiohttp', 'asyncssh', 'shtab')
    or n.startswith('meneur.core.')
    or n == 'importlib.metadata'  # looking for other packages' systems: ~15 ms
)
print(' '.join(loaded), file=sys.stderr)
sys.exit(status)
"""

RULES_MODULES = {
    "resolution": {
        "meneur.core.resolution",
        "meneur.core.resolution.rules",
        "meneur.core.keep_under",
    },
    "cosmos": {"meneur.core.cosmos", "meneur.core.cosmos.rules"},
    "dice": {"meneur.core.expressions", "meneur.core.notation", "meneur.core.dice_odds"},
    "traits": {"meneur.core.traits", "meneur.core.traits.rules", "meneur.core.traits.opposed"},
    "spherier": {
        "meneur.core.spherier",
        "meneur.core.spherier.rules",
        "meneur.core.spherier.notation",
        "meneur.core.spherier.extended",
        "meneur.core.words",
    },
    "systemj": {"meneur.core.systemj", "meneur.core.systemj.rules"},
    "create": {"meneur.core.cosmos", "meneur.core.cosmos.creation"},
}
SHARED = {
    "meneur.core.frozen",  # how the core declares its frozen value types
    "meneur.core.dice",
    "meneur.core.errors",
    "meneur.core.odds",
    "meneur.core.records",
    "meneur.core.systems",
    "meneur.core.kinds",  # the kinds of test, names and loaders only (no rules)
    "meneur.core.rooms",  # each layer's registry of its rooms
    "meneur.core.text",  # what every command prints passes through it (cli/shown.py)
    # Every system's record (its package's __init__, names only): the command line lists
    # every system's tests; the records import no rules (test_records_load_no_rules).
    "meneur.core.resolution",
    "meneur.core.cosmos",
    "meneur.core.traits",
    "meneur.core.spherier",
    "meneur.core.systemj",
}


@pytest.mark.parametrize(
    ("argv", "rules"),
    [
        (["odds", "resolution", "--score", "3", "--json"], "resolution"),
        (["roll", "cosmos", "--threshold", "50", "--seed", "1"], "cosmos"),
        (["odds", "dice", "12d6>=5", "--json"], "dice"),
        (["roll", "traits", "--dice", "3", "--difficulty", "4", "--seed", "1"], "traits"),
        (
            ["odds", "spherier", "--engine", "d6", "--mastery", "2", "--limit", "1", "--dd", "1"],
            "spherier",
        ),
        (["roll", "systemj", "--value", "50", "--seed", "2", "--json"], "systemj"),
        (["create", "cosmos", "--seed", "1", "--json"], "create"),
    ],
)
def test_a_command_loads_only_its_own_rules_and_never_textual(argv: list[str], rules: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(argv=argv)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    loaded = set(result.stderr.split())
    assert not {name for name in loaded if not name.startswith("meneur.")}, (
        "textual, rich, icepool or shtab"
    )
    assert RULES_MODULES[rules] <= loaded
    extra = loaded - SHARED - RULES_MODULES[rules]
    assert not extra, f"{' '.join(argv)} also loaded {sorted(extra)}"


def test_a_command_named_gets_every_option_the_full_grammar_gives_it() -> None:
    # The command line builds only the named commands' options (the others are listed by
    # name and summary): each must come out the same as in the whole grammar.
    import argparse

    from meneur.cli.arguments import build_parser

    def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                return dict(action.choices)
        raise AssertionError("no commands")

    def options(parser: argparse.ArgumentParser) -> list[tuple[str, ...]]:
        return [(a.dest, *a.option_strings) for a in parser._actions]

    whole = commands(build_parser(None))
    assert len(whole) > 25
    for name, parser in whole.items():
        alone = commands(build_parser([name]))
        assert options(alone[name]) == options(parser), name
    # one named, another is listed without its options
    assert options(commands(build_parser(["note"]))["fatigue"]) == [("help", "-h", "--help")]


def test_records_load_no_rules() -> None:
    probe = (
        "import sys\n"
        "from meneur.core.systems import BUILT_IN, system\n"
        "records = [system(key) for key in BUILT_IN]\n"
        "print(' '.join(sorted(n for n in sys.modules if n.startswith('meneur.core.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert loaded == {
        "meneur.core.errors",
        "meneur.core.systems",
        *(
            f"meneur.core.{key}"
            for key in ("resolution", "cosmos", "traits", "spherier", "systemj")
        ),
    }
