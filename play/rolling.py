"""A test a seat asks the table to roll, from whichever door it came: ``meneur roll …
--campaign`` (``--as``), the plain seat's ``test``, the feed's ``/act``. What is decided
of it is decided here, once, for every door:

- its seed: the roller's own (``--seed``) only when their seat may choose it
  (:func:`may_choose_seed`: never a player's inside a session whose dice are committed);
  else the session's next draw when the roll is public, a fresh one when it is secret
  (a secret roll off the public draws, as :meth:`meneur.play.session.Session.roll`);
- who sees it: what was asked, else the table's default for its kind; a player's roll
  of a kind the GM keeps is blind whatever they asked
  (:func:`meneur.play.secrecy.roll_secrecy`);
- what it moves: the karma it spent on the acting character's sheet, and what its
  system's rules bring after it; nothing at all when it is blind (written by
  :func:`meneur.play.act.roll`, which drops them);
- what its seat is shown of it (:class:`Rolled`): nothing of a blind roll, no seed of
  the session's draws to a player;
- the random event a yes/no answer brings (:func:`roll_event`): exactly as secret as
  the answer.

A door builds a :class:`TestAsked` from what it was given (options, a request) and shows
the :class:`Rolled` it gets back; it builds no journal change and picks no secrecy.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meneur.core.changes import Change, read
from meneur.core.frozen import frozen
from meneur.core.table_rules import Seat
from meneur.saves.errors import Refusal
from meneur.saves.state import dice as committed_dice

from . import act
from .rolls import roll_words
from .secrecy import roll_secrecy
from .views import number_for

if TYPE_CHECKING:
    from meneur.saves.campaign import Campaign
    from meneur.saves.journal import Entry


def fresh_seed() -> int:
    """A fresh seed from system entropy (63 bits, so it prints and parses as a plain int)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def may_choose_seed(state: Mapping[str, Any], seat: Seat) -> bool:
    """Whether ``seat`` may roll on a seed of its own choosing: the GM always; a player
    only outside a session whose dice are committed (there, a chosen seed would be a
    roll picked among many, not the table's next draw: :mod:`meneur.core.fair_dice`)."""
    if seat.role == "gm":
        return True
    found = committed_dice(state)
    return found is None or "key" not in found


@frozen
class TestAsked:
    """A test a seat asks the table to roll (see the module).

    Attributes:
        prepare: the test's inputs, made of the state as it is now (a character's sheet
            brings its stats and karma).
        roll: the record of those inputs on a seed (pure: no state, no disk).
        character: who acts (their sheet, their request answered).
        label: what the roller calls the roll.
        game_time: when in the story (``--at``).
        visibility: who the roller asked to see it; None for the table's default for
            its kind.
        announce: whether the others are told a secret roll happened.
        seed: the seed the roller chose, if any.
        sheet_karma: whether the inputs' karma is the acting character's sheet's (its
            movement is written on the sheet).
        after: what the roll brings after it on the acting character (its system's
            rules: a posture's dice), and the label that says so.
    """

    prepare: Callable[[Mapping[str, Any]], Any]
    roll: Callable[[Any, int], Any]
    character: str | None = None
    label: str = ""
    game_time: str | None = None
    visibility: str | None = None
    announce: bool = False
    seed: int | None = None
    sheet_karma: bool = False
    after: Callable[[Mapping[str, Any], str], tuple[Sequence[Change], str]] | None = None
    finish: Callable[[Campaign], object] | None = None
    """What the roll's system does once it is written (a Final Skill's posture ends)."""


@frozen
class Rolled:
    """A test rolled and written, and what its seat may be shown of it.

    Attributes:
        record: the roll's record.
        entry: the journal entry written.
        blind: whether its result is kept from the seat that rolled it (a blind roll:
            the GM alone sees it); the seat is then told only that it was thrown.
        seed_shown: whether the seat may see the roll's seed (not a player's, on a
            draw of the session under way, unless they chose it).
        number: the entry's number, as the seat may be told it (the GM's alone:
            :func:`meneur.play.views.number_for`).
        held: whether what it changes (karma on a sheet…) was held back, the roll being
            kept from someone (:func:`meneur.play.act.writing.held_back`): its seat is
            told that it waits for the GM.
    """

    record: Any
    entry: Entry
    blind: bool
    seed_shown: bool
    number: int | None
    held: bool = False


def roll_test(
    campaign: Campaign,
    seat: Seat,
    asked: TestAsked,
    *,
    fresh: Callable[[], int] = fresh_seed,
    chosen_dice: Callable[[], int] | None = None,
) -> Rolled:
    """Roll ``asked`` as ``seat`` and write it (see the module); ``fresh`` gives a seed
    when neither the roller nor the session's draws do. ``chosen_dice``: the seeds of a
    seat whose dice were chosen when it was opened (``--seed``: tests, reproducible
    play, a served table's), every roll's entry then saying so, as the app's.

    Raises:
        Refusal: a seed chosen by a seat that may not choose one; or whatever the
            table's rules refuse (nothing written).
        CampaignError: for a character the campaign does not have.
        RulesError: when the test cannot be rolled as asked.
    """
    state = campaign.state
    if asked.character is not None and asked.character not in state["characters"]:
        from meneur.saves.errors import CampaignError

        raise CampaignError(
            campaign.directory / "campaign.toml",
            "no such character",
            f"characters.{asked.character}",
            message_key="campaign.no_such_character",
        )
    # Public as asked, on the session's draws; its kind, known once rolled, may make it
    # secret (the table's default, a kind the GM keeps from players): rolled again then.
    public = asked.visibility in (None, "public")
    if chosen_dice is not None and asked.seed is None:
        # The seat's dice were chosen when it was opened, not at this roll.
        seed = chosen_dice()
        fresh, asked = chosen_dice, dataclasses.replace(asked, seed=seed)
    else:
        seed = seed_for(campaign, seat, asked.seed, public=public, fresh=fresh)
    inputs = asked.prepare(state)
    record = asked.roll(inputs, seed)
    secrecy = roll_secrecy(state, record.system, seat, asked.visibility, asked.announce)
    if public and secrecy.visibility != "public" and asked.seed is None:
        # Secret by its kind: off the public draws. (A player's public roll says who
        # threw it, and is still public: it keeps the session's draw.)
        record = asked.roll(inputs, fresh())
    changes: list[Change] = []
    karma_after = getattr(record, "karma_after", None)
    karma = getattr(getattr(record, "inputs", None), "karma", None)
    if asked.sheet_karma and asked.character is not None and karma_after != karma:
        path = ("characters", asked.character, "sheet", "karma")
        changes.append(Change(path, read(state, path), karma_after))
    label = asked.label
    if asked.character is not None and asked.after is not None:
        more, label = asked.after(state, label)
        changes += more
    entry = act.roll(
        campaign,
        seat,
        record,
        roll_words(record, label),
        changes=changes,
        character=asked.character,
        game_time=asked.game_time,
        secrecy=secrecy,
        chosen_seed=asked.seed is not None,
    )
    if asked.finish is not None:
        asked.finish(campaign)
    from .act.writing import held

    return Rolled(
        record,
        entry,
        blind=shown_blind(seat, entry),
        seed_shown=seed_shown(seat, chosen=asked.seed is not None),
        number=number_for(seat.viewer, entry),
        held=held(changes, entry),
    )


def event_seed(answer: Any) -> int:
    """The seed of the random event a yes/no ``answer`` (its record) brought: from the
    answer's own, so that the answer's seed reproduces both, and no draw of the session
    is taken (a secret answer's event would shift the public rolls that follow)."""
    import random

    return random.Random(answer.seed).getrandbits(63)


def roll_event(campaign: Campaign, seat: Seat, answer: Rolled, query: Any) -> Rolled:
    """Roll ``query`` (the ``event`` table) as the random event the yes/no ``answer``
    ``seat`` just rolled brought, and write it exactly as secret as the answer
    (:func:`meneur.play.act.event`); what its seat may be shown of it, as of the answer.

    Raises:
        Refusal: when ``answer`` brought no event, or the seat may not write it.
    """
    from meneur.core.kinds import roller
    from meneur.core.records import roll_seeded

    record = roll_seeded(roller(type(query)), query, event_seed(answer.record))
    entry = act.event(campaign, seat, answer.entry, record)
    return Rolled(
        record,
        entry,
        blind=shown_blind(seat, entry),
        seed_shown=answer.seed_shown,
        number=number_for(seat.viewer, entry),
    )


def seed_for(
    campaign: Campaign,
    seat: Seat,
    chosen: int | None,
    *,
    public: bool = True,
    fresh: Callable[[], int] = fresh_seed,
) -> int:
    """The seed of a roll ``seat`` makes: the one it ``chosen``, when it may choose one
    (:func:`may_choose_seed`); else the session's next draw when the roll is ``public``
    (:mod:`meneur.core.fair_dice`); else a fresh one.

    Raises:
        Refusal: for a seed chosen by a seat that may not choose one.
    """
    if chosen is not None:
        if not may_choose_seed(campaign.state, seat):
            raise Refusal(campaign.directory, "a player rolls the session's dice", "refused.seed")
        return chosen
    drawn = act.next_draw(campaign) if public else None
    return drawn if drawn is not None else fresh()


def shown_blind(seat: Seat, entry: Entry) -> bool:
    """Whether ``entry``, which ``seat`` wrote, is kept from it (a blind roll)."""
    from meneur.core.visibility import Shown, shown

    return shown(seat.viewer, entry.visibility, entry.player, entry.announced) is not Shown.WHOLE


def seed_shown(seat: Seat, *, chosen: bool) -> bool:
    """Whether ``seat`` may see the seed of a roll it threw: a player sees no seed they
    did not choose (the session's draws are the GM's until revealed)."""
    return seat.role == "gm" or chosen
