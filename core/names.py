"""One rule for names: every name and title typed into meneur — a campaign's, a
session's or scene's title, a clock, a track, a thread, a person, a character, a random
table, a seat at the shared table, a name on a sheet — is one line of text without
control characters (a tab aside).

A name is shown on one line: in a list, a heading, a terminal's title, the Lonelog
log, where a line break would make two headings of one (a scene exported and imported
became two scenes) and an escape sequence would drive the reader's terminal. So such a
name is refused as typed, in one sentence naming the field and the character, never
changed behind the writer's back: what the rule accepts is kept exactly as it came.

Refused:

- every line break a reader may see: line feed, carriage return, vertical tab, form
  feed, the file, group and record separators, NEL (U+0085), the line and paragraph
  separators (U+2028, U+2029) — the breaks of :meth:`str.splitlines`;
- every other control character (Unicode's category Cc: NUL, ESC, BEL, DEL, the C1
  controls) but the tab;
- the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
  which reorder what follows them on the line (a name shown as another); the marks
  (LRM, RLM, ALM), which a right-to-left name may need and which move nothing else, are
  kept.

A name from elsewhere (an import) is made to fit by :func:`one_line`, which says nothing
itself: its caller reports the change.
"""

from __future__ import annotations

import re
import unicodedata

from .errors import RulesError

LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
"""What :meth:`str.splitlines` breaks a line at: what a reader may take for a new line."""
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The bidirectional embeddings, overrides and isolates (not the marks)."""
TAB = "\t"

NAMED = (
    "campaign",
    "session",
    "scene",
    "clock",
    "track",
    "tracker",
    "thread",
    "person",
    "item",
    "character",
    "table",
    "gm",
    "player",
    "row",
)
"""What a name may be the name of: each says its field in the reader's language
(``errors.names.named.<what>``)."""

_ENGLISH = {
    "campaign": "The campaign's name",
    "session": "The session's title",
    "scene": "The scene's title",
    "clock": "The clock's name",
    "track": "The track's name",
    "tracker": "The tracker's name",
    "thread": "The thread's name",
    "person": "The person's name",
    "item": "The item's name",
    "character": "The character's name",
    "table": "The table's name",
    "gm": "The GM's name",
    "player": "The player's name",
    "row": "A name in {field}",
}
"""The field in the message's own English (a reader's language has its strings)."""


def refused_at(text: str) -> int | None:
    """The position of the first character a name may not hold, or None when ``text``
    is a name the rule accepts."""
    for position, character in enumerate(text):
        if character != TAB and (
            character in LINE_BREAKS
            or character in BIDI_CONTROLS
            or unicodedata.category(character) == "Cc"
        ):
            return position
    return None


def picture(character: str) -> str:
    """A refused character as a message shows it: a C0 control by Unicode's control
    picture (``␛``), DEL as ``␡``, any other by its code point (``U+2028``)."""
    code = ord(character)
    if code < 0x20:
        return chr(0x2400 + code)
    if code == 0x7F:
        return "␡"
    return f"U+{code:04X}"


def pictured(text: str) -> str:
    """``text`` with every character a name may not hold shown by its :func:`picture`
    (a title as it came, said in a report)."""
    shown = (picture(c) if refused_at(c) is not None else c for c in text)
    return "".join(f"<{said}>" if len(said) > 1 else said for said in shown)


def check_name(text: str, named: str, **values: object) -> str:
    """``text``, unchanged, when it is a name the rule accepts.

    Args:
        text: the name or title as typed (or as a file holds it).
        named: what it names, one of :data:`NAMED` (its field in the message).
        values: what the field's words name besides (``field``, a sheet's key, for a
            ``row``).

    Raises:
        RulesError: ``names.line_break`` or ``names.control``, in one sentence naming
            the field, the character's position (from 1) and, for a control
            character, its picture.
    """
    at = refused_at(text)
    if at is None:
        return text
    field = _ENGLISH[named].format(**values)
    found = text[at]
    rule = f"{field} must be one line without control characters (tabs are fine)"
    if found in LINE_BREAKS:
        raise RulesError(
            f"{rule}: character {at + 1} is a line break",
            message_key="names.line_break",
            named=named,
            at=at + 1,
            **values,
        )
    raise RulesError(
        f"{rule}: character {at + 1} is a control character ({picture(found)})",
        message_key="names.control",
        named=named,
        at=at + 1,
        picture=picture(found),
        **values,
    )


_BREAKS = re.compile("[" + "".join(map(re.escape, sorted(LINE_BREAKS))) + "]+")


def one_line(text: str) -> str:
    """``text`` made a name the rule accepts, as little changed as can be: each run of
    line breaks a space (none at either end), every other refused character left out.
    The same text when it was one already."""
    if refused_at(text) is None:
        return text
    parts = _BREAKS.split(text)
    while parts and not parts[0]:
        parts.pop(0)
    while parts and not parts[-1]:
        parts.pop()
    joined = " ".join(parts)
    return "".join(character for character in joined if refused_at(character) is None)
