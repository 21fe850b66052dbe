"""Random play of cedofan_rv on the demonstration board with server dice, for property tests.

At each step a random action is tried; whatever the rules accept is recorded.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from domain.dice import SeededDice
from domain.kernel import Action, Authority, Event, Game, Inputs, advance, start
from domain.platform import decide_action
from domain.rulesets.cedofan_rv import CEDOFAN_RV
from domain.rulesets.cedofan_rv.state import RvState
from tests.domain.cedofan_rv.fixtures import NOW, A, B, created

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


def play_randomly(steps: list[tuple[int, int]]) -> list[Event]:
    """The events of a game on DEMO where each (choice, pick) tries one action and records it if accepted."""
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
