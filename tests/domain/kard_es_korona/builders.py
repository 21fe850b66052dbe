"""Given-events builders for Kard és Korona games on the test boards of `small_boards`."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.dice import SeededDice
from domain.kernel import Action, Authority, Decision, Event, Game, Inputs, Viewer, advance, fold, start
from domain.platform import decide_action
from domain.rulesets.kard_es_korona import KARD_ES_KORONA
from domain.rulesets.kard_es_korona.forces import Force
from domain.rulesets.kard_es_korona.state import KKState
from tests.domain.builders import NOW, SEED_S1, SEED_S1_COMMITMENT
from tests.domain.kard_es_korona.small_boards import province_board

GAME_ID = "kk-1"
THREE = ("felvidek", "erdely", "szlavonia")
BASIC_START = {  # KK-SETUP-7: 5 infantry, 4 archers, 3 cavalry
    "k1": {"infantry": 2, "archer": 1, "cavalry": 1},
    "k2": {"infantry": 2, "archer": 1, "cavalry": 1},
    "a": {"infantry": 1, "archer": 1},
    "c": {"archer": 1, "cavalry": 1},
}
ADVANCED_START = {  # KK-SETUP-8: 6 connected counties, one castle; 6 infantry, 5 archers, 4 cavalry
    "k1": {"infantry": 2, "archer": 1, "cavalry": 1},
    "a": {"infantry": 1, "archer": 1, "cavalry": 1},
    "b": {"infantry": 1, "archer": 1},
    "c": {"infantry": 1, "cavalry": 1},
    "f": {"archer": 1, "cavalry": 1},
    "e": {"infantry": 1, "archer": 1},
}


def created(
    seats: tuple[str, ...] = THREE,
    variant: str = "basic",
    dice: str = "table",
    mode: str = "adjudicated",
    **options: Any,
) -> Event:
    return Event(
        "GameCreated",
        {
            "game_id": GAME_ID,
            "title": "test",
            "ruleset": KARD_ES_KORONA.id,
            "ruleset_version": KARD_ES_KORONA.version,
            "variant": variant,
            "options": {**KARD_ES_KORONA.default_options, "variant": variant, **options},
            "board": "test-board",
            "seats": [{"seat": s, "player": None} for s in seats],
            "mode": mode,
            "dice": dice,
            "dice_commitment": SEED_S1_COMMITMENT if dice == "server" else None,
        },
    )


def new_game(seats: tuple[str, ...] = THREE, variant: str = "basic", board: Any = None, **kwargs: Any) -> Game:
    document = province_board(variant) if board is None else board
    return start(KARD_ES_KORONA, created(seats, variant, **kwargs), document)


def inputs_for(game: Game) -> Inputs:
    if game.meta.dice.value != "server":
        return Inputs(NOW)
    return Inputs(NOW, SeededDice(SEED_S1, game.meta.game_id, game.meta.dice_drawn + 1, game.meta.client_seeds))


def act(type: str, seat: str | None, authority: Authority = Authority.PLAYER, /, **data: Any) -> Action:
    """An action whose keyword arguments are all its data: the positional-only head lets a test unpack an
    action's data (`**attack`) with no key ever taken for the type, seat or authority."""
    return Action(type, seat, data, authority)


def when(game: Game, action: Action) -> Decision:
    return decide_action(KARD_ES_KORONA, game, action, inputs_for(game))


def then(game: Game, decision: Decision) -> Game:
    """The game after a decision's events (the decision must have been accepted)."""
    assert not decision.violations, decision.violations
    for event in decision.events:
        game = advance(KARD_ES_KORONA, game, event)
    return game


def play(game: Game, *actions: Action) -> Game:
    for action in actions:
        game = then(game, when(game, action))
    return game


def rule_ids(decision: Decision) -> list[str]:
    return [v.rule_id for v in decision.violations]


def types(decision: Decision) -> list[str]:
    return [e.type for e in decision.events]


def placements(province: str, template: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {f"{province}_{k}": v for k, v in template.items()}


def set_up(seats: tuple[str, ...] = THREE, variant: str = "basic", **kwargs: Any) -> Game:
    """A game through setup into 1301's event phase: seats[0] starts; everyone places the standard start."""
    game = new_game(seats, variant, **kwargs)
    game = play(game, act("choose_first_player", None, Authority.RECORDER, player=seats[0]))
    template = BASIC_START if variant == "basic" else ADVANCED_START
    for seat in seats:
        game = play(game, act("place_forces", seat, lord=f"{seat}_k1", placements=placements(seat, template)))
    state: KKState = game.state
    while state.phase == "neutral_placement":
        assert state.board is not None, "a KK game is set up on its board"
        province, pool = next(iter(state.neutral_pool.items()))
        arm = next(a for a in ("cavalry", "infantry", "archer") if pool.of(a))
        county = next(
            c
            for c in (f"{province}_a", f"{province}_c", f"{province}_d", f"{province}_e", f"{province}_f")
            if c in state.board.counties and state.control.get(c) != f"neutral:{province}"
        )
        game = play(game, act("place_neutral_piece", state.turn, county=county, arm=arm))
        state = game.state
    return game


def with_state(game: Game, **changes: Any) -> Game:
    """The same game with parts of its state replaced (to set up a worked example's position)."""
    return Game(game.meta, replace(game.state, **changes), game.version)


def force(**counts: int) -> Force:
    return Force(**counts)


def fold_events(events: list[Event], board: Any = None, variant: str = "basic") -> Game:
    return fold(KARD_ES_KORONA, events, province_board(variant) if board is None else board)


def position(game: Game, units: dict[str, dict[str, Force]], **changes: Any) -> Game:
    """The game with exactly these units (and control where they stand, unless given), nothing moved yet."""
    control = changes.pop("control", None)
    if control is None:
        control = {county: next(iter(by)) for county, by in units.items()}
    return with_state(game, units=units, moved={}, control=control, **changes)


def offered(game: Game, seat: str, action_type: str) -> list[dict[str, Any]]:
    """The choices `pending` lists for `seat`'s `action_type`."""
    pending = KARD_ES_KORONA.pending(game, Viewer(arbiter=True))
    return [
        dict(c)
        for w in pending.waiting
        if w.seat == seat
        for o in w.options
        if o.type == action_type
        for c in o.choices
    ]
