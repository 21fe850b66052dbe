"""A random player that knows nothing of a ruleset but its `pending` (issue 15, point 2), and checks it as it plays.

At each version it asks the arbiter's `pending`, picks a waiting seat, one of its options and one of the
option's choices, all drawn from one `random.Random`, and records it through the platform's own entry points
(`decide_action`, `decide_seal`, `decide_reveal`) with server dice. On the way it checks the contract of
domain/pending.py:
- a game that has not ended waits on somebody, and somebody has a choice to make;
- the choices of the option played (a sample of them when there are many) and one choice of every other option
  are accepted: their `data` passes the action's JSON Schema and `decide` records events without a violation;
- a spectator and each other seat see the same seats and option types as the arbiter, and none of a private
  option's choices;
- an option that says how many dice it rolls (`dice_count`) rolls that many, whichever of its choices is sent; one
  that says how many each value of a field rolls (`dice_by`) rolls that many for the value sent.

A ruleset's own test module builds the `GameCreated` event and calls `play`.
"""

from __future__ import annotations

import json
import random
import secrets as token_source
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from domain.dice import SeededDice, seed_commitment
from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, Ruleset, Viewer, advance, start
from domain.pending import SEAL, Option, Pending, Waiting
from domain.platform import decide_action, decide_reveal, decide_seal
from service.action_schemas import check_action
from service.errors import BadRequest

NOW = "2026-01-01T12:00:00Z"
SEED = bytes(range(32))
SEED_COMMITMENT = seed_commitment(SEED)
# How many choices of the option played are each decided, to check they are all accepted.
CHECKED_CHOICES = 6


class ContractBroken(AssertionError):
    """`pending` offered something the rules refuse, or left the game waiting on nobody."""


@dataclass(slots=True)
class Played:
    """Where a random game got to: the game, each step's (seat, type, data), and the sealed secrets kept."""

    game: Game
    steps: list[tuple[str | None, str, Mapping[str, Any]]] = field(default_factory=list)
    secrets: dict[str, dict[str, tuple[Any, str]]] = field(default_factory=dict)


def created(
    ruleset: Ruleset[Any],
    seats: tuple[str, ...],
    *,
    options: Mapping[str, Any] | None = None,
    board: str | None = None,
    game_id: str = "pending-play",
) -> Event:
    """A `GameCreated` with server dice (so that the player never has to invent faces)."""
    return Event(
        "GameCreated",
        {
            "game_id": game_id,
            "title": "pending play",
            "ruleset": ruleset.id,
            "ruleset_version": ruleset.version,
            "variant": None,
            "options": {**ruleset.default_options, **(options or {})},
            "board": board,
            "seats": [{"seat": seat, "player": None} for seat in seats],
            "mode": "adjudicated",
            "dice": "server",
            "dice_commitment": SEED_COMMITMENT,
        },
    )


def inputs_for(game: Game) -> Inputs:
    """Server dice continuing the game's rolls."""
    return Inputs(NOW, SeededDice(SEED, game.meta.dice_game_id, game.meta.dice_drawn + 1, game.meta.client_seeds))


def play(
    ruleset: Ruleset[Any],
    created_event: Event,
    board: Mapping[str, Any] | None,
    rng: random.Random,
    *,
    steps: int,
    start_from: Game | None = None,
) -> Played:
    """Play up to `steps` actions (or until the game ends) from `pending`'s choices, checking the contract."""
    game = start_from if start_from is not None else start(ruleset, created_event, board)
    played = Played(game)
    for _ in range(steps):
        if played.game.meta.ended:
            break
        pending = check_pending(ruleset, played.game)
        entry, option = _pick(pending, rng)
        for data in _checked(option, rng):
            _decide(ruleset, played, entry.seat, option, data)  # raises when refused
        chosen = option.choices[rng.randrange(len(option.choices))]
        _record(ruleset, played, entry.seat, option, chosen)
    return played


def check_pending(ruleset: Ruleset[Any], game: Game) -> Pending:
    """The arbiter's pending, checked against every other viewer's and for a game waiting on nobody."""
    pending = ruleset.pending(game, Viewer(arbiter=True))
    if game.meta.ended:
        if pending.waiting:
            raise ContractBroken(f"version {game.version}: the game has ended but waits on {pending.seats()}")
        return pending
    if not pending.waiting:
        raise ContractBroken(f"version {game.version}: the game waits on nobody ({pending.phase}: {pending.summary})")
    if not any(o.choices for w in pending.waiting for o in w.options):
        raise ContractBroken(f"version {game.version}: nobody waited on has a choice ({pending.summary})")
    for viewer in (Viewer(), *(Viewer(seat=s) for s in game.meta.seat_names())):
        _check_view(pending, ruleset.pending(game, viewer), viewer, game.version)
    return pending


def _check_view(whole: Pending, seen: Pending, viewer: Viewer, version: int) -> None:
    outline = [(w.seat, [o.type for o in w.options]) for w in whole.waiting]
    if [(w.seat, [o.type for o in w.options]) for w in seen.waiting] != outline:
        raise ContractBroken(f"version {version}: {viewer} sees other seats or options waited on than the arbiter")
    for entry in seen.waiting:
        for option in entry.options:
            if option.private and entry.seat != viewer.seat and (option.choices or option.fields):
                raise ContractBroken(f"version {version}: {viewer} sees {entry.seat}'s private {option.type} choices")


def _pick(pending: Pending, rng: random.Random) -> tuple[Waiting, Option]:
    playable = [(w, o) for w in pending.waiting for o in w.options if o.choices]
    return playable[rng.randrange(len(playable))]


def _checked(option: Option, rng: random.Random) -> list[Mapping[str, Any]]:
    choices = list(option.choices)
    return choices if len(choices) <= CHECKED_CHOICES else rng.sample(choices, CHECKED_CHOICES)


def _authority(ruleset: Ruleset[Any], action_type: str, seat: str | None) -> Authority:
    spec = ruleset.actions.get(action_type)
    if seat is not None and (spec is None or Authority.PLAYER in spec.senders):
        return Authority.PLAYER
    return Authority.RECORDER


def _decide(
    ruleset: Ruleset[Any], played: Played, seat: str | None, option: Option, data: Mapping[str, Any]
) -> Decision:
    game, action_type = played.game, option.type
    where = f"version {game.version}: {seat or 'the table'} {action_type} {dict(data)}"
    if action_type == SEAL:
        if seat is None:
            raise ContractBroken(f"{where}: a seal option must belong to a seat")
        decision, _ = decide_seal(ruleset, game, seat, data["round"], data["payload"], "00" * 16)
    else:
        try:
            check_action(ruleset, action_type, data)
        except BadRequest as error:  # the service's 400: the choice does not fit the action's schema
            raise ContractBroken(f"{where}: refused by the schema: {error}") from None
        action = Action(action_type, seat, data, _authority(ruleset, action_type, seat))
        decision = decide_action(ruleset, game, action, inputs_for(game))
    if decision.violations or not decision.events:
        cited = [(v.rule_id, v.message) for v in decision.violations]
        raise ContractBroken(f"{where}: offered by pending but refused: {cited or 'no events'}")
    rolled = sum(len(e.data["faces"]) for e in decision.events if e.type == "DiceRolled")
    if option.dice_count is not None and rolled != option.dice_count:
        raise ContractBroken(f"{where}: pending says it rolls {option.dice_count} dice, it rolled {rolled}")
    for name, counts in option.dice_by.items():
        said = counts.get(json.dumps(data.get(name)))
        if said is not None and rolled != said:
            raise ContractBroken(
                f"{where}: pending says {name}={data.get(name)!r} rolls {said} dice, it rolled {rolled}"
            )
    return decision


def _record(ruleset: Ruleset[Any], played: Played, seat: str | None, option: Option, data: Mapping[str, Any]) -> None:
    decision = _decide(ruleset, played, seat, option, data)
    action_type = option.type
    played.steps.append((seat, action_type, data))
    game = played.game
    for event in decision.events:
        game = advance(ruleset, game, event)
    if action_type == SEAL and seat is not None:
        round_id = data["round"]
        played.secrets.setdefault(round_id, {})[seat] = (data["payload"], token_source.token_hex(16))
        sealed_round = game.meta.sealed.get(round_id)
        if sealed_round is not None and sealed_round.is_complete():
            reveal = decide_reveal(ruleset, game, sealed_round, played.secrets[round_id], inputs_for(game))
            for event in reveal.events:
                game = advance(ruleset, game, event)
    played.game = game
