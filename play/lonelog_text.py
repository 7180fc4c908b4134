"""How a title and a note are written in a Lonelog log so that they read back as they
were: meneur's own log, exported then imported, gives every session, scene and note
again, byte for byte (:mod:`meneur.play.lonelog`, :mod:`meneur.play.lonelog_import`).

**Titles.** A session's title is its heading's text (``## La montée``), a scene's the
words between the asterisks (``### S1 *La montée*``). A title that would not read back
so — empty, with spaces at either end, wholly in double quotes, or one an older meneur
let hold a line break or a control character — is written in JSON's double quotes, with
every such character escaped (``## "  la montée"``, ``### S2 *"a\\nb"*``): one line,
which the import reads back as it was. Any other title is written as it is, and a title
in quotes that did not need them (``## "Le col"`` in another's log) is kept with them.

**Notes.** A note is prose when it reads back whole as prose: lines that are not blank,
none with spaces at its end or the note at its start, none the notation would read as
its own (a heading, a tag, ``@``, ``?``, ``d:``, ``->``, ``=>``, a meta note…). Any other
is a narrative block, between ``\\---`` and ``---\\``, where only the closing line means
anything: a line of the note that is a fence (``---\\``, ``\\---``, or either with more
backslashes before it) is written with one more backslash at its start, which the
import takes off again. Its lines are kept as they are, blank ones and spaces included.

A note's control characters are shown as every export shows them (``␛``: see
:func:`meneur.core.text.visible`), so a note that holds one comes back with its picture.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from meneur.core.names import refused_at

OPEN = "\\---"
"""The line that opens a narrative block."""
CLOSE = "---\\"
"""The line that closes it."""

_FENCE = re.compile(r"\\*---\\|\\+---")
"""A line that is a fence, or an escaped one: what a note's line is escaped for."""
_ESCAPED = re.compile(r"\\+---\\|\\\\+---")
"""A fence line escaped (one backslash more than :data:`_FENCE` holds)."""
_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""What JSON's quotes keep raw and a title written in them may not hold raw: what the
rule of names refuses beyond the C0 controls JSON escapes itself."""


def _quoted(text: str) -> bool:
    return len(text) >= 2 and text[0] == '"' == text[-1]


def _as_it_is(title: str) -> bool:
    """Whether ``title`` reads back from a heading written as it is."""
    return (
        bool(title) and title == title.strip() and not _quoted(title) and refused_at(title) is None
    )


def written_title(title: str) -> str:
    """A session's or a scene's title as its heading holds it: as it is, or in JSON's
    double quotes when it would not read back so (one line either way)."""
    if _as_it_is(title):
        return title
    said = json.dumps(title, ensure_ascii=False)
    return _UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", said)


def read_title(text: str) -> str:
    """The title a heading's ``text`` holds (see :func:`written_title`): a title in
    double quotes that needed them, else the text as it came."""
    if not _quoted(text):
        return text
    try:
        title = json.loads(text)
    except ValueError:
        return text
    return title if isinstance(title, str) and not _as_it_is(title) else text


def note_lines(text: str, looks_like_notation: Callable[[str], bool]) -> list[str]:
    """A note's lines in the log: its lines as prose when they read back whole so,
    else a narrative block with its fence lines escaped.

    Args:
        looks_like_notation: the import's own reading of a line (whether it would be
            read as something else than prose), given by the export: the import reads
            this module, so this module does not read the import.
    """
    lines = text.split("\n")
    prose = (
        bool(text)
        and text == text.strip()
        and all(
            line.strip()
            and line == line.rstrip()
            and not looks_like_notation(line.strip())
            and not _FENCE.fullmatch(line.strip())
            for line in lines
        )
    )
    if prose:
        return lines
    return [OPEN, *(_escaped(line, _FENCE) for line in lines), CLOSE]


def read_block_line(line: str) -> str:
    """A line of a narrative block as the note holds it: an escaped fence line with its
    added backslash taken off (see :func:`note_lines`)."""
    return _escaped(line, _ESCAPED, taken=True)


def _escaped(line: str, fence: re.Pattern[str], *, taken: bool = False) -> str:
    """``line`` with a backslash put (or ``taken`` off) before its first character but
    spaces, when it is a fence line as ``fence`` reads it."""
    if not fence.fullmatch(line.strip()):
        return line
    at = len(line) - len(line.lstrip())
    return line[:at] + line[at + 1 :] if taken else line[:at] + "\\" + line[at:]
