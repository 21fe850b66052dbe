"""The bench's sections: each measures one area and returns its rows of the table (plus profiles)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.bench import bare_flask, http_append, live_streams, reads, records, store, wrk_load
from tests.bench.eventsourcing_app import postgres_env, sqlite_env
from tests.bench.http_append import AppendLoad
from tests.bench.profiling import ProfiledWsgi, top
from tests.bench.report import MEETS, MISSES, Row, latency_row, rate_row, ratio_row, skipped_row
from tests.bench.service_app import BenchApp, bench_app, new_game, record_game
from tests.bench.workload import Plan
from tests.postgres_server import PostgresServer, PostgresUnavailable, to_libpq_url

APPEND_FLOOR_OF_CEILING = 0.8  # Annals' one-event appends should reach 80% of the bare driver
LOADER_P50_CEILING_MS = 2.0
HTTP_APPEND_FLOOR = 1_000.0  # actions/s
_SYNCHRONOUS = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}

Profiles = list[str] | None  # where --profile reports go; None when not profiling


def progress(message: str) -> None:
    """What the bench is doing now, on stderr (stdout carries only the result)."""
    print(f"bench: {message}", file=sys.stderr, flush=True)


# --- 1-3: appends ---


def sqlite_store(tmp: Path, plan: Plan, profiles: Profiles) -> list[Row]:
    """The sqlite3 ceiling, Annals' append rates and the `eventsourcing` library's, on SQLite files."""
    sizes = _sizes(plan)
    es_env = sqlite_env(str(tmp / "eventsourcing.db"))
    progress(f"appending on SQLite: ceiling, Annals, eventsourcing ({plan.rounds} interleaved rounds)")
    with (
        store.sqlite_ceiling(str(tmp / "raw.db"), sizes) as ceiling,
        store.annals(f"sqlite:///{tmp / 'annals.db'}", sizes) as (annals_single, annals_batch),
        store.eventsourcing(es_env, sizes) as (es_single, es_batch),
        store.eventsourcing_recorder(sqlite_env(str(tmp / "es-recorder.db")), sizes) as recorder,
    ):
        workloads = [ceiling, annals_single, annals_batch, es_single, es_batch, recorder]
        raw, one, ten, es_one, es_ten, es_floor = store.measure(workloads, plan.rounds)
    synchronous = _SYNCHRONOUS.get(store.eventsourcing_synchronous(es_env), "?")
    if profiles is not None:
        progress("profiling EventStore.append on SQLite")
        stats = store.profile_single_appends(f"sqlite:///{tmp / 'profile.db'}", sizes)
        profiles.append(top(f"EventStore.append, 1 event/commit, SQLite, {plan.appends:,} appends", stats))
    library = f"eventsourcing Application.save (WAL, synchronous={synchronous})"
    return [
        *_ceiling_rows("sqlite3 ceiling: 1 events row/commit (WAL, synchronous=FULL)", raw),
        *_append_rows("Annals EventStore.append", one, ten),
        ratio_row("Annals 1 event/commit ÷ sqlite3 ceiling", one.rate / raw.rate, APPEND_FLOOR_OF_CEILING),
        *_append_rows(library, es_one, es_ten),
        rate_row("eventsourcing recorder.insert_events, 1 pre-encoded event/commit", es_floor.rate, "events/s"),
        ratio_row("Annals ÷ eventsourcing, 1 event/commit", one.rate / es_one.rate),
        ratio_row(f"Annals ÷ eventsourcing, {store.BATCH} events/commit", ten.rate / es_ten.rate),
    ]


def postgres_store(plan: Plan, profiles: Profiles) -> tuple[list[Row], str]:
    """The same rows on a throw-away PostgreSQL (tests.postgres_server), and its name for the machine line."""
    progress("starting a throw-away PostgreSQL")
    try:
        server = PostgresServer().start()
    except PostgresUnavailable as error:
        return [skipped_row("PostgreSQL store rows", str(error).splitlines()[0])], ""
    try:
        return _postgres_rows(server, plan, profiles), f"PostgreSQL {server.major_version}"
    finally:
        server.stop()


def _postgres_rows(server: PostgresServer, plan: Plan, profiles: Profiles) -> list[Row]:
    sizes = _sizes(plan)
    raw_url, annals_url = server.create_database("bench_raw"), server.create_database("bench_annals")
    progress(f"appending on PostgreSQL: ceiling, Annals ({plan.rounds} interleaved rounds)")
    with (
        store.postgres_ceiling(raw_url, to_libpq_url(raw_url), sizes) as ceiling,
        store.annals(annals_url, sizes) as (annals_single, annals_batch),
    ):
        raw, one, ten = store.measure([ceiling, annals_single, annals_batch], plan.rounds)
    if profiles is not None:
        progress("profiling EventStore.append on PostgreSQL")
        stats = store.profile_single_appends(server.create_database("bench_profile"), sizes)
        profiles.append(top(f"EventStore.append, 1 event/commit, PostgreSQL, {plan.appends:,} appends", stats))
    return [
        *_ceiling_rows("PostgreSQL (test server: fsync=off): psycopg ceiling, 1 events row/commit", raw),
        *_append_rows("PostgreSQL: Annals EventStore.append", one, ten),
        ratio_row("PostgreSQL: Annals 1 event/commit ÷ psycopg ceiling", one.rate / raw.rate, APPEND_FLOOR_OF_CEILING),
        *_eventsourcing_postgres(server, plan, one),
    ]


def _eventsourcing_postgres(server: PostgresServer, plan: Plan, annals_one: store.Measured) -> list[Row]:
    """The library on the same server, when its PostgreSQL extra (psycopg_pool) is installed."""
    label = "PostgreSQL: eventsourcing Application.save"
    try:
        import psycopg_pool  # noqa: F401  (eventsourcing.postgres needs it)
    except ImportError:
        return [skipped_row(label, "needs psycopg_pool (eventsourcing[postgres])")]
    progress("eventsourcing on PostgreSQL")
    server.create_database("bench_eventsourcing")
    env = postgres_env("127.0.0.1", server.port or 0, "annals", "bench_eventsourcing")
    with store.eventsourcing(env, _sizes(plan)) as (single, batched):
        one, ten = store.measure([single, batched], plan.rounds)
    return [
        *_append_rows(label, one, ten),
        ratio_row("PostgreSQL: Annals ÷ eventsourcing, 1 event/commit", annals_one.rate / one.rate),
    ]


def _ceiling_rows(label: str, ceiling: store.Measured) -> list[Row]:
    return [
        rate_row(label, ceiling.rate, "rows/s"),
        rate_row(f"{label}: CPU per commit", ceiling.cpu_us_per_commit, "µs"),
    ]


def _append_rows(label: str, single: store.Measured, batched: store.Measured) -> list[Row]:
    return [
        rate_row(f"{label}, 1 event/commit", single.rate, "events/s"),
        rate_row(f"{label}, 1 event/commit: CPU per commit", single.cpu_us_per_commit, "µs"),
        rate_row(f"{label}, {store.BATCH} events/commit", batched.rate, "events/s"),
        rate_row(f"{label}, {store.BATCH} events/commit", batched.rate / store.BATCH, "commits/s"),
    ]


def _sizes(plan: Plan) -> store.Sizes:
    return store.Sizes(plan.appends, plan.batch_events, plan.append_warmup)


# --- 5-6: the service ---


def service(tmp: Path, plan: Plan, profiles: Profiles) -> list[Row]:
    """State reads at random versions of a long game, then HTTP appends under load."""
    bench = bench_app(f"sqlite:///{tmp / 'service.db'}")
    try:
        rows = _read_rows(bench, plan) + _http_append_rows(bench, plan, profiles)
        return rows + bare_flask.bare_flask_rows(bench, plan.http_requests, plan.http_clients, plan.warmup, progress)
    finally:
        bench.close()


def _read_rows(bench: BenchApp, plan: Plan) -> list[Row]:
    progress(f"recording a {plan.fold_events:,}-event game through commands.act (snapshot every 100)")
    game_id, act_rate = record_game(bench, plan.fold_events)
    versions = reads.random_versions(plan.fold_events, plan.warmup + plan.reads)
    progress(f"{plan.reads} state reads through the loader and through HTTP")
    loader = reads.loader_latency(bench, game_id, versions, plan.warmup)
    over_http = reads.http_state_latency(bench, game_id, versions, plan.warmup)
    at = f"{plan.reads} random v of the {plan.fold_events:,}-event game"
    http = "GET /games/{id}/state?at=v (Flask test client)"
    progress("export of that game as a record, and its import under a new id")
    exported, imported, count = records.export_import_rates(bench, game_id)
    return [
        rate_row("commands.act in-process, 1 thread (while recording that game)", act_rate, "actions/s"),
        latency_row(f"loader.load(at=v), {at}, p50", loader.p50_ms, LOADER_P50_CEILING_MS),
        latency_row(f"loader.load(at=v), {at}, p99", loader.p99_ms),
        latency_row(f"{http}, {at}, p50", over_http.p50_ms),
        latency_row(f"{http}, {at}, p99", over_http.p99_ms),
        rate_row(f"export of the {count:,}-event game as JSON Lines", exported, "events/s"),
        rate_row("import of that record (chain check, re-adjudication, one transaction)", imported, "events/s"),
    ]


def _http_append_rows(bench: BenchApp, plan: Plan, profiles: Profiles) -> list[Row]:
    games = [new_game(bench, f"bench: client {n}") for n in range(plan.http_clients)]
    per_client = plan.http_requests // plan.http_clients
    progress(f"{per_client * plan.http_clients:,} POST /actions from {plan.http_clients} clients over waitress")
    with http_append.serving(bench.app) as port:
        load, cpu_ms = http_append.drive_from_another_process(port, bench.token, games, per_client, plan.warmup)
    if profiles is not None:
        _profile_http_appends(bench, games[0], plan, profiles)
    label = f"POST /actions: waitress {http_append.SERVER_THREADS} threads, {plan.http_clients} keep-alive clients"
    rows = [
        rate_row(f"{label}, one game each", load.rate, "actions/s", HTTP_APPEND_FLOOR),
        latency_row(f"{label}, p50", load.latency.p50_ms),
        latency_row(f"{label}, p99", load.latency.p99_ms),
        latency_row(f"{label}, server process CPU per request", cpu_ms),
        Row(f"{label}, failed requests", load.failures, "requests", "0", MISSES if load.failures else MEETS),
    ]
    return rows + _multiprocess_rows(bench, plan)


def _multiprocess_rows(bench: BenchApp, plan: Plan, workers: int = 2) -> list[Row]:
    """The same load against `annals serve --workers N` (gunicorn), one process per core."""
    games = [new_game(bench, f"bench: gunicorn client {n}") for n in range(plan.http_clients)]
    per_client = plan.http_requests // plan.http_clients
    progress(f"{per_client * plan.http_clients:,} POST /actions over annals serve --workers {workers} (gunicorn)")
    url = bench.services.engine.url.render_as_string(hide_password=False)
    with http_append.serving_processes(url, workers) as port:
        load, _ = http_append.drive_from_another_process(port, bench.token, games, per_client, plan.warmup)
    label = f"POST /actions: annals serve --workers {workers} ({http_append.SERVER_THREADS} threads each)"
    python_clients = [
        rate_row(f"{label}, one game each", load.rate, "actions/s", HTTP_APPEND_FLOOR),
        latency_row(f"{label}, p50", load.latency.p50_ms),
        latency_row(f"{label}, p99", load.latency.p99_ms),
        Row(f"{label}, failed requests", load.failures, "requests", "0", MISSES if load.failures else MEETS),
    ]
    return [*python_clients, *_wrk_rows(bench, plan, workers)]


def _wrk_rows(bench: BenchApp, plan: Plan, workers: int) -> list[Row]:
    """The multi-process server under wrk (C), whose clients leave the cores to the server."""
    label = f"POST /actions: annals serve --workers {workers}, wrk {plan.http_clients} connections"
    if not wrk_load.available():
        return [Row(f"{label}: skipped, wrk not installed (apt-get install wrk)", 0, "—", "—", "—")]
    games = [new_game(bench, f"bench: wrk client {n}") for n in range(plan.http_clients)]
    seconds = 3 if plan.http_requests < 2000 else 10
    progress(f"{seconds} s of POST /actions from wrk over annals serve --workers {workers}")
    url = bench.services.engine.url.render_as_string(hide_password=False)
    with http_append.serving_processes(url, workers) as port:
        result = wrk_load.run(port, bench.token, games, seconds)
    stored = sum(bench.services.store.stream_version(f"game:{g}") - 1 for g in games)
    failures = result.not_2xx
    return [
        rate_row(
            f"{label}, one game each{wrk_load.spread_label(result.connections)}",
            result.rate,
            "actions/s",
            HTTP_APPEND_FLOOR,
        ),
        latency_row(f"{label}, p50", result.p50_ms),
        latency_row(f"{label}, p99", result.p99_ms),
        Row(f"{label}, non-2xx answers", failures, "requests", "0", MISSES if failures else MEETS),
        Row(f"{label}, actions stored (warm-up included)", stored, "events", "—", "—"),
    ]


def _profile_http_appends(bench: BenchApp, game_id: str, plan: Plan, profiles: list[str]) -> None:
    """Profile the app under waitress from ONE client: with several, GIL waits land in random functions."""
    requests = plan.http_requests // 3
    progress(f"profiling {requests:,} POST /actions from one client (server side)")
    profiled_app = ProfiledWsgi(bench.app)
    with http_append.serving(profiled_app) as port:
        http_append.drive_from_another_process(port, bench.token, [game_id], requests, plan.warmup)
    if (stats := profiled_app.stats()) is not None:
        profiles.append(top(f"POST /actions under waitress, 1 client, {requests:,} requests (app only)", stats))


# --- 7: live streams ---

STREAMS = 100
LIVE_ROUNDS = 2  # phases of each kind, interleaved so that a drift of the machine hits both alike


def live(tmp: Path, plan: Plan) -> list[Row]:
    """annals serve's ASGI front against waitress; /health and appends with 100 streams open against none."""
    bench = bench_app(f"sqlite:///{tmp / 'live.db'}", STREAMS_PER_ADDRESS=STREAMS)
    try:
        return _front_rows(bench, plan) + _stream_rows(bench, plan)
    finally:
        bench.close()


def _front_rows(bench: BenchApp, plan: Plan) -> list[Row]:
    per_client = plan.http_requests // plan.http_clients
    progress(f"POST /actions, waitress and the ASGI front of annals serve in turn ({LIVE_ROUNDS} rounds each)")
    waitress: list[AppendLoad] = []
    front: list[AppendLoad] = []
    waitress_cpu: list[float] = []
    front_cpu: list[float] = []
    for round_ in range(LIVE_ROUNDS):
        for server, loads, cpus in (
            (http_append.serving, waitress, waitress_cpu),
            (live_streams.serving_asgi, front, front_cpu),
        ):
            games = [new_game(bench, f"bench: front {round_} client {n}") for n in range(plan.http_clients)]
            with server(bench.app) as port:
                load, cpu_ms = http_append.drive_from_another_process(port, bench.token, games, per_client, plan.warmup)
            loads.append(load)
            cpus.append(cpu_ms)
    label = f"POST /actions, {plan.http_clients} keep-alive clients"
    waitress_rate, front_rate = live_streams.total_rate(waitress), live_streams.total_rate(front)
    return [
        rate_row(
            f"{label}: waitress, {http_append.SERVER_THREADS} threads (the WSGI baseline)", waitress_rate, "actions/s"
        ),
        rate_row(
            f"{label}: annals serve's ASGI front (uvicorn, 8 request threads)",
            front_rate,
            "actions/s",
            HTTP_APPEND_FLOOR,
        ),
        ratio_row(f"{label}: ASGI front ÷ waitress, same run", front_rate / waitress_rate),
        latency_row(f"{label}: waitress, server CPU per request", sum(waitress_cpu) / len(waitress_cpu)),
        latency_row(f"{label}: ASGI front, server CPU per request", sum(front_cpu) / len(front_cpu)),
    ]


def _stream_rows(bench: BenchApp, plan: Plan) -> list[Row]:
    per_client = plan.http_requests // plan.http_clients
    progress(f"/health and POST /actions with {STREAMS} live streams open and with none ({LIVE_ROUNDS} rounds each)")
    phases: dict[int, list[live_streams.Phase]] = {0: [], STREAMS: []}
    expected = 0
    for round_ in range(LIVE_ROUNDS):
        for streams in (0, STREAMS):
            games = [new_game(bench, f"bench: live {round_} {streams} client {n}") for n in range(plan.http_clients)]
            with live_streams.serving_asgi(bench.app) as port:
                phase = live_streams.phase_from_another_process(
                    port, bench.token, games, per_client, plan.warmup, streams
                )
            phases[streams].append(phase)
            expected += sum(
                bench.services.store.stream_version(f"game:{games[n % len(games)]}") - 1 for n in range(streams)
            )
    quiet, busy = phases[0], phases[STREAMS]
    health = [live_streams.pooled([p.health_seconds for p in ps]) for ps in (quiet, busy)]
    appends = [live_streams.pooled([p.append_seconds for p in ps]) for ps in (quiet, busy)]
    rates = [live_streams.total_rate([p.appends for p in ps]) for ps in (quiet, busy)]
    received = sum(p.events_received for p in busy)
    failures = sum(p.appends.failures for ps in (quiet, busy) for p in ps)
    # The streams follow the games being recorded; a probe asks /health beside the appending clients.
    with_, none = f"{STREAMS} streams open", "no stream open"
    rows: list[Row] = []
    for name, (before, after) in (("live: GET /health", health), ("live: POST /actions", appends)):
        rows += [
            latency_row(f"{name} p50, {none}", before.p50_ms),
            latency_row(f"{name} p50, {with_}", after.p50_ms),
            ratio_row(f"{name} p50, {with_} ÷ {none}", after.p50_ms / before.p50_ms),
            latency_row(f"{name} p99, {none}", before.p99_ms),
            latency_row(f"{name} p99, {with_}", after.p99_ms),
            ratio_row(f"{name} p99, {with_} ÷ {none}", after.p99_ms / before.p99_ms),
        ]
    rows += [
        rate_row(f"live: POST /actions, {none}", rates[0], "actions/s"),
        rate_row(f"live: POST /actions, {with_}", rates[1], "actions/s"),
        ratio_row(f"live: POST /actions throughput, {with_} ÷ {none}", rates[1] / rates[0]),
        Row(
            f"live: events delivered to the {STREAMS} streams (of {expected:,} recorded for them)",
            received,
            "events",
            f"{expected:,}",
            MEETS if received == expected else MISSES,
        ),
        Row("live: failed appends", failures, "requests", "0", MISSES if failures else MEETS),
    ]
    return rows
