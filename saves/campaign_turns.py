"""The table's turns in a campaign (mixed into :class:`meneur.saves.campaign.Campaign`):
the GM's requests for a roll, turns of secret choices, and the session's committed
dice drawn in order."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from meneur.core.changes import MISSING, Change
from meneur.core.errors import RulesError

from .campaign_fields import CampaignFields
from .entry_parts import DRAWN, Secrecy
from .errors import CampaignError, Refusal
from .journal import Entry
from .state import dice as committed_dice

if TYPE_CHECKING:
    from meneur.core.phases import Phase


class TurnsMixin(CampaignFields):
    """The GM's requests for a roll, turns of secret choices, the session's draws."""

    def _answers(self, character: str) -> tuple[Change, ...]:
        """The change that marks the oldest request ``character`` has not answered."""
        for ident, request in self.state.get("requests", {}).items():
            if character in request["characters"] and character not in request["answered"]:
                return (Change(("requests", ident, "answered", character), MISSING, True),)
        return ()

    def request_roll(self, prompt: str, characters: Iterable[str]) -> Entry:
        """Ask ``characters``' players for a roll (the GM's): "everyone, a Chance test".
        Each one's next roll answers it.

        Raises:
            CampaignError: for a seat other than the GM's, or no or unknown characters.
        """
        who = list(dict.fromkeys(characters))
        known = self.state["characters"]
        if not who or any(c not in known for c in who):
            raise CampaignError(self.directory, "a request names the campaign's characters")
        names = ", ".join(str(known[c].get("name", c)) for c in who)
        with self.writing():
            ident = str(self.journal.last_id + 1)
            change = Change(
                ("requests", ident),
                MISSING,
                {"prompt": prompt.strip() or "?", "characters": who, "answered": {}},
            )
            text = f"Le MJ demande un jet (the GM asks for a roll) : {prompt.strip()} — {names}"
            return self._append("request", text, self._checked((change,)))

    def open_requests(self) -> list[tuple[str, str, list[str]]]:
        """The rolls asked for that some characters still owe: (id, prompt, who still
        owes it)."""
        waiting = []
        for ident, request in self.state.get("requests", {}).items():
            owed = [c for c in request["characters"] if c not in request["answered"]]
            if owed:
                waiting.append((ident, request["prompt"], owed))
        return waiting

    def open_phase(self, prompt: str, options: Iterable[str], characters: Iterable[str]) -> Entry:
        """Open a turn of secret choices (the GM's): ``characters`` choose among
        ``options`` (none: a short answer each), in this turn order.

        Raises:
            CampaignError: for a seat other than the GM's, an unknown character, or a
                turn that does not hold together (nothing is written then).
        """
        from meneur.core.phases import new_phase  # turns: only when one is played

        try:
            phase = new_phase(prompt, options, characters)
        except RulesError as error:
            raise CampaignError(self.directory, str(error)) from error
        known = self.state["characters"]
        for character in phase.characters:
            if character not in known:
                raise CampaignError(self.directory, f"{character}: no such character")
        names = ", ".join(str(known[c].get("name", c)) for c in phase.characters)
        with self.writing():
            ident = str(self.journal.last_id + 1)
            value = {
                "prompt": phase.prompt,
                "options": list(phase.options),
                "characters": list(phase.characters),
                "sealed": {},
                "revealed": {},
                "open": True,
            }
            change = Change(("phases", ident), MISSING, value)
            text = f"Tour ouvert (turn opened) : {phase.prompt} — {names}"
            if phase.options:
                text += f" — {' / '.join(phase.options)}"
            return self._append("phase", text, self._checked((change,)))

    def phase(self, ident: str) -> Phase:
        """The turn ``ident`` (its opening entry's number).

        Raises:
            CampaignError: when there is no such turn.
        """
        from meneur.core.phases import phase_from_data  # turns: only when one is played

        data = self.state.get("phases", {}).get(str(ident))
        if data is None:
            raise CampaignError(self.directory, f"no turn {ident}", "phases")
        return phase_from_data(data)

    def open_phases(self) -> list[tuple[str, Phase]]:
        """The turns still open, oldest first."""
        from meneur.core.phases import phase_from_data  # turns: only when one is played

        return [
            (ident, phase_from_data(data))
            for ident, data in self.state.get("phases", {}).items()
            if data.get("open", True)
        ]

    def choose(self, ident: str, character: str, choice: str) -> list[Entry]:
        """Seal ``character``'s choice in turn ``ident``: an entry only its player and
        the GM see (the others are told that it was made); when it is the last one, the
        turn is revealed to all in the same write. Returns the entries written.

        Raises:
            CampaignError: when this seat may not choose so (another's character, a turn
                revealed, a choice not offered…); nothing is written then.
        """
        from meneur.core.phases import check_choice  # turns: only when one is played

        with self.writing():
            phase = self.phase(ident)
            try:
                sealed = check_choice(self.seat, phase, character, choice)
            except RulesError as error:
                raise CampaignError(self.directory, f"refused: {error}") from error
            player = self.seat.name if self.seat.role == "player" else None
            secrecy = (
                Secrecy("private", player=player, announced=True)
                if player
                else Secrecy("gm", announced=True)
            )
            name = self.state["characters"].get(character, {}).get("name", character)
            change = Change(
                ("phases", str(ident), "sealed", character),
                MISSING,
                {"choice": sealed, "player": player or ""},
            )
            entries = [
                self._append(
                    "choice",
                    f"{name} : {sealed} ({phase.prompt})",
                    self._checked((change,)),
                    character=character,
                    secrecy=secrecy,
                    own_rules=True,  # check_choice: the turns' own rule for a seat
                )
            ]
            if self.phase(ident).complete:
                entries.append(self._reveal(str(ident)))
        return entries

    def reveal_phase(self, ident: str) -> Entry:
        """Reveal turn ``ident`` now (the GM's), whoever has not chosen yet.

        Raises:
            CampaignError: for a player or a turn revealed already.
        """
        from meneur.core.phases import check_reveal  # turns: only when one is played

        with self.writing():
            try:
                check_reveal(self.seat, self.phase(ident))
            except RulesError as error:
                raise CampaignError(self.directory, f"refused: {error}") from error
            return self._reveal(str(ident))

    def _reveal(self, ident: str) -> Entry:
        """Write the reveal of turn ``ident``, under the lock: every choice in turn order,
        public; the sealed choices are gone from the state (so undoing one is refused:
        this entry changed them since)."""
        from meneur.core.phases import phase_from_data, revealed  # turns: only when played

        data = self.state["phases"][ident]
        sealed = {c: item["choice"] for c, item in data.get("sealed", {}).items()}
        order = revealed(phase_from_data(data), sealed)
        names = self.state["characters"]
        shown = ", ".join(f"{names.get(c, {}).get('name', c)} → {choice}" for c, choice in order)
        changes = (
            Change(("phases", ident, "sealed"), copy.deepcopy(data.get("sealed", {})), {}),
            Change(
                ("phases", ident, "revealed"), copy.deepcopy(data.get("revealed", {})), dict(order)
            ),
            Change(("phases", ident, "open"), True, False),
        )
        # A seat's choice that completes the turn reveals it (check_choice), as the GM's
        # reveal does (check_reveal): the turns' own rules for a seat.
        return self._append(
            "reveal",
            f"Révélé (revealed) : {data['prompt']} — {shown}",
            changes,
            own_rules=True,
        )

    def next_draw(self) -> int | None:
        """The seed of the session's next live roll (its next draw), or None when no
        session committed its dice (meneur.core.fair_dice). Under the lock the roll
        written with it is marked as that draw; written after another roll took the
        draw, it is refused (roll again)."""
        from meneur.core import fair_dice

        dice = committed_dice(self.state)
        if dice is None or "key" not in dice:
            return None
        return fair_dice.draw_seed(fair_dice.key_of(dice["key"]), dice["drawn"] + 1)

    def _drawn(self, roll: Mapping[str, Any]) -> tuple[Mapping[str, Any], tuple[Change, ...]]:
        """``roll`` marked as the session's next draw when its seed is that draw's, and
        the change that counts it (meneur's own bookkeeping of a roll anyone may make,
        not checked against the seat); else as it is (a seed from the OS or chosen).

        Raises:
            Refusal: when its seed is a draw another roll took meanwhile.
        """
        from meneur.core import fair_dice

        dice = committed_dice(self.state)
        seed = roll.get("seed")
        if dice is None or "key" not in dice or "commitment" not in dice:
            return roll, ()
        if not isinstance(seed, int) or roll.get("chosen_seed"):
            return roll, ()
        key, drawn = fair_dice.key_of(dice["key"]), dice["drawn"]
        if seed == fair_dice.draw_seed(key, drawn + 1):
            marked = {**roll, "draw": drawn + 1, "commitment": dice["commitment"]}
            return marked, (Change(DRAWN, drawn, drawn + 1),)
        earlier = next(
            (
                n
                for n in range(drawn, max(0, drawn - 64), -1)
                if seed == fair_dice.draw_seed(key, n)
            ),
            None,
        )
        if earlier is not None and roll.get("poker"):
            # Les Traits' Coup de poker goes on with the stream of the roll it rerolls.
            return {**roll, "draw": earlier, "commitment": dice["commitment"]}, ()
        if earlier is not None:
            raise Refusal(
                self.directory,
                "another roll took this roll's draw meanwhile: roll again",
                "dice.raced",
            )
        return roll, ()
