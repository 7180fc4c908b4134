"""Rule terms: every key the core can produce has a French term and an English gloss."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from meneur.content import ContentError, parse_terms, term, terms
from meneur.core import oracles
from meneur.core.cosmos import creation as cosmos_creation
from meneur.core.cosmos import rules as cosmos
from meneur.core.resolution import rules as resolution
from meneur.core.spherier import rules as spherier
from meneur.core.systemj import rules as systemj
from meneur.core.traits import rules as traits

BROKEN = Path(__file__).parent / "broken"
SYSTEM_NAMES = (
    "resolution",
    "oracle",
    "yesno",
    "cosmos",
    "intuition",
    "dice",
    "traits",
    "spherier",
    "systemj",
)

EXPECTED_KEYS = [
    *(f"resolution.outcome.{key}" for key in resolution.OUTCOMES),
    *(f"resolution.intrinsic.{i.value}" for i in resolution.Intrinsic),
    *(f"resolution.interest.{i.value}" for i in resolution.Interest),
    *(f"resolution.alteration.{a.value}" for a in resolution.Alteration),
    *(f"oracle.outcome.{key}" for key in oracles.ORACLE_OUTCOMES),
    *(f"oracle.lean.{lean.value}" for lean in oracles.Lean),
    *(f"yesno.outcome.{key}" for key in oracles.YESNO_OUTCOMES),
    *(f"yesno.likelihood.{n}" for n in oracles.LIKELIHOODS),
    *(f"cosmos.outcome.{key}" for key in cosmos.OUTCOMES),
    *(f"intuition.outcome.{key}" for key in cosmos.INTUITION_OUTCOMES),
    *(f"cosmos.stat.{stat}" for stat in cosmos_creation.STATS),
    *(f"traits.outcome.{key}" for key in traits.OUTCOMES),
    *(f"traits.blessing.{b.value}" for b in traits.Blessing),
    *(f"traits.policy.{p.value}" for p in traits.PokerPolicy),
    *(f"spherier.outcome.{key}" for key in spherier.OUTCOMES),
    *(f"spherier.engine.{e.value}" for e in spherier.Engine),
    *(f"spherier.dd.{step}" for step in spherier.DD_SCALES[spherier.Engine.D6]),
    *(f"systemj.outcome.{key}" for key in systemj.OUTCOMES),
    *(
        f"systemj.modifier.{name}"
        for name in (*systemj.BONUSES, systemj.AUTOMATIC, *systemj.MALUSES)
    ),
    *(f"system.{name}" for name in SYSTEM_NAMES),
]


@pytest.mark.parametrize("key", EXPECTED_KEYS)
def test_every_core_key_has_a_term(key: str) -> None:
    found = term(key)
    assert found.fr.strip()
    assert found.en.strip()


def test_the_seed_names_stay_french_with_a_gloss() -> None:
    assert term("resolution.alteration.adoucie").glossed == "Adoucie (softened)"
    assert term("resolution.intrinsic.dementielle").fr == "Démentielle"
    assert term("cosmos.outcome.super_critical_failure").fr == "Échec super-critique"


def test_unknown_term_names_the_file_and_key() -> None:
    with pytest.raises(ContentError, match=r"terms\.toml: no term 'nope\.nothing'"):
        term("nope.nothing")


def test_shipped_terms_load() -> None:
    assert len(terms()) >= len(EXPECTED_KEYS)


@pytest.mark.parametrize(
    ("fixture", "message"),
    [
        ("missing_en.toml", r"missing_en\.toml: resolution\.outcome\.success: missing 'en'"),
        ("unknown_key.toml", r"unknown_key\.toml: cosmos\.outcome\.failure: unknown key 'fn'"),
        ("not_text.toml", r"not_text\.toml: yesno\.likelihood\.1\.fr: expected non-empty text"),
        ("bare_value.toml", r"bare_value\.toml: system: expected a table with fr and en"),
    ],
)
def test_broken_terms_files_name_the_file_and_key(fixture: str, message: str) -> None:
    data = tomllib.loads((BROKEN / fixture).read_text(encoding="utf-8"))
    with pytest.raises(ContentError, match=message):
        parse_terms(data, fixture)
