"""What one read of a terminal brings: the player's typed lines, or a paste.

A terminal hands a program what it reads in pieces of any size: one key when the app keeps
up, everything typed meanwhile when the app or the link is slow (over SSH a stalled
connection delivers a burst). A terminal without bracketed paste, ``tmux paste-buffer``
without ``-p``, a serial console or a program writing into the pane sends pasted text
the same way, as keys. Taken key by key, 100 KB into the note editor took the app over
five minutes; taken as one paste, eight notes typed into the command line in one burst
were shown in a dialog, merged or lost. :class:`Bursts` tells the two apart, read after
read of one terminal, by this rule:

1. **A bracketed paste is a paste.** Textual's parser gives ``ESC[200~ … ESC[201~`` as one
   :class:`~textual.events.Paste` however many reads it spans; it passes here untouched,
   never split, never joined to keys around it.
2. **Unbracketed, a paste is what typing cannot be.** A *run* is the keys a paste is made
   of (printable keys, Enter, ``ctrl+j``, Tab) that one read brought side by side; any
   other key, a click, a bracketed paste ends it. A run is one paste of its text (each
   Enter a line break) when it is longer than :data:`PASTE` characters — more than a
   person types in well over a minute at ten keys a second, far more than a slow app or
   a stalled link holds back, while a long paste comes in pieces as large as the
   terminal's buffer (a pseudo-terminal passes up to 4,095 bytes a read: tmux's
   ``paste-buffer`` arrives so) — or when it *continues* one: the read before ended in
   a paste, less than :data:`GAP` seconds ago, and this one begins with the run (a long
   paste comes in several reads, back to back; its last piece may be short).
3. **Every other run is typing, a line at a time**: each line as it was typed, then its
   Enter (or Tab, or ``ctrl+j``) as the very key it came as, in order — so a typed line
   is never merged with the next, never held back in a dialog, and goes where the
   focus is when its turn comes, as if typed slowly. A line longer than :data:`BURST`
   characters is given as a paste of that one line (no line break in it): the editor
   takes it at once, and none of its letters fires a shortcut.

A note editor takes a paste whole, fast; a one-line field takes a paste of one line
where the cursor is and shows one with line breaks before anything is sent
(:mod:`meneur.tui.widgets.line_input`), so 100 KB into the command line is one question,
never hundreds of notes.

What the rule leaves out, and why:

- **Whether the terminal brackets its pastes.** Textual asks for bracketed paste, and a
  terminal that honours it sends its own pastes bracketed; but one that brackets can
  still carry unbracketed ones — tmux forwards the bracketed paste of the terminal around
  it, yet writes its own paste buffers as keys unless told (``paste-buffer -p``), and a
  program writing into the pane never brackets. Turning the size rule off once a
  bracketed paste was seen would make such a paste into the command line hundreds of
  notes; and since the rule never takes typing for a paste, there is nothing to gain.
- **Text after the last line break.** A typist's read ends in the middle of a line as
  often as not: ``tmux send-keys -l`` writes a line's text and its Enter apart, and a
  person is typing the next note when the read comes. The text so far is given as typed;
  its Enter comes in a later read.
- **Lines that are no command.** On the command line every line is one: what is not
  dice, a table or a question is a note. A blank line between two is a double Enter,
  which a person presses and the command line ignores.

So a short paste with line breaks that the terminal does not bracket (a handful of lines
written by a program) is taken as typed — each line sent as it comes, as it was before
pastes were told apart — since nothing in it tells it from a person typing the same.
The drivers that read a terminal keep a :class:`Bursts` each: the local terminal's
(:mod:`meneur.tui.terminal_driver`) and an SSH seat's (:mod:`meneur.serve.channel_driver`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator

from textual import events
from textual.message import Message

PASTE = 1024
"""More characters than this in one run of one read, unbracketed, are a paste."""

GAP = 0.5
"""Seconds within which a read continues the paste the read before ended in: the pieces of
one paste come back to back (microseconds apart on one machine, at the link's pace over
a network); a person's next key after a paste comes once they have seen it land."""

BURST = 16
"""A typed line longer than this (in one read, before its Enter) is given as a paste of
that one line rather than key by key: the same text, at once."""

_BREAKS = {"enter": "\n", "ctrl+j": "\n", "tab": "\t"}
"""The keys that end a typed line, and the text they stand for in a paste."""


def _text_of(message: Message) -> str | None:
    """What ``message`` adds to a paste: its character, or None when it is not a key a
    paste is made of (an arrow, a mouse event, a shortcut, a bracketed paste)."""
    if not isinstance(message, events.Key):
        return None
    if message.key in _BREAKS:
        return _BREAKS[message.key]
    if message.is_printable and message.character is not None:
        return message.character
    return None


def _typed(run: list[tuple[Message, str]]) -> Iterator[Message]:
    """A run as typed: each line's keys (or, past :data:`BURST` characters, one paste of
    the line), then the key that ended it, in order."""
    line: list[tuple[Message, str]] = []

    def flush_line() -> Iterator[Message]:
        if len(line) > BURST:
            yield events.Paste("".join(text for _, text in line))
        else:
            yield from (message for message, _ in line)
        line.clear()

    for message, text in run:
        if isinstance(message, events.Key) and message.key in _BREAKS:
            yield from flush_line()
            yield message
        else:
            line.append((message, text))
    yield from flush_line()


class Bursts:
    """One terminal's reads, each handed on as the app is to have it (see the module):
    typed lines a line at a time, a paste as one paste.

    Args:
        clock: Seconds, monotonic (the pieces of a paste are told by how soon they come).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._paste_ended: float | None = None
        """When the last read that ended in an unbracketed paste came (None: it did not)."""

    def coalesce(self, messages: Iterable[Message]) -> Iterator[Message]:
        """The messages one read of the terminal brought, in order, nothing left out: each
        run of keys a paste is made of given as one :class:`~textual.events.Paste` of its
        text when it is paste-shaped (longer than :data:`PASTE`, or continuing the paste
        the read before ended in), otherwise as typed, a line and then its Enter at a
        time (never two lines in one message)."""
        now = self._clock()
        continues = self._paste_ended is not None and now - self._paste_ended <= GAP
        run: list[tuple[Message, str]] = []
        first = True  # the run being gathered begins the read
        pasted = False  # the last thing handed on was a paste-shaped run
        seen = False

        def flush() -> Iterator[Message]:
            nonlocal pasted
            if not run:
                return
            if len(run) > PASTE or (first and continues):
                pasted = True
                yield events.Paste("".join(text for _, text in run))
            else:
                pasted = False
                yield from _typed(run)
            run.clear()

        for message in messages:
            seen = True
            text = _text_of(message)
            if text is None:
                yield from flush()
                first, pasted = False, False
                yield message
            else:
                run.append((message, text))
        yield from flush()
        if seen:  # a read that brought nothing (half an escape sequence) changes nothing
            self._paste_ended = now if pasted else None
