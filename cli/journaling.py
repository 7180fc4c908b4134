"""Opening the campaign a command names, and journaling a roll in it (``roll …
--campaign``): what the campaign commands (:mod:`meneur.cli.campaigns`), the rolls
(:mod:`meneur.cli.commands`) and each system's own commands share. It asks no system's
room: a test's own steps come in with the test.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .seats import seat_of
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core.table_rules import Seat
    from meneur.play.campaigns import Campaign, Secrecy
    from meneur.play.journal import Entry
    from meneur.play.rolling import Rolled, TestAsked

    from .roll_command import RollCommand


def new_seed() -> int:
    """A fresh seed from system entropy (63 bits, so it prints and parses as a plain int)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def campaign_seed(args: argparse.Namespace, campaign: Any, *, public: bool = True) -> int:
    """The seed of a roll journaled in ``campaign`` by the command's seat, as the table
    decides it (:func:`meneur.play.rolling.seed_for`): ``--seed`` when the seat may
    choose one, else the session's next draw when the roll is ``public``, else a fresh
    one.

    Raises:
        Refusal: ``--seed`` from a player inside a session whose dice are committed.
    """
    from meneur.play.rolling import seed_for

    return seed_for(campaign, seat_of(args, campaign), args.seed, public=public, fresh=new_seed)


def _directory(given: str | None) -> Path:
    """The campaign a command names, else the one used last (or the default one).

    Raises:
        UsageError: when the campaign used last is gone, naming its folder and how to
            choose another (a command never falls back to another campaign unasked).
    """
    from meneur.play.campaigns import current_campaign, gone_campaign

    if given:
        return Path(given)
    gone = gone_campaign()
    if gone is not None:
        raise UsageError("meneur", GONE, folder=gone)
    return current_campaign()


GONE = (
    "the campaign used last is gone: {folder} (moved, deleted, or on a disk not plugged "
    "in); name another campaign's folder on the command line (meneur journal DIR), or "
    "choose one in the app (meneur, then ctrl+o)"
)


def _open(directory: Path, *, write: bool = True, defer_check: bool = False) -> Campaign:
    """Open a campaign for a command. ``defer_check``: the command reads every chunk of
    the journal whole itself (checking it then), so opening does not read them first.
    The command line holds no threads: a long journal is read by forked workers."""
    from meneur.play.campaigns import Campaign, default_author, remember

    campaign = Campaign.open(
        directory, write=write, author=default_author(), parallel=True, defer_check=defer_check
    )
    if write:
        remember(directory)
    return campaign


def character_named(
    given: str, characters: Mapping[str, Any], command: str, said: str | None = None
) -> str:
    """The key of the character ``given`` on the command line: its key, or its name in
    any case.

    Raises:
        UsageError: for ``command``, naming what was typed (``said``, default ``given``).
    """
    if given in characters:
        return given
    wanted = given.casefold()
    for ident, item in characters.items():
        if isinstance(item, Mapping) and str(item.get("name", "")).casefold() == wanted:
            return str(ident)
    raise UsageError(command, "{value}: no such character", value=said or given)


def _secrecy(args: argparse.Namespace, seat: Seat) -> Secrecy:
    """Who may see the entry a command writes (``--visibility``, ``--announce``): a
    player's entry is theirs (``--as``)."""
    from meneur.play.campaigns import Secrecy

    player = seat.name if seat.role == "player" else None
    return Secrecy(args.visibility or "public", player, args.announce)


def tension_of(state: Any) -> int:
    """The campaign's tension (meneur.play.story, imported only when asked)."""
    from meneur.play.story import tension_of as read

    return read(state)


def _with_entry(output: str | dict[str, object], rolled: Rolled | None, words: Strings) -> object:
    """Add the journal entry a roll was saved as, when its seat may be told its number
    (the GM): a JSON field, or a last line."""
    if rolled is None or rolled.number is None:
        return output
    if isinstance(output, dict):
        return {**output, "entry_id": rolled.number}
    return f"{output}\n{words.t('cli.entry', id=rolled.number)}"


def numbered(args: argparse.Namespace, campaign: Campaign, entry: Entry) -> str:
    """``#N `` before the line saying ``entry`` was written, when the command's seat may
    be told its number (the GM: :func:`meneur.play.views.number_for`); else nothing."""
    from meneur.play.views import number_for

    number = number_for(seat_of(args, campaign).viewer, entry)
    return "" if number is None else f"#{number} "


def entry_said(args: argparse.Namespace, campaign: Campaign, entry: Entry, words: Strings) -> str:
    """The line that says which journal entry a roll was written as, for a seat that may
    be told its number; empty for any other."""
    from meneur.play.views import number_for

    number = number_for(seat_of(args, campaign).viewer, entry)
    return "" if number is None else f"\n{words.t('cli.entry', id=number)}"


def journal_roll(
    args: argparse.Namespace,
    inputs_of: Callable[[int | None], Any],
    roll: Callable[[Any, int], Any],
    test: RollCommand | None,
) -> tuple[Any, Rolled | None]:
    """Roll the test ``inputs_of(karma)`` makes (``roll(inputs, seed)``: its record)
    and, with ``--campaign``, have the table roll and journal it as the seat
    (:func:`meneur.play.rolling.roll_test`: the seed, who sees it, what it moves, what
    the seat is shown); return the record and what was written (None without a
    campaign). ``test`` is the test rolled, when it is one (what its sheet brings, what
    follows its roll); None for creation rolls.

    The campaign is opened before rolling, so a locked or broken campaign stops the
    command before any die is cast. With ``--character`` on a test that reads the
    sheet, the sheet brings what the test reads (karma…).
    """
    if not args.campaign:
        if (
            args.character
            or args.label
            or args.at
            or args.seat_name
            or args.announce
            or args.visibility is not None
        ):
            raise UsageError(
                f"meneur {args.command} {args.system}",
                "--character, --label, --at, --visibility, --as and --announce go with --campaign",
            )
        return roll(inputs_of(None), args.seed if args.seed is not None else new_seed()), None
    # Only with a campaign: a roll to print pays for nothing of the saves.
    from meneur.play.rolling import roll_test

    with _open(Path(args.campaign)) as campaign:
        seat = seat_of(args, campaign)  # refused before any die is cast
        rolled = roll_test(campaign, seat, test_asked(args, inputs_of, roll, test), fresh=new_seed)
    return rolled.record, rolled


def test_asked(
    args: argparse.Namespace,
    inputs_of: Callable[[int | None], Any],
    roll: Callable[[Any, int], Any],
    test: RollCommand | None,
) -> TestAsked:
    """The test ``args`` ask the table to roll (``meneur roll SYSTEM …``'s options): the
    command the table rolls (:class:`meneur.play.rolling.TestAsked`)."""
    from meneur.play.rolling import TestAsked

    from_sheet = None if test is None or not args.character else test.from_sheet
    after_roll = None if test is None else test.after_roll
    after_journal = None if test is None or not args.character else test.after_journal

    def prepare(state: Mapping[str, Any]) -> Any:
        # The sheet brings what the test reads (karma…); the campaign's tension what a
        # yes/no answer or a scene reads, unless given for this roll.
        karma = None if from_sheet is None else from_sheet(args, state)
        solo = state["options"].get("solo")
        if args.system in ("yesno", "scene") and getattr(args, "tension", 0) is None and solo:
            args.tension = tension_of(state)
        return inputs_of(karma)

    after = None
    if after_roll is not None:

        def after(state: Mapping[str, Any], label: str) -> tuple[list[Any], str]:
            return after_roll(args, state, label)

    finish = None
    if after_journal is not None:

        def finish(campaign: Campaign) -> None:
            after_journal(args, campaign)

    return TestAsked(
        prepare,
        roll,
        character=args.character,
        label=args.label or "",
        game_time=args.at,
        visibility=args.visibility,
        announce=bool(args.announce),
        seed=args.seed,
        sheet_karma=from_sheet is not None,
        after=after,
        finish=finish,
    )
