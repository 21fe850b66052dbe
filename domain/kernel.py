"""Kernel: the shapes every ruleset speaks, and the fold that turns a stream into a game.

A game is an envelope (`GameMeta`: seats, mode, dice, sealed rounds…) around a ruleset's own state.
The envelope is kept by the kernel from the platform events every ruleset shares (`GameCreated`,
`DiceRolled`, `SubmissionSealed`, `StateAdjusted`, `GameEnded`…); every other event is the ruleset's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from domain.ruleset_protocol import NO_FACTS, Ruleset, S
from domain.values import (
    Action,
    Authority,
    Decision,
    DiceMode,
    Event,
    Game,
    GameMeta,
    Inputs,
    Mode,
    Rule,
    RuleViolation,
    SealedRound,
    Seat,
    TraceStep,
    Viewer,
)

# The values and the contract live in domain.values and domain.ruleset_protocol; the kernel re-exports them, so
# every ruleset and the service keep importing the shapes they speak from one place.
__all__ = [
    "NO_FACTS",
    "Action",
    "Authority",
    "Decision",
    "DiceMode",
    "Event",
    "Game",
    "GameMeta",
    "Inputs",
    "Mode",
    "Rule",
    "RuleViolation",
    "Ruleset",
    "S",
    "SealedRound",
    "Seat",
    "TraceStep",
    "Viewer",
]


# Platform event types, kept by the kernel for every ruleset.
GAME_CREATED = "GameCreated"
DICE_ROLLED = "DiceRolled"
CLIENT_SEED_ADDED = "ClientSeedAdded"
DICE_SEED_REVEALED = "DiceSeedRevealed"
SEALED_ROUND_OPENED = "SealedRoundOpened"
SUBMISSION_SEALED = "SubmissionSealed"
SUBMISSIONS_REVEALED = "SubmissionsRevealed"
STATE_ADJUSTED = "StateAdjusted"
GAME_ENDED = "GameEnded"
# Written by the service when a ruling corrects a game (issue 8): the marker heading the correction.
CORRECTION_APPLIED = "CorrectionApplied"


def start(ruleset: Ruleset[Any], created: Event, board: Mapping[str, Any] | None) -> Game:
    """The game right after its `GameCreated` event (version 1)."""
    data = created.data
    seats = tuple(Seat(s["seat"], s.get("player")) for s in data["seats"])
    meta = GameMeta(
        game_id=data["game_id"],
        ruleset=data["ruleset"],
        ruleset_version=data["ruleset_version"],
        variant=data.get("variant"),
        options=data.get("options") or {},
        board=data.get("board"),
        seats=seats,
        mode=Mode(data["mode"]),
        dice=DiceMode(data["dice"]),
        dice_commitment=data.get("dice_commitment"),
        dice_game_id=data.get("dice_game_id") or data["game_id"],
    )
    # A game started from a position (issue 15, point 3) carries it in its GameCreated, checked when recorded.
    position = data.get("position")
    if isinstance(position, Mapping):
        return Game(meta, ruleset.from_position(position, meta.options, board, seats), 1, board)
    return Game(meta, ruleset.setup(meta.options, board, seats), 1, board)


def advance(ruleset: Ruleset[Any], game: Game, event: Event) -> Game:
    """The game after one more event. Total: never validates, never fails."""
    meta, state = _next(ruleset, game.meta, game.state, event)
    return Game(meta, state, game.version + 1, game.board)


def fold(
    ruleset: Ruleset[Any],
    events: Iterable[Event],
    board: Mapping[str, Any] | None,
    start_from: Game | None = None,
) -> Game:
    """Fold a stream (or the tail after a snapshot) into the game it describes."""
    remaining = iter(events)
    game = start_from
    if game is None:
        created = next(remaining, None)
        if created is None:
            raise ValueError("an empty stream folds to no game")
        game = start(ruleset, created, board)
    elif game.board is None and board is not None:  # a snapshot's game: on the stream's board
        game = replace(game, board=board)
    # The envelope and the state are carried apart and the Game is built once at the end: a fold is the
    # hot path of every read, and a Game per event is a third of a small ruleset's cost.
    meta, state, version = game.meta, game.state, game.version
    for event in remaining:
        meta, state = _next(ruleset, meta, state, event)
        version += 1
    return Game(meta, state, version, game.board)


def _next(ruleset: Ruleset[Any], meta: GameMeta, state: Any, event: Event) -> tuple[GameMeta, Any]:
    """The envelope and the ruleset's state after one more event."""
    if event.type in _ENVELOPE_EVENTS:
        meta = _evolve_meta(meta, event)
        if event.type == STATE_ADJUSTED:
            changes = event.data.get("changes")
            return meta, apply_adjustment(ruleset, state, changes if isinstance(changes, list) else ())
    return meta, ruleset.evolve(state, event)


def _evolve_meta(meta: GameMeta, event: Event) -> GameMeta:
    """Platform bookkeeping; ruleset events leave the envelope unchanged (the common, fast path)."""
    data = event.data
    # Total: a malformed platform event (an import, a hand-edited export) leaves the envelope unchanged.
    match event.type:
        case "DiceRolled":
            faces = data.get("faces")
            return _replace(meta, dice_drawn=meta.dice_drawn + (len(faces) if isinstance(faces, list) else 0))
        case "ClientSeedAdded":
            if not _are_texts(data, "seat", "client_seed"):
                return meta
            return _replace(meta, client_seeds={**meta.client_seeds, data["seat"]: data["client_seed"]})
        case "DiceSeedRevealed":
            return _replace(meta, dice_seed=data.get("seed"))
        case "SealedRoundOpened":
            seats = data.get("seats")
            if not _are_texts(data, "round") or not isinstance(seats, list):
                return meta
            if not all(isinstance(seat, str) for seat in seats):
                return meta
            purpose = data.get("purpose")
            opened = SealedRound(data["round"], tuple(seats), purpose if isinstance(purpose, str) else "")
            return _replace(meta, sealed={**meta.sealed, opened.round: opened})
        case "SubmissionSealed":
            if not _are_texts(data, "round", "seat", "commitment"):
                return meta
            current = meta.sealed.get(data["round"])
            if current is None:
                return meta
            sealed = SealedRound(
                current.round,
                current.seats,
                current.purpose,
                {**current.commitments, data["seat"]: data["commitment"]},
            )
            return _replace(meta, sealed={**meta.sealed, current.round: sealed})
        case "SubmissionsRevealed":
            closed = tuple(k for k in meta.sealed if k == data.get("round"))
            return _replace(
                meta,
                sealed={k: v for k, v in meta.sealed.items() if k != data.get("round")},
                revealed_rounds=meta.revealed_rounds + closed,
            )
        case "StateAdjusted":
            return _replace(meta, adjustments=meta.adjustments + 1)
        case "GameEnded":
            # CORE-GAME-1: nothing is sealed after the end, so no round is left open (unrevealed payloads stay secret).
            return _replace(meta, ended=True, result=data, sealed={})
        case _:
            return meta


# The platform events `_evolve_meta` reads; every other event leaves the envelope as it is.
_ENVELOPE_EVENTS = frozenset(
    {
        "DiceRolled",
        "ClientSeedAdded",
        "DiceSeedRevealed",
        "SealedRoundOpened",
        "SubmissionSealed",
        "SubmissionsRevealed",
        STATE_ADJUSTED,
        "GameEnded",
    }
)


def _are_texts(data: Mapping[str, Any], *keys: str) -> bool:
    """The values at `keys` are all strings."""
    return all(isinstance(data.get(key), str) for key in keys)


def _replace(meta: GameMeta, **changes: Any) -> GameMeta:
    fields = {name: getattr(meta, name) for name in GameMeta.__dataclass_fields__}
    fields.update(changes)
    return GameMeta(**fields)


# --- the universal `adjust` action: JSON-pointer edits of the ruleset state's JSON form ---


def apply_adjustment(ruleset: Ruleset[Any], state: Any, changes: Iterable[Any]) -> Any:
    """Apply `StateAdjusted` changes; a change that no longer applies is skipped (evolve is total)."""
    document = ruleset.dump_state(state)
    for change in changes:
        if not isinstance(change, Mapping):
            continue
        try:
            document = apply_change(document, change)
        except AdjustmentError:
            continue
    try:
        return ruleset.load_state(document)
    except (KeyError, TypeError, ValueError):
        return state


class AdjustmentError(ValueError):
    """A change that cannot be applied to the state document; the message names the path."""


def apply_change(document: Any, change: Mapping[str, Any]) -> Any:
    """One `{"op": "set"|"remove", "path": "/a/b", "value": ...}` change, returning a new document."""
    op = change.get("op", "set")
    path = change.get("path")
    if not isinstance(path, str) or not path.startswith("/"):
        raise AdjustmentError(f"path {path!r} is not a JSON pointer")
    parts = [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]
    if op not in ("set", "remove"):
        raise AdjustmentError(f"op {op!r} is neither 'set' nor 'remove'")
    if op == "set" and "value" not in change:
        raise AdjustmentError(f"set {path}: no value")
    return _apply_at(document, parts, op, change.get("value"), path)


def _apply_at(node: Any, parts: list[str], op: str, value: Any, path: str) -> Any:
    key, rest = parts[0], parts[1:]
    if isinstance(node, dict):
        if rest:
            if key not in node:
                raise AdjustmentError(f"{path}: no '{key}' in the state")
            return {**node, key: _apply_at(node[key], rest, op, value, path)}
        if op == "remove":
            if key not in node:
                raise AdjustmentError(f"{path}: nothing to remove")
            return {k: v for k, v in node.items() if k != key}
        return {**node, key: value}
    if isinstance(node, list):
        if not (key.isascii() and key.isdigit()) or int(key) >= len(node):
            raise AdjustmentError(f"{path}: index '{key}' out of range")
        index = int(key)
        if rest:
            return [*node[:index], _apply_at(node[index], rest, op, value, path), *node[index + 1 :]]
        if op == "remove":
            return [*node[:index], *node[index + 1 :]]
        return [*node[:index], value, *node[index + 1 :]]
    raise AdjustmentError(f"{path}: '{key}' is inside a value that is neither object nor list")


# --- snapshots: the whole game as JSON, and back ---


def game_to_json(ruleset: Ruleset[Any], game: Game) -> dict[str, Any]:
    """A game as a JSON document (snapshots, arbiter views)."""
    return {"version": game.version, "meta": meta_to_json(game.meta), "state": ruleset.dump_state(game.state)}


def meta_to_json(meta: GameMeta) -> dict[str, Any]:
    """A game's envelope as a JSON document (part of `game_to_json`)."""
    return {
        "game_id": meta.game_id,
        "ruleset": meta.ruleset,
        "ruleset_version": meta.ruleset_version,
        "variant": meta.variant,
        "options": dict(meta.options),
        "board": meta.board,
        "seats": [{"seat": s.seat, "player": s.player} for s in meta.seats],
        "mode": meta.mode.value,
        "dice": meta.dice.value,
        "dice_commitment": meta.dice_commitment,
        "client_seeds": dict(meta.client_seeds),
        "dice_drawn": meta.dice_drawn,
        "dice_seed": meta.dice_seed,
        "sealed": {
            r.round: {"seats": list(r.seats), "purpose": r.purpose, "commitments": dict(r.commitments)}
            for r in meta.sealed.values()
        },
        "revealed_rounds": list(meta.revealed_rounds),
        "ended": meta.ended,
        "result": dict(meta.result) if meta.result is not None else None,
        "adjustments": meta.adjustments,
        "dice_game_id": meta.dice_game_id,
    }


def game_from_json(ruleset: Ruleset[Any], document: Mapping[str, Any]) -> Game:
    """The game back from `game_to_json` (without its board: `fold` from it gives it the stream's)."""
    m = document["meta"]
    meta = GameMeta(
        game_id=m["game_id"],
        ruleset=m["ruleset"],
        ruleset_version=m["ruleset_version"],
        variant=m["variant"],
        options=m["options"],
        board=m["board"],
        seats=tuple(Seat(s["seat"], s["player"]) for s in m["seats"]),
        mode=Mode(m["mode"]),
        dice=DiceMode(m["dice"]),
        dice_commitment=m["dice_commitment"],
        client_seeds=m["client_seeds"],
        dice_drawn=m["dice_drawn"],
        dice_seed=m["dice_seed"],
        sealed={
            name: SealedRound(name, tuple(r["seats"]), r["purpose"], r["commitments"])
            for name, r in m["sealed"].items()
        },
        revealed_rounds=tuple(m.get("revealed_rounds", ())),  # absent from snapshots written before it existed
        ended=m["ended"],
        result=m["result"],
        adjustments=m["adjustments"],
        dice_game_id=m.get("dice_game_id") or m["game_id"],  # absent from snapshots written before it
    )
    return Game(meta, ruleset.load_state(document["state"]), document["version"])


def public_meta(meta: GameMeta) -> dict[str, Any]:
    """The envelope as every viewer may see it: open sealed rounds show who has sealed, not what."""
    return {
        "seats": [{"seat": s.seat, "player": s.player} for s in meta.seats],
        "dice_drawn": meta.dice_drawn,
        "client_seeds": dict(meta.client_seeds),
        "dice_seed": meta.dice_seed,
        "sealed_rounds": {
            r.round: {"seats": list(r.seats), "purpose": r.purpose, "sealed": sorted(r.commitments)}
            for r in meta.sealed.values()
        },
        "ended": meta.ended,
        "result": dict(meta.result) if meta.result is not None else None,
        "adjustments": meta.adjustments,
    }
