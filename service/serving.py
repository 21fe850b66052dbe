"""Serving with several processes: gunicorn's threaded workers, each with its own app and engine.

One Python process is bound by its interpreter lock to about one core; more processes use more
cores. Every worker builds the app after the fork (no connection or cache is shared across
processes), writers on one SQLite file queue on its lock file, and on PostgreSQL on an advisory lock.
"""

from __future__ import annotations

from typing import Any

from gunicorn.app.base import BaseApplication


class _AnnalsGunicorn(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from service import create_app

        app = create_app()
        start_checkpoints(app)
        return app


def start_checkpoints(app: Any) -> None:
    """Make global checkpoints from this serving process every N events or T seconds (a daemon thread);
    processes that serve side by side take turns, since each checks for the others' under a lock."""
    from service.checkpoints import CheckpointTimer

    services = app.extensions["annals"]
    settings = services.settings
    timer = CheckpointTimer(services.checkpoints, settings["CHECKPOINT_EVERY"], settings["CHECKPOINT_SECONDS"])
    timer.start()
    app.extensions["annals_checkpoints"] = timer


def run_gunicorn(host: str, port: int, workers: int, threads: int) -> None:
    """Serve until interrupted."""
    options = {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        "preload_app": False,  # build the app in each worker, after the fork
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "annals",
    }
    _AnnalsGunicorn(options).run()
