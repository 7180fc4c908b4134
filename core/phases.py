"""Secret choices made together: SYSTEMJ's action phases, and any GM's "everyone decide
now" (docs/rules/systemj.md#phases).

The GM opens a turn for some characters, in the turn order they choose (SYSTEMJ: at the
GM's discretion). Each character's player picks secretly — SYSTEMJ: Action or Mouvement;
otherwise one of the GM's options, or a short answer of their own when the GM gave none.
Nobody sees another's pick (the GM alone sees them come in) until every character has
picked or the GM reveals: then all are revealed at once, in turn order, and can no longer
change. A pick may be taken back (undone) until then.

In a campaign's state a turn is ``phases.<id>``: its prompt, options and characters, the
picks still sealed (``sealed.<character>``, each visible to its player and the GM only)
and, once revealed, ``revealed.<character>`` for all to see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from meneur.core.frozen import frozen

from .errors import RulesError
from .table_rules import Refused, Seat

MAX_ANSWER = 200
"""Characters of a free answer."""
NOT_CHOSEN = "—"
"""What a revealed turn shows for a character who had not picked when the GM revealed."""


@frozen
class Phase:
    """A turn of secret choices.

    Attributes:
        prompt: what the GM asks ("Tour 3", "Fuir ou combattre ?").
        options: the choices offered; empty for a free answer.
        characters: who chooses, in turn order.
        chosen: who has chosen (not what).
        open: False once revealed.
    """

    prompt: str
    options: tuple[str, ...]
    characters: tuple[str, ...]
    chosen: frozenset[str] = frozenset()
    open: bool = True

    @property
    def complete(self) -> bool:
        """Whether every character has chosen."""
        return all(character in self.chosen for character in self.characters)


def new_phase(prompt: str, options: Iterable[str], characters: Iterable[str]) -> Phase:
    """A turn as the GM opens it.

    Raises:
        RulesError: without characters, with one twice, or with an empty option.
    """
    order = tuple(characters)
    if not order:
        raise RulesError(
            "a turn needs at least one character to choose", message_key="phase.no_one"
        )
    if len(set(order)) != len(order):
        raise RulesError("a character chooses once per turn", message_key="phase.twice")
    choices = tuple(option.strip() for option in options)
    if any(not option for option in choices) or len(set(choices)) != len(choices):
        raise RulesError("each option is a distinct, non-empty word", message_key="phase.options")
    return Phase(prompt.strip() or "?", choices, order)


def check_choice(seat: Seat, phase: Phase, character: str, choice: str) -> str:
    """The choice as it will be sealed, once ``seat`` may make it for ``character``.

    Raises:
        Refused: for a viewer, a player choosing for another's character, a turn
            already revealed, or a character not in it.
        RulesError: for a choice that is not one of the options (or an empty or too
            long answer).
    """
    if seat.role == "viewer":
        raise Refused("a viewer watches the table: only the GM and the players choose")
    if not phase.open:
        raise Refused("this turn is revealed: its choices no longer change")
    if character not in phase.characters:
        raise Refused(f"{character} does not choose in this turn")
    if seat.role == "player" and character not in seat.characters:
        raise Refused(f"{character} is not one of {seat.name}'s characters")
    if character in phase.chosen:
        raise Refused(f"{character} has chosen already (undo it first to choose again)")
    choice = choice.strip()
    if phase.options:
        if choice not in phase.options:
            raise RulesError(
                f"expected one of: {', '.join(phase.options)}; found {choice!r}",
                message_key="phase.choice",
                options=", ".join(phase.options),
                choice=choice,
            )
    elif not choice or len(choice) > MAX_ANSWER:
        raise RulesError(
            f"an answer is 1 to {MAX_ANSWER} characters",
            message_key="phase.answer",
            most=MAX_ANSWER,
        )
    return choice


def check_reveal(seat: Seat, phase: Phase) -> None:
    """Refuse a reveal ``seat`` may not ask for: only the GM reveals before everyone
    has chosen.

    Raises:
        Refused: saying why.
    """
    if not phase.open:
        raise Refused("this turn is revealed already")
    if seat.role != "gm":
        raise Refused("only the GM reveals a turn; it reveals itself once all have chosen")


def revealed(phase: Phase, sealed: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """Each character's choice in turn order (:data:`NOT_CHOSEN` for a character who
    had not chosen)."""
    return tuple((character, sealed.get(character, NOT_CHOSEN)) for character in phase.characters)


def phase_from_data(data: Mapping[str, object]) -> Phase:
    """A turn as the campaign's state holds it (already checked by the schema)."""
    sealed = data.get("sealed", {})
    shown = data.get("revealed", {})
    chosen = set(sealed) if isinstance(sealed, Mapping) else set()
    chosen |= set(shown) if isinstance(shown, Mapping) else set()
    options = data.get("options", [])
    characters = data.get("characters", [])
    return Phase(
        str(data.get("prompt", "")),
        tuple(str(o) for o in options) if isinstance(options, list) else (),
        tuple(str(c) for c in characters) if isinstance(characters, list) else (),
        frozenset(chosen),
        bool(data.get("open", True)),
    )
