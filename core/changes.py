"""State changes: a value at a key path goes from ``before`` to ``after``.

Every edit of a campaign's state (a stat, karma, a tracker, a character created or
deleted, a note rewritten) is a list of :class:`Change`. A missing ``before`` creates a
key, a missing ``after`` deletes it. Undoing swaps them. Applying checks that the state
still holds ``before``, so an undo never silently overwrites a later hand edit.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any, Final

from meneur.core.frozen import frozen


class _Missing:
    """The absence of a value (TOML has no null): a key that does not exist."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Final = _Missing()


class ChangeError(ValueError):
    """A change that does not fit the state; the message names the key.

    Attributes:
        message_key, values: the message as one of the interfaces' strings
            (``errors.<message_key>``), as :class:`meneur.core.errors.RulesError` has.
    """

    def __init__(self, message: str, message_key: str, **values: object) -> None:
        super().__init__(message)
        self.message_key = message_key
        self.values = values

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _change_error, (str(self), self.message_key, self.values)


def _change_error(message: str, key: str, values: dict[str, object]) -> ChangeError:
    return ChangeError(message, key, **values)


@frozen
class Change:
    """One key path going from ``before`` to ``after`` (either may be MISSING)."""

    path: tuple[str, ...]
    before: Any = MISSING
    after: Any = MISSING

    @property
    def key(self) -> str:
        """The dotted key path: ``characters.razors.sheet.karma``."""
        return ".".join(self.path)

    def inverse(self) -> Change:
        """The change that undoes this one."""
        return Change(self.path, self.after, self.before)

    def to_data(self) -> dict[str, Any]:
        """Plain data for the journal; a MISSING side is left out."""
        data: dict[str, Any] = {"path": list(self.path)}
        if self.before is not MISSING:
            data["before"] = self.before
        if self.after is not MISSING:
            data["after"] = self.after
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Change:
        """Read a change back from the journal.

        Raises:
            ChangeError: for a path that is not a non-empty list of text.
        """
        path = data.get("path")
        if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
            raise ChangeError("path: expected a list of keys", "change.path")
        unknown = set(data) - {"path", "before", "after"}
        if unknown:
            raise ChangeError(
                f"{sorted(unknown)[0]}: unknown key in a change",
                "value.unknown_key",
                where=sorted(unknown)[0],
            )
        return cls(tuple(path), data.get("before", MISSING), data.get("after", MISSING))


def read(state: Mapping[str, Any], path: Iterable[str]) -> Any:
    """The value at ``path`` in ``state``, or MISSING."""
    node: Any = state
    for key in path:
        if not isinstance(node, Mapping) or key not in node:
            return MISSING
        node = node[key]
    return node


def apply(state: MutableMapping[str, Any], changes: Iterable[Change]) -> None:
    """Apply ``changes`` to ``state`` in place, in order, all or nothing.

    Raises:
        ChangeError: when a value is not what a change expects before it (the state is
            then left as it was).
    """
    changes = list(changes)
    # Only the top-level tables the changes touch are copied: copying the whole state
    # for every entry made catching up with a long journal quadratic.
    work = dict(state)
    for top in {change.path[0] for change in changes}:
        if top in work:
            work[top] = copy.deepcopy(work[top])
    for change in changes:
        current = read(work, change.path)
        if current != change.before:
            expected, found = shown_value(change.before), shown_value(current)
            raise ChangeError(
                f"{change.key}: expected {expected}, found {found}",
                "change.before",
                where=change.key,
                expected=expected,
                value=found,
            )
        _write(work, change.path, copy.deepcopy(change.after))
    state.clear()
    state.update(work)


def _write(state: MutableMapping[str, Any], path: tuple[str, ...], value: Any) -> None:
    node: MutableMapping[str, Any] = state
    for depth, key in enumerate(path[:-1]):
        child = node.get(key)
        if not isinstance(child, MutableMapping):
            if value is MISSING:
                return
            if child is not None:
                raise ChangeError(
                    f"{'.'.join(path[: depth + 1])}: is not a table",
                    "change.not_table",
                    where=".".join(path[: depth + 1]),
                )
            child = {}
            node[key] = child
        node = child
    if value is MISSING:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value


def set_value(state: Mapping[str, Any], path: tuple[str, ...], value: Any) -> Change:
    """The change that sets ``path`` to ``value`` (MISSING deletes it)."""
    return Change(path, copy.deepcopy(read(state, path)), value)


def shown_value(value: Any) -> str:
    """A value as a player reads it in the journal, written as in campaign.toml (never
    Python's own notation): ``4``, ``"Kael"``, ``["Bluff<+4, 3>"]``, ``{ karma = 0 }``;
    MISSING as ``—``."""
    if value is MISSING:
        return "—"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, Mapping):
        inner = ", ".join(f"{_shown_key(str(k))} = {shown_value(v)}" for k, v in value.items())
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(shown_value(v) for v in value) + "]"
    return str(value)


def _shown_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else shown_value(key)
