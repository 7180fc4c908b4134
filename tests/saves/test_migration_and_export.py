"""Schema migrations keep the original; exports read as a story or archive everything."""

from __future__ import annotations

import re
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT
from meneur.core.traits import rules as traits
from meneur.play import act
from meneur.play.export import export_markdown, export_toml
from meneur.saves import schema
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError


@pytest.fixture
def version_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend meneur has moved to schema 2, whose migration upper-cases list items (a
    made-up change, to exercise the mechanism)."""

    def one_to_two(document: dict) -> dict:
        document["lists"] = {
            name: [item.upper() for item in items]
            for name, items in document.get("lists", {}).items()
        }
        return document

    monkeypatch.setattr(schema, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(schema.MIGRATIONS, 1, one_to_two)


def test_an_older_campaign_is_migrated_and_the_original_kept(
    tmp_path: Path, version_two: None
) -> None:
    directory = tmp_path / "c"
    directory.mkdir()
    original = 'schema_version = 1\nname = "Old"\nsystem = "traits"\n[lists]\npeople = ["lyra"]\n'
    (directory / "campaign.toml").write_text(original)
    with Campaign.open(directory) as campaign:
        assert campaign.state["lists"]["people"] == ["LYRA"]
    assert (directory / "campaign.toml.v1.bak").read_text() == original
    assert tomllib.loads((directory / "campaign.toml").read_text())["schema_version"] == 2


def test_a_reader_migrates_in_memory_only(tmp_path: Path, version_two: None) -> None:
    directory = tmp_path / "c"
    directory.mkdir()
    original = 'schema_version = 1\nname = "Old"\nsystem = "traits"\n'
    (directory / "campaign.toml").write_text(original)
    Campaign.open(directory, write=False)
    assert (directory / "campaign.toml").read_text() == original
    assert not (directory / "campaign.toml.v1.bak").exists()


def test_a_missing_migration_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schema, "SCHEMA_VERSION", 3)
    directory = tmp_path / "c"
    directory.mkdir()
    (directory / "campaign.toml").write_text('schema_version = 1\nsystem = "traits"\n')
    with pytest.raises(CampaignError, match="no migration from version 1"):
        Campaign.open(directory)


def test_hand_written_campaigns_are_read_tolerantly(tmp_path: Path) -> None:
    directory = tmp_path / "hand"
    directory.mkdir()
    (directory / "campaign.toml").write_text(
        'schema_version = "1"\nsystem = "Cosmos"\n'
        '[tables.rencontres]\nentries = ["Loups", { text = "Ours", weight = 2 }]\n'
    )
    with Campaign.open(directory) as campaign:
        assert campaign.system == "cosmos"
        assert campaign.name == "hand"
        assert campaign.state["options"]["karma"] is True
        assert campaign.state["tables"]["rencontres"]["entries"][0] == {
            "text": "Loups",
            "weight": 1,
        }


def clock() -> object:
    moments = iter(
        datetime(2026, 11, day, 20, minute, tzinfo=timezone(timedelta(hours=1)))
        for day in (21, 28)
        for minute in range(50)
    )
    return lambda: next(moments)


@pytest.fixture
def story(tmp_path: Path) -> Campaign:
    campaign = Campaign.create(
        tmp_path / "story", system="resolution", name="Les Ombres", clock=clock()
    )
    act.mark(campaign, GM_SEAT, "session", "Session 1\u00a0: l'arrivée")
    act.note(campaign, GM_SEAT, "Razors arrive au manoir.", game_time="Jour 1, soir")
    test = resolution.ResolutionTest(score=3, alteration=resolution.Alteration.ADOUCIE)
    act.roll(campaign, GM_SEAT, resolution.resolve(test, (4, 6, 2)), "Razors tente une prise")
    act.mark(campaign, GM_SEAT, "scene", "La plate-forme")
    note = act.note(campaign, GM_SEAT, "Elle se rattrape d'une main.")
    act.edit_note(
        campaign, GM_SEAT, note.id, "Elle se rattrape d'une main, suspendue au-dessus du vide."
    )
    act.set_value(campaign, GM_SEAT, ("trackers", "alarme"), {"name": "Alarme", "value": 2})
    return campaign


def test_markdown_reads_as_a_story(story: Campaign) -> None:
    text = export_markdown(story)
    assert text.startswith("# Les Ombres\n")
    assert "## Session 1\u00a0: l'arrivée" in text
    assert "### La plate-forme" in text
    assert "*Jour 1, soir*" in text
    assert "\nRazors arrive au manoir.\n" in text
    # Notes read as rewritten; a roll reads as in the journal, on one line: what was
    # tried and its outcome in words and symbols (physical faces: no odds to say).
    assert "suspendue au-dessus du vide." in text
    assert re.search(
        r"\n- \*\*Razors tente une prise\*\* → ✘⊕ Échec avec contrepartie positive"
        r" \(ce résultat avait \d+,\d\u00a0% de chances\)\n",
        text,
    )
    assert "Note modifiée" not in text  # bookkeeping: the note reads as rewritten
    assert "d6 4 6 [2]" not in text  # the dice are the detailed export's
    assert "d6 4 6 [2]" in export_markdown(story, detailed=True)
    assert "- *Ajouté\u00a0: Alarme*" in text  # names, not the state's keys


def test_a_struck_note_is_exported_struck(tmp_path: Path) -> None:
    campaign = Campaign.create(tmp_path / "s", system="resolution", clock=clock())
    note = act.note(campaign, GM_SEAT, "Une fausse piste")
    act.strike_note(campaign, GM_SEAT, note.id)
    act.note(campaign, GM_SEAT, "La vraie piste")
    # The story leaves it out; the detailed export keeps it, struck.
    assert "Une fausse piste" not in export_markdown(campaign)
    assert "La vraie piste" in export_markdown(campaign)
    assert "\n~~Une fausse piste~~\n" in export_markdown(campaign, detailed=True)


def test_markdown_says_a_tables_result_and_the_seed(tmp_path: Path) -> None:
    # Play-tested: a table was exported as "**Tavern rumours** : 4 → 3", the journal
    # showing "Tavern rumours → Gold in the hills".
    from meneur.content import example_tables
    from meneur.core import tables

    campaign = Campaign.create(tmp_path / "t", system="resolution", clock=clock())
    table = example_tables("en")[0]
    shipped = example_tables("en")
    record = roll_seeded(tables.roll, tables.TableQuery.of(table, shipped), 4)
    act.roll(campaign, GM_SEAT, record, table.name)
    text = export_markdown(campaign, "en", detailed=True)
    assert f"- **{table.name}** → {record.text}\n" in text
    assert f"seed {record.seed}" in text
    assert "seed" not in export_markdown(campaign, "en")
    assert "## Session of " in text
    assert "journal of 1 entries" in text


def test_a_new_day_starts_a_session_when_none_was_marked(tmp_path: Path) -> None:
    campaign = Campaign.create(tmp_path / "c", system="traits", clock=clock())
    for _ in range(50):
        act.note(campaign, GM_SEAT, "soir 1")
    record = roll_seeded(traits.roll, traits.TraitTest(3, 4), 1)
    act.roll(campaign, GM_SEAT, record, "Soulever la herse")
    text = export_markdown(campaign)
    assert "## Séance du 21/11/2026" in text
    assert "## Séance du 28/11/2026" in text


def test_toml_export_holds_the_state_and_every_entry(story: Campaign) -> None:
    archive = tomllib.loads(export_toml(story))
    assert archive["campaign"]["name"] == "Les Ombres"
    assert [entry["id"] for entry in archive["entry"]] == list(range(1, story.journal.last_id + 1))


@settings(max_examples=40)
@given(
    notes=st.lists(st.text(st.sampled_from("ab \n\t"), max_size=6), min_size=1, max_size=12),
    flush=st.integers(1, 4),
)
def test_the_export_in_pieces_is_the_whole_export(
    notes: list[str], flush: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Written piece by piece (a long journal is never one string), the Markdown is the
    same document, blank lines and trailing blanks of the last note included."""
    from meneur.play import export

    directory = tmp_path_factory.mktemp("pieces") / "c"
    with Campaign.create(directory, system="resolution", name="Vranberg") as campaign:
        for text in notes:
            if text.strip():
                act.note(campaign, GM_SEAT, text)
        whole = "\n".join(export.markdown_lines(campaign)).rstrip() + "\n"
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(export, "FLUSH_LINES", flush)
            assert "".join(export.markdown_pieces(campaign)) == whole
        assert tomllib.loads(export.export_toml(campaign))["campaign"]["name"] == "Vranberg"
