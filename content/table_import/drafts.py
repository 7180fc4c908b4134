"""A table as a file's reader makes it, before the core checks it, and an import's
refusal."""

from __future__ import annotations

from dataclasses import dataclass, field

from meneur.content import ContentError

__all__ = ["RowDraft", "TableDraft", "import_error"]


@dataclass
class RowDraft:
    """A row as read: its text, and its range text or weight, and where it was."""

    text: str
    line: int
    range: str | None = None
    weight: int = 1
    again: int | None = None
    """Further rolls the file says this row asks for; None: read from its words."""


@dataclass
class TableDraft:
    """A table as read, before the core checks it."""

    name: str
    rows: list[RowDraft] = field(default_factory=list)
    dice: str | None = None
    line: int = 1
    by_line: bool = True
    """Whether the rows' numbers are the file's lines (else their places, 1 first)."""


def import_error(source: str, message: str, why: str, **values: object) -> ContentError:
    """A refusal of ``source``'s import: ``source: message``, said in the reader's
    language from ``errors.imports.<why>`` (with ``{source}``)."""
    return ContentError(f"{source}: {message}", f"imports.{why}", source=source, **values)
