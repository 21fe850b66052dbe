"""The bench's writers timed as served: every thread on one core inside `as_served`, all cores again after."""

from __future__ import annotations

import os
import threading

import pytest

from tests.bench.cores import as_served


def _masks() -> dict[int, set[int]]:
    return {int(thread): os.sched_getaffinity(int(thread)) for thread in os.listdir("/proc/self/task")}


@pytest.mark.skipif(
    not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2, reason="needs two allowed cores"
)
def test_every_thread_runs_on_one_core_inside_and_on_the_allowed_cores_again_after() -> None:
    allowed = os.sched_getaffinity(0)
    release = threading.Event()
    before = threading.Thread(target=release.wait)
    before.start()
    try:
        with as_served() as core:
            started_inside = threading.Thread(target=release.wait)
            started_inside.start()
            inside = _masks()
        after = _masks()
    finally:
        release.set()

    assert core in allowed
    assert len(inside) >= 3 and all(mask == {core} for mask in inside.values())
    assert all(mask == allowed for mask in after.values())
