"""A note typed in the editor and not yet written when the app had to stop (the terminal
closed, the process was told to end): kept in the user data directory, beside the
settings, and offered back the next time the app opens that campaign. One draft a
campaign, kept until it is written or dropped on purpose."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from meneur.content.toml_reader import TomlError, loads
from meneur.core.frozen import frozen
from meneur.saves import locations
from meneur.saves.locations import data_dir

DRAFTS = "drafts"


@frozen
class Draft:
    """A note not yet written: its text, and the entry it rewrites (None: a new note)."""

    text: str
    edits: int | None = None


def _name(campaign: Path) -> str:
    """Where ``campaign``'s draft is kept, under the data directory."""
    import hashlib  # only once there is a draft: the app's start looks first (_any)

    digest = hashlib.sha256(str(Path(campaign).resolve()).encode()).hexdigest()[:16]
    return f"{DRAFTS}/{digest}.toml"


def _any() -> bool:
    """Whether any draft is kept: at every start and every note written, most often
    none is, and a look at the folder costs less than naming the campaign's."""
    try:
        return bool(os.listdir(data_dir() / DRAFTS))
    except OSError:
        return False


def _path(campaign: Path) -> Path:
    return data_dir() / _name(campaign)


def keep(campaign: Path, draft: Draft) -> bool:
    """Keep ``draft`` for ``campaign`` (replacing one kept before); False when it could
    not be written (a full or read-only data directory)."""
    import tomli_w

    table: dict[str, object] = {"campaign": str(Path(campaign).resolve()), "text": draft.text}
    if draft.edits is not None:
        table["edits"] = draft.edits
    return locations.keep(_name(campaign), tomli_w.dumps(table).encode("utf-8"))


def kept(campaign: Path) -> Draft | None:
    """The draft kept for ``campaign``; None when there is none (or it cannot be read: a
    draft is no reason not to start). It stays kept until :func:`forget`."""
    if not _any():
        return None
    try:
        table = loads(_path(campaign).read_text(encoding="utf-8"))
    except (OSError, TomlError, UnicodeDecodeError):
        return None
    text, edits = table.get("text"), table.get("edits")
    if table.get("campaign") != str(Path(campaign).resolve()) or not isinstance(text, str):
        return None
    return Draft(text, edits if isinstance(edits, int) and not isinstance(edits, bool) else None)


def forget(campaign: Path) -> None:
    """Forget the draft kept for ``campaign`` (written at last, or dropped on purpose)."""
    if not _any():
        return
    with contextlib.suppress(OSError):
        _path(campaign).unlink()
