"""Text a terminal types instead of pasting: one paste, not thousands of keys.

A terminal without bracketed paste (or ``tmux paste-buffer`` without ``-p``, a serial
console, a program piping into the pane) sends pasted text as if it were typed. Textual
then makes a key event of every character: 100 KB into the note editor took the app over
five minutes at full CPU, inserting one character at a time, and a paste with line breaks
into a one-line field became a row of notes, each Enter submitting the line before it.

Nobody types sixteen keys within one read of the terminal: the keys one read brings
(:func:`coalesce`) are one paste past :data:`BURST` of them. The drivers that read a
terminal group them so — the local terminal's (``meneur.tui.terminal_driver``) and an SSH
seat's (``meneur.serve.channel_driver``) — and the text fields take a paste whole
(``meneur.tui.widgets.line_input``: one with a line break is shown and confirmed first).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from textual import events
from textual.message import Message

BURST = 16
"""More printable keys than this in one read of the terminal are a paste it typed."""

_TYPED = {"enter": "\n", "ctrl+j": "\n", "tab": "\t"}
"""The keys a typed paste's line breaks and tabs arrive as, and the text they stand for."""


def _text_of(message: Message) -> str | None:
    """What ``message`` adds to a typed paste: its character, or None when it is not a
    key a paste is made of (an arrow, a mouse event, a shortcut)."""
    if not isinstance(message, events.Key):
        return None
    if message.key in _TYPED:
        return _TYPED[message.key]
    if message.is_printable and message.character is not None:
        return message.character
    return None


def coalesce(messages: Iterable[Message]) -> Iterator[Message]:
    """The messages one read of the terminal brought, in order, each run of keys a paste
    is made of (printable keys, Enter, Tab) given as one :class:`~textual.events.Paste`
    of their text when it is longer than :data:`BURST` or holds a line break before its
    last key; a shorter run of one line is given key by key, as a person types.

    One line and then Enter (a line pasted with its line break, a bot that types a
    command) is the line's paste and then the Enter: the line is sent once, as typed.
    Two lines or more are one paste, Enters and all: a field shows them before anything
    is sent, and none becomes a roll or a note of its own.
    """
    run: list[tuple[Message, str]] = []

    def flush() -> Iterator[Message]:
        last: list[Message] = []
        if run and run[-1][1] == "\n" and all(text != "\n" for _, text in run[:-1]):
            last = [run.pop()[0]]
        if len(run) > BURST or any(text == "\n" for _, text in run):
            yield events.Paste("".join(text for _, text in run))
        else:
            yield from (message for message, _ in run)
        yield from last
        run.clear()

    for message in messages:
        text = _text_of(message)
        if text is None:
            yield from flush()
            yield message
        else:
            run.append((message, text))
    yield from flush()
