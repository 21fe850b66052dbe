"""Keep-alive connections spread evenly over gunicorn's workers.

Every worker listens on the socket gunicorn's master opened before the fork, and the kernel wakes them
all when a connection arrives. Left alone, the first one awake accepts every connection waiting (asyncio
and libuv accept in a loop until none is left), so a burst of keep-alive connections (a proxy opening its
upstream pool, a load generator) often lands whole on one worker: `ss` showed 1+7 and 0+8 splits of eight
connections over two workers, and the second worker's core then served nobody for as long as they stayed
open.

Here a worker accepts one connection at a time, and only while it would hold no more than its share
(ceil(open connections / workers)) of the connections open on all workers, counted in a ledger in shared
memory that the master creates before it forks. A worker over its share leaves the connection to the
others; when none of them has taken it after DEFER_SECONDS (hung, or busy starting), it takes it anyway,
so balance never costs a client more than that wait.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import math
import multiprocessing
import os
import select
import socket
import ssl
from collections.abc import Callable
from typing import Any

from uvicorn.config import Config
from uvicorn.server import Server

log = logging.getLogger(__name__)

DEFER_SECONDS = 0.05  # how long a worker over its share leaves a waiting connection to the others
RECHECK_SECONDS = 0.002  # how often it looks meanwhile whether its share has grown or the connection is gone
LOCK_SECONDS = 0.05  # a ledger lock held longer than this (its holder killed): accept without counting
BUSY_SECONDS = 1.0  # after accept() failed for want of file descriptors, as asyncio waits


class ConnectionLedger:
    """How many connections each serving process holds, in memory shared across gunicorn's fork.

    A slot per live worker (its pid, its open connections); the master frees a dead worker's slot
    (`leave`, from gunicorn's child_exit hook), and `join` also reuses slots of pids that no longer run.
    """

    def __init__(self, slots: int) -> None:
        context = multiprocessing.get_context("fork")
        self._lock = context.Lock()
        self._pids = context.RawArray(ctypes.c_long, slots)
        self._open = context.RawArray(ctypes.c_long, slots)
        self._reserved = context.RawArray(ctypes.c_long, slots)

    def join(self, pid: int) -> int | None:
        """A slot for the worker `pid`, holding no connection yet; None when every slot is taken."""
        with self._locked() as locked:
            if not locked:
                return None
            for slot, holder in enumerate(self._pids):
                if holder == pid or holder == 0 or not _running(holder):
                    self._pids[slot], self._open[slot], self._reserved[slot] = pid, 0, 0
                    return slot
        return None

    def leave(self, pid: int) -> None:
        """Free the slot of the worker `pid` (it exited): its connections closed with it."""
        with self._locked():  # best effort without the lock: the slot is this process's to clear
            for slot, holder in enumerate(self._pids):
                if holder == pid:
                    self._pids[slot], self._open[slot], self._reserved[slot] = 0, 0, 0

    def take_if_fair(self, slot: int) -> bool:
        """Reserve one more connection for `slot` if that leaves it at most its share; whether it did.

        The share is of the connections open, not of those other workers have reserved and may yet not get
        (another worker can accept first): counting those would let this worker past its share."""
        with self._locked() as locked:
            if not locked:
                self._reserved[slot] += 1
                return True
            workers = sum(1 for pid in self._pids if pid)
            share = math.ceil((sum(self._open) + 1) / max(workers, 1))
            if self._open[slot] + self._reserved[slot] + 1 > share:
                return False
            self._reserved[slot] += 1
            return True

    def accepted(self, slot: int) -> None:
        """The connection reserved by `take_if_fair` was accepted: it is open."""
        with self._locked():
            self._reserved[slot] = max(0, self._reserved[slot] - 1)
            self._open[slot] += 1

    def missed(self, slot: int) -> None:
        """The connection reserved by `take_if_fair` was accepted by another worker first."""
        with self._locked():
            self._reserved[slot] = max(0, self._reserved[slot] - 1)

    def opened(self, slot: int) -> None:
        """Count a connection taken regardless of shares (nobody else took it)."""
        with self._locked():
            self._open[slot] += 1

    def closed(self, slot: int) -> None:
        with self._locked():
            self._open[slot] = max(0, self._open[slot] - 1)

    def counts(self) -> dict[int, int]:
        """Open connections per worker pid (for tests and diagnostics)."""
        with self._locked():
            return {pid: self._open[slot] for slot, pid in enumerate(self._pids) if pid}

    @contextlib.contextmanager
    def _locked(self) -> Any:
        locked = self._lock.acquire(timeout=LOCK_SECONDS)
        try:
            yield locked
        finally:
            if locked:
                self._lock.release()


def _waiting(sock: socket.socket) -> bool:
    """Whether a connection waits to be accepted on the listening `sock` (without accepting it)."""
    poller = select.poll()  # not select(): descriptors past 1024 are fine
    poller.register(sock, select.POLLIN)
    return bool(poller.poll(0))


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # somebody else's process reuses the pid: not our worker either
        return False
    return True


class BalancedListener(asyncio.AbstractServer):
    """Accepts from one listening socket shared with the other workers, one connection at a time and only
    within this worker's share, and hands each to the protocol as asyncio's server would. Implements what
    uvicorn uses of asyncio's Server (close, wait_closed)."""

    def __init__(
        self,
        sock: socket.socket,
        protocol_factory: Callable[[], asyncio.Protocol],
        ledger: ConnectionLedger,
        slot: int,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self._loop = asyncio.get_running_loop()
        self._sock, self._protocol_factory, self._ssl = sock, protocol_factory, ssl_context
        self._ledger, self._slot = ledger, slot
        self._serving = False
        self._later: asyncio.TimerHandle | None = None
        self._deadline = 0.0  # loop time after which a waiting connection is taken past this worker's share
        self._handing_over: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self._sock.setblocking(False)
        self._serving = True
        self._loop.add_reader(self._sock.fileno(), self._readable)

    def _readable(self) -> None:
        if self._ledger.take_if_fair(self._slot):
            self._accept(counted=True)
            return
        # Over this worker's share: the connection is another worker's to take. Stop listening (a waiting
        # connection would wake this loop without end) and look again shortly: shares move as the others
        # accept, and what nobody has taken by the deadline this worker takes.
        self._loop.remove_reader(self._sock.fileno())
        self._deadline = self._loop.time() + DEFER_SECONDS
        self._later = self._loop.call_later(RECHECK_SECONDS, self._recheck)

    def _recheck(self) -> None:
        self._later = None
        if not self._serving:
            return
        if _waiting(self._sock):
            if self._ledger.take_if_fair(self._slot):
                self._accept(counted=True)
            elif self._loop.time() >= self._deadline:
                self._accept(counted=False)  # nobody else took it
            else:
                self._later = self._loop.call_later(RECHECK_SECONDS, self._recheck)
                return
        if self._serving and self._later is None:
            self._loop.add_reader(self._sock.fileno(), self._readable)

    def _accept(self, counted: bool) -> None:
        try:
            conn, _ = self._sock.accept()
        except (BlockingIOError, InterruptedError, ConnectionAbortedError):
            if counted:  # another worker accepted it first
                self._ledger.missed(self._slot)
            return
        except OSError as error:  # out of file descriptors or buffers: accept again once some are freed
            if counted:
                self._ledger.missed(self._slot)
            log.error("accepting a connection failed, trying again in %.0f s: %s", BUSY_SECONDS, error)
            self._loop.remove_reader(self._sock.fileno())
            self._deadline = self._loop.time() + BUSY_SECONDS
            self._later = self._loop.call_later(BUSY_SECONDS, self._recheck)
            return
        if counted:
            self._ledger.accepted(self._slot)
        else:
            self._ledger.opened(self._slot)
        conn.setblocking(False)
        if conn.family in (socket.AF_INET, socket.AF_INET6):
            # As asyncio's own server does: without it, small answers wait for the client's delayed ACK.
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        task = self._loop.create_task(self._hand_over(conn))
        self._handing_over.add(task)
        task.add_done_callback(self._handing_over.discard)

    async def _hand_over(self, conn: socket.socket) -> None:
        released = False

        def release() -> None:
            nonlocal released
            if not released:
                released = True
                self._ledger.closed(self._slot)

        def counted_protocol() -> asyncio.Protocol:
            protocol = self._protocol_factory()
            lost = protocol.connection_lost

            def connection_lost(exc: Exception | None) -> None:
                release()
                lost(exc)

            protocol.connection_lost = connection_lost  # type: ignore[method-assign]  # counted per connection
            return protocol

        try:
            await self._loop.connect_accepted_socket(counted_protocol, conn, ssl=self._ssl)
        except Exception as error:  # a failed TLS handshake, a peer gone before it was served
            release()
            conn.close()
            log.debug("a connection closed before it was served: %s", error)

    # --- what uvicorn uses of asyncio.Server ---

    def close(self) -> None:
        if not self._serving:
            return
        self._serving = False
        if self._later is not None:
            self._later.cancel()
            self._later = None
        self._loop.remove_reader(self._sock.fileno())

    async def wait_closed(self) -> None:
        if self._handing_over:
            await asyncio.gather(*self._handing_over, return_exceptions=True)

    def get_loop(self) -> asyncio.AbstractEventLoop:
        return self._loop

    def is_serving(self) -> bool:
        return self._serving

    async def start_serving(self) -> None:
        if not self._serving:
            self.start()

    async def serve_forever(self) -> None:
        await self.start_serving()
        await asyncio.Future()


class BalancedServer(Server):
    """uvicorn's Server, accepting from gunicorn's shared sockets through BalancedListener."""

    def __init__(self, config: Config, ledger: ConnectionLedger) -> None:
        super().__init__(config)
        self._ledger = ledger

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        slot = self._ledger.join(os.getpid()) if sockets else None
        if sockets is None or slot is None:  # not under gunicorn, or the ledger is full: as uvicorn does
            await super().startup(sockets)
            return
        await super().startup(sockets=[])  # the lifespan, no listener: ours follow
        if not self.started:
            return
        config, loop = self.config, asyncio.get_running_loop()

        def create_protocol() -> asyncio.Protocol:
            protocol: asyncio.Protocol = config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state, _loop=loop
            )
            return protocol

        for sock in sockets:
            listener = BalancedListener(sock, create_protocol, self._ledger, slot, config.ssl)
            listener.start()
            self.servers.append(listener)  # type: ignore[arg-type]  # uvicorn only closes and awaits them
