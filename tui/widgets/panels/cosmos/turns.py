"""The Great Cosmos panel's round tracker (règle de répartition de tour): who fights, the
order rolled, the turn handed on, a posture's turns counted as they pass."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.widgets import Button, SelectionList, Static

from meneur.core.cosmos import combat
from meneur.core.cosmos.conditions import (
    CannotAct,
    of_sheet,
)
from meneur.core.errors import RulesError
from meneur.play.campaigns import Worded, dash
from meneur.play.cosmos import options_of
from meneur.tui.widgets.choice import Choice
from meneur.tui.widgets.ticklist import TickList

from .endurance import CosmosEndurance


class CosmosRound(CosmosEndurance):
    """The round tracker."""

    # --- The round (règle de répartition de tour) -----------------------------------------

    def _combat(self) -> dict[str, Any]:
        tracker = self.session.campaign.state.get("combat")
        return tracker if isinstance(tracker, dict) else {}

    _out_of_fight: frozenset[str] = frozenset()
    """Characters the GM unticked from the next round (everyone else is in it)."""

    _round_people: tuple[tuple[str, str], ...] = ()

    def _show_round_who(self) -> None:
        """The characters who may take part, ticked unless the GM left them out (a new
        character comes in ticked)."""
        people = tuple((self._called(i), i) for i in self.session.characters())
        if people == self._round_people:
            return
        self._round_people = people
        listing = self.query_one("#round-who", TickList)
        with listing.prevent(SelectionList.SelectedChanged):
            listing.clear_choices()
            for name, ident in people:
                listing.add_choice(name, ident, selected=ident not in self._out_of_fight)

    @on(SelectionList.SelectedChanged, "#round-who")
    def _who_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        event.stop()  # not a change of the test
        chosen = set(event.selection_list.selected)
        self._out_of_fight = frozenset(i for i in self.session.characters() if i not in chosen)

    def _cannot_act(self, ident: str) -> str | None:
        """Why a character cannot act at all now (Illumination's backlash, a physical
        exhaustion), or None. A mental exhaustion forbids thinking and magic, not acting."""
        options = options_of(self.session.options)
        sheet = self.session.characters().get(ident, {}).get("sheet", {})
        try:
            of_sheet(options, sheet, ("force",))
        except CannotAct as error:
            return error.reason
        except RulesError:
            return None  # a broken sheet: the campaign's check refuses it already
        return None

    def _show_round(self) -> None:
        if not self.query("#round-order"):
            return
        self._show_round_who()
        tracker = self._combat()
        slots = tracker.get("slots", [])
        if not slots:
            self.query_one("#round-order", Static).update(
                Text(self.t("round.none"), style="dim italic")
            )
            return
        text = Text(self.t("round.number", number=tracker["round"]) + "\n", style="bold")
        for i, slot in enumerate(slots):
            if i:
                text.append(" · ")
            if slot["together"]:
                text.append(f"⇄ ({self.t('round.together')}) ", style="dim")
            words = f"{self._called(slot['who'])} {slot['position']}"
            if slot["action"]:
                words += f" ({self.t('round.extra', n=slot['action'] + 1)})"
            if (why := self._cannot_act(slot["who"])) is not None:
                words += f" ✖ {self.t(f'round.cannot_act.{why}')}"
            if i == tracker["current"]:
                text.append(f"▶ {words}", style="bold reverse")
            else:
                text.append(words, style="dim" if i < tracker["current"] else "")
        self.query_one("#round-order", Static).update(text)

    @on(Button.Pressed, "#round-new")
    def new_round(self) -> None:
        """Roll the next round's order: everyone in the campaign by current Agilité
        (extra actions from a sheet's ``extra_actions``), journaled with its dice."""
        from meneur.core.cosmos.movement import Combatant, TurnOrderInputs
        from meneur.core.cosmos.sheet import current_stats

        options = options_of(self.session.options)
        people = []
        for ident, character in self.session.characters().items():
            if ident in self._out_of_fight:
                continue
            sheet = character.get("sheet", {})
            agilite = current_stats(options, sheet, self.session.sheet_content()).get("agilite", 50)
            extra = sheet.get("extra_actions", 0)
            extra = extra if isinstance(extra, int) and not isinstance(extra, bool) else 0
            stance = self._stance_of(ident) or combat.Stance()
            people.append(
                Combatant(
                    ident,
                    agilite,
                    stance.extra_actions(max(0, min(extra, 9))),
                    first=stance.acts_first,
                    last=stance.acts_last,
                )
            )
        if not people:
            self.notify(self.t("round.nobody"), severity="warning")
            return
        record = self.session.roll(TurnOrderInputs(tuple(people)))
        before = self._combat()
        number = int(before.get("round", 0)) + 1 if before.get("slots") else 1
        tracker = {
            "round": number,
            "current": 0,
            "slots": [
                {"who": s.ident, "action": s.action, "position": s.position, "together": s.together}
                for s in record.slots
            ],
        }
        change = self._change(("combat",), tracker)
        order = ", ".join(self._called(s.ident) for s in record.slots)
        text = self.w("round.rolled", number=number, order=order)
        if self._journal(record, text, [change], character=None):
            self._follow_slot(record.slots[0].ident)
            self.call_after_refresh(self._show_round)

    @on(Button.Pressed, "#round-next")
    def next_slot(self) -> None:
        """The next one in the round acts (the panel's acting character follows)."""
        tracker = self._combat()
        slots = tracker.get("slots", [])
        if not slots or tracker["current"] + 1 >= len(slots):
            self.notify(self.t("round.over", number=tracker.get("round", 0)))
            return
        following = dict(tracker, current=tracker["current"] + 1)
        who = slots[following["current"]]["who"]
        change = self._change(("combat",), following)
        text = Worded("round.turn", {"name": self._called(who), "number": tracker["round"]})
        done = slots[tracker["current"]]["who"]
        later = any(slot["who"] == done for slot in slots[following["current"] :])
        stance = self._stance_of(done)
        self._follow_slot(who)
        done_sheet = self.session.characters().get(done, {}).get("sheet", {})
        placed = done_sheet.get("grid")
        suspended = "suspended" in done_sheet or (isinstance(placed, dict) and "moved" in placed)
        quiet = stance is not None and stance == combat.Stance(posture=stance.posture)
        if later or stance is None or (quiet and not suspended):
            self.post_message(self.SheetChanged([change], text, who))
            return
        # The one whose last action this round it was ends their turn: a special
        # posture, a cooldown or a backlash counts it.
        ended = combat.end_turn(stance)
        words = Worded("combat.turn_entry", {"name": self._called(done)})
        self._left(ended, dash(text, words), done, [change], turn=True)

    def _follow_slot(self, ident: str) -> None:
        """The acting character becomes the one whose slot it is (a character)."""
        if ident in self.session.characters():
            self.query_one("#character", Choice).value = ident
