"""The table's turns: the GM asks characters for a roll (each one's next roll answers
it), and turns of secret choices, sealed one by one and revealed together
(:mod:`meneur.core.phases`)."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import TYPE_CHECKING

from meneur.core.changes import MISSING, Change
from meneur.core.errors import RulesError
from meneur.core.table_rules import Seat
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.saves.errors import CampaignError
from meneur.saves.journal import Entry
from meneur.saves.work import Draft, Work

from .writing import write

if TYPE_CHECKING:
    from meneur.core.phases import Phase


def request_roll(campaign: Campaign, seat: Seat, prompt: str, characters: Iterable[str]) -> Entry:
    """Ask ``characters``' players for a roll (the GM's): "everyone, a Chance test".

    Raises:
        CampaignError: for a seat other than the GM's, or no or unknown characters.
    """
    who = list(dict.fromkeys(characters))
    with campaign.work() as work:
        known = work.state["characters"]
        if not who or any(c not in known for c in who):
            raise CampaignError(
                campaign.directory,
                "a request names the campaign's characters",
                message_key="campaign.request_characters",
            )
        names = ", ".join(str(known[c].get("name", c)) for c in who)
        ident = str(work.journal.last_id + 1)
        made = Change(
            ("requests", ident),
            MISSING,
            {"prompt": prompt.strip() or "?", "characters": who, "answered": {}},
        )
        text = f"Le MJ demande un jet : {prompt.strip()} — {names}"
        return write(work, seat, Draft("request", text, work.checked((made,))))


def open_phase(
    campaign: Campaign,
    seat: Seat,
    prompt: str,
    options: Iterable[str],
    characters: Iterable[str],
) -> Entry:
    """Open a turn of secret choices (the GM's): ``characters`` choose among ``options``
    (none: a short answer each), in this turn order.

    Raises:
        CampaignError: for a seat other than the GM's, an unknown character, or a turn
            that does not hold together (nothing is written then).
    """
    from meneur.core.phases import new_phase  # turns: only when one is played

    try:
        turn = new_phase(prompt, options, characters)
    except RulesError as error:
        raise _by_the_rules(campaign, error, str(error)) from error
    with campaign.work() as work:
        known = work.state["characters"]
        for character in turn.characters:
            if character not in known:
                raise CampaignError(
                    campaign.directory,
                    f"{character}: no such character",
                    message_key="campaign.no_character",
                    values={"name": character},
                )
        names = ", ".join(str(known[c].get("name", c)) for c in turn.characters)
        ident = str(work.journal.last_id + 1)
        value = {
            "prompt": turn.prompt,
            "options": list(turn.options),
            "characters": list(turn.characters),
            "sealed": {},
            "revealed": {},
            "open": True,
        }
        text = f"Tour ouvert : {turn.prompt} — {names}"
        if turn.options:
            text += f" — {' / '.join(turn.options)}"
        made = Change(("phases", ident), MISSING, value)
        return write(work, seat, Draft("phase", text, work.checked((made,))))


def open_requests(campaign: Campaign) -> list[tuple[str, str, list[str]]]:
    """The rolls asked for that some characters still owe: (id, prompt, who still owes
    it)."""
    waiting = []
    for ident, request in campaign.state.get("requests", {}).items():
        owed = [c for c in request["characters"] if c not in request["answered"]]
        if owed:
            waiting.append((ident, request["prompt"], owed))
    return waiting


def phase(campaign: Campaign, ident: str) -> Phase:
    """The turn ``ident`` (its opening entry's number).

    Raises:
        CampaignError: when there is no such turn.
    """
    from meneur.core.phases import phase_from_data  # turns: only when one is played

    data = campaign.state.get("phases", {}).get(str(ident))
    if data is None:
        raise CampaignError(
            campaign.directory,
            f"no turn {ident}",
            message_key="campaign.no_turn",
            values={"id": ident},
        )
    return phase_from_data(data)


def open_phases(campaign: Campaign) -> list[tuple[str, Phase]]:
    """The turns still open, oldest first."""
    from meneur.core.phases import phase_from_data  # turns: only when one is played

    return [
        (ident, phase_from_data(data))
        for ident, data in campaign.state.get("phases", {}).items()
        if data.get("open", True)
    ]


def choose(campaign: Campaign, seat: Seat, ident: str, character: str, choice: str) -> list[Entry]:
    """Seal ``character``'s choice in turn ``ident``: an entry only its player and the GM
    see (the others are told that it was made); when it is the last one, the turn is
    revealed to all in the same unit of work. Returns the entries written.

    Raises:
        CampaignError: when this seat may not choose so (another's character, a turn
            revealed, a choice not offered…); nothing is written then.
    """
    from meneur.core.phases import check_choice  # turns: only when one is played

    with campaign.work() as work:
        turn = phase(campaign, ident)
        try:
            sealed = check_choice(seat, turn, character, choice)
        except RulesError as error:
            raise _by_the_rules(campaign, error, f"refused: {error}") from error
        player = seat.name if seat.role == "player" else None
        secrecy = (
            Secrecy("private", player=player, announced=True)
            if player
            else Secrecy("gm", announced=True)
        )
        name = work.state["characters"].get(character, {}).get("name", character)
        made = Change(
            ("phases", str(ident), "sealed", character),
            MISSING,
            {"choice": sealed, "player": player or ""},
        )
        draft = Draft(
            "choice",
            f"{name} : {sealed} ({turn.prompt})",
            work.checked((made,)),
            character=character,
            secrecy=secrecy,
        )
        # check_choice is the turns' own rule for a seat.
        entries = [write(work, seat, draft, own_rules=True)]
        if phase(campaign, ident).complete:
            entries.append(_reveal(work, seat, str(ident)))
    return entries


def reveal_phase(campaign: Campaign, seat: Seat, ident: str) -> Entry:
    """Reveal turn ``ident`` now (the GM's), whoever has not chosen yet.

    Raises:
        CampaignError: for a player or a turn revealed already.
    """
    from meneur.core.phases import check_reveal  # turns: only when one is played

    with campaign.work() as work:
        try:
            check_reveal(seat, phase(campaign, ident))
        except RulesError as error:
            raise _by_the_rules(campaign, error, f"refused: {error}") from error
        return _reveal(work, seat, str(ident))


def _by_the_rules(campaign: Campaign, error: RulesError, reason: str) -> CampaignError:
    """The turns' rules refused: ``reason`` for the log, the rule's own sentence for
    each reader."""
    return CampaignError(
        campaign.directory, reason, message_key="campaign.rules", values={"error": error}
    )


def _reveal(work: Work, seat: Seat, ident: str) -> Entry:
    """Write the reveal of turn ``ident``, under the lock: every choice in turn order,
    public; the sealed choices are gone from the state (so undoing one is refused: this
    entry changed them since)."""
    from meneur.core.phases import phase_from_data, revealed  # turns: only when played

    data = work.state["phases"][ident]
    sealed = {c: item["choice"] for c, item in data.get("sealed", {}).items()}
    order = revealed(phase_from_data(data), sealed)
    names = work.state["characters"]
    shown = ", ".join(f"{names.get(c, {}).get('name', c)} → {choice}" for c, choice in order)
    changes = (
        Change(("phases", ident, "sealed"), copy.deepcopy(data.get("sealed", {})), {}),
        Change(("phases", ident, "revealed"), copy.deepcopy(data.get("revealed", {})), dict(order)),
        Change(("phases", ident, "open"), True, False),
    )
    text = f"Révélé : {data['prompt']} — {shown}"
    # A seat's choice that completes the turn reveals it (check_choice), as the GM's
    # reveal does (check_reveal): the turns' own rules for a seat.
    return write(work, seat, Draft("reveal", text, changes), own_rules=True)
