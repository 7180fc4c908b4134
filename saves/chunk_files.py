"""Which chunk file holds an entry: the journal is written in files of
:data:`CHUNK_SIZE` entries, numbered from 1 (read by the journal, :mod:`meneur.saves.journal`,
and by the parallel reading of its chunks, :mod:`meneur.saves.chunks`)."""

from __future__ import annotations

CHUNK_SIZE = 250
"""Entries per chunk file."""


def chunk_number(entry_id: int) -> int:
    """The chunk file number holding ``entry_id``."""
    return (entry_id - 1) // CHUNK_SIZE + 1


def chunk_name(number: int) -> str:
    """The file name of chunk ``number``."""
    return f"{number:06d}.toml"
