"""Errors raised by the rules core: one type for anything the rules do not allow."""

from __future__ import annotations


class RulesError(ValueError):
    """An input the rules do not allow; the message names the input and the reason.

    Interfaces show the message as it is (the CLI prints it on one line and exits
    with status 2), so it must read well on its own.
    """


class DiceNotationError(RulesError):
    """A dice expression that cannot be read.

    Attributes:
        text: the expression as typed.
        position: 0-based index of the offending character in ``text``.
        reason: what was expected or why it is refused.
    """

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        shown = text if len(text) <= 60 else text[:57] + "..."
        super().__init__(f'dice expression "{shown}", character {position + 1}: {reason}')
