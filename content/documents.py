"""Reading a content document (a catalogue, a deck, a gene tree) so that every mistake
names the file and the key: typed reads, and a campaign's own document in its folder."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meneur.core.text import shown

from . import ContentError
from .toml_reader import TomlError, loads


class Reader:
    """Typed reads from one document that name the file and key of a mistake."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(
        self, key: str, reason: str, code: str | None = None, **values: object
    ) -> ContentError:
        """The error at ``key``; with ``code``, said in each reader's language
        (``errors.content.<code>``)."""
        if code is None:
            return ContentError(f"{self.source}: {key}: {reason}")
        return ContentError(
            f"{self.source}: {key}: {reason}",
            f"content.{code}",
            source=self.source,
            where=key,
            **values,
        )

    def table(self, value: object, key: str, known: set[str] | None = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(key, "expected a table", "table")
        if known is not None:
            unknown = sorted(set(value) - known)
            if unknown:
                allowed = ", ".join(sorted(known))
                raise self.fail(
                    f"{key}.{unknown[0]}",
                    f"unknown key (expected: {allowed})",
                    "unknown",
                    allowed=allowed,
                )
        return value

    def text(self, table: Mapping[str, object], name: str, key: str, required: bool = False) -> str:
        if name not in table:
            if required:
                raise self.fail(f"{key}.{name}", "missing", "missing")
            return ""
        value = table[name]
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(f"{key}.{name}", "expected non-empty text", "text")
        return value

    def keys(self, table: Mapping[str, object], name: str, key: str) -> tuple[str, ...]:
        value = table.get(name, [])
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise self.fail(f"{key}.{name}", "expected a list of talent keys in quotes", "keys")
        return tuple(value)

    def whole(self, table: Mapping[str, object], name: str, key: str, default: int) -> int:
        value = table.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(
                f"{key}.{name}",
                f"expected a whole number, found {shown(value)}",
                "whole",
                value=shown(value),
            )
        return value

    def bounds(self, table: Mapping[str, object], name: str, key: str) -> dict[str, int]:
        value = self.table(table.get(name, {}), f"{key}.{name}")
        return {stat: self.whole(value, stat, f"{key}.{name}", 0) for stat in value}


def campaign_document(directory: Path | None, name: str) -> tuple[dict[str, Any], str] | None:
    """A campaign's own document ``name`` in its folder and where it was read, or None
    when it has none.

    Raises:
        ContentError: naming the file when it cannot be read or is not TOML.
    """
    if directory is None:
        return None
    path = directory / name
    from .own_files import NotOwnFile, read_own

    try:
        # Never through a link, never waiting on a FIFO: a campaign's folder is untrusted.
        text = read_own(path).decode("utf-8")
    except FileNotFoundError:
        return None
    except NotOwnFile:
        raise ContentError(
            f"{path}: not a plain file", "content.not_plain", source=str(path)
        ) from None
    except UnicodeDecodeError as error:
        raise ContentError(
            f"{path}: cannot be read ({error.reason})",
            "content.unreadable",
            source=str(path),
            why=str(error.reason),
        ) from error
    except OSError as error:
        raise ContentError(
            f"{path}: cannot be read ({error.strerror})",
            "content.unreadable",
            source=str(path),
            why=str(error.strerror),
        ) from error
    try:
        return loads(text), str(path)
    except TomlError as error:
        raise ContentError(
            f"{path}: {error}",
            "content.toml",
            source=str(path),
            line=error.line or 0,
            column=error.column or 0,
            detail=str(error),
        ) from error
