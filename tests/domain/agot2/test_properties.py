"""Fold invariants (hypothesis): snapshots at any boundary, totality of evolve, determinism, map invariants."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domain.kernel import Event, Game, advance, start
from domain.rulesets.agot2 import AGOT2
from domain.rulesets.agot2.data import BASE_BOARD
from tests.domain.agot2.tables import sample_events
from tests.domain.fold_elsewhere import canonical_game, fold_elsewhere

EVENT_TYPES = (
    "OrdersRevealed",
    "RavenUsed",
    "UnitsMarched",
    "CombatInitiated",
    "SupportDeclared",
    "BaseStrengthAnnounced",
    "HouseCardsRevealed",
    "HouseCardAbilityResolved",
    "BladeUsed",
    "CombatResolved",
    "CasualtiesTaken",
    "RetreatChosen",
    "UnitsDestroyed",
    "UnitsRetreated",
    "UnitsRouted",
    "OrdersRemoved",
    "UnitsMovedIn",
    "HouseCardsDiscarded",
    "HouseCardsReturned",
    "CombatEnded",
    "RoundEnded",
    "TrackBidsRevealed",
    "TrackPositionsSet",
    "SealedRoundOpened",
    "SubmissionSealed",
    "OrderMoved",
    "PowerSpent",
    "PowerGained",
    "UnitUpgraded",
)


def _fold(events: tuple[Event, ...] | list[Event], start_from: Game | None = None) -> Game:
    game = start_from
    for event in events:
        game = start(AGOT2, event, BASE_BOARD) if game is None else advance(AGOT2, game, event)
    assert game is not None
    return game


def test_the_sample_has_three_combats_and_two_rounds_whensample_events() -> None:
    kinds = [e.type for e in sample_events()]
    assert kinds.count("CombatEnded") == 3 and kinds.count("RoundEnded") == 2


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_folding_from_a_snapshot_gives_the_same_game_when_taken_at_any_boundary(data: st.DataObject) -> None:
    events = sample_events()
    k = data.draw(st.integers(1, len(events)))
    head = _fold(events[:k])
    restored = Game(head.meta, AGOT2.load_state(json.loads(json.dumps(AGOT2.dump_state(head.state)))), head.version)

    assert restored.state == head.state
    assert _fold(events[k:], restored).state == _fold(events).state


def test_folding_gives_the_same_game_in_another_process() -> None:
    events = sample_events()
    assert canonical_game(AGOT2, _fold(events)) == fold_elsewhere(AGOT2, events, BASE_BOARD)


def test_no_area_holds_two_seats_units_when_no_combat_is_under_way() -> None:
    game = None
    for event in sample_events():
        game = start(AGOT2, event, BASE_BOARD) if game is None else advance(AGOT2, game, event)
        state = game.state
        if state.combat is not None:
            continue
        seats_by_area: dict[str, set[str]] = {}
        for unit in state.units.values():
            seats_by_area.setdefault(unit.area, set()).add(unit.seat)
            kind = state.board.kind(unit.area)
            assert (kind in ("sea", "port")) == (unit.type == "ship"), unit
        assert all(len(seats) == 1 for seats in seats_by_area.values()), seats_by_area
        for area, order in state.orders.items():
            assert state.units_in(area, order.seat), (area, order)  # GOT-X-21


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 60),
    st.sampled_from(EVENT_TYPES),
    st.dictionaries(
        st.sampled_from(
            [
                "round",
                "seat",
                "area",
                "units",
                "to_area",
                "removals",
                "cards",
                "combat_id",
                "placements",
                "track",
                "order",
                "bids",
                "flags",
                "card",
                "amount",
                "option",
                "step",
                "purpose",
            ]
        ),
        _json,
        max_size=6,
    ),
)
def test_evolve_never_raises_and_keeps_a_valid_state_when_an_event_is_malformed(
    k: int, kind: str, data: dict[str, Any]
) -> None:
    game = _fold(sample_events()[:k])
    after = AGOT2.evolve(game.state, Event(kind, data))
    assert AGOT2.load_state(AGOT2.dump_state(after)) == after


def test_every_event_has_a_readable_line_when_noted() -> None:
    game = None
    for event in sample_events():
        if game is not None:
            line = AGOT2.notation(event, game.state)
            assert line and line != event.type, event.type
        game = start(AGOT2, event, BASE_BOARD) if game is None else advance(AGOT2, game, event)
