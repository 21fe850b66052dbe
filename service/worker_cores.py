"""Each serving process kept on one core (issue 19, point 3), as nginx's `worker_cpu_affinity auto` keeps its
workers.

A serving process is one Python interpreter: its event loop and its request threads take turns on one
interpreter lock, handing it over at every request (loop to thread and back) and at every commit of a
batch (the leader and the callers it answers). When those threads may run on any core, each hand-over
wakes a thread on another core, often an idle one, which costs more than the work between hand-overs. On
this project's 2-core virtual machine, `annals serve --workers 2` under wrk left ~17 % of the CPU idle and
spent ~400 µs of a worker's CPU per action; with each worker's threads on a core of its own the idle share
fell to ~4 % and the same load ran ~25 % faster, and one worker alone ~25 % faster too (README, "Deciding in
parallel, recording in one place"). What is kept together is a process's threads: the kernel's own work for
it (its sockets, its fsyncs) still runs wherever the kernel puts it. A process that appends alone pays for
that: after each fsync it is woken from the core that took the disk's interrupt, where a free thread would
have been woken on that core (~20 % slower lone appends here, README); `any` suits a server that mostly takes
one client at a time.

Under gunicorn the master picks a worker's core before it forks (`pre_fork`): among the cores the server
may use, the one with the fewest live workers (the lowest of equals), so a worker replaced after a crash
takes the core its predecessor left. The worker pins itself right after the fork (`post_fork`), while it
has one thread, so every thread it starts inherits the core. One process alone (`annals serve` without
`--workers`) stays on the core the kernel started it on, so that several such servers on one machine stay
spread as the kernel placed them. `ANNALS_WORKER_CORES=any` leaves every thread to the kernel's scheduler:
for a machine whose cores other busy programs share, where a pinned worker could not move away from them.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

SETTINGS = ("spread", "any")
ATTRIBUTE = "annals_core"  # where the master notes a worker's core on gunicorn's worker object


def allowed_cores() -> list[int]:
    """The cores this process may run on (a container's or taskset's share, not the machine's count); none
    where the system cannot pin threads (macOS has no `sched_setaffinity`)."""
    if not hasattr(os, "sched_setaffinity"):
        return []
    return sorted(os.sched_getaffinity(0))


def least_used(cores: Sequence[int], taken: Iterable[int]) -> int:
    """The core of `cores` that the fewest of `taken` are on; the lowest of equals."""
    counts = Counter(core for core in taken if core in cores)
    return min(cores, key=lambda core: (counts[core], core))


def current_core() -> int:
    """The core this thread last ran on (field 39 of /proc/self/stat, after the command's parentheses)."""
    with open("/proc/thread-self/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[36])  # field 39 counted from 1, the first two (pid, comm) split off


class WorkerCores:
    """gunicorn's `pre_fork` and `post_fork` hooks that spread the workers over `cores`, one core each."""

    def __init__(self, cores: Sequence[int]) -> None:
        if not cores:
            raise ValueError("no core to place workers on")
        self.cores = list(cores)

    def pre_fork(self, arbiter: Any, worker: Any) -> None:
        """In the master: note the new worker's core, the least used by the workers alive."""
        taken = [getattr(other, ATTRIBUTE) for other in arbiter.WORKERS.values() if hasattr(other, ATTRIBUTE)]
        setattr(worker, ATTRIBUTE, least_used(self.cores, taken))

    def post_fork(self, _arbiter: Any, worker: Any) -> None:
        """In the worker, before it starts a thread: run on its core only."""
        os.sched_setaffinity(0, {getattr(worker, ATTRIBUTE)})


def check_setting(setting: str) -> str:
    """`setting` if it is one ANNALS_WORKER_CORES takes; else a ValueError naming them."""
    if setting not in SETTINGS:
        raise ValueError(f"ANNALS_WORKER_CORES must be one of {', '.join(SETTINGS)}, not {setting!r}")
    return setting


def worker_cores(setting: str) -> WorkerCores | None:
    """gunicorn's hooks under the ANNALS_WORKER_CORES setting: with `spread`, each worker kept on a core of
    its own when the server may use more than one; None with `any`, on one core, or where threads cannot be
    pinned."""
    cores = allowed_cores()
    if check_setting(setting) == "any" or len(cores) < 2:
        return None
    return WorkerCores(cores)


def pin_this_process(setting: str) -> int | None:
    """Keep every thread of this one serving process (those it has and those it will start) on the core it
    runs on now, under the same setting; that core, or None when left to the scheduler."""
    if worker_cores(setting) is None:
        return None
    core = current_core()
    for thread in os.listdir("/proc/self/task"):  # a thread started before now keeps its own mask
        with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
            os.sched_setaffinity(int(thread), {core})
    return core
