"""Live streams (DESIGN §12: they never hold a request thread).

One notifier per process watches the log and wakes the streams waiting on what changed
(`notifier`); each stream counts against its client's limit (`limits`); a stream's body is driven
either by a WSGI server's thread (tests, the Flask test client) or by the event loop of the ASGI
front that `annals serve` runs (`body`, `asgi`).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask

from service.live.limits import StreamLimits
from service.live.notifier import Notifier


@dataclass(frozen=True, slots=True)
class Live:
    """The process's notifier and the open-stream counts of its clients."""

    notifier: Notifier
    limits: StreamLimits


def init_app(app: Flask, notifier: Notifier) -> None:
    """The app's notifier (its thread runs only while a stream is open) and its clients' limits."""
    limits = StreamLimits(app.config["STREAMS_PER_ADDRESS"], app.config["STREAMS_PER_TOKEN"])
    app.extensions["annals_live"] = Live(notifier, limits)


def live_of(app: Flask) -> Live:
    """The app's live-stream machinery."""
    found: Live = app.extensions["annals_live"]
    return found
