"""The table's sessions spread over worker processes, one per core.

Every screen at a table redraws when anyone rolls, and a Textual frame costs a few tens
of milliseconds of one core: twenty screens drawn one after another in one process take
half a second, twice the time a roll may take to reach them all. So ``meneur serve``
works as OpenSSH's own server does, with processes, but a few and long-lived:

- the **main process** listens, accepts each TCP connection (SSH, and with ``--web``
  HTTP) and hands its socket (over a Unix socket, ``SCM_RIGHTS``) to the worker with the
  fewest connections; it keeps the table's presence (who is connected, from every
  worker), the door (who waits for the GM, how many pages each link holds: see
  :mod:`meneur.play.door`) and the log, and runs the GM's own app unless ``--headless``;
- each **worker** plays the SSH protocol or serves the browser door, and the apps of the
  connections it was given (:meth:`meneur.serve.ssh.TableServer.accept`,
  :meth:`~meneur.serve.ssh.TableServer.accept_web`), tells the main process who joins
  and leaves and what to log, asks it at the door (:class:`RelayedDoor`), and mirrors
  the presence the main process sends back.

Workers are forked once at start, before any event loop runs and after the interface's
modules are imported, so what is imported is shared between them. A worker that dies
takes only its own connections with it; when the main process dies, its workers see
their control socket close, end their sessions as on a stop, and exit. If no worker is
left, the main process plays new connections itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import os
import signal
import socket
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import asyncssh

from meneur.core.table_rules import Present, Seat
from meneur.play.door import Door
from meneur.play.presence import Presence

from .quiet_logs import quiet_library_logs
from .ssh import Address, Log, TableServer

MAX_WORKERS = 8
MESSAGE_BYTES = 256 * 1024
"""The largest control message (a presence list of a few hundred people)."""
STOP_SECONDS = 5.0
"""How long stopping workers are waited for before they are killed."""


def worker_count() -> int:
    """One worker per core this process may run on (at most :data:`MAX_WORKERS`)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return max(1, min(MAX_WORKERS, cores))


def bind(address: Address) -> list[socket.socket]:
    """Listening sockets for ``address`` (one per address family it resolves to).

    Raises:
        OSError: when the address cannot be listened on.
    """
    found = socket.getaddrinfo(
        address.host, address.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )
    listeners: list[socket.socket] = []
    try:
        for family, kind, proto, _, where in dict.fromkeys(
            (f, k, p, c, w) for f, k, p, c, w in found
        ):
            sock = socket.socket(family, kind, proto)
            listeners.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(where)
            sock.listen(128)
            sock.setblocking(False)
    except OSError:
        for sock in listeners:
            sock.close()
        raise
    return listeners


# --- Messages between the main process and its workers --------------------------------


def _send(sock: socket.socket, message: dict[str, Any], fds: list[int] | None = None) -> bool:
    """Send one message (and file descriptors); False when the other end cannot take it
    now (gone, or not reading)."""
    data = json.dumps(message).encode()
    try:
        if fds:
            socket.send_fds(sock, [data], fds)
        else:
            sock.send(data)
    except OSError:
        return False
    return True


def _receive(sock: socket.socket) -> tuple[dict[str, Any], list[int]] | None:
    """One message waiting on ``sock`` and the descriptors it carried; None at the end
    (the other process is gone). Raises BlockingIOError when none is waiting."""
    data, fds, _, _ = socket.recv_fds(sock, MESSAGE_BYTES, 1)
    if not data:
        for fd in fds:
            os.close(fd)
        return None
    return json.loads(data), list(fds)


def _waiting(sock: socket.socket) -> Iterator[tuple[dict[str, Any], list[int]] | None]:
    """Every message waiting on ``sock`` now, then None when the other end is gone (a
    closed socket, or one that cannot be read any more)."""
    while True:
        try:
            received = _receive(sock)
        except (BlockingIOError, InterruptedError):
            return
        except (OSError, ValueError):
            received = None
        yield received
        if received is None:
            return


def present_to_data(present: Present) -> dict[str, Any]:
    """A person at the table as a message says them."""
    seat = present.seat
    return {
        "role": seat.role,
        "seat": seat.name,
        "characters": sorted(seat.characters),
        "name": present.name,
        "since": present.since,
        "where": present.where,
        "session": present.session,
    }


def present_from_data(data: dict[str, Any]) -> Present:
    """The person a message names (see :func:`present_to_data`)."""
    seat = Seat(data["role"], data["seat"], frozenset(data["characters"]))
    return Present(seat, data["name"], data["since"], data["where"], data.get("session"))


# --- The main process -----------------------------------------------------------------


@dataclass(eq=False)
class Worker:
    """A worker process as the main process knows it."""

    pid: int
    control: socket.socket
    connections: int = 0
    present: dict[int, Present] = field(default_factory=dict)
    pages: dict[str, int] = field(default_factory=dict)
    """Browser pages it holds open, per link (given back to the door if it dies)."""
    knocks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    """Its knocks waiting for the GM, by the number it asked under."""


def start_workers(
    count: int, listeners: list[socket.socket], play: Callable[[socket.socket], int]
) -> list[Worker]:
    """Fork ``count`` workers, each running ``play(control)`` and exiting with what it
    returns. Call before any event loop or thread runs in this process."""
    # What lives now is shared with the workers: kept out of the collector's sight so
    # that collections do not copy every page (copy-on-write) in each of them.
    gc.collect()
    gc.freeze()
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        if stream is not None:
            stream.flush()  # not written twice by the children
    workers: list[Worker] = []
    for _ in range(count):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:  # the worker
            status = 1
            try:
                ours.close()
                for sock in listeners:
                    sock.close()
                for other in workers:
                    other.control.close()
                status = play(theirs)
            except BaseException:  # a worker never returns into the caller
                import traceback

                traceback.print_exc()
            finally:
                os._exit(status)
        theirs.close()
        ours.setblocking(False)
        workers.append(Worker(pid, ours))
    return workers


class Dispatcher:
    """The main process's side: accepts connections and hands them to workers, keeps the
    table's presence and the log."""

    def __init__(
        self,
        workers: list[Worker],
        listeners: list[socket.socket],
        server: TableServer,
        host_key: asyncssh.SSHKey,
        web_listeners: list[socket.socket] | None = None,
    ) -> None:
        self.workers = workers
        self.listeners = listeners
        self.web_listeners = web_listeners or []
        self.server = server
        self.host_key = host_key
        self.stopping = False
        self._local: set[asyncio.Task[None]] = set()

    @property
    def door(self) -> Door:
        """The table's door (the main process's own)."""
        door = self.server.door
        assert isinstance(door, Door)
        return door

    def start(self) -> None:
        """Accept connections and listen to the workers (in the running loop)."""
        loop = asyncio.get_running_loop()
        for listener in self.listeners:
            loop.add_reader(listener.fileno(), self._accept, listener, "ssh")
        for listener in self.web_listeners:
            loop.add_reader(listener.fileno(), self._accept, listener, "web")
        for worker in self.workers:
            loop.add_reader(worker.control.fileno(), self._hear, worker)
        self.server.presence.subscribe(self._broadcast)
        self.server.presence.ender = self._end

    def _end(self, session: str) -> None:
        """The GM ends one connection: whichever process holds it ends it."""
        for worker in self.workers:
            _send(worker.control, {"op": "end", "session": session})
        self.server.end_session(session)  # one it plays itself (no worker left)

    def _accept(self, listener: socket.socket, kind: str) -> None:
        while True:
            try:
                conn, _ = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as error:  # out of descriptors, for one: said, and go on
                self.server.said("accept_failed", error=error)
                return
            self._hand(conn, kind)

    def _hand(self, conn: socket.socket, kind: str = "ssh") -> None:
        """Give a connection to the least busy worker (or play it here: none left). A
        browser's connection counts once its page holds a seat (the worker says so)."""
        serial = self.server.serial()
        message = {"op": "connection", "serial": serial, "kind": kind}
        for worker in sorted(self.workers, key=lambda w: w.connections):
            if _send(worker.control, message, [conn.fileno()]):
                worker.connections += kind == "ssh"
                conn.close()
                return
        conn.setblocking(False)
        accepting = (
            self.server.accept(conn, self.host_key, serial)
            if kind == "ssh"
            else self.server.accept_web(conn)
        )
        task = asyncio.get_running_loop().create_task(accepting)
        self._local.add(task)
        task.add_done_callback(self._local.discard)

    def _hear(self, worker: Worker) -> None:
        for received in _waiting(worker.control):
            if received is None:
                self._lost(worker)
                return
            message, fds = received
            for fd in fds:
                os.close(fd)  # workers send none
            self._take(worker, message)

    def _take(self, worker: Worker, message: dict[str, Any]) -> None:
        op = message.get("op")
        presence = self.server.presence
        if op == "log":
            self.server.log(str(message["line"]))
        elif op == "closed":
            worker.connections = max(0, worker.connections - 1)
        elif op == "opened":
            worker.connections += 1
        elif op == "knock":
            self._knock(worker, message)
        elif op == "withdraw":
            task = worker.knocks.pop(int(message["ask"]), None)
            if task is not None:
                task.cancel()
        elif op == "page":
            link = str(message["link"])
            admitted = self.door.open_page(link)
            if admitted:
                worker.pages[link] = worker.pages.get(link, 0) + 1
            _send(worker.control, {"op": "answer", "ask": message["ask"], "value": admitted})
        elif op == "page_closed":
            link = str(message["link"])
            self.door.close_page(link)
            if worker.pages.get(link, 0) > 1:
                worker.pages[link] -= 1
            else:
                worker.pages.pop(link, None)
        elif op == "join":
            present = present_from_data(message["present"])
            worker.present[int(message["token"])] = present
            presence.join(present)
        elif op == "leave":
            gone = worker.present.pop(int(message["token"]), None)
            if gone is not None:
                presence.leave(gone)
        elif op == "replace":
            token = int(message["token"])
            was = worker.present.get(token)
            if was is not None:
                worker.present[token] = now = present_from_data(message["present"])
                presence.replace(was, now)

    def _knock(self, worker: Worker, message: dict[str, Any]) -> None:
        """A worker's seat knocks: ask the GM, and send the answer back."""
        ask = int(message["ask"])
        seat = present_from_data(message["present"]).seat

        async def knock() -> None:
            try:
                admitted = await self.door.knock(
                    str(message["name"]), seat, str(message["via"]), str(message["where"])
                )
            finally:
                worker.knocks.pop(ask, None)
            _send(worker.control, {"op": "answer", "ask": ask, "value": admitted})

        worker.knocks[ask] = asyncio.get_running_loop().create_task(knock())

    def _lost(self, worker: Worker) -> None:
        """A worker's control socket closed: it ended (or was killed)."""
        asyncio.get_running_loop().remove_reader(worker.control.fileno())
        worker.control.close()
        self.workers.remove(worker)
        for present in worker.present.values():
            self.server.presence.leave(present)
        for link, count in worker.pages.items():
            for _ in range(count):
                self.door.close_page(link)
        for task in worker.knocks.values():
            task.cancel()
        with contextlib.suppress(ChildProcessError):
            os.waitpid(worker.pid, os.WNOHANG)
        if not self.stopping:
            self.server.said("worker_ended", pid=worker.pid, count=len(worker.present))

    def _broadcast(self) -> None:
        everyone = [present_to_data(p) for p in self.server.presence.everyone()]
        for worker in list(self.workers):
            _send(worker.control, {"op": "presence", "everyone": everyone})

    async def stop(self) -> None:
        """Stop accepting, end every session (each worker's and this process's own),
        and wait for the workers to exit (killed after :data:`STOP_SECONDS`)."""
        self.stopping = True
        loop = asyncio.get_running_loop()
        for listener in [*self.listeners, *self.web_listeners]:
            loop.remove_reader(listener.fileno())
            listener.close()
        pids = [worker.pid for worker in self.workers]
        for worker in self.workers:
            _send(worker.control, {"op": "stop"})
        await self.server.stop()
        for _ in range(int(STOP_SECONDS / 0.05)):
            pids = [pid for pid in pids if not _reaped(pid)]
            if not pids:
                break
            await asyncio.sleep(0.05)
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        for worker in list(self.workers):
            loop.remove_reader(worker.control.fileno())
            worker.control.close()
        self.workers.clear()


def _reaped(pid: int) -> bool:
    """Whether child ``pid`` has exited (and is reaped now)."""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return done == pid


# --- A worker ---------------------------------------------------------------------------


class RelayedPresence(Presence):
    """A worker's presence: joins and leaves go to the main process, and what every
    screen shows is the whole table's list the main process sends back."""

    def __init__(self, tell_main: Callable[[dict[str, Any]], object]) -> None:
        super().__init__()
        self._tell_main = tell_main
        self._tokens: dict[int, int] = {}
        self._next = 0

    def join(self, present: Present) -> None:
        self._next += 1
        self._tokens[id(present)] = self._next
        data = present_to_data(present)
        self._tell_main({"op": "join", "token": self._next, "present": data})

    def leave(self, present: Present) -> None:
        token = self._tokens.pop(id(present), None)
        if token is not None:
            self._tell_main({"op": "leave", "token": token})

    def replace(self, present: Present, now: Present) -> None:
        token = self._tokens.pop(id(present), None)
        if token is not None:
            self._tokens[id(now)] = token
            self._tell_main({"op": "replace", "token": token, "present": present_to_data(now)})

    def mirror(self, everyone: list[Present]) -> None:
        """The whole table as the main process says it now: every screen is told."""
        self._present = list(everyone)
        self._tell()


class RelayedDoor:
    """A worker's door: knocks and pages are asked of the main process's
    :class:`~meneur.play.door.Door`, whose answers come back as ``answer`` messages."""

    def __init__(self, tell_main: Callable[[dict[str, Any]], object]) -> None:
        self._tell_main = tell_main
        self._asks: dict[int, asyncio.Future[bool]] = {}
        self._next = 0

    def _ask(self, message: dict[str, Any]) -> tuple[int, asyncio.Future[bool]]:
        self._next += 1
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._asks[self._next] = future
        self._tell_main({**message, "ask": self._next})
        return self._next, future

    async def knock(self, name: str, seat: Seat, via: str, where: str) -> bool:
        present = present_to_data(Present(seat, name))
        ask, future = self._ask(
            {"op": "knock", "name": name, "present": present, "via": via, "where": where}
        )
        try:
            return await future
        except asyncio.CancelledError:
            self._tell_main({"op": "withdraw", "ask": ask})
            raise
        finally:
            self._asks.pop(ask, None)

    async def enter(self, link: str) -> bool:
        ask, future = self._ask({"op": "page", "link": link})
        try:
            admitted = await future
        finally:
            self._asks.pop(ask, None)
        if admitted:
            self._tell_main({"op": "opened"})
        return admitted

    def leave(self, link: str) -> None:
        self._tell_main({"op": "page_closed", "link": link})
        self._tell_main({"op": "closed"})

    def answered(self, ask: int, value: bool) -> None:
        """The main process's answer to question ``ask``."""
        future = self._asks.get(ask)
        if future is not None and not future.done():
            future.set_result(value)

    def gone(self) -> None:
        """The main process is gone: every question is answered no."""
        for future in self._asks.values():
            if not future.done():
                future.set_result(False)


def run_worker(
    control: socket.socket, make_server: Callable[[Log, Presence, RelayedDoor], TableServer],
    host_key: asyncssh.SSHKey,
) -> int:  # fmt: skip
    """A worker's life: play the connections the main process hands over until it says
    stop (or is gone). Returns the exit status."""
    # Ctrl-C in the GM's terminal reaches the whole process group: the main process
    # decides when the table stops, and tells its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    control.setblocking(False)

    def tell_main(message: dict[str, Any]) -> None:
        _send(control, message)

    def log(line: str) -> None:
        tell_main({"op": "log", "line": line})

    presence = RelayedPresence(tell_main)
    door = RelayedDoor(tell_main)
    server = make_server(log, presence, door)
    quiet_library_logs(log, server.lang)  # what aiohttp or asyncio log: one line, no traceback

    async def work() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        tasks: set[asyncio.Task[None]] = set()

        def hear() -> None:
            for received in _waiting(control):
                if received is None:  # the main process is gone
                    loop.remove_reader(control.fileno())
                    door.gone()
                    stop.set()
                    return
                message, fds = received
                op = message.get("op")
                if op == "connection" and fds:
                    sock = socket.socket(fileno=fds[0])
                    sock.setblocking(False)
                    for extra in fds[1:]:
                        os.close(extra)
                    task = loop.create_task(
                        server.accept_web(sock)
                        if message.get("kind") == "web"
                        else server.accept(sock, host_key, int(message["serial"]))
                    )
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
                    continue
                for fd in fds:
                    os.close(fd)
                if op == "presence":
                    presence.mirror([present_from_data(p) for p in message["everyone"]])
                elif op == "answer":
                    door.answered(int(message["ask"]), bool(message["value"]))
                elif op == "end":
                    server.end_session(str(message["session"]))
                elif op == "stop":
                    stop.set()

        server.closed = lambda: tell_main({"op": "closed"})
        loop.add_reader(control.fileno(), hear)
        try:
            await stop.wait()
        finally:
            with contextlib.suppress(ValueError, OSError):
                loop.remove_reader(control.fileno())
            await server.stop()
            server.close()

    asyncio.run(work())
    control.close()
    return 0
