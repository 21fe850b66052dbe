"""The bench's in-process writers kept on one core while they are timed, as `annals serve` keeps each serving
process (`ANNALS_WORKER_CORES=spread`, its default; `service/worker_cores.py`).

Concurrent appends in one process are, when served, request threads of one worker, and the worker runs on one
core. Timed in a bench process left to the scheduler, the same threads hand the interpreter lock over across
cores, and their CPU per append swings from one run to the next (README, "Deciding in parallel, recording in
one place"). The rows that decide a goal are timed as served, the bare driver's rows beside them in the same
process and the same rounds; `group_commit.py` also prints the eight writers timed free, for comparison.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from service.worker_cores import pin_this_process


@contextlib.contextmanager
def as_served() -> Iterator[int | None]:
    """Every thread of this process (those it has and those it starts) on the core it runs on now, as a serving
    process is kept, until the block ends; then every thread back on the cores it was allowed before. Yields
    that core, or None where `annals serve` would not pin (one allowed core, no `sched_setaffinity`)."""
    allowed = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    core = pin_this_process("spread")
    try:
        yield core
    finally:
        if core is not None:
            for thread in os.listdir("/proc/self/task"):
                with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                    os.sched_setaffinity(int(thread), allowed)
