"""A headless Chromium driven over the DevTools protocol, reading what a page's terminal
receives: the tests and the benchmark of ``meneur web`` use it.

xterm.js draws on a canvas and keeps its terminal out of reach, so the page is given,
before its own scripts run, a WebSocket that also keeps every frame the server sends;
:meth:`Browser.text` is those frames with the terminal's control sequences taken out —
the words the page's terminal was asked to draw, in order.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

try:  # in the tests; the benchmark puts this folder on the path instead
    from tests.waiting import PATIENCE, STEP
except ImportError:
    PATIENCE, STEP = 60.0, 0.02

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
HOOK = """
(() => {
  const Original = window.WebSocket;
  window.__frames = [];
  const keep = (data) => {
    if (typeof data === "string") { window.__frames.push(data); }
    else if (data instanceof ArrayBuffer) { window.__frames.push(new TextDecoder().decode(data)); }
    else if (data instanceof Blob) { data.arrayBuffer().then((b) => keep(b)); }
  };
  function Hooked(url, protocols) {
    const socket = protocols === undefined ? new Original(url) : new Original(url, protocols);
    socket.addEventListener("message", (event) => keep(event.data));
    return socket;
  }
  Hooked.prototype = Original.prototype;
  Object.assign(Hooked, Original);
  window.WebSocket = Hooked;
})();
"""
CONTROL = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]"
)


def group_alive(group: int) -> bool:
    """Whether a process of the process group ``group`` still runs (one ended but not
    yet reaped by its parent does not count: it writes nothing more)."""
    for status in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = status.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[2]) == group and fields[0] != "Z":
            return True
    return False


def free_port() -> int:
    """A port free at this instant (another process may take it before it is used:
    whoever uses it must try again on a conflict)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Browser:
    """A headless Chromium on 127.0.0.1, one page, closed on exit.

    Everything it writes is in one folder of its own, removed when it closes: its
    profile, crash reports, cache, and a home of its own (``HOME``, the XDG folders,
    ``TMPDIR``), because Chromium writes beside its profile too — crash reports in
    ``$XDG_CONFIG_HOME/chromium/Crash Reports``, GLib's dconf in ``$XDG_RUNTIME_DIR/dconf``
    or ``$XDG_CACHE_HOME/dconf``, NSS's database in ``$HOME/.pki``. The folder is made in
    the suite's home when there is one (``MENEUR_SUITE_HOME``, see ``tests/conftest.py``).
    """

    def __init__(self, width: int = 1280, height: int = 720) -> None:
        assert CHROMIUM is not None
        self.port = 0  # known once Chromium has chosen it (see __aenter__)
        self.folder = Path(
            tempfile.mkdtemp(prefix="chromium-", dir=os.environ.get("MENEUR_SUITE_HOME"))
        )
        self.profile = self.folder / "profile"
        crashes = self.folder / "crashes"
        home = self.folder / "home"
        environ = {
            "HOME": home,
            "XDG_CONFIG_HOME": home / ".config",
            "XDG_CACHE_HOME": home / ".cache",
            "XDG_DATA_HOME": home / ".local" / "share",
            "XDG_STATE_HOME": home / ".local" / "state",
            "XDG_RUNTIME_DIR": self.folder / "run",
            "TMPDIR": self.folder / "tmp",
            # Where Chromium's crash reporter keeps its database (on Linux it reads this,
            # not --crash-dumps-dir, as it starts).
            "BREAKPAD_DUMP_LOCATION": crashes,
        }
        for folder in environ.values():
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        ours = {name: str(folder) for name, folder in environ.items()}
        # No desktop session's services either (a keyring, dconf's writer), which would
        # write in the person's own home on the browser's behalf.
        ours["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"
        self.process = subprocess.Popen(
            [
                CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update",
                "--no-first-run", "--disable-sync", "--disable-breakpad",
                "--password-store=basic",
                # Port 0: Chromium takes a free one and writes it in DevToolsActivePort,
                # so that browsers started side by side never race for a port.
                "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1",
                f"--user-data-dir={self.profile}", f"--crash-dumps-dir={crashes}",
                f"--disk-cache-dir={self.folder / 'cache'}",
                f"--window-size={width},{height}", "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, **ours},
            # Its own process group: the renderers, the GPU process and the crash
            # handler outlive a browser killed alone, and go on writing in its folder.
            start_new_session=True,
        )  # fmt: skip
        self.session: aiohttp.ClientSession | None = None
        self.socket: Any = None
        self.calls = 0

    async def __aenter__(self) -> Browser:
        try:
            await self._connect()
        except BaseException:
            await self.close()
            raise
        return self

    async def _connect(self) -> None:
        self.session = aiohttp.ClientSession()
        deadline = time.monotonic() + PATIENCE
        active = self.profile / "DevToolsActivePort"
        while not self.port:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise TimeoutError("chromium did not start")
            lines = active.read_text().splitlines() if active.exists() else []
            if lines and lines[0].isdigit():
                self.port = int(lines[0])
            else:
                await asyncio.sleep(STEP)
        while True:
            try:
                async with self.session.get(f"http://127.0.0.1:{self.port}/json") as answer:
                    pages = [t for t in await answer.json() if t["type"] == "page"]
                if pages:
                    break
            except aiohttp.ClientError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError("chromium did not start")
            await asyncio.sleep(STEP)
        self.socket = await self.session.ws_connect(
            pages[0]["webSocketDebuggerUrl"], max_msg_size=0
        )
        await self.call("Page.enable")
        await self.call("Page.addScriptToEvaluateOnNewDocument", source=HOOK)

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        """End every process of the browser, then remove its folder: nothing of it is
        left running or on disk (whatever closing its connection met)."""
        try:
            if self.socket is not None:
                await self.socket.close()
            if self.session is not None:
                await self.session.close()
        finally:
            await self._end()

    async def _end(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(PATIENCE)
        deadline = time.monotonic() + PATIENCE
        while group_alive(self.process.pid):
            assert time.monotonic() < deadline, "chromium's processes did not end"
            await asyncio.sleep(STEP)
        shutil.rmtree(self.folder)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.calls += 1
        ident = self.calls
        await self.socket.send_json({"id": ident, "method": method, "params": params})
        while True:
            message = await self.socket.receive_json(timeout=PATIENCE)
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(message["error"])
                return dict(message.get("result", {}))

    async def open(self, url: str) -> None:
        await self.call("Page.navigate", url=url)

    async def text(self) -> str:
        """What the page's terminal was sent so far, control sequences taken out."""
        result = await self.call(
            "Runtime.evaluate", expression="(window.__frames || []).join('')", returnByValue=True
        )
        return CONTROL.sub("", str(result["result"].get("value", "")))

    async def screen(self) -> str:
        """The page's terminal as it shows now, line by line (xterm.js's buffer): what a
        failed wait prints, to tell a lost key from a page that reconnected."""
        lines = await self.evaluate(
            "(() => { const t = window.meneurTerminal; if (!t) { return ''; }"
            " const b = t.buffer.active; const out = [];"
            " for (let i = 0; i < t.rows; i++) {"
            " const l = b.getLine(b.viewportY + i); out.push(l ? l.translateToString(true) : ''); }"
            " return out.join('\\n'); })()"
        )
        return str(lines or "")

    async def wait_for(self, words: str, seconds: float) -> float | None:
        """Seconds until ``words`` were sent to the page's terminal, or None."""
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            try:
                if words in await self.text():
                    return time.monotonic() - start
            except RuntimeError as error:
                # A page that reloads itself (a dropped seat coming back) has no document
                # to evaluate in for a moment: ask again once the new one is there.
                if not any(why in str(error) for why in BETWEEN_DOCUMENTS):
                    raise
            await asyncio.sleep(STEP)
        return None

    async def viewport(self, width: int, height: int) -> None:
        """The page drawn at exactly ``width`` × ``height`` CSS pixels (an OBS source's
        size), whatever the window around it."""
        await self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    async def evaluate(self, expression: str) -> Any:
        """What ``expression`` gives in the page (None while it has no document)."""
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


BETWEEN_DOCUMENTS = (
    "navigated or closed",
    "Cannot find context",
    "Execution context was destroyed",
)
"""What Chromium answers an evaluation asked while the page changes documents."""


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """A PNG screenshot's width, height and rows of pixels (RGB or RGBA, 8 bits), its
    filters undone: enough of PNG to read Chromium's screenshots without a library."""
    import struct
    import zlib

    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    width = height = channels = 0
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8, depth
            assert colour in (2, 6), colour
            channels = 4 if colour == 6 else 3
        elif kind == b"IDAT":
            idat += body
        at += 12 + size
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = bytes(stride)
    for y in range(height):
        line = raw[y * (stride + 1) : (y + 1) * (stride + 1)]
        kind, row = line[0], bytearray(line[1:])
        for x in range(stride):
            left = row[x - channels] if x >= channels else 0
            up = previous[x]
            corner = previous[x - channels] if x >= channels else 0
            if kind == 1:
                row[x] = (row[x] + left) & 255
            elif kind == 2:
                row[x] = (row[x] + up) & 255
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min(
                    (abs(guess - left), 0, left), (abs(guess - up), 1, up),
                    (abs(guess - corner), 2, corner),
                )  # fmt: skip
                row[x] = (row[x] + near[2]) & 255
        rows.append(bytes(row))
        previous = bytes(row)
    return width, height, rows
