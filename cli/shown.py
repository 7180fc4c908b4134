"""What the command line prints carries no raw control character.

A campaign's text comes from anyone who wrote in it: a player's note holding
``ESC ] 0 ;`` retitles the GM's terminal, ``ESC [ 2 J`` clears it, and some terminals
act on worse. Every command's output goes through one stream, so that no command can
forget: text (the journal's lines, a Markdown export, an acknowledgement) shows each
control character as a picture (``␛``, see :func:`meneur.core.text.visible`); data (JSON,
TOML) writes the ones its encoder left raw (DEL, the C1 controls) as ``\\u009b`` escapes,
which mean the very same string to any reader of JSON or TOML.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO

from meneur.core.text import visible

_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f\x80-\x9f]")
"""Controls but tab and line feed (a data encoder escapes those inside its strings)."""


def as_data(text: str) -> str:
    """``text`` (JSON or TOML) with each raw control character written as an escape:
    such characters only ever stand inside strings there, where ``\\u00XX`` is the same
    character."""
    return _RAW.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


class ShownStream:
    """A text stream writing through to another, every control character made harmless
    (as data escapes, or as visible pictures)."""

    def __init__(self, stream: TextIO, *, data: bool) -> None:
        self.stream = stream
        self.shown = as_data if data else visible

    def write(self, text: str) -> int:
        self.stream.write(self.shown(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self.stream.flush()

    def fileno(self) -> int:
        return self.stream.fileno()

    def isatty(self) -> bool:
        return self.stream.isatty()

    @property
    def encoding(self) -> str:
        return self.stream.encoding


@contextmanager
def shown_output(*, data: bool) -> Iterator[None]:
    """While inside, ``sys.stdout`` is a :class:`ShownStream` over the real one."""
    real = sys.stdout
    sys.stdout = ShownStream(real, data=data)
    try:
        yield
    finally:
        sys.stdout = real
