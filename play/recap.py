"""Previously on…: a session told in a few lines, fit for a chat message or for the table
as the next session opens — its scenes, what was written down, the threads still open
and the tension. Made of what the reader may see only (a player's recap holds none of
the GM's secrets).
"""

from __future__ import annotations

import itertools

from meneur.core.frozen import frozen
from meneur.core.text import cut
from meneur.core.visibility import Viewer
from meneur.saves.campaign import Campaign
from meneur.saves.journal import Entry

from .reading import Translate

NOTES_SAID = 3
"""The notes a recap quotes: the session's last ones."""


@frozen
class Session:
    """A session of the journal: its entry, and where the next one begins."""

    number: int
    entry: Entry
    until: int
    """The id of the session's last entry."""


def sessions(campaign: Campaign) -> list[Session]:
    """Every session marked in the journal, in order (only the chunks holding one are
    read as TOML: see :func:`meneur.play.journal.entries_of_kinds`)."""
    from .journal import entries_of_kinds

    found = list(entries_of_kinds(campaign, ("session",)))
    if not found:
        return []
    ends = [entry.id - 1 for entry in found[1:]] + [campaign.journal.last_id]
    return [
        Session(index, entry, until)
        for index, (entry, until) in enumerate(zip(found, ends, strict=True), start=1)
    ]


def recap(campaign: Campaign, viewer: Viewer, t: Translate, session: Session) -> list[str]:
    """Session ``session`` in a few lines, as ``viewer`` may know it."""
    from .journal import seen
    from .story import items_of, tension_of
    from .views import state_for

    within = list(
        itertools.takewhile(
            lambda e: e.id <= session.until, campaign.journal.stream(session.entry.id)
        )
    )
    entries = [e for e in seen(campaign, viewer, within) if not e.redacted]
    lines = [t("recap.title", title=cut(session.entry.text, 80))]
    scenes = [cut(e.text, 60) for e in entries if e.kind == "scene"]
    if scenes:
        lines.append(t("recap.scenes", scenes=", ".join(scenes)))
    notes = [
        cut(_plain(campaign.note_text(e)), 120)
        for e in entries
        if e.kind == "note" and not campaign.is_struck(e)
    ][-NOTES_SAID:]
    lines += [f"— {note}" for note in notes]
    state = state_for(viewer, campaign.state, campaign.journal)
    threads = [item.name for item in items_of(state, "threads") if not item.closed]
    if threads:
        lines.append(t("recap.threads", threads=", ".join(threads)))
    if state.get("options", {}).get("solo"):
        lines.append(t("recap.tension", value=tension_of(state)))
    return lines


def _plain(note: str) -> str:
    """A note's words without their Markdown, its lines on one (a recap is a chat's
    message: play-tested, it quoted ``**hurlent**`` and ``## Au col`` as typed)."""
    from .markdown import plain_lines

    return " · ".join(line for line in plain_lines(note) if line.strip())
