"""``meneur web --publish DIR``: the audience's picture written into a folder at every
change, for any static web host to serve (a plain nginx, or a CDN or an object store the
folder is synced to): the GM's machine serves one writer, the host as many readers as it
can.

The folder holds the broadcast page (``index.html`` and ``broadcast/``, which polls
``view.json`` when it is not fed), the picture (``view.json``, :mod:`meneur.play.broadcast`)
and the audience's export (``campaign.toml``, which ``meneur verify`` checks). Only the
audience's picture is ever published: a GM's or a player's seat is refused before
anything is written (:func:`meneur.play.views` decides what the audience sees, as for
every view).

Each file is written aside and renamed over the old one, so a reader (the web server, a
sync) sees a whole version or the one before; at each change the export first and the
picture last, so a page never shows a change whose export is not there yet. Each
version of the picture is given a modification time a whole second after the last one's
(ahead of the clock during a burst): a static server's ``ETag`` (nginx's is the time's
seconds and the size) then changes with every version, so a page that polls with
``If-None-Match`` never keeps an old picture.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from meneur.content.strings import Strings
from meneur.core.visibility import AUDIENCE

from .broadcast import ASSETS, Broadcast, Broadcasts, asset

PAGE = "index.html"
PICTURE = "view.json"
EXPORT = "campaign.toml"
ASSET_FOLDER = "broadcast"
"""Where the page's own files go (the page names them ``broadcast/…``, as it is served)."""


def write_aside(path: Path, data: bytes | Iterable[bytes], mtime: float | None = None) -> None:
    """Replace ``path`` with ``data`` atomically: written to a hidden file beside it,
    flushed, given ``mtime`` (when said), renamed over it.

    Raises:
        OSError: when the folder cannot be written (``path`` is then unchanged).
    """
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as stream:
            os.fchmod(stream.fileno(), 0o644)  # for a web server's user to read
            for piece in [data] if isinstance(data, bytes) else data:
                stream.write(piece)
            stream.flush()
            os.fsync(stream.fileno())
        if mtime is not None:
            os.utime(temporary, (mtime, mtime))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def page(lang: str) -> bytes:
    """The broadcast page as published (the one served, in ``lang``)."""
    return asset("broadcast.html").decode().replace("{{LANG}}", lang).encode()


class Publisher:
    """Writes the audience's picture of a campaign into ``folder`` at every change of
    its :class:`~meneur.serve.broadcast.Broadcast` (see the module)."""

    def __init__(self, folder: Path, directory: Path, strings: Strings) -> None:
        self.folder = folder
        self.directory = directory
        self.strings = strings
        self.written = 0
        """The version of the picture last published."""
        self._stamp = 0.0
        self._busy = False
        self._campaign: Any = None

    def start(self, broadcast: Broadcast) -> None:
        """Write the page and its files, then the picture, and follow ``broadcast``
        (the audience's) from now on.

        Raises:
            OSError: when the folder cannot be made or written.
        """
        assert broadcast.viewer == AUDIENCE
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / ASSET_FOLDER).mkdir(exist_ok=True)
        for name in ASSETS:
            if name != "broadcast.html":
                write_aside(self.folder / ASSET_FOLDER / name, asset(name))
        write_aside(self.folder / PAGE, page(self.strings.lang))
        self.publish(broadcast.version, broadcast.view)
        broadcast.watchers.append(self.changed)

    def changed(self, broadcast: Broadcast) -> None:
        """The picture changed: published in a thread (the server's loop goes on), once
        more after it if it changed again meanwhile."""
        if self._busy:
            return  # the running publication looks at the version again when it ends
        self._busy = True

        async def publish() -> None:
            try:
                while self.written != broadcast.version:
                    version, view = broadcast.version, broadcast.view
                    await asyncio.to_thread(self.publish, version, view)
            finally:
                self._busy = False

        task = asyncio.get_running_loop().create_task(publish())
        _running.add(task)
        task.add_done_callback(_running.discard)

    def publish(self, version: int, view: dict[str, Any]) -> None:
        """Write the export, then the picture ``view`` (version ``version``)."""
        write_aside(self.folder / EXPORT, self._export())
        # A modification time a second after the last's: each version its own ETag.
        self._stamp = max(float(int(time.time())), self._stamp + 1.0)
        data = json.dumps(view, ensure_ascii=False, separators=(",", ":")).encode()
        write_aside(self.folder / PICTURE, data, mtime=self._stamp)
        self.written = version

    def _export(self) -> Iterable[bytes]:
        """The audience's TOML export of the campaign as it is now (read in this
        thread, from a view of the campaign of its own)."""
        from meneur.play.campaigns import Campaign
        from meneur.play.export import toml_pieces

        if self._campaign is None:
            self._campaign = Campaign.open(self.directory, write=False)
        else:
            self._campaign.sync()
        pieces = toml_pieces(self._campaign, self.strings.lang, viewer=AUDIENCE)
        return [piece.encode("utf-8") for piece in pieces]


_running: set[asyncio.Task[None]] = set()
"""The publications running (kept: a task only the loop holds may be collected)."""


def start_publishing(broadcasts: Broadcasts, folder: Path) -> Publisher:
    """Publish the audience's picture of ``broadcasts``' campaign into ``folder`` from
    now on (in a running loop).

    Raises:
        OSError: when the folder cannot be made or written.
    """
    publisher = Publisher(folder, broadcasts.directory, broadcasts.strings)
    publisher.start(broadcasts.of(AUDIENCE))
    return publisher


def publish_only(directory: Path, folder: Path, strings: Strings) -> None:
    """Publish the audience's picture into ``folder`` until SIGINT or SIGTERM, serving
    nothing (``--no-serve``).

    Raises:
        OSError: when the folder cannot be made or written.
    """
    import signal

    async def run() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGINT, stop.set)
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        broadcasts = Broadcasts(directory, strings)
        try:
            start_publishing(broadcasts, folder)
            await stop.wait()
        finally:
            broadcasts.stop()

    asyncio.run(run())
