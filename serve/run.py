"""Running ``meneur serve``: the SSH server, and the GM's own app in this terminal unless
``--headless``, in one event loop."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from meneur.core.table_rules import GM_SEAT, Present
from meneur.saves.campaign import Campaign
from meneur.saves.errors import CampaignError

from .host_key import fingerprint, load_or_make_host_key
from .ssh import Address, TableServer


def announce(campaign: Campaign, address: Address, print_key: str, table: str) -> str:
    """What the GM reads at start: where players connect, and the key to compare."""
    host = address.host
    where = host if host not in ("0.0.0.0", "::") else "<this machine's address>"
    return (
        f"meneur serve : {campaign.name}\n"
        f"  ssh -p {address.port} {where}\n"
        f"  empreinte (fingerprint) : {print_key}\n"
        f"  {table}\n"
    )


def logger(stream: TextIO) -> Callable[[str], None]:
    """Log lines, timed, to ``stream`` (the real one: apps redirect ``sys.stdout``)."""

    def log(line: str) -> None:
        stream.write(f"{datetime.now():%H:%M:%S} {line}\n")
        stream.flush()

    return log


def serve(
    directory: Path,
    address: Address,
    *,
    data_dir: Path,
    lang: str,
    seed: int | None,
    headless: bool,
    gm_app: Callable[[TableServer], object] | None,
) -> int:
    """Serve the campaign in ``directory`` at ``address`` until the GM quits their app
    (or, headless, until SIGINT or SIGTERM). Returns the exit status.

    Raises:
        OSError: when the host key or the address cannot be had.
        CampaignError: when the campaign cannot be opened.
    """
    host_key = load_or_make_host_key(data_dir)
    log_file: TextIO
    if headless:
        log_file = sys.__stdout__ or sys.stdout
    else:
        # The GM's app draws on this terminal: the log goes to a file beside the key.
        log_file = open(data_dir / "serve.log", "a", encoding="utf-8")  # noqa: SIM115
    log = logger(log_file)
    server = TableServer(directory, lang=lang, seed=seed, log=log)

    async def main() -> int:
        acceptor = await server.listen(address, host_key)
        table = None
        try:
            table = server.table()
        except CampaignError as error:  # a broken table.toml: said, and everyone refused
            table_line = f"table.toml : {error}"
        else:
            table_line = (
                "table.toml : absent — meneur table player ID --key KEY"
                if table is None
                else f"table.toml : {len(table.names)} place(s) (seats)"
            )
        text = announce(server._reader, address, fingerprint(host_key), table_line)
        (sys.__stdout__ or sys.stdout).write(text)
        (sys.__stdout__ or sys.stdout).flush()
        log(text.strip().replace("\n", " |"))
        try:
            if gm_app is None:
                stop = asyncio.Event()
                loop = asyncio.get_running_loop()
                for number in (signal.SIGINT, signal.SIGTERM):
                    loop.add_signal_handler(number, stop.set)
                await stop.wait()
            else:
                app: Any = gm_app(server)
                # The GM's own screen says where players connect, and the key to compare
                # (this terminal's earlier lines are under the app).
                app.session.served = text.strip().splitlines()[1:3]
                gm_name = (table.names.get("gm") if table else None) or "MJ"
                here = Present(GM_SEAT, gm_name, datetime.now().strftime("%H:%M"), "local")
                server.presence.join(here)
                try:
                    await app.run_async()
                finally:
                    server.presence.leave(here)
        finally:
            acceptor.close()
            await server.stop()  # each app closes its campaign as it ends
            await acceptor.wait_closed()
            server.close()
        return 0

    try:
        return asyncio.run(main())
    finally:
        if log_file is not sys.__stdout__ and log_file is not sys.stdout:
            log_file.close()
