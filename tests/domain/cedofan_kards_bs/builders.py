"""Test boards and given-events builders for `cedofan_kards_bs` (placeholder maps as in catalog §6)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, fold, start
from domain.platform import decide_action
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS

NOW = "2026-01-01T12:00:00Z"
OPTIONS: Mapping[str, Any] = {"giant_repelled_influence": 2, "recruit_cost": 1}
# Every board needs the six giants' targets and Ostius: far-away neutral cities unless a test says otherwise.
FILLER_TARGETS = {str(n): f"g{n}" for n in range(1, 7)}


def board_doc(
    *,
    regions: Mapping[str, Mapping[str, Any]],
    cities: Mapping[str, Mapping[str, Any]],
    land: Iterable[tuple[str, str]] = (),
    sea: Iterable[tuple[str, str]] = (),
    seas: Iterable[str] = (),
    factions: Mapping[str, Mapping[str, Any]],
    armies: Iterable[Mapping[str, Any]] = (),
    giant_targets: Mapping[str, str] | None = None,
    pirate_target: str = "g-ostius",
) -> dict[str, Any]:
    """A board document: regions {id: flags}, cities {id: attributes}, edges, factions, armies."""
    areas: list[dict[str, Any]] = [{"id": r, "kind": "region", "attributes": dict(f)} for r, f in regions.items()]
    areas += [{"id": c, "kind": "city", "attributes": dict(a)} for c, a in cities.items()]
    areas += [{"id": s, "kind": "sea"} for s in seas]
    targets = dict(giant_targets or FILLER_TARGETS)
    fillers = {c for c in [*targets.values(), pirate_target] if c not in cities}
    if fillers:
        areas.append({"id": "r-far", "kind": "region"})
        areas += [
            {"id": c, "kind": "city", "attributes": {"admin_region": "r-far", "owner": "neutral", "fortified": False}}
            for c in sorted(fillers)
        ]
    edges = [{"a": a, "b": b, "kind": "land"} for a, b in land] + [{"a": a, "b": b, "kind": "sea"} for a, b in sea]
    return {
        "name": "test board",
        "areas": areas,
        "edges": edges,
        "attributes": {
            "factions": {k: dict(v) for k, v in factions.items()},
            "armies": [dict(a) for a in armies],
            "giant_targets": targets,
            "pirate_target": pirate_target,
        },
    }


def city(
    region: str, owner: str, *, fortified: bool = False, port: bool = False, capital_of: str | None = None
) -> dict[str, Any]:
    """A city's attributes."""
    found: dict[str, Any] = {"admin_region": region, "owner": owner, "fortified": fortified, "port": port}
    if capital_of:
        found["capital_of"] = capital_of
    return found


# Two factions, Západ ("z") and Rudern ("r"), each with its capital, for the small test boards.
TWO = {
    "z": {"capital": "c-z", "ruler": "jaromir", "supplies": 10, "influence": 5},
    "r": {"capital": "c-r", "ruler": "robert", "supplies": 10, "influence": 5},
}
HOMES = {"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")}


def ex7_board(*armies: Mapping[str, Any]) -> dict[str, Any]:
    """KBS-EX-7: F (7 supplies, 3 influence) next to G; F's kard fk stands in G's region with `armies` besides."""
    return board_doc(
        regions={"r-f": {}, "r-g": {}},
        cities={"c-f": city("r-f", "f", capital_of="f"), "c-g": city("r-g", "g", capital_of="g")},
        land=[("r-f", "r-g")],
        factions={
            "f": {"capital": "c-f", "ruler": "fk", "supplies": 7, "influence": 3},
            "g": {"capital": "c-g", "ruler": "gk", "supplies": 0, "influence": 0},
        },
        armies=[army("fa", "f", "r-g", ["fk"]), *armies],
    )


def army(army_id: str, owner: str, at: str, leaders: Iterable[str] = (), **units: int) -> dict[str, Any]:
    """An army of the board's setup."""
    return {"id": army_id, "owner": owner, "at": at, "units": units, "leaders": list(leaders)}


def created(board: Mapping[str, Any], seats: Iterable[str], options: Mapping[str, Any] | None = None) -> Event:
    """The `GameCreated` event of a table-dice game on this board."""
    return Event(
        "GameCreated",
        {
            "game_id": "game-1",
            "title": "test campaign",
            "ruleset": KBS.id,
            "ruleset_version": KBS.version,
            "variant": None,
            "options": {**KBS.default_options, **OPTIONS, **(options or {})},
            "board": "test-board",
            "seats": [{"seat": s, "player": None} for s in seats],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
        },
    )


def given(
    board: Mapping[str, Any], seats: Iterable[str], *events: Event, options: Mapping[str, Any] | None = None
) -> Game:
    """The game on this board after the given events."""
    game = start(KBS, created(board, tuple(seats), options), board)
    return fold(KBS, events, board, start_from=game)


def at_turn(round_no: int, seat: str) -> tuple[Event, ...]:
    """The events that open round `round_no` and hand the turn to `seat` (no raids, no attrition)."""
    return (Event("RoundStarted", {"round": round_no}), Event("TurnStarted", {"round": round_no, "seat": seat}))


def when(game: Game, action_type: str, seat: str | None, dice: list[int] | None = None, **data: Any) -> Decision:
    """Decide an action as the service does (recorder entering a table game)."""
    payload = {**data, **({"dice": dice} if dice is not None else {})}
    return decide_action(KBS, game, Action(action_type, seat, payload, Authority.RECORDER), Inputs(NOW))


def then(game: Game, decision: Decision) -> Game:
    """The game after a decision's events; the decision must break no rule."""
    assert not decision.violations, decision.violations
    return fold(KBS, decision.events, None, start_from=game)


def play(game: Game, action_type: str, seat: str | None, dice: list[int] | None = None, **data: Any) -> Game:
    """Decide and apply an action that must be accepted."""
    return then(game, when(game, action_type, seat, dice, **data))


def events_of(decision: Decision, event_type: str) -> list[Mapping[str, Any]]:
    """The data of the decision's events of one type."""
    return [e.data for e in decision.events if e.type == event_type]


def refused_by(decision: Decision) -> str:
    """The rule id of the first violation (the one the API cites)."""
    assert decision.violations, "expected a refusal"
    assert not decision.events
    return decision.violations[0].rule_id
