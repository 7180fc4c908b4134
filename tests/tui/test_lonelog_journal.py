"""A log brought from elsewhere reads in the app's journal as it was played: its rolls
with their outcome, marked as rolled elsewhere, in the reader's language (issue 61)."""

from __future__ import annotations

from pathlib import Path

from meneur.saves.campaign import Campaign
from meneur.tui.app import make_app

from .conftest import region_text

LOG = """S1 *Dark alley, midnight*
@ Sneak past the guard
d: Stealth 4 vs TN 5 -> Fail
=> The guard spots me and shouts an alarm
"""


async def test_a_roll_made_elsewhere_reads_with_its_outcome_and_where_it_was_rolled(
    tmp_path: Path,
) -> None:
    from meneur.play.lonelog_import import import_lonelog

    import_lonelog(LOG, tmp_path / "c", system=None, name="Alley")
    with Campaign.open(tmp_path / "c") as campaign:
        app = make_app(campaign, lang="fr", seed=3)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            shown = region_text(app, "#journal-list")
        assert "Sneak past the guard → Fail (jeté ailleurs)" in shown
        assert "The guard spots me and shouts an alarm" in shown
