"""The check that every roll of a journal is what its seed gives and every seed of a
revealed session is what its key drew (``meneur check --verify-rolls``); the work is
:mod:`meneur.saves.verify`, named here for the front ends. A module of its own: the
app, which never runs it, does not load it."""

from __future__ import annotations

from meneur.saves.verify import check_edits, check_journal

__all__ = ["check_edits", "check_journal"]
