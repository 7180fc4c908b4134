"""The journal as a viewer reads it: pages of what they may see (reading further back
past what they may not), a search through it chunk by chunk, and a whole journal's
chunks worked on in parallel (``each_chunk``: ``meneur journal``).

The app's journal, ``meneur watch`` and the browser page through here, so a secret
entry is never read into a page its viewer may not see, and a search never finds words
its viewer was not told (an announced secret has none; a hidden one is not there).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator

from meneur.core.visibility import GM, Viewer
from meneur.saves.campaign import Campaign
from meneur.saves.chunks import each_chunk
from meneur.saves.journal import Entry, chunk_number, read_chunk

from .reading import Translate, read_entry, roll_result, roll_text
from .views import entries_for

__all__ = [
    "Entry",
    "after",
    "any_after",
    "any_before",
    "before",
    "each_chunk",
    "entries_marked",
    "entries_of_kinds",
    "last_seen",
    "search",
    "seen",
    "start_of_last",
]

STEP = 200
"""Entries read at once when paging back."""


def seen(campaign: Campaign, viewer: Viewer, entries: Iterable[Entry]) -> Iterator[Entry]:
    """What of ``entries`` ``viewer`` may see, as they may see it."""
    return entries_for(entries, viewer, campaign.journal, campaign.state)


def entries_of_kinds(campaign: Campaign, kinds: Iterable[str]) -> Iterator[Entry]:
    """Every entry of one of ``kinds`` (rare ones: sessions, undos), oldest first. A chunk
    is looked through as bytes first and read as TOML only when it holds such an entry,
    so a long journal is not parsed for a handful of them. A chunk that cannot be read is
    passed over: whoever reads the journal whole says what is wrong with it."""
    wanted = tuple(kinds)
    marks = re.compile(
        rb'^kind = "(' + b"|".join(re.escape(k.encode()) for k in wanted) + rb')"$',
        re.MULTILINE,
    )
    yield from entries_marked(campaign, marks, lambda entry: entry.kind in wanted)


def entries_marked(
    campaign: Campaign, marks: re.Pattern[bytes], keep: Callable[[Entry], bool]
) -> Iterator[Entry]:
    """Every entry ``keep`` keeps, oldest first, from the chunks whose bytes hold
    ``marks`` (the others are not read as TOML: see :func:`entries_of_kinds`)."""
    journal = campaign.journal
    last = journal.last_id
    if not last:
        return
    top = chunk_number(last)
    for number in range(1, top + 1):
        path = journal.chunk_path(number)
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if marks.search(data) is None:
            continue
        entries, _ = read_chunk(path, number, sealed=number < top)
        yield from (entry for entry in entries if keep(entry))


def before(campaign: Campaign, viewer: Viewer, first: int, count: int) -> list[Entry]:
    """Up to ``count`` entries ``viewer`` may see before entry ``first``, oldest first,
    reading further back past those they may not. Raises CampaignError when a chunk
    cannot be read."""
    journal = campaign.journal
    found: list[Entry] = []
    while first > 1 and len(found) < count:
        older = journal.before(first, STEP)
        if not older:
            break
        found = list(seen(campaign, viewer, older)) + found
        first = older[0].id
    return found[-count:]


def any_before(campaign: Campaign, viewer: Viewer, first: int) -> bool:
    """Whether ``viewer`` may see an entry before entry ``first``: a view offers its
    "earlier entries" only then (offered for entries they may not see, it would tell a
    player that the GM's secrets lie there). Raises CampaignError when a chunk cannot
    be read."""
    if viewer == GM:  # the GM sees every entry (views.for_viewer)
        return first > 1
    return bool(before(campaign, viewer, first, 1))


def any_after(campaign: Campaign, viewer: Viewer, last: int) -> bool:
    """Whether ``viewer`` may see an entry after entry ``last`` (see :func:`any_before`:
    a "newer entries" line offered for secrets would tell a player reading back that the
    GM is writing some). Raises CampaignError when a chunk cannot be read."""
    if viewer == GM:
        return last < campaign.journal.last_id
    return bool(after(campaign, viewer, last, 1))


def start_of_last(campaign: Campaign, viewer: Viewer, count: int) -> int:
    """The entry from which the last ``count`` entries ``viewer`` may see begin (1 when
    they see fewer; the next entry's number when the journal is empty).

    "The last N" is counted in what the viewer sees, never in the journal's entries: a
    window counted in all of them shows a player fewer, and how many fewer counts the
    GM's secrets. Reads back a chunk's worth at a time and holds none of it.
    Raises CampaignError when a chunk cannot be read."""
    journal = campaign.journal
    if count <= 0:  # none of them: they begin after the last one
        return journal.last_id + 1
    if viewer == GM:  # the GM sees every entry (views.for_viewer): nothing to read back
        return max(1, journal.last_id - count + 1)
    first = journal.last_id + 1
    wanted = count
    for older, shown in _seen_backwards(campaign, viewer):
        ids = [entry.id for entry in shown]
        if len(ids) >= wanted:
            return ids[len(ids) - wanted]
        wanted -= len(ids)
        first = older
    return first


def last_seen(campaign: Campaign, viewer: Viewer, count: int) -> list[Entry]:
    """The last ``count`` entries ``viewer`` may see, oldest first, as they may see them:
    counted in what they see (see :func:`start_of_last`), so that what a player or an
    audience is shown never shrinks as the GM writes secrets. Each entry is read and
    filtered once. Raises CampaignError when a chunk cannot be read."""
    if count <= 0:
        return []
    if viewer == GM:  # every entry: the journal's last ones
        return after(campaign, viewer, max(0, campaign.journal.last_id - count), count)
    found: list[Entry] = []
    for _, shown in _seen_backwards(campaign, viewer):
        found[:0] = shown
        if len(found) >= count:
            break
    return found[-count:]


def _seen_backwards(campaign: Campaign, viewer: Viewer) -> Iterator[tuple[int, list[Entry]]]:
    """The journal read back :data:`STEP` entries at a time from its end: each step's
    first entry's number and what of it ``viewer`` may see, oldest first."""
    journal = campaign.journal
    first = journal.last_id + 1
    while first > 1:
        older = journal.before(first, STEP)
        if not older:
            return
        first = older[0].id
        yield first, list(seen(campaign, viewer, older))


def after(campaign: Campaign, viewer: Viewer, last: int, count: int) -> list[Entry]:
    """Up to ``count`` entries ``viewer`` may see after entry ``last``. Raises
    CampaignError when a chunk cannot be read."""
    stream = campaign.journal.stream(last + 1)
    return list(itertools.islice(seen(campaign, viewer, stream), count))


def search(
    campaign: Campaign,
    viewer: Viewer,
    wanted: str,
    limit: int,
    t: Translate,
    cancelled: Callable[[], bool] = lambda: False,
) -> Iterator[tuple[list[Entry], int, bool]]:
    """Entries whose words (as the reader reads them, in the language of ``t``: a
    roll's by what it tested) or game time hold ``wanted`` (casefolded), newest first, a
    chunk at a time (one chunk in memory): each step yields what that chunk found, the
    count so far and whether the search is done (``limit`` found, or the first chunk
    read). Only what ``viewer`` may see whole is searched. Stops quietly once
    ``cancelled()``; raises CampaignError when a chunk cannot be read."""
    journal = campaign.journal
    last = journal.last_id
    if not last:
        yield [], 0, True
        return
    count = 0
    for number in range(chunk_number(last), 0, -1):
        if cancelled():
            return
        path = journal.chunk_path(number)
        entries, _ = read_chunk(path, number, sealed=number < chunk_number(last))
        visible = [e for e in seen(campaign, viewer, entries) if not e.redacted]
        batch = [
            entry
            for entry in reversed(visible)
            if entry.id <= last
            and (
                wanted in _words(entry, campaign, t).casefold()
                or (entry.game_time is not None and wanted in entry.game_time.casefold())
            )
        ][: limit - count]
        count += len(batch)
        done = count >= limit or number == 1
        yield batch, count, done
        if done:
            return


def _words(entry: Entry, campaign: Campaign, t: Translate) -> str:
    """What a search looks in, as the reader reads it: a note as rewritten; a roll's
    words and what it came to (an outcome, a table's result), not its dice line; what
    any other entry says (a person or a thread added, a clock moved, a scene)."""
    if entry.roll is not None:
        return f"{roll_text(entry, campaign, t)}\n{roll_result(entry.roll, t)}"
    if entry.kind == "note":
        return campaign.note_text(entry)
    return read_entry(entry, campaign, t).text
