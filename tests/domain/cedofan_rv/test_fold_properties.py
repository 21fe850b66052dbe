"""Fold invariants of cedofan_rv under random play on the demonstration board (hypothesis).

Random games are played with server dice: at each step a random action is tried; whatever the rules
accept is recorded. Then: folding is deterministic, a snapshot (dump/load) at any boundary continues to
the same state, evolve is total, units only ever die, and no seat's view shows another seat's purse.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.dice import SeededDice
from domain.kernel import Action, Authority, Event, Game, Inputs, Viewer, advance, fold, start
from domain.platform import decide_action
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.cedofan_rv.state import RvState
from tests.domain.cedofan_rv.fixtures import NOW, A, B, created
from tests.domain.fold_elsewhere import canonical_game, fold_elsewhere

_SHIPPED = CEDOFAN_RV.shipped_boards["demonstration"]
# The demonstration board with deep treasuries, so random play runs out of money late.
DEMO: dict[str, Any] = {
    **_SHIPPED,
    "attributes": {
        **_SHIPPED["attributes"],
        "setup": {**_SHIPPED["attributes"]["setup"], "treasuries": {A: 200, B: 200}},
    },
}
SEATS = (A, B)
SEED = bytes(range(32))


def _try(game: Game, choice: int, pick: int) -> Action:
    """A plausible action for the current state, chosen by two random numbers."""
    state: RvState = game.state
    seat = state.impulse or SEATS[pick % 2]
    mine = sorted(p.id for p in state.pieces.values() if p.owner == seat and p.is_noble)
    noble = mine[pick % len(mine)] if mine else "none"
    here = state.pieces[noble].area if noble in state.pieces else "kiertz"
    near = sorted(state.map.edges.get(here, {}))
    close = [a for a in (here, *near) if a in state.places] or sorted(state.places)
    place = close[pick % len(close)]
    units = [p.id for p in state.pieces.values() if p.banner == noble and p.area == here]
    if state.impulse is None:
        waiting = [s for s in SEATS if s not in state.had_impulse]
        if state.round == 0 or not waiting:
            return Action("start_round", None, {}, Authority.RECORDER)
        # Mostly the seat whose turn it is (RV-TURN-3); sometimes another, which the rules refuse.
        return Action("begin_impulse", waiting[0] if pick % 5 else waiting[-1], {})
    options: list[tuple[str, str | None, dict[str, Any]]] = [
        ("end_impulse", seat, {}),
        ("move_banner", seat, {"noble": noble, "path": [near[pick % len(near)]] if near else [], "units": units}),
        ("start_siege", seat, {"place": place, "nobles": [noble]}),
        ("storm_place", seat, {"place": place}),
        ("sortie", seat, {"place": place}),
        ("attack", seat, {"nobles": [noble]}),
        ("relieve_siege", seat, {"place": place, "nobles": [noble], "joining": []}),
        ("transfer_resources", seat, {"from": "treasury", "to": noble, "amount": 1 + pick % 3}),
        ("extract", seat, {"place": place}),
        ("recruit", seat, {"place": place, "kind": ("infantry", "cavalry", "elephant")[pick % 3]}),
    ]
    # Ending the impulse is rare, so impulses hold several actions.
    kind, who, data = options[0] if choice % 25 == 0 else options[1 + choice % (len(options) - 1)]
    return Action(kind, who, data, Authority.RECORDER if who is None else Authority.PLAYER)


def _play(steps: list[tuple[int, int]]) -> list[Event]:
    first = created(DEMO, seats=SEATS, dice="server")
    game = start(CEDOFAN_RV, first, DEMO)
    events = [first]
    for choice, pick in steps:
        action = _try(game, choice, pick)
        dice = SeededDice(SEED, "game-1", game.meta.dice_drawn + 1, {})
        decision = decide_action(CEDOFAN_RV, game, action, Inputs(NOW, dice=dice))
        if decision.violations:
            continue
        for event in decision.events:
            game = advance(CEDOFAN_RV, game, event)
            events.append(event)
    return events


GAMES = st.lists(st.tuples(st.integers(0, 1_000), st.integers(0, 1_000)), min_size=1, max_size=120)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(SETTINGS, max_examples=8)  # each example starts an interpreter
@given(GAMES)
def test_fold_gives_the_same_game_when_the_same_events_are_folded_in_another_process(
    steps: list[tuple[int, int]],
) -> None:
    events = _play(steps)
    assert canonical_game(CEDOFAN_RV, fold(CEDOFAN_RV, events, DEMO)) == fold_elsewhere(CEDOFAN_RV, events, DEMO)


@SETTINGS
@given(GAMES, st.data())
def test_snapshot_at_any_boundary_continues_to_the_same_state(
    steps: list[tuple[int, int]], data: st.DataObject
) -> None:
    events = _play(steps)
    cut = data.draw(st.integers(1, len(events)))
    head = fold(CEDOFAN_RV, events[:cut], DEMO)
    reloaded = Game(head.meta, CEDOFAN_RV.load_state(CEDOFAN_RV.dump_state(head.state)), head.version)
    assert reloaded.state == head.state
    assert fold(CEDOFAN_RV, events[cut:], DEMO, start_from=reloaded).state == fold(CEDOFAN_RV, events, DEMO).state


@SETTINGS
@given(GAMES)
def test_pieces_appear_only_by_recruits_or_returning_rulers_and_views_hide_other_purses(
    steps: list[tuple[int, int]],
) -> None:
    events = _play(steps)
    game = start(CEDOFAN_RV, events[0], DEMO)
    dead: set[str] = set()
    for event in events[1:]:
        before = set(game.state.pieces)
        game = advance(CEDOFAN_RV, game, event)
        after = set(game.state.pieces)
        if event.type not in ("UnitsRecruited", "RulerReappeared"):
            assert after <= before, event.type
        assert not (after & dead)
        dead |= before - after
    for seat in SEATS:
        shown = CEDOFAN_RV.view(game.state, Viewer(seat=seat))
        for noble, amount in shown["purses"].items():
            if game.state.pieces[noble].owner != seat:
                assert amount == "sealed"
        assert all(v == "sealed" for s, v in shown["treasuries"].items() if s != seat)


@SETTINGS
@given(
    st.sampled_from(
        [
            "BannerMoved",
            "HitsApplied",
            "PlaceCaptured",
            "LootOwed",
            "LootDelivered",
            "SiegeStarted",
            "ImpulseStarted",
            "PiecesRetreated",
            "ResourcesTransferred",
        ]
    ),
    st.dictionaries(
        st.sampled_from(["noble", "place", "deaths", "amount", "loot", "to", "pieces", "seat"]),
        st.none() | st.integers() | st.text(max_size=3),
    ),
)
def test_evolve_never_raises_when_an_event_is_malformed(kind: str, data: dict[str, Any]) -> None:
    game = start(CEDOFAN_RV, created(DEMO, seats=SEATS), DEMO)
    assert CEDOFAN_RV.evolve(game.state, Event(kind, data)) is not None


def test_random_play_exercises_battles_when_played_long_enough() -> None:
    # Guards the property tests against vacuity: a fixed long game does reach battles and sieges.
    chooser = random.Random(4)
    events = _play([(chooser.randrange(1_000), chooser.randrange(1_000)) for _ in range(300)])
    kinds = {e.type for e in events}
    expected = {"BannerMoved", "SiegeStarted", "StormCalled", "ReliefDeclared", "AttackDeclared", "LootOwed"}
    assert expected | {"UnitsRecruited"} <= kinds
