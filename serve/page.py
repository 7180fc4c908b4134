"""meneur's own browser page: the terminal (textual-serve's xterm.js client), and around
it what a seat in a browser needs.

textual-serve's page loads a font from Google (a third party learns who plays, and the
page's address with its token may travel in the Referer), paints its own background, and
offers no screen reader, no keyboard on a phone and no reconnection. This page loads
nothing from elsewhere, sends no Referer, and:

- turns on xterm.js's screen-reader mode (``?reader=1``, or the seat's setting), which
  mirrors the screen's text into the page for assistive technology;
- has a button that brings up a phone's keyboard (it focuses the terminal's input);
- reconnects by itself when the connection drops: it asks the server whether the link
  still opens its seat and, when it does, loads the page again (the same seat: a link
  the GM let in once is not asked about again);
- takes its title from the campaign, its font size from ``?fontsize=``, and for the
  stream a plain or transparent background (an OBS Browser Source).

textual-serve's client script builds its terminal with fixed options: :func:`client_script`
adds the screen-reader, transparency and font options to that call, and names the
terminal for the page (``window.meneurTerminal``). textual-serve is pinned exactly, and
the patch refuses to serve a script it does not recognise (a test checks it applies).
"""

from __future__ import annotations

import functools
import html
import json
from importlib.resources import files
from typing import Any

TERMINAL_CALL = (
    "this.terminal=new v.Terminal({allowProposedApi:!0,fontSize:i,scrollback:0,"
    "fontFamily:\"'Roboto Mono', Monaco, 'Courier New', monospace\"})"
)
OUR_CALL = (
    "this.terminal=new v.Terminal({allowProposedApi:!0,fontSize:i,scrollback:0,"
    'screenReaderMode:"1"===e.dataset.screenReader,'
    'allowTransparency:"1"===e.dataset.transparent,'
    "theme:e.dataset.background?{background:e.dataset.background}:void 0,"
    "fontFamily:\"'Roboto Mono', ui-monospace, Menlo, 'DejaVu Sans Mono', monospace\"})"
)
OPEN_CALL = "this.terminal.open(e),"
CLOSE_CALL = 'console.log("CLOSED"),'
OUR_CLOSE = 'console.log("CLOSED"),document.body.dataset.closeCode=e.code,'
"""The page learns why its connection closed (:data:`ENDED`): a seat the GM ended or
turned away, or a link open in too many places, does not come back by itself."""
ENDED = {4010: "removed", 4011: "ended", 4012: "flood", 4001: "turned_away", 4009: "busy"}
"""Close codes (4000 + the seat's exit status) after which the page stays closed, and
what it then says."""


@functools.cache
def client_script() -> bytes:
    """textual-serve's client script with meneur's options (see the module).

    Raises:
        RuntimeError: when the script is not the one this patch was written for.
    """
    script = (files("textual_serve") / "static" / "js" / "textual.js").read_text("utf-8")
    if any(script.count(call) != 1 for call in (TERMINAL_CALL, OPEN_CALL, CLOSE_CALL)):
        raise RuntimeError("textual-serve's client script changed: meneur's page needs updating")
    script = script.replace(TERMINAL_CALL, OUR_CALL).replace(CLOSE_CALL, OUR_CLOSE)
    return script.replace(OPEN_CALL, OPEN_CALL + "window.meneurTerminal=this.terminal,").encode()


PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport"
  content="width=device-width, initial-scale=1, interactive-widget=resizes-content">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="static/css/xterm.css">
<style>
@font-face {{ font-family: 'Roboto Mono';
  src: url(static/fonts/RobotoMono-VariableFont_wght.ttf); }}
html, body {{ margin: 0; padding: 0; height: 100%; overflow: hidden;
  background: {page_background}; }}
body {{ display: flex; flex-direction: column; }}
.textual-terminal {{ flex: 1 1 auto; min-height: 0; width: 100vw; }}
#bar {{ display: {bar}; flex: 0 0 auto; gap: 0.5em; align-items: center; padding: 0.3em 0.5em;
  background: #12232d; color: #e8eef2; font: 15px system-ui, sans-serif; }}
#bar button {{ font: inherit; padding: 0.4em 0.9em; border: 1px solid #7aa2b8;
  border-radius: 0.3em; background: #1d3a4a; color: inherit; }}
#status:empty {{ display: none; }}
body.viewer #keyboard {{ display: none; }}
body.viewer #bar:has(#status:empty) {{ display: none; }}
</style>
<script src="static/js/textual.js"></script>
</head>
<body class="{body_class}">
<div class="textual-terminal" data-font-size="{font_size}" data-screen-reader="{reader}"
  data-transparent="{transparent}" data-background="{background}"></div>
<div id="bar">
  <button id="keyboard" type="button">{keyboard}</button>
  <span id="status" role="status" aria-live="polite"></span>
</div>
<script>
(function () {{
  var words = {words};
  var asked = new URLSearchParams(location.search);
  var token = asked.get("token") || "";
  var lang = ["fr", "en"].indexOf(asked.get("lang")) >= 0 ? "/" + asked.get("lang") : "";
  var socket = new URL("ws/" + encodeURIComponent(token) + lang, location.href);
  socket.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  socket.search = "";
  document.querySelector(".textual-terminal").dataset.sessionWebsocketUrl = socket.href;
  // The terminal measures its cells once: only after the page's font is there, or a
  // phone's screen is cut (cells measured in a narrower fallback font).
  var start = window.onload;
  window.onload = null;
  window.addEventListener("load", function (event) {{
    var go = function () {{ start(event); }};
    document.fonts.load("16px 'Roboto Mono'").then(go, go);
  }});
  var status = document.getElementById("status");
  document.getElementById("keyboard").addEventListener("click", function () {{
    if (window.meneurTerminal) {{ window.meneurTerminal.focus(); }}
  }});
  var wait = 1000, tries = 0;
  function again() {{
    tries += 1;
    status.textContent = words.reconnecting;
    fetch(new URL("alive?token=" + encodeURIComponent(token), location.href), {{cache: "no-store"}})
      .then(function (answer) {{
        if (answer.status === 204) {{ location.reload(); return; }}
        status.textContent = words.gone;
      }})
      .catch(function () {{
        if (tries > 60) {{ status.textContent = words.closed; return; }}
        wait = Math.min(wait * 2, 15000);
        setTimeout(again, wait);
      }});
  }}
  var ended = {ended};
  new MutationObserver(function () {{
    if (!document.body.classList.contains("-closed") || tries !== 0) {{ return; }}
    var why = ended[document.body.dataset.closeCode];
    if (why) {{ tries = -1; status.textContent = words[why]; return; }}
    setTimeout(again, wait);
  }}).observe(document.body, {{attributes: true, attributeFilter: ["class"]}});
}})();
</script>
</body>
</html>
"""

WORDS = {
    "fr": {
        "keyboard": "⌨ Clavier",
        "reconnecting": "Connexion perdue — reconnexion…",
        "gone": "Ce lien n'ouvre plus de place (expiré ou révoqué) : demandez-en un au MJ.",
        "closed": "La table ne répond plus : elle est peut-être fermée.",
        "removed": "Le MJ vous a retiré de la table.",
        "ended": "Le MJ a mis fin à cette session.",
        "flood": "Trop de données envoyées d'un coup : cette session est fermée.",
        "turned_away": "Le MJ ne vous a pas ouvert.",
        "busy": "Ce lien est déjà ouvert à deux endroits : fermez-en un, puis rechargez.",
    },
    "en": {
        "keyboard": "⌨ Keyboard",
        "reconnecting": "Connection lost — reconnecting…",
        "gone": "This link opens no seat any more (expired or revoked): ask the GM for one.",
        "closed": "The table does not answer: it may be closed.",
        "removed": "The GM has removed you from the table.",
        "ended": "The GM has ended this session.",
        "flood": "Too much was sent at once: this session is closed.",
        "turned_away": "The GM did not let you in.",
        "busy": "This link is open in two places already: close one, then reload.",
    },
}


def page(
    *,
    title: str,
    lang: str,
    font_size: int = 16,
    reader: bool = False,
    background: str | None = None,
    bar: bool = True,
    viewer: bool = False,
) -> str:
    """The page for a seat or a view (see the module). ``background``: a colour, or
    ``transparent``; None for the terminal's own. A ``viewer`` (who types nothing) has
    no keyboard button, and the bar only while it says something."""
    words = WORDS.get(lang, WORDS["en"])
    transparent = background == "transparent"
    return PAGE.format(
        lang=html.escape(lang),
        title=html.escape(title),
        font_size=max(8, min(font_size, 48)),
        reader="1" if reader else "0",
        transparent="1" if transparent else "0",
        background=html.escape("rgba(0,0,0,0)" if transparent else (background or ""), quote=True),
        page_background="transparent" if transparent else html.escape(background or "#0c181f"),
        bar="flex" if bar else "none",
        body_class="viewer" if viewer else "",
        keyboard=html.escape(words["keyboard"]),
        words=json.dumps(words).replace("<", "\\u003c"),
        ended=json.dumps({str(code): word for code, word in ENDED.items()}),
    )


HEADERS = {
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self'"
        " 'unsafe-inline'; connect-src 'self' ws: wss:; img-src 'self' data:;"
        " frame-ancestors 'none'"
    ),
}


def from_its_page(request: Any, origins: frozenset[str]) -> bool:
    """Whether a WebSocket upgrade comes from the page's own host, or from one of
    ``origins`` (behind a reverse proxy): another site's page, or none, is refused."""
    from urllib.parse import urlsplit

    origin = str(request.headers.get("Origin", "")).rstrip("/")
    return origin in origins or urlsplit(origin).netloc == request.host


async def security_headers(request: Any, response: Any) -> None:
    """Every answer: no Referer, no sniffing, no cache, nothing from elsewhere, no frame."""
    for key, value in HEADERS.items():
        response.headers.setdefault(key, value)
