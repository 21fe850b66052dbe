"""Given-events builders for freeform games: a `GameCreated`, the platform events, and the inputs to decide with."""

from __future__ import annotations

from typing import Any

from domain.dice import SeededDice
from domain.kernel import (
    Action,
    Authority,
    Decision,
    Event,
    Game,
    Inputs,
    fold,
    start,
)
from domain.platform import decide_action
from domain.rulesets.freeform import FREEFORM

GAME_ID = "game-1"
SEATS = ("north", "south", "east")
NOW = "2026-01-01T12:00:00Z"
# Test vector S1 of DESIGN §6 (domain/dice.py): game-1 with no client seeds rolls 3 6 2 1 4 4 1 3.
SEED_S1 = bytes(range(32))
SEED_S1_COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
SALT_A = "00112233445566778899aabbccddeeff"
SALT_B = "ffeeddccbbaa99887766554433221100"


def created(
    *,
    dice: str = "table",
    mode: str = "adjudicated",
    seats: tuple[str, ...] = SEATS,
    game_id: str = GAME_ID,
) -> Event:
    """The `GameCreated` event of a freeform game."""
    return Event(
        "GameCreated",
        {
            "game_id": game_id,
            "title": "test table",
            "ruleset": FREEFORM.id,
            "ruleset_version": FREEFORM.version,
            "variant": None,
            "options": {},
            "board": None,
            "seats": [{"seat": seat, "player": None} for seat in seats],
            "mode": mode,
            "dice": dice,
            "dice_commitment": SEED_S1_COMMITMENT if dice == "server" else None,
        },
    )


def given(
    *events: Event,
    dice: str = "table",
    mode: str = "adjudicated",
    seats: tuple[str, ...] = SEATS,
    game_id: str = GAME_ID,
) -> Game:
    """A freeform game created with these settings, after the given events."""
    game = start(FREEFORM, created(dice=dice, mode=mode, seats=seats, game_id=game_id), None)
    return fold(FREEFORM, events, None, start_from=game)


def inputs_for(game: Game, seed: bytes = SEED_S1) -> Inputs:
    """What the service passes to decide: the time, and server dice continuing the game's rolls."""
    if game.meta.dice.value != "server":
        return Inputs(NOW)
    return Inputs(NOW, SeededDice(seed, game.meta.game_id, game.meta.dice_drawn + 1, game.meta.client_seeds))


def when(game: Game, action: Action) -> Decision:
    """Decide an action through the platform, as the service does."""
    return decide_action(FREEFORM, game, action, inputs_for(game))


def by_player(type: str, seat: str | None, **data: Any) -> Action:
    """An action a player submits for a seat."""
    return Action(type, seat, data, Authority.PLAYER)


def by_recorder(type: str, seat: str | None = None, **data: Any) -> Action:
    """An action a recorder (organiser, scorekeeper) enters."""
    return Action(type, seat, data, Authority.RECORDER)


def by_arbiter(type: str, seat: str | None = None, **data: Any) -> Action:
    """An action the arbiter enters."""
    return Action(type, seat, data, Authority.ARBITER)


def rule_ids(decision: Decision) -> list[str]:
    """The rule ids a decision's violations cite, in order."""
    return [violation.rule_id for violation in decision.violations]


# --- past events, as the platform and freeform record them ---


def action_recorded(seat: str | None, type: str, data: dict[str, Any] | None = None) -> Event:
    return Event("ActionRecorded", {"seat": seat, "type": type, "data": data or {}})


def dice_rolled(seat: str | None, faces: list[int], first_k: int = 1, purpose: str = "") -> Event:
    return Event("DiceRolled", {"seat": seat, "purpose": purpose, "faces": faces, "first_k": first_k})


def round_opened(round: str, seats: list[str], opened_by: str | None = None, purpose: str = "") -> Event:
    return Event("SealedRoundOpened", {"round": round, "seats": seats, "purpose": purpose, "opened_by": opened_by})


def submission_sealed(round: str, seat: str, commitment: str) -> Event:
    return Event("SubmissionSealed", {"round": round, "seat": seat, "commitment": commitment})


def submissions_revealed(round: str, submissions: dict[str, tuple[Any, str]]) -> Event:
    shown = {seat: {"payload": payload, "salt": salt} for seat, (payload, salt) in submissions.items()}
    return Event("SubmissionsRevealed", {"round": round, "submissions": shown})


def client_seed_added(seat: str, client_seed: str) -> Event:
    return Event("ClientSeedAdded", {"seat": seat, "client_seed": client_seed})


def state_adjusted(changes: list[dict[str, Any]], reason: str = "arbiter's correction") -> Event:
    return Event("StateAdjusted", {"changes": changes, "reason": reason, "rule_ids": []})


def game_ended(by: str = "recorder", **result: Any) -> Event:
    return Event("GameEnded", {"by": by, **result})
