"""Audits of recorded games: load a game's record as stored and ask `replays.audit` about it.

Whoever may read a game may audit it (the same rule as `GET /games/{id}`): an audit only re-derives
what the record already shows, and shows it as that reader may see it — the state before an action as
the viewer `as` sees it (an arbiter's whole state by default for arbiters and admins, a spectator's for
anyone else), and an action whose events hide something from this reader with its request, trace and
expected outcome sealed too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from domain import registry
from domain.kernel import DICE_SEED_REVEALED, Event, Ruleset
from replays.audit import ActionAudit, AuditError, GameAudit, StateView, audit_action, audit_game
from replays.readjudicate import RecordedStep
from service.auth import Principal
from service.errors import AnnalsError, NotFound
from service.loading import stream_of
from service.views import HIDDEN, EventRedactor, view_for
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
    ruleset: Ruleset[Any]
    board: dict[str, Any] | None
    seed: bytes | None
    summary: dict[str, Any]


def load_record(services: Services, game_id: str, principal: Principal) -> GameRecord:
    """A game's record, or 404 when it does not exist or the caller may not read it."""
    summary = services.loader.summary(game_id, principal)
    ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
    board = services.loader.board(summary["board"])
    steps = [
        RecordedStep(e.version, e.type, e.data, e.metadata, e.schema_version)
        for e in services.store.iter_stream(stream_of(game_id))
    ]
    revealed = [s for s in steps if s.type == DICE_SEED_REVEALED and isinstance(s.data.get("seed"), str)]
    seed = bytes.fromhex(revealed[-1].data["seed"]) if revealed else None
    return GameRecord(steps, ruleset, board, seed, summary)


def action_audit(
    services: Services,
    game_id: str,
    version: int,
    principal: Principal,
    viewer: str | None = None,
    public: bool = False,
) -> ActionAudit:
    """The audit of the action recorded at `version` (404 beyond the game, 422 for a non-action).

    `public`: as anyone who may read the game sees it, whoever asks (what a dispute keeps for its readers).
    """
    record = load_record(services, game_id, principal)
    last = record.steps[-1].version if record.steps else 0
    if not 1 <= version <= last:
        raise NotFound(f"game {game_id!r} has no version {version}; its last version is {last}")
    view = _state_view(services, game_id, record, principal, viewer)
    try:
        audit = audit_action(record.ruleset, record.steps, record.board, version, record.seed, view)
    except AuditError as error:
        raise NotAnAction(error) from None
    reader = EventRedactor(ANYONE, record.ruleset, ()) if public else None
    return _as_seen(audit, reader or EventRedactor.for_summary(principal, record.summary))


def game_audit(services: Services, game_id: str, principal: Principal, viewer: str | None = None) -> GameAudit:
    """The audit of every action of a game, with adjustments, corrections and drift."""
    record = load_record(services, game_id, principal)
    view = _state_view(services, game_id, record, principal, viewer)
    audit = audit_game(record.ruleset, record.steps, record.board, record.seed, view=view)
    redactor = EventRedactor.for_summary(principal, record.summary)
    return replace(audit, deviations=tuple(_as_seen(a, redactor) for a in audit.deviations))


# Whoever may read a game, without a seat or a role: what a spectator sees.
ANYONE = Principal()


def _state_view(
    services: Services, game_id: str, record: GameRecord, principal: Principal, viewer: str | None
) -> StateView:
    """The state before an action as `viewer` sees it (400/403 as for `GET /state?as=`)."""
    name = viewer or ("arbiter" if principal.role in ("admin", "arbiter") else "spectator")
    meta = services.loader.load(game_id, principal).game.meta
    show = view_for(principal, record.ruleset, meta, name)
    return lambda game: {"version": game.version, "viewer": name, **show(game)}


def _as_seen(audit: ActionAudit, redactor: EventRedactor) -> ActionAudit:
    """An action audit as this reader may read it: when the action's events hide something from him, its
    events are shown redacted and its request, expected outcome and trace (which repeat it) are sealed."""
    if not redactor.hides_anything:
        return audit
    recorded = tuple(_event_seen(redactor, e) for e in audit.recorded_events)
    if recorded == audit.recorded_events:
        return audit
    action = {**audit.action, "data": HIDDEN} if audit.action is not None else None
    sealed_steps = tuple({**t, "text": HIDDEN, "numbers": {}} for t in audit.trace)
    return replace(
        audit,
        action=action,
        recorded_events=recorded,
        expected_events=tuple(_event_seen(redactor, e) for e in audit.expected_events),
        expected_violations=tuple({**v, "message": HIDDEN, "details": {}} for v in audit.expected_violations),
        trace=sealed_steps,
    )


def _event_seen(redactor: EventRedactor, event: Mapping[str, Any]) -> Mapping[str, Any]:
    shown = redactor.fact(Event(str(event["type"]), event["data"]))
    return event if shown.data == event["data"] else {**event, "data": dict(shown.data), "redacted": True}
