"""The `freeform` ruleset: decide, evolve, view and notation for untyped table play.

It is the reference ruleset of the platform: everything a game system needs from the kernel
(seats, dice, sealed rounds, adjustments, views) is exercised here with no game rules on top.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from domain import json_values
from domain.actions import ActionSpec
from domain.kernel import (
    SEALED_ROUND_OPENED,
    Action,
    Decision,
    Event,
    Game,
    Inputs,
    Ruleset,
    RuleViolation,
    SealedRound,
    Seat,
    TraceStep,
    Viewer,
)
from domain.pending import Pending
from domain.platform import UNIVERSAL_ACTIONS, roll
from domain.platform_notation import platform_line
from domain.positions import PositionError
from domain.rulesets.freeform import pending as waiting
from domain.rulesets.freeform import position
from domain.rulesets.freeform.actions import ACTION_SPECS, MAX_ROLL, ROUND_PATTERN, board_ids, size_violations
from domain.rulesets.freeform.rulebook import RULEBOOK
from domain.rulesets.freeform.state import FreeformState, LastAction

ACTION_TYPE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
ACTION_RECORDED = "ActionRecorded"
_RESERVED = UNIVERSAL_ACTIONS | {"roll", "open_sealed"}


class FreeformRuleset(Ruleset[FreeformState]):
    """Records any well-formed action from a seat of the game."""

    id = "freeform"
    version = "1.0.0"
    title = "Freeform (any game, no rules checked)"
    rulebook = RULEBOOK
    default_options: Mapping[str, Any] = {}
    shipped_boards: Mapping[str, Mapping[str, Any]] = {}
    actions: Mapping[str, ActionSpec] = ACTION_SPECS
    # Any other snake_case type is recorded as it is (`ActionRecorded`), for systems not modelled yet (DESIGN §2).
    accepts_any_action_type = True
    # Freeform checks no game rules, so nothing is left to adjust: what the table records is the record.
    left_to_adjust: tuple[tuple[str, str], ...] = ()

    def action_ids(self, state: Any) -> Mapping[str, tuple[str, ...]]:
        """The ids this game's board fixes, by kind, for the schemas refined per game."""
        return board_ids(state)

    def option_errors(self, options: Mapping[str, Any]) -> list[str]:
        """Freeform takes no options."""
        return [f"options.{name}: freeform has no option {name!r}" for name in options]

    def board_errors(self, board: Mapping[str, Any] | None) -> list[str]:
        """Any valid generic board, or none."""
        return []

    def seat_errors(self, seats: Sequence[Seat], options: Mapping[str, Any]) -> list[str]:
        """At least one seat."""
        return [] if seats else ["seats: a game needs at least one seat"]

    def setup(
        self, options: Mapping[str, Any], board: Mapping[str, Any] | None, seats: Sequence[Seat]
    ) -> FreeformState:
        """An empty record for the given seats."""
        return FreeformState(tuple(s.seat for s in seats))

    # --- positions (issue 15, point 3) ---

    position_schema: Mapping[str, Any] = position.POSITION_SCHEMA

    def position_of(self, game: Game) -> dict[str, Any]:
        """The game's record so far as a position (see the position module)."""
        return position.position_of(game)

    def position_errors(
        self,
        position_document: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> list[PositionError]:
        """FF-POSITION-1/2/3: known seats, consistent numbering, counted types."""
        return position.position_errors(position_document, seats)

    def from_position(
        self,
        position_document: Mapping[str, Any],
        options: Mapping[str, Any],
        board: Mapping[str, Any] | None,
        seats: Sequence[Seat],
    ) -> FreeformState:
        """The opening state of a game started from a position."""
        return position.from_position(position_document, seats)

    # --- decide ---

    def decide(self, game: Game, action: Action, inputs: Inputs) -> Decision:
        """Record the action if it is well formed; roll and open_sealed have their own meaning."""
        violations = _type_violations(action) + _data_violations(action.data, "FF-ACTION-2", "data")
        if violations:
            return Decision(violations=tuple(violations))
        if action.type == "roll":
            return _decide_roll(game, action, inputs)
        if action.type == "open_sealed":
            return _decide_open_sealed(game, action)
        data = {"seat": action.seat, "type": action.type, "data": dict(action.data)}
        return Decision((Event(ACTION_RECORDED, data),))

    def sealed_errors(self, game: Game, round: SealedRound, seat: str, payload: Any) -> list[RuleViolation]:
        """FF-SEAL-2: any JSON value of at most 64 KiB."""
        return size_violations(payload, "FF-SEAL-2", "payload")

    def resolve_reveal(self, game: Game, round: SealedRound, payloads: Mapping[str, Any], inputs: Inputs) -> Decision:
        """Freeform draws no consequences from a reveal: the payloads are the record."""
        return Decision()

    # --- evolve ---

    def evolve(self, state: FreeformState, event: Event) -> FreeformState:
        """Count the action and remember it as its seat's last one; other events change nothing."""
        match event.type:
            case "ActionRecorded":
                kind, seat = event.data.get("type"), event.data.get("seat")
            case "DiceRolled":
                kind, seat = "roll", event.data.get("seat")
            case "SealedRoundOpened":
                kind, seat = "open_sealed", event.data.get("opened_by")
            case _:
                return state
        recorded = event.data.get("data", event.data)
        # evolve is total: a malformed event (from an import) is kept in the log but changes nothing.
        if not isinstance(kind, str) or not isinstance(seat, str | None) or not isinstance(recorded, Mapping):
            return state
        number = state.actions + 1
        counts = {**state.counts, kind: state.counts.get(kind, 0) + 1}
        last = state.last
        if seat is not None:
            last = {**last, seat: LastAction(kind, recorded, number)}
        return FreeformState(state.seats, counts, last, number)

    # --- views, notation, persistence ---

    def view(self, state: FreeformState, viewer: Viewer) -> dict[str, Any]:
        """Everything in a freeform game is public; sealed payloads never reach the state."""
        return self.dump_state(state)

    def pending(self, game: Game, viewer: Viewer) -> Pending:
        """Any seat may act at any time; open sealed rounds wait on their seats (see its pending module)."""
        return waiting.pending(game, viewer)

    def notation(self, event: Event, state_before: FreeformState) -> str:
        """One line: who did what."""
        data = event.data
        match event.type:
            case "ActionRecorded":
                return _said(f"{data['seat'] or 'table'}: {data['type']}", data["data"])
            case "DiceRolled":
                faces = " ".join(str(f) for f in data["faces"])
                return f"{data.get('seat') or 'table'} rolls {len(data['faces'])}d6: {faces}"
            case "SealedRoundOpened":
                return f"sealed round {data['round']} opened for {', '.join(data['seats'])}"
            case "SubmissionSealed":
                return f"{data['seat']} seals in {data['round']}"
            case "SubmissionsRevealed":
                shown = "; ".join(_said(seat, s["payload"]) for seat, s in data["submissions"].items())
                return f"{data['round']} revealed: {shown}"
            case "GameEnded":
                winners = data.get("winners")
                named = ", ".join(map(str, winners)) if isinstance(winners, list) and winners else "none named"
                return f"game ended by {data['by']}; winners: {named}"
            case _:
                return platform_line(event) or event.type

    def dump_state(self, state: FreeformState) -> dict[str, Any]:
        """The JSON form of a state (snapshots, arbiter views, adjustments)."""
        return {
            "seats": list(state.seats),
            "counts": dict(state.counts),
            "last": {
                seat: {"type": a.type, "data": dict(a.data), "number": a.number} for seat, a in state.last.items()
            },
            "actions": state.actions,
        }

    def load_state(self, document: Mapping[str, Any]) -> FreeformState:
        """The state back from its JSON form; raises KeyError/TypeError/ValueError on a bad document."""
        seats = tuple(str(s) for s in document["seats"])
        counts = {str(k): json_values.count(v) for k, v in json_values.json_object(document["counts"]).items()}
        last = {
            str(seat): LastAction(str(a["type"]), dict(a["data"]), json_values.count(a["number"]))
            for seat, a in json_values.json_object(document["last"]).items()
        }
        return FreeformState(seats, counts, last, json_values.count(document["actions"]))


def _type_violations(action: Action) -> list[RuleViolation]:
    """FF-ACTION-1 and FF-ACTION-3."""
    if not ACTION_TYPE.fullmatch(action.type):
        return [RuleViolation("FF-ACTION-1", f"action type {action.type!r} is not snake_case", {"field": "type"})]
    if action.type in _RESERVED - {"roll", "open_sealed"}:
        return [RuleViolation("FF-ACTION-3", f"{action.type!r} is a platform action", {"field": "type"})]
    return []


def _data_violations(data: Any, rule_id: str, field_name: str) -> list[RuleViolation]:
    """FF-ACTION-2: an object within the size limit."""
    if not isinstance(data, Mapping):
        return [RuleViolation(rule_id, f"{field_name} must be a JSON object", {"field": field_name})]
    return size_violations(data, rule_id, field_name)


def _decide_roll(game: Game, action: Action, inputs: Inputs) -> Decision:
    """FF-ROLL-1: roll `count` d6 from the game's dice."""
    count = action.data.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_ROLL:
        return Decision.refuse(
            "FF-ROLL-1", f"count {count!r} must be a whole number from 1 to {MAX_ROLL}", field="data.count"
        )
    purpose = action.data.get("purpose", "")
    event, faces = roll(game, inputs, count, action.seat, purpose if isinstance(purpose, str) else "")
    trace = TraceStep(
        "FF-ROLL-1", f"{count}d6 rolled: {', '.join(map(str, faces))}", {"count": count, "faces": list(faces)}
    )
    return Decision((event,), trace=(trace,))


_ROUND = re.compile(ROUND_PATTERN)


def _decide_open_sealed(game: Game, action: Action) -> Decision:
    """FF-SEAL-1: a new round name and seats of the game."""
    round_id = action.data.get("round")
    if not isinstance(round_id, str) or not _ROUND.fullmatch(round_id):
        return Decision.refuse("FF-SEAL-1", f"round {round_id!r} must be a short lower-case name", field="data.round")
    if round_id in game.meta.sealed:
        return Decision.refuse("FF-SEAL-1", f"round {round_id!r} is already open", field="data.round")
    if round_id in game.meta.revealed_rounds:
        return Decision.refuse("FF-SEAL-1", f"round {round_id!r} was already used and revealed", field="data.round")
    seats = action.data.get("seats", list(game.meta.seat_names()))
    known = game.meta.seat_names()
    if not isinstance(seats, list) or not seats or any(s not in known for s in seats) or len(set(seats)) != len(seats):
        return Decision.refuse("FF-SEAL-1", f"seats {seats!r} must be distinct seats of the game", field="data.seats")
    purpose = action.data.get("purpose", "")
    data = {
        "round": round_id,
        "seats": seats,
        "purpose": purpose if isinstance(purpose, str) else "",
        "opened_by": action.seat,
    }
    return Decision((Event(SEALED_ROUND_OPENED, data),))


def _said(who: str, value: Any) -> str:
    """`who — what`, or `who` alone when there is nothing to say (an action without data)."""
    said = _short(value)
    return f"{who} — {said}" if said else who


def _short(value: Any, limit: int = 80) -> str:
    """An action's data or a sealed payload as words, never JSON: `{"text": "x"}` reads "x", `{"to": "ford",
    "units": 3}` "to: ford · units: 3" (fields in key order, so a line never changes); no data reads ""."""
    text = _words(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _words(value: Any, depth: int = 0) -> str:
    """One value as a person at the table reads it: lists joined by commas, a nested object in parentheses."""
    match value:
        case None:
            return "none"
        case bool():
            return "yes" if value else "no"
        case str():
            return " ".join(value.split())  # one line, whatever was typed
        case list() | tuple():
            return ", ".join(_words(v, depth + 1) for v in value) or "none"
        case Mapping():
            if depth == 0 and set(value) == {"text"} and isinstance(value["text"], str):
                return value["text"]
            fields = [f"{k}: {_words(value[k], depth + 1)}" for k in sorted(value)]
            joined = (" · " if depth == 0 else ", ").join(fields)
            return joined if depth == 0 else f"({joined or 'nothing'})"
        case _:
            return str(value)


FREEFORM = FreeformRuleset()
