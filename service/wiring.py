"""The composition of the service's parts, built once per app (never at import time)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine

from service.auth import TokenLookup
from service.clock import Clock
from service.entropy import Entropy
from service.games import GameCommands
from service.live.notifier import Notifier
from service.loading import GameLoader
from service.store.engine import make_engine
from service.store.events import EventStore


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
    notifier: Notifier

    def close(self) -> None:
        """Stop the live-stream notifier and release every database connection."""
        self.notifier.close()
        self.store.close()
        self.engine.dispose()


def build(settings: dict[str, Any], clock: Clock, entropy: Entropy) -> Services:
    """Connect the engine and wire the store, loader and commands together."""
    engine = make_engine(settings["DATABASE_URL"])
    store = EventStore(engine, clock)
    loader = GameLoader(engine, store, settings["GAME_CACHE_SIZE"])
    commands = GameCommands(engine, store, loader, clock, entropy, settings["SNAPSHOT_EVERY"])
    tokens = TokenLookup(engine)
    return Services(settings, engine, store, loader, commands, clock, entropy, tokens, Notifier(store))
