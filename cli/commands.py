"""From parsed arguments to core inputs, and the core function each command calls."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meneur.core.errors import RulesError
from meneur.core.kinds import odds_function, roller
from meneur.core.records import RollRecord, roll_seeded

from .language import words_of
from .rooms import command, find
from .system_arguments import event_query

if TYPE_CHECKING:
    from meneur.core.odds import Odds
    from meneur.play.rolling import Rolled


def _command(args: argparse.Namespace) -> str:
    return f"meneur {args.command} {args.system}"


def run_odds(args: argparse.Namespace) -> Odds[Any]:
    """Exact odds for ``meneur odds <system> …``."""
    test = command(args.system)
    inputs = test.inputs(args)
    if test.for_odds is not None:
        inputs = test.for_odds(args, inputs)
    odds: Odds[Any] = odds_function(type(inputs))(inputs)
    return odds


def run_roll(args: argparse.Namespace) -> tuple[RollRecord[Any], Rolled | None]:
    """A seeded roll for ``meneur roll <system> …``, journaled with ``--campaign``.

    Returns:
        The record and what the table wrote and shows of it (``None`` without a
        campaign).

    Raises:
        RulesError: when the roll cannot be completed as asked (a Coup de poker this
            roll does not allow), naming the seed that reproduces the dice.
    """
    from .journaling import journal_roll  # a roll's path alone pays for it

    inputs_of, roll = test_parts(args)
    return journal_roll(args, inputs_of, roll, find(args.system))


def test_parts(
    args: argparse.Namespace,
) -> tuple[Callable[[int | None], Any], Callable[[Any, int], RollRecord[Any]]]:
    """The test ``meneur roll SYSTEM …`` describes: its inputs (with the acting
    character's karma, when the sheet brings it) and its roll on a seed (naming the seed
    that reproduces the dice when the roll cannot complete)."""

    def inputs_of(karma: int | None) -> Any:
        inputs = command(args.system).inputs(args)
        if karma is not None:  # the acting character's karma, from the campaign
            inputs = dataclasses.replace(inputs, karma=karma)
        return inputs

    def roll(inputs: Any, seed: int) -> RollRecord[Any]:
        try:
            record: RollRecord[Any] = roll_seeded(roller(type(inputs)), inputs, seed)
        except RulesError as error:
            where = command(args.system).where
            said = (
                words_of(args).t("app.seed", seed=seed)
                if where is None
                else where(args, inputs, seed)
            )
            raise RulesError(f"{error} ({said})", message_key="aside", a=error, b=said) from error
        return record

    return inputs_of, roll


def run_event(
    args: argparse.Namespace, record: RollRecord[Any], answer: Rolled | None
) -> tuple[RollRecord[Any], Rolled | None] | None:
    """The random event a yes/no answer (``record``) brought under the tension (None when
    it brought none, or the seat has no ``event`` table: a player's, when the campaign's
    own is the GM's): a roll on the ``event`` table (the campaign's own, else the shipped
    one in the command's language), its seed from the answer's, so ``--seed`` reproduces
    both. With ``--campaign`` (``answer``: what was written), the table writes it after
    the answer, exactly as secret as it (:func:`meneur.play.rolling.roll_event`)."""
    if not getattr(record, "event", False):
        return None
    query = event_query(args)
    if query is None:  # the seat has no event table: the answer brings none
        return None
    if answer is None:
        from meneur.play.rolling import event_seed

        return roll_seeded(roller(type(query)), query, event_seed(record)), None
    from pathlib import Path

    from meneur.play.rolling import roll_event

    from .journaling import _open
    from .seats import seat_of

    with _open(Path(args.campaign)) as campaign:
        rolled = roll_event(campaign, seat_of(args, campaign), answer, query)
    return rolled.record, rolled
