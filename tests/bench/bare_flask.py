"""Validated appends against a bare Flask POST served the same way (issue 19, point 3).

Both apps run under `run_gunicorn` (gunicorn, uvicorn workers, the same ASGI front and request threads)
and take the same clients: one spawned process of keep-alive threads, each posting the same action
bodies. The bare endpoint parses the JSON and answers 201 with a small JSON body, so the ratio is what
Annals' own work (token, schema, load, decide, the append and its commit) costs over serving a POST.
Each app runs with one worker and with two: the issue asks a second worker to add at least half of
what it adds to the bare endpoint, which it can only if deciding runs outside the writer.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any

from flask import Flask, jsonify, request

from service.live.asgi import AnnalsAsgi
from service.serving import run_gunicorn
from tests.bench import http_append, wrk_load
from tests.bench.report import Row, rate_row, ratio_row
from tests.bench.service_app import BenchApp, new_game

OF_BARE = 0.7  # issue 19's goal: validated appends at least 0.7x the bare endpoint, same server and workers
SECOND_WORKER = 0.5  # and a second worker adds at least half of what it adds to the bare endpoint
WORKERS = (1, 2)


def bare_app() -> Flask:
    """A POST that does what any JSON endpoint does: read the header and the body, answer JSON."""
    app = Flask("bare")
    # The ASGI front stops the live-stream notifier at shutdown: the bare app has none to stop.
    app.extensions["annals_live"] = SimpleNamespace(notifier=SimpleNamespace(close=lambda: None))

    @app.post("/api/v1/games/<game_id>/actions")
    def act(game_id: str) -> Any:
        if not request.headers.get("Authorization", "").startswith("Bearer "):
            return jsonify({"title": "unauthorized"}), 401
        body = request.get_json()
        return jsonify({"game_id": game_id, "type": body["type"], "seat": body.get("seat")}), 201

    @app.get("/api/v1/health")
    def health() -> Any:
        return jsonify({"status": "ok"})

    return app


def bare_asgi(threads: int) -> AnnalsAsgi:
    return AnnalsAsgi(bare_app(), threads)


def serve_bare(port: int, workers: int, threads: int) -> None:
    """The bare endpoint under gunicorn as `annals serve` runs Annals (the child process's entry point)."""
    run_gunicorn("127.0.0.1", port, workers, threads, app_factory=bare_asgi)


@contextlib.contextmanager
def serving(
    database_url: str, workers: int, bare: bool, threads: int = http_append.SERVER_THREADS, writer: bool = False
) -> Iterator[int]:
    """Annals (or the bare endpoint) under `run_gunicorn` with `workers` processes; yield the port. With
    `writer`, Annals' workers append through one writer process instead of each in turn on the lock file."""

    def command(port: int) -> list[str]:
        if bare:
            code = f"from tests.bench.bare_flask import serve_bare; serve_bare({port}, {workers}, {threads})"
        else:
            code = f"from service.serving import run_gunicorn; run_gunicorn('127.0.0.1', {port}, {workers}, {threads})"
        code = f"import os; os.environ['ANNALS_WRITER_PROCESS'] = '{1 if writer else 0}'; {code}"
        return [sys.executable, "-c", code]

    with http_append.serving_child(command, database_url) as port:
        yield port


def bare_flask_rows(
    bench: BenchApp, requests: int, clients: int, warmup: int, progress: Callable[[str], None]
) -> list[Row]:
    """Annals and the bare endpoint with one worker, then with two; their rates and ratios.

    wrk's clients (C) leave the cores to the servers; without wrk, Python clients in one process take
    a core of their own, and a second server worker then has little left to add."""
    url = bench.services.engine.url.render_as_string(hide_password=False)
    per_client = requests // clients
    seconds = 3 if requests < 2000 else 8
    rates: dict[tuple[bool, int], float] = {}
    spreads: dict[tuple[bool, int], tuple[int, ...]] = {}
    for workers in WORKERS:
        for bare in (False, True):
            name = "bare Flask" if bare else "Annals"
            progress(f"POST /actions, {name} under gunicorn with {workers} worker(s)")
            games = [new_game(bench, f"bench: bare-flask comparison {n}") for n in range(clients)]
            with serving(url, workers, bare) as port:
                amounts = (per_client, warmup, seconds)
                rates[bare, workers], spreads[bare, workers] = _rate(port, bench.token, games, amounts, name)
    progress("POST /actions, Annals under gunicorn with 2 workers through one writer process")
    games = [new_game(bench, f"bench: bare-flask comparison, writer process {n}") for n in range(clients)]
    with serving(url, 2, False, writer=True) as port:
        amounts = (per_client, warmup, seconds)
        through_writer, _ = _rate(port, bench.token, games, amounts, "Annals (writer process)")
    clients_are = f"wrk {clients} connections" if wrk_load.available() else f"{clients} Python keep-alive clients"
    return [*_rows(rates, spreads, clients_are), *_writer_rows(through_writer, rates[False, 2], clients_are)]


def _writer_rows(through_writer: float, lock_file: float, clients_are: str) -> list[Row]:
    """Annals' 2 workers through one writer process (ANNALS_WRITER_PROCESS=1) against each writing itself on
    the lock file (the default, the rows above) (issue 19, points 1 and 3)."""
    label = f"POST /actions, gunicorn + uvicorn, {clients_are}, 2 worker(s)"
    return [
        rate_row(f"{label}: Annals through one writer process", through_writer, "actions/s"),
        ratio_row(f"{label}: Annals through one writer process ÷ lock file", through_writer / lock_file),
    ]


def _rate(
    port: int, token: str, games: list[str], amounts: tuple[int, int, int], name: str
) -> tuple[float, tuple[int, ...]]:
    """Requests per second from wrk (if installed) or from Python clients, and the connections each worker
    held (wrk only); any failed request fails the bench."""
    per_client, warmup, seconds = amounts
    spread: tuple[int, ...] = ()
    if wrk_load.available():
        result = wrk_load.run(port, token, games, seconds)
        failures, rate, spread = result.not_2xx, result.rate, result.connections
    else:
        load, _ = http_append.drive_from_another_process(port, token, games, per_client, warmup)
        failures, rate = load.failures, load.rate
    if failures:
        raise RuntimeError(f"{failures} POST /actions failed against {name}")
    return rate, spread


def _rows(
    rates: dict[tuple[bool, int], float], spreads: dict[tuple[bool, int], tuple[int, ...]], clients_are: str
) -> list[Row]:
    label = f"POST /actions, gunicorn + uvicorn, {clients_are}"
    rows: list[Row] = []
    for workers in WORKERS:
        annals, bare = (
            f"Annals validated{wrk_load.spread_label(spreads[False, workers])}",
            f"bare Flask POST{wrk_load.spread_label(spreads[True, workers])}",
        )
        rows.append(rate_row(f"{label}, {workers} worker(s): {annals}", rates[False, workers], "actions/s"))
        rows.append(rate_row(f"{label}, {workers} worker(s): {bare}", rates[True, workers], "requests/s"))
        ratio = rates[False, workers] / rates[True, workers]
        rows.append(ratio_row(f"{label}, {workers} worker(s): Annals ÷ bare Flask", ratio, OF_BARE))
    annals_gain = rates[False, 2] / rates[False, 1] - 1
    bare_gain = rates[True, 2] / rates[True, 1] - 1
    rows.append(ratio_row(f"{label}: what a 2nd worker adds, Annals", 1 + annals_gain))
    rows.append(ratio_row(f"{label}: what a 2nd worker adds, bare Flask", 1 + bare_gain))
    if bare_gain > 0:
        rows.append(
            ratio_row(f"{label}: 2nd worker's gain, Annals ÷ bare Flask", annals_gain / bare_gain, SECOND_WORKER)
        )
    else:
        rows.append(Row(f"{label}: 2nd worker's gain: bare Flask gained nothing (client-bound?)", 0, "—", "—", "—"))
    return rows
