"""The words meneur stores for a change it words itself (a value set by ``meneur set``, a
hand edit of campaign.toml): kept in the journal for the GM's file, recognised when read,
and said again in the reader's language by :mod:`meneur.play.describe`."""

from __future__ import annotations

from meneur.core.changes import MISSING, Change, shown_value

OUTSIDE_TEXT = "Modifié hors de meneur"
"""How a hand edit of campaign.toml is written in the journal (and recognised: earlier
meneurs wrote it with an English gloss after it, which starts the same)."""


def set_text(change: Change) -> str:
    """The stored words of a value set with no words of its own (``meneur set``): the
    key and the value, for the GM's file; readers see :func:`change_words`."""
    shown = "supprimé" if change.after is MISSING else shown_value(change.after)
    return f"{change.key} → {shown}"
