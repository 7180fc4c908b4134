"""Names as the rules compare them: case, accents and spacing do not tell two apart."""

from __future__ import annotations

import unicodedata
from collections.abc import Collection


def folded(text: str) -> str:
    """``  Mécanique  lourde`` → ``mecanique lourde``: lower case, no accents, single
    spaces (``[Mécanique]`` finds ``Mecanique<+5, 3>``, ``FEU`` finds ``Feu``)."""
    plain = unicodedata.normalize("NFKD", text.strip().casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


def dashed(text: str) -> str:
    """``Titres de propriété`` → ``titres-de-propriete``: lower case, no accents, dashes
    (a name as a key, where ``/`` separates words too)."""
    return "-".join(folded(text.replace("/", " ")).split())


def new_ident(name: str, taken: Collection[str], fallback: str) -> str:
    """A key for ``name`` in a campaign's tables: its letters and digits folded, the rest
    ``_`` (``Le Traître`` → ``le_traitre``), ``fallback`` when none is left, with ``_2``,
    ``_3``… while it is ``taken``."""
    base = "".join(c if c.isalnum() else "_" for c in folded(name).replace(" ", "_"))
    base = base.strip("_") or fallback
    ident, n = base, 2
    while ident in taken:
        ident, n = f"{base}_{n}", n + 1
    return ident
