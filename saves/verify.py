"""Checking a whole journal, as ``meneur check`` does: every chunk read and checked,
and with ``replay`` every roll replayed from its seed.

A long journal is checked in worker processes (see :mod:`.chunks`), so the check takes
about the time of the slowest core's share rather than the sum; only counts come back.
"""

from __future__ import annotations

from pathlib import Path

from .chunks import each_chunk
from .errors import CampaignError
from .journal import Entry, Journal, chunk_name, chunk_number


def replay_rolls(entries: list[Entry], directory: Path) -> int:
    """Replay the rolls of ``entries`` (one chunk's) from their seeds; how many there are.

    Raises:
        CampaignError: naming the chunk file and the entry of a roll that does not
            replay as recorded.
    """
    from .campaign import replay_roll, roll_to_data

    rolls = 0
    for entry in entries:
        if entry.roll is None:
            continue
        rolls += 1
        try:
            physical = entry.roll.get("physical") is True
            replayed = roll_to_data(replay_roll(entry.roll), physical=physical)
        except CampaignError as error:
            raise CampaignError(
                _chunk_of(entry, directory), error.reason, _roll_of(entry)
            ) from error
        if replayed != entry.roll:
            raise CampaignError(
                _chunk_of(entry, directory),
                "does not replay from its seed as recorded",
                _roll_of(entry),
            )
    return rolls


def _chunk_of(entry: Entry, directory: Path) -> Path:
    return directory / chunk_name(chunk_number(entry.id))


def _roll_of(entry: Entry) -> str:
    return f"entry {entry.id}.roll"


def check_journal(journal: Journal, *, replay: bool, parallel: bool = False) -> tuple[int, int]:
    """Check every chunk of ``journal`` whole, in order (with ``parallel``, in worker
    processes for a long journal: only where the process may fork); the first
    problem found (in the journal's order) is the one raised. Returns how many entries
    and rolls.

    Raises:
        CampaignError: naming the chunk file and the entry.
    """
    journal.chunk_numbers()  # a gap between chunks is the first thing said

    def work(entries: list[Entry]) -> tuple[int, int]:
        return len(entries), replay_rolls(entries, journal.directory) if replay else 0

    counts = list(each_chunk(journal, work, parallel=parallel))
    return sum(count for count, _ in counts), sum(rolls for _, rolls in counts)
