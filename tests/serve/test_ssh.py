"""The shared table over SSH, driven by asyncssh's client: who gets in, what each
screen shows, secret choices kept secret, and clients that misbehave or vanish.

Each client's screen is what its terminal draws from the bytes the server sent (pyte).
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from textual import events

from meneur.saves.campaign import Campaign
from tests.waiting import PATIENCE, until_async

from .seated import Served, make_table

pytestmark = pytest.mark.e2e

ENTER, ESCAPE, DOWN = "\r", "\x1b", "\x1b[B"


def recorded_keys(app: Any) -> list[str]:
    """The keys ``app`` receives from now on, in order, as it receives them."""
    keys: list[str] = []
    seen: list[events.Key] = []
    handler = app.on_event

    async def on_event(event: events.Event) -> None:
        # A key comes from the terminal, then once more as it bubbles up: counted once.
        if isinstance(event, events.Key) and not any(event is key for key in seen):
            seen.append(event)
            keys.append(event.key)
        await handler(event)

    app.on_event = on_event
    return keys


async def test_seated_keys_join_as_themselves_and_a_stranger_is_refused(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        alice = await served.join("alice")
        await alice.wait_for("À la table")
        await alice.wait_for("● Alice (Kael)")
        gm = await served.join("gm")
        await gm.wait_for("● Camille (MJ)")
        await alice.wait_for("Arrivée\u00a0: Camille")  # on the list's edge, not a notice
        # The GM sees since when; a player sees names only.
        await gm.wait_for("● Alice (Kael) ")
        with pytest.raises(asyncssh.PermissionDenied):
            await served.join("stranger")
        await alice.leave()
        await gm.wait_for("Départ\u00a0: Alice")
        await gm.leave()


async def test_no_password_no_command_no_file_transfer_no_forwarding(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        with pytest.raises(asyncssh.PermissionDenied):
            await asyncssh.connect(
                "127.0.0.1",
                served.port,
                username="alice",
                password="anything",
                client_keys=None,
                known_hosts=None,
                agent_path=None,
            )
        connection = await asyncssh.connect(
            "127.0.0.1",
            served.port,
            username="alice",
            client_keys=[str(table.keys["alice"])],
            known_hosts=None,
            agent_path=None,
        )
        async with connection:
            with pytest.raises(asyncssh.ChannelOpenError):
                await connection.run("cat /etc/passwd", check=True)
            with pytest.raises((asyncssh.ChannelOpenError, asyncssh.SFTPError)):
                await connection.start_sftp_client()
            with pytest.raises(asyncssh.ChannelOpenError):
                await connection.open_connection("127.0.0.1", served.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await connection.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            # Without a terminal: the plain seat, lines in and out, and nothing else.
            result = await connection.run(term_type=None, input="quitter\n")
            assert result.exit_status == 0
            assert str(result.stdout).endswith("> Au revoir\u00a0: tout est enregistré.\n")


async def test_a_roll_by_one_reaches_every_other_screen(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        gm, alice, bob = [await served.join(p) for p in ("gm", "alice", "bob")]
        for player in (gm, alice, bob):
            await player.wait_for("● Bob (Mira)")
        await alice.send("r")
        await alice.wait_for("graine")  # the roll is shown with its seed
        for player in (gm, bob):
            await player.wait_for("Kael — score 2")
        entry = Campaign.open(table.directory, write=False).journal.latest(1)[0]
        assert entry.by == "alice"
        assert entry.character == "kael"
        for player in (gm, alice, bob):
            await player.leave()


async def test_a_player_cannot_roll_for_another_s_character(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        alice = await served.join("alice")
        await alice.wait_for("Personnage ▾ Kael")
        await alice.send("\x07")  # ctrl+g: the party
        app = served.app_of("alice")
        # As a person types: the focus has moved before the next keys.
        await until_async(lambda: app.focused is not None and app.focused.id == "party")
        await alice.send(DOWN + ENTER)  # Mira, Bob's
        await alice.wait_for("Personnage ▾ Mira")
        before = Campaign.open(table.directory, write=False).journal.last_id
        await alice.send("r")
        await alice.wait_for("Ce personnage n'est pas le vôtre.")
        assert Campaign.open(table.directory, write=False).journal.last_id == before
        await alice.leave()


async def test_secret_choices_stay_secret_until_all_have_chosen(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        gm, alice, bob = [await served.join(p) for p in ("gm", "alice", "bob")]
        await gm.wait_for("● Bob (Mira)")
        seen_by_bob: list[str] = []

        async def watch_bob() -> None:
            # Bob's screen, read until it shows the reveal (a watcher told to stop from
            # outside could stop before ever reading it: on a loaded machine it once did).
            while True:
                seen_by_bob.append(bob.text())
                if "Révélé" in seen_by_bob[-1]:
                    return
                await asyncio.sleep(0.01)

        watcher = asyncio.get_running_loop().create_task(watch_bob())
        await gm.send("\x1b[18~")  # F7: the whole table
        await gm.wait_for("Toute la table")
        await gm.send(ENTER)  # a new turn of secret choices
        await gm.wait_for("La question ou le tour")
        await gm.send(ENTER)  # "Tour 1"
        await gm.wait_for("Les choix")
        await gm.send("Action / Mouvement" + ENTER)
        await alice.wait_for("Kael — Tour 1")
        await alice.send(DOWN + ENTER)  # Mouvement
        # Her choice, sealed, in her journal (the notice that says so lasts a few seconds
        # from when it is raised: on a machine loaded enough it is gone before drawn).
        await alice.wait_for("Kael\u00a0: Mouvement")
        await gm.wait_for("Kael\u00a0: Mouvement")  # the GM sees choices as they come in
        await bob.wait_for("Mira — Tour 1")
        # Told Alice chose, not what, and by her name (never her seat's key, "alice").
        await bob.wait_for("Entrée privée de Alice")
        await bob.send(ENTER)  # Action
        for player in (gm, alice, bob):  # the reveal in each journal (and a notice)
            await player.wait_for("Révélé\u00a0: Tour 1")
        reveal = Campaign.open(table.directory, write=False).journal.latest(1)[0]
        assert reveal.kind == "reveal"
        assert "Kael → Mouvement, Mira → Action" in reveal.text
        await watcher
        # Bob's screen never held Alice's choice before the reveal.
        assert "Révélé" in seen_by_bob[-1]
        assert all("Kael\u00a0: Mouvement" not in s for s in seen_by_bob[:-1])
        for player in (gm, alice, bob):
            await player.leave()


async def test_viewers_watch_when_welcome_and_write_nothing(tmp_path: Path) -> None:
    table = make_table(tmp_path, viewers="anyone")
    async with Served(table) as served:
        viewer = await served.join("stranger")
        alice = await served.join("alice")
        await alice.wait_for("Kael")
        await alice.send("r")
        await viewer.wait_for("Kael — score 2")
        before = Campaign.open(table.directory, write=False).journal.last_id
        keys = recorded_keys(served.viewer_app())
        await viewer.send("r:2d6\r\x1a\x07")
        # Every key reached the view (and what it does with one is done before the next).
        sent = ["r", "colon", "2", "d", "6", "enter", "ctrl+z", "ctrl+g"]
        await until_async(lambda: keys == sent)
        assert Campaign.open(table.directory, write=False).journal.last_id == before
        await alice.leave()
        await viewer.leave()


async def test_a_gm_given_no_name_is_called_by_their_role_in_each_language(
    tmp_path: Path,
) -> None:
    """Without a name in table.toml, the GM is "MJ" on a French screen and "GM" on an
    English one: their seat's key ("gm") is no name, shown to no one."""
    from meneur.saves.table_file import edit_table

    table = make_table(tmp_path)

    def nameless(document: dict[str, Any]) -> None:
        del document["gm"]["name"]

    edit_table(table.directory, Campaign.open(table.directory, write=False).state, nameless)
    async with Served(table) as served:
        gm = await served.join("gm")
        alice = await served.join("alice")
        bob = await served.join("bob", lang="en")
        await alice.wait_for("│ ● MJ   ")  # the role alone, in the list's frame
        await bob.wait_for("│ ● GM   ")
        # The GM's own screen: the role, then since when.
        since = re.compile(r"│ ● MJ \d\d:\d\d ")
        await until_async(lambda: since.search(gm.text()), "the GM's own line")
        for screen in (gm, alice, bob):
            assert "gm" not in screen.text().replace("\n", " ").split()
        await gm.leave()
        await bob.wait_for("Left: GM")
        await alice.leave()
        await bob.leave()


async def test_a_vanished_client_ends_only_its_own_app(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        gm, alice, bob = [await served.join(p) for p in ("gm", "alice", "bob")]
        await gm.wait_for("● Bob (Mira)")
        assert len(served.server.apps) == 3
        alice.connection.abort()  # no goodbye: a killed client, a dropped network
        await gm.wait_for("Départ\u00a0: Alice")
        await until_async(lambda: len(served.server.apps) == 2)
        await bob.send("r")
        await gm.wait_for("Mira — score 2")
        await gm.leave()
        await bob.leave()


async def test_garbage_a_huge_paste_and_a_resize_storm_disturb_no_one(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        alice, bob = await served.join("alice"), await served.join("bob")
        await bob.wait_for("● Alice (Kael)")
        noise = random.Random(15)
        quit_key = 0x11  # ctrl+q would end her app, as it should
        for _ in range(50):  # invalid UTF-8, cut escape sequences, control bytes
            size = noise.randrange(1, 64)
            garbage = bytes(b for b in noise.randbytes(size) if b != quit_key)
            await alice.send(garbage)
        await alice.send(ESCAPE * 3 + "\x1b[" + "\x1b[<" + "\x1b[200~")
        await alice.send("\x1b[201~" + ESCAPE)
        await alice.send("\x1b[200~" + "x" * 1_000_000 + "\x1b[201~")
        for width, height in [
            (1, 1),
            (500, 200),
            *[(40 + i % 90, 10 + i % 40) for i in range(100)],
        ]:
            alice.resize(width, height)
        alice.resize(120, 36)
        # Bob plays on, and Alice's app still answers: what the garbage opened over her
        # table (a dialog, a screen: whichever its keys happen to reach) closes with
        # Escape, one at a time, and her table shows Bob's roll.
        await bob.send("r")
        app = served.app_of("alice")
        for _ in range(10):
            depth = len(app.screen_stack)
            if depth == 1:
                break
            await alice.send(ESCAPE)
            await until_async(lambda depth=depth: len(app.screen_stack) < depth, "Escape closes")

        # What the garbage said in notices (a paste too long, how to quit…) covers the
        # journal's column for their seconds, and one may come after the others (on a
        # busy machine the megabyte's notice came once they were cleared, over Bob's
        # roll): the table is read under them, each cleared as it comes.
        def bobs_roll_shown() -> bool:
            app.clear_notifications()
            return "Mira — score 2" in alice.text()

        await until_async(bobs_roll_shown, "Bob's roll on Alice's table, under her notices")
        assert len(served.server.apps) == 2
        await alice.leave()
        await bob.leave()


async def test_a_lone_escape_is_the_escape_key(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        alice = await served.join("alice")
        await alice.wait_for("Kael")
        await alice.send("\x1bOP")  # F1: the help
        await alice.wait_for("Aide — toutes les touches")
        await alice.send(ESCAPE)
        await alice.wait_gone("Aide — toutes les touches")
        await alice.leave()


async def test_the_client_s_language_and_size(tmp_path: Path) -> None:
    table = make_table(tmp_path)
    async with Served(table) as served:
        alice = await served.join("alice", size=(90, 30), lang="en")
        await alice.wait_for("Character ▾ Kael")
        assert "At the table" not in alice.text()  # narrow: the side column folds away
        alice.resize(130, 40)
        await alice.wait_for("At the table")
        lines = alice.text().splitlines()
        assert len(lines) == 40
        assert max(len(line) for line in lines) > 100
        await alice.leave()


async def test_clients_whose_input_ends_at_once_leave_no_one_behind(tmp_path: Path) -> None:
    # Were ghosts: OpenSSH with its input at its end (ssh -tt … < /dev/null) never
    # returned, stayed "At the table" for the others, and left tracebacks in the log.
    import subprocess

    table = make_table(tmp_path)
    async with Served(table) as served:
        logged: list[str] = []
        served.server.log = logged.append
        for person in ("alice", "bob", "alice", "bob"):
            ssh = await asyncio.create_subprocess_exec(
                "ssh", "-tt", "-p", str(served.port), "-i", str(table.keys[person]),
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes", f"{person}@127.0.0.1",
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            assert await asyncio.wait_for(ssh.wait(), PATIENCE) == 0
        await until_async(lambda: not served.server.presence.everyone(), "nobody left seated")
        await until_async(lambda: not served.server.apps, "no app left running")
    assert not [line for line in logged if "Traceback" in line or "NoMatches" in line]


@pytest.mark.parametrize("seed", [10, 11, 15])
async def test_random_bytes_on_a_seat_never_end_its_app(tmp_path: Path, seed: int) -> None:
    # Ended it: the palette opened and closed by a burst searched a list that was gone
    # (NoMatches 'CommandList'), and a second Enter dismissed a closing drop-down or
    # palette twice (ScreenStackError). Ctrl+Q and ctrl+C are left out: they quit.
    rng = random.Random(seed)
    table = make_table(tmp_path)
    async with Served(table) as served:
        logged: list[str] = []
        served.server.log = logged.append
        alice = await served.join("alice")
        await alice.wait_for("Personnage ▾ Kael")
        for _ in range(40):
            burst = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
            await alice.send(bytes(b for b in burst if b not in (0x03, 0x11)))
        await alice.send("\x1b")  # and the seat still answers
        app = served.app_of("alice")
        await alice.wait_for("Personnage ▾")  # the table, drawn again after the escape
        assert app.is_running
        assert app.return_code is None
        assert [p.name for p in served.server.presence.everyone()] == ["Alice"]
        await alice.leave()
    assert not [line for line in logged if "Traceback" in line]


async def test_a_viewer_s_terminal_keeps_the_newest_on_screen(tmp_path: Path) -> None:
    """A viewer over SSH at 80×24, a story of notes that wrap and rolls between them:
    the last ones written while they watch are on their screen, each note drawn once
    (their terminal drew two lines twice, over the newest, once the journal scrolled)."""
    from tests.tui.test_watch_newest import shown_notes, story

    table = make_table(tmp_path, viewers="anyone")
    writer = Campaign.open(table.directory)
    story(writer, 0, 30)
    writer.close()
    async with Served(table) as served:
        viewer = await served.join("stranger", size=(80, 24))
        await viewer.wait_for("Jet 29")
        writer = Campaign.open(table.directory)
        story(writer, 30, 2)
        writer.close()
        await viewer.wait_for("Jet 31")
        first_words, last_words = shown_notes(viewer.text())
        assert first_words == list(range(32 - len(first_words), 32))
        assert last_words[len(last_words) - len(first_words) :] == first_words
        assert len(last_words) == len(set(last_words))
        await viewer.leave()
