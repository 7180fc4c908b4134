"""One test on the command line (``meneur odds|roll <name> …``): what a system's room
lists in its ``COMMANDS`` (:mod:`meneur.cli.rooms`), and the tests no system owns
(:mod:`meneur.cli.system_arguments`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NamedTuple

from .argument_kinds import Parser


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
