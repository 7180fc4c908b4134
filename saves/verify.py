"""Checking a whole journal, as ``meneur check`` does: every chunk read and checked,
and with ``replay`` every roll replayed from its seed.

A long journal is checked in worker processes, a chunk each at a time, so the check
takes about the time of the slowest core's share rather than the sum; each worker holds
one chunk in memory, and only counts come back.
"""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .errors import CampaignError
from .journal import Journal, chunk_name, read_chunk

PARALLEL_FROM = 8
"""Chunks from which worker processes pay for their start (about 0.1 s)."""


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def check_chunk(directory: Path, number: int, sealed: bool, replay: bool) -> tuple[int, int]:
    """Read and check chunk ``number`` of the journal in ``directory``; with ``replay``,
    replay its rolls. Returns how many entries and rolls it holds.

    Raises:
        CampaignError: naming the chunk file and the entry.
    """
    from .campaign import replay_roll, roll_to_data

    path = directory / chunk_name(number)
    entries, _ = read_chunk(path, number, sealed=sealed)
    rolls = 0
    if replay:
        for entry in entries:
            if entry.roll is None:
                continue
            rolls += 1
            where = f"entry {entry.id}.roll"
            try:
                physical = entry.roll.get("physical") is True
                replayed = roll_to_data(replay_roll(entry.roll), physical=physical)
            except CampaignError as error:
                raise CampaignError(path, error.reason, where) from error
            if replayed != dict(entry.roll):
                raise CampaignError(path, "does not replay from its seed as recorded", where)
    return len(entries), rolls


def check_journal(journal: Journal, *, replay: bool) -> tuple[int, int]:
    """Check every chunk of ``journal`` whole, in order; the first problem found (in
    the journal's order) is the one raised. Returns how many entries and rolls.

    Raises:
        CampaignError: naming the chunk file and the entry.
    """
    numbers = journal.chunk_numbers()
    if not numbers:
        return 0, 0
    last = numbers[-1]
    jobs = [(journal.directory, n, n < last, replay) for n in numbers]
    workers = min(_cores(), len(numbers) // 2)
    if len(numbers) < PARALLEL_FROM or workers < 2:
        counts = [check_chunk(*job) for job in jobs]
    else:
        import multiprocessing

        # Forked workers start at once; the command line holds no threads to fork.
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
        with ProcessPoolExecutor(workers, multiprocessing.get_context(method)) as pool:
            counts = list(pool.map(check_chunk, *zip(*jobs, strict=True), chunksize=4))
    return sum(count for count, _ in counts), sum(rolls for _, rolls in counts)
