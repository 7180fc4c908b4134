"""The log of a server of meneur's: lines in the table's language, each on one line,
never a traceback, never an address.

``serve.log`` (and ``meneur web``'s terminal) is read by the GM, and may be shown or
shared: the libraries a server runs on must not write into it what a client sent. aiohttp
logs a request it cannot parse with its traceback and the start of its line (an
address carries its token: ``/view.json?token=…``), textual-serve logs with tracebacks
and their local variables, asyncio logs a failed callback with its traceback. In a
server's processes, what these libraries log at warning level or above becomes one line
of meneur's log (:func:`quiet_library_logs`): where it came from and the kind of error,
nothing of its message (which may quote the request) and no traceback.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from datetime import datetime
from typing import TextIO

from meneur.content.strings import strings
from meneur.core.text import cut

Log = Callable[[str], None]

LIBRARY_LOGGERS = ("aiohttp", "textual-serve", "asyncio")
"""The loggers whose records reach meneur's log as one line each (aiohttp's children,
``aiohttp.server``, ``aiohttp.access``, ``aiohttp.web``…, included)."""


def logger(stream: TextIO) -> Log:
    """Log lines, timed, to ``stream`` (the real one: apps redirect ``sys.stdout``), their
    control characters shown, not sent: a line may quote what a client sent (a user name
    holding an escape sequence must not drive the GM's terminal)."""

    def log(line: str) -> None:
        stream.write(f"{datetime.now():%H:%M:%S} {cut(line, 400)}\n")
        stream.flush()

    return log


class OneLine(logging.Handler):
    """A library's record as one line of meneur's log (see the module)."""

    def __init__(self, log: Log, lang: str) -> None:
        super().__init__(logging.WARNING)
        self.log = log
        self.lang = lang

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        # The kind of error, never its message: it may quote the request (an address).
        kind = type(error).__name__ if error is not None else record.levelname.lower()
        # A line that cannot be written (the log's file gone) is not worth a traceback.
        with contextlib.suppress(Exception):
            self.log(strings(self.lang).t("serve_log.library", source=record.name, kind=kind))


def quiet_library_logs(log: Log, lang: str) -> None:
    """In this process, what aiohttp, textual-serve and asyncio log goes to ``log`` as
    one line each in ``lang`` (see the module), and nowhere else (Python's last-resort
    printing of a traceback on the standard error included)."""
    handler = OneLine(log, lang)
    for name in LIBRARY_LOGGERS:
        library = logging.getLogger(name)
        for old in list(library.handlers):
            library.removeHandler(old)
        library.addHandler(handler)
        library.setLevel(logging.WARNING)
        library.propagate = False
