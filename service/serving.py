"""Serving: uvicorn (ASGI) in one process, or gunicorn managing several uvicorn worker processes.

Every request but a live stream runs in the Flask app on a pool of request threads (a2wsgi); live
streams wait on the event loop and hold no thread (service/live). One Python process is bound by its
interpreter lock to about one core; more processes use more cores. Every worker builds the app after
the fork (no connection or cache is shared across processes). On one SQLite file each worker commits its
own batches, the workers taking turns on the lock file; with ANNALS_WRITER_PROCESS=1 they send their appends
to one writer process instead (service/store/writer_process.py), whose commits hold every worker's appends.
On PostgreSQL each worker writes itself. New connections go to whichever worker holds fewer than its share,
so keep-alive clients spread over all the workers (service/balanced_accept.py), and each worker's threads
stay on one core of their own (service/worker_cores.py).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter
from uvicorn_worker import UvicornWorker

from service import config
from service.balanced_accept import BalancedServer, ConnectionLedger
from service.http_protocol import ProblemHttpToolsProtocol
from service.store.writer_process import WriterSupervisor, wants_writer
from service.worker_cores import pin_this_process, worker_cores

# Open streams would keep a stopping server waiting for up to their 60 s; after this grace they are cut
# (clients reconnect with Last-Event-ID) and requests still running are given up.
GRACE_SECONDS = 5
# How long an idle keep-alive connection is kept, with one process or several: uvicorn's own 5 s. gunicorn handed
# its workers its `keepalive` (2 s), so `--workers 2` closed idle connections 3 s sooner than one process, and a
# client (or a front's upstream pool) sending on a connection just closed gets a reset, not an answer.
KEEP_ALIVE_SECONDS = 5

AppFactory = Callable[[int], Any]  # request threads -> an ASGI app


def run_uvicorn(host: str, port: int, threads: int) -> None:
    """Serve in this process until interrupted."""
    import uvicorn

    from service.live.asgi import create_asgi_app

    pin_this_process(config.load()["WORKER_CORES"])  # before the app starts its threads (service/worker_cores.py)

    uvicorn.run(
        frozen_after_build(create_asgi_app(threads=threads, checkpoints=True)),
        host=host,
        port=port,
        proxy_headers=False,  # ANNALS_TRUSTED_PROXIES decides whom X-Forwarded-For is taken from (service/gate)
        lifespan="on",
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=GRACE_SECONDS,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        ws="none",  # no websocket is served (the front closes them)
        http=ProblemHttpToolsProtocol,  # a request it cannot parse is a problem document (service/http_protocol.py)
    )


# uvicorn_worker ships no types, so its class is Any to mypy, and subclassing Any is what [misc] reports.
class AnnalsUvicornWorker(UvicornWorker):  # type: ignore[misc]
    """gunicorn's uvicorn worker, with the app's lifespan and a bounded graceful shutdown."""

    CONFIG_KWARGS: dict[str, Any] = {
        **UvicornWorker.CONFIG_KWARGS,
        "lifespan": "on",
        "proxy_headers": False,  # ANNALS_TRUSTED_PROXIES decides whom X-Forwarded-For is taken from
        "timeout_graceful_shutdown": GRACE_SECONDS,
        # No websocket is served (the front closes them), and a connection whose protocol switched would go
        # uncounted by balanced_accept when it closes: upgrade requests are answered as plain HTTP.
        "ws": "none",
        "http": ProblemHttpToolsProtocol,  # a request it cannot parse is a problem document
    }

    async def _serve(self) -> None:
        """uvicorn_worker's, with a server that takes only this worker's share of the connections."""
        ledger: ConnectionLedger | None = getattr(self.app, "ledger", None)
        if ledger is None:
            await super()._serve()
            return
        self.config.app = self.wsgi
        server = BalancedServer(self.config, ledger)
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)


class _AnnalsGunicorn(BaseApplication):
    def __init__(self, options: dict[str, Any], threads: int, app_factory: AppFactory | None) -> None:
        self.options = options
        self.threads = threads
        self.app_factory = app_factory
        # Shared with the workers across the fork: how many connections each holds (service/balanced_accept).
        self.ledger = ConnectionLedger(2 * options["workers"] + 2) if options["workers"] > 1 else None
        if self.ledger is not None:
            options["child_exit"] = _leaving(self.ledger)
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from service.live.asgi import create_asgi_app

        if self.app_factory is not None:
            return frozen_after_build(self.app_factory(self.threads))
        return frozen_after_build(create_asgi_app(threads=self.threads, checkpoints=True))


def frozen_after_build(app: Any) -> Any:
    """`app`, once every object alive after building it is left out of the cyclic garbage collector's scans.

    Those objects (modules, rulesets and their data, Flask, SQLAlchemy, the app) live as long as the process,
    and each full collection walked all of them, holding the interpreter lock for ~40 ms: under wrk with one
    worker, 1 request in 100 waited for it (p99 ~50 ms against a p50 of ~3 ms). Frozen, the p99 fell to ~6 ms
    (README, "Deciding in parallel, recording in one place"). Objects made later (the game cache, requests)
    are collected as before."""
    gc.collect()  # what building left as garbage is freed, not kept forever
    gc.freeze()
    return app


def _leaving(ledger: ConnectionLedger) -> Callable[[Any, Any], None]:
    """gunicorn's child_exit hook (run by the master): a dead worker's connections are gone with it."""

    def child_exit(_arbiter: Any, worker: Any) -> None:
        ledger.leave(worker.pid)

    return child_exit


def run_gunicorn(host: str, port: int, workers: int, threads: int, app_factory: AppFactory | None = None) -> None:
    """Serve with `workers` processes until interrupted; `app_factory(threads)` builds another ASGI app in
    each worker instead of Annals' (the bench's bare Flask endpoint, served exactly as Annals is)."""
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": f"{__name__}.AnnalsUvicornWorker",
        "graceful_timeout": GRACE_SECONDS + 5,
        "keepalive": KEEP_ALIVE_SECONDS,  # uvicorn_worker passes it on as uvicorn's timeout_keep_alive
        "preload_app": False,  # build the app in each worker, after the fork
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "annals",
    }
    settings = config.load()
    url = settings["DATABASE_URL"]
    # Each worker kept on a core of its own (service/worker_cores.py).
    if (cores := worker_cores(settings["WORKER_CORES"])) is not None:
        options["pre_fork"], options["post_fork"] = cores.pre_fork, cores.post_fork
    writer = (
        WriterSupervisor(url)
        if app_factory is None and settings["WRITER_PROCESS"] and wants_writer(url, workers)
        else None
    )
    try:
        if writer is not None:  # before the workers fork: they find its address and key in the environment
            writer.start()
        _AnnalsGunicorn(options, threads, app_factory).run()
    finally:
        if writer is not None:  # after the workers: it answers the appends they still send
            writer.stop()


def start_checkpoints(app: Any) -> None:
    """Make global checkpoints from this serving process every N events or T seconds (a daemon thread);
    processes that serve side by side take turns, since each checks for the others' under a lock."""
    from service.checkpoints import CheckpointTimer

    services = app.extensions["annals"]
    settings = services.settings
    timer = CheckpointTimer(services.checkpoints, settings["CHECKPOINT_EVERY"], settings["CHECKPOINT_SECONDS"])
    timer.start()
    app.extensions["annals_checkpoints"] = timer
