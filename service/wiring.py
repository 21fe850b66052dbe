"""The composition of the service's parts, built once per app (never at import time)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

from service.auth import TokenLookup
from service.checkpoints import Checkpointer
from service.clock import Clock
from service.entropy import Entropy
from service.games import GameCommands
from service.integrity import Verifier
from service.live.notifier import Notifier
from service.loading import GameLoader
from service.ratings import RatingsCache
from service.signing import KeyPlaces, Keyring, ensure_key, load_keyring
from service.store.engine import make_engine
from service.store.events import EventStore
from service.store.writer_process import client_from
from service.witness import WitnessCache

log = logging.getLogger("annals")


@dataclass(frozen=True, slots=True)
class Services:
    """Everything a request handler or CLI command needs."""

    settings: dict[str, Any]
    engine: Engine
    store: EventStore
    loader: GameLoader
    commands: GameCommands
    clock: Clock
    entropy: Entropy
    tokens: TokenLookup
    keyring: Keyring
    checkpoints: Checkpointer
    verifier: Verifier
    notifier: Notifier
    ratings: RatingsCache = field(default_factory=RatingsCache)  # derived from the log, kept per head position

    def close(self) -> None:
        """Stop the live-stream notifier and the background re-folds, and release every database connection."""
        self.notifier.close()
        self.loader.close()
        self.store.close()
        self.engine.dispose()


def build(settings: dict[str, Any], clock: Clock, entropy: Entropy, create_key: bool = False) -> Services:
    """Connect the engine and wire the store, loader and commands together.

    With `create_key` (the app, `annals db upgrade`) a signing key is created where none is configured."""
    places = KeyPlaces.of(settings)
    if create_key and (created := ensure_key(places)):
        log.warning(
            "created the checkpoint signing key %s (key id %s): back it up outside the database",
            places.key_file,
            created,
        )
    keyring = load_keyring(places)
    engine = make_engine(settings["DATABASE_URL"])
    store = EventStore(engine, clock, writer=client_from(settings))
    witness = WitnessCache(Path(settings["WITNESS_FILE"]))
    checkpoints = Checkpointer(engine, store, clock, keyring, witness)
    loader = GameLoader(engine, store, settings["GAME_CACHE_SIZE"], settings["SNAPSHOT_EVERY"])
    # After a game's end is committed: sign its head, then report its result to its tournament (issue 13).
    # The second listener needs the finished Services, so it is added once they exist.
    ended_listeners: list[Callable[[str, int, str], None]] = [checkpoints.after_game_ended]

    def game_ended(stream: str, version: int, head: str) -> None:
        for listener in ended_listeners:
            listener(stream, version, head)

    commands = GameCommands(engine, store, loader, clock, entropy, settings["SNAPSHOT_EVERY"], game_ended)
    verifier = Verifier(engine, store, keyring, witness)
    services = Services(
        settings,
        engine,
        store,
        loader,
        commands,
        clock,
        entropy,
        TokenLookup(engine, clock=clock),
        keyring,
        checkpoints,
        verifier,
        Notifier(store),
    )
    ended_listeners.append(lambda stream, _version, _head: _report_to_tournament(services, stream))
    return services


def _report_to_tournament(services: Services, stream: str) -> None:
    from service.tournaments.results import after_game_ended  # the tournaments package imports this module

    after_game_ended(services, stream.removeprefix("game:"))
