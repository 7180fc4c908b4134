"""Campaigns: creation, journal round trips, chunks, state changes, undo and redo."""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from meneur.core.changes import MISSING, Change
from meneur.core.cosmos import rules as cosmos
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import replay_roll, roll_to_data
from meneur.saves.errors import CampaignError, UndoConflict
from meneur.saves.journal import CHUNK_SIZE
from meneur.saves.state_reading import summary


def ticking_clock() -> object:
    """A clock that starts on 21/11/2026 at 20:00 (+01:00) and moves a minute a call."""
    moment = [datetime(2026, 11, 21, 20, 0, tzinfo=timezone(timedelta(hours=1)))]

    def now() -> datetime:
        moment[0] += timedelta(minutes=1)
        return moment[0]

    return now


@pytest.fixture
def campaign(tmp_path: Path):
    with Campaign.create(
        tmp_path / "c", system="resolution", name="Vranberg", clock=ticking_clock()
    ) as opened:
        yield opened


def reopen(campaign: Campaign, **kw) -> Campaign:
    campaign.close()
    return Campaign.open(campaign.directory, **kw)


def test_a_new_campaign_has_its_files(campaign: Campaign) -> None:
    state = tomllib.loads((campaign.directory / "campaign.toml").read_text())
    assert state["schema_version"] == 1
    assert state["system"] == "resolution"
    assert state["name"] == "Vranberg"
    assert (campaign.directory / "journal").is_dir()


def test_creating_over_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("keep me")
    with pytest.raises(CampaignError, match="not empty"):
        Campaign.create(tmp_path / "full", system="cosmos")
    assert (tmp_path / "full" / "notes.txt").read_text() == "keep me"


def test_entries_survive_reopening(campaign: Campaign) -> None:
    act.mark(campaign, GM_SEAT, "session", "Session 1")
    note = act.note(campaign, GM_SEAT, "Razors arrive au manoir.", game_time="Jour 1, soir")
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 5)
    rolled = act.roll(campaign, GM_SEAT, record, "Escalader le mur", character="razors")
    campaign = reopen(campaign)
    assert campaign.journal.last_id == 3
    again = campaign.journal.entry(rolled.id)
    assert again == rolled
    assert campaign.journal.entry(note.id).game_time == "Jour 1, soir"
    assert replay_roll(again.roll) == record
    assert roll_to_data(record) == dict(again.roll)


def test_oracle_answers_and_creation_rolls_get_their_own_kinds(campaign: Campaign) -> None:
    from meneur.core import oracles
    from meneur.core.cosmos import creation as cosmos_creation

    answer = roll_seeded(oracles.roll_yesno, oracles.YesNoQuestion(4, "Is it locked?"), 1)
    creation = roll_seeded(cosmos_creation.roll_creation, cosmos_creation.CreationOptions(), 1)
    assert act.roll(campaign, GM_SEAT, answer, "Is it locked?").kind == "oracle"
    assert act.roll(campaign, GM_SEAT, creation, "Création").kind == "creation"
    assert replay_roll(campaign.journal.entry(2).roll) == creation


def test_the_journal_rolls_over_to_new_chunks(campaign: Campaign) -> None:
    for i in range(CHUNK_SIZE + 5):
        act.note(campaign, GM_SEAT, f"note {i + 1}")
    files = sorted(p.name for p in (campaign.directory / "journal").iterdir())
    assert files == ["000001.toml", "000002.toml", "checked.toml"]  # the sealed one remembered
    campaign = reopen(campaign)
    assert campaign.journal.last_id == CHUNK_SIZE + 5
    assert [e.text for e in campaign.latest(7)] == [
        f"note {i}" for i in range(CHUNK_SIZE - 1, CHUNK_SIZE + 6)
    ]
    assert campaign.journal.entry(1).text == "note 1"
    assert [e.id for e in campaign.journal] == list(range(1, CHUNK_SIZE + 6))
    # Entries before one, across the chunks' boundary, and fewer near the start.
    before = campaign.journal.before(CHUNK_SIZE + 3, 5)
    assert [e.id for e in before] == list(range(CHUNK_SIZE - 2, CHUNK_SIZE + 3))
    assert [e.id for e in campaign.journal.before(3, 10)] == [1, 2]
    assert campaign.journal.before(1, 10) == []


def test_opening_reads_only_the_last_chunk(campaign: Campaign) -> None:
    for i in range(2 * CHUNK_SIZE + 1):
        act.note(campaign, GM_SEAT, f"note {i}")
    campaign = reopen(campaign)
    assert set(campaign.journal._cache) == {3}


def test_set_and_delete_values_are_saved_at_once(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("characters", "razors", "name"), "Razors")
    act.set_value(
        campaign, GM_SEAT, ("characters", "razors", "sheet", "elements"), {"Arts martiaux": 3}
    )
    act.set_value(
        campaign, GM_SEAT, ("trackers", "alarme"), {"name": "Alarme", "value": 1, "max": 6}
    )
    on_disk = tomllib.loads((campaign.directory / "campaign.toml").read_text())
    assert on_disk["characters"]["razors"]["sheet"]["elements"] == {"Arts martiaux": 3}
    assert on_disk["trackers"]["alarme"]["max"] == 6
    act.set_value(campaign, GM_SEAT, ("characters", "razors"), MISSING)
    assert "razors" not in reopen(campaign).state["characters"]


def test_setting_the_same_value_is_refused(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("lists", "threads"), ["Qui a trahi ?"])
    with pytest.raises(CampaignError, match="already has that value"):
        act.set_value(campaign, GM_SEAT, ("lists", "threads"), ["Qui a trahi ?"])


def test_changes_that_do_not_fit_write_nothing(campaign: Campaign) -> None:
    before = campaign.journal.last_id
    with pytest.raises(CampaignError, match="expected 5, found —"):
        act.change(campaign, GM_SEAT, "bad", changes=[Change(("trackers", "x", "value"), 5, 6)])
    assert campaign.journal.last_id == before


def test_undo_and_redo_across_restarts(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("characters", "razors", "name"), "Razors")
    act.set_value(campaign, GM_SEAT, ("characters", "razors", "sheet", "points"), 3)
    campaign = reopen(campaign)
    undo = act.undo(campaign, GM_SEAT)
    assert undo.kind == "undo"
    assert "points" not in campaign.state["characters"]["razors"]["sheet"]
    campaign = reopen(campaign)
    assert campaign.state["history"]["redo"]
    act.redo(campaign, GM_SEAT)
    assert reopen(campaign).state["characters"]["razors"]["sheet"]["points"] == 3


def test_undo_walks_back_several_changes_then_stops(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("lists", "people"), ["Justine"])
    act.set_value(campaign, GM_SEAT, ("lists", "places"), ["Vranberg"])
    act.undo(campaign, GM_SEAT)
    act.undo(campaign, GM_SEAT)
    assert campaign.state["lists"]["people"] == []
    with pytest.raises(CampaignError, match="nothing to undo"):
        act.undo(campaign, GM_SEAT)
    act.redo(campaign, GM_SEAT)
    act.redo(campaign, GM_SEAT)
    with pytest.raises(CampaignError, match="nothing to redo"):
        act.redo(campaign, GM_SEAT)
    assert campaign.state["lists"]["places"] == ["Vranberg"]


def test_a_new_change_clears_what_could_be_redone(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("lists", "people"), ["Justine"])
    act.undo(campaign, GM_SEAT)
    act.set_value(campaign, GM_SEAT, ("lists", "places"), ["Vranberg"])
    assert campaign.state["history"]["redo"] == []


def test_undoing_a_rolls_consequence_keeps_the_roll(tmp_path: Path) -> None:
    with Campaign.create(tmp_path / "c", system="cosmos", clock=ticking_clock()) as campaign:
        act.set_value(
            campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"karma": 0}}
        )
        record = roll_seeded(cosmos.roll, cosmos.CosmosTest(threshold=50), 3)
        karma = ("characters", "kael", "sheet", "karma")
        change = Change(karma, 0, 7)
        rolled = act.roll(campaign, GM_SEAT, record, "Sauter", changes=[change])
        assert campaign.state["characters"]["kael"]["sheet"]["karma"] == 7
        act.undo(campaign, GM_SEAT)
        assert campaign.state["characters"]["kael"]["sheet"]["karma"] == 0
        assert campaign.journal.entry(rolled.id).roll is not None
        assert campaign.journal.last_id == rolled.id + 1


def test_undo_never_skips_over_a_later_hand_edit(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("trackers", "alarme"), {"name": "Alarme", "value": 1})
    directory = campaign.directory
    campaign.close()
    path = directory / "campaign.toml"
    path.write_text(path.read_text().replace("value = 1", "value = 4"))
    with Campaign.open(directory, author="gm") as reopened:
        # The hand edit is journaled (by no one in particular) before anything else…
        first = act.undo(reopened, GM_SEAT)
        assert reopened.journal.entry(first.target or 0).text.startswith("Modifié hors")
        assert reopened.state["trackers"]["alarme"]["value"] == 1
        act.undo(reopened, GM_SEAT)  # …and only then the change it was made over
        assert "alarme" not in reopened.state["trackers"]


def test_a_hand_edit_while_open_is_journaled_as_made_outside_and_can_be_undone(
    campaign: Campaign,
) -> None:
    path = campaign.directory / "campaign.toml"
    path.write_text(path.read_text().replace('name = "Vranberg"', 'name = "Vranberg (edited)"'))
    entry = act.set_value(campaign, GM_SEAT, ("lists", "people"), ["Justine"])
    outside = campaign.journal.entry(entry.id - 1)
    assert outside.text == "Modifié hors de meneur : name"
    assert [(c.path, c.before, c.after) for c in outside.changes] == [
        (("name",), "Vranberg", "Vranberg (edited)")
    ]
    assert 'name = "Vranberg (edited)"' in path.read_text()
    assert "Justine" in path.read_text()
    act.undo(campaign, GM_SEAT)  # the list
    act.undo(campaign, GM_SEAT)  # the hand edit
    assert reopen(campaign).state["name"] == "Vranberg"


def test_a_broken_hand_edit_is_said_and_never_written_over(campaign: Campaign) -> None:
    act.note(campaign, GM_SEAT, "before")
    path = campaign.directory / "campaign.toml"
    broken = path.read_text().replace('name = "Vranberg"', "name = 12")
    path.write_text(broken)
    update = campaign.sync()
    assert update.problem is not None
    assert "campaign.toml: name: expected text" in update.problem
    assert campaign.state["name"] == "Vranberg"  # the last good state stays in use
    with pytest.raises(CampaignError, match="name: expected text"):
        act.note(campaign, GM_SEAT, "refused")
    assert path.read_text() == broken
    assert campaign.journal.last_id == 1
    path.write_text(broken.replace("name = 12", 'name = "Vranberg 2"'))
    act.note(campaign, GM_SEAT, "after the fix")
    assert campaign.state["name"] == "Vranberg 2"
    assert [e.kind for e in campaign.latest(3)] == ["note", "change", "note"]


def test_notes_are_edited_and_the_edit_undone(campaign: Campaign) -> None:
    note = act.note(campaign, GM_SEAT, "Razors arive.")
    act.edit_note(campaign, GM_SEAT, note.id, "Razors arrive.")
    campaign = reopen(campaign)
    assert campaign.note_text(campaign.journal.entry(note.id)) == "Razors arrive."
    assert campaign.journal.entry(note.id).text == "Razors arive."  # history kept
    act.undo(campaign, GM_SEAT)
    assert campaign.note_text(campaign.journal.entry(note.id)) == "Razors arive."
    with pytest.raises(CampaignError, match="not a note"):
        act.edit_note(campaign, GM_SEAT, campaign.journal.last_id, "x")


def test_rotating_backups_keep_the_last_ten_versions(campaign: Campaign) -> None:
    for i in range(15):
        act.set_value(campaign, GM_SEAT, ("trackers", "t"), {"name": "t", "value": i})
    backups = sorted((campaign.directory / "backups").iterdir())
    assert len(backups) == 10
    assert backups[-1].read_text() == (campaign.directory / "campaign.toml").read_text()
    before = tomllib.loads(backups[-2].read_text())
    assert before["trackers"]["t"]["value"] == 13  # the version before the current one


def test_a_reader_follows_the_writer(campaign: Campaign) -> None:
    reader = Campaign.open(campaign.directory, write=False)
    assert reader.sync().entries == []
    act.note(campaign, GM_SEAT, "first")
    act.set_value(campaign, GM_SEAT, ("lists", "people"), ["Justine"])
    new = reader.sync().entries
    assert new[0].text == "first"
    assert reader.state["lists"]["people"] == ["Justine"]
    with pytest.raises(CampaignError, match="reading only"):
        act.note(reader, GM_SEAT, "a reader cannot write")


def test_a_reader_follows_across_a_new_chunk(campaign: Campaign) -> None:
    for i in range(CHUNK_SIZE - 1):
        act.note(campaign, GM_SEAT, f"n{i}")
    reader = Campaign.open(campaign.directory, write=False)
    act.note(campaign, GM_SEAT, "last of chunk 1")
    act.note(campaign, GM_SEAT, "first of chunk 2")
    assert [e.text for e in reader.sync().entries] == ["last of chunk 1", "first of chunk 2"]


def test_opening_rolls_forward_a_change_campaign_toml_missed(campaign: Campaign) -> None:
    act.set_value(campaign, GM_SEAT, ("lists", "people"), ["Justine"])
    saved = (campaign.directory / "campaign.toml").read_bytes()
    act.set_value(campaign, GM_SEAT, ("lists", "places"), ["Vranberg"])
    campaign.close()
    # As if the process died between the journal append and the state write.
    (campaign.directory / "campaign.toml").write_bytes(saved)
    with Campaign.open(campaign.directory) as reopened:
        assert reopened.state["lists"]["places"] == ["Vranberg"]
        assert reopened.state["journal_applied"] == reopened.journal.last_id
    assert "Vranberg" in (campaign.directory / "campaign.toml").read_text()


def test_summary_reads_name_and_system_without_opening(campaign: Campaign) -> None:
    # The fixture's campaign is open for writing: a summary needs no lock.
    assert summary(campaign.directory) == (campaign.name, campaign.system)


def test_summary_of_an_unreadable_campaign_is_none_and_leaves_it_alone(tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "campaign.toml").write_text('name = "x"\nsystem = ')
    before = (broken / "campaign.toml").read_bytes()
    assert summary(broken) is None
    assert summary(tmp_path / "missing") is None
    assert (broken / "campaign.toml").read_bytes() == before
    assert sorted(p.name for p in broken.iterdir()) == ["campaign.toml"]


# --- Notes can be taken back -------------------------------------------------------------


def test_undoing_a_note_strikes_it_and_redo_brings_it_back(campaign: Campaign) -> None:
    # Play-tested: ctrl+z skipped over notes and undid a character's arrival instead.
    act.set_value(campaign, GM_SEAT, ("characters", "kael"), {"name": "Kael"})
    note = act.note(campaign, GM_SEAT, "Une note de trop")
    undone = act.undo(campaign, GM_SEAT)
    assert undone.target == note.id
    assert campaign.is_struck(note)
    assert "kael" in campaign.state["characters"]  # the arrival is not what was undone
    act.redo(campaign, GM_SEAT)
    assert not campaign.is_struck(note)
    assert campaign.journal.entry(note.id).text == "Une note de trop"  # never rewritten


def test_a_note_is_struck_kept_and_the_strike_undone(campaign: Campaign) -> None:
    note = act.note(campaign, GM_SEAT, "Le manoir brûle")
    act.strike_note(campaign, GM_SEAT, note.id)
    assert campaign.is_struck(note)
    with pytest.raises(CampaignError, match="struck already"):
        act.strike_note(campaign, GM_SEAT, note.id)
    again = Campaign.open(campaign.directory, write=False)
    assert again.is_struck(again.journal.entry(note.id))
    act.undo(campaign, GM_SEAT)
    assert not campaign.is_struck(note)
    roll = act.roll(
        campaign, GM_SEAT, roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 1), "x"
    )
    with pytest.raises(CampaignError, match="not a note"):
        act.strike_note(campaign, GM_SEAT, roll.id)


def test_the_current_campaign_is_written_only_when_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every start of the app remembers its campaign: the same one again writes nothing.
    from meneur.saves import locations

    monkeypatch.setenv(locations.DATA_DIR_ENV, str(tmp_path / "data"))
    locations.remember(tmp_path / "a")
    written = (tmp_path / "data" / locations.CURRENT_FILE).stat()
    locations.remember(tmp_path / "a")
    again = (tmp_path / "data" / locations.CURRENT_FILE).stat()
    assert (again.st_ino, again.st_mtime_ns) == (written.st_ino, written.st_mtime_ns)
    locations.remember(tmp_path / "b")
    assert locations.current_campaign() == (tmp_path / "b").resolve()


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("tables", "t"), {"name": "R", "entries": ["A"]}),
        (("trackers", "x"), {"name": "X"}),
        (("trackers", "y"), {"name": "Y", "value": "5"}),
    ],
)
def test_a_value_normalised_when_stored_is_undone(
    campaign: Campaign, path: tuple[str, ...], value: object
) -> None:
    act.set_value(campaign, GM_SEAT, path, value)
    act.undo(campaign, GM_SEAT)
    assert path[1] not in reopen(campaign).state[path[0]]


def test_each_writer_undoes_its_own_change_unless_a_later_one_depends_on_it(
    campaign: Campaign,
) -> None:
    gm = Campaign.open(campaign.directory, author="gm")
    player = Campaign.open(campaign.directory, author="ana")
    act.set_value(gm, GM_SEAT, ("trackers", "alarme"), {"name": "alarme", "value": 1})
    act.set_value(player, GM_SEAT, ("lists", "people"), ["Justine"])
    undone = act.undo(gm, GM_SEAT)  # the GM's own change, though the player's is later
    assert undone.target == 1
    assert player.sync().state_changed
    assert "alarme" not in player.state["trackers"]
    with pytest.raises(CampaignError, match="nothing to undo by gm"):
        act.undo(gm, GM_SEAT)
    act.redo(gm, GM_SEAT)
    act.set_value(player, GM_SEAT, ("trackers", "alarme", "value"), 2)  # depends on the GM's change
    with pytest.raises(UndoConflict, match=r"entry 5 by ana changed trackers\.alarme"):
        act.undo(gm, GM_SEAT)
    act.undo(player, GM_SEAT)
    act.undo(gm, GM_SEAT)
    assert "alarme" not in Campaign.open(campaign.directory, write=False).state["trackers"]


def test_a_disk_that_refuses_a_write_is_one_message_and_nothing_is_acknowledged(
    campaign: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno

    from meneur.saves import journal

    def full(path: Path, data: bytes, **options: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal, "atomic_write", full)
    with pytest.raises(CampaignError, match=r"000001\.toml: could not be written \(No space"):
        act.note(campaign, GM_SEAT, "lost?")
    assert campaign.journal.last_id == 0
    monkeypatch.undo()
    assert act.note(campaign, GM_SEAT, "kept").id == 1


def test_a_hand_edit_made_while_no_meneur_looked_is_journaled_at_the_next_write(
    campaign: Campaign,
) -> None:
    act.note(campaign, GM_SEAT, "before")
    path = campaign.directory / "campaign.toml"
    path.write_text(path.read_text().replace('name = "Vranberg"', 'name = "Vranberg II"'))
    reader = Campaign.open(campaign.directory, write=False)
    assert reader.state["name"] == "Vranberg II"
    later = Campaign.open(campaign.directory)
    act.note(later, GM_SEAT, "after")
    outside = later.journal.entry(2)
    assert outside.text.startswith("Modifié hors de meneur")
    assert [(c.path, c.before, c.after) for c in outside.changes] == [
        (("name",), "Vranberg", "Vranberg II")
    ]
    act.undo(later, GM_SEAT)  # the note
    act.undo(later, GM_SEAT)  # the hand edit
    assert Campaign.open(campaign.directory, write=False).state["name"] == "Vranberg"


def _files(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name != ".lock" and "backups" not in path.parts
    }


def test_an_undo_or_redo_that_would_leave_what_check_refuses_writes_nothing(
    tmp_path: Path,
) -> None:
    # Found trying meneur by hand: `meneur set DIR characters.kael.name Kael` then
    # `meneur undo DIR` left a character without a name, and every command after it
    # refused the campaign. An undo is checked as every other write is.
    from meneur.cli.main import main

    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "traits"]) == 0
    assert main(["set", str(directory), "characters.kael.name", "Kael"]) == 0
    before = _files(directory)
    assert main(["undo", str(directory)]) == 2
    assert _files(directory) == before
    assert main(["check", str(directory)]) == 0
    with Campaign.open(directory) as campaign:
        act.set_value(campaign, GM_SEAT, ("characters", "kael", "name"), "Kael Voss")
        act.undo(campaign, GM_SEAT)  # back to "Kael": a state check takes
        assert campaign.state["characters"]["kael"]["name"] == "Kael"
        act.redo(campaign, GM_SEAT)
        assert campaign.state["characters"]["kael"]["name"] == "Kael Voss"
    assert main(["check", str(directory)]) == 0
