"""Running ``meneur serve``: the SSH server, its workers (:mod:`meneur.serve.workers`),
and the GM's own app in this terminal unless ``--headless``."""

from __future__ import annotations

import asyncio
import importlib
import signal
import socket
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from meneur.core.table_rules import GM_SEAT, Present
from meneur.core.text import visible
from meneur.play.campaigns import Campaign
from meneur.play.errors import CampaignError

from .host_key import fingerprint, load_or_make_host_key
from .quiet_logs import logger, quiet_library_logs
from .ssh import Address, Log, TableServer
from .workers import Dispatcher, Worker, bind, run_worker, start_workers

SHARED_MODULES = (
    "meneur.tui.app",
    "meneur.tui.watch",
    "meneur.tui.screens.table",
    "meneur.tui.screens.sheet",
    "textual.layouts.horizontal",
    "textual.layouts.stream",
    "textual.widgets.button",
)
"""What every session's app imports, imported before the workers are forked (then
shared between them rather than imported again in each), with every system's panel
(:func:`_import_shared`)."""


def _import_shared() -> None:
    """Import :data:`SHARED_MODULES`, then the panel of each system meneur ships."""
    from meneur.tui.widgets.panels import ROOMS

    for name in SHARED_MODULES:
        importlib.import_module(name)
    ROOMS.built_in()


def announce(
    campaign: Campaign,
    address: Address,
    print_key: str,
    table: str,
    web: Address | None = None,
    lang: str = "fr",
) -> str:
    """What the GM reads at start, in ``lang``: where players connect, and the key to
    compare."""
    from meneur.content.strings import strings

    t = strings(lang).t
    web_line = ""
    if web is not None:
        web_line = f"  http://{_where(web.host, t)}:{web.port}/ (meneur invite)\n"
    return (
        f"meneur serve{t('shown.colon')}{visible(campaign.name)}\n"
        f"  ssh -p {address.port} {_where(address.host, t)}\n"
        f"  {t('serve_log.fingerprint', digest=print_key)}\n"
        f"{web_line}"
        f"  {table}\n"
    )


def _where(host: str, t: Callable[..., str]) -> str:
    if host in ("0.0.0.0", "::"):
        return t("serve_log.any_address")
    return f"[{host}]" if ":" in host else host


def _fork_workers(
    directory: Path,
    listeners: list[socket.socket],
    host_key: Any,
    *,
    lang: str,
    seed: int | None,
    workers: int,
    origins: tuple[str, ...] = (),
) -> list[Worker]:
    """Fork the workers, once what every session's app imports is imported here (shared
    then, rather than imported again in each)."""
    from meneur.content.strings import strings

    if workers:
        _import_shared()
    for language in ("fr", "en"):
        strings(language)

    def make_server(log: Log, presence: Any, door: Any) -> TableServer:
        server = TableServer(directory, lang=lang, seed=seed, log=log, presence=presence, door=door)
        server.origins = origins
        return server

    return start_workers(
        workers, listeners, lambda control: run_worker(control, make_server, host_key)
    )


def serve(
    directory: Path,
    address: Address,
    *,
    data_dir: Path,
    lang: str,
    seed: int | None,
    headless: bool,
    gm_app: Callable[[TableServer], object] | None,
    workers: int,
    web: Address | None = None,
    origins: tuple[str, ...] = (),
) -> int:
    """Serve the campaign in ``directory`` at ``address`` (and browser seats at ``web``)
    until the GM quits their app (or, headless, until SIGINT or SIGTERM), its
    connections played by ``workers`` processes (0: all in this one). Returns the exit
    status.

    Raises:
        OSError: when the host key or the address cannot be had.
        CampaignError: when the campaign cannot be opened.
    """
    host_key = load_or_make_host_key(data_dir)
    listeners = bind(address)
    web_listeners: list[socket.socket] = []
    try:
        if web is not None:
            web_listeners = bind(web)
            web = Address(web.host, int(web_listeners[0].getsockname()[1]))
        # Port 0: the system chose one; the GM is told that one.
        address = Address(address.host, int(listeners[0].getsockname()[1]))
        forked = _fork_workers(
            directory,
            [*listeners, *web_listeners],
            host_key,
            lang=lang,
            seed=seed,
            workers=workers,
            origins=origins,
        )
    except BaseException:
        for listener in [*listeners, *web_listeners]:
            listener.close()  # the dispatcher closes them once it runs
        raise
    log_file: TextIO
    if headless:
        log_file = sys.__stdout__ or sys.stdout
    else:
        # The GM's app draws on this terminal: the log goes to a file beside the key.
        log_file = open(data_dir / "serve.log", "a", encoding="utf-8")  # noqa: SIM115
    log = logger(log_file)
    quiet_library_logs(log, lang)  # what aiohttp or asyncio log: one line, no traceback
    server = TableServer(directory, lang=lang, seed=seed, log=log)
    server.origins = origins

    async def main() -> int:
        dispatcher = Dispatcher(forked, listeners, server, host_key, web_listeners)
        dispatcher.start()
        from meneur.content.strings import strings

        said = strings(lang).t
        table = None
        try:
            table = server.table()
        except CampaignError as error:  # a broken table.toml: said, and everyone refused
            table_line = f"table.toml{said('shown.colon')}{error}"
        else:
            table_line = (
                said("serve_log.no_table")
                if table is None
                else said("serve_log.seats", count=len(table.names))
            )
        text = announce(server._reader, address, fingerprint(host_key), table_line, web, lang=lang)
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
                app.session.served = text.strip().splitlines()[1:-1]  # not table.toml
                app.session.door = server.door
                gm_name = (table.names.get("gm") if table else None) or ""  # by the role
                here = Present(GM_SEAT, gm_name, datetime.now().strftime("%H:%M"), "local")
                server.presence.join(here)
                try:
                    await app.run_async()
                finally:
                    server.presence.leave(here)
        finally:
            await dispatcher.stop()  # each app closes its campaign as it ends
            server.close()
        return 0

    try:
        return asyncio.run(main())
    finally:
        if log_file is not sys.__stdout__ and log_file is not sys.stdout:
            log_file.close()
