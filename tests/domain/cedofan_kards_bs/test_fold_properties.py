"""Fold properties of cedofan_kards_bs on the demonstration map, over randomly played campaigns (server dice).

Determinism, snapshot (dump/load) at any boundary, totality of evolve, and the invariants of the state:
treasuries never below zero, no empty stack on the board, every siege held by a live army besieging it.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.dice import SeededDice
from domain.kernel import Action, Authority, Event, Game, Inputs, fold, start
from domain.platform import decide_action
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from domain.rulesets.cedofan_kards_bs.decide import ACTIONS
from domain.rulesets.cedofan_kards_bs.rulings import retreat_destinations
from domain.rulesets.cedofan_kards_bs.state import KbsState
from tests.domain.cedofan_kards_bs.builders import NOW, OPTIONS
from tests.domain.fold_elsewhere import canonical_game, fold_elsewhere

PROPERTY = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
BOARD = KBS.shipped_boards["demonstration"]
SEATS = ("zapad", "rudern", "stiny", "ostius")
SEED = bytes(range(32))


def _created(pirate_dice: bool) -> Event:
    return Event(
        "GameCreated",
        {
            "game_id": "prop-game",
            "title": "property campaign",
            "ruleset": KBS.id,
            "ruleset_version": KBS.version,
            "variant": None,
            "options": {**KBS.default_options, **OPTIONS, "pirate_dice": pirate_dice},
            "board": "demonstration",
            "seats": [{"seat": s, "player": None} for s in SEATS],
            "mode": "adjudicated",
            "dice": "server",
            "dice_commitment": "0" * 64,
        },
    )


def _inputs(game: Game) -> Inputs:
    return Inputs(NOW, SeededDice(SEED, game.meta.game_id, game.meta.dice_drawn + 1, {}))


def _candidates(state: KbsState, draw: Any) -> tuple[str, str | None, dict[str, Any]]:
    """One plausible action for the state (it may still be refused; then the turn ends)."""
    if state.retreats:
        army = state.armies[state.retreats[0]]
        options = retreat_destinations(state, army, state.retreat_from or army.at, state.retreat_barred)
        return "retreat", army.owner, {"army": army.id, "to": draw(st.sampled_from(options)) if options else "nowhere"}
    if state.phase in ("setup", "round_over"):
        return "start_round", None, {}
    if state.phase == "supply":
        return "begin_turns", None, {}
    seat = str(state.turn)
    own = [a for _, a in sorted(state.armies.items()) if a.owner == seat]
    if not own:
        return "end_turn", seat, {}
    army = draw(st.sampled_from(own))
    steps = [area for area, _ in state.map.neighbours(army.at)]
    enemies = sorted(
        {e.at for e in state.armies.values() if e.owner != seat and e.at in {army.at, *steps}}
        & {a for a, k in state.map.kinds.items() if k == "region"}
    )
    cities = sorted(
        c for c, info in state.map.cities.items() if info.admin_region == army.at and state.owners.get(c) != seat
    )
    here = [a.id for a in own if a.at == army.at]
    choices = ["move", "move", "end"]
    choices += ["storm"] * 3 if army.besieging else []
    choices += ["attack"] * 2 if enemies else []
    choices += ["siege"] * 3 if cities and not army.besieging else []
    choices += ["relief"] if cities else []
    choices += ["merge"] if len(here) > 1 else []
    kind = draw(st.sampled_from(choices))
    if kind == "move":
        return "move_army", seat, {"army": army.id, "path": [draw(st.sampled_from(steps))]}
    if kind == "attack":
        return "attack", seat, {"army": army.id, "to": draw(st.sampled_from(enemies))}
    if kind == "siege":
        return "start_siege", seat, {"army": army.id, "city": draw(st.sampled_from(cities))}
    if kind == "storm" and army.besieging:
        return "storm_city", seat, {"army": army.id, "city": army.besieging}
    if kind == "relief":
        return "relieve_siege", seat, {"armies": [army.id], "city": draw(st.sampled_from(cities))}
    if kind == "merge":
        return "merge_armies", seat, {"armies": here[:2]}
    return "end_turn", seat, {}


@st.composite
def played(draw: Any) -> tuple[Event, list[Event]]:
    """A campaign of up to 120 accepted actions; returns its GameCreated and its other events."""
    created = _created(draw(st.booleans()))
    game = start(KBS, created, BOARD)
    events: list[Event] = []
    for _ in range(draw(st.integers(5, 120))):
        kind, seat, data = _candidates(game.state, draw)
        decision = decide_action(KBS, game, Action(kind, seat, data, Authority.RECORDER), _inputs(game))
        if decision.violations and kind != "end_turn" and game.state.phase == "turns" and not game.state.retreats:
            decision = decide_action(KBS, game, Action("end_turn", seat, {}, Authority.RECORDER), _inputs(game))
        if decision.violations:
            break
        events += decision.events
        game = fold(KBS, decision.events, BOARD, start_from=game)
    return created, events


def _fold(created: Event, events: list[Event]) -> Game:
    return fold(KBS, [created, *events], BOARD)


@settings(PROPERTY, max_examples=8)  # each example starts an interpreter
@given(played())
def test_same_game_when_the_same_events_are_folded_in_another_process(campaign: tuple[Event, list[Event]]) -> None:
    created, events = campaign
    assert canonical_game(KBS, _fold(created, events)) == fold_elsewhere(KBS, [created, *events], BOARD)


@PROPERTY
@given(played(), st.data())
def test_same_state_when_folding_resumes_from_a_dumped_and_loaded_state(
    campaign: tuple[Event, list[Event]], data: Any
) -> None:
    created, events = campaign
    cut = data.draw(st.integers(0, len(events)))
    head = _fold(created, events[:cut])
    resumed = Game(head.meta, KBS.load_state(KBS.dump_state(head.state)), head.version)
    assert KBS.load_state(KBS.dump_state(head.state)) == head.state
    assert fold(KBS, events[cut:], BOARD, start_from=resumed).state == _fold(created, events).state


@PROPERTY
@given(played())
def test_invariants_hold_when_a_campaign_is_played(campaign: tuple[Event, list[Event]]) -> None:
    created, events = campaign
    game = start(KBS, created, BOARD)
    for event in events:
        line = KBS.notation(event, game.state)
        assert line and line != event.type, f"no notation for {event.type}"
        game = fold(KBS, [event], BOARD, start_from=game)
        state: KbsState = game.state
        assert all(f.supplies >= 0 and f.influence >= 0 for f in state.factions.values())
        assert all(not a.is_empty() and all(n > 0 for n in a.units.values()) for a in state.armies.values())
        for city, siege in state.sieges.items():
            assert state.armies[siege.army].besieging == city


junk = st.fixed_dictionaries(
    {
        "type": st.sampled_from(
            (
                "ArmyMoved",
                "UnitsLost",
                "UnitsCaptured",
                "SiegeStarted",
                "ArmiesMerged",
                "CityCaptured",
                "ArmyPlaced",
                "KardRansomed",
                "PrisonersRansomed",
                "Nope",
            )
        ),
        "data": st.dictionaries(
            st.sampled_from(
                (
                    "army",
                    "to",
                    "seat",
                    "cost",
                    "units",
                    "city",
                    "armies",
                    "into",
                    "owner",
                    "at",
                    "leaders",
                    "kard",
                    "round",
                )
            ),
            st.none()
            | st.integers(-3, 3)
            | st.text(max_size=4)
            | st.lists(st.text(max_size=3), max_size=2)
            | st.dictionaries(st.text(max_size=3), st.integers(-2, 2), max_size=2),
            max_size=6,
        ),
    }
)


@PROPERTY
@given(played(), st.lists(junk, max_size=10))
def test_malformed_events_never_raise_when_folded(
    campaign: tuple[Event, list[Event]], extra: list[dict[str, Any]]
) -> None:
    created, events = campaign
    game = _fold(created, events)
    for item in extra:
        event = Event(item["type"], item["data"])
        KBS.notation(event, game.state)
        game = fold(KBS, [event], BOARD, start_from=game)
    assert KBS.load_state(KBS.dump_state(game.state)) == game.state


any_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 12)
    | st.sampled_from(("z-heran", "r-main", "c-jezerni", "r-jezerni", "x")),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(("army", "units", "x")), inner, max_size=2)
    ),
    max_leaves=6,
)
action_data = st.dictionaries(
    st.sampled_from(
        ("army", "armies", "to", "path", "city", "garrison", "defender", "kard", "units", "vassal", "amount")
    ),
    any_json,
    max_size=4,
)


@PROPERTY
@given(played(), st.sampled_from(ACTIONS), st.sampled_from((None, *SEATS)), action_data)
def test_any_action_data_is_decided_without_raising_when_posted(
    campaign: tuple[Event, list[Event]], action: str, seat: str | None, data: dict[str, Any]
) -> None:
    created, events = campaign
    game = _fold(created, events)
    decision = decide_action(KBS, game, Action(action, seat, data, Authority.RECORDER), _inputs(game))
    assert decision.events or decision.violations
    assert all(v.rule_id.startswith(("KBS-", "CORE-")) for v in decision.violations)
