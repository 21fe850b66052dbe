"""`annals serve` keeps each serving process's threads on one core (service/worker_cores.py), as /proc shows
them: gunicorn's workers each on a core of their own, a replaced worker on the core its predecessor left,
one process alone on one core, and `ANNALS_WORKER_CORES=any` on every core."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.e2e.annals_server import Served, serve_annals

ALLOWED = sorted(os.sched_getaffinity(0))
pytestmark = pytest.mark.skipif(len(ALLOWED) < 2, reason="keeping processes apart needs two cores")


def _children(pid: int) -> list[int]:
    found = []
    for process in Path("/proc").iterdir():
        if process.name.isdigit():
            try:
                stat = (process / "stat").read_text(encoding="ascii")
            except OSError:  # gone meanwhile
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(process.name))
    return found


def _cores_of_threads(pid: int) -> set[tuple[int, ...]]:
    """The cores each thread of process `pid` may run on, as a set of distinct masks."""
    masks = set()
    for thread in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(ProcessLookupError):  # the thread ended meanwhile
            masks.add(tuple(sorted(os.sched_getaffinity(int(thread.name)))))
    return masks


def _workers(served: Served, count: int, other_than: frozenset[int] = frozenset()) -> dict[int, int]:
    """Worker pid -> the one core all its threads run on, once `count` workers (none of `other_than`) serve."""
    deadline = time.monotonic() + 30
    while True:
        workers = [pid for pid in _children(served.pid) if pid not in other_than]
        if len(workers) == count and served.call("GET", "/api/v1/health")[0] == 200:
            masks = {pid: _cores_of_threads(pid) for pid in workers}
            if all(len(mask) == 1 and len(next(iter(mask))) == 1 for mask in masks.values()):
                return {pid: next(iter(mask))[0] for pid, mask in masks.items()}
        assert time.monotonic() < deadline, f"workers never settled on a core each: {workers}"
        time.sleep(0.1)


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[Served]:
    yield from serve_annals(f"sqlite:///{tmp_path / 'annals.db'}", 2)


def test_two_workers_run_each_on_a_core_of_its_own_with_every_thread(two_workers: Served) -> None:
    cores = _workers(two_workers, 2)

    assert sorted(cores.values()) == ALLOWED[:2]
    # The master is left to the scheduler: it only watches its workers.
    assert _cores_of_threads(two_workers.pid) == {tuple(ALLOWED)}


def test_a_worker_started_in_place_of_a_killed_one_takes_the_core_it_left(two_workers: Served) -> None:
    cores = _workers(two_workers, 2)
    killed = min(cores)
    os.kill(killed, signal.SIGKILL)

    replaced = _workers(two_workers, 2, other_than=frozenset({killed}))

    assert sorted(replaced.values()) == ALLOWED[:2]
    (newcomer,) = set(replaced) - set(cores)
    assert replaced[newcomer] == cores[killed]


def test_one_serving_process_keeps_every_thread_on_one_core(tmp_path: Path) -> None:
    with contextlib.closing(serve_annals(f"sqlite:///{tmp_path / 'annals.db'}", 1)) as server:
        served = next(server)
        assert served.call("GET", "/api/v1/health")[0] == 200
        (mask,) = _cores_of_threads(served.pid)
        assert len(mask) == 1 and mask[0] in ALLOWED


def test_with_worker_cores_any_the_workers_may_run_on_every_core(tmp_path: Path) -> None:
    with contextlib.closing(
        serve_annals(f"sqlite:///{tmp_path / 'annals.db'}", 2, ANNALS_WORKER_CORES="any")
    ) as server:
        served = next(server)
        deadline = time.monotonic() + 30
        while len(workers := _children(served.pid)) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert served.call("GET", "/api/v1/health")[0] == 200
        for worker in workers:
            assert _cores_of_threads(worker) == {tuple(ALLOWED)}
