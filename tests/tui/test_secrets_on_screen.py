"""Who sees what, on the screens themselves: after a random evening of the GM's secrets
(notes, blind and announced rolls, a hidden clock asked about, a GM table rolled on), a
player's app — its screen, its palette, its Tables tab — and the audience's stream show
nothing of them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.content.strings import strings
from meneur.core import oracles, tables
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.core.visibility import AUDIENCE
from meneur.play import act
from meneur.play import story as play
from meneur.play.presence import Presence
from meneur.play.session import Session
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.tui.app import MeneurApp
from meneur.tui.watch import WatchApp

from .conftest import screen_text

ACTIONS = st.lists(
    st.sampled_from(["gm note", "blind roll", "announced roll", "gm clock", "gm table", "note"]),
    min_size=1,
    max_size=8,
)
SECRETS = ("Qzsecret", "Qzclock", "Qzrow", "Qztable", "Qzblind")


def _evening(directory: Path, actions: list[str]) -> Campaign:
    gm = Campaign.create(directory, system="resolution", name="Table")
    act.set_value(gm, GM_SEAT, ("options", "solo"), True)
    act.set_value(
        gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "player": "alice", "sheet": {}}
    )
    clock = {"name": "Qzclock", "kind": "clock", "value": 0, "max": 12, "gm": True}
    act.set_value(gm, GM_SEAT, ("trackers", "piege"), clock)
    rows = ["Qzrow un", "Qzrow deux"]
    act.set_value(gm, GM_SEAT, ("tables", "qz"), {"name": "Qztable", "entries": rows, "gm": True})
    table = tables.RandomTable("qz", "Qztable", tuple(map(tables.TableEntry, rows)))
    for number, action in enumerate(actions):
        if action == "note":
            act.note(gm, GM_SEAT, f"Le vent tourne {number}")
        elif action == "gm note":
            act.note(gm, GM_SEAT, f"Qzsecret {number}", secrecy=Secrecy("gm"))
        elif action in ("blind roll", "announced roll"):
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), number)
            secrecy = Secrecy("gm", announced=action == "announced roll")
            act.roll(gm, GM_SEAT, record, f"Qzblind {number}", secrecy=secrecy)
        elif action == "gm clock":
            asked = roll_seeded(oracles.roll_yesno, oracles.YesNoQuestion(3, "Qzclock ?"), number)
            act.roll(
                gm,
                GM_SEAT,
                asked,
                play.move_tracker("piege", lambda m: "Qzclock", outcome=asked.outcome or ""),
            )
        else:
            query = tables.TableQuery.of(table, (table,))
            act.roll(gm, GM_SEAT, roll_seeded(tables.roll, query, number), "Qztable")
    return gm


def _kept_table(directory: Path) -> Campaign:
    """A table whose GM keeps resolution rolls (a player's are blind), Kael on it."""
    gm = Campaign.create(directory, system="resolution", name="Table")
    act.set_value(
        gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "sheet": {"elements": {"Épée": 2}}}
    )
    act.set_value(gm, GM_SEAT, ("secrecy",), {"resolution": "gm"})
    return gm


def _alices_app(directory: Path, seed: int) -> MeneurApp:
    """Alice's seat at the table in ``directory`` (she plays Kael), served, its app."""
    seat = Seat("player", "alice", frozenset({"kael"}))
    session = Session(
        Campaign.open(directory),
        strings("fr"),
        random.Random(seed),
        seat=seat,
        presence=Presence(),
        remote=True,
    )
    return MeneurApp(session)


@pytest.mark.long
@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(actions=ACTIONS)
async def test_no_screen_of_a_player_or_the_audience_shows_the_gms_secrets(
    actions: list[str], tmp_path_factory: pytest.TempPathFactory
) -> None:
    gm = _evening(tmp_path_factory.mktemp("screens") / "c", actions)
    player = _alices_app(gm.directory, 1)
    session = player.session
    async with player.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        shown = [screen_text(player)]
        shown.append(" ".join(c.title for c in player.get_system_commands(player.screen)))
        await pilot.press("f4")  # the Tables tab
        await pilot.pause()
        shown.append(screen_text(player))
        shown.append(" ".join(t.name for t in session.tables()))
    audience = WatchApp(Campaign.open(gm.directory, write=False), strings("fr"), AUDIENCE)
    async with audience.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown.append(screen_text(audience))
    everything = "\n".join(shown)
    for secret in SECRETS:
        assert secret not in everything, (secret, actions)
    # What they may see is there: the screens were drawn with the evening on them.
    assert "Kael" in shown[0]
    if "note" in actions:
        assert "Le vent tourne" in shown[0]
    if "announced roll" in actions:
        assert "Entrée secrète du MJ" in shown[-1]
    gm.close()


@pytest.mark.parametrize("outcome_seed", [1, 2, 3])
async def test_a_players_blind_roll_shows_her_nothing_of_its_result(
    outcome_seed: int, tmp_path: Path
) -> None:
    # The GM keeps resolution rolls blind: Alice rolls, her screen says it was blind and
    # shows no die and no outcome; the GM's journal has the whole roll.
    gm = _kept_table(tmp_path / "c")
    player = _alices_app(gm.directory, outcome_seed)
    async with player.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        before = gm.journal.last_id
        await pilot.press("r")
        await pilot.pause()
        text = screen_text(player)
    gm.sync()
    entry = gm.journal.entry(gm.journal.last_id)
    assert gm.journal.last_id == before + 1
    assert (entry.visibility, entry.player, entry.announced) == ("gm", "alice", True)
    assert entry.roll is not None
    assert "Jet à l'aveugle : seul le MJ voit le résultat" in text
    assert "🔒 Jet à l'aveugle (le MJ seul voit le" in text  # her journal
    from meneur.play.reading import outcome_words

    assert outcome_words("resolution", str(entry.roll["outcome"]), "fr") not in text
    for glossed in ("(success", "(failure", "(critical"):  # no outcome of any kind
        assert glossed not in text
    gm.close()


async def test_a_players_private_mode_leaves_a_kind_the_gm_keeps_blind(tmp_path: Path) -> None:
    # The GM keeps resolution rolls blind; Alice turns to private (ctrl+b) and rolls: it
    # was written private and her panel said "Vu par vous et le MJ", its outcome shown.
    from meneur.play.reading import outcome_words
    from tests.waiting import until_app

    gm = _kept_table(tmp_path / "c")
    player = _alices_app(gm.directory, 1)
    session = player.session
    journal = session.campaign.journal
    async with player.run_test(size=(140, 44)) as pilot:
        await pilot.pause()
        before = journal.last_id
        await pilot.press("ctrl+b")  # private: hers and the GM's
        await until_app(pilot, lambda: session.secrecy.visibility == "private", "private mode")
        await pilot.press("r")
        await until_app(pilot, lambda: journal.last_id == before + 1, "her roll written")
        await until_app(pilot, lambda: "Jet à l'aveugle" in screen_text(player), "said blind")
        text = screen_text(player)
    gm.sync()
    entry = gm.journal.entry(gm.journal.last_id)
    assert (entry.visibility, entry.player, entry.announced) == ("gm", "alice", True)
    assert entry.roll is not None
    assert "Jet à l'aveugle : seul le MJ voit le résultat" in text  # the panel's line
    assert "Vu par vous et le MJ" not in text
    assert outcome_words("resolution", str(entry.roll["outcome"]), "fr") not in text
    gm.close()
