"""Dé vingt: a sixth rule system, written for meneur's test suite and as the worked
example of docs/adding-a-system.md.

One stat, *Talent* (0 to 10); a test rolls 1d20 + Talent + bonus against a Difficulty:
at least the Difficulty succeeds; a natural 20 is a critical success and a natural 1 a
fumble, whatever the total.

Everything meneur needs to know of it is this record, and its rooms registered below in
each layer's registry; each module is imported when first used. It is registered through
the ``meneur.systems`` entry point (see ``meneur_d20-1.0.dist-info/entry_points.txt``),
the door any package can use: loading the entry point imports this package, which
registers its rooms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meneur.cli.rooms import CliRoom
from meneur.cli.rooms import register_room as register_cli_room
from meneur.core.systems import Kind, Rules, System
from meneur.play.rooms import PlayRoom
from meneur.play.rooms import register_room as register_play_room
from meneur.tui.widgets.panels import AppRoom
from meneur.tui.widgets.panels import register_room as register_app_room

if TYPE_CHECKING:
    from .rules import D20Test


def _test() -> Rules[D20Test]:
    from .rules import D20Test, odds, resolve, roll

    return Rules(D20Test, roll, resolve, odds)


TEST: Kind = Kind("d20.D20Test", _test)
"""Its one test: 1d20 + Talent + bonus against a Difficulty."""

SYSTEM = System(
    key="d20",
    name="Dé vingt",
    gloss="a d20 against a Difficulty",
    kinds=(TEST,),
    modules={"d20": "meneur_d20.rules"},
    sheet="meneur_d20.sheet",
    options={"fumbles": (bool, True)},
    secrecy=("d20",),
    npc="meneur_d20.sheet:npc",
    terms="meneur_d20:terms.toml",
    strings="meneur_d20:ui",
    outcomes={"fumble": ("✘!", False)},  # meneur knows the other three
)
"""Dé vingt, as every layer of meneur sees it."""


# Its rooms, each imported when its layer first asks (the panel imports textual: only
# the app asks for it). mypy holds each module to its layer's Protocol here.


def _words() -> PlayRoom:
    from meneur_d20 import words

    return words


def _cli() -> CliRoom:
    from meneur_d20 import cli

    return cli


def _panel() -> AppRoom:
    from meneur_d20 import panel

    return panel


register_play_room("d20", _words)
register_cli_room("d20", _cli)
register_app_room("d20", _panel)
