"""Dé vingt: a sixth rule system, written for meneur's test suite and as the worked
example of docs/adding-a-system.md.

One stat, *Talent* (0 to 10); a test rolls 1d20 + Talent + bonus against a Difficulty:
at least the Difficulty succeeds; a natural 20 is a critical success and a natural 1 a
fumble, whatever the total.

Everything meneur needs to know of it is this record; each module it names is imported
when first used. It is registered through the ``meneur.systems`` entry point (see
``meneur_d20-1.0.dist-info/entry_points.txt``), the door any package can use.
"""

from __future__ import annotations

from meneur.core.systems import Functions, System

SYSTEM = System(
    key="d20",
    name="Dé vingt",
    gloss="a d20 against a Difficulty",
    kinds={
        "d20.D20Test": Functions(
            "meneur_d20.rules:roll", "meneur_d20.rules:resolve", "meneur_d20.rules:odds"
        ),
    },
    modules={"d20": "meneur_d20.rules"},
    sheet="meneur_d20.sheet",
    options={"fumbles": (bool, True)},
    secrecy=("d20",),
    npc="meneur_d20.sheet:npc",
    terms="meneur_d20:terms.toml",
    strings="meneur_d20:ui",
    outcomes={"fumble": ("✘!", False)},  # meneur knows the other three
    rooms={
        "play": "meneur_d20.words",
        "cli": "meneur_d20.cli",
        "tui": "meneur_d20.panel",
    },
)
"""Dé vingt, as every layer of meneur sees it."""
