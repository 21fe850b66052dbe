"""Given-events helpers for elections: a game at the end of an election year, and a round of sealed bids."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from domain.kernel import Decision, Game
from domain.platform import decide_reveal, decide_seal
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.flow import Flow
from domain.rulesets.kard_es_korona.year import end_year
from tests.domain.kard_es_korona.builders import THREE, inputs_for, set_up, then, with_state

OFFICES_VACANT = {"judge_royal": None, "treasurer": None, "palatine": None}


def at_election(
    treasury: dict[str, int],
    offices: Mapping[str, str | None] | None = None,
    year: int = 1303,
    seats: tuple[str, ...] = THREE,
    **changes: Any,
) -> Game:
    """The game as the battles of `year` end with none left: the year ends and (if due) the election opens."""
    game, decision = year_end(treasury, offices, year, seats, **changes)
    return then(game, decision)


def year_end(
    treasury: dict[str, int],
    offices: Mapping[str, str | None] | None = None,
    year: int = 1303,
    seats: tuple[str, ...] = THREE,
    **changes: Any,
) -> tuple[Game, Decision]:
    """The game in the battle phase of `year` with no battle left, and the decision that ends the year."""
    game = set_up(seats, **changes.pop("game", {}))
    game = with_state(
        game,
        phase="battle",
        year=year,
        starting_player=seats[0],
        treasury=treasury,
        offices={**OFFICES_VACANT, **(offices or {})},
        battles=(),
        **changes,
    )
    flow = Flow(game.state)
    end_year(flow)
    return game, flow.decision()


def seal(game: Game, seat: str, amount: Any) -> tuple[Game, Decision]:
    """One sealed bid in the auction under way (refused decisions leave the game as it was)."""
    round_id = game.state.election.round
    decision, _ = decide_seal(KARD_ES_KORONA, game, seat, round_id, {"amount": amount}, _salt(seat))
    return (game if decision.violations else then(game, decision)), decision


def bid(game: Game, amounts: dict[str, int]) -> tuple[Game, Decision]:
    """Every eligible seat seals its bid; the last seal completes the round and the bids are revealed."""
    round_id = game.state.election.round
    completed = None
    for seat, amount in amounts.items():
        decision, completed = decide_seal(KARD_ES_KORONA, game, seat, round_id, {"amount": amount}, _salt(seat))
        game = then(game, decision)
    assert completed is not None, "not every eligible seat sealed"
    secrets = {seat: ({"amount": amount}, _salt(seat)) for seat, amount in amounts.items()}
    reveal = decide_reveal(KARD_ES_KORONA, game, completed, secrets, inputs_for(game))
    return then(game, reveal), reveal


def _salt(seat: str) -> str:
    return hashlib.sha256(seat.encode()).hexdigest()


def awarded(decision: Decision) -> list[dict[str, Any]]:
    return [dict(e.data) for e in decision.events if e.type == "OfficeAwarded"]
