"""Opening the campaign a command names, and journaling a roll in it (``roll …
--campaign``): what the campaign commands (:mod:`meneur.cli.campaigns`), the rolls
(:mod:`meneur.cli.commands`) and each system's own commands share. It asks no system's
room: a test's own steps come in with the test.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .seats import seat_of
from .usage import UsageError

if TYPE_CHECKING:
    from meneur.content.strings import Strings
    from meneur.core.table_rules import Seat
    from meneur.play.campaigns import Campaign, Secrecy

    from .roll_command import RollCommand


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


def _with_entry(output: str | dict[str, object], entry_id: int | None, words: Strings) -> object:
    """Add the journal entry a roll was saved as: a JSON field, or a last line."""
    if entry_id is None:
        return output
    if isinstance(output, dict):
        return {**output, "entry_id": entry_id}
    return f"{output}\n{words.t('cli.entry', id=entry_id)}"


def journal_roll(
    args: argparse.Namespace, make: Any, test: RollCommand | None
) -> tuple[Any, int | None]:
    """Roll with ``make(karma)`` and, with ``--campaign``, journal it; return the record
    and the entry id. ``test`` is the test rolled, when it is one (what its sheet brings,
    what follows its roll); None for creation rolls.

    The campaign is opened before rolling, so a locked or broken campaign stops the
    command before any die is cast. With ``--character`` on a cosmos test, the karma
    comes from the sheet and its movement is saved (undoable).
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
        return make(None), None
    # Only with a campaign: a roll to print pays for nothing of the saves.
    from meneur.core.changes import Change, read
    from meneur.play import act
    from meneur.play.errors import CampaignError
    from meneur.play.rolls import roll_words

    with _open(Path(args.campaign)) as campaign:
        seat = seat_of(args, campaign)  # refused before any die is cast
        secrecy = _secrecy(args, seat)
        changes: list[Change] = []
        karma_path: tuple[str, ...] | None = None
        karma = None
        if args.character:
            if args.character not in campaign.state["characters"]:
                raise CampaignError(
                    campaign.directory / "campaign.toml",
                    "no such character",
                    f"characters.{args.character}",
                    message_key="campaign.no_such_character",
                )
            from_sheet = None if test is None else test.from_sheet
            if from_sheet is not None:  # the sheet brings what the test reads (karma…)
                karma_path = ("characters", args.character, "sheet", "karma")
                karma = from_sheet(args, campaign.state)
        solo = campaign.state["options"].get("solo")
        if args.system in ("yesno", "scene") and args.tension is None and solo:
            args.tension = tension_of(campaign.state)  # the campaign's, unless given for this roll
        from meneur.play.campaigns import PUBLIC

        args.drawn_seed = campaign_seed(args, campaign, public=secrecy.visibility == "public")
        record = make(karma)
        if args.visibility is None and not args.announce:  # the GM's default for the kind
            from meneur.play.campaigns import Secrecy
            from meneur.play.secrecy import default_secrecy

            # A player's roll (--as) of a kind the GM keeps is blind, as at the table;
            # whatever it is, it stays theirs (it says who threw it).
            secrecy = default_secrecy(campaign.state, record.system, seat)
            if seat.role == "player" and secrecy.player is None:
                secrecy = Secrecy(secrecy.visibility, seat.name, secrecy.announced)
            if secrecy != PUBLIC and args.seed is None:
                args.drawn_seed = new_seed()  # secret by default: off the public draws
                record = make(karma)
        if karma_path is not None and record.karma_after != karma:
            before = read(campaign.state, karma_path)
            changes.append(Change(karma_path, before, record.karma_after))
        label = args.label or ""
        if args.character and test is not None and test.after_roll is not None:
            more, label = test.after_roll(args, campaign.state, label)
            changes += more
        text = roll_words(record, label)
        entry = act.roll(
            campaign,
            seat,
            record,
            text,
            changes=changes,
            character=args.character,
            game_time=args.at,
            secrecy=secrecy,
            chosen_seed=args.seed is not None,
        )
        if args.character and test is not None and test.after_journal is not None:
            test.after_journal(args, campaign)
    if seat.role == "player":
        # What the player's seat shows of it: nothing of a blind roll, and no seed they
        # did not choose (the session's draws are the GM's until revealed).
        args.shown = "blind" if entry.visibility == "gm" else "no_seed"
    return record, entry.id
