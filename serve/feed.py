"""The table's feed for an audience: each picture encoded once, the same bytes written to
every client, nothing else done per client.

A picture (:class:`~meneur.serve.broadcast.Broadcast`) becomes a :class:`Frame` once per
version: its Server-Sent Event, as is and as one chunk of HTTP/1.1's chunked body (the
two ways a feed's answer is framed). Each open feed is a :class:`Feed` that its
picture writes that frame to, on the connection's transport itself: a thousand feeds
cost a thousand writes of one buffer, and no coroutine of theirs wakes.

A client that reads slower than the table changes never holds the others back: what it
has not read waits in its own connection's buffer, bounded (:data:`FEED_BUFFER`, and
the socket's own, :data:`SOCKET_BUFFER`); past that it is dropped, told so by a last
``resume`` event, and its browser's ``EventSource`` comes back by itself with the
``Last-Event-ID`` it last read, which brings it the newest picture at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket

from meneur.core.frozen import frozen

MAX_FEEDS = 2000
"""Feeds open at once (pages and clients together), unless :data:`MAX_FEEDS_ENV` says
otherwise; more are refused with 503. 1,000 feeds on one ``meneur web`` on a 2-core
machine got each change within 108 ms of the write at p95, for 19 MB more memory
(docs/architecture.md, ``benchmarks/audience.py``): twice that stays well within what
such a machine holds, and past it a published folder serves any number."""
MAX_FEEDS_ENV = "MENEUR_MAX_FEEDS"
"""Where another limit is read (a smaller machine, or a larger one measured)."""
FEED_BUFFER = 256 * 1024
"""Bytes a feed may have waiting to be sent, besides its socket's own buffer, before
its client is dropped (a few dozen pictures: a client that reads at all never gets
there); two pictures' worth when pictures are larger than half of it."""
SOCKET_BUFFER = 64 * 1024
"""The send buffer asked of each feed's socket (the system's grows to megabytes on its
own: a thousand stalled clients would hold gigabytes)."""
DROP_SECONDS = 30.0
"""How long a dropped client is given to read what was sent and the ``resume`` event
before its connection is cut."""


@frozen
class Frame:
    """One message of the feed, encoded once for every client: ``plain`` as the bytes
    go (an HTTP/1.0 answer, which ends with its connection), ``chunked`` as one chunk of
    a chunked body (HTTP/1.1)."""

    plain: bytes
    chunked: bytes

    @classmethod
    def of(cls, data: bytes) -> Frame:
        """``data`` framed both ways."""
        return cls(data, b"%x\r\n%s\r\n" % (len(data), data))


ALIVE = Frame.of(b": alive\n\n")
"""The heartbeat: a comment, which a client skips (a proxy closes a silent feed)."""
RESUME = Frame.of(b'event: resume\ndata: {"resume": "Last-Event-ID"}\n\n')
"""The last event of a client dropped for reading too slowly: come back, saying the
last event's id read (an ``EventSource`` does it by itself)."""
END = Frame(b"", b"0\r\n\r\n")
"""What ends a body: nothing more as is (the connection closes), the last chunk when
chunked."""


def max_feeds() -> int:
    """The feeds one server keeps open at once: :data:`MAX_FEEDS_ENV` if it holds a whole
    number from 1, else :data:`MAX_FEEDS`."""
    given = os.environ.get(MAX_FEEDS_ENV, "")
    return int(given) if given.isdigit() and 0 < int(given) < 1_000_000 else MAX_FEEDS


class Feed:
    """One client of the feed: written to on its connection's transport, as is."""

    def __init__(self, transport: asyncio.Transport, chunked: bool) -> None:
        self.transport = transport
        self.chunked = chunked
        self.done = asyncio.Event()
        """Set once the feed has ended (its client gone or dropped)."""
        self.dropped = False
        """Whether its client was dropped for reading too slowly."""
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):  # a system that refuses: its own, then
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_BUFFER)

    def send(self, frame: Frame) -> None:
        """Write ``frame``, or drop the client when what it has not read would pass
        :data:`FEED_BUFFER`; nothing when the feed has ended."""
        transport = self.transport
        if self.done.is_set():
            return
        if transport.is_closing():
            self.done.set()
            return
        waiting = transport.get_write_buffer_size()
        # A client is behind when what waits passes the bound, or two pictures when
        # pictures are larger (a story of long notes): a client that reads is never
        # dropped for a picture's size alone.
        if waiting and waiting + len(frame.plain) > max(FEED_BUFFER, 2 * len(frame.plain)):
            self.drop()
            return
        transport.write(frame.chunked if self.chunked else frame.plain)

    def drop(self) -> None:
        """End the feed: the ``resume`` event and the body's end written after what is
        waiting, the connection closed once they are sent (cut after
        :data:`DROP_SECONDS` if they never are)."""
        self.dropped = True
        self.done.set()
        transport = self.transport
        for frame in (RESUME, END):
            transport.write(frame.chunked if self.chunked else frame.plain)
        transport.close()
        asyncio.get_running_loop().call_later(DROP_SECONDS, transport.abort)
