"""Errors about campaign files: each names the file, where in it, and what was expected."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meneur.core.text import cut


class CampaignError(Exception):
    """A campaign that cannot be read or written as asked.

    The message names the file and, when known, the line or key, then says what was
    expected; interfaces show it as it is (the CLI on one line, exit status 2).

    Attributes:
        path: the file or directory concerned.
        where: the line ("line 12") or key ("characters.razors.name"), if known.
        reason: what is wrong or what was expected.
    """

    message_key: str | None = None
    """The reason as a key of the interface's strings (``errors.<key>``), when it has
    one: each reader is told it in their language (see ``Strings.explain``)."""
    values: Mapping[str, object] = {}  # never changed: replaced
    """What the reason names, for its key's fields."""

    def __init__(
        self,
        path: Path | str,
        reason: str,
        where: str = "",
        *,
        message_key: str | None = None,
        values: Mapping[str, object] | None = None,
        names_file: bool = False,
    ) -> None:
        self.path = Path(path)
        # Said in a reader's language, a reason with a key inside the file names the
        # file and the key; one about the file itself (unreadable, not TOML) names the
        # file too; others (a refusal, an entry that is not a note) name none.
        self.names_file = names_file or bool(where)
        self.where = where
        self.reason = reason
        if message_key is not None:  # the reason as a key of the interface's strings
            self.message_key = message_key
            self.values = dict(values or {})
        super().__init__(self._said(str(self.path), reason))

    def _said(self, name: str, reason: str, colon: str = ": ", where: str | None = None) -> str:
        """``name: where: reason``. Shown in terminals, made of what a campaign holds (a
        key of a megabyte, an escape sequence in a name): cut, and every control
        character made visible."""
        where = self.where if where is None else where
        location = f"{cut(name, 300)}{colon}"
        if where:
            location += f"{cut(where)}{colon}"
        return location + cut(reason, 600)

    def within(self, directory: Path) -> str:
        """The message with the file named from ``directory`` (``journal/000002.toml``)
        when it is in there, else by its own name: what a view shown to others says,
        which names no folder of the host's (nor, so, their account)."""
        return self._said(self._name(directory), self.reason)

    def _name(self, directory: Path | None) -> str:
        if directory is None:
            return str(self.path)
        try:
            return str(self.path.relative_to(directory))
        except ValueError:
            return self.path.name

    def located(
        self,
        reason: str,
        colon: str = ": ",
        directory: Path | None = None,
        entry: str = "entry",
    ) -> str:
        """The message with ``reason`` (this error's reason in a reader's language) in
        place of the stored one, and ``colon`` as that language writes it: the file and
        the key stay as they are (the file named from ``directory`` when given, as
        :meth:`within` does)."""
        # A rule's sentence may name the last key itself ("karma: …"): then the key
        # before it is said (``said_where``), not the key twice.
        said_where = self.values.get("said_where")
        where = self.key_said(entry) if said_where is None else str(said_where)
        return self._said(self._name(directory), reason, colon, where)

    def key_said(self, entry: str = "entry") -> str:
        """:attr:`where` with a journal entry, named by its number (``entry 12.roll``),
        called by the reader's word for it (``entry``)."""
        if self.where.startswith("entry ") and self.where[6:7].isdigit():
            return f"{entry} {self.where[6:]}"
        return self.where

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Rebuilt from its parts (a check run in worker processes sends it back).
        key = self.__dict__.get("message_key")
        values = self.__dict__.get("values")
        named = self.__dict__.get("names_file", False)
        return _rebuilt, (type(self), self.path, self.reason, self.where, key, values, named)


def _rebuilt(
    kind: type[CampaignError],
    path: Path,
    reason: str,
    where: str,
    key: str | None,
    values: Mapping[str, object] | None,
    names_file: bool = False,
) -> CampaignError:
    return kind(path, reason, where, message_key=key, values=values, names_file=names_file)


class CampaignLocked(CampaignError):
    """Another process holds the campaign open for writing."""


class UndoConflict(CampaignError):
    """An undo or redo that would overwrite a value changed since (by hand, or by a
    change that is not on the undo stack). Its message names entries and who wrote
    them, for the GM's command line; an interface says it without (``message_key``).
    Raised to the GM's seat alone: a player's is a :class:`Refusal` in the same words
    (:mod:`meneur.play.act.history`)."""

    message_key = "history.conflict"
    values: dict[str, object] = {}  # noqa: RUF012 (read only, shared)


class Refusal(CampaignError):
    """A write the table's rules do not allow this seat (a player moving the GM's
    clock): the message for the CLI and the log, and ``message_key`` and ``values`` for
    an interface to say it in its reader's language, in one sentence naming no key.

    Attributes:
        message_key: the reason's key in the interfaces' strings (``errors.<key>``).
        values: what it names, in words (never an internal key).
    """

    def __init__(
        self, path: Path | str, reason: str, message_key: str | None = None, **values: object
    ) -> None:
        super().__init__(path, reason)
        self.message_key = message_key
        self.values = values

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return _refusal, (type(self), self.path, self.reason, self.message_key, self.values)


def _refusal(
    kind: type[Refusal],
    path: Path,
    reason: str,
    key: str | None,
    values: Mapping[str, object],
) -> Refusal:
    return kind(path, reason, key, **values)


def unreadable(path: Path, error: OSError, where: str = "") -> CampaignError:
    """The error for ``path`` that the system would not read: a link or a file that is
    not a regular one (a FIFO, a directory…) said by what it is, else the system's own
    reason."""
    from meneur.content.own_files import NotOwnFile

    if isinstance(error, NotOwnFile):
        return not_regular(path, error.kind, where)
    why = error.strerror or str(error)
    return CampaignError(
        path,
        f"cannot be read ({why})",
        where,
        message_key="campaign.unreadable",
        names_file=True,
        values={"why": why},
    )


def not_regular(path: Path, kind: str, where: str = "") -> CampaignError:
    """The error for ``path`` that is ``kind`` (``link``, ``fifo``, ``directory``… as
    :func:`meneur.content.own_files.file_kind` names it) where a regular file must be."""
    from meneur.content.own_files import LINKED

    if kind == "link":
        return CampaignError(path, LINKED, where, message_key="campaign.linked", names_file=True)
    words = {
        "directory": "a directory",
        "fifo": "a FIFO",
        "device": "a device",
        "socket": "a socket",
    }
    return CampaignError(
        path,
        f"is {words.get(kind, 'not a regular file')}, not a regular file",
        where,
        message_key="campaign.not_regular",
        names_file=True,
        values={"file": kind},
    )


def toml_error(path: Path, error: ValueError) -> CampaignError:
    """The error for ``path`` whose text is not TOML (a
    :class:`meneur.content.toml_reader.TomlError`): where the reader stopped, and in
    English its own words for what it found."""
    line, column = getattr(error, "line", None), getattr(error, "column", None)
    if line is None or column is None:
        return CampaignError(
            path, f"invalid TOML: {error}", message_key="campaign.toml_invalid", names_file=True
        )
    return CampaignError(
        path,
        f"invalid TOML: {error}",
        message_key="campaign.toml_at",
        names_file=True,
        values={"line": line, "column": column, "detail": str(error)},
    )
