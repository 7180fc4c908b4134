"""The plain seat over SSH: a connection that asks for no terminal (``ssh -T``) gets
the table as lines and a prompt (``meneur --plain``) instead of the full-screen app —
for a screen reader or a braille display, the player's own terminal editing each line
before it is sent.

It runs ``meneur --plain --served-seat ROLE ID`` as a process of its own, its input and
output the channel's: the same conversation, test grammar and refusals as at a local
plain seat, and the same seat rules (the seat's own, passed by its id: a name could be
another player's) — without the server importing the command line. The connection is
at the table (presence, the door, being ended, removed or banned) as any seat is:
ending the seat ends the process.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from typing import TYPE_CHECKING

from meneur.content.strings import strings
from meneur.core.table_rules import Present
from meneur.play.presence import PRESENCE_FD, presence_line

if TYPE_CHECKING:
    from .seat import Seated

READ_SIZE = 4096


def plain_command(seated: Seated) -> list[str]:
    """The process a plain seat runs: the campaign, the seat's language, the seat it
    sits at by its id (a player's, or the GM's: named at the table, it writes as the
    served app does, never as this machine's account), and reproducible dice when the
    table has them."""
    server = seated.server
    command = [
        sys.executable,
        "-m",
        "meneur.cli.main",
        "--plain",
        "--campaign",
        str(server.directory),
        "--lang",
        seated.lang,
    ]
    if seated.seat.name is not None:
        command += ["--served-seat", seated.seat.role, seated.seat.name]
    if server.seeded:
        command += ["--seed", str(server.rng(seated.serial).getrandbits(63))]
    return command


async def run_plain(seated: Seated) -> None:
    """Play ``seated`` as a plain seat until its process ends or the seat does."""
    server = seated.server
    if seated.seat.role == "viewer":  # the plain seat writes: a viewer watches the stream
        seated.say(strings(seated.lang).t("serve.plain_viewer"))
        seated.finish(1)
        return
    # Who is at the table reaches the process through a pipe of its own (it has no
    # registry of the server's): a line after each change, what this seat may be told.
    told, telling = os.pipe()
    os.set_blocking(telling, False)
    try:
        process = await asyncio.create_subprocess_exec(
            *plain_command(seated),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1", PRESENCE_FD: str(told)},
            pass_fds=(told,),
        )
    except BaseException:
        os.close(telling)
        raise
    finally:
        os.close(told)
    seated.process = process

    def tell() -> None:
        with contextlib.suppress(OSError):  # full (it reads when asked) or gone: next time
            os.write(telling, presence_line(seated.seat, server.presence.everyone()))

    stop_telling = server.presence.subscribe(tell)
    since = server.clock().strftime("%H:%M")
    present = Present(seated.seat, seated.name, since, seated.where, seated.session)
    server.presence.join(present)
    role = strings(server.lang).t(f"serve_log.role_{seated.seat.role}")
    server.said("joined", name=seated.name, role=role, via=seated.via, where=seated.where)
    server.watch()  # the table file: a removed or banned player's seat ends at once
    for data in seated.take_pending():
        seated.feed(data)
    if seated.input_was_ended:
        seated.input_ended()
    try:
        assert process.stdout is not None
        while True:
            data = await process.stdout.read(READ_SIZE)
            if not data:
                break
            seated.write(data)
        status = await process.wait()
    finally:
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()
        stop_telling()
        os.close(telling)
        server.presence.leave(present)
        server.said("left", name=seated.name)
    seated.process = None
    if seated.dismissed:
        seated.told_gone()
        return
    seated.closed = True
    seated.finish(0 if status == 0 else 1)
