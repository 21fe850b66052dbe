"""Rows of the result table, the table itself, and the one-line machine description."""

from __future__ import annotations

import math
import os
import platform
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

MEETS, MISSES, NO_TARGET = "PASS", "MISS", "—"


@dataclass(frozen=True, slots=True)
class Row:
    """One measured number: what it is, its value and unit, and the target it is held to (if any)."""

    metric: str
    value: float | None
    unit: str
    target: str = "—"
    verdict: str = NO_TARGET


def rate_row(metric: str, value: float, unit: str, at_least: float | None = None) -> Row:
    """A throughput row; with `at_least` it is judged against that floor."""
    if at_least is None:
        return Row(metric, value, unit)
    return Row(metric, value, unit, f"≥ {_number(at_least)}", MEETS if value >= at_least else MISSES)


def ratio_row(metric: str, value: float, at_least: float | None = None) -> Row:
    """A ratio of two rates (×); with `at_least` it is judged against that floor."""
    if at_least is None:
        return Row(metric, value, "×")
    return Row(metric, value, "×", f"≥ {at_least:g}×", MEETS if value >= at_least else MISSES)


def size_row(metric: str, value_mb: float, below_mb: float | None = None) -> Row:
    """A memory row in megabytes; with `below_mb` it is judged against that ceiling."""
    if below_mb is None:
        return Row(metric, value_mb, "MB")
    return Row(metric, value_mb, "MB", f"< {below_mb:g} MB", MEETS if value_mb < below_mb else MISSES)


def latency_row(metric: str, value_ms: float, below_ms: float | None = None) -> Row:
    """A latency row in milliseconds; with `below_ms` it is judged against that ceiling."""
    if below_ms is None:
        return Row(metric, value_ms, "ms")
    return Row(metric, value_ms, "ms", f"< {below_ms:g} ms", MEETS if value_ms < below_ms else MISSES)


def skipped_row(metric: str, why: str) -> Row:
    """A row that could not be measured here, and why."""
    return Row(metric, None, f"skipped: {why}")


def percentile(samples: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile (`fraction` 0.5 = p50, 0.99 = p99) of unsorted samples."""
    ordered = sorted(samples)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def render(rows: Sequence[Row]) -> str:
    """The rows as one markdown table."""
    lines = ["| metric | value | unit | target | verdict |", "|---|---:|---|---|---|"]
    for row in rows:
        value = "n/a" if row.value is None else _number(row.value)
        lines.append(f"| {row.metric} | {value} | {row.unit} | {row.target} | {row.verdict} |")
    return "\n".join(lines)


def machine_line(temp_dir: Path, load_before: float, extra: str = "") -> str:
    """CPUs, Python, SQLite, the temp dir's filesystem, and the load average the run started under."""
    fs_type, device = filesystem_of(temp_dir)
    parts = [
        f"{os.cpu_count()} CPUs ({platform.machine()})",
        f"Python {platform.python_version()}",
        f"SQLite {sqlite3.sqlite_version}",
        f"temp dir {temp_dir} on {fs_type} ({device})",
        f"1-min load average {load_before:.2f} before the run (other work shares the machine if > 0.5)",
    ]
    if extra:
        parts.append(extra)
    return "machine: " + ", ".join(parts)


def load_average() -> float:
    """The 1-minute load average (0 where the OS does not tell)."""
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def filesystem_of(path: Path) -> tuple[str, str]:
    """(filesystem type, device) of the mount holding `path`, from /proc/mounts; unknown elsewhere."""
    best, found = "", ("unknown", "unknown")
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return found
    resolved = str(path.resolve())
    for line in mounts:
        device, mount_point, fs_type, *_ = line.split()
        inside = resolved == mount_point or resolved.startswith(mount_point.rstrip("/") + "/")
        if inside and len(mount_point) > len(best):
            best, found = mount_point, (fs_type, device)
    return found


def _number(value: float) -> str:
    if isinstance(value, int) or value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"
