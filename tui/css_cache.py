"""The app's parsed CSS, kept between runs as Python keeps its bytecode.

Textual parses every stylesheet an app is given when it starts (meneur's ``app.tcss`` and
each widget's ``DEFAULT_CSS``: some 13,000 characters through a tokenizer written in
Python), and again for a theme remembered from an earlier run. That was about a sixth of
what the first frame cost over a bare Textual app's (issue 62). The rules a text parses to
depend only on the text, where it was read from, the theme's variables and Textual's own
code: after a start that had to parse, this module keeps them in the user's cache
directory, and the next start takes them from there instead of parsing.

The file is a pickle, which may run code when it is read, as a ``.pyc`` file may: it is
read only from the user's own cache directory, only when the user owns it and no one else
may write it (:func:`meneur.play.settings.cached`). Anything else (another Textual, other
variables, a file that does not read back) is parsed as Textual always does.
"""

from __future__ import annotations

import os
import pickle
import threading
import zlib
from collections.abc import Mapping
from typing import Any

from textual.css.stylesheet import Stylesheet

from meneur.play import settings

CACHE_FILE = "parsed-css.pickle"

_parse_rules = Stylesheet._parse_rules
"""Textual's own parsing, which :func:`_kept_rules` stands in front of."""

_kept: dict[str, dict[tuple[Any, ...], Any]] = {}
"""The parsed rules by the fingerprint of Textual and of the variables they were parsed
with, then by Textual's own key for a text (the text, where it is from, its kind)."""

_used: dict[str, set[tuple[Any, ...]]] = {}
"""The keys this run asked for, by fingerprint: what the cache is written with (a text
CSS no longer holds, or a theme no longer used, is left behind)."""

_fresh = False
"""Whether a text was parsed since the cache was read (the cache is then written)."""

_variables_seen: tuple[Mapping[str, str] | None, str] = (None, "")


def install() -> None:
    """Make every stylesheet of this process take its rules from the cache when it has
    them, reading the cache once (the app calls this as it is made)."""
    global _kept
    if Stylesheet._parse_rules is _kept_rules:
        return
    _kept = _read()
    Stylesheet._parse_rules = _kept_rules  # type: ignore[method-assign]


def keep() -> None:
    """Write the cache, in the background, with what was asked for so far, when that
    needed parsing (the first start, another theme, CSS that changed); otherwise do
    nothing. The app calls this once it has started."""
    global _fresh
    if not _fresh:
        return
    _fresh = False
    held = {
        fingerprint: {key: _kept[fingerprint][key] for key in keys}
        for fingerprint, keys in _used.items()
    }
    threading.Thread(target=_write, args=(held,), name="keep parsed CSS", daemon=True).start()


def _kept_rules(
    self: Stylesheet,
    css: str,
    read_from: Any,
    is_default_rules: bool = False,
    tie_breaker: int = 0,
    scope: str = "",
) -> Any:
    global _fresh
    fingerprint = _fingerprint(self._variables)
    kept = _kept.setdefault(fingerprint, {})
    key = (css, read_from, is_default_rules, tie_breaker, scope)
    rules = kept.get(key)
    if rules is None:
        rules = _parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        if any(rule.errors for rule in rules):
            return rules  # Textual reports them; only sound rules are kept
        kept[key] = rules
        _fresh = True
    _used.setdefault(fingerprint, set()).add(key)
    return rules


def _fingerprint(variables: Mapping[str, str]) -> str:
    """What the rules parsed with ``variables`` depend on besides their text: Textual's
    code (its files' sizes and times: an upgrade rewrites them) and the variables."""
    global _variables_seen
    seen, fingerprint = _variables_seen
    if seen is variables:
        return fingerprint
    # zlib is loaded already (hashlib would load OpenSSL at start-up).
    text = "\0".join(f"{name}\0{value}" for name, value in sorted(variables.items())).encode()
    fingerprint = f"{_TEXTUAL}:{len(text)}-{zlib.crc32(text):08x}"
    _variables_seen = (variables, fingerprint)
    return fingerprint


def _textual_stamp() -> str:
    import textual
    import textual.css.model
    import textual.css.styles

    stamps = []
    for module in (textual, textual.css.model, textual.css.styles):
        found = os.stat(str(module.__file__))
        stamps.append(f"{found.st_size}-{found.st_mtime_ns}")
    return ".".join(stamps)


_TEXTUAL = _textual_stamp()


def _read() -> dict[str, dict[tuple[Any, ...], Any]]:
    data = settings.cached(CACHE_FILE)
    if data is None:
        return {}
    try:
        kept = pickle.loads(data)  # the user's own file: see the module's doc
    except Exception:  # a cache that does not read back is only a cache: parse again
        return {}
    if not isinstance(kept, dict) or not all(
        isinstance(fingerprint, str) and isinstance(rules, dict)
        for fingerprint, rules in kept.items()
    ):
        return {}
    # Only what this Textual made: another's rules are left behind at the next write.
    ours = f"{_TEXTUAL}:"
    return {
        fingerprint: rules for fingerprint, rules in kept.items() if fingerprint.startswith(ours)
    }


def _write(held: dict[str, dict[tuple[Any, ...], Any]]) -> None:
    try:
        data = pickle.dumps(held, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a rule Textual made unpicklable: no cache, no harm
        return
    settings.cache(CACHE_FILE, data)
