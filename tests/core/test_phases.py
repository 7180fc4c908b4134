"""Turns of secret choices (docs/rules/systemj.md#systemj): who may choose what, and the reveal's
order."""

from __future__ import annotations

import pytest

from meneur.core.errors import RulesError
from meneur.core.phases import (
    NOT_CHOSEN,
    Phase,
    check_choice,
    check_reveal,
    new_phase,
    revealed,
)
from meneur.core.systems import system
from meneur.core.table_rules import GM_SEAT, Refused, Seat

ALICE = Seat("player", "alice", frozenset({"kael"}))
SYSTEMJ_OPTIONS = system("systemj").turn_choices
TURN = new_phase("Tour 1", SYSTEMJ_OPTIONS, ["mira", "kael"])


def test_the_seed_s_two_choices() -> None:
    assert SYSTEMJ_OPTIONS == ("Action", "Mouvement")


def test_a_player_chooses_for_their_own_characters_among_the_options() -> None:
    assert check_choice(ALICE, TURN, "kael", " Mouvement ") == "Mouvement"
    with pytest.raises(Refused, match="not one of alice"):
        check_choice(ALICE, TURN, "mira", "Action")
    with pytest.raises(RulesError, match="expected one of: Action, Mouvement"):
        check_choice(ALICE, TURN, "kael", "Fuir")
    with pytest.raises(Refused, match="viewer"):
        check_choice(Seat("viewer"), TURN, "kael", "Action")
    assert check_choice(GM_SEAT, TURN, "mira", "Action") == "Action"


def test_once_chosen_or_revealed_a_choice_no_longer_changes() -> None:
    chosen = Phase(TURN.prompt, TURN.options, TURN.characters, frozenset({"kael"}))
    with pytest.raises(Refused, match="chosen already"):
        check_choice(ALICE, chosen, "kael", "Action")
    closed = Phase(TURN.prompt, TURN.options, TURN.characters, open=False)
    with pytest.raises(Refused, match="revealed"):
        check_choice(ALICE, closed, "kael", "Action")
    with pytest.raises(Refused, match="only the GM"):
        check_reveal(ALICE, TURN)
    check_reveal(GM_SEAT, TURN)


def test_a_free_answer_when_the_gm_gives_no_options() -> None:
    free = new_phase("Fuir ou combattre ?", [], ["kael"])
    assert check_choice(ALICE, free, "kael", "je reste") == "je reste"
    with pytest.raises(RulesError):
        check_choice(ALICE, free, "kael", "  ")
    with pytest.raises(RulesError):
        check_choice(ALICE, free, "kael", "x" * 201)


def test_the_reveal_follows_the_turn_order_and_marks_who_had_not_chosen() -> None:
    assert revealed(TURN, {"kael": "Action"}) == (("mira", NOT_CHOSEN), ("kael", "Action"))
    assert not TURN.complete


def test_a_turn_holds_together() -> None:
    with pytest.raises(RulesError):
        new_phase("x", SYSTEMJ_OPTIONS, [])
    with pytest.raises(RulesError):
        new_phase("x", SYSTEMJ_OPTIONS, ["kael", "kael"])
    with pytest.raises(RulesError):
        new_phase("x", ["Action", "Action"], ["kael"])
