"""From parsed arguments to core inputs, and the core function each command calls."""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
from typing import TYPE_CHECKING, Any

from meneur.core.errors import RulesError
from meneur.core.kinds import odds_function, roller
from meneur.core.records import RollRecord, roll_seeded

from .language import words_of
from .rooms import command
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.core import expressions, oracles
    from meneur.core.odds import Odds

# Each builder imports its own rules module: a command pays only for its system.


def new_seed() -> int:
    """A fresh seed from system entropy (63 bits, so it prints and parses as a plain int)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def campaign_seed(args: argparse.Namespace, campaign: Any, *, public: bool = True) -> int:
    """The seed of a roll journaled in ``campaign``: ``--seed`` when given (the entry
    says it was chosen), else the session's next draw when its dice are committed and
    the roll is public (meneur.core.fair_dice), else a fresh one."""
    if args.seed is not None:
        return int(args.seed)
    from meneur.play import act

    drawn = act.next_draw(campaign) if public else None
    return drawn if drawn is not None else new_seed()


def _command(args: argparse.Namespace) -> str:
    return f"meneur {args.command} {args.system}"


def oracle_question(args: argparse.Namespace) -> oracles.OracleQuestion:
    """The environment oracle's question from its options."""
    from meneur.core import oracles

    return oracles.OracleQuestion(lean=oracles.Lean(args.lean), question=args.question)


def yesno_question(args: argparse.Namespace) -> oracles.YesNoQuestion:
    """The yes/no oracle's question from its options."""
    from meneur.core import oracles

    return oracles.YesNoQuestion(
        likelihood=args.likelihood, question=args.question, tension=args.tension
    )


def scene_test(args: argparse.Namespace) -> Any:
    """Solo play's scene test from its options (the middle tension by default)."""
    from meneur.core import solo

    tension = solo.TENSION_START if args.tension is None else args.tension
    return solo.SceneTest(tension=tension, scene=args.scene)


def dice_inputs(args: argparse.Namespace) -> expressions.DiceInputs:
    """The dice expression from its argument, read once here so that one that cannot
    be read is refused before any die is drawn (its message names no seed: no dice
    were rolled to reproduce).

    Raises:
        DiceNotationError: when the expression cannot be read.
    """
    from meneur.core import expressions, notation

    notation.parse(args.expression)
    return expressions.DiceInputs(args.expression)


def table_query(args: argparse.Namespace) -> Any:
    """A roll on a random table named by its key or name: the campaign's own (with
    ``--campaign``), else a shipped one in French or English.

    Raises:
        UsageError: naming the tables there are, for a name that is none of them.
        CampaignError: when the campaign cannot be read.
    """
    from meneur.content import example_tables, story_tables_for, tables_from_data
    from meneur.core import tables

    own: tuple[Any, ...] = ()
    if getattr(args, "campaign", None):
        from meneur.play.campaigns import read_state

        state = read_state(args.campaign)
        lang = "en" if getattr(args, "lang", None) == "en" else "fr"
        own = tables_from_data(state["tables"], "campaign.toml")
        own += story_tables_for(state["lists"], lang)  # found before the shipped, empty ones
        if getattr(args, "seat_name", None) is not None:
            from pathlib import Path

            from meneur.play.seating import seat_named
            from meneur.play.tables import tables_for

            # A player's seat (--as) neither rolls on nor names the GM's tables.
            seat = seat_named(Path(args.campaign), state, args.seat_name)
            allowed = {table.key for table in tables_for(seat, state, lang)}
            own = tuple(table for table in own if table.key in allowed)
    first, second = ("en", "fr") if getattr(args, "lang", None) == "en" else ("fr", "en")
    pool = (*own, *example_tables(first), *example_tables(second))
    table = tables.find(pool, args.name)
    if table is None:
        # Named as the reader's language names them (a name finds its table as a key does).
        known = ", ".join(
            sorted({t.name for t in (*own, *example_tables(first))}, key=str.casefold)
        )
        raise UsageError(
            _command(args), "no table {name!r} (tables: {known})", name=args.name, known=known
        )
    if table not in own:  # a shipped table named in the other language: the reader's
        table = tables.find(example_tables(first), table.key) or table
    return tables.TableQuery.of(table, pool)


def run_odds(args: argparse.Namespace) -> Odds[Any]:
    """Exact odds for ``meneur odds <system> …``."""
    test = command(args.system)
    inputs = test.inputs(args)
    if test.for_odds is not None:
        inputs = test.for_odds(args, inputs)
    odds: Odds[Any] = odds_function(type(inputs))(inputs)
    return odds


def run_roll(args: argparse.Namespace) -> tuple[RollRecord[Any], int | None]:
    """A seeded roll for ``meneur roll <system> …``, journaled with ``--campaign``.

    Returns:
        The record and its journal entry id (``None`` without a campaign).

    Raises:
        RulesError: when the roll cannot be completed as asked (a Coup de poker this
            roll does not allow), naming the seed that reproduces the dice.
    """
    from .campaigns import journal_roll

    chosen = args.seed if args.seed is not None else new_seed()

    def make(karma: int | None) -> RollRecord[Any]:
        # With a campaign, its session's next draw (journal_roll sets it).
        seed = getattr(args, "drawn_seed", None) or chosen
        inputs = command(args.system).inputs(args)
        if karma is not None:  # the acting character's karma, from the campaign
            inputs = dataclasses.replace(inputs, karma=karma)
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

    record, entry_id = journal_roll(args, make)
    return record, entry_id


def run_event(
    args: argparse.Namespace, record: RollRecord[Any]
) -> tuple[RollRecord[Any], int | None] | None:
    """The random event a yes/no answer brought under the tension (None when it brought
    none): a roll on the ``event`` table (the campaign's own, else the shipped one in the
    command's language), journaled after the answer with ``--campaign``. Its seed comes
    from the answer's, so ``--seed`` reproduces both."""
    if not getattr(record, "event", False):
        return None
    from meneur.core import tables

    from .campaigns import journal_roll

    query = table_query(argparse.Namespace(**{**vars(args), "name": "event"}))
    seed = random.Random(record.seed).getrandbits(63)

    def make(karma: int | None) -> RollRecord[Any]:
        return roll_seeded(tables.roll, query, seed)

    # No words of its own: the journal names the table in its reader's language.
    event_args = argparse.Namespace(**{**vars(args), "label": None, "character": None})
    return journal_roll(event_args, make)
