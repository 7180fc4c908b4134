"""One seat cannot hurt another: a megabyte of random bytes into one SSH seat is
dropped beyond that seat's budget (meneur.serve.input_limits), the seat is closed with a
message, and the other seats go on getting what is written; nothing is lost, the log
says so once (not once a packet) and holds no traceback, and a pop-up the flood's keys
opened as the seat closed does not fail. Real clients on 127.0.0.1, bounded in time."""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

from meneur.core.table_rules import GM_SEAT
from meneur.play import act
from meneur.play.campaigns import Campaign
from tests.waiting import PATIENCE, until_async

from .seated import Served, make_table


async def test_a_flood_into_one_seat_closes_it_and_the_others_play_on(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    logged: list[str] = []
    async with Served(table) as served:
        served.server.log = logged.append
        alice = await served.join("alice")
        bob = await served.join("bob")
        await alice.wait_for("● Alice (Kael)")
        await bob.wait_for("● Bob (Mira)")
        # Random bytes but ctrl+q, which would quit her app before the flood closes it.
        # A megabyte at a time until her seat is closed (however slowly this machine
        # sends it: the budget refills with time), sixteen at most.
        assert alice.process is not None
        for _ in range(16):
            noise = os.urandom(1024 * 1024).replace(b"\x11", b"q")
            with contextlib.suppress(BrokenPipeError, ConnectionError):  # closed meanwhile
                for start in range(0, len(noise), 32 * 1024):
                    await alice.send(noise[start : start + 32 * 1024])
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(alice.process.wait_closed()), 1.0)
            if alice.process.exit_status is not None:
                break
        await asyncio.wait_for(alice.process.wait_closed(), PATIENCE)
        assert alice.process.exit_status == 12
        # Her last screen may still be on its way to her terminal after the channel closed.
        await alice.wait_for("Trop de données envoyées d'un coup")
        with Campaign.open(table.directory) as gm:
            act.note(gm, GM_SEAT, "La porte grince.")
        await bob.wait_for("La porte grince.")  # Bob's screen follows, untouched
        await bob.send("r")
        await bob.wait_for("graine")
        await bob.leave()
    said = "\n".join(logged)
    assert "Traceback" not in said
    flooded = [line for line in logged if "trop de données" in line]
    assert flooded == ["Alice\u00a0: trop de données envoyées d'un coup, session fermée"]
    # Her app ended as asked, without an error of its own (nothing but joins and leaves).
    assert [line for line in logged if line not in flooded] == [
        "Alice (joueur) a rejoint la table par ssh depuis 127.0.0.1",
        "Bob (joueur) a rejoint la table par ssh depuis 127.0.0.1",
        "Alice est parti·e",
        "Bob est parti·e",
    ]


async def test_a_100_kb_paste_passes(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        alice = await served.join("alice")
        await alice.wait_for("● Alice (Kael)")
        pasted = ("Une longue note. " * 6000)[: 100 * 1024]
        budget = next(s for s in served.server.seated if s.name == "Alice")._gate
        await alice.send("\x1b[200~" + pasted + "\x1b[201~")
        # Waited until the server took it all in (its budget spent by as much).
        await until_async(lambda: budget.taken >= len(pasted), "the paste never arrived")
        assert budget.dropped == 0
        assert served.app_of("alice").is_running
        await alice.leave()


async def test_a_paste_that_comes_as_the_app_closes_does_not_fail_it(tmp_path: Path) -> None:
    """A flood's last keys may open the command line and paste lines into it just as the
    seat closes the app: the paste's pop-up is then pushed on an app that is closing,
    and mounts without its widgets. Was: ``NoMatches`` in its ``on_mount``, the app's
    traceback in serve.log."""
    from textual import events

    from meneur.tui.app import make_app
    from meneur.tui.widgets.line_input import TextField

    table = make_table(tmp_path)
    for turns in range(4):  # the app told to close as many turns after the paste
        app = make_app(Campaign.open(table.directory), lang="fr", seed=1)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.press("colon")
            await until_async(lambda app=app: isinstance(app.focused, TextField), "no line")
            assert app.focused is not None
            app.focused.post_message(events.Paste("n une note\rn une autre\r" * 20))
            for _ in range(turns):
                await asyncio.sleep(0)
            app.exit()
        assert app.return_code == 0, turns
