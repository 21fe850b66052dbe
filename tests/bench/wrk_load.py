"""HTTP appends driven by wrk, a C load generator: the server gets the cores, not the client's Python.

Each wrk thread holds one keep-alive connection and records `move` actions into its own game (no
version races between clients). Every answer must be 201; the recorded events are counted in the
database afterwards, so a rate is only reported for actions that were really stored.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

WRK_SCRIPT = """
local games = {{}}
for g in string.gmatch("{games}", "%S+") do table.insert(games, g) end
local counter = 0
function setup(thread)
  counter = counter + 1
  thread:set("game", games[counter])
end
function init(args)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Authorization"] = "Bearer {token}"
  wrk.body = '{{"type":"move","seat":"red","data":{{"from":"pest","to":"buda","units":["infantry","cavalry"]}}}}'
  wrk.path = "/api/v1/games/" .. game .. "/actions"
end
"""


@dataclass(frozen=True, slots=True)
class WrkResult:
    """What wrk reported for the timed run, and how its connections were spread over the serving processes."""

    requests: int
    rate: float
    p50_ms: float
    p99_ms: float
    not_2xx: int
    connections: tuple[int, ...] = ()  # per serving process, fewest first (empty when `ss` could not tell)


def available() -> bool:
    """Whether wrk is installed (Debian: apt-get install wrk)."""
    return shutil.which("wrk") is not None


def run(port: int, token: str, game_ids: list[str], seconds: int, warmup_seconds: int = 2) -> WrkResult:
    """Warm up, then one timed wrk run with one thread and connection per game."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "post.lua"
        script.write_text(WRK_SCRIPT.format(games=" ".join(game_ids), token=token), encoding="utf-8")
        base = ["wrk", f"-t{len(game_ids)}", f"-c{len(game_ids)}", "-s", str(script), "--latency"]
        url = f"http://127.0.0.1:{port}"
        subprocess.run([*base, f"-d{warmup_seconds}s", url], check=True, capture_output=True)
        timed = subprocess.Popen([*base, f"-d{seconds}s", url], stdout=subprocess.PIPE, text=True)
        time.sleep(min(1.0, seconds / 2))  # every connection is open by now
        spread = connections_per_process(port)
        output, _ = timed.communicate()
        if timed.returncode:
            raise subprocess.CalledProcessError(timed.returncode, timed.args, output)
    return replace(_parse(output), connections=spread)


def spread_label(connections: tuple[int, ...]) -> str:
    """How the connections fell on the serving processes (" (3+5 connections)"), when measured."""
    return f" ({'+'.join(map(str, connections))} connections)" if len(connections) > 1 else ""


def connections_per_process(port: int) -> tuple[int, ...]:
    """Established connections to `port` per serving process, fewest first, as `ss` shows them: which worker
    a keep-alive connection lands on is the kernel's doing, and a worker with few of them has little to do."""
    if shutil.which("ss") is None:
        return ()
    listing = subprocess.run(
        ["ss", "-tnpH", "state", "established", f"( sport = :{port} )"], capture_output=True, text=True
    ).stdout
    return tuple(sorted(Counter(re.findall(r"pid=(\d+)", listing)).values()))


def _parse(output: str) -> WrkResult:
    requests = int(_find(r"(\d+) requests in", output))
    rate = float(_find(r"Requests/sec:\s+([\d.]+)", output))
    not_2xx = int(_find(r"Non-2xx or 3xx responses:\s+(\d+)", output, "0"))
    # Anchored: the distribution lines start with the percentile ("74.50%" elsewhere must not match).
    p50 = _ms(_find(r"(?m)^\s+50%\s+(\S+)\s*$", output))
    p99 = _ms(_find(r"(?m)^\s+99%\s+(\S+)\s*$", output))  # wrk pads "1.21s " with a space
    return WrkResult(requests, rate, p50, p99, not_2xx)


def _find(pattern: str, text: str, default: str | None = None) -> str:
    match = re.search(pattern, text)
    if match is None:
        if default is None:
            raise RuntimeError(f"wrk output without {pattern!r}:\n{text}")
        return default
    return match.group(1)


def _ms(value: str) -> float:
    """wrk's latency text (950.00us, 7.25ms, 1.02s) in milliseconds."""
    found = re.fullmatch(r"([\d.]+)(us|ms|s)", value)
    if found is None:
        raise ValueError(f"not a wrk latency: {value!r}")
    number, unit = found.groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
