"""Setup: who plays, the neutral forces, starting forces and the first starting player (KK-SETUP, KK-TURN-3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from domain.kernel import Action, Decision, Game, Inputs, Seat
from domain.platform import roll
from domain.rulesets.kard_es_korona.board import KKBoard, Terrain, reached_from
from domain.rulesets.kard_es_korona.flow import Checks, Flow, refuse
from domain.rulesets.kard_es_korona.forces import (
    ARMS,
    EMPTY,
    Force,
    castle_limit_breaches,
    force_from_json,
    single,
)
from domain.rulesets.kard_es_korona.new_year import begin_year
from domain.rulesets.kard_es_korona.state import (
    FIRST_PLAYER,
    GARRISON_SUBSTITUTION,
    NEUTRAL_PLACEMENT,
    PLACEMENT,
    ROYAL,
    KKState,
    is_neutral,
    typed_board,
)

PROVINCES = ("felvidek", "tiszahat", "erdely", "delvidek", "szlavonia", "pannonia")
FIRST_YEAR = 1301
# KK-SETUP-4: the two 3-player configurations.
THREE_PLAYER_SETS = (frozenset({"felvidek", "erdely", "szlavonia"}), frozenset({"pannonia", "tiszahat", "delvidek"}))
# KK-SETUP-7/8: starting forces per variant.
STARTING_FORCES = {"basic": Force(cavalry=3, infantry=5, archer=4), "advanced": Force(cavalry=4, infantry=6, archer=5)}
# KK-SETUP-10: the neutral pieces of each unplayed province in 2-3 player games.
NEUTRAL_PIECES = {"basic": Force(1, 1, 1), "advanced": Force(cavalry=1, infantry=2, archer=2)}
GARRISON = Force(1, 1, 1)  # KK-SETUP-9
SUBSTITUTE_GARRISON = Force(cavalry=0, infantry=2, archer=1)  # KK-SETUP-12
# KK-SETUP-11: the fixed royal units of 2-4 player games.
FIXED_ROYAL_UNITS = (("bihar", "cavalry"), ("kunsag", "archer"), ("nograd", "infantry"))


def seat_errors(seats: Sequence[Seat], ring: Sequence[str] = PROVINCES) -> list[str]:
    """KK-SETUP-1..5: 2-6 distinct lords' provinces in an allowed configuration."""
    names = [s.seat for s in seats]
    unknown = [n for n in names if n not in PROVINCES]
    if unknown:
        return [f"seats: {unknown[0]!r} is not a lord's province; seats are {', '.join(PROVINCES)} (KK-SETUP-1)"]
    if len(set(names)) != len(names):
        return ["seats: each lord's province is played by one seat only (KK-SETUP-1)"]
    if not 2 <= len(names) <= 6:
        return [f"seats: Kard és Korona is played by 2 to 6 players, not {len(names)} (KK-SETUP-1)"]
    chosen = frozenset(names)
    if len(names) == 5 and "szlavonia" in chosen:
        return ["seats: with 5 players Szlavónia is not played (KK-SETUP-2)"]
    if len(names) == 4 and chosen not in four_player_sets(ring):
        allowed = "; ".join("+".join(sorted(s)) for s in four_player_sets(ring))
        return [f"seats: with 4 players the lords form two neighbouring pairs (KK-SETUP-3): one of {allowed}"]
    if len(names) == 3 and chosen not in THREE_PLAYER_SETS:
        return [
            "seats: with 3 players exactly one of two triples plays (KK-SETUP-4): "
            "felvidek+erdely+szlavonia or pannonia+tiszahat+delvidek"
        ]
    return []


def four_player_sets(ring: Sequence[str]) -> tuple[frozenset[str], ...]:
    """KK-SETUP-3, A-54: two pairs of ring neighbours with one unplayed province between them on each side."""
    n = len(ring)
    return tuple(frozenset({ring[i], ring[(i + 1) % n], ring[(i + 3) % n], ring[(i + 4) % n]}) for i in range(3))


def initial_state(options: Mapping[str, Any], document: Mapping[str, Any] | None, seats: Sequence[Seat]) -> KKState:
    """The state right after GameCreated: the board, who plays, and the fixed royal units (KK-SETUP-11, A-52).

    KK-SETUP-13: every treasury starts at 0 garas.
    """
    names = tuple(s.seat for s in seats)
    board, problem = _board(options, document)
    played = set(names)
    neutral = tuple(p for p in PROVINCES if p not in played)
    closed = frozenset(board.closed_in_5p) if board is not None and len(names) == 5 else frozenset()
    units: dict[str, dict[str, Force]] = {}
    control: dict[str, str] = {}
    pool: dict[str, Force] = {}
    if board is not None:
        if len(names) <= 4:
            for special, arm in FIXED_ROYAL_UNITS:
                county = board.special[special]
                units.setdefault(county, {})[ROYAL] = units.get(county, {}).get(ROYAL, EMPTY).plus(single(arm))
                control[county] = ROYAL
        if len(names) <= 3:
            pieces = NEUTRAL_PIECES.get(str(options.get("variant")), NEUTRAL_PIECES["basic"])
            pool = {p: pieces for p in neutral}
    return KKState(
        options=dict(options),
        board=board,
        board_document=document,
        problem=problem,
        seats=names,
        neutral_provinces=neutral,
        closed=closed,
        phase=FIRST_PLAYER,
        units=units,
        control=control,
        lords=dict.fromkeys(names),
        treasury=dict.fromkeys(names, 0),  # KK-SETUP-13
        offices={"judge_royal": None, "treasurer": None, "palatine": None},
        neutral_pool=pool,
    )


def _board(options: Mapping[str, Any], document: Mapping[str, Any] | None) -> tuple[KKBoard | None, str]:
    if document is None:
        return None, "KK-GEN-1: a Kard és Korona game needs a board (shipped 'basic' or 'advanced', or an upload)"
    try:
        board = typed_board(document)
    except ValueError as error:
        return None, f"KK-GEN-1: the board is not a Kard és Korona board: {error}"
    if board.variant != options.get("variant"):
        return board, (
            f"KK-GEN-1: options.variant {options.get('variant')!r} does not match the board's variant {board.variant!r}"
        )
    return board, ""


def board_problem(options: Mapping[str, Any], document: Mapping[str, Any] | None) -> str:
    """What keeps this board from carrying a game with these options ('' when nothing)."""
    return _board(options, document)[1]


# --- KK-TURN-3: the first starting player ---


def decide_choose_first_player(state: KKState, action: Action) -> Decision:
    """KK-TURN-3: the players agreed (or drew lots) on the first starting player."""
    if state.phase != FIRST_PLAYER:
        return refuse("KK-TURN-3", "the first starting player has already been chosen", "type")
    chosen = action.data.get("player")
    if chosen not in state.seats:
        return refuse("KK-TURN-3", f"player {chosen!r} is not a seat of this game", "data.player")
    flow = Flow(state)
    flow.emit("StartingPlayerChosen", {"year": FIRST_YEAR, "seat": chosen, "method": "lot", "rolls": []})
    flow.note("KK-TURN-3", f"{chosen} starts 1301 (chosen by lot or agreement)")
    return flow.decision()


def decide_roll_for_first_player(state: KKState, game: Game, action: Action, inputs: Inputs) -> Decision:
    """KK-TURN-3: every player rolls one die, in seating order; tied highest roll again until one is highest."""
    if state.phase != FIRST_PLAYER:
        return refuse("KK-TURN-3", "the first starting player has already been chosen", "type")
    flow = Flow(state)
    contenders = state.seats
    rolls: list[dict[str, Any]] = []
    while len(contenders) > 1:
        event, faces = roll(game, inputs, len(contenders), action.seat, "kk:first-player")
        flow.record(event)
        rolls.append(dict(zip(contenders, faces, strict=True)))
        best = max(faces)
        flow.note("KK-TURN-3", f"first-player roll: {_pairs(contenders, faces)}; highest {best}")
        contenders = tuple(s for s, f in zip(contenders, faces, strict=True) if f == best)
    flow.emit("StartingPlayerChosen", {"year": FIRST_YEAR, "seat": contenders[0], "method": "dice", "rolls": rolls})
    return flow.decision()


def _pairs(seats: Sequence[str], faces: Sequence[int]) -> str:
    return ", ".join(f"{s} {f}" for s, f in zip(seats, faces, strict=True))


# --- KK-SETUP-6..8: starting forces ---


def decide_place_forces(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-SETUP-6..8, KK-CASTLE-2/3, A-52, KK-TURN-3 and A-53 (the order): a lord and his starting units at home.

    In a transcript (`lenient`) a placement on the board's counties is recorded as made, with its deviations.
    """
    checks = Checks(lenient)
    board = state.board
    seat = action.seat
    if board is None or seat is None:
        return refuse("KK-SETUP-6", "no board or seat", "seat")
    if state.phase == FIRST_PLAYER:  # placement goes round from the first starting player
        return refuse("KK-TURN-3", "the first starting player is chosen before anyone places", "type")
    if state.phase != PLACEMENT or seat in state.placed:  # the rule of the starting forces, not KK-SETUP-6 (where)
        rule = "KK-SETUP-7" if state.options["variant"] == "basic" else "KK-SETUP-8"
        return refuse(rule, f"{seat} places starting forces once, during setup (phase {state.phase!r})", "type")
    if state.turn != seat and checks.broken(
        "KK-TURN-3",
        f"{seat} places after {state.turn}: the first year goes clockwise from its starting player (A-53)",
        "seat",
    ):
        return checks.refusal()
    raw = action.data.get("placements")
    if not isinstance(raw, Mapping) or not raw:
        return refuse("KK-SETUP-6", "placements must map county ids to forces", "data.placements")
    placements = _placements(state, seat, raw, checks)
    if isinstance(placements, Decision):
        return placements
    total = EMPTY
    for force in placements.values():
        total = total.plus(force)
    variant = str(state.options["variant"])
    expected = STARTING_FORCES[variant]
    rule = "KK-SETUP-7" if variant == "basic" else "KK-SETUP-8"
    if total != expected and checks.broken(
        rule, f"starting forces are {expected.describe()}, not {total.describe()}", "data.placements"
    ):
        return checks.refusal()
    if _breaks_advanced_start(state, placements, checks) or _breaks_castle_limits(state, placements, checks):
        return checks.refusal()
    lord = action.data.get("lord")
    if lord not in board.counties:
        return refuse("KK-SETUP-6", f"the lord's county {lord!r} is not a county of the board", "data.lord")
    if lord not in placements and checks.broken(
        "KK-MOVE-16", f"the lord must start with his units; {lord!r} holds none", "data.lord"
    ):
        return checks.refusal()
    flow = Flow(state)
    document = {county: force.to_json() for county, force in placements.items()}
    flow.emit("StartingForcesPlaced", {"seat": seat, "lord": lord, "placements": document})
    flow.note(rule, f"{seat}: lord in {lord}, {total.describe()} in {len(placements)} counties")
    finish_setup(flow)
    return flow.decision(tuple(checks.violations))


def _placements(state: KKState, seat: str, raw: Mapping[str, Any], checks: Checks) -> dict[str, Force] | Decision:
    """KK-SETUP-6/11, A-52: each placement is a force in a county of the player's home province, and not on a
    fixed royal unit's county."""
    board = state.board
    assert board is not None
    placements: dict[str, Force] = {}
    home = set(board.provinces.get(seat, ()))
    reserved = {board.special[s] for s, _ in FIXED_ROYAL_UNITS} if fixed_units_reserved(state) else set()
    for county, value in raw.items():
        force = force_from_json(value)
        where = f"data.placements.{county}"
        if force is None or force.total == 0 or county not in board.counties:
            return refuse("KK-SETUP-6", f"placement {value!r} in {county!r} is not a force in a county", where)
        if county not in home and checks.broken(
            "KK-SETUP-6", f"{county!r} is not a county of {seat}; start in the home province", where
        ):
            return checks.refusal()
        if county in reserved and checks.broken("KK-SETUP-11", f"{county!r} holds the fixed royal unit (A-52)", where):
            return checks.refusal()
        placements[county] = force
    return placements


def _breaks_advanced_start(state: KKState, placements: Mapping[str, Force], checks: Checks) -> bool:
    """KK-SETUP-8: the advanced game's starting layout (_advanced_start); True when the action must be refused."""
    board = state.board
    assert board is not None
    if state.options["variant"] != "advanced":
        return False
    return any(
        checks.broken("KK-SETUP-8", message, "data.placements") for message in _advanced_start(board, placements)
    )


def _breaks_castle_limits(state: KKState, placements: Mapping[str, Force], checks: Checks) -> bool:
    """KK-CASTLE-2/3: the units placed in a castle keep to its limits; True when the action must be refused."""
    board = state.board
    assert board is not None
    variant, arm_limit = str(state.options["variant"]), str(state.options["castle_arm_limit"])
    for county, force in placements.items():
        if board.counties[county].castle:
            for rule_id, reason in castle_limit_breaches(force, arm_limit, variant):
                if checks.broken(rule_id, f"castle {county}: {reason}", f"data.placements.{county}"):
                    return True
    return False


def fixed_units_reserved(state: KKState) -> bool:
    """KK-SETUP-11, A-52: in 2-4 player games the fixed royal units keep their counties (option)."""
    return len(state.seats) <= 4 and bool(state.options.get("royal_fixed_units_reserved", True))


def _advanced_start(board: KKBoard, placements: Mapping[str, Force]) -> list[str]:
    """KK-SETUP-8, A-53: exactly 6 connected counties, at most one castle, a unit in each."""
    counties = set(placements)
    found = []
    if len(counties) != 6:
        found.append(f"choose exactly 6 counties, not {len(counties)}")
    castles = sorted(c for c in counties if board.counties[c].castle)
    if len(castles) > 1:
        found.append(f"at most one castle county; {', '.join(castles)} chosen")
    apart = sorted(counties - reached_from(board.neighbours, min(counties), counties)) if counties else []
    if apart:  # "egymással legalább egy helyen határos": one piece of land, not pairs apart
        found.append(f"{apart[0]} is not connected to {min(counties)} through the chosen counties")
    return found


# --- KK-SETUP-10: the neutral pieces of unplayed provinces ---


def decide_place_neutral_piece(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-SETUP-10, A-53: one neutral piece into a plain county without a castle of an unplayed province.

    In a transcript (`lenient`) a piece placed out of turn, into a castle, mountain or swamp county, or onto another
    piece is recorded with its deviation; it must still be a piece left in that province's pool, in its counties.
    """
    board = state.board
    if board is None or state.phase != NEUTRAL_PLACEMENT:
        return refuse(
            "KK-SETUP-10", "neutral pieces are placed after every starting force, in 2-3 player games", "type"
        )
    checks = Checks(lenient)
    if action.seat != state.turn:
        message = f"the players place neutral pieces in turn: it is {state.turn}'s turn"
        if action.seat is None:  # the turn passes on from the seat that placed
            return refuse("KK-SETUP-10", message, "seat")
        if checks.broken("KK-SETUP-10", message, "seat"):
            return checks.refusal()
    county, arm = action.data.get("county"), action.data.get("arm")
    found = board.counties.get(county) if isinstance(county, str) else None
    if found is None or found.province not in state.neutral_pool:
        return refuse("KK-SETUP-10", f"{county!r} is not a county of an unplayed province", "data.county")
    if (found.castle or found.terrain != Terrain.PLAIN) and checks.broken(
        "KK-SETUP-10", f"{county} is a castle, mountain or swamp county; pieces go to plain ones", "data.county"
    ):
        return checks.refusal()
    if state.control.get(found.id) == f"neutral:{found.province}" and checks.broken(
        "KK-SETUP-10", f"{county} already holds a neutral piece", "data.county"
    ):
        return checks.refusal()
    if arm not in ARMS or state.neutral_pool[found.province].of(arm) == 0:
        left = state.neutral_pool[found.province].describe()
        return refuse("KK-SETUP-10", f"no {arm!r} piece is left for {found.province} ({left} left)", "data.arm")
    if any(not is_neutral(owner) for owner in state.owners_in(found.id)):
        return refuse(
            "KK-SETUP-10", f"{county} holds a player's units: a neutral piece cannot join them", "data.county"
        )
    flow = Flow(state)
    flow.emit("NeutralPiecePlaced", {"seat": action.seat, "province": found.province, "county": found.id, "arm": arm})
    finish_setup(flow)
    return flow.decision(tuple(checks.violations))


# --- KK-SETUP-9/12: castle garrisons, then the first year ---


def decide_substitute_royal_cavalry(state: KKState, action: Action, lenient: bool = False) -> Decision:
    """KK-SETUP-12: in the advanced 6-player game two royal garrisons are 2 infantry + 1 archer.

    In a transcript (`lenient`) a table that substituted more or fewer than two garrisons is recorded as it did.
    """
    if state.phase != GARRISON_SUBSTITUTION:
        return refuse("KK-SETUP-12", "only the advanced 6-player setup replaces royal cavalry", "type")
    checks = Checks(lenient)
    empty = empty_castles(state)
    castles = action.data.get("castles")
    message = f"name two castles that get a royal garrison: {', '.join(empty)}; got {castles!r}"
    if not isinstance(castles, list) or any(c not in empty for c in castles) or len(set(castles)) != len(castles):
        return refuse("KK-SETUP-12", message, "data.castles")
    if len(castles) != 2 and checks.broken("KK-SETUP-12", message, "data.castles"):
        return checks.refusal()
    flow = Flow(state)
    _place_garrisons(flow, tuple(castles))
    return flow.decision(tuple(checks.violations))


def finish_setup(flow: Flow) -> None:
    """After the last placement: KK-SETUP-9 garrisons, then year 1301 begins (KK-TURN-1)."""
    state = flow.state
    if (state.phase == PLACEMENT and state.turn is None and state.year == 0) or (
        state.phase == NEUTRAL_PLACEMENT and not state.neutral_pool and state.year == 0
    ):
        _place_garrisons(flow, ())


def empty_castles(state: KKState) -> tuple[str, ...]:
    board = state.board
    if board is None:
        return ()
    return tuple(c for c in board.castles() if c not in state.closed and not state.owners_in(c))


def _place_garrisons(flow: Flow, substitutes: tuple[str, ...]) -> None:
    state = flow.state
    board = state.board
    if board is None or state.starting_player is None:
        return
    placements = []
    for county in empty_castles(state):
        province = board.counties[county].province
        owner = f"neutral:{province}" if province in state.neutral_provinces else ROYAL
        force = SUBSTITUTE_GARRISON if county in substitutes else GARRISON
        placements.append({"county": county, "owner": owner, "force": force.to_json()})
    flow.emit("NeutralGarrisonsPlaced", {"placements": placements, "substitutions": list(substitutes)})
    flow.note("KK-SETUP-9", f"{len(placements)} empty castles garrisoned with 1 cavalry, 1 infantry, 1 archer")
    begin_year(flow, FIRST_YEAR, state.starting_player)
