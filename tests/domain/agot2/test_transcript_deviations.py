"""Transcript mode (DESIGN §2): a rule the table broke is refused in an adjudicated game and recorded as a
deviation in a transcript, when the facts still exist (areas, units, orders, seats); the state then follows
what the table did. Structural impossibilities stay refused in both modes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.kernel import Decision, Game
from domain.rulesets.agot2.evolve import applied
from tests.domain.agot2.tables import apply, board, card_set, combat_id, decide, new_game, only, seal, types, units

Make = Callable[[str], Game]


def _game(
    mode: str,
    areas: dict[str, Any],
    adjacency: list[tuple[str, str]],
    unit_list: list[dict[str, Any]],
    orders: list[tuple[str, str, str]],
    seats: tuple[str, ...] = ("red", "blue"),
    step: str = "march",
    **options: Any,
) -> Game:
    position = {
        "phase": "action",
        "step": step,
        "blade_used": options.pop("blade_used", True),
        "units": unit_list,
        "orders": [{"area": a, "seat": s, "token": t} for a, s, t in orders],
        **options.pop("position", {}),
    }
    tracks = options.pop("tracks", {t: list(seats) for t in ("iron_throne", "fiefdoms", "kings_court")})
    return new_game(
        board(areas, adjacency),
        seats,
        {
            "kings_court_stars": [3, 2, 1][: len(seats)],
            "house_cards": card_set(),
            "position": position,
            "tracks": tracks,
        }
        | options,
        mode=mode,
    )


def _rules(decision: Decision) -> list[str]:
    return [v.rule_id for v in decision.violations]


def _refused_then_recorded(make: Make, kind: str, seat: str | None, rule: str, **data: Any) -> tuple[Game, Decision]:
    """The adjudicated game refuses the action naming `rule`; the transcript records it with that deviation."""
    refused = decide(make("adjudicated"), kind, seat, **data)
    assert _rules(refused) == [rule] and not refused.events, refused
    game = make("transcript")
    recorded = decide(game, kind, seat, **data)
    assert rule in _rules(recorded) and recorded.events, recorded
    _folds(game, recorded)
    return apply(game, recorded), recorded


def _folds(game: Game, decision: Decision) -> None:
    """Every recorded event applies (evolve would silently skip one that did not) and, outside a combat, an
    area holds the units of one House only (GOT-X-1)."""
    state = game.state
    for event in decision.events:
        state = applied(state, event)  # raises where evolve would leave the state unchanged
    after = apply(game, decision).state
    if after.combat is None:
        for area in after.board.areas:
            assert len({u.seat for u in after.units_in(area)}) <= 1, area


def _refused_in_both(make: Make, kind: str, seat: str | None, rule: str, **data: Any) -> None:
    for mode in ("adjudicated", "transcript"):
        refused = decide(make(mode), kind, seat, **data)
        assert _rules(refused) == [rule] and not refused.events, (mode, refused)


def _act(game: Game, kind: str, seat: str | None, **data: Any) -> Game:
    decision = decide(game, kind, seat, **data)
    assert not decision.violations, decision.violations
    return apply(game, decision)


# --- march (GOT-ROUT-5, X-25, RETREAT-8; COMBAT-1 stays refused) ---

MARCH_AREAS = {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "s1": "sea"}
MARCH_EDGES = [("l1", "l2"), ("l2", "l3"), ("l3", "l4"), ("l1", "s1"), ("l1", "l3")]


def _march_game(routed: bool = False) -> Make:
    def make(mode: str) -> Game:
        return _game(
            mode,
            MARCH_AREAS,
            MARCH_EDGES,
            units("red", "l1", "knight", "footman", routed=routed) + units("blue", "l2", "footman"),
            [("l1", "red", "march_0"), ("l2", "blue", "consolidate_power_a")],  # the round goes on
        )

    return make


def _moving(to_area: str, *ids: str) -> dict[str, Any]:
    return {"from_area": "l1", "moves": [{"to_area": to_area, "units": list(ids) or ["red:knight:l1:1"]}]}


def test_got_rout_5_routed_units_marching_in_a_transcript_is_a_deviation() -> None:
    game, decision = _refused_then_recorded(_march_game(routed=True), "march", "red", "GOT-ROUT-5", **_moving("l3"))

    assert _rules(decision) == ["GOT-ROUT-5"]
    knight = game.state.units["red:knight:l1:1"]
    assert (knight.area, knight.routed) == ("l3", True)  # moved as the table did; still routed until round end
    assert "l1" not in game.state.orders


def test_got_x_25_a_march_to_an_area_not_adjacent_in_a_transcript_is_a_deviation() -> None:
    game, decision = _refused_then_recorded(_march_game(), "march", "red", "GOT-X-25", **_moving("l4"))

    assert decision.violations[0].details == {"field": "data.moves[0].to_area"}
    assert game.state.units["red:knight:l1:1"].area == "l4"
    assert game.state.units["red:footman:l1:2"].area == "l1"


def test_got_x_25_a_march_not_adjacent_into_an_enemy_area_starts_its_combat_in_a_transcript() -> None:
    def make(mode: str) -> Game:
        return _game(
            mode,
            MARCH_AREAS,
            MARCH_EDGES,
            units("red", "l1", "knight", "footman") + units("blue", "l4", "footman"),
            [("l1", "red", "march_0")],
        )

    game, decision = _refused_then_recorded(make, "march", "red", "GOT-X-25", **_moving("l4"))

    assert only(decision, "CombatInitiated")["embattled_area"] == "l4"
    assert (game.state.combat.area, game.state.combat.origin) == ("l4", "l1")


def test_got_x_25_land_units_marching_into_a_sea_area_in_a_transcript_is_a_deviation() -> None:
    game, decision = _refused_then_recorded(_march_game(), "march", "red", "GOT-X-25", **_moving("s1"))

    assert _rules(decision) == ["GOT-X-25"]
    assert game.state.units["red:knight:l1:1"].area == "s1"


def test_a_march_to_an_unknown_area_or_starting_two_combats_is_refused_even_in_a_transcript_x_25() -> None:
    make = _march_game()
    _refused_in_both(make, "march", "red", "GOT-X-25", **_moving("nowhere"))
    _refused_in_both(make, "march", "red", "GOT-X-25", **_moving("l1"))
    _refused_in_both(make, "march", "red", "GOT-X-25", **_moving("l3", "blue:footman:l2:1"))

    def two_fronts(mode: str) -> Game:
        return _game(
            mode,
            MARCH_AREAS,
            MARCH_EDGES,
            units("red", "l1", "knight", "footman") + units("blue", "l2", "footman") + units("blue", "l3", "footman"),
            [("l1", "red", "march_0")],
        )

    moves = [{"to_area": "l2", "units": ["red:knight:l1:1"]}, {"to_area": "l3", "units": ["red:footman:l1:2"]}]
    _refused_in_both(two_fronts, "march", "red", "GOT-X-25", from_area="l1", moves=moves)


def test_turn_and_rule_deviations_are_recorded_together_in_a_transcript_term_4_rout_5() -> None:
    def make(mode: str) -> Game:
        return _game(
            mode,
            MARCH_AREAS,
            MARCH_EDGES,
            units("red", "l1", "knight") + units("blue", "l4", "footman", routed=True),
            [("l1", "red", "march_0"), ("l4", "blue", "march_0")],
        )

    blue_first = {"from_area": "l4", "moves": [{"to_area": "l3", "units": ["blue:footman:l4:1"]}]}
    assert _rules(decide(make("adjudicated"), "march", "blue", **blue_first)) == ["GOT-ROUT-5"]
    recorded = decide(make("transcript"), "march", "blue", **blue_first)  # Red marches first (GOT-TERM-4)
    assert _rules(recorded) == ["GOT-TERM-4", "GOT-ROUT-5"]
    assert apply(make("transcript"), recorded).state.units["blue:footman:l4:1"].area == "l3"
    nothing = {"from_area": "l4", "moves": [{"to_area": "l3", "units": []}]}
    _refused_in_both(make, "march", "blue", "GOT-X-25", **nothing)  # no units named: nothing happened


# --- raid (GOT-X-25) ---


def _raid_game(target_token: str, target_area: str) -> Make:
    def make(mode: str) -> Game:
        return _game(
            mode,
            MARCH_AREAS,
            MARCH_EDGES,
            units("red", "l1", "footman") + units("blue", target_area, "footman"),
            [("l1", "red", "raid_a"), (target_area, "blue", target_token)],
            step="raid",
        )

    return make


def test_got_x_25_a_raid_on_an_order_not_adjacent_in_a_transcript_is_a_deviation() -> None:
    make = _raid_game("support_0_a", "l4")
    game, decision = _refused_then_recorded(make, "resolve_raid", "red", "GOT-X-25", area="l1", target_area="l4")

    assert only(decision, "RaidResolved")["target_token"] == "support_0_a"
    assert "l4" not in game.state.orders and "l1" not in game.state.orders


def test_got_x_25_a_plain_raid_removing_a_defense_order_in_a_transcript_is_a_deviation() -> None:
    make = _raid_game("defense_plus1_a", "l2")
    game, _ = _refused_then_recorded(make, "resolve_raid", "red", "GOT-X-25", area="l1", target_area="l2")

    assert "l2" not in game.state.orders


def test_a_raid_on_an_area_without_an_enemy_order_is_refused_even_in_a_transcript_x_25() -> None:
    make = _raid_game("support_0_a", "l2")
    _refused_in_both(make, "resolve_raid", "red", "GOT-X-25", area="l1", target_area="l3")
    _refused_in_both(make, "resolve_raid", "red", "GOT-X-25", area="l1", target_area="l1")


# --- support (GOT-SUPPORT-3/5/7/9, X-4, X-5) ---

SUPPORT_AREAS = {"l1": "land", "l2": "land", "l3": "land", "l4": "land", "l5": "land", "s1": "sea", "s2": "sea"}
SUPPORT_EDGES = [("l1", "l2"), ("l2", "l3"), ("l3", "l4"), ("l2", "l5"), ("s1", "s2"), ("s2", "l5")]
RBG = ("red", "blue", "green")


Extra = tuple[list[dict[str, Any]], tuple[str, str, str]]  # more units, and one more order (area, seat, token)
SUPPORT_ATTACK = {"from_area": "l1", "moves": [{"to_area": "l2", "units": ["red:knight:l1:1"]}]}


def support_before_the_march(mode: str, *extra: Extra) -> Game:
    """Red will march from l1 into Blue's l2; Green (l3) and Red (l5) hold eligible Support orders."""
    return _game(
        mode,
        SUPPORT_AREAS,
        SUPPORT_EDGES,
        units("red", "l1", "knight")
        + units("blue", "l2", "footman")
        + units("green", "l3", "knight")
        + units("red", "l5", "footman")
        + [u for found, _ in extra for u in found],
        [("l1", "red", "march_0"), ("l3", "green", "support_0_a"), ("l5", "red", "support_0_a")]
        + [order for _, order in extra],
        seats=RBG,
    )


def _support_game(*extra: Extra) -> Make:
    """The combat in l2 under way, waiting for its supporters (GOT-SUPPORT-3)."""

    def make(mode: str) -> Game:
        return _act(support_before_the_march(mode, *extra), "march", "red", **SUPPORT_ATTACK)

    return make


def test_got_support_3_a_supporter_declaring_out_of_turn_in_a_transcript_is_a_deviation() -> None:
    make = _support_game()
    assert make("adjudicated").state.combat.supporters == (("red", ("l5",)), ("green", ("l3",)))
    cid = combat_id(make("adjudicated"))

    game, decision = _refused_then_recorded(
        make, "declare_support", "green", "GOT-SUPPORT-3", combat_id=cid, side="defender"
    )

    assert only(decision, "SupportDeclared")["areas"] == ["l3"]
    assert game.state.combat.pending_support() == (("red", ("l5",)),)  # Red still declares
    game, declared = _then(game, "declare_support", "red", combat_id=cid, side="attacker")
    base = only(declared, "BaseStrengthAnnounced")
    assert [s["area"] for s in base["defender"]["support"]] == ["l3"]
    assert [s["area"] for s in base["attacker"]["support"]] == ["l5"]


def _then(game: Game, kind: str, seat: str | None, **data: Any) -> tuple[Game, Decision]:
    decision = decide(game, kind, seat, **data)
    assert not decision.violations, decision.violations
    return apply(game, decision), decision


def test_got_x_5_a_combatant_supporting_its_opponent_in_a_transcript_is_a_deviation() -> None:
    make = _support_game((units("blue", "l4", "footman"), ("l4", "blue", "support_0_a")))
    game = make("transcript")
    cid = combat_id(game)
    game, _ = _then(game, "declare_support", "red", combat_id=cid, side="attacker")
    assert game.state.combat.pending_support() == (("green", ("l3",)),)

    # Blue's l4 is not adjacent to l2: Blue has no entry; it names the area and backs Red
    blue = decide(game, "declare_support", "blue", combat_id=cid, side="attacker", areas=["l4"])
    assert _rules(blue) == ["GOT-X-5", "GOT-SUPPORT-9"]
    game = apply(game, blue)
    game, declared = _then(game, "refuse_support", "green", combat_id=cid)

    attacker = only(declared, "BaseStrengthAnnounced")["attacker"]
    assert [(s["seat"], s["area"], s["units"]) for s in attacker["support"]] == [("red", "l5", 1), ("blue", "l4", 1)]


def test_got_x_5_adjudicated_refuses_a_combatant_supporting_its_opponent_naming_the_rule() -> None:
    def make(mode: str) -> Game:
        game = _game(
            mode,
            SUPPORT_AREAS,
            SUPPORT_EDGES,
            units("red", "l1", "knight") + units("blue", "l2", "footman") + units("blue", "l3", "footman"),
            [("l1", "red", "march_0"), ("l3", "blue", "support_0_a")],
        )
        return _act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": ["red:knight:l1:1"]}])

    cid = combat_id(make("adjudicated"))
    game, decision = _refused_then_recorded(make, "declare_support", "blue", "GOT-X-5", combat_id=cid, side="attacker")

    assert only(decision, "BaseStrengthAnnounced")["attacker"]["support"] == [
        {"seat": "blue", "area": "l3", "units": 1, "order_bonus": 0}
    ]
    assert game.state.combat.base is not None


def test_got_support_9_support_from_an_area_not_adjacent_in_a_transcript_is_a_deviation() -> None:
    make = _support_game((units("red", "l4", "knight"), ("l4", "red", "support_0_b")))
    cid = combat_id(make("adjudicated"))

    game, decision = _refused_then_recorded(
        make, "declare_support", "red", "GOT-SUPPORT-9", combat_id=cid, side="attacker", areas=["l4", "l5"]
    )

    assert only(decision, "SupportDeclared")["areas"] == ["l4", "l5"]
    game, declared = _then(game, "refuse_support", "green", combat_id=cid)
    attacker = only(declared, "BaseStrengthAnnounced")["attacker"]
    assert [(s["area"], s["units"]) for s in attacker["support"]] == [("l4", 2), ("l5", 1)]
    assert attacker["base"] == 2 + 0 + 2 + 1  # knight, March +0, l4 knight, l5 footman


def test_got_x_4_a_seat_leaving_out_one_of_its_eligible_areas_in_a_transcript_is_a_deviation() -> None:
    make = _support_game((units("red", "l4", "knight"), ("l4", "red", "support_0_b")))
    cid = combat_id(make("adjudicated"))

    game, decision = _refused_then_recorded(
        make, "declare_support", "red", "GOT-X-4", combat_id=cid, side="attacker", areas=[]
    )

    assert only(decision, "SupportDeclared")["areas"] == []
    assert game.state.combat.pending_support() == (("green", ("l3",)),)


def test_got_support_5_support_from_the_embattled_area_in_a_transcript_is_a_deviation() -> None:
    make = _support_game(([], ("l2", "blue", "support_0_a")))  # Blue's own order in the attacked area
    cid = combat_id(make("adjudicated"))
    blue = {"combat_id": cid, "side": "defender", "areas": ["l2"]}
    assert _rules(decide(make("adjudicated"), "declare_support", "blue", **blue)) == [
        "GOT-SUPPORT-5"
    ]  # not a supporter: its only Support order is in the embattled area
    game = make("transcript")

    decision = decide(game, "declare_support", "blue", **blue)

    assert _rules(decision) == ["GOT-SUPPORT-5"]
    game = apply(game, decision)
    assert game.state.combat.pending_support() == (("red", ("l5",)), ("green", ("l3",)))
    game, _ = _then(game, "refuse_support", "red", combat_id=cid)
    game, declared = _then(game, "refuse_support", "green", combat_id=cid)
    defender = only(declared, "BaseStrengthAnnounced")["defender"]
    assert (defender["units"], defender["support"]) == (
        1,
        [{"seat": "blue", "area": "l2", "units": 1, "order_bonus": 0}],
    )


def test_got_support_7_land_units_supporting_a_sea_combat_in_a_transcript_is_a_deviation() -> None:
    def make(mode: str) -> Game:
        game = _game(
            mode,
            {"s1": "sea", "s2": "sea", "s3": "sea", "l5": "land"},
            [("s1", "s2"), ("s2", "s3"), ("s2", "l5")],
            units("red", "s1", "ship")
            + units("blue", "s2", "ship")
            + units("red", "s3", "ship")
            + units("red", "l5", "knight"),
            [("s1", "red", "march_0"), ("s3", "red", "support_0_a"), ("l5", "red", "support_0_b")],
        )
        return _act(game, "march", "red", from_area="s1", moves=[{"to_area": "s2", "units": ["red:ship:s1:1"]}])

    assert make("adjudicated").state.combat.supporters == (("red", ("s3",)),)
    cid = combat_id(make("adjudicated"))

    game, decision = _refused_then_recorded(
        make, "declare_support", "red", "GOT-SUPPORT-7", combat_id=cid, side="attacker", areas=["s3", "l5"]
    )

    attacker = only(decision, "BaseStrengthAnnounced")["attacker"]
    assert [(s["area"], s["units"]) for s in attacker["support"]] == [("l5", 2), ("s3", 1)]
    assert game.state.combat.base is not None


def test_declaring_support_without_a_support_order_or_out_of_step_1_is_refused_even_in_a_transcript() -> None:
    make = _support_game()
    cid = combat_id(make("adjudicated"))
    for mode, rule in (("adjudicated", "GOT-X-5"), ("transcript", "GOT-SUPPORT-1")):
        refused = decide(make(mode), "declare_support", "blue", combat_id=cid, side="defender", areas=["l2"])
        assert _rules(refused) == [rule] and not refused.events
    _refused_in_both(make, "declare_support", "blue", "GOT-X-5", combat_id=cid, side="defender")
    _refused_in_both(make, "declare_support", "red", "GOT-SUPPORT-1", combat_id=cid, side="sideways")
    _refused_in_both(make, "declare_support", "red", "GOT-COMBAT-4", combat_id=cid + 1, side="attacker")


# --- casualties and retreat (GOT-CASUALTY-1/3/4, ROUT-4, RETREAT-3/4/5, X-17) ---

FIGHT_AREAS = {f"l{n}": "land" for n in range(1, 8)}
FIGHT_EDGES = [("l1", "l2"), ("l2", "l3"), ("l2", "l4"), ("l2", "l5"), ("l5", "l6"), ("l6", "l7")]


def _fight(game: Game, red: str, blue: str) -> Game:
    """Both cards sealed; a transcript waits for the Blade holder's word even when it is flipped (BLADE-2)."""
    game, _ = seal(game, "house_card", {"red": {"card": red}, "blue": {"card": blue}})
    combat = game.state.combat
    if combat is not None and combat.result is None:
        game = _act(game, "decline_blade", "red", combat_id=combat.combat_id)
    return game


def fight_before_the_march(mode: str) -> Game:
    """Red's two knights in l1 will march on Blue's three footmen (one routed) in l2, Blue supported from l3."""
    return _game(
        mode,
        FIGHT_AREAS,
        FIGHT_EDGES,
        units("red", "l1", "knight", "knight")
        + units("blue", "l2", "footman", "footman")
        + units("blue", "l2", "footman", routed=True, first=3)
        + units("blue", "l3", "footman")
        + units("red", "l7", "footman"),
        [("l1", "red", "march_0"), ("l3", "blue", "support_0_a"), ("l7", "red", "consolidate_power_a")],
    )


ATTACK = {"from_area": "l1", "moves": [{"to_area": "l2", "units": ["red:knight:l1:1", "red:knight:l1:2"]}]}
CARDS = {"red": {"card": "red_c3s1"}, "blue": {"card": "blue_c1"}}


def _lost_defence(mode: str) -> Game:
    """Red beats Blue in l2: one casualty due of two eligible footmen; Blue then retreats."""
    game = _act(fight_before_the_march(mode), "march", "red", **ATTACK)
    game = _act(game, "declare_support", "blue", combat_id=combat_id(game), side="defender")
    game = _fight(game, CARDS["red"]["card"], CARDS["blue"]["card"])
    assert game.state.combat.result["casualties_due"] == 1
    return game


def _retreating(mode: str) -> Game:
    game = _lost_defence(mode)
    return _act(game, "choose_casualties", "blue", combat_id=combat_id(game), units=["blue:footman:l2:1"])


def test_got_casualty_4_a_supporting_unit_taken_as_casualty_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_lost_defence("adjudicated"))
    game, decision = _refused_then_recorded(
        _lost_defence, "choose_casualties", "blue", "GOT-CASUALTY-4", combat_id=cid, units=["blue:footman:l3:1"]
    )

    assert only(decision, "CasualtiesTaken")["units"] == ["blue:footman:l3:1"]
    assert "blue:footman:l3:1" not in game.state.units
    assert game.state.combat.casualties_done and not game.state.combat.retreat_done  # Blue now picks a retreat


def test_got_rout_4_a_routed_unit_taken_as_casualty_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_lost_defence("adjudicated"))
    game, _ = _refused_then_recorded(
        _lost_defence, "choose_casualties", "blue", "GOT-ROUT-4", combat_id=cid, units=["blue:footman:l2:3"]
    )

    assert "blue:footman:l2:3" not in game.state.units
    assert game.state.units_in("l2", "blue") and len(game.state.units_in("l2", "blue")) == 2


def test_got_casualty_1_fewer_casualties_than_due_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_lost_defence("adjudicated"))
    game, decision = _refused_then_recorded(
        _lost_defence, "choose_casualties", "blue", "GOT-CASUALTY-1", combat_id=cid, units=[]
    )

    assert only(decision, "CasualtiesTaken")["units"] == [] and len(game.state.units_in("l2", "blue")) == 3


def test_got_casualty_3_the_winner_choosing_the_losers_casualties_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_lost_defence("adjudicated"))
    game, decision = _refused_then_recorded(
        _lost_defence, "choose_casualties", "red", "GOT-CASUALTY-3", combat_id=cid, units=["blue:footman:l2:2"]
    )

    assert only(decision, "CasualtiesTaken")["seat"] == "blue"
    assert "blue:footman:l2:2" not in game.state.units


def test_casualties_of_another_house_or_twice_the_same_unit_are_refused_even_in_a_transcript() -> None:
    cid = combat_id(_lost_defence("adjudicated"))
    _refused_in_both(
        _lost_defence, "choose_casualties", "blue", "GOT-CASUALTY-2", combat_id=cid, units=["red:knight:l1:1"]
    )
    twice = ["blue:footman:l2:1", "blue:footman:l2:1"]
    _refused_in_both(_lost_defence, "choose_casualties", "blue", "GOT-CASUALTY-1", combat_id=cid, units=twice)
    _refused_in_both(_lost_defence, "choose_casualties", "blue", "GOT-CASUALTY-1", combat_id=cid, units="all")


def test_got_retreat_4_a_retreat_into_the_march_origin_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_retreating("adjudicated"))
    game, decision = _refused_then_recorded(
        _retreating, "choose_retreat", "blue", "GOT-RETREAT-4", combat_id=cid, to_area="l1"
    )

    assert only(decision, "UnitsRetreated")["to_area"] == "l1"
    assert only(decision, "UnitsMovedIn")["units"] == ["red:knight:l1:1", "red:knight:l1:2"]  # GOT-X-2
    assert {u.seat for u in game.state.units_in("l1")} == {"blue"}
    assert all(u.routed for u in game.state.units_in("l1"))
    assert game.state.combat is None


def test_got_retreat_3_a_retreat_to_an_area_not_adjacent_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_retreating("adjudicated"))
    game, decision = _refused_then_recorded(
        _retreating, "choose_retreat", "blue", "GOT-RETREAT-3", combat_id=cid, to_area="l6"
    )

    assert only(decision, "RetreatChosen")["via"] == []
    assert [u.id for u in game.state.units_in("l6")] == ["blue:footman:l2:2"]
    assert game.state.units["blue:footman:l2:2"].routed
    assert "blue:footman:l2:3" not in game.state.units  # the routed footman cannot retreat (GOT-ROUT-3)


def test_got_retreat_5_destroying_units_not_needed_for_supply_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_retreating("adjudicated"))
    game, decision = _refused_then_recorded(
        _retreating,
        "choose_retreat",
        "blue",
        "GOT-RETREAT-5",
        combat_id=cid,
        to_area="l4",
        destroy=["blue:footman:l2:2"],
    )

    assert only(decision, "RetreatChosen")["destroy"] == ["blue:footman:l2:2"]
    assert "blue:footman:l2:2" not in game.state.units and not game.state.units_in("l4")


def test_got_x_17_a_retreat_chosen_by_the_winner_in_a_transcript_is_a_deviation() -> None:
    cid = combat_id(_retreating("adjudicated"))
    game, decision = _refused_then_recorded(
        _retreating, "choose_retreat", "red", "GOT-X-17", combat_id=cid, to_area="l5"
    )

    assert only(decision, "RetreatChosen")["chooser"] == "red"
    assert game.state.units["blue:footman:l2:2"].area == "l5"


def test_a_retreat_into_another_houses_area_or_the_embattled_area_is_refused_even_in_a_transcript_x_1() -> None:
    cid = combat_id(_retreating("adjudicated"))
    _refused_in_both(_retreating, "choose_retreat", "blue", "GOT-RETREAT-3", combat_id=cid, to_area="l7")
    _refused_in_both(_retreating, "choose_retreat", "blue", "GOT-RETREAT-3", combat_id=cid, to_area="l2")
    _refused_in_both(_retreating, "choose_retreat", "blue", "GOT-RETREAT-3", combat_id=cid, to_area="nowhere")
    _refused_in_both(
        _retreating, "choose_retreat", "blue", "GOT-RETREAT-5", combat_id=cid, to_area="l4", destroy=["red:knight:l1:1"]
    )


# --- the Blade (GOT-BLADE-2) and ties (GOT-THRONE-1) ---


def _blade_game(mode: str) -> Game:
    game = _game(
        mode,
        FIGHT_AREAS,
        FIGHT_EDGES,
        units("red", "l1", "knight") + units("blue", "l2", "footman"),
        [("l1", "red", "march_0")],
        blade_used=True,
    )
    game = _act(game, "march", "red", from_area="l1", moves=[{"to_area": "l2", "units": ["red:knight:l1:1"]}])
    game, _ = seal(game, "house_card", {"red": {"card": "red_c1"}, "blue": {"card": "blue_c2"}})
    return game


def test_got_blade_2_the_blade_used_twice_in_a_round_in_a_transcript_is_a_deviation() -> None:
    adjudicated = _blade_game("adjudicated")
    assert adjudicated.state.combat.result is not None  # flipped: the combat does not wait for the Blade
    cid = combat_id(adjudicated)
    assert _blade_game("transcript").state.combat.result is None  # a transcript waits for the holder's word

    game, decision = _refused_then_recorded(_blade_game, "use_blade", "red", "GOT-BLADE-2", combat_id=cid)

    assert types(decision)[:2] == ["BladeUsed", "CombatResolved"]
    resolved = only(decision, "CombatResolved")
    assert (resolved["attacker"]["blade"], resolved["attacker"]["total"], resolved["defender"]["total"]) == (1, 4, 3)
    assert resolved["winner"] == "red"
    assert game.state.blade_used and game.state.combat.blade == "red"


def test_declining_a_flipped_blade_in_a_transcript_breaks_no_rule_blade_2() -> None:
    game = _blade_game("transcript")
    declined = decide(game, "decline_blade", "red", combat_id=combat_id(game))

    assert not declined.violations
    assert only(declined, "CombatResolved")["attacker"]["blade"] == 0


def _tied(mode: str) -> Game:
    game = _game(mode, {"a": "land", "b": "land"}, [("a", "b")], [], [], seats=RBG)
    game = _act(game, "open_bidding", None, track="fiefdoms")
    game, _ = seal(game, "bid:fiefdoms", {"red": {"amount": 1}, "blue": {"amount": 3}, "green": {"amount": 3}})
    return game


def test_got_throne_1_a_tie_broken_by_another_seat_in_a_transcript_is_a_deviation() -> None:
    game, decision = _refused_then_recorded(_tied, "break_tie", "blue", "GOT-THRONE-1", order=["blue", "green"])

    assert only(decision, "TieBroken")["decided_by"] == "blue"
    assert game.state.tracks["fiefdoms"] == ("blue", "green", "red")
    _refused_in_both(_tied, "break_tie", "red", "GOT-X-22", order=["blue"])


# --- the Messenger Raven (GOT-RAVEN-5, TRACK-6, X-12, X-13) ---


def _raven_late(mode: str, **position: Any) -> Game:
    """The Action Phase under way (the Raven's moment passed); Red holds the Raven (King's Court 1)."""
    return _game(
        mode,
        MARCH_AREAS,
        MARCH_EDGES,
        units("red", "l1", "knight") + units("blue", "l4", "footman"),
        [("l1", "red", "march_0"), ("l4", "blue", "march_0")],
        position=position,
    )


def _raven_moment(mode: str) -> Game:
    """Orders just revealed: Red (1 star) placed one special order; the Raven's moment is open (GOT-X-12)."""
    game = new_game(
        board(MARCH_AREAS, MARCH_EDGES),
        ("red", "blue"),
        {
            "house_cards": card_set(),
            "kings_court_stars": [1, 0],
            "position": {"units": units("red", "l1", "knight") + units("red", "l3", "footman")},
        },
        mode=mode,
    )
    game = _act(game, "plan_orders", None)
    red = {"orders": [{"area": "l1", "token": "march_0"}, {"area": "l3", "token": "support_plus1"}]}
    game, _ = seal(game, "orders", {"red": red, "blue": {"orders": []}})
    assert game.state.raven_window
    return game


def test_got_x_12_the_raven_used_after_its_moment_in_a_transcript_is_a_deviation() -> None:
    game, decision = _refused_then_recorded(
        _raven_late, "use_raven", "red", "GOT-X-12", option="replace_order", area="l1", token="march_plus1"
    )

    assert _rules(decision) == ["GOT-X-12"]
    assert game.state.orders["l1"].token == "march_plus1" and game.state.raven_used


def test_got_raven_5_the_raven_used_twice_in_a_round_in_a_transcript_is_a_deviation() -> None:
    def used(mode: str) -> Game:
        return _raven_late(mode, raven_used=True)

    game, decision = _refused_then_recorded(
        used, "use_raven", "red", "GOT-RAVEN-5", option="inspect_wildling", placement="bottom"
    )
    assert game.state.raven_used and not game.state.raven_window

    assert _rules(decision) == ["GOT-RAVEN-5", "GOT-X-12"]
    assert only(decision, "RavenUsed")["placement"] == "bottom"


def test_got_track_6_the_raven_used_by_a_seat_not_holding_it_in_a_transcript_is_a_deviation() -> None:
    game, decision = _refused_then_recorded(
        _raven_late, "use_raven", "blue", "GOT-TRACK-6", option="replace_order", area="l4", token="march_minus1"
    )

    assert _rules(decision) == ["GOT-TRACK-6", "GOT-X-12"]
    assert game.state.orders["l4"].token == "march_minus1"


def test_got_court_1_x_13_a_raven_swap_beyond_the_stars_in_a_transcript_is_a_deviation() -> None:
    swap = {"option": "replace_order", "area": "l1", "token": "march_plus1"}
    refused = decide(_raven_moment("adjudicated"), "use_raven", "red", **swap)
    assert _rules(refused) == ["GOT-COURT-1", "GOT-X-13"] and not refused.events
    game = _raven_moment("transcript")
    decision = decide(game, "use_raven", "red", **swap)
    _folds(game, decision)
    game = apply(game, decision)

    assert _rules(decision) == ["GOT-COURT-1", "GOT-X-13"]
    assert game.state.orders["l1"].token == "march_plus1" and not game.state.raven_window


def test_the_raven_on_another_houses_order_or_in_a_combat_is_refused_even_in_a_transcript_raven_2_x_12() -> None:
    swap = {"option": "replace_order", "area": "l4", "token": "raid_a"}
    refused = decide(_raven_late("transcript"), "use_raven", "red", **swap)
    assert _rules(refused) == ["GOT-RAVEN-2"] and not refused.events
    _refused_in_both(_raven_late, "decline_raven", "red", "GOT-X-12")  # declining late records nothing
    in_combat = _lost_defence("transcript")
    refused = decide(in_combat, "use_raven", "red", option="inspect_wildling", placement="top")
    assert _rules(refused) == ["GOT-X-12"] and not refused.events
