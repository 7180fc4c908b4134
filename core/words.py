"""Names as the rules compare them: case, accents and spacing do not tell two apart."""

from __future__ import annotations

import unicodedata


def folded(text: str) -> str:
    """``  Mécanique  lourde`` → ``mecanique lourde``: lower case, no accents, single
    spaces (``[Mécanique]`` finds ``Mecanique<+5, 3>``, ``FEU`` finds ``Feu``)."""
    plain = unicodedata.normalize("NFKD", text.strip().casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())
