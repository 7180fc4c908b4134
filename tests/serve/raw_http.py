"""A raw HTTP client for the servers' tests: bytes written to a socket as they are given
(a request line too long, a header that is not one, a body announced and never sent),
and the answer read as it comes, bounded in time."""

from __future__ import annotations

import json
import socket
from dataclasses import dataclass, field
from typing import Any

from tests.waiting import PATIENCE


@dataclass
class Answer:
    """What a server answered: its status, headers (names in lower case) and body."""

    status: int
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        assert self.headers.get("content-type", "").startswith("application/json"), self
        return json.loads(self.body)


class Client:
    """One connection to ``127.0.0.1:port``: what is sent, and the answers read."""

    def __init__(self, port: int, *, timeout: float = PATIENCE) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self._buffer = b""

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def _more(self) -> bytes:
        chunk = self.sock.recv(65536)
        self._buffer += chunk
        return chunk

    def _line(self) -> bytes:
        while b"\r\n" not in self._buffer:
            if not self._more():
                raise ConnectionError(f"closed in the middle of a line: {self._buffer!r}")
        line, self._buffer = self._buffer.split(b"\r\n", 1)
        return line

    def answer(self, *, body: bool = True) -> Answer:
        """The next answer (an interim ``100 Continue`` skipped); its body read by its
        ``Content-Length``, or to the end of the connection, unless ``body`` is False (a
        feed's answer never ends)."""
        while True:
            status_line = self._line()
            parts = status_line.split(b" ", 2)
            assert parts[0].startswith(b"HTTP/1."), status_line
            headers: dict[str, str] = {}
            while line := self._line():
                name, _, value = line.decode("latin-1").partition(":")
                headers[name.strip().lower()] = value.strip()
            if int(parts[1]) != 100:
                break
        answer = Answer(int(parts[1]), headers)
        if body:
            self.read_body(answer)
        return answer

    def read_body(self, answer: Answer) -> None:
        """Read ``answer``'s body: by its ``Content-Length``, else to the end."""
        if "content-length" in answer.headers:
            size = int(answer.headers["content-length"])
            while len(self._buffer) < size:
                if not self._more():
                    break
            answer.body, self._buffer = self._buffer[:size], self._buffer[size:]
        else:
            answer.body = self.rest()

    def read_until(self, marker: bytes) -> None:
        """Read until ``marker`` has come (what follows the answer's headers included)."""
        while marker not in self._buffer:
            if not self._more():
                raise ConnectionError(f"closed before {marker!r}: {self._buffer!r}")

    def rest(self) -> bytes:
        """Everything the server sends until it closes the connection."""
        while self._more():
            pass
        rest, self._buffer = self._buffer, b""
        return rest

    def close(self) -> None:
        self.sock.close()


def request(
    method: str,
    path: str,
    *,
    headers: dict[str, str] | None = None,
    body: bytes = b"",
    length: bool = True,
) -> bytes:
    """An HTTP/1.1 request as bytes: ``Host`` and, unless ``length`` is False or there is
    no body, ``Content-Length`` added."""
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body and length:
        lines.append(f"Content-Length: {len(body)}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def ask(port: int, data: bytes, *, body: bool = True) -> Answer:
    """Send ``data`` on a new connection and read the answer."""
    client = Client(port)
    try:
        client.send(data)
        return client.answer(body=body)
    finally:
        client.close()
