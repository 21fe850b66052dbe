"""Who may see a game how: the one place that turns `?as=` into a view function (DESIGN §7)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain import registry
from domain.kernel import Event, Game, GameMeta, Ruleset, Viewer, game_to_json, public_meta
from service.auth import Principal
from service.errors import BadRequest, Forbidden

ViewOf = Callable[[Game], dict[str, Any]]


def view_for(caller: Principal, ruleset: Ruleset[Any], meta: GameMeta, viewer_name: str) -> ViewOf:
    """The view `viewer_name` (a seat, "spectator" or "arbiter") gives this caller (403/400 otherwise)."""
    viewer = viewer_of(caller, meta, viewer_name)
    if viewer.arbiter:
        return lambda game: game_to_json(ruleset, game)
    return lambda game: {"meta": public_meta(game.meta), "rules": ruleset.view(game.state, viewer)}


def viewer_of(caller: Principal, meta: GameMeta, viewer_name: str) -> Viewer:
    """The viewer `?as=` names, if this caller may look as it: the arbiter's view for arbiter and admin tokens, a
    seat's for its holder and staff, the spectator's for anyone (403/400 otherwise)."""
    if viewer_name == "arbiter":
        if caller.role not in ("admin", "arbiter"):
            raise Forbidden("only an arbiter or admin token may see the arbiter's view")
        return Viewer(arbiter=True)
    if viewer_name == "spectator":
        return Viewer()
    if viewer_name not in meta.seat_names():
        raise BadRequest(f"as={viewer_name!r} is not a seat of this game", {"as": ["unknown seat"]})
    if viewer_name not in caller.seats_in(meta) and caller.role not in ("admin", "organiser", "arbiter"):
        raise Forbidden(f"this token does not hold seat {viewer_name!r}")
    return Viewer(seat=viewer_name)


# --- events as a caller may see them ---

EventJson = dict[str, Any]


class EventRedactor:
    """Events as one caller may read them: a ruleset with secrets in its events hides them per viewer.

    A ruleset whose events carry secrets (`has_secret_events`) hides them with its `event_view`; the arbiter
    and admin see every event whole. A player sees what any seat they hold may see; anyone else what a spectator may.
    A redacted event keeps its hash (the chain stays checkable by those who may read it whole) and is
    marked `"redacted": true`.
    """

    def __init__(self, caller: Principal, ruleset: Ruleset[Any], seats: tuple[str, ...]) -> None:
        hides = ruleset.has_secret_events and caller.role not in ("admin", "arbiter")
        self._hook: Callable[[Event, Viewer], Event] | None = ruleset.event_view if hides else None
        self._viewers = tuple(Viewer(seat=s) for s in seats) or (Viewer(),)

    @classmethod
    def as_viewer(cls, caller: Principal, summary: dict[str, Any], meta: GameMeta, viewer_name: str) -> EventRedactor:
        """The events as one named viewer sees them (`?as=`, the state's rules: 403/400 as `view_for`)."""
        ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
        view_for(caller, ruleset, meta, viewer_name)  # who may see what: one place decides
        redactor = cls(Principal(), ruleset, () if viewer_name in ("spectator", "arbiter") else (viewer_name,))
        if viewer_name == "arbiter":
            redactor._hook = None
        return redactor

    @classmethod
    def for_summary(cls, caller: Principal, summary: dict[str, Any]) -> EventRedactor:
        """The redactor of a game from its summary (ruleset version and seat holders)."""
        ruleset = registry.pinned(summary["ruleset"], summary["ruleset_version"])
        held = tuple(
            str(s["seat"]) for s in summary["seats"] if caller.player_id and s.get("player") == caller.player_id
        )
        return cls(caller, ruleset, held)

    @property
    def hides_anything(self) -> bool:
        """Whether this ruleset may hide part of an event from this caller."""
        return self._hook is not None

    def event(self, event: EventJson) -> EventJson:
        """One event's JSON as this caller may read it."""
        if self._hook is None:
            return event
        fact = Event(event["type"], event["data"])
        shown = self.fact(fact)
        if shown.data == fact.data:
            return event
        return {**event, "data": dict(shown.data), "metadata": _request_hidden(event["metadata"]), "redacted": True}

    def fact(self, event: Event) -> Event:
        """A fact as this caller may read it (for notation lines): whole if any seat they hold may see it."""
        if self._hook is None:
            return event
        shown = [self._hook(event, viewer) for viewer in self._viewers]
        return next((s for s in shown if s.data == event.data), shown[0])

    def events(self, events: list[EventJson]) -> list[EventJson]:
        """Several events' JSON as this caller may read them."""
        return events if self._hook is None else [self.event(e) for e in events]


# What a redacted part of an event shows instead of its value.
HIDDEN = "sealed"


def _request_hidden(metadata: dict[str, Any]) -> dict[str, Any]:
    """An event's metadata with the data of the request that caused it hidden: that request repeats what the
    event's redacted facts say (a purse's amount, a card seen). What was requested, and by whom, stays.

    The request rides on the first event of its decision, which is the action's fact (DESIGN §4: the fact
    first, then its consequences), so the fact's redaction decides the request's."""
    action = metadata.get("action")
    if not isinstance(action, dict) or "data" not in action:
        return metadata
    return {**metadata, "action": {**action, "data": HIDDEN}}
