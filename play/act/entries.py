"""The entries a seat writes most: a roll and what it moves, a planned change, a value
set, a note and its edit or strike, a roll left out of the luck, a new session or scene.
Each takes the campaign, the seat acting and the request, and returns the entry written
(on disk when it returns)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from meneur.core import changes as state_changes
from meneur.core.changes import MISSING, Change
from meneur.core.names import check_name
from meneur.core.table_rules import Seat, may_rewrite
from meneur.play.secrecy import blind, kept_kinds
from meneur.play.tables import reaches_library
from meneur.play.views import for_viewer
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import (
    PUBLIC,
    STATE_FILE,
    Said,
    Secrecy,
    Worded,
    entry_kind,
    roll_to_data,
)
from meneur.saves.errors import CampaignError, Refusal
from meneur.saves.journal import Entry, check_text
from meneur.saves.stored_words import set_text
from meneur.saves.work import Draft, Work

from .draws import drawn
from .writing import write


def change(
    campaign: Campaign,
    seat: Seat,
    said: Said,
    *,
    kind: str = "change",
    roll: Mapping[str, Any] | None = None,
    changes: Iterable[Change] = (),
    target: int | None = None,
    character: str | None = None,
    game_time: str | None = None,
    secrecy: Secrecy = PUBLIC,
    touches: Iterable[tuple[str, str]] = (),
    written: str | None = None,
) -> Entry:
    """Write one entry and its changes as ``seat``: ``said`` is its words, or a plan that
    makes its words and changes (besides ``changes``) of the state as it is under the
    lock, so that writers at the same moment never undo each other. ``secrecy``: who may
    see it, made stricter by what it touches; ``written``: the lines a log from elsewhere
    held it as (:attr:`meneur.saves.journal.Entry.written`).

    Raises:
        CampaignError: when the campaign is not open for writing, campaign.toml was
            changed by hand in a way that cannot be read, the changes do not fit the
            state, or the plan refused (nothing is written then).
        RulesError: when the plan is refused by the rules (nothing is written then).
    """
    with campaign.work() as work:
        return _change(
            work,
            seat,
            said,
            kind=kind,
            roll=roll,
            changes=tuple(changes),
            target=target,
            character=character,
            game_time=game_time,
            secrecy=secrecy,
            touches=tuple(touches),
            written=written,
        )


def _change(
    work: Work,
    seat: Seat,
    said: Said,
    *,
    kind: str = "change",
    roll: Mapping[str, Any] | None = None,
    changes: tuple[Change, ...] = (),
    target: int | None = None,
    character: str | None = None,
    game_time: str | None = None,
    secrecy: Secrecy = PUBLIC,
    touches: tuple[tuple[str, str], ...] = (),
    written: str | None = None,
    own_rules: bool = False,
    bookkeeping: tuple[Change, ...] = (),
) -> Entry:
    """:func:`change`, inside a unit of work already under way (``own_rules``: see
    :func:`meneur.play.act.writing.write`; ``bookkeeping``: meneur's own changes, such as
    a request's answer, not checked as the seat's asking)."""
    planned = work.planned(said)
    changes = (*changes, *planned.changes)
    character = planned.character or character
    touches += planned.touches
    game_time = planned.game_time or game_time
    counted: tuple[Change, ...] = ()
    if roll is not None:
        roll, counted = drawn(work, roll)
    draft = Draft(
        kind,
        planned.text,
        work.checked((*changes, *bookkeeping, *counted)),
        roll=roll,
        target=target,
        character=character,
        game_time=game_time,
        secrecy=secrecy,
        touches=touches,
        written=written,
    )
    # Checked on what was asked, without meneur's count of draws.
    return write(work, seat, draft, asked=changes, own_rules=own_rules)


def roll(
    campaign: Campaign,
    seat: Seat,
    record: Any,
    said: Said,
    *,
    changes: Iterable[Change] = (),
    character: str | None = None,
    game_time: str | None = None,
    physical: bool = False,
    secrecy: Secrecy = PUBLIC,
    chosen_seed: bool = False,
    written: str | None = None,
) -> Entry:
    """Journal a roll (its full record) and the state changes it caused; ``physical``
    marks faces typed from real dice; ``chosen_seed`` a seed given (``--seed``), which
    the entry says; ``secrecy``: who may see it, but a player's roll of a kind the GM
    keeps is blind whatever it says (:func:`meneur.play.secrecy.roll_secrecy`). A roll
    by a character the GM asked a roll of answers that request. ``said`` may be a plan
    (see :func:`change`). A live roll on the session's next draw is marked so
    (:mod:`.draws`). ``written``: the lines a log from elsewhere held it as."""
    kind = entry_kind(record)
    data = roll_to_data(record, physical=physical)
    if seat.role == "player" and data.get("system") in kept_kinds(campaign.state):
        # A roll of a kind the GM keeps is a player's blind roll whatever was asked: a
        # door that let them choose public or private would let them read it.
        secrecy = blind(seat)
    if secrecy.visibility == "public" and reaches_library(campaign.state, data):
        # The record carries the library table's rows, which are the GM's own.
        secrecy = Secrecy("gm")
    if chosen_seed and not physical:
        data["chosen_seed"] = True
    with campaign.work() as work:
        # A player's roll the GM keeps (a blind roll) moves nothing its roller could
        # read: karma on their sheet would tell them the outcome. The GM reads its
        # record and applies it. Decided here, for every door.
        asked = () if blind_roll(seat, secrecy) else tuple(changes)
        # A request's answer is meneur's bookkeeping of the roll, not the seat's asking:
        # a blind roll, which asks for nothing, answers it too.
        answers = _answers(work.state, character) if kind == "roll" and character else ()
        return _change(
            work,
            seat,
            said,
            kind=kind,
            roll=data,
            changes=asked,
            character=character,
            game_time=game_time,
            secrecy=secrecy,
            written=written,
            bookkeeping=answers,
        )


def blind_roll(seat: Seat, secrecy: Secrecy) -> bool:
    """Whether a roll ``seat`` writes with ``secrecy`` is a player's blind roll: for the
    GM alone, its result kept from its roller."""
    return seat.role == "player" and secrecy.visibility == "gm"


def event_secrecy(answer: Entry) -> Secrecy:
    """Who may see the random event a yes/no ``answer`` brought: exactly who may see the
    answer. A secret answer's event is never announced of its own: two announced secrets
    where one is usual would tell that the dice showed a double; the answer's own
    announcement (if any) stands for both."""
    if answer.visibility == "public":
        return Secrecy("public", answer.player)
    return Secrecy(answer.visibility, answer.player, announced=False)


def event(campaign: Campaign, seat: Seat, answer: Entry, record: Any) -> Entry:
    """Journal the random event (``record``, a roll on the ``event`` table) the yes/no
    ``answer`` ``seat`` just wrote brought, exactly as secret as that answer
    (:func:`event_secrecy`), at every door. The event is part of the answer: after a
    player's blind answer it is theirs and the GM's alone to write, as the answer was (a
    player may otherwise write no roll for the GM alone), so it is checked as the
    answer was, not as a roll on a table of the GM's.

    Raises:
        Refusal: when ``answer`` is no yes/no answer of ``seat``'s that brought an event
            (nothing written), or the seat may not write it.
    """
    secrecy = event_secrecy(answer)
    rolled = answer.roll or {}
    mine = seat.role == "gm" or answer.by == seat.name
    brought = rolled.get("system") == "yesno" and rolled.get("event")
    if not (mine and brought):
        raise Refusal(campaign.directory, "refused: no event after that", "refused.no_event")
    data = roll_to_data(record)
    if secrecy.visibility == "public" and reaches_library(campaign.state, data):
        secrecy = Secrecy("gm")  # the library table's rows are the GM's own
    with campaign.work() as work:
        return _change(
            work,
            seat,
            "",
            kind=entry_kind(record),
            roll=data,
            secrecy=secrecy,
            # The player's blind answer was checked when it was written; its event
            # moves nothing and is theirs alone.
            own_rules=blind_roll(seat, secrecy),
        )


def _answers(state: Mapping[str, Any], character: str) -> tuple[Change, ...]:
    """The change that marks the oldest request ``character`` has not answered."""
    for ident, request in state.get("requests", {}).items():
        if character in request["characters"] and character not in request["answered"]:
            return (Change(("requests", ident, "answered", character), MISSING, True),)
    return ()


def set_value(
    campaign: Campaign,
    seat: Seat,
    path: Iterable[str],
    value: object,
    text: str | Worded | None = None,
    *,
    written: str | None = None,
) -> Entry:
    """Set a value of the state (``("characters", "razors", "sheet", "karma")``);
    ``MISSING`` as the value deletes the key (``written``: the lines a log from
    elsewhere held it as).

    Raises:
        CampaignError: naming the key, when it already has that value or the value does
            not fit.
    """
    path = tuple(path)
    with campaign.work() as work:
        (made,) = work.checked((state_changes.set_value(work.state, path, value),))
        if made.before == made.after:
            raise CampaignError(
                campaign.directory / STATE_FILE,
                "already has that value",
                made.key,
                message_key="campaign.same_value",
            )
        return _change(work, seat, text or set_text(made), changes=(made,), written=written)


def note(
    campaign: Campaign,
    seat: Seat,
    text: str,
    *,
    game_time: str | None = None,
    secrecy: Secrecy = PUBLIC,
    written: str | None = None,
) -> Entry:
    """Journal a note (``secrecy``: who may see it; ``written``: the lines a log from
    elsewhere held it as)."""
    with campaign.work() as work:
        return _change(
            work, seat, text, kind="note", game_time=game_time, secrecy=secrecy, written=written
        )


def _note(work: Work, seat: Seat, entry_id: int) -> Entry:
    """Note ``entry_id``, for ``seat`` to rewrite or strike. An entry the seat may not
    see whole, or a note it may not rewrite, is refused exactly as an entry the journal
    does not have, before anything is read of it: told apart (this one is not a note,
    that one already reads so), a player trying every number would count the GM's
    secrets, learn their kinds, and test a guess of a secret note's words.

    Raises:
        CampaignError: when the seat may not rewrite it, or it is not a note.
    """
    target = work.entry_at(entry_id)
    if seat.role != "gm":
        shown = for_viewer(target, seat.viewer, work.journal, work.state)
        if shown is None or shown.redacted or not may_rewrite(seat, target.by):
            raise work.no_entry(entry_id)
    if target.kind != "note":
        raise CampaignError(
            work.directory,
            f"entry {entry_id} is a {target.kind}, not a note",
            message_key="campaign.not_a_note",
            values={"id": entry_id},
        )
    return target


def edit_note(campaign: Campaign, seat: Seat, entry_id: int, text: str) -> Entry:
    """Rewrite a note; the journal keeps the original and the edit.

    Raises:
        CampaignError: when the entry is not a note ``seat`` may rewrite (said as for
            an entry the journal does not have: :func:`_note`), or already reads so.
    """
    check_text(text, campaign.directory)
    with campaign.work() as work:
        target = _note(work, seat, entry_id)
        path = ("note_edits", str(entry_id))
        value = MISSING if text == target.text else text
        made = state_changes.set_value(work.state, path, value)
        if made.before == made.after:
            raise CampaignError(
                campaign.directory,
                f"note {entry_id} already reads so",
                message_key="campaign.note_same",
                values={"id": entry_id},
            )
        text = f"Note {entry_id} modifiée"
        return _change(work, seat, text, changes=(made,), target=entry_id)


def strike_note(campaign: Campaign, seat: Seat, entry_id: int) -> Entry:
    """Strike a note from the journal: it stays there, marked, and an undo brings it back.

    Raises:
        CampaignError: when the entry is not a note ``seat`` may strike (said as for an
            entry the journal does not have: :func:`_note`), or is struck already.
    """
    with campaign.work() as work:
        target = _note(work, seat, entry_id)
        if campaign.is_struck(target):
            raise CampaignError(
                campaign.directory,
                f"note {entry_id} is struck already",
                message_key="campaign.note_struck",
                values={"id": entry_id},
            )
        made = Change(("struck", str(entry_id)), MISSING, True)
        text = f"Note {entry_id} barrée"
        return _change(work, seat, text, changes=(made,), target=entry_id)


def count_roll(campaign: Campaign, seat: Seat, entry_id: int, counted: bool) -> Entry:
    """Leave a roll out of the luck meneur counts (``counted`` false: a roll made by
    mistake, a test of the rules), or count it again. The GM's alone; an undo takes it
    back.

    Raises:
        CampaignError: when the entry is not a roll, or is already so.
        Refusal: for anyone but the GM.
    """
    with campaign.work() as work:
        if seat.role != "gm":
            raise Refusal(
                campaign.directory, "only the GM leaves a roll out of the luck", "refused.luck"
            )
        target = work.entry_at(entry_id)
        if target.roll is None:
            raise CampaignError(
                campaign.directory,
                f"entry {entry_id} is a {target.kind}, not a roll",
                message_key="campaign.not_a_roll",
                values={"id": entry_id},
            )
        left_out = str(entry_id) in work.state.get("uncounted", {})
        if left_out != counted:
            already = "counted" if counted else "left out"
            raise CampaignError(
                campaign.directory,
                f"roll {entry_id} is {already} already",
                message_key="campaign.counted" if counted else "campaign.left_out",
                values={"id": entry_id},
            )
        path = ("uncounted", str(entry_id))
        made = Change(path, True, MISSING) if counted else Change(path, MISSING, True)
        words = "compté de nouveau" if counted else "hors du compte"
        text = f"Jet {entry_id} {words}"
        return _change(work, seat, text, changes=(made,), target=entry_id)


def mark(
    campaign: Campaign,
    seat: Seat,
    kind: str,
    title: str,
    *,
    game_time: str | None = None,
    written: str | None = None,
) -> Entry:
    """Start a new session or scene (``kind`` is ``"session"`` or ``"scene"``) called
    ``title``, kept as it is typed; a new session commits its dice
    (:mod:`meneur.core.fair_dice`). ``written``: the lines a log from elsewhere held it
    as.

    Raises:
        CampaignError: for another kind.
        RulesError: for a title the rule of names refuses (:mod:`meneur.core.names`: a
            line break, a control character), nothing written.
    """
    if kind not in ("session", "scene"):
        raise CampaignError(
            campaign.directory,
            f"a marker is a session or a scene, not {kind!r}",
            message_key="campaign.marker",
        )
    check_name(title, kind)
    if kind == "scene":
        return change(campaign, seat, title, kind=kind, game_time=game_time, written=written)
    import secrets

    from meneur.core import fair_dice

    with campaign.work() as work:
        # The session's dice are committed now: the hash of a new key is published, and
        # the key of the session before revealed.
        key = secrets.token_bytes(fair_dice.KEY_BYTES)
        before = work.state.get("dice", MISSING)
        old = before if isinstance(before, Mapping) else {}
        revealed = dict(old.get("revealed", {}))
        if "key" in old:
            revealed[old["commitment"]] = old["key"]
        dice = {
            "commitment": fair_dice.commitment(key),
            "key": key.hex(),
            "drawn": 0,
            "revealed": revealed,
        }
        # The entry carries the key in its change, for undo; no view but the GM's
        # receives a change of the dice (meneur.play.views).
        committed = Change(("dice",), before, dice)
        return _change(
            work,
            seat,
            title,
            kind=kind,
            changes=(committed,),
            game_time=game_time,
            written=written,
        )
