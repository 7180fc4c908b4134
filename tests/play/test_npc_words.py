"""A quick NPC's entry stores what was made, not words of one language: its sheet's
labels are the rule terms', said in each reader's language whoever made it (issue: one
language per reader)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meneur.content import term
from meneur.content.strings import strings
from meneur.play.npcs import make_npc
from meneur.play.reading import read_entry
from meneur.play.session import Session
from meneur.play.sheets import sheet_summary
from meneur.saves.campaign import Campaign
from tests.lexicon import foreign


@pytest.mark.parametrize("system", ["resolution", "cosmos", "traits", "spherier", "systemj"])
def test_a_quick_npc_made_in_french_reads_in_english(tmp_path: Path, system: str) -> None:
    campaign = Campaign.create(tmp_path / "c", system=system, name="C")
    session = Session(campaign, strings("fr"), random.Random(7))
    key, entry = make_npc(session)
    character = campaign.state["characters"][key]
    assert entry.text.startswith(f"PNJ {character['name']}")  # the file's text: French
    reopened = Campaign.open(campaign.directory, write=False)
    stored = reopened.journal.entry(entry.id)
    said = {lang: read_entry(stored, reopened, strings(lang).t).text for lang in ("fr", "en")}
    sheet = character["sheet"]
    for lang, text in said.items():
        summary = sheet_summary(system, campaign.state["options"], sheet, lang, items=12)
        made = strings(lang).t("sheet.npc_made", name=character["name"], summary=summary)
        assert text.endswith(made)
        assert not foreign(text.replace(character["name"], ""), lang), text
    assert f"NPC {character['name']}: " in said["en"]
    if system == "cosmos":  # a label of the sheet, in each language
        level = term("sheet.level")
        assert f"{level.tight('en')} " in said["en"]
        assert f"{level.tight('fr')} " in said["fr"]


def test_a_sheet_value_changed_in_french_is_named_in_english(tmp_path: Path) -> None:
    from meneur.core.table_rules import GM_SEAT
    from meneur.play import act

    campaign = Campaign.create(tmp_path / "c", system="cosmos", name="C")
    act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {}})
    entry = act.set_value(campaign, GM_SEAT, ("characters", "kael", "sheet", "level"), 3)
    label = term("sheet.level")  # Niveau, Level
    said = {lang: read_entry(entry, campaign, strings(lang).t).text for lang in ("fr", "en")}
    assert f"Kael · {label.tight('en')}" in said["en"]
    assert f"Kael · {label.tight('fr')}" in said["fr"]
