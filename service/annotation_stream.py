"""Annotations of a game as their own stream, `annotations:<game id>` (issue 7).

Anyone with a token who can read a game may annotate it; an annotation is edited or deleted only
by its author or by an arbiter or admin, and only by appending (`AnnotationEdited`,
`AnnotationDeleted`). Authors are identities, not tokens: a player's notes stay theirs across tokens.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from domain.canonical import canonical_bytes, sha256_hex
from replays.annotations import (
    ANNOTATION_ADDED,
    ANNOTATION_DELETED,
    ANNOTATION_EDITED,
    Annotation,
    Kind,
    Reader,
    Visibility,
    annotation_errors,
    body_errors,
    fold_annotations,
    visibility_errors,
    visible_to,
)
from service.auth import Principal
from service.errors import Forbidden, NotFound, Unauthorized, Unprocessable
from service.games import RequestContext
from service.store.events import EventDraft
from service.wiring import Services

MODERATORS = ("admin", "arbiter")


def stream_of_annotations(game_id: str) -> str:
    """The stream holding a game's annotations."""
    return f"annotations:{game_id}"


def author_of(principal: Principal) -> str:
    """The identity an annotation is written under: the player, else the token."""
    if principal.player_id is not None:
        return f"player:{principal.player_id}"
    return f"token:{principal.token_id}"


def reader_of(principal: Principal, summary: Mapping[str, Any]) -> Reader:
    """Who reads: the caller's identity and the seats their player holds in the game."""
    if principal.is_anonymous:
        return Reader(None)
    seats = tuple(
        str(s["seat"]) for s in summary["seats"] if principal.player_id and s.get("player") == principal.player_id
    )
    return Reader(author_of(principal), seats)


def annotations_of(services: Services, principal: Principal, game_id: str) -> list[Annotation]:
    """The game's annotations the caller may read, oldest first (404 when the game is not readable)."""
    summary = services.loader.summary(game_id, principal)
    reader = reader_of(principal, summary)
    return [a for a in _current(services, game_id).values() if visible_to(a, reader)]


def add(
    services: Services,
    principal: Principal,
    game_id: str,
    fields: Mapping[str, Any],
    ctx: RequestContext,
    key: str | None,
) -> tuple[Annotation, bool]:
    """Append `AnnotationAdded` after checking the fields against the game; the annotation, and whether an
    identical earlier request (same Idempotency-Key) had added it."""
    summary = _annotatable(services, principal, game_id)
    seats = [str(s["seat"]) for s in summary["seats"]]
    errors = annotation_errors(fields, game_version=summary["version"], seats=seats, area_ids=_areas(services, summary))
    if errors:
        raise Unprocessable(f"the annotation cannot be recorded: {_first(errors)}", errors)
    _check_seat_allowed(principal, summary, fields)
    data = {
        "id": str(uuid.uuid4()),
        "kind": fields["kind"],
        "at_version": fields["at_version"],
        "author": author_of(principal),
        "visibility": fields.get("visibility", Visibility.PUBLIC.value),
        "seat": fields.get("seat"),
        "body": dict(fields["body"]),
    }
    scoped = f"{principal.token_id}:annotate:{game_id}:{key}" if key else None
    # The request, not the drafts (whose id is new each time), identifies a repeat.
    fingerprint = sha256_hex(canonical_bytes(dict(fields)))
    result = services.store.append(
        stream_of_annotations(game_id), None, [_draft(ANNOTATION_ADDED, data, principal, ctx)], scoped, fingerprint
    )
    return _current(services, game_id)[result.events[0].data["id"]], result.replayed


def edit(
    services: Services,
    principal: Principal,
    game_id: str,
    annotation_id: str,
    fields: Mapping[str, Any],
    ctx: RequestContext,
) -> Annotation:
    """Append `AnnotationEdited`: a new body and, optionally, a new visibility."""
    summary = _annotatable(services, principal, game_id)
    current = _owned(services, principal, game_id, annotation_id)
    errors: dict[str, list[str]] = {}
    if "body" not in fields and "visibility" not in fields:
        errors["body"] = ["an edit changes the body, the visibility or both"]
    if "body" in fields:
        errors.update(body_errors(current.kind, fields["body"], _areas(services, summary)))
    if "visibility" in fields:
        errors.update(visibility_errors(fields, [str(s["seat"]) for s in summary["seats"]]))
    if errors:
        raise Unprocessable(f"the edit cannot be recorded: {_first(errors)}", errors)
    if "visibility" in fields:
        _check_seat_allowed(principal, summary, fields)
    data: dict[str, Any] = {"id": current.id, "editor": author_of(principal)}
    if "body" in fields:
        data["body"] = dict(fields["body"])
    if "visibility" in fields:
        data["visibility"] = fields["visibility"]
        data["seat"] = fields.get("seat")
    services.store.append(stream_of_annotations(game_id), None, [_draft(ANNOTATION_EDITED, data, principal, ctx)])
    return _current(services, game_id)[current.id]


def delete(services: Services, principal: Principal, game_id: str, annotation_id: str, ctx: RequestContext) -> None:
    """Append `AnnotationDeleted`; the annotation stays in the stream, hidden from every listing."""
    _annotatable(services, principal, game_id)
    current = _owned(services, principal, game_id, annotation_id)
    data = {"id": current.id, "by": author_of(principal)}
    services.store.append(stream_of_annotations(game_id), None, [_draft(ANNOTATION_DELETED, data, principal, ctx)])


def _annotatable(services: Services, principal: Principal, game_id: str) -> dict[str, Any]:
    if principal.is_anonymous:
        raise Unauthorized("annotating needs 'Authorization: Bearer <token>'")
    summary = services.loader.summary(game_id, principal)  # 404 first: a game it cannot read stays unnamed
    principal.require_game(game_id)  # a token bound to games annotates only those, as it records only there
    return summary


def _owned(services: Services, principal: Principal, game_id: str, annotation_id: str) -> Annotation:
    """The annotation, when the caller may change it: its author, or a moderator who can see it. A deleted one
    is gone for everyone (404), as `GET` says: an edit or a second deletion would append to the stream."""
    found = _current(services, game_id).get(annotation_id)
    summary = services.loader.summary(game_id, principal)
    moderator = principal.role in MODERATORS
    if found is None or found.deleted or (not visible_to(found, reader_of(principal, summary)) and not moderator):
        raise NotFound(f"no annotation {annotation_id!r} in game {game_id!r}")
    if found.author != author_of(principal) and principal.role not in MODERATORS:
        raise Forbidden(
            f"annotation {annotation_id!r} is {found.author}'s; only its author or an arbiter may change it"
        )
    return found


def _check_seat_allowed(principal: Principal, summary: Mapping[str, Any], fields: Mapping[str, Any]) -> None:
    """A player writes seat notes only for a seat they hold; staff may write them for any seat."""
    if fields.get("visibility") != Visibility.SEAT.value or principal.role != "player":
        return
    held = reader_of(principal, summary).seats
    if fields.get("seat") not in held:
        raise Forbidden(f"this player holds seats [{', '.join(held) or 'none'}], not {fields.get('seat')!r}")


def _current(services: Services, game_id: str) -> dict[str, Annotation]:
    events = services.store.read(stream_of_annotations(game_id))
    return fold_annotations((e.type, e.data, e.recorded_at) for e in events)


def _areas(services: Services, summary: Mapping[str, Any]) -> Sequence[str] | None:
    board = services.loader.board(summary["board"])
    if board is None:
        return None
    return [str(area["id"]) for area in board.get("areas", ()) if isinstance(area, Mapping)]


def _draft(event_type: str, data: dict[str, Any], principal: Principal, ctx: RequestContext) -> EventDraft:
    metadata: dict[str, Any] = {"actor": principal.token_id, "role": principal.role, "request_id": ctx.request_id}
    if principal.player_id:
        metadata["player"] = principal.player_id
    return EventDraft(event_type, data, metadata)


def _first(errors: Mapping[str, list[str]]) -> str:
    name, problems = next(iter(errors.items()))
    return f"{name}: {problems[0]}"


__all__ = ["Kind", "add", "annotations_of", "delete", "edit"]
