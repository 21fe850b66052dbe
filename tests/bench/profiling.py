"""cProfile helpers for `--profile`: one call, or every request a multi-threaded WSGI server handles."""

from __future__ import annotations

import cProfile
import io
import pstats
import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

_PACKAGE = re.compile(r"site-packages/([^/]+)/")
_STDLIB = re.compile(r"lib/python3\.\d+/([^/]+?)(?:\.py$|/)")
_PROJECT = re.compile(r"/(service|domain|replays|tests)/")


def profiled(run: Callable[[], Any]) -> pstats.Stats:
    """The profile of one call of `run` in this thread, in wall-clock time (fsync waits included)."""
    profile = cProfile.Profile()
    profile.runcall(run)
    return pstats.Stats(profile)


class ProfiledWsgi:
    """WSGI middleware that profiles each request in the server thread that handles it.

    cProfile is per thread, so each worker gets its own profiler, all merged by `stats`. Times are
    wall-clock: drive it from one client, or a thread's wait for the GIL lands in whatever function
    it was in. Waitress's own socket loop runs in another thread and is not included.
    """

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app
        self._local = threading.local()
        self._profiles: list[cProfile.Profile] = []
        self._lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        """Run the app with this thread's profiler on, consuming its body inside the profile."""
        profile = self._thread_profile()
        profile.enable()
        try:
            return list(self.app(environ, start_response))
        finally:
            profile.disable()

    def stats(self) -> pstats.Stats | None:
        """The merged profile of every thread that served a request (None if none did)."""
        with self._lock:
            profiles = list(self._profiles)
        if not profiles:
            return None
        merged = pstats.Stats(profiles[0])
        for profile in profiles[1:]:
            merged.add(profile)
        return merged

    def _thread_profile(self) -> cProfile.Profile:
        profile: cProfile.Profile | None = getattr(self._local, "profile", None)
        if profile is None:
            profile = self._local.profile = cProfile.Profile()
            with self._lock:
                self._profiles.append(profile)
        return profile


def top(title: str, stats: pstats.Stats, count: int = 25) -> str:
    """Own time by area (package), then the `count` costliest functions by own and cumulative time."""
    out = io.StringIO()
    out.write(f"\n### {title}\n\n{areas(stats)}\n")
    # The stream print_stats writes to: an attribute of every Stats (set by its constructor) that typeshed omits.
    stats.stream = out  # type: ignore[attr-defined]
    out.write(f"\n#### top {count} by own time (tottime)\n")
    stats.sort_stats(pstats.SortKey.TIME).print_stats(count)
    out.write(f"\n#### top {count} by cumulative time\n")
    stats.sort_stats(pstats.SortKey.CUMULATIVE).print_stats(count)
    return out.getvalue()


def areas(stats: pstats.Stats) -> str:
    """Own time summed by where the code lives (a package, the stdlib, the project, a C builtin)."""
    totals: dict[str, float] = defaultdict(float)
    # Stats.stats, the raw table by (file, line, function), is what print_stats reads; typeshed omits it, and
    # get_stats_profile, the typed view, keys functions by bare name, merging same-named ones across files.
    for (filename, _line, name), (_cc, _nc, own, _cum, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        totals[_area(filename, name)] += own
    whole = sum(totals.values()) or 1.0
    lines = ["| area | own time s | share |", "|---|---:|---:|"]
    for area, seconds in sorted(totals.items(), key=lambda item: -item[1]):
        lines.append(f"| {area} | {seconds:.3f} | {seconds / whole:.0%} |")
    return "\n".join(lines)


def _area(filename: str, name: str) -> str:
    if filename == "~":  # a C function: name it by its module
        for marker, area in (("sqlite3", "sqlite3 C calls (SQL, commit/fsync)"), ("psycopg", "psycopg C calls")):
            if marker in name:
                return area
        if "json" in name or "encode" in name:
            return "C json"
        if "hashlib" in name or "sha256" in name:
            return "C hashlib"
        return "other C builtins"
    if found := _PACKAGE.search(filename):
        return found.group(1)
    if found := _PROJECT.search(filename):
        return f"annals {found.group(1)}/"
    if found := _STDLIB.search(filename):
        return f"stdlib {found.group(1)}"
    return "other"
