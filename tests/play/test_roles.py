"""Who may do what at the table, enforced where every write passes (not by what a
screen offers): a player rolls, writes notes, edits their own character and answers;
the tension, scenes, clocks, tracks, threads, people and tables are the GM's. A refused
request changes no byte; its reason is one sentence in the player's language."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.content.strings import strings
from meneur.core import oracles, tables
from meneur.core.records import roll_seeded
from meneur.core.story import StoryItem
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.play import act
from meneur.play import story as play
from meneur.play.tables import tables_for
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError

ALICE = Seat("player", "alice", frozenset({"kael"}))


def _table(directory: Path) -> tuple[Campaign, Campaign]:
    """The GM's campaign and Alice's, on one folder, with a GM clock and GM tables."""
    gm = Campaign.create(directory, system="resolution", name="Table")
    gm.author = "gm"
    act.set_value(gm, GM_SEAT, ("options", "solo"), True)
    act.set_value(
        gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "player": "alice", "sheet": {}}
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("trackers", "alarme"),
        {"name": "Alarme", "kind": "clock", "value": 0, "max": 6},
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("trackers", "piege"),
        {"name": "Piège", "kind": "clock", "value": 0, "max": 4, "gm": True},
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("tables", "secrets"),
        {"name": "Secrets", "entries": ["Le traître"], "gm": True},
    )
    act.set_value(
        gm,
        GM_SEAT,
        ("tables", "rumeurs"),
        {"name": "Rumeurs", "entries": ["On dit\u00a0: {secrets}"]},
    )
    act.set_value(
        gm, GM_SEAT, ("tables", "meteo"), {"name": "Météo", "entries": ["Pluie", "Soleil"]}
    )
    alice = Campaign.open(directory)
    alice.author = "alice"
    return gm, alice


def _files(directory: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(directory)): path.read_bytes()
        for path in sorted(directory.rglob("*"))
        if path.is_file() and path.name != ".lock"
    }


def _yesno(seed: int) -> oracles.YesNoRoll:
    return roll_seeded(oracles.roll_yesno, oracles.YesNoQuestion(3, "?"), seed)


def _gm_requests(alice: Campaign, seed: int) -> list[tuple[str, Callable[[], object]]]:
    record = _yesno(seed)
    outcome = record.outcome or ""
    said = lambda *_: "x"  # noqa: E731
    secrets_table = next(t for t in tables_for(Seat("gm"), alice.state, "fr") if t.key == "secrets")
    table_roll = roll_seeded(tables.roll, tables.TableQuery.of(secrets_table, ()), seed)
    clock = lambda key: play.move_tracker(key, said, outcome=outcome)  # noqa: E731
    thread = play.add_item("threads", StoryItem("Fil"), "Fil")
    return [
        ("tension", lambda: act.change(alice, ALICE, play.move_tension(lambda _: 5, said))),
        (
            "end of scene",
            lambda: act.change(alice, ALICE, play.move_tension(lambda b: b + 1, said)),
        ),
        ("scene", lambda: act.mark(alice, ALICE, "scene", "Scène")),
        ("public clock", lambda: act.roll(alice, ALICE, record, clock("alarme"))),
        ("gm clock", lambda: act.roll(alice, ALICE, record, clock("piege"))),
        ("thread", lambda: act.change(alice, ALICE, thread)),
        ("gm table", lambda: act.roll(alice, ALICE, table_roll, "Secrets")),
        (
            "tracker made",
            lambda: act.set_value(alice, ALICE, ("trackers", "x"), {"name": "X", "value": 1}),
        ),
    ]


REQUESTS = [
    "tension",
    "end of scene",
    "scene",
    "public clock",
    "gm clock",
    "thread",
    "gm table",
    "tracker made",
]


@settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(asked=st.lists(st.sampled_from(REQUESTS), min_size=1, max_size=4), seed=st.integers(0, 99))
def test_a_players_request_for_what_is_the_gms_is_refused_and_changes_no_byte(
    asked: list[str], seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    gm, alice = _table(tmp_path_factory.mktemp("roles") / "c")
    before = _files(gm.directory)
    requests = dict(_gm_requests(alice, seed))
    for name in asked:
        with pytest.raises(CampaignError) as refused:
            requests[name]()
        said = strings("fr").explain(refused.value)
        assert "\n" not in said
        assert said.endswith(".")
        for internal in ("alarme", "piege", "secrets", "trackers", "solo", "refused"):
            assert internal not in said, (name, said)
    assert _files(gm.directory) == before
    act.note(alice, ALICE, "Kael attend.")  # what is hers is not refused
    gm.close()
    alice.close()


def test_a_player_is_not_offered_the_gms_tables_nor_those_that_roll_on_them(
    tmp_path: Path,
) -> None:
    # Leaked: a player's Tables tab listed the GM's tables, rolled on them, and a public
    # table that rolls on a GM table showed the GM table's entries.
    gm, alice = _table(tmp_path / "c")
    keys_gm = {t.key for t in tables_for(Seat("gm"), gm.state, "fr")}
    keys_alice = {t.key for t in tables_for(ALICE, alice.state, "fr")}
    assert {"secrets", "rumeurs", "meteo"} <= keys_gm
    assert "meteo" in keys_alice
    assert not keys_alice & {"secrets", "rumeurs"}
    gm.close()
    alice.close()


def test_a_hand_edit_is_credited_to_nobody_and_only_the_gm_takes_it_back(tmp_path: Path) -> None:
    # Leaked: the GM's edit of campaign.toml in their editor was credited to a connected
    # player, who could undo it while the GM could not.
    gm, alice = _table(tmp_path / "c")
    path = gm.directory / "campaign.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    data["trackers"]["alarme"]["value"] = 3
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    written = act.note(alice, ALICE, "Kael écoute.")  # the first write to see the edit journals it
    outside = alice.journal.entry(written.id - 1)
    assert outside.by is None
    assert outside.kind == "change"
    assert act.undo(alice, ALICE).target == written.id  # her own note
    with pytest.raises(CampaignError, match="nothing to undo by alice"):
        act.undo(alice, ALICE)  # the hand edit is not hers to take back
    gm.sync()
    undone = act.undo(gm, GM_SEAT)
    assert undone.target == outside.id
    assert gm.state["trackers"]["alarme"]["value"] == 0
    gm.close()
    alice.close()


def test_a_players_roll_is_as_random_as_the_gms(tmp_path: Path) -> None:
    """What is hers still works: a roll, a note, her character's sheet."""
    gm, alice = _table(tmp_path / "c")
    record = _yesno(random.Random(3).getrandbits(63))
    assert act.roll(alice, ALICE, record, "Kael demande").visibility == "public"
    assert (
        act.set_value(alice, ALICE, ("characters", "kael", "sheet", "notes"), "Une cicatrice").by
        == "alice"
    )
    gm.close()
    alice.close()


def test_an_undo_is_said_in_words_never_numbers_keys_or_accounts(tmp_path: Path) -> None:
    # Leaked: "entry 24 …" and "by root@host" when a player pressed u; the notice
    # quoted the state's keys ("trackers.alarme.value → 3").
    from meneur.play.session import Session

    gm, alice = _table(tmp_path / "c")
    first = act.set_value(gm, GM_SEAT, ("trackers", "alarme", "value"), 2)
    act.set_value(gm, GM_SEAT, ("trackers", "alarme", "value"), 3)
    session = Session(gm, strings("fr"), random.Random(1))
    with pytest.raises(CampaignError) as conflict:
        session.undo_entry(first.id)
    said = strings("fr").explain(conflict.value)
    assert said == "Un changement plus récent touche la même chose\u00a0: annulez-le d'abord."
    _, notice = session.step_history("undo")
    assert notice == "Annulé\u00a0: Alarme\u00a0: 2 → 3 sur 6"  # what changed, told once
    with pytest.raises(CampaignError) as not_undoable:
        session.undo_entry(9999)  # no such change
    assert not any(c.isdigit() for c in strings("fr").explain(not_undoable.value))
    gm.close()
    alice.close()


def test_a_players_undo_does_not_wait_on_how_much_the_gm_wrote_since(tmp_path: Path) -> None:
    """Each writer keeps their own latest undoable changes: the history kept the table's
    latest 200 whoever wrote them, so once the GM had written 200 secret notes after
    Alice's note, her undo was refused, telling her how much the GM had written."""
    from meneur.play.campaigns import Secrecy
    from meneur.saves.schema import HISTORY_LIMIT

    gm, alice = _table(tmp_path / "c")
    written = act.note(alice, ALICE, "Kael écoute.")
    for number in range(HISTORY_LIMIT):
        act.note(gm, GM_SEAT, f"Préparation {number}", secrecy=Secrecy("gm"))
    alice.sync()
    assert act.undo(alice, ALICE).target == written.id
    # Each writer's own are kept up to the limit: the GM's changes made before her note
    # have gone from the history, their latest 200 (the secrets) are there.
    gm.sync()
    assert gm.state["history"]["undo"] == list(
        range(written.id + 1, written.id + HISTORY_LIMIT + 1)
    )
    gm.close()
    alice.close()
