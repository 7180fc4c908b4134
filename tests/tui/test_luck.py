"""The Luck view (F8): what a player sees of their luck — the same count as ``meneur
stats``, one character's or the last session's at a key, and never a blind roll's."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from meneur.content.strings import strings
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT, Seat
from meneur.core.visibility import GM, Viewer
from meneur.play import act
from meneur.play.presence import Presence
from meneur.play.session import Session
from meneur.play.stats import stats
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.tui.app import MeneurApp
from meneur.tui.screens.luck import LuckScreen
from tests.tui.conftest import screen_text
from tests.waiting import until_app


def _rolled(campaign: Campaign) -> None:
    """Kael rolls three tests, Lyra two; then a session, where Kael rolls once more."""
    for seed, who in enumerate(("kael", "lyra", "kael", "lyra", "kael"), start=1):
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), seed)
        act.roll(campaign, GM_SEAT, record, f"Test {seed}", character=who)
    act.mark(campaign, GM_SEAT, "session", "Séance 1")
    record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=5), 9)
    act.roll(campaign, GM_SEAT, record, "Dernier test", character="kael")


async def _opened(pilot: object, app: MeneurApp) -> str:
    await pilot.press("f8")  # type: ignore[attr-defined]
    await until_app(
        pilot,
        lambda: isinstance(app.screen, LuckScreen) and "Jets : " in screen_text(app),
        "the Luck view shows its count",
    )
    return screen_text(app)


async def test_the_luck_view_counts_as_stats_does_and_narrows_at_a_key(
    campaign_of: Callable[[str], Campaign],
) -> None:
    from meneur.tui.app import make_app

    campaign = campaign_of("resolution")
    _rolled(campaign)
    whole = stats(campaign, GM).whole
    kael = stats(campaign, GM, character="kael").whole
    app = make_app(campaign, lang="fr", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        shown = await _opened(pilot, app)
        assert f"Jets : {whole.rolls} · réussites : {whole.successes}" in shown
        french = f"{whole.expected:.1f}".replace(".", ",")  # a French decimal comma
        assert f"(attendues : {french})" in shown
        assert "Réussites, jet après jet" in shown  # the course, plotted
        assert "Par personnage" in shown
        await pilot.press("c")
        await until_app(pilot, lambda: "— Kael" in screen_text(app), "Kael's count")
        await until_app(
            pilot, lambda: f"Jets : {kael.rolls} · réussites : {kael.successes}" in screen_text(app)
        )
        assert "Par personnage" not in screen_text(app)
        await pilot.press("c", "c", "s")  # Lyra, everyone; then the last session only
        await until_app(pilot, lambda: "séance 1" in screen_text(app), "the last session")
        await until_app(pilot, lambda: "Jets : 1 · " in screen_text(app))
        await pilot.press("escape")
        await until_app(pilot, lambda: not isinstance(app.screen, LuckScreen))


async def _player_view(directory: Path, blind_seed: int) -> str:
    with Campaign.create(directory, system="resolution", name="Table") as gm:
        act.set_value(
            gm, GM_SEAT, ("characters", "kael"), {"name": "Kael", "player": "alice", "sheet": {}}
        )
        for seed in range(1, 5):
            record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), seed)
            act.roll(gm, GM_SEAT, record, f"Test {seed}", character="kael")
        blind = roll_seeded(resolution.roll, resolution.ResolutionTest(score=1), blind_seed)
        act.roll(
            gm,
            GM_SEAT,
            blind,
            "Fouiller",
            character="kael",
            secrecy=Secrecy("gm", "alice", announced=True),
        )
    session = Session(
        Campaign.open(directory),
        strings("fr"),
        random.Random(3),
        seat=Seat("player", "alice", frozenset({"kael"})),
        presence=Presence(),
        remote=True,
    )
    app = MeneurApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        shown = await _opened(pilot, app)
    return shown


@pytest.mark.long
async def test_a_players_luck_shows_nothing_of_a_blind_roll(tmp_path: Path) -> None:
    seen, gm_successes = [], set()
    for number, seed in enumerate((1, 2, 3, 4)):
        seen.append(await _player_view(tmp_path / str(number), seed))
        with Campaign.open(tmp_path / str(number), write=False) as campaign:
            gm = stats(campaign, GM).whole
            assert stats(campaign, Viewer("player", "alice")).whole.rolls == gm.rolls - 1
            gm_successes.add(gm.successes)
    assert len(gm_successes) > 1  # the blind roll's outcome did differ, for the GM
    assert "Jets : 4 · " in seen[0]
    assert len(set(seen)) == 1, "the player's view changed with the blind roll's outcome"


async def _journal_listed(pilot: Any) -> None:
    """Wait until the journal lists its entries (just after the table's first frame): the
    keys that follow act on what the player sees."""
    from meneur.tui.widgets.journal import JournalView

    await until_app(pilot, lambda: pilot.app.screen.query_one(JournalView).entries)


async def test_the_gm_leaves_a_roll_out_from_the_journal_and_a_player_may_not(
    tmp_path: Path, campaign_of: Callable[[str], Campaign]
) -> None:
    from meneur.tui.app import make_app

    from .conftest import notices

    campaign = campaign_of("resolution")
    _rolled(campaign)
    app = make_app(campaign, lang="fr", seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await _journal_listed(pilot)
        await pilot.press("ctrl+j", "end", "x")  # the latest entry: Kael's last test
        await until_app(pilot, lambda: "ne compte plus" in notices(app))
        assert stats(campaign).whole.rolls == 5
        assert list(campaign.state["uncounted"]) == [str(campaign.journal.last_id - 1)]
        await pilot.press("x")  # on the entry that says so: not a roll, nothing happens
        await pilot.press("up", "x")
        await until_app(pilot, lambda: "compte de nouveau" in notices(app))
        assert stats(campaign).whole.rolls == 6
    directory = tmp_path / "table"
    with Campaign.create(directory, system="resolution", name="Table") as gm:
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 1)
        act.roll(gm, GM_SEAT, record, "Test")
    session = Session(
        Campaign.open(directory),
        strings("fr"),
        random.Random(3),
        seat=Seat("player", "alice"),
        presence=Presence(),
        remote=True,
    )
    app = MeneurApp(session)
    async with app.run_test(size=(100, 32)) as pilot:
        await _journal_listed(pilot)
        await pilot.press("ctrl+j", "end", "x")
        await until_app(pilot, lambda: "Seul le MJ" in notices(app))
    with Campaign.open(directory, write=False) as campaign:
        assert "uncounted" not in campaign.state
        assert campaign.journal.last_id == 1
