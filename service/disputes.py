"""Disputes and rulings (DESIGN §8, issue 8): each dispute is its own stream, `dispute:<id>`.

A dispute stream holds, in order:

- `DisputeOpened {dispute, game, version, claim, rule_ids, raised_by}` by a seated player, an arbiter
  or an admin, appended together with `AuditAttached {game, version, game_version, game_head, audit}`:
  the audit of the disputed action as it stood when the dispute was opened (without `state_before`,
  which the audit endpoint still serves).
- `RulingIssued {ruling, decision: upheld | overturned, reasoning, rule_ids, arbiter, appeal, correction}`
  by an arbiter or admin.
- `AppealOpened {appeal, claim, rule_ids, raised_by}` reopens a ruled dispute; the next ruling has
  `appeal: true`. Status: `open` until ruled, then the decision; an appeal makes it `open` again.

Correction semantics: "the corrected game state is what the rules give", applied forward, never by
rewinding, editing or deleting. A ruling that changes the game appends, in the same transaction as
`RulingIssued`, a `CorrectionApplied {dispute, ruling, version, decision, appeal, strikes,
corrected_action, superseded, rule_ids}` marker to the GAME's stream, followed by:

1. The strike (`StateAdjusted`, an `adjust` by the arbiter): it compensates the effect on the ruleset
   state of, first, every earlier correction of this dispute (newest first, so the record stands
   again) and then, on an overturn, of the disputed action itself. Each strike is three-way, against
   the CURRENT state: a value the game still holds as the struck events left it goes back to what it
   was before them; a number moved since is moved back by the struck events' own delta (counters,
   treasuries); a value that later events changed again is left as they made it and listed in
   `superseded` for the arbiter. Platform bookkeeping is never struck: dice drawn stay drawn (a
   re-roll is a new roll), revealed secrets stay revealed, an ended game stays ended.
2. On an overturn, the events the rules give for the arbiter's `corrected_action` (optional), decided by
   the game's pinned ruleset on the game after the strike, with arbiter authority and strictly: a
   corrected action that breaks a rule refuses the whole ruling (422, nothing written). After the
   game's end it is decided as if the game were still running, so a corrected `end_game` records a
   corrected result. The arbiter states the correction as an action because the rules cannot infer it
   from a claim; for `freeform` (no rules checked) the corrected state is exactly the record with the
   struck action's effect removed plus the corrected action's `ActionRecorded`, `DiceRolled` or
   `StateAdjusted`.

So an upheld first ruling changes nothing in the game; an upheld appeal after an overturn strikes that
overturn's correction (the record stands again); an overturning appeal strikes the earlier correction
and applies its own. Each correction batch carries its action and `correction: {dispute, ruling}` in
its metadata, so audits re-decide it like any action and list it among the game's corrections.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection

from domain.canonical import canonical_bytes, sha256_hex
from domain.kernel import Ruleset
from domain.platform import all_rules
from service import audits
from service.annotation_stream import author_of
from service.auth import Principal
from service.corrections import Correction, plan_correction
from service.errors import (
    Conflict,
    Forbidden,
    NotFound,
    TooMuchContention,
    Unprocessable,
    WrongExpectedVersion,
)
from service.games import RETRIES, RequestContext
from service.integrity import REBUILDABLE, Finding
from service.loading import LoadedGame, stream_of
from service.store import disputes as dispute_rows
from service.store import summaries
from service.store.engine import WRITE
from service.store.events import AppendResult, EventDraft, RecordedEvent
from service.tournaments import results as tournament_results
from service.wiring import Services

DISPUTE_OPENED = "DisputeOpened"
AUDIT_ATTACHED = "AuditAttached"
RULING_ISSUED = "RulingIssued"
APPEAL_OPENED = "AppealOpened"
RAISERS = ("admin", "arbiter", "player")
ARBITERS = ("admin", "arbiter")


def stream_of_dispute(dispute_id: str) -> str:
    """The event stream of a dispute."""
    return f"dispute:{dispute_id}"


class DisputeNotFound(NotFound):
    """No dispute with this id (or of a game the caller may not read)."""

    slug, title = "dispute-not-found", "Dispute not found"


class NotAnActionVersion(Unprocessable):
    """A disputed version that is not the first event of an action."""

    slug, title = "not-an-action", "This version is not an action"

    def __init__(self, detail: str, action_version: int | None) -> None:
        super().__init__(detail, {"version": [detail]})
        self.extra["action_version"] = action_version


@dataclass(frozen=True, slots=True)
class Dispute:
    """A dispute folded from its stream."""

    id: str
    game: str
    version: int
    claim: str
    raised_by: str
    opened_at: str
    updated_at: str
    status: str
    rule_ids: tuple[str, ...]
    rulings: int
    appeals: int
    last_ruling: Mapping[str, Any] | None
    batch_end: int  # the last game version of the disputed action's batch
    corrections: tuple[tuple[int, int], ...]  # game version ranges of this dispute's corrections, oldest first
    events: tuple[RecordedEvent, ...] = field(default=())

    def row(self) -> dict[str, Any]:
        """The read model row."""
        return {
            "dispute_id": self.id,
            "game_id": self.game,
            "version": self.version,
            "claim": self.claim,
            "status": self.status,
            "raised_by": self.raised_by,
            "rulings": self.rulings,
            "appeals": self.appeals,
            "last_ruling": dict(self.last_ruling) if self.last_ruling is not None else None,
            "stream_version": len(self.events),
            "opened_at": self.opened_at,
            "updated_at": self.updated_at,
        }


def fold_dispute(events: Sequence[RecordedEvent]) -> Dispute:
    """A dispute from its events (the first must be `DisputeOpened`)."""
    opened = events[0].data
    found = Dispute(
        id=opened["dispute"],
        game=opened["game"],
        version=opened["version"],
        claim=opened["claim"],
        raised_by=opened["raised_by"],
        opened_at=events[0].recorded_at,
        updated_at=events[-1].recorded_at,
        status="open",
        rule_ids=tuple(opened.get("rule_ids", ())),
        rulings=0,
        appeals=0,
        last_ruling=None,
        batch_end=opened["version"],
        corrections=(),
        events=tuple(events),
    )
    for event in events[1:]:
        data = event.data
        match event.type:
            case "AuditAttached":
                versions = [e["version"] for e in data["audit"].get("recorded_events", ())]
                found = replace(found, batch_end=max(versions, default=found.version))
            case "RulingIssued":
                correction = data.get("correction")
                ranges = found.corrections
                if correction is not None:
                    ranges = (*ranges, (correction["from"], correction["to"]))
                found = replace(
                    found,
                    status=data["decision"],
                    rulings=found.rulings + 1,
                    last_ruling=data,
                    corrections=ranges,
                    rule_ids=_merged(found.rule_ids, data.get("rule_ids", ())),
                )
            case "AppealOpened":
                found = replace(
                    found,
                    status="open",
                    appeals=found.appeals + 1,
                    rule_ids=_merged(found.rule_ids, data.get("rule_ids", ())),
                )
    return found


def dispute_json(row: Mapping[str, Any], events: Sequence[RecordedEvent] | None = None) -> dict[str, Any]:
    """A dispute resource from its read model row (with its events when given)."""
    body: dict[str, Any] = {
        "id": row["dispute_id"],
        "game": row["game_id"],
        "version": row["version"],
        "claim": row["claim"],
        "status": row["status"],
        "raised_by": row["raised_by"],
        "rule_ids": list(row["rule_ids"]),
        "rulings": row["rulings"],
        "appeals": row["appeals"],
        "ruling": row["last_ruling"],
        "opened_at": row["opened_at"],
        "updated_at": row["updated_at"],
    }
    if events is not None:
        body["events"] = [
            {"version": e.version, "type": e.type, "data": e.data, "recorded_at": e.recorded_at, "hash": e.hash}
            for e in events
        ]
    return body


# --- reads ---


def read(services: Services, principal: Principal, dispute_id: str, until: int | None = None) -> dict[str, Any]:
    """A dispute with its events and current status (404 when unknown or its game is hidden); with `until`, as
    it stood at that version of its stream (the answer to the append that ended there, retried or not)."""
    events, dispute = _load(services, principal, dispute_id, until)
    return dispute_json({**dispute.row(), "rule_ids": sorted(set(dispute.rule_ids))}, events)


def _as_appended(services: Services, principal: Principal, result: AppendResult) -> tuple[dict[str, Any], bool]:
    """The answer to a dispute append: the dispute as that append left it, so that a retry with the same
    Idempotency-Key gets the first answer even after later rulings or appeals (and whether it is a retry)."""
    last = result.events[-1]
    return read(services, principal, last.stream_id.removeprefix("dispute:"), last.version), result.replayed


# --- writes ---


def open_dispute(
    services: Services,
    principal: Principal,
    game_id: str,
    body: Mapping[str, Any],
    ctx: RequestContext,
    key: str | None,
) -> tuple[dict[str, Any], bool]:
    """Open a dispute on the action recorded at `body.version`, with its audit attached; and whether an
    identical earlier request (same Idempotency-Key) had opened it."""
    principal.require(*RAISERS)
    loaded = services.loader.load(game_id, principal)
    _check_raiser(principal, loaded, "open a dispute on")
    scoped = f"{principal.token_id}:dispute:{game_id}:{key}" if key else None
    fingerprint = sha256_hex(canonical_bytes({"game": game_id, **body}))
    if scoped is not None and (earlier := services.store.idempotent_result(scoped, fingerprint)) is not None:
        return _as_appended(services, principal, earlier)
    version, head = body["version"], loaded.game.version
    if version > head:
        message = f"version {version} is beyond the game's version {head}"
        raise Unprocessable(f"the dispute cannot be opened: {message}", {"version": [message]})
    _check_rule_ids(loaded.ruleset, body["rule_ids"], "rule_ids")
    try:
        # Kept in the dispute for everyone who reads it: as anyone may see it (the audit endpoint gives more).
        audit = audits.action_audit(services, game_id, version, principal, public=True).to_json()
    except audits.NotAnAction as error:
        raise NotAnActionVersion(error.detail, error.extra.get("action_version")) from None
    audit.pop("state_before", None)  # large, and frozen forever in the stream: the audit endpoint serves it
    dispute_id = str(uuid.uuid4())
    opened = {
        "dispute": dispute_id,
        "game": game_id,
        "version": version,
        "claim": body["claim"],
        "rule_ids": list(body["rule_ids"]),
        "raised_by": author_of(principal),
    }
    attached = {
        "game": game_id,
        "version": version,
        "game_version": head,
        "game_head": loaded.summary["last_hash"],
        "audit": audit,
    }
    meta = _metadata(principal, ctx)
    drafts = [EventDraft(DISPUTE_OPENED, opened, meta), EventDraft(AUDIT_ATTACHED, attached, meta)]
    result = services.store.append(
        stream_of_dispute(dispute_id), 0, drafts, scoped, fingerprint, on_append=_project(services, [])
    )
    return _as_appended(services, principal, result)


def _request_key(
    principal: Principal, stream: str, kind: str, key: str | None, body: Mapping[str, Any]
) -> tuple[str | None, str]:
    """The caller-scoped Idempotency-Key of a request on a dispute, and the request's fingerprint."""
    scoped = f"{principal.token_id}:{stream}:{kind}:{key}" if key else None
    return scoped, sha256_hex(canonical_bytes({kind: dict(body)}))


def appeal(
    services: Services,
    principal: Principal,
    dispute_id: str,
    body: Mapping[str, Any],
    ctx: RequestContext,
    key: str | None,
) -> tuple[dict[str, Any], bool]:
    """Reopen a ruled dispute for a further ruling (a seated player, an arbiter or an admin); the dispute,
    and whether an identical earlier request (same Idempotency-Key) had appealed it."""
    principal.require(*RAISERS)
    stream = stream_of_dispute(dispute_id)
    scoped, fingerprint = _request_key(principal, stream, "appeal", key, body)
    if scoped is not None and (earlier := services.store.idempotent_result(scoped, fingerprint)) is not None:
        return _as_appended(services, principal, earlier)
    events, dispute = _load(services, principal, dispute_id)
    loaded = services.loader.load(dispute.game, principal)
    _check_raiser(principal, loaded, "appeal a ruling on")
    if dispute.status == "open":
        raise Conflict(f"dispute {dispute_id} is open: it has no ruling to appeal yet")
    _check_rule_ids(loaded.ruleset, body["rule_ids"], "rule_ids")
    data = {
        "appeal": dispute.appeals + 1,
        "claim": body["claim"],
        "rule_ids": list(body["rule_ids"]),
        "raised_by": author_of(principal),
    }
    drafts = [EventDraft(APPEAL_OPENED, data, _metadata(principal, ctx))]
    try:
        result = services.store.append(
            stream, len(events), drafts, scoped, fingerprint, on_append=_project(services, events)
        )
    except WrongExpectedVersion:
        raise Conflict(f"dispute {dispute_id} was appealed meanwhile; look again") from None
    return _as_appended(services, principal, result)


def rule(
    services: Services,
    principal: Principal,
    dispute_id: str,
    body: Mapping[str, Any],
    ctx: RequestContext,
    key: str | None,
) -> tuple[dict[str, Any], bool]:
    """Rule on an open dispute (an arbiter or admin); a ruling that changes the game corrects it by appending.
    The dispute, and whether an identical earlier request (same Idempotency-Key) had ruled."""
    principal.require(*ARBITERS)
    stream = stream_of_dispute(dispute_id)
    scoped, fingerprint = _request_key(principal, stream, "ruling", key, body)
    if scoped is not None and (earlier := services.store.idempotent_result(scoped, fingerprint)) is not None:
        return _as_appended(services, principal, earlier)
    for _attempt in range(RETRIES):
        events, dispute = _load(services, principal, dispute_id)
        if dispute.status != "open":
            raise Conflict(f"dispute {dispute_id} is already ruled ({dispute.status}); open an appeal to rule again")
        loaded = services.loader.load(dispute.game, principal)
        _check_rule_ids(loaded.ruleset, body["rule_ids"], "rule_ids")
        ruling = dispute.rulings + 1
        correction = plan_correction(services, principal, loaded, dispute, ruling, body, _metadata(principal, ctx))
        data = {
            "ruling": ruling,
            "decision": body["decision"],
            "reasoning": body["reasoning"],
            "rule_ids": list(body["rule_ids"]),
            "arbiter": author_of(principal),
            "appeal": dispute.rulings > 0,
            "corrected_action": body.get("corrected_action"),
            "correction": correction.span if correction is not None else None,
        }
        drafts = [EventDraft(RULING_ISSUED, data, _metadata(principal, ctx))]
        try:
            result = services.store.append(
                stream, len(events), drafts, scoped, fingerprint, on_append=_project(services, events, correction)
            )
        except WrongExpectedVersion:
            services.loader.forget(dispute.game)
            continue
        if correction is not None:
            services.loader.forget(dispute.game)
        # A tournament game's result follows the ruling: a changed outcome is amended, naming the dispute (issue 13).
        tournament_results.after_ruling(services, dispute.game, dispute_id)
        return _as_appended(services, principal, result)
    raise TooMuchContention(f"dispute {dispute_id} or its game moved on {RETRIES} times while ruling; rule again")


# --- shared ---


def _load(
    services: Services, principal: Principal, dispute_id: str, until: int | None = None
) -> tuple[list[RecordedEvent], Dispute]:
    events = services.store.read(stream_of_dispute(dispute_id), 0, until)
    if not events or events[0].type != DISPUTE_OPENED:
        raise DisputeNotFound(f"no dispute {dispute_id!r}")
    dispute = fold_dispute(events)
    try:
        services.loader.summary(dispute.game, principal)
    except NotFound:
        raise DisputeNotFound(f"no dispute {dispute_id!r}") from None
    return events, dispute


def _project(services: Services, earlier: Sequence[RecordedEvent], correction: Correction | None = None) -> Any:
    """The `on_append` of a dispute append: the correction to its game, then the read models."""

    def on_append(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        dispute = fold_dispute([*earlier, *recorded])
        if correction is not None:
            game_stream = stream_of(dispute.game)
            appended = services.store.append_within(conn, game_stream, correction.game.version, correction.drafts)
            head = appended[-1]
            summaries.advance(conn, dispute.game, head.version, head.hash, head.recorded_at, correction.ended)
        dispute_rows.put(conn, dispute.row(), dispute.rule_ids)

    return on_append


def _check_raiser(principal: Principal, loaded: LoadedGame, what: str) -> None:
    """A player may raise a dispute only in a game where they hold a seat (and its token may act in)."""
    principal.require_game(loaded.game.meta.game_id)
    if principal.role == "player" and not principal.seats_in(loaded.game.meta):
        raise Forbidden(f"this player token holds no seat of game {loaded.game.meta.game_id}: it may not {what} it")


def _check_rule_ids(ruleset: Ruleset[Any], rule_ids: Sequence[str], name: str) -> None:
    known = all_rules(ruleset)
    unknown = [r for r in rule_ids if r not in known]
    if unknown:
        messages = [f"{r!r} is not a rule of {ruleset.id} {ruleset.version} or of the platform" for r in unknown]
        raise Unprocessable(f"{name}: {messages[0]}", {name: messages})


def _metadata(principal: Principal, ctx: RequestContext) -> dict[str, Any]:
    meta: dict[str, Any] = {"actor": principal.token_id, "role": principal.role, "request_id": ctx.request_id}
    if principal.player_id:
        meta["player"] = principal.player_id
    return meta


def _merged(known: Sequence[str], more: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys([*known, *more]))


# --- rebuild ---


def dispute_drift(services: Services, dispute_id: str) -> list[str]:
    """The fields of a dispute's read-model row that are not the fold of its stream (an edited row: the
    list of precedents filters on it); [] without a row or events (other findings name those)."""
    stored = dispute_rows.get(services.engine, dispute_id)
    events = list(services.store.iter_stream(stream_of_dispute(dispute_id)))
    if stored is None or not events:
        return []
    folded = fold_dispute(events)
    expected = {**folded.row(), "rule_ids": sorted(set(folded.rule_ids))}
    expected.pop("stream_version")  # compared with the stream's length by every verifier already
    return sorted(name for name, value in expected.items() if stored.get(name) != value)


@dataclass(frozen=True, slots=True)
class DisputesRebuilt:
    """What a rebuild of the disputes read model did: disputes refilled, and the findings of those it kept."""

    disputes: int
    refused: tuple[Finding, ...] = ()


def rebuild_disputes(services: Services, accept_tampered: bool = False) -> DisputesRebuilt:
    """Empty the disputes read model and refill it from every dispute stream.

    As for games (`rebuild_summaries`), a dispute whose stream disagrees with its chain, its row, its signed
    checkpoints or the witness keeps its row as evidence and its findings are returned as refused, unless
    `accept_tampered`.
    """
    check = services.verifier.check_all("dispute:")
    refused = [] if accept_tampered else [f for s in check.streams for f in s.findings if f.kind not in REBUILDABLE]
    kept = {f.stream for f in refused if f.stream}
    count = 0
    with services.engine.connect().execution_options(**WRITE) as conn, conn.begin():
        dispute_rows.clear(conn, keep=[stream.removeprefix("dispute:") for stream in kept])
        for stream in services.store.stream_ids("dispute:"):
            if stream in kept:
                continue
            dispute = fold_dispute(list(services.store.iter_stream(stream)))
            dispute_rows.put(conn, dispute.row(), dispute.rule_ids)
            count += 1
    return DisputesRebuilt(count, tuple(refused))
