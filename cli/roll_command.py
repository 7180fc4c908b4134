"""One test on the command line (``meneur odds|roll <name> …``): what a system's room
lists in its ``COMMANDS`` (:mod:`meneur.cli.rooms`), and the tests no system owns
(:mod:`meneur.cli.system_arguments`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from .argument_kinds import Parser

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core.odds import Odds


class RollCommand(NamedTuple):
    """One test on the command line (a named tuple: cheaper to define than a dataclass,
    at every start of the command line).

    Attributes:
        name: its word after ``odds`` or ``roll``.
        summary: its line in ``meneur roll --help``.
        description: what ``meneur roll NAME --help`` says first (may be empty).
        options: adds its options to its parser (``rolling``: for ``roll``, not ``odds``).
        inputs: its options as the core's inputs (raising UsageError for options that
            do not go together).
        rolled_only: rolled, never weighed (a round's order has no outcomes).
        for_odds: what odds weigh instead of the rolled inputs (a policy for a choice
            the roll makes as it goes).
        where: how a roll that cannot complete says where it stood (default: its seed).
        from_sheet: with ``--campaign --character``: reads the sheet into ``args`` and
            gives the karma the test rolls with (its movement is journaled).
        after_roll: after a roll by a character: the changes it brings and its label.
        after_journal: after the entry is journaled (a posture that ends).
    """

    name: str
    summary: str
    description: str
    options: Callable[[Parser, bool], None]
    inputs: Callable[[argparse.Namespace], Any]
    rolled_only: bool = False
    for_odds: Callable[[argparse.Namespace, Any], Any] | None = None
    where: Callable[[argparse.Namespace, Any, int], str] | None = None
    from_sheet: Callable[[argparse.Namespace, Any], int] | None = None
    after_roll: Callable[[argparse.Namespace, Any, str], tuple[list[Any], str]] | None = None
    after_journal: Callable[[argparse.Namespace, Any], None] | None = None


# What a system's room on the command line keeps for a kind of test (meneur.cli.rooms):
# each takes a record or odds of that kind's class, said in the language of ``words``.

Lines = Callable[[Any, "Strings"], list[str]]
"""Lines said of a roll's record: ``lines(record, words)``."""
OddsLines = Callable[["Odds[Any]", "Strings"], list[str]]
"""Lines said of a test's odds: ``lines(odds, words)``."""
ShownOutcomes = Callable[["Odds[Any]"], dict[str, Fraction]]
"""The outcomes a test's odds show, when not all."""
OddsData = Callable[["Odds[Any]"], Mapping[str, object]]
"""What ``odds --json`` says first of a test's odds."""
Successes = Callable[[], frozenset[str]]
"""The outcomes that count as a success (the rules hold them, loaded by then)."""
Run = Callable[[argparse.Namespace], object]
"""A system's own command: what it prints, text or an object printed as JSON."""
