"""Errors raised by the rules core: one type for anything the rules do not allow."""

from __future__ import annotations

from typing import Any


class RulesError(ValueError):
    """An input the rules do not allow; the message names the input and the reason.

    The CLI prints the message as it is, on one line, and exits with status 2, so it must
    read well on its own. An error a player meets at the table may also carry a
    ``message_key`` and ``values``: the interface then says it in the player's language
    from its own strings (``errors.<message_key>``), and falls back on the message where
    it has none.

    Attributes:
        message_key: the message's key in the interfaces' strings, or None.
        values: what the message names (a skill, a character…), for those strings.
    """

    def __init__(self, message: str, *, message_key: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.message_key = message_key
        self.values = values

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Rebuilt whole, its key and values kept (a check run in worker processes sends
        # its errors back; each subclass has its own arguments).
        return _rebuilt, (type(self), self.args, dict(self.__dict__))


def _rebuilt(kind: type[RulesError], args: tuple[Any, ...], state: dict[str, Any]) -> RulesError:
    error = kind.__new__(kind)
    ValueError.__init__(error, *args)
    error.__dict__.update(state)
    return error


class BoundsError(RulesError):
    """A number outside the bounds the rules give it.

    Attributes:
        what: the number's name (a sheet key: ``stats.force``).
        low, high: its bounds (None: unbounded on that side).
        value: the number refused.
    """

    def __init__(self, what: str, low: int | None, high: int | None, value: int) -> None:
        self.what = what
        self.low = low
        self.high = high
        self.value = value
        shown = f"{'…' if low is None else low}–{'…' if high is None else high}"
        super().__init__(
            f"{what} is {shown}, not {value}",
            message_key="sheet.out_of_bounds",
            field=what,
            low="…" if low is None else low,
            high="…" if high is None else high,
            value=value,
        )


class NotationError(RulesError):
    """Text in one of meneur's notations that cannot be read.

    Attributes:
        text: the text as typed.
        position: 0-based index of the offending character in ``text``.
        reason: what was expected or why it is refused.
    """

    kind = "notation"
    """What was being read, for the message ("dice expression", "Sphérier test")."""
    kind_key = "notation"
    """The key of that kind in the interfaces' strings (``errors.<kind_key>.<code>``)."""

    def __init__(
        self, text: str, position: int, reason: str, code: str | None = None, **values: object
    ) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        shown = text if len(text) <= 60 else text[:57] + "..."
        super().__init__(
            f'{self.kind} "{shown}", character {position + 1}: {reason}',
            message_key=None if code is None else f"{self.kind_key}.{code}",
            text=shown,
            at=position + 1,
            **values,
        )


class DiceNotationError(NotationError):
    """A dice expression that cannot be read."""

    kind = "dice expression"
    kind_key = "dice"


_EXPECTED = {
    "whole": "a whole number",
    "text": "text",
    "bool": "true or false",
    "list": "a list",
    "table": "a table",
}


def refused_value(where: str, expected: str, value: object) -> RulesError:
    """The error for ``value`` read at ``where`` (a key path: ``chronoste.morning``)
    where ``expected`` was wanted: one of ``whole``, ``text``, ``bool``, ``list``,
    ``table`` (``errors.value.<expected>``). The value is shown as campaign.toml writes it,
    never in Python's notation."""
    from .changes import shown_value

    shown = shown_value(value)
    return RulesError(
        f"{where}: expected {_EXPECTED[expected]}, not {shown}",
        message_key=f"value.{expected}",
        where=where,
        value=shown,
    )


def unknown_key(where: str) -> RulesError:
    """The error for a key that has no place at ``where`` (its whole path)."""
    return RulesError(f"{where}: unknown key", message_key="value.unknown_key", where=where)


def missing_key(where: str) -> RulesError:
    """The error for a key that must be given at ``where`` (its whole path)."""
    return RulesError(f"{where}: missing", message_key="value.missing", where=where)


def within(where: str, error: RulesError) -> RulesError:
    """``error``, met inside ``where`` (a key or a position: ``passives``, ``[2]``): said
    as ``where: error``, the inner error in the reader's language as it would be alone."""
    return RulesError(f"{where}: {error}", message_key="within", where=where, error=error)
