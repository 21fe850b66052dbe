"""Forks: what-if games whose history is a prefix of another game's (issue 7).

A fork copies the parent's events 1..`at_version` into a new stream, exactly as an import under a
new id does (event ids uuid5 of the fork's id, the chain recomputed), and marks its `GameCreated`
with `fork: {parent, at_version, parent_hash, canonical_dice: false}`:

- Its dice are not canonical. A server-dice fork gets a fresh seed and commitment of its own: it
  must never roll what the parent will roll next, which would reveal the parent's future dice while
  that game goes on. The copied rolls stay facts of the parent, audited there, not in the fork.
- A fork cannot start inside an open sealed round: revealing the parent's sealed payloads in the
  fork would publish the parent's secrets.
- Anyone who can read the parent and may create games may fork it; the fork keeps the parent's
  visibility and seats (a what-if is about the same table).
- **Decision:** a fork starts only where one append ends: the events one request appended (an action's
  fact and its consequences, a ruling's `CorrectionApplied` with its strike and corrected action) are
  kept or left out together, else 422 naming the allowed versions either side (`append_ends`).
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection

from domain.canonical import canonical_bytes, sha256_hex
from domain.dice import seed_commitment
from domain.kernel import GAME_CREATED, DiceMode
from service.answers import answer_text, game_json
from service.auth import Principal
from service.clock import isoformat
from service.errors import Conflict, Unprocessable
from service.games import Recorded, RequestContext
from service.loading import can_read, stream_of
from service.rebuild import summary_of
from service.records import relink
from service.store import secrets, summaries
from service.store.events import AppendResult, RecordedEvent
from service.wiring import Services

FORKERS = ("admin", "organiser", "arbiter", "player")


def create_fork(
    services: Services,
    principal: Principal,
    parent_id: str,
    fields: Mapping[str, Any],
    ctx: RequestContext,
    key: str | None = None,
) -> Recorded:
    """Create the fork of `parent_id` at `fields["at_version"]`: the fork and the body answering it. A request
    repeated with its Idempotency-Key gets the first fork's answer, and no second fork is made."""
    principal.require(*FORKERS)
    principal.require_unbound("fork a game")
    scoped = f"{principal.token_id}:fork:{key}" if key else None
    fingerprint = sha256_hex(canonical_bytes({"game": parent_id, **fields}))
    if scoped is not None and (earlier := services.store.idempotent_result(scoped, fingerprint)) is not None:
        return _recorded(earlier)
    parent = services.loader.summary(parent_id, principal)
    at = int(fields["at_version"])
    if at > parent["version"]:
        # 422 like an annotation's or a dispute's version beyond the game: a write naming what is not there.
        message = f"version {at} is beyond the game's version {parent['version']}"
        raise Unprocessable(f"at_version={at} cannot start a fork: {message}", {"at_version": [message]})
    prefix_events = services.store.read(stream_of(parent_id), 0, parent["version"])
    _check_append_end(prefix_events, at)
    at_fork = services.loader.load(parent_id, principal, at).game
    if at_fork.meta.sealed:
        rounds = ", ".join(sorted(at_fork.meta.sealed))
        raise Conflict(
            f"sealed round(s) {rounds} are open at version {at}: fork before the round opens or after its reveal"
        )
    prefix = [e.to_json() for e in prefix_events[:at]]
    fork_id = str(uuid.uuid4())
    seed = services.entropy.token_bytes(32) if parent["dice"] == DiceMode.SERVER.value else None
    title = fields.get("title") or f"What if: {parent['title'] or parent_id} from version {at}"
    created: dict[str, Any] = {
        "title": title[:200],
        "fork": {
            "parent": parent_id,
            "at_version": at,
            "parent_hash": prefix[-1]["hash"],
            "canonical_dice": False,
            "forked_by": principal.token_id,
        },
    }
    if seed is not None:
        created.update({"dice_commitment": seed_commitment(seed), "dice_game_id": fork_id})
    now = isoformat(services.clock.now())

    def build(position: int) -> list[RecordedEvent]:
        return relink(prefix, stream_of(fork_id), parent_id, fork_id, position, created)

    def summarise(conn: Connection, recorded: tuple[RecordedEvent, ...]) -> None:
        summaries.insert_game(conn, summary_of(recorded))
        if seed is not None:
            secrets.put(conn, stream_of(fork_id), "dice_seed", "dice", seed.hex(), now)

    result = services.store.append_recorded(stream_of(fork_id), build, summarise, (), scoped, fingerprint, _answer)
    return _recorded(result)


def _answer(recorded: tuple[RecordedEvent, ...]) -> str:
    """The new fork as a game resource, built in its append's transaction (kept with an Idempotency-Key)."""
    return answer_text({**game_json(summary_of(recorded)), "open_disputes": 0, "provisional": False})


def _recorded(result: AppendResult) -> Recorded:
    game_id = str(result.events[0].data["game_id"])
    return Recorded(game_id, result, result.answer or "")


def forks_of(services: Services, principal: Principal, parent_id: str) -> list[dict[str, Any]]:
    """The readable forks of a game, oldest first (404 when the parent is not readable)."""
    services.loader.summary(parent_id, principal)
    return [s for s in summaries.forks_of(services.engine, parent_id) if can_read(principal, s)]


def append_ends(events: Sequence[RecordedEvent]) -> list[int]:
    """The versions at which one append ends: every event a single request appended lies on one side."""
    ends = [e.version for e, after in itertools.pairwise(events) if not _appended_with(e, after)]
    return [*ends, events[-1].version] if events else []


def _appended_with(before: RecordedEvent, event: RecordedEvent) -> bool:
    """Whether `event` was appended by the same request as `before`, the event just before it.

    A ruling's events all carry its `correction` marker (each of its actions has its own `action`); any
    other append marks its first event with its cause (`action`, `sealed`), and the rest of it shares the
    request id and recording time. An event without these markers (`GameCreated`, older logs) stands alone.
    """
    if event.type == GAME_CREATED:
        return False
    correction = event.metadata.get("correction")
    if correction is not None:
        return bool(correction == before.metadata.get("correction"))
    if "action" in event.metadata or "sealed" in event.metadata or before.metadata.get("correction") is not None:
        return False
    request = event.metadata.get("request_id")
    same_request = request is not None and request == before.metadata.get("request_id")
    return same_request and before.recorded_at == event.recorded_at


def _check_append_end(events: Sequence[RecordedEvent], at: int) -> None:
    """422 when `at` falls inside one append's events (a fork would keep half of what a request recorded)."""
    ends = append_ends(events)
    if at in ends:
        return
    before = max((v for v in ends if v < at), default=None)
    after = min((v for v in ends if v > at), default=None)
    near = " or ".join(str(v) for v in (before, after) if v is not None)
    message = f"version {at} falls inside the events one request appended together; fork at {near}"
    raise Unprocessable(f"at_version={at} cannot start a fork: {message}", {"at_version": [message]})
