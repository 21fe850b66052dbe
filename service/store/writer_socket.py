"""One writer for every process on one SQLite file, reached through a local socket (issue 19, points 1 and 3).

Each process batching its own appends (`group_commit.py`) and taking turns with the others on the lock
file makes N processes commit N small alternating batches: a second serving worker added little. Here
one writer process owns the appends: the serving workers decide (HTTP, validation, loading, the
ruleset's `decide`) and send each append as a picklable request over a Unix socket; the writer runs them
all through one `GroupCommitWriter` (a savepoint per append, one commit for every process's appends
that arrived meanwhile) and answers each caller only after that commit, with its recorded result or
its own refusal (WrongExpectedVersion, IdempotencyKeyReused…), raised in the caller as it would have
been raised locally.

The post-append work (`on_append`, `answer`) travels with the request, so it must pickle: module-level
command objects (`service/game_appends.py`), not closures. An append whose work does not pickle, and
every write that is not an append (`EventStore.write`, imports), takes the local path: this process's
own writer and the lock file, which the writer process takes too, so both paths stay serialised.

Security: the socket lives in a private directory (0700) and each connection proves it knows the
serve command's random key (`multiprocessing.connection`'s HMAC challenge) before anything is
unpickled. Failure: a caller whose writer dies after reading its request and before answering gets
`WriterUnavailable` (its append may or may not have committed, as after any lost connection; an
Idempotency-Key retry tells); a caller whose writer died before reading all of its request, and a
process that cannot reach the writer at all, append on the local path meanwhile.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import pickle
import socket
import struct
import sys
import termios
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import AuthenticationError
from multiprocessing.connection import Client, Connection, Listener, wait
from typing import TYPE_CHECKING, Any

from service.errors import AnnalsError

if TYPE_CHECKING:  # the store imports this module: only its types are needed here
    from service.store.events import Answer, AppendResult, EventDraft, EventStore, OnAppend

log = logging.getLogger("annals.writer")

ADDRESS_ENV = "ANNALS_WRITER_SOCKET"
AUTHKEY_ENV = "ANNALS_WRITER_AUTHKEY"  # hex; set by `annals serve --workers N` for its workers

_OK, _ERROR = 0, 1

# Linux resets a Unix socket's peer (ECONNRESET) when the socket is closed, or its process dies, with
# bytes still unread in it, and gives a plain end of file otherwise. A caller has sent nothing but its
# one request since its last answer, so a reset means the writer never read all of that request and
# cannot have appended it: the caller appends on the local path instead of answering 503. Elsewhere a
# reset proves nothing, and the caller gets WriterUnavailable as after any lost connection.
UNREAD_IS_RESET = sys.platform.startswith("linux")
_PING = b""


class WriterUnavailable(AnnalsError):
    """The writer process stopped before answering: the append may or may not be recorded."""

    status, slug, title = 503, "writer-unavailable", "The writer is restarting"


class WriterUnreachable(Exception):
    """The writer process could not be reached, or stopped before reading the whole request: it appended
    nothing of it (the local path appends)."""


@dataclass(frozen=True, slots=True)
class AppendRequest:
    """One `EventStore.append`, as sent to the writer process."""

    stream_id: str
    expected_version: int | None
    drafts: tuple[EventDraft, ...]
    idempotency_key: str | None
    fingerprint: str | None
    on_append: OnAppend | None
    answer: Answer | None


def encode(request: AppendRequest) -> bytes | None:
    """The request as sent, or None when its post-append work does not pickle (a closure)."""
    try:
        return pickle.dumps(request, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        return None


class WriterClient:
    """A process's connections to the writer: one per concurrent append, kept for the next ones."""

    def __init__(self, address: str, authkey: bytes) -> None:
        self.address = address
        self.authkey = authkey
        self._idle: list[Connection] = []
        self._mutex = threading.Lock()

    def call(self, payload: bytes) -> AppendResult:
        """Send an encoded request; its result once committed, or its refusal raised here."""
        conn = self._borrow()
        try:
            conn.send_bytes(payload)
        except OSError as error:  # not all of it sent: the writer cannot have read the request
            conn.close()
            raise WriterUnreachable(f"the writer at {self.address} stopped before the request was sent") from error
        try:
            reply = conn.recv_bytes()
        except (OSError, EOFError) as error:
            conn.close()
            if UNREAD_IS_RESET and isinstance(error, ConnectionResetError):
                raise WriterUnreachable(f"the writer at {self.address} stopped before reading the request") from error
            raise WriterUnavailable(
                "the writer process stopped before answering: the append may or may not be recorded "
                "(send it again with the same Idempotency-Key to find out)"
            ) from error
        with self._mutex:
            self._idle.append(conn)
        kind, value = pickle.loads(reply)
        if kind == _ERROR:
            raise _rebuilt(value)
        return value  # type: ignore[no-any-return]

    def ping(self) -> None:
        """Raise unless the writer answers (an empty request is answered at once)."""
        conn = self._borrow()
        try:
            conn.send_bytes(_PING)
            conn.recv_bytes()
        except (OSError, EOFError) as error:
            conn.close()
            raise WriterUnreachable(f"the writer at {self.address} did not answer") from error
        with self._mutex:
            self._idle.append(conn)

    def answers(self) -> bool:
        """Whether the writer listens and answers now."""
        try:
            self.ping()
        except WriterUnreachable:
            return False
        return True

    def close(self) -> None:
        """Close the idle connections (the next append connects again)."""
        with self._mutex:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def _borrow(self) -> Connection:
        while True:
            with self._mutex:
                conn = self._idle.pop() if self._idle else None
            if conn is None:
                return self._connect()
            # An idle connection has nothing to read unless the writer closed it (it restarted): a
            # request sent on it would fail with its outcome unknown, so it is dropped before use.
            if not conn.poll(0):
                return conn
            conn.close()

    def _connect(self) -> Connection:
        try:
            return Client(self.address, family="AF_UNIX", authkey=self.authkey)
        except (OSError, EOFError, ValueError) as error:
            raise WriterUnreachable(f"no writer at {self.address}: {error}") from error


class WriterServer:
    """The writer process's side: one thread reads the requests that arrived and commits them as one batch.

    Every request that arrived while the last commit ran is read at once and appended in one batch
    (`EventStore.append_all`: a savepoint each, one commit), then each caller is answered. The next
    batch forms in the sockets during this one's fsync, so nothing hands a request from thread to
    thread: a wake-up per append, and the threads' contention for the interpreter lock, cost more than
    the appends on a busy machine. A second thread accepts connections and checks their key.
    """

    def __init__(self, store: EventStore, address: str, authkey: bytes) -> None:
        self.store = store
        self.address = address
        self._listener = Listener(address, family="AF_UNIX", backlog=128, authkey=authkey)
        self._closed = threading.Event()
        self._callers: set[Connection] = set()
        self._mutex = threading.Lock()
        self._wake_reader, self._waker = socket.socketpair()

    def serve_forever(self) -> None:
        """Serve callers until `close`; the appends read by then are committed and answered first."""
        threading.Thread(target=self._accept, name="annals-writer-accepts", daemon=True).start()
        try:
            while not self._closed.is_set():
                self._commit(self._arrived())
        finally:
            with self._mutex:
                callers, self._callers = self._callers, set()
            for caller in callers:
                caller.close()
            self._wake_reader.close()
            self._waker.close()

    def waiting(self) -> int:
        """Callers whose request has arrived and is not answered yet (tests, bench)."""
        with self._mutex:
            callers = list(self._callers)
        unread = sum(1 for caller in callers if _unread_bytes(caller) > 0)
        return unread + self.store.group_commit.waiting()

    def close(self) -> None:
        """Stop accepting and reading (a batch being committed is still answered)."""
        self._closed.set()
        # A connection wakes the accept waiting in `_accept` (closing the socket would not): it fails the
        # key challenge, and the loop sees it is closed.
        with contextlib.suppress(OSError), socket.socket(socket.AF_UNIX) as waking:
            waking.connect(self.address)
        self._listener.close()
        with contextlib.suppress(OSError):
            self._waker.send(b"x")

    def _accept(self) -> None:
        while not self._closed.is_set():
            try:
                caller = self._listener.accept()
            except (OSError, EOFError, AuthenticationError) as error:  # closed, or a caller without the key
                if not self._closed.is_set():
                    log.warning("writer: refused a connection: %s", error)
                continue
            with self._mutex:
                self._callers.add(caller)
            with contextlib.suppress(OSError):
                self._waker.send(b"x")  # the reader waits on the callers it knew: it adds this one

    def _arrived(self) -> list[tuple[Connection, AppendRequest]]:
        """The request of every caller that sent one (a caller sends its next after its answer)."""
        with self._mutex:
            callers = list(self._callers)
        arrived: list[tuple[Connection, AppendRequest]] = []
        for ready in wait([*callers, self._wake_reader]):
            if ready is self._wake_reader:
                self._wake_reader.recv(4096)
                continue
            assert isinstance(ready, Connection)
            try:
                payload = ready.recv_bytes()
                if payload == _PING:
                    ready.send_bytes(_PING)
                    continue
            except (OSError, EOFError):  # hung up (a worker stopped or was killed)
                with self._mutex:
                    self._callers.discard(ready)
                ready.close()
                continue
            try:
                arrived.append((ready, pickle.loads(payload)))
            except Exception as error:  # a class this process cannot import: that caller's own failure
                ready.send_bytes(_encoded_error(error))
        return arrived

    def _commit(self, batch: list[tuple[Connection, AppendRequest]]) -> None:
        """Append the batch, then answer each caller with its result or its own refusal."""
        if not batch:
            return
        try:
            results = self.store.append_all([request for _, request in batch])
        except Exception as error:  # not one append's refusal (those are in the results): all get it
            results = [error] * len(batch)
        for (caller, _), result in zip(batch, results, strict=True):
            if isinstance(result, Exception):
                answer = _encoded_error(result)  # raised again on the caller's side
            else:
                answer = pickle.dumps((_OK, result), pickle.HIGHEST_PROTOCOL)
            with contextlib.suppress(OSError):  # a caller gone meanwhile
                caller.send_bytes(answer)


def _unread_bytes(caller: Connection) -> int:
    with contextlib.suppress(OSError):
        return struct.unpack("i", fcntl.ioctl(caller.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]  # type: ignore[no-any-return]
    return 0


def _encoded_error(error: Exception) -> bytes:
    """An error as its class, args and attributes: rebuilt without calling an `__init__` whose
    parameters differ from its args (WrongExpectedVersion), which plain pickling would."""
    try:
        return pickle.dumps((_ERROR, (type(error), error.args, vars(error))), pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        return pickle.dumps((_ERROR, (RuntimeError, (f"the writer failed: {error!r}",), {})), pickle.HIGHEST_PROTOCOL)


def _rebuilt(value: tuple[type[Exception], Sequence[Any], dict[str, Any]]) -> Exception:
    kind, args, attributes = value
    error = kind.__new__(kind, *args)
    error.args = tuple(args)
    error.__dict__.update(attributes)
    return error
