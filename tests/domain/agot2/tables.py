"""Small agot2 tables for tests: the catalog's fictional boards and cards (§6), and a game driven through the
platform as the service drives it (decide, seal, reveal, fold)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, TypeAlias

from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, SealedRound, advance, start
from domain.platform import decide_action, decide_reveal, decide_seal
from domain.rulesets.agot2 import AGOT2, Agot2Ruleset
from domain.rulesets.agot2.data import BASE_BOARD
from domain.rulesets.agot2.state import AgotState
from service.samples import SAMPLES

NOW = "2026-01-01T12:00:00Z"
SALT = "00112233445566778899aabbccddeeff"
SAMPLE = SAMPLES / "agot2_north_two_rounds.sample.json"
_CARD = re.compile(r"^(?P<house>[a-z]+)_c(?P<strength>\d)(?:s(?P<swords>\d))?(?:f(?P<forts>\d))?(?:_\w+)?$")

RED_CARDS = ("red_c3s1", "red_c1", "red_c3", "red_c2s2", "red_c1s1", "red_c4", "red_c2s1")
BLUE_CARDS = ("blue_c1f1", "blue_c4s2", "blue_c2s1", "blue_c1f2", "blue_c2", "blue_c1", "blue_c2f1")
GREEN_CARDS = tuple(f"green_c{n}_{n}" for n in range(7))
# The areas of a test board: each area's kind alone, or its kind and attributes.
Areas: TypeAlias = Mapping[str, str | tuple[str, Mapping[str, Any]]]


def card(card_id: str, ability: Mapping[str, Any] | None = None, text: str = "") -> dict[str, Any]:
    """A card named as the catalog names them: `red_c3s1` is Red, strength 3, 1 sword (§6)."""
    m = _CARD.match(card_id)
    assert m is not None, card_id
    return {
        "id": card_id,
        "house": m["house"],
        "name": card_id,
        "strength": int(m["strength"]),
        "swords": int(m["swords"] or 0),
        "fortifications": int(m["forts"] or 0),
        "text": text if ability else "",
        "ability": dict(ability) if ability else None,
    }


def card_set(*extra: Mapping[str, Any], replace: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The seven text-less cards of Red, Blue and Green; `replace` swaps cards by id."""
    cards = [card(c) for c in (*RED_CARDS, *BLUE_CARDS, *GREEN_CARDS)]
    swaps = replace or {}
    return {"cards": [dict(swaps.get(c["id"], c)) for c in cards] + [dict(e) for e in extra]}


def board(areas: Areas, adjacency: Iterable[tuple[str, str]]) -> dict[str, Any]:
    """A board in the agot2 schema: {id: kind | (kind, attributes)} and undirected pairs."""
    docs = []
    kinds = {}
    for area_id, spec in areas.items():
        kind, attributes = (spec, {}) if isinstance(spec, str) else spec
        kinds[area_id] = kind
        docs.append({"id": area_id, "name": area_id.upper(), "kind": kind, "attributes": dict(attributes)})
    edges = []
    for a, b in adjacency:
        pair = {kinds[a], kinds[b]}
        kind = "port" if "port" in pair else "coast" if pair == {"land", "sea"} else kinds[a]
        edges.append({"a": a, "b": b, "kind": kind})
    return {"name": "example", "ruleset": "agot2", "attributes": {"board_id": "example"}, "areas": docs, "edges": edges}


def units(seat: str, area: str, *types: str, routed: bool = False, first: int = 1) -> list[dict[str, Any]]:
    """Units `seat:type:n` in one area."""
    return [
        {"id": f"{seat}:{t}:{area}:{first + i}", "seat": seat, "type": t, "area": area, "routed": routed}
        for i, t in enumerate(types)
    ]


def new_game(
    board_doc: Mapping[str, Any],
    seats: Iterable[str],
    options: Mapping[str, Any],
    mode: str = "adjudicated",
    ruleset: Agot2Ruleset = AGOT2,
) -> Game:
    """A created agot2 game (version 1), pinned to `ruleset`'s version (the current one unless given)."""
    created = Event(
        "GameCreated",
        {
            "game_id": "game-1",
            "title": "test",
            "ruleset": AGOT2.id,
            "ruleset_version": ruleset.version,
            "variant": None,
            "options": {**AGOT2.default_options, **options},
            "board": "example",
            "seats": [{"seat": s, "player": None} for s in seats],
            "mode": mode,
            "dice": "table",
            "dice_commitment": None,
        },
    )
    assert not AGOT2.option_errors(options), AGOT2.option_errors(options)
    assert not AGOT2.board_errors(board_doc), AGOT2.board_errors(board_doc)
    return start(ruleset, created, board_doc)


def combat_id(game: Game) -> int:
    """The id of the combat under way (a test calls it only while one is)."""
    state: AgotState = game.state
    assert state.combat is not None, "no combat is under way"
    return state.combat.combat_id


def apply(game: Game, decision: Decision) -> Game:
    """The game after a decision's events."""
    for event in decision.events:
        game = advance(AGOT2, game, event)
    return game


def decide(game: Game, kind: str, seat: str | None, **data: Any) -> Decision:
    """The decision for an action (a recorder's when seat is None)."""
    authority = Authority.RECORDER if seat is None else Authority.PLAYER
    return decide_action(AGOT2, game, Action(kind, seat, data, authority), Inputs(NOW))


def act(game: Game, kind: str, seat: str | None, **data: Any) -> tuple[Game, Decision]:
    """Decide an action that must be accepted, and apply it."""
    decision = decide(game, kind, seat, **data)
    assert not decision.violations, decision.violations
    return apply(game, decision), decision


def open_round(game: Game, purpose: str) -> SealedRound:
    """The one open sealed round with this purpose."""
    [found] = [r for r in game.meta.sealed.values() if r.purpose == purpose]
    return found


def seal(game: Game, purpose: str, payloads: Mapping[str, Any]) -> tuple[Game, Decision]:
    """Every seat of the open round seals its payload; the last seal brings the reveal."""
    sealed_round = open_round(game, purpose)
    decision = Decision()
    for seat in sealed_round.seats:
        step, complete = decide_seal(AGOT2, game, seat, sealed_round.round, payloads[seat], SALT)
        assert not step.violations, step.violations
        game = apply(game, step)
        decision = decision.then(step)
        if complete is not None:
            reveal = decide_reveal(AGOT2, game, complete, {s: (payloads[s], SALT) for s in complete.seats}, Inputs(NOW))
            game = apply(game, reveal)
            decision = decision.then(reveal)
    return game, decision


def types(decision: Decision) -> list[str]:
    """The event types of a decision, in order."""
    return [e.type for e in decision.events]


def only(decision: Decision, kind: str) -> Mapping[str, Any]:
    """The data of the one event of this type."""
    [found] = [e.data for e in decision.events if e.type == kind]
    return found


def all_of(decision: Decision, kind: str) -> list[Mapping[str, Any]]:
    """The data of every event of this type."""
    return [e.data for e in decision.events if e.type == kind]


def is_subsequence(wanted: list[str], found: list[str]) -> bool:
    """Every wanted type appears in `found`, in this order."""
    it = iter(found)
    return all(any(w == f for f in it) for w in wanted)


def created_event(game: dict[str, Any]) -> Event:
    """The GameCreated of a sample's `game` member on the base board, adjudicated, table dice."""
    return Event(
        "GameCreated",
        {
            "game_id": "g",
            "ruleset": "agot2",
            "ruleset_version": AGOT2.version,
            "variant": None,
            "options": {**AGOT2.default_options, **game["options"]},
            "board": "base",
            "seats": game["seats"],
            "mode": "adjudicated",
            "dice": "table",
            "dice_commitment": None,
        },
    )


@cache
def sample_events() -> tuple[Event, ...]:
    """Every event of the shipped sample game (the North, two rounds), decided as the service decides them."""
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    created = created_event(sample["game"])
    game = start(AGOT2, created, BASE_BOARD)
    events = [created]
    secrets: dict[str, dict[str, Any]] = {}
    for step in sample["actions"]:
        if "sealed" in step:
            s = step["sealed"]
            decision, complete = decide_seal(AGOT2, game, s["seat"], s["round"], s["payload"], SALT)
            secrets.setdefault(s["round"], {})[s["seat"]] = (s["payload"], SALT)
            if complete is not None:
                for e in decision.events:
                    game = advance(AGOT2, game, e)
                events += decision.events
                decision = decide_reveal(AGOT2, game, complete, secrets[s["round"]], Inputs("t"))
        else:
            action = Action(step["type"], step["seat"], step["data"], Authority.RECORDER)
            decision = decide_action(AGOT2, game, action, Inputs("t"))
        assert not decision.violations, decision.violations
        for e in decision.events:
            game = advance(AGOT2, game, e)
        events += decision.events
    return tuple(events)
