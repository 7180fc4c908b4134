"""The table follows a campaign that other processes write: entries, state, hand edits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.waiting import PATIENCE, until_app

from .conftest import Shown, notices, screen_text

CLI = [sys.executable, "-m", "meneur.cli.main"]


def _cli(*words: str) -> None:
    done = subprocess.run([*CLI, *words], capture_output=True, text=True, timeout=PATIENCE)
    assert done.returncode == 0, done.stderr


async def test_the_table_shows_what_another_process_writes_without_a_key(app_of) -> None:
    app = app_of("resolution")
    directory = str(app.session.campaign.directory)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        _cli("note", directory, "La caravane atteint le col.")
        await until_app(pilot, lambda: "La caravane atteint le col" in screen_text(app))
        _cli("set", directory, "characters.kael.name", '"Kael le Brave"')
        await until_app(pilot, lambda: "Kael le Brave" in screen_text(app))
        await pilot.press("r")  # the table writes after both, in order
        await pilot.pause()
        ids = [entry.id for entry in app.session.campaign.journal]
        assert ids == list(range(1, len(ids) + 1))
        assert app.session.campaign.journal.entry(ids[-1]).kind == "roll"


async def test_a_hand_edit_is_taken_in_live_and_a_broken_one_is_said(app_of) -> None:
    app = app_of("resolution")
    path: Path = app.session.campaign.directory / "campaign.toml"
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        path.write_text(path.read_text().replace('name = "Kael"', 'name = "Kaël"'))
        await until_app(pilot, lambda: "Modifié hors de meneur" in screen_text(app))
        assert "Kaël" in screen_text(app)
        path.write_text(path.read_text().replace('name = "Table resolution"', 'name = "Vranberg"'))
        await until_app(pilot, lambda: "Vranberg — " in screen_text(app))  # the title
        good = path.read_text()
        assert "Kaël" in good
        broken = good.replace('name = "Kaël"', "name = 3")
        path.write_text(broken)
        await until_app(pilot, lambda: "ne peut être lu" in screen_text(app))
        assert "characters.kael.name" in screen_text(app)
        # In the reader's language, and what it means for the campaign.
        said = notices(app)
        assert "characters.kael.name\u00a0: un texte entre guillemets était attendu" in said
        assert "La campagne continue comme avant" in said
        assert "expected" not in said
        await pilot.press("r")  # refused, said, and the file is left as the user wrote it
        await pilot.pause()
        assert path.read_text() == broken
        assert "Kaël" in screen_text(app)  # the last good state stays in use


async def test_a_result_is_shown_only_once_saved_and_a_full_disk_is_one_message(
    app_of, monkeypatch
) -> None:
    import errno

    from meneur.saves import journal

    def full(path: Path, data: bytes, **options: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    app = app_of("resolution")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        monkeypatch.setattr(journal, "atomic_write", full)
        await pilot.press("r")
        await pilot.pause()
        shown = screen_text(app)
        assert "No space left on device" in shown
        assert "Pas encore lancé" in shown  # no result that was not saved
        monkeypatch.undo()
        await pilot.press("r")
        await pilot.pause()
        assert "Pas encore lancé" not in screen_text(app)
        assert app.session.campaign.journal.entry(app.session.campaign.journal.last_id).kind == (
            "roll"
        )


HOLD = """
import signal, sys
from pathlib import Path
from meneur.saves.lock import WriterLock
lock = WriterLock(Path(sys.argv[1]), "meneur serve").acquire()  # a write that hangs
print("holding", flush=True)
signal.pause()  # until the test ends it
"""


async def test_a_write_stuck_elsewhere_is_said_and_nothing_is_shown_as_rolled(app_of) -> None:
    """The app waits half a second for another process's write (it cannot draw while it
    waits), then says who holds the campaign; the roll is not shown as made. Once the
    other write ends, the same key rolls and journals."""
    from meneur.play.session import LOCK_WAIT
    from meneur.saves.lock import WAIT_SECONDS

    app = app_of("resolution")
    campaign = app.session.campaign
    assert campaign.lock_wait == LOCK_WAIT < WAIT_SECONDS  # bounded: not the CLI's wait
    before = campaign.journal.last_id
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(campaign.directory)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "holding"
        async with app.run_test(size=(120, 40), notifications=True) as pilot:
            await pilot.pause()
            await pilot.press("r")
            await pilot.pause()
            shown = Shown(" ".join(screen_text(app).split()) + notices(app))
            assert "meneur serve" in shown  # who holds it
            assert "rien n'a été écrit" in shown
            assert campaign.journal.last_id == before
            holder.terminate()
            holder.wait(PATIENCE)
            await pilot.press("r")
            await pilot.pause()
            assert campaign.journal.last_id == before + 1
            assert campaign.journal.entry(before + 1).kind == "roll"
    finally:
        holder.kill()
        holder.wait(PATIENCE)


async def test_the_gm_rolls_in_secret_and_the_table_says_so(app_of) -> None:
    """ctrl+b: the next rolls and notes are the GM's alone (the title says so, the
    journal marks them); again: announced; again: public. What the audience's journal
    receives is checked through the command line, another process."""
    import json

    app = app_of("resolution")
    campaign = app.session.campaign
    directory = str(campaign.directory)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert "🔒 Secret : MJ seul" in screen_text(app).splitlines()[0]
        await pilot.press("r")
        await pilot.pause()
        blind = campaign.journal.entry(campaign.journal.last_id)
        assert (blind.kind, blind.visibility, blind.announced) == ("roll", "gm", False)
        assert "🔒 MJ seul" in screen_text(app)
        await pilot.press("ctrl+b")
        await pilot.press("colon", *"La porte grince.", "enter")
        await pilot.pause()
        told = campaign.journal.entry(campaign.journal.last_id)
        assert (told.kind, told.visibility, told.announced) == ("note", "gm", True)
        await pilot.press("escape", "ctrl+b")  # out of the command line, then public
        await pilot.pause()
        assert "Secret" not in screen_text(app).splitlines()[0]
        await pilot.press("r")
        await pilot.pause()
        assert campaign.journal.entry(campaign.journal.last_id).visibility == "public"
    seen = subprocess.run(
        [*CLI, "journal", directory, "--json"], capture_output=True, text=True, timeout=PATIENCE
    )
    entries = json.loads(seen.stdout)["entries"]
    kinds = [(e["kind"], e.get("secret")) for e in entries]
    assert kinds[-2:] == [("secret", "gm"), ("roll", None)]  # a secret: no kind
    assert "La porte grince" not in seen.stdout
    assert len([k for k in kinds if k[0] == "roll"]) == 1


async def test_rules_switched_on_elsewhere_bring_their_helpers_into_the_panel(app_of) -> None:
    app = app_of("cosmos")
    directory = str(app.session.campaign.directory)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert "Aura (règle d'aura)" not in screen_text(app)
        _cli("set", directory, "options.aura", "true")
        await until_app(pilot, lambda: "Aura (règle d'aura)" in screen_text(app))
        # the rebuilt panel still acts for the character the table had
        assert app.screen.query_one("#panel").character == app.screen.acting
        assert len(app.screen.query("#panel")) == 1
