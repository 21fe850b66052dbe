"""Which core each serving worker is kept on (service/worker_cores.py); the processes themselves are checked
over real `annals serve` in tests/e2e/test_served_cores.py."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from service.worker_cores import WorkerCores, check_setting, current_core, least_used, pin_this_process, worker_cores


def _arbiter(*cores: int) -> SimpleNamespace:
    workers = {pid: SimpleNamespace(annals_core=core) for pid, core in enumerate(cores, start=100)}
    return SimpleNamespace(WORKERS=workers)


def _placed(hooks: WorkerCores, arbiter: SimpleNamespace) -> int:
    worker = SimpleNamespace()
    hooks.pre_fork(arbiter, worker)
    arbiter.WORKERS[len(arbiter.WORKERS) + 200] = worker
    return int(worker.annals_core)


def test_workers_take_the_cores_in_turn_and_share_them_evenly_when_there_are_more_workers() -> None:
    hooks, arbiter = WorkerCores([0, 1, 2]), _arbiter()

    assert [_placed(hooks, arbiter) for _ in range(7)] == [0, 1, 2, 0, 1, 2, 0]


def test_a_replacement_worker_takes_the_core_its_dead_predecessor_left() -> None:
    hooks, arbiter = WorkerCores([0, 1, 2, 3]), _arbiter(0, 1, 2, 3)
    del arbiter.WORKERS[102]  # gunicorn drops a dead worker before it forks the next one

    assert _placed(hooks, arbiter) == 2


def test_only_the_cores_the_server_may_use_are_handed_out() -> None:
    # A core outside the allowed set (a worker placed before a taskset narrowed it) counts for nothing.
    assert least_used([4, 6], [0, 0, 4]) == 6


def test_the_setting_names_what_it_takes() -> None:
    assert check_setting("spread") == "spread"
    with pytest.raises(ValueError, match="ANNALS_WORKER_CORES must be one of spread, any, not 'all'"):
        check_setting("all")


def test_any_leaves_the_workers_to_the_scheduler() -> None:
    assert worker_cores("any") is None


def test_where_threads_cannot_be_pinned_nothing_is_pinned(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "sched_setaffinity")  # as on macOS

    assert worker_cores("spread") is None
    assert pin_this_process("spread") is None


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="spreading needs two cores")
def test_spread_hands_out_every_core_this_process_may_use() -> None:
    hooks = worker_cores("spread")

    assert hooks is not None
    assert hooks.cores == sorted(os.sched_getaffinity(0))


def test_the_current_core_is_one_this_thread_may_run_on() -> None:
    before = os.sched_getaffinity(0)
    core = sorted(before)[-1]
    try:
        os.sched_setaffinity(0, {core})
        assert current_core() == core
    finally:
        os.sched_setaffinity(0, before)
