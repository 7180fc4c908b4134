"""campaign.toml read and checked: as a file (migrated in memory, validated), against the
journal beside it, and without opening the campaign (a campaigns list's name and
system)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .entry_parts import STATE_FILE
from .errors import CampaignError
from .journal import Journal, parse_toml
from .schema import migrate, validate


def read_state(directory: str | Path) -> dict[str, Any]:
    """A campaign's campaign.toml, read and checked without opening it (no lock,
    nothing written).

    Raises:
        CampaignError: naming the file and key of the first problem.
    """
    path = Path(directory) / STATE_FILE
    if not path.is_file():
        raise CampaignError(
            Path(directory),
            "is not a campaign (no campaign.toml)",
            message_key="campaign.not_campaign",
            values={"path": Path(directory)},
        )
    state, _ = read_state_file(path)
    return state


def summary(directory: Path) -> tuple[str, str] | None:
    """A campaign's name and system, read without opening it (no lock, nothing written);
    None when its campaign.toml cannot be read as a campaign."""
    try:
        state, _ = read_state_file(directory / STATE_FILE)
    except (CampaignError, OSError):
        return None
    return str(state["name"]), str(state["system"])


def check_with_journal(state: Mapping[str, Any], journal: Journal, path: Path) -> None:
    """Check what campaign.toml says of the journal against the journal on disk.

    Raises:
        CampaignError: when it has taken in entries the journal does not hold (entries
            lost from journal/) or its undo history names one.
    """
    last = journal.last_id
    applied = int(state["journal_applied"])
    if applied > last:
        raise CampaignError(
            path,
            f"says {applied} journal entries were taken in, but journal/ holds {last}: "
            "entries are missing from the journal (restore journal/ from a copy)",
            "journal_applied",
            message_key="campaign.entries_missing",
            values={"applied": applied, "last": last},
        )
    for stack in ("undo", "redo"):
        for i, number in enumerate(state["history"][stack]):
            if number > last:
                raise CampaignError(
                    path,
                    f"names entry {number}, which the journal does not have (it ends at {last})",
                    f"history.{stack}[{i}]",
                    message_key="campaign.names_past_end",
                    values={"id": number, "last": last},
                )
    # A note rewritten or struck must be an entry of the journal: an edit kept for an
    # entry not written yet would give its text to whatever is written with that number.
    # (That it is a note is checked by ``check_edits``, which reads the entries: an open
    # reads no chunk for it.)
    for part in ("note_edits", "struck", "uncounted"):
        for key in state.get(part, {}):
            number = int(key)
            if not 1 <= number <= last:
                raise CampaignError(
                    path,
                    f"names entry {number}, which the journal does not have (it ends at {last})",
                    f"{part}.{key}",
                    message_key="campaign.names_past_end",
                    values={"id": number, "last": last},
                )


def read_state_text(path: Path) -> tuple[dict[str, Any], int, str]:
    """Read, migrate in memory and check campaign.toml; return it, its original schema
    and its text."""
    document, text = parse_toml(path)
    migrated, original = migrate(document, path)
    return validate(migrated, path), original, text


def read_state_file(path: Path) -> tuple[dict[str, Any], int]:
    """Read, migrate in memory and check campaign.toml; return it and its original schema."""
    state, original, _ = read_state_text(path)
    return state, original
