"""Connections spread over serving workers by their share (service/balanced_accept.py): the ledger's rule,
and listeners that share one listening socket as gunicorn's workers do (two in one event loop here)."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Coroutine, Iterator
from typing import Any

import pytest
import uvloop

from service import balanced_accept
from service.balanced_accept import BalancedListener, ConnectionLedger

# Two processes that run as long as the test does, standing for two serving workers (a slot of a pid that
# no longer runs is free to take).
ONE, OTHER = os.getpid(), os.getppid()


def _take(ledger: ConnectionLedger, slot: int) -> bool:
    """A worker's turn at a waiting connection: reserved within its share, then accepted."""
    if not ledger.take_if_fair(slot):
        return False
    ledger.accepted(slot)
    return True


def test_connections_go_to_the_worker_below_its_share_in_turn() -> None:
    ledger = ConnectionLedger(4)
    first, second = ledger.join(ONE), ledger.join(OTHER)
    assert first is not None and second is not None
    taken = []
    for _ in range(8):
        # Each connection is offered to the first worker, then to the second, as the kernel wakes both.
        taken.append(ONE if _take(ledger, first) else OTHER if _take(ledger, second) else None)
    assert taken == [ONE, OTHER] * 4
    assert ledger.counts() == {ONE: 4, OTHER: 4}


def test_a_worker_alone_takes_every_connection_and_shares_once_another_joins() -> None:
    ledger = ConnectionLedger(4)
    first = ledger.join(ONE)
    assert first is not None
    assert all(_take(ledger, first) for _ in range(3))
    second = ledger.join(OTHER)
    assert second is not None
    # 3 + 0 open: the first is over its share of 4 connections (2) until the second has caught up.
    assert not _take(ledger, first)
    assert _take(ledger, second)
    assert _take(ledger, second)
    assert not _take(ledger, first)  # 4 of 6 would be more than half
    assert _take(ledger, second)
    assert _take(ledger, first)
    assert ledger.counts() == {ONE: 4, OTHER: 3}


def test_a_closed_connection_makes_room_and_counts_never_go_below_zero() -> None:
    ledger = ConnectionLedger(2)
    first, second = ledger.join(ONE), ledger.join(OTHER)
    assert first is not None and second is not None
    assert _take(ledger, first)
    assert not _take(ledger, first)
    ledger.closed(first)
    ledger.closed(first)
    assert ledger.counts() == {ONE: 0, OTHER: 0}
    assert _take(ledger, first)


def test_a_connection_another_worker_reserved_but_missed_does_not_count_for_it() -> None:
    """Both workers woken for one connection: the one that reserved it may lose it to the other's accept,
    so its reservation must not raise the share the other is measured against (that made 5+3 of 8)."""
    ledger = ConnectionLedger(2)
    first, second = ledger.join(ONE), ledger.join(OTHER)
    assert first is not None and second is not None
    for _ in range(3):
        assert _take(ledger, first) and _take(ledger, second)
    assert _take(ledger, first)  # 4 + 3 open; the eighth connection is the second worker's to take
    assert ledger.take_if_fair(second)  # reserved, not yet accepted
    assert not ledger.take_if_fair(first)  # 5 of 8 would be past half, whatever the second has reserved
    ledger.missed(second)  # its accept() found nothing: the client gave up meanwhile
    assert _take(ledger, second)
    assert ledger.counts() == {ONE: 4, OTHER: 4}


def test_a_dead_worker_leaves_its_slot_and_its_connections() -> None:
    ledger = ConnectionLedger(2)
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)  # exited: its slot is free for the next worker to join
    first = ledger.join(dead_pid)
    assert first is not None and _take(ledger, first)
    assert ledger.join(os.getpid()) is not None
    assert ledger.join(os.getppid()) is not None  # reuses the dead worker's slot
    assert dead_pid not in ledger.counts()
    ledger.leave(os.getpid())  # the master's child_exit hook
    assert ledger.counts() == {os.getppid(): 0}


@pytest.fixture(params=["asyncio", "uvloop"])
def run(request: pytest.FixtureRequest) -> Callable[[Coroutine[Any, Any, None]], None]:
    """Run a scenario on asyncio's own loop and on uvloop's (which uvicorn picks when it is installed)."""
    factory = uvloop.new_event_loop if request.param == "uvloop" else asyncio.new_event_loop

    def run_on_loop(scenario: Coroutine[Any, Any, None]) -> None:
        with asyncio.Runner(loop_factory=factory) as runner:
            runner.run(scenario)

    return run_on_loop


@pytest.fixture
def listening() -> Iterator[socket.socket]:
    sock = socket.create_server(("127.0.0.1", 0), backlog=64)
    yield sock
    sock.close()


async def _connect(port: int, count: int) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    return list(await asyncio.gather(*(asyncio.open_connection("127.0.0.1", port) for _ in range(count))))


class _Held(asyncio.Protocol):
    """A server-side connection that stays open until the client closes it, noted in `holders`."""

    def __init__(self, holders: list[str], name: str) -> None:
        self.holders, self.name = holders, name

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.holders.append(self.name)

    def connection_lost(self, exc: Exception | None) -> None:
        self.holders.remove(self.name)


async def _until(condition: object, seconds: float = 5.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not (callable(condition) and condition()):
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.01)


def test_two_listeners_on_one_socket_hold_four_of_eight_connections_each(
    listening: socket.socket, run: Callable[[Coroutine[Any, Any, None]], None]
) -> None:
    async def scenario() -> None:
        ledger = ConnectionLedger(4)
        slots = [ledger.join(os.getpid()), ledger.join(os.getppid())]  # two live pids: two workers
        holders: list[str] = []
        # Each worker has the socket as a descriptor of its own (gunicorn's fork), registered with its own loop.
        socks = [listening, listening.dup()]
        listeners = [
            BalancedListener(sock, lambda name=name: _Held(holders, name), ledger, slot)  # type: ignore[misc]
            for name, sock, slot in zip(("a", "b"), socks, slots, strict=True)
            if slot is not None
        ]
        # All eight wait in the backlog when the first worker wakes, and the second wakes a moment later.
        clients = await _connect(listening.getsockname()[1], 8)
        listeners[0].start()
        await asyncio.sleep(balanced_accept.DEFER_SECONDS / 5)
        listeners[1].start()
        await _until(lambda: len(holders) == 8)
        assert sorted(holders) == ["a"] * 4 + ["b"] * 4
        assert sorted(ledger.counts().values()) == [4, 4]
        for _, writer in clients:
            writer.close()
        await _until(lambda: not holders)
        assert sorted(ledger.counts().values()) == [0, 0]
        for listener in listeners:
            listener.close()
            await listener.wait_closed()
        socks[1].close()

    run(scenario())


def test_a_worker_over_its_share_takes_the_connection_nobody_else_took(
    listening: socket.socket, monkeypatch: pytest.MonkeyPatch, run: Callable[[Coroutine[Any, Any, None]], None]
) -> None:
    """The other worker is registered but never accepts (hung, or still starting): after DEFER_SECONDS the
    connection is served anyway."""
    monkeypatch.setattr(balanced_accept, "DEFER_SECONDS", 0.02)

    async def scenario() -> None:
        ledger = ConnectionLedger(4)
        mine, _silent = ledger.join(os.getpid()), ledger.join(os.getppid())
        assert mine is not None
        holders: list[str] = []
        listener = BalancedListener(listening, lambda: _Held(holders, "a"), ledger, mine)
        listener.start()
        clients = await _connect(listening.getsockname()[1], 3)
        await _until(lambda: len(holders) == 3)
        assert ledger.counts()[os.getpid()] == 3
        for _, writer in clients:
            writer.close()
        await _until(lambda: not holders)
        assert ledger.counts()[os.getpid()] == 0
        listener.close()
        await listener.wait_closed()

    run(scenario())
