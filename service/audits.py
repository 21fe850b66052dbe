"""Audits of recorded games: load a game's record as stored and ask `replays.audit` about it.

Whoever may read a game may audit it (the same rule as `GET /games/{id}`): an audit only re-derives
what the record already shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain import registry
from domain.kernel import DICE_SEED_REVEALED, Ruleset
from replays.audit import ActionAudit, AuditError, GameAudit, audit_action, audit_game
from replays.readjudicate import RecordedStep
from service.auth import Principal
from service.errors import AnnalsError, NotFound
from service.loading import stream_of
from service.wiring import Services


class NotAnAction(AnnalsError):
    """A version that is not the first event of an action (a consequence, or the game's creation)."""

    status, slug, title = 422, "not-an-action", "This version is not an action"

    def __init__(self, error: AuditError) -> None:
        super().__init__(str(error), version=error.version, action_version=error.action_version)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything an audit needs: the stored steps, the pinned ruleset, the board and the seed if revealed."""

    steps: list[RecordedStep]
    ruleset: Ruleset
    board: dict[str, Any] | None
    seed: bytes | None


def load_record(services: Services, game_id: str, principal: Principal) -> GameRecord:
    """A game's record, or 404 when it does not exist or the caller may not read it."""
    summary = services.loader.summary(game_id, principal)
    ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
    board = services.loader.board(summary["board"])
    steps = [
        RecordedStep(e.version, e.type, e.data, e.metadata) for e in services.store.iter_stream(stream_of(game_id))
    ]
    revealed = [s for s in steps if s.type == DICE_SEED_REVEALED and isinstance(s.data.get("seed"), str)]
    seed = bytes.fromhex(revealed[-1].data["seed"]) if revealed else None
    return GameRecord(steps, ruleset, board, seed)


def action_audit(services: Services, game_id: str, version: int, principal: Principal) -> ActionAudit:
    """The audit of the action recorded at `version` (404 beyond the game, 422 for a non-action)."""
    record = load_record(services, game_id, principal)
    last = record.steps[-1].version if record.steps else 0
    if not 1 <= version <= last:
        raise NotFound(f"game {game_id!r} has no version {version}; its last version is {last}")
    try:
        return audit_action(record.ruleset, record.steps, record.board, version, record.seed)
    except AuditError as error:
        raise NotAnAction(error) from None


def game_audit(services: Services, game_id: str, principal: Principal) -> GameAudit:
    """The audit of every action of a game, with adjustments, corrections and drift."""
    record = load_record(services, game_id, principal)
    return audit_game(record.ruleset, record.steps, record.board, record.seed)
