"""Files tables are imported from: one file, or every table file of a folder (Foundry
exports one RollTable a file; a GM keeps a folder of them).

Read whole before anything is made of them, so that an import refuses before it writes.
"""

from __future__ import annotations

from pathlib import Path

from .errors import CampaignError

__all__ = ["MAX_FILES", "MAX_SOURCE", "SUFFIXES", "read_sources"]

SUFFIXES = frozenset(
    {".csv", ".tsv", ".tab", ".md", ".markdown", ".txt", ".text", ".json", ".toml"}
)
"""The files of a folder an import reads (others are left aside)."""
MAX_SOURCE = 8 * 1024 * 1024
"""Largest file read (a whole ruleset's Datasworn JSON is about 3 MB)."""
MAX_FILES = 500
"""Most files one folder's import reads."""


def read_sources(path: Path) -> list[tuple[str, str]]:
    """Each file's name (relative to the folder given, or its own) and text: ``path``
    itself, or the table files under the folder ``path`` (hidden ones aside), sorted.

    Raises:
        CampaignError: naming the file, for one that is missing, too large, not text,
            or a folder with no table file (or too many).
    """
    if path.is_dir():
        found = sorted(
            p
            for p in path.rglob("*")
            if p.suffix.casefold() in SUFFIXES
            and p.is_file()
            and not any(part.startswith(".") for part in p.relative_to(path).parts)
        )
        if not found:
            raise CampaignError(
                path,
                "no table file in this folder (.csv, .tsv, .md, .txt, .json, .toml)",
                message_key="campaign.no_table_files",
            )
        if len(found) > MAX_FILES:
            raise CampaignError(
                path,
                f"more than {MAX_FILES} files: import a smaller folder",
                message_key="campaign.too_many_files",
                values={"most": MAX_FILES},
            )
        return [(p.relative_to(path).as_posix(), _text(p)) for p in found]
    return [(path.name, _text(path))]


def _text(path: Path) -> str:
    try:
        if path.stat().st_size > MAX_SOURCE:
            raise CampaignError(
                path,
                f"larger than {MAX_SOURCE // 1024 // 1024} MB",
                message_key="campaign.source_too_large",
                values={"most": MAX_SOURCE // 1024 // 1024},
            )
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise CampaignError(
            path, "not UTF-8 text", message_key="campaign.source_not_text"
        ) from None
    except OSError as error:
        raise CampaignError(
            path,
            str(error.strerror or error),
            message_key="campaign.library_unwritable",
            values={"error": error.strerror or str(error)},
        ) from None
