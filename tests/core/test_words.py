"""Names as the rules compare them, and the keys new names get in a campaign."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meneur.core.words import folded, new_ident


def test_folding_ignores_case_accents_and_spacing() -> None:
    assert folded("  Mécanique  lourde") == "mecanique lourde"
    assert folded("FEU") == folded("feu")


def test_a_new_key_is_the_folded_name_and_never_one_taken() -> None:
    assert new_ident("Le Traître", {}, "x") == "le_traitre"
    assert new_ident("Le traître", {"le_traitre", "le_traitre_2"}, "x") == "le_traitre_3"
    assert new_ident("?!", {}, "suivi") == "suivi"


@given(name=st.text(max_size=20), taken=st.sets(st.text(max_size=8), max_size=5))
def test_a_new_key_is_plain_and_free(name: str, taken: set[str]) -> None:
    key = new_ident(name, taken, "x")
    assert key not in taken
    assert key
    assert all(c.isalnum() or c == "_" for c in key)
