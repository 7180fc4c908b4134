"""A whole journal, chunk by chunk: each chunk read, checked and worked on (its entries
shown to a viewer, turned into text, its rolls replayed…) in worker processes on every
core, the results handed back in the journal's order.

Only what the work makes crosses back between processes (text, counts), never a chunk's
entries: parsing and checking them is most of the cost, and copying them back would undo
what spreading it gained. The workers are forked, so they see the campaign as the caller
has it (its state, its journal) and the work to do without either being sent. A process
with threads must not fork (the app, a server): there the same results come from the
calling process alone, in the same order.

Memory stays a few chunks' worth whatever the journal's length: chunks are read ahead
only a few at a time, and nothing keeps a chunk once its result is handed on.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any, TypeVar

from .chunk_files import CHUNK_SIZE, chunk_number

if TYPE_CHECKING:
    from .journal import Entry, Journal

T = TypeVar("T")

PARALLEL_FROM = 8
"""Chunks from which worker processes pay for their start (a few hundredths of a
second; 8 chunks are 2,000 entries)."""

BATCH = 4
"""Chunks a worker is given at a time."""
AHEAD = 2
"""Batches each worker may be given before the caller takes their results."""

_work: Callable[[list[Entry]], Any] | None = None
"""What each worker does to a chunk's entries: set in the caller just before the
workers are forked (they inherit it), never sent to them."""
_journal: Journal | None = None
"""The journal the workers read, set and inherited the same way."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every system
        return os.cpu_count() or 1


def _in_worker(batch: list[Job]) -> list[Any]:
    assert _work is not None, "set before the workers are forked"
    assert _journal is not None, "set before the workers are forked"
    return [_work(_entries(_journal, job)) for job in batch]


def _entries(journal: Journal, job: Job) -> list[Entry]:
    """The entries of a job's chunk, from its ``first`` to its ``last`` wanted: the ones
    the journal holds already (read and checked, or written, by it), else read and
    checked now (one before the journal's last chunk must be full)."""
    number, sealed, first, last = job
    entries = journal.held(number)
    if entries is None:
        entries = journal.read_whole(number, sealed=sealed)
    return [entry for entry in entries if first <= entry.id <= last]


def each_chunk(
    journal: Journal,
    work: Callable[[list[Entry]], T],
    *,
    first: int = 1,
    parallel: bool = False,
) -> Iterator[T]:
    """``work`` done on the entries of each chunk, from entry ``first`` to the journal's
    last entry when called, in order: one result per chunk.

    Every chunk is read and checked as :func:`read_chunk` does (one before the last must
    hold all its entries), whatever the journal remembers having checked. With
    ``parallel`` (only in a process without threads: workers are forked) and a long
    journal, the chunks are worked on by worker processes, one per core.

    Raises:
        CampaignError: the first problem in the journal's order, naming the chunk file
            and the entry; the results of the chunks before it have been handed on.
    """
    last = journal.last_id
    if not last or first > last:
        return
    first = max(first, 1)
    numbers = range(chunk_number(first), chunk_number(last) + 1)
    tail = chunk_number(last)
    jobs = [(n, n < tail, first, last) for n in numbers]
    yield from _done(journal, work, jobs, parallel)


def check_chunks(journal: Journal, numbers: list[int], *, parallel: bool = False) -> None:
    """Read whole and check chunks ``numbers``, all before the journal's last (each must
    hold all its entries), in worker processes with ``parallel`` (see :func:`each_chunk`).

    Raises:
        CampaignError: the first problem in the journal's order.
    """
    jobs = [(n, True, 1, n * CHUNK_SIZE) for n in numbers]
    for _ in _done(journal, _nothing, jobs, parallel):
        pass


def _nothing(entries: list[Entry]) -> None:
    """Work that only needs the chunk read and checked."""


Job = tuple[int, bool, int, int]
"""A chunk's number, whether it must be full, and the first and last entries wanted."""


def _done(
    journal: Journal, work: Callable[[list[Entry]], T], jobs: list[Job], parallel: bool
) -> Iterator[T]:
    """``work`` done on each job's entries, in order (in forked workers with
    ``parallel``, when there are enough chunks and cores for it to pay)."""
    workers = min(cores(), len(jobs) // 2)
    # A process with threads is never forked, whoever asked: a lock another thread held
    # at that instant would stay held in the workers (the app, a server, a test runner).
    alone = threading.active_count() == 1
    if not parallel or not alone or len(jobs) < PARALLEL_FROM or workers < 2:
        for job in jobs:
            yield work(_entries(journal, job))
        return
    yield from _forked(journal, work, jobs, workers)


def _forked(
    journal: Journal, work: Callable[[list[Entry]], T], jobs: list[Job], workers: int
) -> Iterator[T]:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _work, _journal
    if _work is not None:
        raise RuntimeError("one whole-journal pass at a time in a process")
    _work, _journal = work, journal
    pool = ProcessPoolExecutor(workers, multiprocessing.get_context("fork"))
    # A few chunks to a task: fewer round trips between the processes.
    batches = iter([jobs[i : i + BATCH] for i in range(0, len(jobs), BATCH)])
    try:
        pending: list[Future[list[T]]] = []
        for batch in batches:
            pending.append(pool.submit(_in_worker, batch))
            if len(pending) >= AHEAD * workers:
                break
        while pending:
            results = pending.pop(0).result()
            following = next(batches, None)
            if following is not None:
                pending.append(pool.submit(_in_worker, following))
            yield from results
    finally:
        # On a problem (or a reader gone), what is still queued is not worked on.
        pool.shutdown(wait=True, cancel_futures=True)
        _work = _journal = None
