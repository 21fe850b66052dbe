"""Movement details (KBS-MOV-4/5, KBS-AMB-21/22), the no-board game, views and notation of cedofan_kards_bs."""

from __future__ import annotations

from domain.kernel import Event, Viewer, fold, start
from domain.rulesets.cedofan_kards_bs import CEDOFAN_KARDS_BS as KBS
from tests.domain.cedofan_kards_bs.builders import (
    army,
    at_turn,
    board_doc,
    city,
    created,
    events_of,
    given,
    refused_by,
    when,
)

TWO = {
    "z": {"capital": "c-z", "ruler": "jaromir", "supplies": 20, "influence": 5},
    "r": {"capital": "c-r", "ruler": "robert", "supplies": 20, "influence": 5},
}


def _board() -> dict[str, object]:
    return board_doc(
        regions={"r-z": {}, "r-r": {}, "r-w": {"wild_tribes": True}, "r-x": {"impassable_swamp": True}},
        cities={"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")},
        land=[("r-z", "r-r"), ("r-r", "r-w"), ("r-w", "r-x")],
        factions=TWO,
        armies=[army("home", "r", "c-r", ["robert", "rim"], army=4), army("zz", "z", "r-z", ["jaromir"], army=1)],
    )


def test_leaving_a_city_costs_a_step_and_wild_tribes_double_it_when_an_army_marches() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    moved = events_of(when(game, "move_army", "r", army="home", path=["r-r", "r-w"]), "ArmyMoved")[0]
    assert moved["cost"] == 2 + 4  # 6 movement units (4 + two leader figures): 2 per step, doubled into wild tribes
    assert refused_by(when(game, "move_army", "r", army="home", path=["r-r", "r-w", "r-x"])) == "KBS-MOV-6"
    assert refused_by(when(game, "move_army", "r", army="home", path=["r-w"])) == "KBS-AMB-22"
    assert refused_by(when(game, "move_army", "r", army="home", path=["r-r", "r-z", "c-z"])) == "KBS-CTY-2"
    assert refused_by(when(game, "move_army", "r", army="zz", path=["r-r"])) == "KBS-MOV-1"


def test_only_the_highest_leader_bonus_counts_when_two_leaders_lead_one_army() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    game = fold(KBS, when(game, "move_army", "r", army="home", path=["r-r"]).events, None, start_from=game)
    battle = events_of(when(game, "attack", "r", dice=[1, 1], army="home", to="r-z"), "BattleResolved")[0]
    assert battle["bonus"] == [3, 1]  # Robert and Rim are both +3: one general counts (KBS-AMB-21)


def test_a_move_beyond_the_treasury_breaks_kbs_mov_2_when_the_path_costs_more_than_the_supplies() -> None:
    poor = {**TWO, "r": {**TWO["r"], "supplies": 5}}
    board = board_doc(
        regions={"r-z": {}, "r-r": {}, "r-w": {"wild_tribes": True}},
        cities={"c-z": city("r-z", "z", capital_of="z"), "c-r": city("r-r", "r", capital_of="r")},
        land=[("r-z", "r-r"), ("r-r", "r-w")],
        factions=poor,
        armies=[army("home", "r", "c-r", ["robert", "rim"], army=4)],
    )
    game = given(board, ("z", "r"), *at_turn(1, "r"))
    decision = when(game, "move_army", "r", army="home", path=["r-r", "r-w"])
    # The move is a fact with a violation: refused when adjudicated, a deviation in a transcript.
    assert [v.rule_id for v in decision.violations] == ["KBS-MOV-2"]
    assert "costs 6 supplies; 'r' has 5" in decision.violations[0].message
    assert events_of(decision, "ArmyMoved")[0]["cost"] == 6


def test_every_action_is_refused_naming_the_missing_board_when_a_game_has_none() -> None:
    game = start(KBS, created({}, ("z", "r")), None)
    assert refused_by(when(game, "start_round", None)) == "KBS-AMB-22"


def test_views_are_identical_for_every_viewer_and_list_the_table_when_read() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    seat, spectator = KBS.view(game.state, Viewer("z")), KBS.view(game.state, Viewer(None))
    assert seat == spectator
    assert seat["armies"]["home"]["movement_units"] == 6
    assert seat["factions"]["r"]["cities"] == ["c-r"] and seat["factions"]["r"]["may_win"] is True
    assert seat["cities"]["c-z"]["capital_of"] == "z"


def test_one_readable_line_per_event_when_noted() -> None:
    game = given(_board(), ("z", "r"), *at_turn(1, "r"))
    decision = when(game, "move_army", "r", army="home", path=["r-r"])
    assert KBS.notation(decision.events[0], game.state) == "r: home moves c-r -> r-r (2 supplies)"
    assert KBS.notation(Event("ArmyMoved", {"army": 1}), game.state) == "ArmyMoved"  # malformed: named by type
    assert KBS.notation(Event("RoundStarted", {"round": 3}), game.state) == "round 3 begins"
